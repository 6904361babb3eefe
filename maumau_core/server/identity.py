"""Who a page's visitor is, and the cookies a page needs: ``c.Voila.identity_provider_class``, a Voilà setting.

Why: jupyter_server asks the identity provider about every request before its handler runs
(``JupyterHandler.prepare``), the place where a request's cookies are set. A render page must carry the
``_xsrf`` cookie, or the shutdown request its tab sends on close is refused (stock Voilà never sets it there,
so each closed tab leaked its kernel: https://github.com/voila-dashboards/voila/issues/1458); CSRF protection
stays on. On a server shared by a class (``maumau-course serve --shared``), each browser also gets a learner
key, which this very request hands on to its page's kernel (:func:`give_learner_key`).
"""

from __future__ import annotations

import os
from collections.abc import Awaitable
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from voila.handler import VoilaHandler

from maumau_core.course import learner

#: A server shared by a class: each browser keeps its own progress (maumau_core/course/learner.py).
SHARED = os.environ.get(learner.PER_BROWSER) == "1"


class CourseIdentityProvider(PasswordIdentityProvider):
    """jupyter_server's provider (token or password, as Voilà configures it) that also gives each render
    page its cookies."""

    async def get_user(self, handler: Any) -> User | None:
        user = super().get_user(handler)
        found = await user if isinstance(user, Awaitable) else user  # jupyter_server's may be either
        if isinstance(handler, VoilaHandler):
            # tornado's token asks for the request's user (for the cookie's lifetime), which jupyter_server
            # sets only once this returns: set as it will be (tornado's public setter), then read the token.
            handler.current_user = found
            handler.xsrf_token  # reading the token sets the cookie  # noqa: B018
            if SHARED:
                give_learner_key(handler)
        return found


def give_learner_key(handler: Any) -> None:
    """A browser without a valid learner key gets a new one (a cookie kept for a year, never readable by the
    page's scripts), and this very request carries it on to the page's kernel, which reads it from the
    request's cookies (``http_header_envs``) to pick the learner's progress file."""
    if learner.valid_key(handler.get_cookie(learner.COOKIE)):
        return
    key = learner.new_key()
    handler.set_cookie(learner.COOKIE, key, expires_days=365, httponly=True, samesite="Lax")
    cookies = handler.request.headers.get("Cookie")
    handler.request.headers["Cookie"] = f"{cookies}; {learner.COOKIE}={key}" if cookies else f"{learner.COOKIE}={key}"
