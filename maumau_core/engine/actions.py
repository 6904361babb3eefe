"""The five things a player can do at the table, as plain immutable values.

Actions are data (named tuples, cheap to make by the thousand in a
simulation, and equal only to actions of the same kind) so that a bot, a widget, a scenario file and a test all
drive a round the same way: ``round.check(action)`` asks "may I, and if not,
why not?" and ``round.apply(action)`` does it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from maumau_core.engine.cards import Card, Suit


class Play(NamedTuple):
    """Put one card (or several of one rank, where allowed) on the discard pile.

    ``suit`` names the suit after a wild card; ``say`` holds the words said
    with the play ("Mau", "Mao", "4 of spades").
    """

    player: int
    cards: tuple[Card, ...]
    suit: Suit | None = None
    say: tuple[str, ...] = ()

    @property
    def card(self) -> Card:
        """The card that ends on top (the last one played)."""
        return self.cards[-1]

    def __str__(self) -> str:
        text = "+".join(str(card) for card in self.cards)
        if self.suit is not None:
            text += f" naming {self.suit.noun}"
        if self.say:
            text += " saying " + ", ".join(f"“{word}”" for word in self.say)
        return text


class Draw(NamedTuple):
    """Draw from the stock (also how a pending draw penalty is taken)."""

    player: int

    def __str__(self) -> str:
        return "draw"


class Pass(NamedTuple):
    """End the turn without playing: keep a drawn card (where ``keep_drawn`` allows), or accept a pending skip."""

    player: int

    def __str__(self) -> str:
        return "pass"


class Say(NamedTuple):
    """Words said on their own, not with a play: a late "Mau" (it counts only before the next player acts),
    or Mao's words for one's own play, said right after it (before the next action at the table)."""

    player: int
    words: tuple[str, ...]

    def __str__(self) -> str:
        return "say " + ", ".join(f"“{word}”" for word in self.words)


class Flag(NamedTuple):
    """Point out that player ``target`` missed a call."""

    player: int
    target: int

    def __str__(self) -> str:
        return f"flag player {self.target}"


Action = Play | Draw | Pass | Say | Flag


def _same_kind_eq(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _same_kind_ne(self: tuple[Any, ...], other: object) -> bool:
    return not _same_kind_eq(self, other)


def _kind_hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


for _kind in (Play, Draw, Pass, Say, Flag):  # Draw(0) must not equal Pass(0), as plain tuples would
    _kind.__eq__ = _same_kind_eq  # type: ignore[method-assign]
    _kind.__ne__ = _same_kind_ne  # type: ignore[method-assign,assignment]
    _kind.__hash__ = _kind_hash  # type: ignore[method-assign]


def play(player: int, *cards: Card, suit: Suit | None = None, say: tuple[str, ...] = ()) -> Play:
    """Shorthand: ``play(0, card)`` or ``play(0, jack, suit=Suit.HEARTS, say=("Mau",))``."""
    return Play(player, tuple(cards), suit, tuple(say))
