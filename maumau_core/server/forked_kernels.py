"""Kernels forked from a warm process: what a page visit costs the server before the page's code runs.

Why: every learner who opens a page gets a kernel. A new Python process spends ~0.7 s of CPU importing
ipykernel, ipywidgets and the course before the page's first cell runs (measured on this project's machine;
``benchmarks/kernel_memory.py`` and ``benchmarks/classroom.py`` measure it again) — on two cores, most of what a
class arriving together waits for. Python's own forkserver (:mod:`multiprocessing`, start method
``forkserver``) imports those modules once, in one process that starts no thread, and forks every kernel from
it: the kernel starts with them already imported, and shares their memory with its siblings until it writes to
it (``benchmarks/kernel_memory.py``: a lesson's kernel holds 25 MB of its own instead of 42 MB).

:class:`ForkedKernelProvisioner` is a Jupyter kernel provisioner (``jupyter_client``'s extension point for how
a kernel process is started) registered as ``maumau-forked``; the course's Voilà configuration makes it the
default there (``KernelProvisionerFactory.default_provisioner_name``). It forks only the plain IPython kernel
of the interpreter that runs the server (``python -m ipykernel_launcher -f FILE …``); any other kernel command,
or a platform without ``forkserver``, starts as jupyter_client's ``LocalProvisioner`` starts it. Everything
else (ports, connection file, signals to the process group, shutdown) is ``LocalProvisioner``'s, given a
process that answers as :class:`subprocess.Popen` does.

What a forked kernel must not inherit, and does not:

* the server's environment: the kernel's own (``HTTP_COOKIE`` of its page on a shared server, ``JPY_*``) is
  put in place before the kernel starts;
* the random state: :mod:`random` reseeds itself in a forked child; the course creates no generator at import;
* the lark parser, numpy and matplotlib: not preloaded (``tests/test_kernel_weight.py``), a page that needs
  them imports them itself;
* the forkserver's process group: each kernel leads its own session, so a signal to its group reaches only it;
* the forkserver's command line: a kernel's process title is the command it stands for (``ps`` shows
  ``python -m ipykernel_launcher -f …/kernel-ID.json``, as for a kernel started the usual way).

If the server dies, its forkserver ends (it watches the server), and each kernel ends with it: ipykernel stops
a kernel whose parent process has gone (``JPY_PARENT_PID``).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.local_provisioner import LocalProvisioner
from setproctitle import setproctitle

#: Imported once by the forkserver, in this order: ipykernel first (it installs the comm manager that
#: ipywidgets and the course's widget guard register with), then the course's library and widgets. Only
#: modules every page needs: a page that needs more imports it itself.
PRELOAD = [
    "ipykernel.kernelapp",
    "ipykernel.debugger",
    "maumau_core",
    "maumau_core.widgets",
    *(
        f"maumau_core.widgets.{name}"
        for name in ("lessons", "previews", "progress_view", "rule_sets", "practice", "table", "mao_table", "law_tools")
    ),
]

#: The interpreter's IPython kernel command (the ``python3`` kernelspec), before the kernel's own arguments.
KERNEL_COMMAND = [sys.executable, "-m", "ipykernel_launcher"]


def forkserver() -> ForkServerContext | None:
    """The forkserver context with the course preloaded, or ``None`` where a kernel cannot be forked: a platform
    without a forkserver, or a server whose main script is not a file (each child imports it again, as
    :mod:`multiprocessing` does: the servers' scripts, ``maumau-course``, ``voila``, ``jupyterhub-singleuser``,
    only define their ``main`` on import)."""
    main = getattr(sys.modules["__main__"], "__file__", None)
    if "forkserver" not in multiprocessing.get_all_start_methods() or (main and not os.path.isfile(main)):
        return None
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def kernel_arguments(command: list[str]) -> list[str] | None:
    """The arguments of this interpreter's IPython kernel command (``-f FILE`` and any options), else ``None``
    (another kernel: not forked)."""
    return command[len(KERNEL_COMMAND) :] if command[: len(KERNEL_COMMAND)] == KERNEL_COMMAND else None


def run_kernel(arguments: list[str], env: dict[str, str], cwd: str) -> None:
    """In the forked child: become the kernel ``python -m ipykernel_launcher ARGUMENTS`` would be.

    The kernel's parent is the forkserver, which ends with the server: the kernel watches it (ipykernel reads
    ``JPY_PARENT_PID`` when it is imported, in the forkserver, so it is given again here).
    """
    os.setsid()
    # What ps, top and the tests read: the kernel's command. Set before the environment is replaced, which
    # setproctitle needs as it found it.
    setproctitle(" ".join([*KERNEL_COMMAND, *arguments]))
    parent = str(os.getppid())
    os.environ.clear()
    os.environ.update(env, JPY_PARENT_PID=parent)
    os.chdir(cwd)
    from ipykernel.kernelapp import IPKernelApp

    IPKernelApp.launch_instance(argv=[*arguments, f"--IPKernelApp.parent_handle={parent}"])


class ForkedKernel:
    """A forked kernel process, answering as the :class:`subprocess.Popen` that ``LocalProvisioner`` expects.

    A signal is sent only while the process lives: the forkserver reaps its children at once, so a dead
    kernel's number may soon belong to another process.
    """

    stdin = stdout = stderr = None

    def __init__(self, process: BaseProcess) -> None:
        self._process = process
        self.pid: int = process.pid or 0

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int | None:
        self._process.join(timeout)
        return self._process.exitcode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkedKernelProvisioner(LocalProvisioner):
    """``LocalProvisioner`` whose plain IPython kernels are forked from the warm forkserver (module docstring)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        arguments = kernel_arguments(cmd)
        context = forkserver() if arguments is not None else None
        if context is None or arguments is None:
            return await super().launch_kernel(cmd, **kwargs)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        # Plain strings: Voilà's own keys are members of an enum in voila.utils, and unpickling one in the child
        # would import Voilà's server side there (measured: ~2.7 s of CPU, four times the kernel's whole start).
        env = {str.__str__(key): str.__str__(value) for key, value in (kwargs.get("env") or os.environ).items()}
        process = context.Process(target=run_kernel, args=(arguments, env, cwd), daemon=True)
        process.start()
        kernel = ForkedKernel(process)
        self.process = kernel  # type: ignore[assignment]  # answers as the Popen LocalProvisioner expects
        self.pid = self.pgid = kernel.pid
        self.cwd = cwd
        return self.connection_info

    async def send_signal(self, signum: int) -> None:
        """Signal the kernel's process group while the kernel lives (see :class:`ForkedKernel`)."""
        if isinstance(self.process, ForkedKernel) and self.process.poll() is not None:
            return
        await super().send_signal(signum)
