"""The course's kernel manager: ``c.VoilaConfiguration.multi_kernel_manager_class``, a Voilà setting.

Voilà builds its pre-heating kernel manager as a subclass of this class (``voila_kernel_manager_factory``:
``VoilaKernelManager → CourseKernelManager → AsyncMappingKernelManager``), so what Voilà's layer leaves to
the one below are plain overrides here (:class:`CourseKernelRules`):

* a kernel started for a page (its pool was empty) starts in its turn (``STARTS``), then is handed to its page;
* the culler keeps a page's kernel until its page has connected, and stops one whose page is gone (left
  mid-load, never connected, no websocket for ``TAB_GONE_AFTER``) even when busy: the idle culler never
  stops a busy kernel, so the kernels of closed tabs used to live on
  (https://github.com/voila-dashboards/voila/issues/849);
* websocket connections and disconnections are noted for the culler.

What Voilà's layer does itself and never hands down (taking a pre-heated kernel, refilling a pool) has no
hook but the pool's fixed ``fill_delay``: two named patches wrap those two methods of Voilà's class, applied
as Voilà's factory creates it (:meth:`CourseKernelRules.__init_subclass__`), so before its constructor's
first pool fill: :mod:`~maumau_core.server.preheated_page_handover`, :mod:`~maumau_core.server.pool_refill_pacing`.
"""

from __future__ import annotations

from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.utils import ENV_VARIABLE

from maumau_core.server import pool_refill_pacing, preheated_page_handover
from maumau_core.server.pages import PACER, PAGES, STARTS

#: The name of the class Voilà's factory builds on ours when pages are pre-heated (the one the patches wrap).
VOILA_CLASS = "VoilaKernelManager"


class CourseKernelRules:
    """The course's rules for page kernels, above jupyter_server's kernel manager (``super()``). Kept apart
    from it so that the rules can be driven with a stand-in for jupyter_server's manager."""

    _kernel_connections: dict[str, int]
    log: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Wrap Voilà's pre-heating class as its factory creates it (none of ours, nor Voilà's class
        without pools, defines the two methods)."""
        super().__init_subclass__(**kwargs)
        if cls.__name__ == VOILA_CLASS and {"get_rendered_notebook", "_initialize"} <= cls.__dict__.keys():
            preheated_page_handover.install(cls)
            pool_refill_pacing.install(cls)

    def hand_to_page(self, kernel_id: str) -> None:
        """A kernel goes to a page: it counts as active again (it has been idle since it ran its notebook,
        and the culler would stop it before the page connects), the page as loading (for the pacer), the
        kernel as the page's (for the culler and the cap)."""
        self.get_kernel(kernel_id).last_activity = utcnow()  # type: ignore[attr-defined]
        PACER.page_started(kernel_id)
        PAGES.hand(kernel_id)

    async def start_kernel(self, **kwargs: Any) -> str:
        """A page's kernel (the page found its pool empty) starts in its turn and is handed to the page. A
        pool fill (Voilà's ``_initialize`` passes ``VOILA_PREHEAT=True``) already holds its turn and has
        no page yet: it starts as jupyter_server starts it."""
        if kwargs.get("env", {}).get(ENV_VARIABLE.VOILA_PREHEAT) == "True":
            return str(await super().start_kernel(**kwargs))  # type: ignore[misc]
        async with STARTS.turn():
            kernel_id = str(await super().start_kernel(**kwargs))  # type: ignore[misc]
        self.hand_to_page(kernel_id)
        return kernel_id

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Keep a page's kernel whose page has not connected yet, stop one whose page is gone, leave the
        rest to the idle culler (Voilà's layer above has already kept the kernels waiting in its pools)."""
        if kernel_id not in self._kernel_connections:  # still starting: no activity time yet (upstream race)
            return
        verdict = PAGES.verdict(kernel_id, self._kernel_connections.get(kernel_id, 0))
        if verdict == "keep":
            return
        if verdict == "stop":
            self.log.warning(
                "Stopping kernel %s: its page is gone (left mid-load, or no connection for too long).", kernel_id
            )
            await self.shutdown_kernel(kernel_id)  # type: ignore[attr-defined]
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[misc]

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[misc]
        PAGES.connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[misc]
        PAGES.disconnect(kernel_id, self._kernel_connections.get(kernel_id, 0))


# jupyter_client types MultiKernelManager.start_kernel as its sync wrapper; the async managers replace it alike.
class CourseKernelManager(CourseKernelRules, AsyncMappingKernelManager):  # type: ignore[misc]
    """jupyter_server's kernel manager with the course's rules: what Voilà's pre-heating class is built on."""
