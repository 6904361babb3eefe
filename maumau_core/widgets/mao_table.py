"""The Mao table: play against bots under a secret law, read the referee, find the law.

A view of :class:`~maumau_core.mao.session.MaoSession`, which runs the match
and keeps every attempt. Here: the cards as buttons, the words to say, the
Eleusis-style history (accepted cards in a line, refused ones under the card
they were tried on), the reveal at the round's end, the guess panel, the
detective, and the winner's next law.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from maumau_core.actions import Action, Draw, Play, Say
from maumau_core.cards import Card, Suit, sort_hand
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.law_library import LEVELS, LIBRARY
from maumau_core.mao.session import MaoSession
from maumau_core.sentences import table as say
from maumau_core.sentences.markup import HTML_MARKS
from maumau_core.session import Outcome
from maumau_core.speech import spade_call
from maumau_core.widgets.common import card_button, safely
from maumau_core.widgets.law_tools import GuessPanel, detective_html
from maumau_core.widgets.svg import card_svg
from maumau_core.widgets.views import message_html, sheet_html, table_html


def history_html(attempts: list[Attempt], first: Card | None, names: tuple[str, ...]) -> str:
    """The round so far, Eleusis-style: a line of accepted cards, refused tries under their card."""
    columns: list[tuple[Card, list[Attempt]]] = [(first, [])] if first is not None else []
    for attempt in attempts:
        if attempt.accepted:
            columns.append((attempt.card, []))
        elif columns:
            columns[-1][1].append(attempt)
    parts = []
    for card, refused in columns:
        below = "".join(
            f"<div title='{escape(say.attempt_title(names[a.player], a.reason))}' "
            f"style='opacity:.55'>{card_svg(a.card, width=34)}</div>" for a in refused)
        parts.append(f"<div style='display:flex;flex-direction:column;align-items:center;gap:2px'>"
                     f"{card_svg(card, width=40)}{below}</div>")
    return ("<div class='mm-history' style='display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start'>"
            + "".join(parts) + "</div>" if parts else f"<div class='mm-history'>{say.MAO_NOTHING_YET}</div>")


class MaoTable:
    """A Mao match against 2–5 bots under a secret law. Display ``table.widget``."""

    def __init__(self, *, bots: int = 3, seed: int = 1, level: str = "easy", blunder: bool = True) -> None:
        self._message = w.HTML(message_html(say.MAO_START_FIRST))
        self._message.add_class("mm-message-box")
        self._safe = safely(lambda text: self._say(text, good=False))
        self._bots = w.IntSlider(value=bots, min=2, max=5, description="Bots")
        self._level = w.Dropdown(options=LEVELS, value=level, description="Law")
        self._teacher = w.Dropdown(options=[("(drawn by level)", "")] + [(e.name, e.name) for e in LIBRARY],
                                   description="Teacher's law", style={"description_width": "initial"})
        self._blunder = w.Checkbox(value=blunder, description="Bots sometimes break the law (more clues)")
        self._seed = w.IntText(value=seed, description="Seed")
        self._start = w.Button(description="New match", button_style="primary").add_class("mm-mao-new")
        self._table = w.HTML()
        self._hand = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("mm-hand")
        self._spade = w.ToggleButton(description="Name the spade").add_class("mm-say-spade")
        self._mao = w.ToggleButton(description="Say “Mao”").add_class("mm-say-mao")
        self._draw = w.Button(description="Draw", icon="download").add_class("mm-draw")
        self._go_on = w.Button(description="Let the others play", icon="forward", layout=w.Layout(display="none"))
        self._go_on.add_class("mm-mao-go-on")
        self._history = w.HTML()
        self._reveal = w.HTML().add_class("mm-reveal")
        self._sheet = w.HTML()
        self._next = w.Button(description="Next round", button_style="success", layout=w.Layout(display="none"))
        self._next.add_class("mm-next-round")
        self._ask = w.Button(description="Ask the detective", icon="search").add_class("mm-detective-ask")
        self._advice = w.HTML().add_class("mm-detective-box")
        self._new_law = w.Text(placeholder="e.g. after 8: red", description="Next law", layout=w.Layout(width="380px"))
        self._new_law.add_class("mm-new-law")
        self._use_law = w.Button(description="Use it next round").add_class("mm-use-law")
        self._writing = w.HBox([self._new_law, self._use_law], layout=w.Layout(display="none"))
        self.guess = GuessPanel(lambda: self.session.law if self.session is not None else None, self._solved)
        self._start.on_click(self._safe(lambda _b: self.new_match()))
        self._next.on_click(self._safe(lambda _b: self._next_step()))
        self._draw.on_click(self._safe(lambda _b: self._human(Draw(0))))
        self._go_on.on_click(self._safe(lambda _b: self._let_others_play()))
        self._spade.observe(self._safe(lambda change: self._speak(change, self._spade_word)), "value")
        self._mao.observe(self._safe(lambda change: self._speak(change, lambda: "Mao")), "value")
        self._ask.on_click(self._safe(lambda _b: self.ask_detective()))
        self._use_law.on_click(self._safe(lambda _b: self.write_law(self._new_law.value)))
        self.session: MaoSession | None = None
        settings = w.Accordion(children=[w.VBox([w.HBox([self._bots, self._level, self._seed]),
                                                 w.HBox([self._blunder, self._teacher])])])
        settings.set_title(0, "Bots, law level, seed (and a teacher's choice of law)")
        self.widget = w.VBox([
            w.HBox([self._start]), settings, self._message, self._table,
            w.HTML("<b>Your hand</b> — click a card to play it. A word button pressed before the card is said "
                   "with the play; after a play, the buttons say the word at once:"),
            self._hand, w.HBox([self._spade, self._mao, self._draw, self._go_on]), self._next, self._writing, self._reveal,
            w.HTML("<b>The table so far</b> (refused cards under the card they were tried on; hover for the "
                   "referee's words)"), self._history,
            self.guess.widget, w.HBox([self._ask]), self._advice,
            w.HTML("<b>Rounds won</b>"), self._sheet,
        ])
        self.widget.add_class("mm-mao-table")

    # ------------------------------------------------------------------ the match

    def new_match(self) -> None:
        self.session = MaoSession(bots=self._bots.value, seed=self._seed.value, level=self._level.value,
                                  teacher_law=self._teacher.value, blunder=self._blunder.value)
        self._deal()

    def _next_step(self) -> None:
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
        self._reveal.value = self._advice.value = ""
        self._writing.layout.display = "none"
        self.guess.feedback.value = ""
        self._show(outcome)
        self._render()

    def _human(self, action: Action) -> None:
        if self.session is None:
            self._say(say.NO_ROUND, good=False)
            return
        outcome = self.session.move(action)
        self._show(outcome)
        if not outcome.done:
            return
        self._spade.value = self._mao.value = False
        self._render()

    def _show(self, outcome: Outcome) -> None:
        """The step's message; at a round's end the reveal, and the law-writing box for a winner."""
        assert self.session is not None
        self._message.value = message_html(outcome.message, good=outcome.good, lesson=outcome.lesson)
        reveal = self.session.reveal()
        if reveal is None:
            return
        self._reveal.value = (f"<div class='mm-reveal-box'>"
                              f"{say.law_revealed(reveal.winner, reveal.law, reveal.description, HTML_MARKS)}</div>")
        if reveal.match_over:
            self._reveal.value += f"<p><b>{say.mao_match_won(reveal.learner_won_match)}</b></p>"
        self._next.description = "New match" if reveal.match_over else "Next round"
        self._writing.layout.display = "" if self.session.may_write_law else "none"

    def _speak(self, change: dict[str, object], word: Callable[[], str]) -> None:
        """A word button: before a play it marks the word to say with it; right after a play, it says it."""
        session = self.session
        if not change["new"] or session is None or not session.speaking:
            return
        outcome = session.move(Say(0, (word(),)))
        self._spade.value = self._mao.value = False
        self._show(outcome)
        self._render()

    def _spade_word(self) -> str:
        """The spade call for the card just played (a non-spade gets the bare word, which the referee judges)."""
        assert self.session is not None and self.session.round is not None
        top = self.session.round.top
        return spade_call(top) if top.suit is Suit.SPADES else "spade"

    def _let_others_play(self) -> None:
        assert self.session is not None
        outcome = self.session.go_on()
        self._show(outcome)
        self._render()

    def _on_card(self, card: Card) -> None:
        words = []
        if self._spade.value:
            words.append(spade_call(card) if card.suit is Suit.SPADES else "spade")
        if self._mao.value:
            words.append("Mao")
        self._human(Play(0, (card,), None, tuple(words)))

    def write_law(self, text: str) -> None:
        if self.session is None:
            self._say(say.MAO_START_MATCH_FIRST, good=False)
            return
        outcome = self.session.write_law(text)
        self._say(outcome.message, good=outcome.good)

    def ask_detective(self) -> None:
        session = self.session
        if session is None or session.round is None:
            self._advice.value = say.MAO_START_MATCH_FIRST
            return
        self._advice.value = detective_html(session.rounds, session.round.top, session.round.hands[0])

    def _solved(self, text: str) -> None:
        self._say(say.MAO_SOLVED, good=True)

    # ------------------------------------------------------------------ showing

    def _say(self, text: str, *, good: bool | None = None) -> None:
        self._message.value = message_html(text, good=good)

    def _render(self) -> None:
        session = self.session
        if session is None or session.round is None:
            return
        round_ = session.round
        seats = session.seats
        self._table.value = table_html(round_, me=0, names=seats.names)
        speaking = session.speaking
        self._hand.children = [card_button(card, on_click=None if speaking else self._safe(self._on_card))
                               for card in sort_hand(round_.hands[0])]
        self._draw.disabled = not session.my_turn
        self._go_on.layout.display = "" if speaking else "none"
        if speaking:
            self._message.value += message_html(say.MAO_SPEAK_NOW)
        self._history.value = history_html(session.rounds[-1], session.first, seats.names)
        self._sheet.value = sheet_html(session.match, me=0)
        self._next.layout.display = "" if round_.result is not None else "none"
