"""What the Mau Mau table and the Mao table share: the next round dealt, a learner's move handed to the
session, and the message line. Each table says what a new deal resets and how a step is shown."""

from __future__ import annotations

import ipywidgets as w

from maumau_core.course.session import Outcome, TableSession
from maumau_core.engine import table_sentences as say
from maumau_core.engine.actions import Action
from maumau_core.i18n import _
from maumau_core.widgets.views import message_html


class TableView:
    """The common head of a table widget; ``session`` is the match being played (None before the first)."""

    session: TableSession | None
    _message: w.HTML

    def new_match(self) -> None:
        raise NotImplementedError

    def _next_step(self) -> None:
        """The button under a finished round: the next round, the tiebreak, or a new match."""
        if self.session is None or self.session.next_step == "new-match":
            self.new_match()
        else:
            self._deal()

    def _deal(self) -> None:
        assert self.session is not None
        outcome = self.session.deal()
        if not outcome.done:  # refused (a round is still being played): nothing changed
            self._say(outcome.message, good=False)
            return
        self._dealt()
        self._show(outcome)
        self._render()

    def _dealt(self) -> None:
        """What this table resets for a new round (its call buttons, its Mao boxes)."""

    def _move(self, action: Action) -> Outcome | None:
        """A learner's action given to the session: its outcome, or None (said) when no match has begun."""
        if self.session is None:
            self._say(_(say.NO_ROUND), good=False)
            return None
        return self.session.move(action)

    def _show(self, outcome: Outcome) -> None:
        raise NotImplementedError

    def _render(self) -> None:
        raise NotImplementedError

    def _say(self, text: str, *, good: bool | None = None) -> None:
        self._message.value = message_html(text, good=good)
