"""The table's news for screen readers: what changed since they were last told, said in the table's one
live region.

A sighted learner sees the top card, the suit to follow, a waiting penalty and whose turn it is at a glance;
a screen reader user hears them only if they are said. Saying all of them after every click would bury the
move's own sentence, so a table keeps a :class:`TableNews` and says only the facts that changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from maumau_core.engine.round import Round
from maumau_core.engine.table_sentences import Seats
from maumau_core.i18n import _
from maumau_core.sentences import access as say


def table_facts(round_: Round, *, me: int | None, names: Sequence[str]) -> dict[str, str]:
    """The facts worth hearing, each as its sentence, keyed by what it is about."""
    facts = {"top": say.top_card_news(round_.top)}
    if round_.named_suit is not None:
        facts["suit"] = say.named_suit_news(round_.named_suit)
    if round_.pending_draw:
        facts["waiting"] = say.waiting_news(round_.pending_draw)
    if round_.result is None:
        facts["turn"] = say.turn_news(Seats.of(names, me).name(round_.turn), mine=round_.turn == me)
    else:
        facts["turn"] = _(say.ROUND_OVER_NEWS)
    return facts


class TableNews:
    """What one table last told its live region, so that it tells only what changed."""

    def __init__(self) -> None:
        self._told: dict[str, str] = {}

    def update(self, round_: Round, *, me: int | None, names: Sequence[str]) -> str:
        """The sentences of the facts that changed since the last update (all of them the first time)."""
        facts = table_facts(round_, me=me, names=names)
        changed = [text for key, text in facts.items() if self._told.get(key) != text]
        self._told = facts
        return " ".join(changed)


def news_html(text: str) -> str:
    """The news inside the live region: heard, not shown (the table shows the same facts)."""
    return f'<span class="mm-news mm-sr-only">{escape(text)}</span>' if text else ""
