"""Small windows onto the library for the lessons: a deal to look at, a table being set up, and a match
between bots.

The first and the last used to be written inline in the course map and a lesson; here they
are one class each, built like every other course widget (``.widget`` to
show, the library deciding everything).
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from maumau_core.course.session import TableSession
from maumau_core.engine import table_sentences as say
from maumau_core.engine.cards import Card, Rank
from maumau_core.engine.round import Round
from maumau_core.engine.rules import PRESETS, Rules, preset
from maumau_core.i18n import _, ngettext
from maumau_core.sentences import setup as setup_say
from maumau_core.widgets.common import safely
from maumau_core.widgets.svg import back_svg, card_svg, cards_row
from maumau_core.widgets.views import message_html, sheet_html

#: Rule sets a plain table plays (Mao has its own table: the law puzzle).
TABLE_PRESETS = [name for name in PRESETS if name != "mao"]


class DealPreview:
    """Deal three hands under a chosen rule set and show the top card and the first player's hand."""

    PLAYERS = 3

    def __init__(self) -> None:
        self._rule_set = w.Dropdown(options=TABLE_PRESETS, description=_("Rule set"))
        self._deal = w.Button(description=_("Deal a table"), button_style="primary").add_class("mm-deal")
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
        self._out.value = (
            "<p>"
            + say.deal_preview(
                rules.deck_size(self.PLAYERS),
                rules.deal_size(self.PLAYERS),
                card_svg(round_.top, width=50),
                round_.turn,
                cards_row(round_.hands[round_.turn], width=40),
            )
            + "</p>"
        )


class SetupPreview:
    """Deal a round under any rule set for any number of players, and see how the table is set up.

    The dealer, who plays first, every hand (face up, in the order dealt), the card turned up and
    what it does, and how many cards are left in the stock: all read from :meth:`Round.deal`.
    "Next round" moves the deal one seat to the left, as between the rounds of a match.
    """

    def __init__(self, rule_set: str = "classic", players: int = 4) -> None:
        self._rule_set = w.Dropdown(options=list(PRESETS), value=rule_set, description=_("Rule set"))
        self._players = w.Dropdown(options=self._seats(preset(rule_set)), value=players, description=_("Players"))
        self._again = w.Button(description=_("Shuffle and deal again"), button_style="primary").add_class(
            "mm-setup-deal"
        )
        self._next = w.Button(description=_("Next round")).add_class("mm-setup-next")
        self._out = w.HTML().add_class("mm-setup-out")
        self._dealer = 0
        self._seed = 1
        self._moved = False
        self._quiet = False
        show = safely(lambda text: setattr(self._out, "value", message_html(text, good=False)))
        self._rule_set.observe(show(lambda _c: self._new_rules()), "value")
        self._players.observe(show(lambda _c: self._new_table()), "value")
        self._again.on_click(show(lambda _b: self.deal()))
        self._next.on_click(show(lambda _b: self.next_round()))
        self.widget = w.VBox([w.HBox([self._rule_set, self._players]), w.HBox([self._again, self._next]), self._out])
        self.deal()

    @staticmethod
    def _seats(rules: Rules) -> list[int]:
        return list(range(rules.min_players, rules.max_players + 1))

    def _new_rules(self) -> None:
        """Another rule set: offer its numbers of players (keeping the number chosen where it can) and deal."""
        seats = self._seats(preset(self._rule_set.value))
        players = min(max(self._players.value, seats[0]), seats[-1])
        self._quiet = True  # new options may change the number of players: deal once, below
        try:
            self._players.options = seats
            self._players.value = players
        finally:
            self._quiet = False
        self._new_table()

    def _new_table(self) -> None:
        if self._quiet:
            return
        self._dealer = 0
        self.deal()

    def next_round(self) -> None:
        """The next round at this table: the deal moves one seat to the left (clockwise)."""
        self._dealer = (self._dealer + 1) % self._players.value
        self._moved = True
        self.deal()

    def deal(self) -> None:
        """Shuffle (each deal the next seed) and deal with the current dealer."""
        rules = preset(self._rule_set.value)
        players = self._players.value
        self.round = round_ = Round.deal(rules, players, seed=self._seed, dealer=self._dealer)
        self._seed += 1
        dealer, starter = self._dealer, round_.turn
        each = rules.deal_size(players)
        order = [(dealer + 1 + i) % players for i in range(players)]
        rows = "".join(
            f"<tr><td style='padding-right:12px;white-space:nowrap'>"
            f"{escape(setup_say.seat_label(seat, dealer, starter))}</td>"
            f"<td>{cards_row(hand, width=30)}</td></tr>"
            for seat, hand in enumerate(round_.hands)
        )
        top = round_.top
        note = f"<p><i>{escape(setup_say.next_round(dealer))}</i></p>" if self._moved else ""
        self._moved = False
        facts = setup_say.deal_facts(rules.name, players, rules.deck_size(players), each)
        counts = setup_say.card_counts(sum(map(len, round_.hands)), len(round_.discard), round_.stock_size)
        first = setup_say.first_card(top, _turned_up(rules, top), starter, rank=top.rank, suit=round_.named_suit)
        stock = back_svg(
            width=44,
            label=ngettext("stock of {count} card", "stock of {count} cards", round_.stock_size).format(
                count=round_.stock_size
            ),
        )
        top_title, stock_title = escape(_("the card turned up"), quote=True), escape(_("the stock"), quote=True)
        self._out.value = (
            f"{note}<p><b>{escape(facts)}</b></p><p>{escape(setup_say.deal_order(dealer, order, each))}</p>"
            f"<table>{rows}</table><div style='display:flex;gap:12px;align-items:center;margin-top:8px'>"
            f"<span title='{top_title}'>{card_svg(top, width=56)}</span>"
            f"<span title='{stock_title}'>{stock}</span>"
            f"<span>{escape(counts)}</span></div><p>{escape(first)}</p>"
        )


def _turned_up(rules: Rules, card: Card) -> str:
    """What the card turned up is under these rules, as :func:`maumau_core.sentences.setup.first_card` names it."""
    if rules.speech == "mao":
        return "mao"
    if card.rank is rules.wild_card:
        return "wild"
    special = {rules.draw_card: "draw", rules.skip_card: "skip"}
    kind = special.get(card.rank) or ("ace" if card.rank is Rank.ACE and rules.ace != "none" else "plain")
    return "acts" if kind != "plain" and rules.first_card == "applies" else kind


class BotMatch:
    """A whole classic match between four greedy bots, round by round on the score sheet."""

    BOTS = 4

    def __init__(self, targets: tuple[int, ...] = (50, 100)) -> None:
        # Translators: the points at which a match ends.
        self._target = w.Dropdown(options=list(targets), value=targets[0], description=_("Target"))
        self._run = w.Button(description=_("Play a match"), button_style="primary").add_class("mm-run-match")
        self._sheet = w.HTML()
        self._seed = 1
        show = safely(lambda text: setattr(self._sheet, "value", message_html(text, good=False)))
        self._run.on_click(show(lambda _b: self.play()))
        self.widget = w.VBox([w.HBox([self._target, self._run]), self._sheet])

    def play(self) -> None:
        """Play a match to its end (each click the next seed) and show its score sheet and winners."""
        session = TableSession(
            preset("classic", target=self._target.value), bots=self.BOTS - 1, seed=self._seed, learner=False
        )
        self._seed += 1
        while not session.match.over:
            session.deal()
        winners = [say.player_name(p) for p in session.match.winners]
        self._sheet.value = sheet_html(session.match) + f"<p><b>{escape(say.match_over(winners, False))}</b></p>"
