"""A lesson cell that fails on the static site shows one sentence in the page's language, never a traceback.

On a served course Voilà keeps tracebacks off its pages itself (``show_tracebacks`` is off in
``etc/voila.py``), and JupyterLab must show them: a learner writing code needs them. Voici, which renders the
static site's pages, shows whatever the kernel says; there, the likeliest failure is the site's own (a file
missing or broken on the host, so a module cannot be imported), and a learner can do one thing about it:
reload, or tell whoever runs the site. :attr:`maumau_core.delivery.Delivery.hides_tracebacks` says where this
applies; IPython's own hook for it (``set_custom_exc``) does the rest.
"""

from __future__ import annotations

from html import escape
from types import TracebackType
from typing import Any

from maumau_core import delivery, i18n
from maumau_core.sentences.server import page_says


def install() -> None:
    """Answer a failing cell with one sentence, where the delivery hides tracebacks. Idempotent."""
    if not delivery.current().hides_tracebacks:
        return
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((Exception,), _one_sentence)


def _one_sentence(
    shell: Any, kind: type[BaseException], error: BaseException, trace: TracebackType | None, tb_offset: Any = None
) -> list[str]:
    """IPython's custom exception handler: the page's sentence in place of the traceback."""
    sentence = page_says("broken", i18n.current())
    markup = f'<div class="mm-message mm-bad mm-page-broken" role="alert">{escape(sentence)}</div>'
    shell.display_pub.publish({"text/html": markup, "text/plain": sentence})
    return []
