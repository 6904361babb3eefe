"""The Mao table: play against bots under a secret law, read the referee, find the law.

The learner sits at seat 0. Bots know the law and keep to it (unless set to
blunder now and then, which shows the learner more refusals). The referee
only ever says the law's short reason. Every attempt stays visible in an
Eleusis-style history: accepted cards in a line, refused ones under the card
they were tried on. The law is revealed when the round ends; the match goes
to 3 round wins; whoever wins a round may write the next law.
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as w

from maumau_core.actions import Action, Draw, Play
from maumau_core.bots import MAX_MOVES, MaoBot
from maumau_core.cards import Card, Suit, sort_hand
from maumau_core.mao.law_library import LIBRARY, LibraryLaw
from maumau_core.laws import Law
from maumau_core.match import Match
from maumau_core.round import Round
from maumau_core.rules import preset
from maumau_core.speech import spade_call
from maumau_core.widgets.common import card_button, learner_move, safely
from maumau_core.widgets.law_tools import Attempt, GuessPanel, detective_html, write_verdict
from maumau_core.widgets.svg import card_svg
from maumau_core.widgets.views import message_html, sheet_html, table_html

LEVELS = ("easy", "medium", "hard")


def laws_at(level: str) -> list[LibraryLaw]:
    """The library's laws of one difficulty level: the easiest, middle or hardest third by measure."""
    ranked = sorted(LIBRARY, key=lambda entry: entry.difficulty)
    third = len(ranked) // 3
    return {"easy": ranked[:third], "medium": ranked[third:-third], "hard": ranked[-third:]}[level]


def history_html(attempts: list[Attempt], first: Card | None, me: int) -> str:
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
            f"<div title='{escape(('You' if a.player == me else f'Player {a.player}') + ': ' + a.reason)}' "
            f"style='opacity:.55'>{card_svg(a.card, width=34)}</div>" for a in refused)
        parts.append(f"<div style='display:flex;flex-direction:column;align-items:center;gap:2px'>"
                     f"{card_svg(card, width=40)}{below}</div>")
    return ("<div class='mm-history' style='display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start'>"
            + "".join(parts) + "</div>" if parts else "<div class='mm-history'>Nothing played yet.</div>")


class MaoTable:
    """A Mao match against 2–5 bots under a secret law. Display ``table.widget``."""

    def __init__(self, *, bots: int = 3, seed: int = 1, level: str = "easy", blunder: bool = True) -> None:
        self._message = w.HTML(message_html("Press “New match”: a secret law will be chosen."))
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
        self.guess = GuessPanel(lambda: self.law, self._solved)
        self._start.on_click(self._safe(lambda _b: self.new_match()))
        self._next.on_click(self._safe(lambda _b: self._deal()))
        self._draw.on_click(self._safe(lambda _b: self._human(Draw(0))))
        self._ask.on_click(self._safe(lambda _b: self.ask_detective()))
        self._use_law.on_click(self._safe(lambda _b: self.write_law(self._new_law.value)))
        self.match: Match | None = None
        self.round: Round | None = None
        self.law: Law | None = None
        self.entry: LibraryLaw | None = None
        self.rounds: list[list[Attempt]] = []  # attempts of every round under the current law
        self._next_law: Law | None = None
        self._first: Card | None = None
        self._rng = random.Random(seed)
        self._bot_players: dict[int, MaoBot] = {}
        settings = w.Accordion(children=[w.VBox([w.HBox([self._bots, self._level, self._seed]),
                                                 w.HBox([self._blunder, self._teacher])])])
        settings.set_title(0, "Bots, law level, seed (and a teacher's choice of law)")
        self.widget = w.VBox([
            w.HBox([self._start]), settings, self._message, self._table,
            w.HTML("<b>Your hand</b> — click a card to play it. Say your words first:"),
            self._hand, w.HBox([self._spade, self._mao, self._draw]), self._next, self._writing, self._reveal,
            w.HTML("<b>The table so far</b> (refused cards under the card they were tried on; hover for the "
                   "referee's words)"), self._history,
            self.guess.widget, w.HBox([self._ask]), self._advice,
            w.HTML("<b>Rounds won</b>"), self._sheet,
        ])
        self.widget.add_class("mm-mao-table")

    # ------------------------------------------------------------------ the match

    def new_match(self) -> None:
        self._rng = random.Random(self._seed.value)
        players = self._bots.value + 1
        self.match = Match(preset("mao").replace(max_players=max(6, players)), players, seed=self._seed.value)
        self._next_law = None
        self.law = None
        self._deal()

    def _choose_law(self) -> None:
        """A law the round winner wrote; the same law after a round nobody won; else a new one drawn."""
        assert self.match is not None
        last = self.match.history[-1][1] if self.match.history else None
        if self._next_law is not None:
            law, self.entry, self._next_law = self._next_law, None, None
        elif last is not None and last.winner is None and self.law is not None:
            return
        else:
            name = self._teacher.value
            self.entry = next(e for e in LIBRARY if e.name == name) if name else self._rng.choice(
                laws_at(self._level.value))
            law = self.entry.law
        self.law = law
        self.rounds = []

    def _deal(self) -> None:
        assert self.match is not None
        if self.match.over:
            self.new_match()
            return
        self._choose_law()
        self.round = self.match.new_round(law=self.law)
        self.rounds.append([])
        self._first = self.round.top
        blunder = 0.12 if self._blunder.value else 0.0
        self._bot_players = {seat: MaoBot(self._seed.value * 31 + seat + len(self.match.history), blunder=blunder)
                             for seat in range(1, self.round.players)}
        self._reveal.value = self._advice.value = ""
        self._writing.layout.display = "none"
        self.guess.feedback.value = ""
        self._say("A secret law is in force. Your turn." if self.round.turn == 0 else
                  "A secret law is in force. The bots start.")
        self._bots_move()
        self._render()

    def _act(self, action: Action) -> None:
        """Apply an action and keep the attempt in the history."""
        round_ = self.round
        assert round_ is not None
        top = round_.top
        events = round_.apply(action)
        if isinstance(action, Play):
            accepted = any(event.kind == "play" for event in events)
            reason = next((event.text for event in events if event.kind == "penalty" and event.cards), "")
            self.rounds[-1].append(Attempt(action.player, top, action.cards[0], accepted, reason))

    def _human(self, action: Action) -> None:
        done, sentence = learner_move(self.round, action, 0, self._act)
        self._say(sentence, good=None if done else False)
        if not done:
            return
        self._spade.value = self._mao.value = False
        self._bots_move()
        self._render()

    def _on_card(self, card: Card) -> None:
        words = []
        if self._spade.value:
            words.append(spade_call(card) if card.suit is Suit.SPADES else "spade")
        if self._mao.value:
            words.append("Mao")
        self._human(Play(0, (card,), None, tuple(words)))

    def _bots_move(self) -> None:
        round_ = self.round
        assert round_ is not None
        for _ in range(MAX_MOVES):
            if round_.result is not None or round_.turn == 0:
                break
            self._act(self._bot_players[round_.turn].choose(round_))
        if round_.result is not None:
            self._round_over()

    def _round_over(self) -> None:
        assert self.round is not None and self.round.result is not None and self.match is not None
        result = self.round.result
        self.match.record(result)
        winner = "Nobody" if result.winner is None else ("You" if result.winner == 0 else f"Player {result.winner}")
        about = f" {self.entry.description}" if self.entry is not None else ""
        self._reveal.value = (f"<div class='mm-reveal-box'><b>{winner} won the round.</b> The secret law was "
                              f"<code>{escape(str(self.law))}</code>.{escape(about)}</div>")
        if self.match.over:
            self._next.description = "New match"
            self._reveal.value += f"<p><b>{'You' if self.match.winners == [0] else 'The bots'} won the match.</b></p>"
        else:
            self._next.description = "Next round"
        if result.winner == 0 and not self.match.over:
            self._writing.layout.display = ""
            self._say("You won the round: you may write the next law (or keep playing with a new secret one).",
                      good=True)
        else:
            self._say(f"{winner} won the round." if result.winner != 0 else "You won the match!",
                      good=result.winner == 0 if result.winner is not None else None)

    def write_law(self, text: str) -> None:
        law, sentence = write_verdict(text)
        self._say(sentence, good=law is not None)
        if law is not None:
            self._next_law = law

    def ask_detective(self) -> None:
        if self.round is None:
            self._advice.value = "Start a match first."
            return
        self._advice.value = detective_html(self.rounds, self.round.top, self.round.hands[0])

    def _solved(self, text: str) -> None:
        self._say("You found the law! Play on to win the round, or start the next one.", good=True)

    # ------------------------------------------------------------------ showing

    def _say(self, text: str, *, good: bool | None = None) -> None:
        self._message.value = message_html(text, good=good)

    def _render(self) -> None:
        round_ = self.round
        if round_ is None or self.match is None:
            return
        names = ["You" if seat == 0 else f"Player {seat}" for seat in range(round_.players)]
        self._table.value = table_html(round_, me=0, names=names)
        playing = round_.result is None and round_.turn == 0
        self._hand.children = [card_button(card, on_click=self._safe(self._on_card))
                               for card in sort_hand(round_.hands[0])]
        self._draw.disabled = not playing
        self._history.value = history_html(self.rounds[-1], self._first, 0)
        self._sheet.value = sheet_html(self.match, me=0)
        self._next.layout.display = "" if round_.result is not None else "none"
