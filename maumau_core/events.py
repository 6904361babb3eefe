"""What happened at the table, as small records that explain themselves on demand.

The engine records an :class:`Event` for every consequence of an action; the
English sentence is built only when ``event.sentence`` is read, so simulations
that play a million rounds never pay for words nobody reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from maumau_core.cards import Card, Suit


class Event(NamedTuple):
    """One consequence: ``kind`` says what, the other fields say who and with which cards."""

    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0
    suit: Suit | None = None
    text: str = ""

    @property
    def sentence(self) -> str:
        """One plain sentence a learner understands."""
        return _SENTENCES[self.kind](self)

    def __str__(self) -> str:
        return self.sentence


def _who(event: Event) -> str:
    return f"Player {event.player}"


def _cards(event: Event) -> str:
    return " then ".join(card.symbol for card in event.cards)


def _plural(count: int, word: str = "card") -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


_SENTENCES: dict[str, Callable[[Event], str]] = {
    "play": lambda e: f"{_who(e)} plays {_cards(e)}.",
    "name-suit": lambda e: f"{_who(e)} names {e.suit.noun if e.suit else '?'}: the next card must be a "
    f"{e.suit.noun[:-1] if e.suit else '?'} or {e.text}.",
    "dealer-names": lambda e: f"The first card is wild, so the dealer names {e.suit.noun if e.suit else '?'}.",
    "draw-pending": lambda e: f"Player {e.player} must draw {e.amount} or answer with {e.text}."
    if e.text else f"Player {e.player} must draw {e.amount} and lose the turn.",
    "draw": lambda e: f"{_who(e)} draws {_plural(e.amount)}."
    if e.amount else f"{_who(e)} cannot draw: the stock is empty and nothing is left to reshuffle.",
    "take-penalty": lambda e: f"{_who(e)} takes the draw penalty: {_plural(e.amount)}, and the turn is lost.",
    "short-penalty": lambda e: f"Only {_plural(e.amount)} could be drawn; {_plural(int(e.text))} "
    "stay unpaid.",
    "drawn-playable": lambda e: f"{_who(e)} may play the card just drawn ({_cards(e)}) or keep it and pass.",
    "keep": lambda e: f"{_who(e)} keeps the card and passes.",
    "skip": lambda e: f"Player {e.player} is skipped.",
    "skip-pending": lambda e: f"Player {e.player} will be skipped unless they answer with {e.text}.",
    "accept-skip": lambda e: f"{_who(e)} accepts the skip and loses the turn.",
    "reverse": lambda e: "The direction of play is reversed: now "
    + ("clockwise." if e.amount == 1 else "anticlockwise."),
    "again": lambda e: f"{_who(e)} plays again.",
    "draw-all": lambda e: f"The ace makes every other player draw {_plural(e.amount)}.",
    "reshuffle": lambda e: f"The stock is empty: {_plural(e.amount)} of the discard pile are shuffled "
    "into a new stock; the top card stays.",
    "turn": lambda e: f"It is player {e.player}'s turn.",
    "call": lambda e: f"{_who(e)} says “{e.text}”.",
    "missed-call": lambda e: f"{_who(e)} did not say “{e.text}”: another player may point it out.",
    "late-call": lambda e: f"{_who(e)} says “{e.text}” just in time.",
    "idle-word": lambda e: f"{_who(e)} says “{e.text}”, which changes nothing.",
    "call-penalty": lambda e: f"{_who(e)} forgot to say “{e.text}” and draws {_plural(e.amount)} as a penalty.",
    "window-closed": lambda e: f"Nobody pointed out player {e.player}'s missing “{e.text}” in time.",
    "penalty": lambda e: f"{_who(e)} draws {_plural(e.amount)} as a penalty: {e.text}.",
    "out": lambda e: f"{_who(e)} has played their last card and wins the round.",
    "void": lambda e: "A full turn of the table passed with no play and no draw: the round is void.",
    "stuck": lambda e: "No card can be drawn even after reshuffling: the round stops and cards are counted.",
    "stuck-winner": lambda e: f"{_who(e)} has the fewest cards and wins the round.",
    "stuck-tie": lambda e: "Several players tie for the fewest cards: nobody wins the round.",
}
