"""Cards, their one notation, and the decks the presets use.

A card is an immutable value. It has exactly one text form, ``str(card)``
(``"10H"``, ``"JC"``), which :meth:`Card.parse` reads back; the parser is
lenient about how a person types (``"10h"``, ``"TH"``, ``"10♥"``) so that a
learner's input and a scenario file are read the same way.

>>> Card.parse("10♥")
Card.parse('10H')
>>> Card.parse("th").name
'ten of hearts'
>>> Card.parse("QS").symbol
'Q♠'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from maumau_core.errors import BadCard


class Suit(StrEnum):
    """The four French suits; the value is the notation letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The English plural name, as in "ten of *hearts*"."""
        return self.name.lower()

    @property
    def bavarian(self) -> str:
        """The Bavarian-deck name of this suit, for display only (rules never use it)."""
        return _BAVARIAN[self]

    @property
    def is_black(self) -> bool:
        return self in (Suit.CLUBS, Suit.SPADES)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter, a symbol or an English name."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol, suit.name, suit.name.rstrip("S")):
                return suit
        raise BadCard(f"“{text}” is not a suit: use C, D, H or S (or ♣ ♦ ♥ ♠).")


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_BAVARIAN = {Suit.CLUBS: "acorns", Suit.SPADES: "leaves", Suit.HEARTS: "hearts", Suit.DIAMONDS: "bells"}


class Rank(StrEnum):
    """Ranks from two to ace; the value is the notation (``10`` for ten)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def order(self) -> int:
        """Position from 2 (=2) to ace (=14), for "higher/lower" comparisons."""
        return _RANK_ORDER[self]

    @property
    def word(self) -> str:
        """The English name, as in "*queen* of spades"."""
        return _RANK_WORDS[self]

    @property
    def points(self) -> int:
        """Penalty points of a card of this rank left in hand: A, K, Q, J = 10, others face value."""
        return 10 if self.order > 10 else self.order

    @property
    def is_face(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its notation (``T`` also means ten) or its English word."""
        key = text.strip().upper()
        if key == "T":
            return cls.TEN
        for rank in cls:
            if key in (rank.value, rank.word.upper()):
                return rank
        raise BadCard(f"“{text}” is not a rank: use 2–10, J, Q, K or A.")


_RANK_ORDER = {rank: i + 2 for i, rank in enumerate(Rank)}
_RANK_WORDS = {
    Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five",
    Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine",
    Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king",
    Rank.ACE: "ace",
}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. There is exactly one object per rank and suit.

    ``Card(rank, suit)`` returns that shared object, so equality is identity:
    the fastest comparison Python has, which the simulations rely on. Two
    copies of a card in a 104-card game are the same value, held twice.
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        card = _ALL.get((rank, suit)) if _ALL else None
        if card is None:
            if _ALL:
                raise BadCard(f"There is no card with rank {rank!r} and suit {suit!r}.")
            card = object.__new__(cls)
        return card

    def __hash__(self) -> int:
        return _RANK_ORDER[self.rank] * 4 + "CDHS".index(self.suit.value)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """Display form with the suit symbol, e.g. ``10♥``."""
        return f"{self.rank.value}{self.suit.symbol}"

    @property
    def name(self) -> str:
        """English name for sentences and screen readers, e.g. ``ten of hearts``."""
        return f"{self.rank.word} of {self.suit.noun}"

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def is_black(self) -> bool:
        return self.suit.is_black

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: rank (2–10, T, J, Q, K, A) then suit (C D H S or ♣ ♦ ♥ ♠), any case.

        A malformed string raises :class:`BadCard` with a sentence that quotes it.
        """
        if not isinstance(text, str):
            raise BadCard(f"{text!r} is not a card: write a card as text, like “10H” or “QS”.")
        key = text.strip().upper()
        card = _BY_TEXT.get(key)
        if card is None and len(key) >= 2:
            try:
                card = _card(Rank.parse(key[:-1]), Suit.parse(key[-1]))
            except BadCard:
                card = None
        if card is None:
            raise BadCard(
                f"“{text}” is not a card: write the rank (2–10, J, Q, K, A) then the suit "
                "(C, D, H, S), like “10H” or “QS”."
            )
        return card


def _card(rank: Rank, suit: Suit) -> Card:
    return _ALL[(rank, suit)]


_ALL: dict[tuple[Rank, Suit], Card] = {}
_ALL.update({(rank, suit): Card(rank, suit) for suit in Suit for rank in Rank})
_BY_TEXT = {str(card): card for card in _ALL.values()}
_BY_TEXT.update({f"T{card.suit.value}": card for card in _ALL.values() if card.rank is Rank.TEN})
_BY_TEXT.update({card.symbol: card for card in _ALL.values()})

#: Deck sizes and the lowest rank each contains.
DECK_LOW_RANK = {32: Rank.SEVEN, 36: Rank.SIX, 52: Rank.TWO, 104: Rank.TWO}


def matches(card: Card, top: Card, suit: Suit | None = None) -> bool:
    """Does ``card`` fit on ``top`` by the basic rule of the whole family: same rank, or the suit to follow?

    ``suit`` is the suit to follow when a wild card named one (else the top
    card's own). Special cards and Mao's secret law come on top of this in
    the engine; this is the one place the basic match is written.
    """
    return card.rank is top.rank or card.suit is (suit or top.suit)


def parse_cards(texts: list[str] | tuple[str, ...]) -> list[Card]:
    """Parse several cards; the first malformed one raises :class:`BadCard`."""
    return [Card.parse(text) for text in texts]


def make_deck(size: int) -> list[Card]:
    """The ordered deck of ``size`` cards (32, 36, 52, or 104 = two 52-card decks)."""
    if size not in DECK_LOW_RANK:
        raise ValueError(f"There is no {size}-card deck here: use 32, 36, 52 or 104.")
    return list(_DECKS[size])


_DECKS = {
    size: tuple(_card(rank, suit) for suit in Suit for rank in Rank if rank.order >= low.order)
    * (2 if size == 104 else 1)
    for size, low in DECK_LOW_RANK.items()
}


def sort_hand(cards: list[Card]) -> list[Card]:
    """Cards grouped by suit, low to high: how a player holds a hand."""
    return sorted(cards, key=lambda card: (list(Suit).index(card.suit), card.rank.order))
