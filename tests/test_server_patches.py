"""The Voilà internals the course's server side relies on (``maumau_core/server/``, ``docs/server.md``): each
test fails when one changes shape, so a Voilà upgrade says which patch or hook to look at again
(``pytest tests/test_server_patches.py``). What the patches and classes do is driven in
``tests/test_voila_config.py``; here only what they stand on: methods where the patches expect them, with the
signatures they wrap, and the hooks the settings use, called where the course's classes expect it.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import pkgutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
import tornado.web
from helpers import in_own_loop
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, MappingKernelManager
from nbconvert.exporters.templateexporter import TemplateExporter
from traitlets import Type
from traitlets.config import Config
from voila.app import Voila
from voila.configuration import VoilaConfiguration
from voila.handler import VoilaHandler
from voila.notebook_renderer import NotebookRenderer
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler
from voila.voila_kernel_manager import voila_kernel_manager_factory

from maumau_core.sentences.server import TEMPLATE_FILTERS
from maumau_core.server import (
    identity,
    jinja_environment_per_page,
    kernels,
    lesson_runs,
    patches,
    pool_refill_pacing,
    preheated_page_handover,
    render_page_kernel_cap,
    render_page_left_mid_load,
    root_url_course_map,
)
from maumau_core.server.pages import PAGES

ROOT = Path(__file__).resolve().parents[1]
#: Voilà's pre-heating kernel manager, as Voilà builds it from the course's (the patches applied).
BUILT = voila_kernel_manager_factory(kernels.CourseKernelManager, True, 1)
patches.install()  # as etc/voila.py does


def source(function: Any) -> str:
    return inspect.getsource(inspect.unwrap(function))


def parameters(function: Any) -> str:
    return str(inspect.signature(function))


# -- the kernel manager: Voilà's pre-heating class is built on the course's --------------------------------


def test_voilas_pre_heating_class_is_built_on_the_course_kernel_manager() -> None:
    assert BUILT.__name__ == kernels.VOILA_CLASS and BUILT.__mro__[1] is kernels.CourseKernelManager
    assert issubclass(kernels.CourseKernelManager, AsyncMappingKernelManager)


def test_voilas_layer_leaves_starts_connections_and_the_culler_to_the_class_below() -> None:
    """The course's start_kernel, notify_connect, notify_disconnect are reached because Voilà's layer does not
    define them; its culler and its pool fill call the class below (``super()``)."""
    layer = BUILT.__dict__
    assert not {"start_kernel", "notify_connect", "notify_disconnect"} & layer.keys()
    assert {"get_rendered_notebook", "_initialize", "cull_kernel_if_idle", "fill_if_needed", "_pools"} - {
        "_pools"
    } <= layer.keys()
    assert "super().cull_kernel_if_idle(kernel_id)" in source(layer["cull_kernel_if_idle"])
    assert "super().start_kernel(" in source(layer["_initialize"])


def test_a_pool_fill_and_a_page_start_say_which_they_are() -> None:
    """The course's start_kernel tells a pool fill (its turn is held by the pacing patch) from a page's start
    by the kernel's ``VOILA_PREHEAT``."""
    assert 'kernel_env[ENV_VARIABLE.VOILA_PREHEAT] = "True"' in source(BUILT.fill_if_needed)
    assert 'kernel_env[ENV_VARIABLE.VOILA_PREHEAT] = "False"' in source(VoilaHandler.get_generator)
    assert "self.kernel_manager.start_kernel(" in source(VoilaHandler.get_generator)


def test_a_pool_fill_starts_without_a_turn_or_a_page() -> None:
    """A pool fill already holds its ``STARTS`` turn (the pacing patch): queueing it again would deadlock
    the queue, handing it would give a pool kernel to no page."""
    started: list[str] = []

    class JupyterServerManager:
        async def start_kernel(self, **kwargs: Any) -> str:
            started.append(kwargs["env"]["VOILA_PREHEAT"])
            return "kernel-in-the-pool"

    class Manager(kernels.CourseKernelRules, JupyterServerManager):
        pass

    async def fill() -> str:
        async with kernels.STARTS.turn():  # the pacing patch holds every slot the queue has
            async with kernels.STARTS.turn():
                return await asyncio.wait_for(Manager().start_kernel(env={"VOILA_PREHEAT": "True"}), timeout=2)

    slots = kernels.STARTS.slots
    kernels.STARTS.slots = 2
    try:
        assert in_own_loop(fill()) == "kernel-in-the-pool"
    finally:
        kernels.STARTS.slots = slots
    assert started == ["True"] and "kernel-in-the-pool" not in PAGES.handed


def test_the_kernel_manager_patches_wrap_voilas_methods_as_recorded() -> None:
    take, fill = BUILT.get_rendered_notebook, BUILT._initialize
    assert take.__module__ == preheated_page_handover.__name__ and fill.__module__ == pool_refill_pacing.__name__
    assert (
        parameters(take.__wrapped__)
        == "(self, notebook_name: str, extra_kernel_env_variables: dict = {}, **kwargs) -> Tuple[_asyncio.Task, List[str]]"
    )
    assert parameters(fill.__wrapped__) == "(self, notebook_path: str, kernel_id: str = None, **kwargs) -> str"
    taken = source(take)
    assert "self._pools[notebook_name].pop(0)" in taken and "renderer.stop_generator = True" in taken
    assert "return render_task, renderer.rendered_cache, kernel_id" in taken
    assert 'return {"task": task, "renderer": renderer, "kernel_id": kernel_id}' in source(fill)
    assert "self.stop_generator" in source(NotebookRenderer.generate_content_hybrid)
    assert "self.executor = VoilaExecutor(" in source(NotebookRenderer._jinja_kernel_start)  # renderer.executor.nb


def test_jupyter_server_counts_a_kernels_websockets() -> None:
    assert "_kernel_connections" in MappingKernelManager.class_traits()
    assert "self._kernel_connections[kernel_id] += 1" in source(MappingKernelManager.notify_connect)


# -- the settings the course's classes are named by --------------------------------------------------------


@pytest.mark.parametrize(
    "owner, name",
    [
        (Voila, "identity_provider_class"),
        (Voila, "kernel_websocket_connection_class"),
        (VoilaConfiguration, "multi_kernel_manager_class"),
    ],
)
def test_the_course_classes_are_voila_settings(owner: Any, name: str) -> None:
    trait = owner.class_traits()[name]
    assert isinstance(trait, Type) and trait.metadata.get("config") is True


def test_voila_builds_its_kernel_manager_from_the_setting() -> None:
    settings = source(Voila.init_settings)
    assert "voila_kernel_manager_factory(\n            self.voila_configuration.multi_kernel_manager_class," in settings
    assert "self.identity_provider = self.identity_provider_class(" in settings
    assert '"kernel_websocket_connection_class": self.kernel_websocket_connection_class' in settings


def test_every_request_asks_the_identity_provider_before_its_handler_runs() -> None:
    """The render page's cookies are set there; the learner key appended to the request's cookies reaches the
    kernel because the page's request reads its headers (``http_header_envs``) after that."""
    assert "self.identity_provider.get_user(self)" in source(JupyterHandler.prepare)
    assert "self.voila_configuration.http_header_envs" in source(VoilaHandler.get_generator)
    assert issubclass(TornadoVoilaHandler, VoilaHandler) and not issubclass(TornadoVoilaTreeHandler, VoilaHandler)


def test_the_identity_provider_gives_render_pages_their_cookie() -> None:
    handler = object.__new__(TornadoVoilaHandler)
    read: list[str] = []
    provider = object.__new__(identity.CourseIdentityProvider)
    user = object()

    async def ask(other: Any) -> Any:
        return await provider.get_user(other)

    original = identity.PasswordIdentityProvider.get_user
    identity.PasswordIdentityProvider.get_user = lambda self, handler: user  # type: ignore[method-assign]
    type(handler).xsrf_token = property(  # type: ignore[assignment,misc]
        lambda self: read.append("xsrf" if self._current_user is user else "xsrf before the user")
    )
    try:
        assert in_own_loop(ask(handler)) is user and read == ["xsrf"]
        assert in_own_loop(ask(object())) is user and read == ["xsrf"]  # not a render page: no cookie
    finally:
        identity.PasswordIdentityProvider.get_user = original  # type: ignore[method-assign]
        del TornadoVoilaHandler.xsrf_token


# -- the class patches ---------------------------------------------------------------------------------------


def test_tornado_asks_for_the_user_when_it_makes_the_xsrf_token() -> None:
    """Why the identity provider sets the handler's user (tornado's public setter) before reading the token:
    jupyter_server refuses to be asked for it before its ``prepare`` has set it."""
    assert "self.current_user" in source(tornado.web.RequestHandler.xsrf_token.fget)
    assert "self._current_user = value" in source(tornado.web.RequestHandler.current_user.fset)


def test_voila_serves_its_pages_with_the_handlers_the_patches_replace() -> None:
    handlers = source(Voila.init_handlers)
    assert "self.server_url,\n                        TornadoVoilaTreeHandler," in handlers
    assert (
        'url_path_join(self.server_url, r"/voila/render/(.*)"),\n                        TornadoVoilaHandler,'
        in handlers
    )


def test_each_class_patch_replaces_the_method_it_recorded() -> None:
    """``original`` is Voilà's (or tornado's, nbconvert's) own method, with the signature the patch wraps."""
    assert len(patches.PATCHES) == 6 and set(patches.CLASS_PATCHES) == {
        render_page_kernel_cap.TARGET,
        render_page_left_mid_load.TARGET,
        root_url_course_map.TARGET,
        jinja_environment_per_page.TARGET,
    }
    for patch in patches.CLASS_PATCHES.values():
        assert pkgutil.resolve_name(patch.TARGET).__module__ == patch.__name__, patch.TARGET
    assert render_page_kernel_cap.original.__qualname__ == "TornadoVoilaHandler.get"
    assert parameters(render_page_kernel_cap.original) == "(self, path=None)"
    assert "self.get_generator(path=path)" in source(render_page_kernel_cap.original)
    assert "on_connection_close" not in vars(VoilaHandler) and render_page_left_mid_load.original is (
        tornado.web.RequestHandler.on_connection_close
    )
    assert parameters(render_page_left_mid_load.original) == "(self) -> None"
    assert root_url_course_map.original.__qualname__ == "TornadoVoilaTreeHandler.get"
    assert parameters(root_url_course_map.original) == "(self, path='')"
    assert jinja_environment_per_page.original is TemplateExporter._create_environment
    assert parameters(jinja_environment_per_page.original) == "(self)"
    assert "Environment(" in source(TemplateExporter._create_environment)
    assert (ROOT / "notebooks" / root_url_course_map.COURSE_MAP).is_file()


def test_installing_the_patches_again_changes_nothing() -> None:
    installed = {name: pkgutil.resolve_name(name) for name in patches.CLASS_PATCHES}
    patches.install()
    assert {name: pkgutil.resolve_name(name) for name in patches.CLASS_PATCHES} == installed
    preheated_page_handover.install(BUILT)
    pool_refill_pacing.install(BUILT)
    assert BUILT._initialize.__wrapped__.__qualname__.endswith("VoilaKernelManager._initialize")


# -- the template: lessons in turn ---------------------------------------------------------------------------

LAB = ROOT / ".venv" / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"


@pytest.fixture
def course_template() -> Iterator[None]:
    saved = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(ROOT / "etc" / "jupyter")
    yield
    if saved is None:
        os.environ.pop("JUPYTER_PATH", None)
    else:
        os.environ["JUPYTER_PATH"] = saved


def render(filters: dict[str, Any]) -> str:
    """The course's page of a two-cell notebook, as Voilà's renderer asks its exporter for it (with a kernel
    and cells of its own)."""
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths
    from voila.utils import create_include_assets_functions

    exporter = VoilaExporter(
        template_paths=collect_template_paths(["voila", "nbconvert"], "course"),
        template_name="course",
        config=Config({"VoilaExporter": {"filters": filters}}),
        base_url="/",
        theme="light",
    )
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("# A lesson", id="one"), nbformat.v4.new_code_cell("1", id="two")]
    )
    nb.metadata.kernelspec = {"name": "python3", "language": "python", "display_name": "Python 3"}

    async def kernel_start(nb: Any) -> str:
        return "kernel-1"

    async def cells(nb: Any, kernel_id: str) -> AsyncIterator[Any]:
        for cell in nb.cells:
            yield cell

    resources = {
        "base_url": "/",
        "theme": "light",
        "template": "course",
        "metadata": {"name": "lesson"},
        "page_config": {},
        **create_include_assets_functions("course", "/"),
    }
    context = {
        "frontend": "voila",
        "main_js": "voila.js",
        "kernel_start": kernel_start,
        "cell_generator": cells,
        "notebook_execute": None,
        "progressive_rendering": False,
    }

    async def page() -> str:
        return "".join(
            [
                html
                async for html, _ in exporter.generate_from_notebook_node(
                    nb, resources=resources, extra_context=context, page_config={}
                )
            ]
        )

    return in_own_loop(page())


def test_lab_runs_the_cells_through_the_cell_generator_the_course_template_rebinds() -> None:
    lab = LAB.read_text()
    assert lab.count("cell_generator(") == 1 and "{%- for cell in cell_generator(nb, kernel_id) -%}" in lab
    course = (ROOT / "etc" / "jupyter" / "voila" / "templates" / "course" / "index.html.j2").read_text()
    assert "{%- set cell_generator = cell_generator | in_turn -%}" in course and "block body_loop" not in course


def test_the_course_page_runs_its_lesson_in_turn_and_looks_as_without(course_template: None) -> None:
    """With the filter (``make run``) each page's cells run in a ``RUNS`` turn; without it (a hub learner's
    server) the page is exactly the same."""
    turns: list[str] = []

    def in_turn(cell_generator: Any) -> Any:
        turns.append("taken")
        return lesson_runs.in_turn(cell_generator)

    hub = render(TEMPLATE_FILTERS)
    served = render({**TEMPLATE_FILTERS, "in_turn": in_turn})  # the hub's compiled template is not reused
    assert turns == ["taken"] and served == hub and hub.count("cell-index=") == 2
    assert render({**TEMPLATE_FILTERS, "in_turn": in_turn}) == hub and turns == ["taken"] * 2
