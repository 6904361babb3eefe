"""Kernels forked from the warm forkserver (``maumau_core/server/forked_kernels.py``) behave as kernels started the usual
way: each has its own environment, folder, session and random numbers, answers an interrupt, shuts down, and
stops when its forkserver is gone; the forkserver preloads nothing heavy. Started through jupyter_client as
Voilà starts them (the provisioner picked by name, as ``etc/voila.py`` picks it).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from helpers import in_own_loop
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import KernelProvisionerFactory
from voila.utils import ENV_VARIABLE

from maumau_core.server.forked_kernels import KERNEL_COMMAND, PRELOAD, ForkedKernel, forkserver, kernel_arguments

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@asynccontextmanager
async def kernel(provisioner: str = "maumau-forked", **env: str) -> AsyncIterator[tuple[AsyncKernelManager, Any]]:
    """A kernel started as Voilà starts a page's: Voilà names some variables by members of its own enum."""
    KernelProvisionerFactory.instance().default_provisioner_name = provisioner
    manager = AsyncKernelManager(kernel_name="python3")
    await manager.start_kernel(cwd=str(NOTEBOOKS), env={**os.environ, **env, ENV_VARIABLE.VOILA_BASE_URL: "/"})
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        yield manager, client
    finally:
        client.stop_channels()
        await manager.shutdown_kernel(now=True)


async def run(client: Any, code: str, timeout: float = 30) -> Any:
    """The JSON the code prints last, and the reply's status."""
    printed: list[str] = []

    def output(message: dict[str, Any]) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])

    reply = await client.execute_interactive(code, timeout=timeout, output_hook=output)
    return reply["content"]["status"], json.loads("".join(printed).strip().splitlines()[-1]) if printed else None


FACTS = (
    "import os, sys, random, json; print(json.dumps({'pid': os.getpid(), 'pgid': os.getpgid(0), "
    "'cwd': os.getcwd(), 'cookie': os.environ.get('HTTP_COOKIE'), 'random': random.random(), "
    "'preloaded': 'maumau_core.widgets.table' in sys.modules, 'cmdline': open('/proc/self/cmdline').read(), "
    "'base_url': os.environ.get('VOILA_BASE_URL'), 'server_side': 'voila' in sys.modules}))"
)


def test_a_forked_kernel_has_its_own_environment_folder_session_and_random_numbers() -> None:
    async def two() -> list[dict[str, Any]]:
        facts = []
        for cookie in ("learner=a", "learner=b"):
            async with kernel(HTTP_COOKIE=cookie) as (manager, client):
                assert isinstance(manager.provisioner.process, ForkedKernel)
                status, found = await run(client, FACTS)
                assert status == "ok"
                facts.append(found)
        return facts

    first, second = in_own_loop(two())
    assert (first["cookie"], second["cookie"]) == ("learner=a", "learner=b")
    assert first["cwd"] == second["cwd"] == str(NOTEBOOKS)
    assert first["pgid"] == first["pid"] and second["pgid"] == second["pid"]
    assert first["random"] != second["random"]
    assert first["preloaded"] and second["preloaded"]
    # Voilà's variable arrives by its name, as plain text: the kernel did not import Voilà's server to read it
    assert first["base_url"] == "/" and not first["server_side"]
    assert "ipykernel_launcher -f" in first["cmdline"] and first["pid"] != second["pid"]


def test_a_forked_kernel_is_interrupted_and_shut_down_like_any_kernel() -> None:
    async def interrupted() -> tuple[str, int]:
        async with kernel() as (manager, client):
            running = asyncio.ensure_future(run(client, "import time; time.sleep(60)", timeout=60))
            await asyncio.sleep(1.0)
            await manager.interrupt_kernel()
            status, _ = await asyncio.wait_for(running, 20)
            pid = manager.provisioner.process.pid
        return status, pid

    status, pid = in_own_loop(interrupted())
    assert status == "error"  # KeyboardInterrupt, well before the 60 s sleep ends
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_plain_kernel_is_still_started_as_a_process_of_its_own() -> None:
    async def plain() -> tuple[Any, dict[str, Any]]:
        async with kernel("local-provisioner") as (manager, client):
            _, found = await run(client, FACTS)
            return manager.provisioner.process, found

    process, found = in_own_loop(plain())
    assert not isinstance(process, ForkedKernel) and not found["preloaded"]


@pytest.mark.slow
def test_a_kernel_ends_with_its_forkserver() -> None:
    """The server gone (its forkserver ends with it), the kernels it forked stop too."""
    script = (
        "import asyncio, os, sys\n"
        "from jupyter_client.manager import AsyncKernelManager\n"
        "from jupyter_client.provisioning import KernelProvisionerFactory\n"
        "async def main():\n"
        "    KernelProvisionerFactory.instance().default_provisioner_name = 'maumau-forked'\n"
        "    manager = AsyncKernelManager(kernel_name='python3')\n"
        "    await manager.start_kernel()\n"
        "    print(manager.provisioner.process.pid, flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        pid = int(server.stdout.readline())  # type: ignore[union-attr]
        os.kill(pid, 0)
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)
    pytest.fail("the forked kernel outlived its server")


def test_only_the_interpreters_ipython_kernel_command_is_forked() -> None:
    assert kernel_arguments([*KERNEL_COMMAND, "-f", "/tmp/k.json"]) == ["-f", "/tmp/k.json"]
    assert kernel_arguments([*KERNEL_COMMAND, "-f", "/tmp/k.json", "--HistoryManager.enabled=False"]) == [
        "-f",
        "/tmp/k.json",
        "--HistoryManager.enabled=False",
    ]  # nbclient's kernels, say
    assert kernel_arguments(["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "/tmp/k.json"]) is None
    assert kernel_arguments(["R", "--slave", "-f", "/tmp/k.json"]) is None


def test_a_server_whose_main_script_is_no_file_starts_its_kernels_unforked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked child imports the server's main script again: a server read from stdin has none to import."""
    assert forkserver() is not None
    monkeypatch.setattr(sys.modules["__main__"], "__file__", "<stdin>", raising=False)
    assert forkserver() is None


def test_the_forkserver_preloads_nothing_heavy_and_starts_no_thread() -> None:
    """A thread would not survive the fork, and numpy, matplotlib and lark stay off the pages that do not need
    them (tests/test_kernel_weight.py)."""
    code = (
        "import json, sys, threading\n"
        f"for name in {PRELOAD!r}: __import__(name)\n"
        "print(json.dumps([threading.active_count(), "
        "[name for name in ('numpy', 'matplotlib', 'lark') if name in sys.modules]]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [1, []]
