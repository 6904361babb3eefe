"""Two small windows onto the library for the lessons: a deal to look at, and a match between bots.

They used to be written inline in the course map and lesson 05; here they
are one class each, built like every other course widget (``.widget`` to
show, the library deciding everything).
"""

from __future__ import annotations

import ipywidgets as w

from maumau_core.round import Round
from maumau_core.rules import PRESETS, preset
from maumau_core.sentences import table as say
from maumau_core.session import TableSession
from maumau_core.widgets.common import safely
from maumau_core.widgets.svg import card_svg, cards_row
from maumau_core.widgets.views import message_html, sheet_html

#: Rule sets a plain table plays (Mao has its own table: the law puzzle).
TABLE_PRESETS = [name for name in PRESETS if name != "mao"]


class DealPreview:
    """Deal three hands under a chosen rule set and show the top card and the first player's hand."""

    PLAYERS = 3

    def __init__(self) -> None:
        self._rule_set = w.Dropdown(options=TABLE_PRESETS, description="Rule set")
        self._deal = w.Button(description="Deal a table", button_style="primary").add_class("mm-deal")
        self._out = w.HTML()
        self._seed = 1
        show = safely(lambda text: setattr(self._out, "value", message_html(text, good=False)))
        self._deal.on_click(show(lambda _b: self.deal()))
        self.widget = w.VBox([w.HBox([self._rule_set, self._deal]), self._out])
        self.deal()

    def deal(self) -> None:
        """A new deal (each click the next seed)."""
        rules = preset(self._rule_set.value)
        round_ = Round.deal(rules, self.PLAYERS, seed=self._seed)
        self._seed += 1
        self._out.value = "<p>" + say.deal_preview(
            rules.deck_size(self.PLAYERS), rules.deal_size(self.PLAYERS), card_svg(round_.top, width=50),
            round_.turn, cards_row(round_.hands[round_.turn], width=40)) + "</p>"


class BotMatch:
    """A whole classic match between four greedy bots, round by round on the score sheet."""

    BOTS = 4

    def __init__(self, targets: tuple[int, ...] = (50, 100)) -> None:
        self._target = w.Dropdown(options=list(targets), value=targets[0], description="Target")
        self._run = w.Button(description="Play a match", button_style="primary").add_class("mm-run-match")
        self._sheet = w.HTML()
        self._seed = 1
        show = safely(lambda text: setattr(self._sheet, "value", message_html(text, good=False)))
        self._run.on_click(show(lambda _b: self.play()))
        self.widget = w.VBox([w.HBox([self._target, self._run]), self._sheet])

    def play(self) -> None:
        """Play a match to its end (each click the next seed) and show its score sheet and winners."""
        session = TableSession(preset("classic", target=self._target.value), bots=self.BOTS - 1,
                               seed=self._seed, learner=False)
        self._seed += 1
        while not session.match.over:
            session.deal()
        winners = [say.player_name(p) for p in session.match.winners]
        self._sheet.value = sheet_html(session.match) + f"<p><b>{say.match_over(winners, False)}</b></p>"
