"""The patches into Voilà 0.5's internals: what no Voilà setting, class or template does (``docs/server.md``
says why for each, with its upstream issue). ``etc/voila.py`` installs them; ``tests/test_server_patches.py``
fails when an internal a patch relies on changes shape, and drives each patch.

Importing this module refuses a Voilà the course was not tested with, before any of it is imported.
"""

from __future__ import annotations

from types import ModuleType

from maumau_core.server.versions import require_tested_voila

require_tested_voila()

from maumau_core.server import (  # noqa: E402 - only a tested Voilà is imported
    jinja_environment_per_page,
    pool_refill_pacing,
    preheated_page_handover,
    render_page_kernel_cap,
    render_page_left_mid_load,
    root_url_course_map,
)

#: The patches installed on Voilà's classes by :func:`install`, by the internal each replaces.
CLASS_PATCHES: dict[str, ModuleType] = {
    patch.TARGET: patch
    for patch in (render_page_kernel_cap, render_page_left_mid_load, root_url_course_map, jinja_environment_per_page)
}
#: The patches of Voilà's pre-heating kernel manager, a class its factory builds: applied as it is built
#: (:class:`maumau_core.server.kernels.CourseKernelRules`), by the course's kernel manager setting.
KERNEL_MANAGER_PATCHES: dict[str, ModuleType] = {
    patch.TARGET: patch for patch in (preheated_page_handover, pool_refill_pacing)
}
#: Every patch, by the Voilà internal it changes.
PATCHES = {**CLASS_PATCHES, **KERNEL_MANAGER_PATCHES}


def install() -> None:
    """Install the class patches (each once: installing again changes nothing)."""
    for patch in CLASS_PATCHES.values():
        patch.install()
