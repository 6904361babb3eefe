"""Every sentence of practice: the drills' questions and verdicts, the streak, and the lessons' quizzes.

The practice page (``practice.py``) and the lessons' "check yourself" quizzes
(``widgets/lessons.py``) judge answers with the engine and pass what it found
here: cards, seats, counts, rule-set names, and the engine's own sentences
(refusals, events) where they explain a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.cards import Card
from maumau_core.sentences.markup import NO_MARKS, Marks


def right(why: str) -> str:
    return f"Right! {why}"


def not_quite(why: str, hint: str = "") -> str:
    """A wrong answer: the hint for that answer (if any), then why the right one is right."""
    return " ".join(part for part in ("Not quite.", hint, why) if part)


def pick_an_answer_first() -> str:
    return "Pick an answer first."


# ------------------------------------------------------------------ which cards may be played

def playable_prompt(rules: str) -> str:
    return f"{rules} rules. Click every card you may play now (perhaps none), then check."


def cannot_be_played(card: Card, refusal: str) -> str:
    """A picked card the rules refuse, with the refusal's own sentence."""
    return f"Not quite: {card.symbol} cannot be played. {refusal}"


def may_be_played_too(card: Card) -> str:
    return f"Not quite: {card.symbol} may be played too."


def playable_right(cards: Sequence[Card], reason: str | None = None) -> str:
    """The playable cards (in the order given), and perhaps why another card is not among them."""
    names = ", ".join(card.symbol for card in cards) or "none of them"
    listed = f"Right! Playable: {names}."
    return listed if reason is None else f"{listed} {reason}"


def every_card_fits() -> str:
    return "Every card in this hand fits."


def playable_wrong(refused: Sequence[tuple[Card, str]], missed: Sequence[Card]) -> str:
    """A quiz's wrong pick: why each picked card is refused (the refusal names the card), each playable card
    missed."""
    reasons = [refusal for _card, refusal in refused]  # a refusal names its card itself
    reasons += [f"{card.symbol} may be played too." for card in missed]
    return "Not quite. " + " ".join(reasons)


# ------------------------------------------------------------------ who moves next

def next_player_prompt(rules: str, players: int, card: Card) -> str:
    """Who moves next after the learner's card (the learner is player 0, as at the play table)."""
    return (f"{rules} rules, {players} players; you are player 0, and play goes up the seat numbers. You play "
            f"{card.symbol}. Who moves next?")


def no_power(card: Card, rules: str) -> str:
    """Why the turn simply moves on: the card does nothing special in these rules."""
    return f"{card.symbol} has no power in the {rules} rules: the turn passes on one seat."


def moves_next(who: str, learner: bool, why: str) -> str:
    """A wrong guess of who moves next: the right player (the learner again, or another), and why."""
    return f"Not quite: you move again. {why}" if learner else f"Not quite: {who} moves next. {why}"


# ------------------------------------------------------------------ what to say

def words_prompt(rules: str, left: int) -> str:
    stay = "card stays" if left == 1 else "cards stay"
    return f"{rules} rules. You play a card and {left} {stay} in your hand. What do you say with it?"


def say_nothing() -> str:
    """The choice (and the right answer) when no word is due."""
    return "Nothing"


def words_due(left: int, rules: str, word: str | None) -> str:
    """What the rules ask for when ``left`` cards stay in hand: ``word``, or no call (None)."""
    cards = f"{left} card" if left == 1 else f"{left} cards"
    if word is None:
        return f"With {cards} left, the {rules} rules ask for no call."
    return f"With {cards} left, the {rules} rules ask for “{word}”."


# ------------------------------------------------------------------ counting points

def points_prompt() -> str:
    return "Someone went out. How many points do these cards cost their owner?"


def whole_number_please() -> str:
    return "Type a whole number, like 23."


def _count(hand: Sequence[Card], total: int) -> str:
    return " + ".join(f"{card.points} ({card.symbol})" for card in hand) + f" = {total}"


def points_right(hand: Sequence[Card], total: int) -> str:
    """The hand's points, counted card by card."""
    return f"Right! {_count(hand, total)}."


def points_wrong(hand: Sequence[Card], total: int) -> str:
    """The counting rule, then the hand's points counted card by card."""
    return f"Not quite: aces and picture cards count 10, the others their number. {_count(hand, total)}."


# ------------------------------------------------------------------ the streak

def streak(current: int, best: int, marks: Marks = NO_MARKS) -> str:
    """A topic's streak: right first answers in a row, and the best run so far."""
    return f"Streak: {marks.strong(str(current))} (best {best})"
