"""Widgets for reasoning about secret laws: guess a law, ask the detective, write a law.

They work on any law and any record of attempts, so the Mao table and the
law-writing lesson share them. Every check is exact (``law_check``); learner
text is parsed by the notation's parser and never run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from maumau_core.cards import Card, matches
from maumau_core.mao.law_check import difference, fitness
from maumau_core.laws import Law
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law
from maumau_core.widgets.common import safely
from maumau_core.widgets.views import message_html

if TYPE_CHECKING:
    from maumau_core.mao.detective import Space

#: Beginner's builder: (label, notation) for each part of a law.
AFTER = [("every card", ""), ("after a queen", "Q"), ("after a jack", "J"), ("after a king", "K"),
         ("after an ace", "A"), ("after a 7", "7"), ("after an 8", "8"), ("after a 10", "10"),
         ("after a red card", "red"), ("after a black card", "black"), ("after a picture card", "face"),
         ("after a heart", "hearts"), ("after a spade", "spades")]
UNTIL = [("for the next card only", ""), ("until a red card", "red"), ("until a black card", "black"),
         ("until a queen", "Q"), ("until an ace", "A"), ("until an 8", "8"), ("until a 10", "10")]
MUST = [("be black", "black"), ("be red", "red"), ("be a number card (2–10)", "number"),
        ("be a picture card", "face"), ("be odd", "odd"), ("be even", "even"), ("not be a 7", "not 7"),
        ("not be a picture card", "not face"), ("not be a heart", "not hearts"), ("not be a spade", "not spades"),
        ("be higher than the card before", "higher"), ("be lower than the card before", "lower"),
        ("follow suit", "same suit")]


@dataclass(frozen=True)
class Attempt:
    """One try at the table: who played what on which card, and the referee's verdict."""

    player: int
    top: Card
    card: Card
    accepted: bool
    reason: str = ""

    @property
    def matches(self) -> bool:
        """Did the card match by rank or suit (so that only the law could refuse it)?"""
        return matches(self.card, self.top)


def built_law(after: str, until: str, must: str) -> str:
    """The notation the beginner's dropdowns describe."""
    if not after:
        return must
    return f"after {after}{f' until {until}' if until else ''}: {must}"


def guess_verdict(text: str, secret: Law) -> tuple[bool, str]:
    """Judge a guess against the secret law: right, or the shortest play sequence that tells them apart."""
    try:
        guess = parse_law(text)
    except BadLaw as error:
        return False, str(error)
    found = difference(guess, secret)
    if found is None:
        return True, (f"Correct! “{guess}” allows exactly the plays the secret law allows, in every situation "
                      "the game can reach.")
    return False, f"Not that law. {found.sentence()}"


def write_verdict(text: str) -> tuple[WrittenLaw | None, str]:
    """Check a law someone wants to use: it parses, restricts something, never stops the game for good."""
    try:
        law = parse_law(text)
    except BadLaw as error:
        return None, str(error)
    problem = fitness(law)
    if problem is not None:
        return None, problem
    return law, f"“{law}” is fit to play: it restricts something and never leaves the table stuck."


class GuessPanel:
    """Type a law (or build one from dropdowns) and check it against ``secret()``."""

    def __init__(self, secret: Callable[[], Law | None], on_solved: Callable[[str], None] | None = None) -> None:
        self._secret = secret
        self._on_solved = on_solved
        self.text = w.Text(placeholder="e.g. after Q: black", description="Your guess",
                           layout=w.Layout(width="420px"))
        self.text.add_class("mm-guess-text")
        self.check = w.Button(description="Check my guess", button_style="info").add_class("mm-guess-check")
        self.feedback = w.HTML().add_class("mm-guess-feedback")
        self._after = w.Dropdown(options=AFTER, description="Law:")
        self._until = w.Dropdown(options=UNTIL, description="")
        self._must = w.Dropdown(options=MUST, description="the card must")
        self._use = w.Button(description="Write it for me").add_class("mm-guess-build")
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.check.on_click(show(lambda _b: self.judge()))
        self._use.on_click(show(lambda _b: self.build()))
        self.widget = w.VBox([
            w.HTML("<b>Guess the law.</b> Type it in the law notation, or build a simple one below."),
            w.HBox([self.text, self.check]), w.HBox([self._after, self._until, self._must, self._use]),
            self.feedback])

    def build(self) -> None:
        self.text.value = built_law(self._after.value, self._until.value, self._must.value)

    def judge(self) -> bool:
        secret = self._secret()
        if secret is None:
            self.feedback.value = message_html("Deal a round first: there is no secret law yet.")
            return False
        right, sentence = guess_verdict(self.text.value, secret)
        self.feedback.value = message_html(sentence, good=right)
        if right and self._on_solved is not None:
            self._on_solved(self.text.value)
        return right


@cache
def detective_space() -> Space:
    """The detective's candidate laws, built on first use (about a second) and shared by every table."""
    from maumau_core.mao.detective import Space
    from maumau_core.mao.law_library import LIBRARY

    return Space([entry.law for entry in LIBRARY])


def detective_html(rounds: Sequence[Sequence[Attempt]], top: Card, hand: Sequence[Card]) -> str:
    """What the detective says about the attempts seen so far, in the current round's situation."""
    from maumau_core.mao.detective import History, advise

    space = detective_space()
    histories = [History(tuple((a.top, a.card, a.accepted) for a in attempts if a.matches)) for attempts in rounds]
    advice = advise(space, histories, top, hand)
    seen = sum(len(h.attempts) for h in histories)
    lines = [f"From {seen} matching attempt{'s' * (seen != 1)} seen, <b>{advice.remaining:,}</b> of "
             f"{space.size:,} candidate laws still fit."]
    if advice.simplest:
        lines.append("The simplest: " + "; ".join(f"<code>{escape(text)}</code>" for text in advice.simplest) + ".")
    if advice.best_card is not None:
        lines.append(f"Your most telling play now: <b>{advice.best_card.symbol}</b> (about {advice.split:.0%} of "
                     "those laws allow it, so either verdict rules many out).")
    elif any(matches(card, top) for card in hand):
        lines.append("None of your matching cards would rule any of them out: play on and watch the others.")
    else:
        lines.append("None of your cards matches the top card: draw, and watch the others play.")
    return "<div class='mm-detective'>" + "<br>".join(lines) + "</div>"


class LawWorkshop:
    """Write a law and see how the referee reads it, whether it is fit to play, and how it differs from another."""

    def __init__(self, compare_with: Sequence[tuple[str, Law]]) -> None:
        self.text = w.Text(placeholder="e.g. after 8 until red: odd", description="Your law",
                           layout=w.Layout(width="420px"))
        self.text.add_class("mm-workshop-text")
        self.check = w.Button(description="Read my law", button_style="info").add_class("mm-workshop-check")
        self._other = w.Dropdown(options=list(compare_with), description="Compare with",
                                 style={"description_width": "initial"})
        self.feedback = w.HTML().add_class("mm-workshop-feedback")
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.check.on_click(show(lambda _b: self.read()))
        self.widget = w.VBox([w.HBox([self.text, self.check]), self._other, self.feedback])

    def read(self) -> None:
        law, sentence = write_verdict(self.text.value)
        if law is None:
            self.feedback.value = message_html(sentence, good=False)
            return
        other = self._other.value
        found = difference(law, other)
        compared = (f"It is the same law as “{other}”, written differently." if found is None
                    else found.sentence("your law", f"“{other}”"))
        self.feedback.value = (f"<div class='mm-message'>The referee reads: <code>{escape(str(law))}</code> and says "
                               f"“{escape(law.reason)}” when it is broken.</div>"
                               + message_html(sentence, good=True) + message_html(compared))
