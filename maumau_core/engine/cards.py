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
>>> Card.parse("D♥", language="fr")
Card.parse('QH')

Names and the usual letters of each course language come from the
language's catalogue (:mod:`maumau_core.i18n`); the notation itself never changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from maumau_core.errors import BadCard
from maumau_core.i18n import DEFAULT, N_, _, current, translations


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
        """The plural name in the kernel's language, as in "ten of *hearts*"."""
        return _(_SUIT_NOUNS[self])

    @property
    def one(self) -> str:
        """The singular name in the kernel's language ("heart")."""
        return _(_SUIT_ONE[self])

    @property
    def with_article(self) -> str:
        """The singular name with its article in the kernel's language ("a heart")."""
        return _(_SUIT_WITH_ARTICLE[self])

    @property
    def bavarian(self) -> str:
        """The Bavarian-deck name of this suit, for display only (rules never use it)."""
        return _BAVARIAN[self]

    @property
    def is_black(self) -> bool:
        return self in (Suit.CLUBS, Suit.SPADES)

    @classmethod
    def parse(cls, text: str, language: str | None = None) -> Suit:
        """Read a suit from a symbol, an English letter or name, or a suit name in ``language``.

        A letter that names two suits for a speaker of ``language`` (French "C": clubs or cœur?) is
        refused with a sentence that says so, rather than guessed.
        """
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol, suit.name, suit.name.rstrip("S")):
                if key in _AMBIGUOUS_SUIT_LETTERS.get(language or DEFAULT, ()):
                    raise BadCard(
                        _(
                            "In this language “{letter}” could name two suits: write the symbol "
                            "(♣ ♦ ♥ ♠) or the suit's name."
                        ).format(letter=text.strip())
                    )
                return suit
        for suit in cls:
            if key.casefold() in _local_names(language or DEFAULT, suit):
                return suit
        raise BadCard(
            _("“{text}” is not a suit: use ♣ ♦ ♥ ♠ or {names}.").format(
                text=text, names=", ".join(suit_words(language))
            )
        )


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_NOUNS = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}
_SUIT_ONE = {Suit.CLUBS: N_("club"), Suit.DIAMONDS: N_("diamond"), Suit.HEARTS: N_("heart"), Suit.SPADES: N_("spade")}
_SUIT_WITH_ARTICLE = {
    Suit.CLUBS: N_("a club"),
    Suit.DIAMONDS: N_("a diamond"),
    Suit.HEARTS: N_("a heart"),
    Suit.SPADES: N_("a spade"),
}
#: A card's name, one message per suit, so a language may put the suit before the rank ("Herz-Dame").
_CARD_NAMES = {
    Suit.CLUBS: N_("{rank} of clubs"),
    Suit.DIAMONDS: N_("{rank} of diamonds"),
    Suit.HEARTS: N_("{rank} of hearts"),
    Suit.SPADES: N_("{rank} of spades"),
}
#: English suit letters that mean another suit to a speaker of the language (cœur, cuori, cupă begin with C).
_AMBIGUOUS_SUIT_LETTERS = {"fr": ("C",), "it": ("C",), "ro": ("C",)}
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
        """The name in the kernel's language, as in "*queen* of spades"."""
        return _(_RANK_WORDS[self])

    @property
    def with_article(self) -> str:
        """How a sentence names one card of this rank, article included: "a 7", "an 8", "a jack"."""
        return _(_RANK_WITH_ARTICLE[self])

    @property
    def letter(self) -> str:
        """The rank's letter in the kernel's language ("D" for the French dame), digits for numbers."""
        return _LETTERS.get(current(), {}).get(self, self.value)

    @property
    def points(self) -> int:
        """Penalty points of a card of this rank left in hand: A, K, Q, J = 10, others face value."""
        return 10 if self.order > 10 else self.order

    @property
    def is_face(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @classmethod
    def parse(cls, text: str, language: str | None = None) -> Rank:
        """Read a rank from its notation (``T`` also means ten), its English word, or the letter or
        word ``language`` uses for it (French "V", German "B", "Dame")."""
        key = text.strip().upper()
        if key == "T":
            return cls.TEN
        local = {letter: rank for rank, letter in _LETTERS.get(language or DEFAULT, {}).items()}
        if key in local:
            return local[key]
        for rank in cls:
            if key in (rank.value, _RANK_WORDS[rank].upper()) or key.casefold() == _in(language, _RANK_WORDS[rank]):
                return rank
        raise BadCard(
            _("“{text}” is not a rank: use {ranks}.").format(text=text, ranks=", ".join(rank_words(language)))
        )


_RANK_ORDER = {rank: i + 2 for i, rank in enumerate(Rank)}
_RANK_WORDS = {
    Rank.TWO: N_("two"),
    Rank.THREE: N_("three"),
    Rank.FOUR: N_("four"),
    Rank.FIVE: N_("five"),
    Rank.SIX: N_("six"),
    Rank.SEVEN: N_("seven"),
    Rank.EIGHT: N_("eight"),
    Rank.NINE: N_("nine"),
    Rank.TEN: N_("ten"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
    Rank.ACE: N_("ace"),
}
#: One message per rank with its article, as a sentence names a single card of that rank.
_RANK_WITH_ARTICLE = {
    Rank.TWO: N_("a 2"),
    Rank.THREE: N_("a 3"),
    Rank.FOUR: N_("a 4"),
    Rank.FIVE: N_("a 5"),
    Rank.SIX: N_("a 6"),
    Rank.SEVEN: N_("a 7"),
    Rank.EIGHT: N_("an 8"),
    Rank.NINE: N_("a 9"),
    Rank.TEN: N_("a 10"),
    Rank.JACK: N_("a jack"),
    Rank.QUEEN: N_("a queen"),
    Rank.KING: N_("a king"),
    Rank.ACE: N_("an ace"),
}
#: The letters each language prints on its face cards, where they differ from J, Q, K, A (notation, not words).
_LETTERS: dict[str, dict[Rank, str]] = {
    "fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R"},
    "it": {Rank.JACK: "F", Rank.QUEEN: "D", Rank.KING: "R"},
    "ro": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R"},
    "de": {Rank.JACK: "B", Rank.QUEEN: "D", Rank.KING: "K"},
}


def rank_words(language: str | None = None) -> list[str]:
    """How a learner writes the ranks in ``language`` (English by default), as :meth:`Rank.parse` reads them:
    ``["2–10", "V", "D", "R", "A"]`` in French. Every help sentence about ranks names these."""
    letters = _LETTERS.get(language or DEFAULT, {})
    return ["2–10", *(letters.get(rank, rank.value) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))]


def suit_words(language: str | None = None) -> list[str]:
    """Besides the symbols, how a learner writes the suits in ``language``: the letters C, D, H, S in English;
    elsewhere the suit's name (a letter may name two suits there: French "C" is clubs or cœur)."""
    if (language or DEFAULT) == DEFAULT:
        return [suit.value for suit in Suit]
    return [translations(language or DEFAULT).gettext(_SUIT_ONE[suit]) for suit in Suit]


def card_help(language: str | None = None) -> dict[str, str]:
    """What the sentence on a malformed card names: the ranks, the suits and two examples, each as the
    parser reads them in ``language`` (letters in English, symbols elsewhere: "10♥", "D♠" in French)."""
    ranks = rank_words(language)
    if (language or DEFAULT) == DEFAULT:
        return {"ranks": ", ".join(ranks), "suits": ", ".join(suit_words()), "first": "10H", "second": "QS"}
    return {
        "ranks": ", ".join(ranks),
        "suits": " ".join(suit.symbol for suit in Suit),
        "first": "10♥",
        "second": ranks[2] + "♠",
    }


def _in(language: str | None, message: str) -> str:
    """A message in ``language`` (not the kernel's), folded for comparing with what a person typed."""
    return translations(language or DEFAULT).gettext(message).casefold()


def _local_names(language: str, suit: Suit) -> tuple[str, str]:
    return _in(language, _SUIT_NOUNS[suit]), _in(language, _SUIT_ONE[suit])


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
                raise BadCard(
                    _("There is no card with rank {rank} and suit {suit}.").format(rank=repr(rank), suit=repr(suit))
                )
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
        """The name in the kernel's language, for sentences and screen readers ("ten of hearts")."""
        return _(_CARD_NAMES[self.suit]).format(rank=self.rank.word)

    @property
    def local_symbol(self) -> str:
        """The display form with the kernel's language's letter: ``D♥`` for the French dame de cœur."""
        return f"{self.rank.letter}{self.suit.symbol}"

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def is_black(self) -> bool:
        return self.suit.is_black

    @classmethod
    def parse(cls, text: str, language: str | None = None) -> Card:
        """Read one card: rank (2–10, T, J, Q, K, A) then suit (C D H S or ♣ ♦ ♥ ♠), any case.

        With ``language`` (a course language), its letters ("V♠", "BH"), its rank words and suit
        names ("dame cœur") and its card names ("dame de cœur") are read too. A malformed string
        raises :class:`BadCard` with a sentence that quotes it; a letter the language makes
        ambiguous raises one that says so.
        """
        if not isinstance(text, str):
            raise BadCard(_("{text} is not a card: write a card as text, like “10H” or “QS”.").format(text=repr(text)))
        key = text.strip().upper()
        card = None if key[-1:] in _AMBIGUOUS_SUIT_LETTERS.get(language or DEFAULT, ()) else _BY_TEXT.get(key)
        if card is None and language not in (None, DEFAULT):
            card = _names(language).get(" ".join(text.split()).casefold())
        if card is None:
            rank_text, _space, suit_text = key.rpartition(" ")
            if not rank_text:
                rank_text, suit_text = key[:-1], key[-1:]
            try:
                card = _card(Rank.parse(rank_text, language), Suit.parse(suit_text, language))
            except BadCard as refusal:
                if suit_text in _AMBIGUOUS_SUIT_LETTERS.get(language or DEFAULT, ()):
                    raise refusal
                card = None
        if card is None:
            raise BadCard(
                _(
                    "“{text}” is not a card: write the rank ({ranks}) then the suit ({suits}), like "
                    "“{first}” or “{second}”."
                ).format(text=text, **card_help(language))
            )
        return card


def _card(rank: Rank, suit: Suit) -> Card:
    return _ALL[(rank, suit)]


def _names(language: str) -> dict[str, Card]:
    """Every card's name in ``language``, folded, for reading what a learner typed."""
    names = _NAMES.get(language)
    if names is None:
        names = {
            translations(language)
            .gettext(_CARD_NAMES[card.suit])
            .format(rank=translations(language).gettext(_RANK_WORDS[card.rank]))
            .casefold(): card
            for card in _ALL.values()
        }
        _NAMES[language] = names
    return names


_NAMES: dict[str, dict[str, Card]] = {}


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


def in_local_letters(text: str) -> str:
    """``text`` in the kernel's language's letters when it is one card written with its symbol ("K♥", as a
    page's code writes a quiz answer: "R♥" in French); any other text as it is (it was translated where it
    was written)."""
    if not any(suit.symbol in text for suit in Suit):
        return text
    try:
        return Card.parse(text).local_symbol
    except BadCard:
        return text


def make_deck(size: int) -> list[Card]:
    """The ordered deck of ``size`` cards (32, 36, 52, or 104 = two 52-card decks)."""
    if size not in DECK_LOW_RANK:
        raise ValueError(_("There is no {size}-card deck here: use 32, 36, 52 or 104.").format(size=size))
    return list(_DECKS[size])


_DECKS = {
    size: tuple(_card(rank, suit) for suit in Suit for rank in Rank if rank.order >= low.order)
    * (2 if size == 104 else 1)
    for size, low in DECK_LOW_RANK.items()
}


def sort_hand(cards: list[Card]) -> list[Card]:
    """Cards grouped by suit, low to high: how a player holds a hand."""
    return sorted(cards, key=lambda card: (list(Suit).index(card.suit), card.rank.order))
