"""A small language for Mao's secret laws, read by a real parser and never ``eval``-ed.

A law is an extra condition a matching card must meet, sometimes only after
a trigger card. The whole language, with examples::

    black                                   every card must be black
    not 7                                   no 7 may be played
    higher or same suit                     higher than the previous card, unless it follows suit
    after Q: black                          right after a queen, the next card must be black
    after 8 until red: odd                  after an 8, odd cards only, until a red card is played
    after prev hearts and spades: {2, 3} says "wrong number"

Conditions speak about the card being played, or with ``prev`` about the card
it goes on: a rank (``Q``, ``10``, ``queen``, ``eight``), a set of ranks (``{7, 8, 9}``),
a suit (``hearts``), ``red``/``black``, ``face`` (J, Q, K), ``number`` (2–10),
``odd``/``even`` (J = 11, Q = 12, K = 13, A = 14), and, comparing the two,
``higher``, ``lower``, ``same suit``, ``same rank``; combine them with
``not``, ``and``, ``or`` and parentheses. ``after T: C`` asks C of the one
play that follows a card meeting T; ``after T until U: C`` keeps asking until
a play meets U (a play meeting T sets it again). ``says "…"`` gives the
referee's short reason; without it the referee names what kind of thing was
wrong ("wrong colour"). A law only restricts: a card must still match.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from maumau_core.engine.cards import Card, Rank, Suit
from maumau_core.engine.laws import Law
from maumau_core.errors import MauMauError
from maumau_core.i18n import N_
from maumau_core.sentences.mao import empty_law, law_too_deep, law_too_long, prev_cannot_compare, unreadable_law

if TYPE_CHECKING:
    from lark import Lark, UnexpectedInput


class BadLaw(MauMauError):
    """A law text that does not parse or makes no sense; the message says where and what was expected."""

    code = "bad-law"


#: Properties of one card, and those that compare a card with the previous one.
CARD_PROPERTIES = ("rank", "suit", "red", "black", "face", "number", "odd", "even")
COMPARISONS = ("higher", "lower", "same suit", "same rank")


@dataclass(frozen=True)
class Test:
    """One property of the played card (``subject == "card"``) or of the card it goes on (``"prev"``)."""

    subject: str
    prop: str
    ranks: tuple[Rank, ...] = ()
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.prop == "rank":
            words = self.ranks[0].value if len(self.ranks) == 1 else "{" + ", ".join(r.value for r in self.ranks) + "}"
        elif self.prop == "suit":
            words = self.suit.noun if self.suit else "?"
        else:
            words = self.prop
        return f"prev {words}" if self.subject == "prev" else words


@dataclass(frozen=True)
class Not:
    part: Condition

    def __str__(self) -> str:
        return f"not {_wrapped(self.part, Test, Not)}"


@dataclass(frozen=True)
class And:
    parts: tuple[Condition, ...]

    def __str__(self) -> str:
        return " and ".join(_wrapped(part, Test, Not, And) for part in self.parts)


@dataclass(frozen=True)
class Or:
    parts: tuple[Condition, ...]

    def __str__(self) -> str:
        return " or ".join(_wrapped(part, Test, Not, And, Or) for part in self.parts)


Condition = Test | Not | And | Or


def _wrapped(part: Condition, *bare: type) -> str:
    return str(part) if isinstance(part, bare) else f"({part})"


def holds(condition: Condition, prev: Card, card: Card) -> bool:
    """Does ``card``, played on ``prev``, meet the condition?"""
    if isinstance(condition, Test):
        return _test(condition, prev, card)
    if isinstance(condition, Not):
        return not holds(condition.part, prev, card)
    if isinstance(condition, And):
        return all(holds(part, prev, card) for part in condition.parts)
    return any(holds(part, prev, card) for part in condition.parts)


def _test(test: Test, prev: Card, card: Card) -> bool:
    subject = prev if test.subject == "prev" else card
    prop = test.prop
    if prop == "rank":
        return subject.rank in test.ranks
    if prop == "suit":
        return subject.suit is test.suit
    if prop in ("red", "black"):
        return subject.is_black == (prop == "black")
    if prop == "face":
        return subject.rank.is_face
    if prop == "number":
        return subject.rank.order <= 10
    if prop in ("odd", "even"):
        return subject.rank.order % 2 == (prop == "odd")
    if prop == "higher":
        return card.rank.order > prev.rank.order
    if prop == "lower":
        return card.rank.order < prev.rank.order
    if prop == "same suit":
        return card.suit is prev.suit
    return card.rank is prev.rank  # same rank


def tests_in(condition: Condition) -> list[Test]:
    """Every property a condition looks at."""
    if isinstance(condition, Test):
        return [condition]
    if isinstance(condition, Not):
        return tests_in(condition.part)
    return [test for part in condition.parts for test in tests_in(part)]


def default_reason(require: Condition) -> str:
    """What the referee says when no reason is written: the kind of thing that was wrong."""
    kinds = {_KIND[test.prop] for test in tests_in(require)}
    return _WRONG[kinds.pop()] if len(kinds) == 1 else N_("wrong card")


#: The referee's default words, marked for translation and said in the table's language where shown.
_WRONG = {"rank": N_("wrong rank"), "suit": N_("wrong suit"), "colour": N_("wrong colour"), "order": N_("wrong order")}


_KIND = {
    "rank": "rank",
    "face": "rank",
    "number": "rank",
    "odd": "rank",
    "even": "rank",
    "same rank": "rank",
    "suit": "suit",
    "same suit": "suit",
    "red": "colour",
    "black": "colour",
    "higher": "order",
    "lower": "order",
}


@dataclass(frozen=True)
class WrittenLaw(Law):
    """A law in the notation. Its state is one flag: is the restriction in force for the next play?"""

    require: Condition
    trigger: Condition | None = None
    until: Condition | None = None
    reason: str = ""
    name: str = "written"

    def __post_init__(self) -> None:
        if not self.reason:
            object.__setattr__(self, "reason", default_reason(self.require))

    def start(self) -> Hashable:
        return self.trigger is None  # a law without a trigger is always in force

    def allows(self, state: Hashable, top: Card, card: Card) -> bool:
        return not state or holds(self.require, top, card)

    def after(self, state: Hashable, top: Card, card: Card) -> Hashable:
        if self.trigger is None:
            return True
        if self.until is None:
            return holds(self.trigger, top, card)
        lifted = bool(state) and holds(self.until, top, card)
        return holds(self.trigger, top, card) or (bool(state) and not lifted)

    def __str__(self) -> str:
        text = str(self.require)
        if self.trigger is not None:
            until = f" until {self.until}" if self.until is not None else ""
            text = f"after {self.trigger}{until}: {text}"
        if self.reason != default_reason(self.require):
            text += f' says "{self.reason}"'
        return text


_GRAMMAR = r"""
law: trigger? cond reason?
trigger: AFTER cond (UNTIL cond)? COLON
reason: SAYS STRING

?cond: disj
?disj: conj (OR conj)*
?conj: neg (AND neg)*
?neg: NOT neg -> negation
    | LPAR cond RPAR -> group
    | test
test: PREV? prop
prop: RANK | LBRACE RANK (COMMA RANK)* RBRACE | SUIT | COLOUR | KIND | PARITY | ORDER | SAME ASPECT

AFTER: /after\b/i
UNTIL: /until\b/i
SAYS: /says\b/i
OR: /or\b/i
AND: /and\b/i
NOT: /not\b/i
PREV: /prev(ious)?\b/i
SAME: /same\b/i
ASPECT: /(suit|rank)\b/i
COLOUR: /(red|black)\b/i
KIND: /(face|number)\b/i
PARITY: /(odd|even)\b/i
ORDER: /(higher|lower)\b/i
SUIT: /(hearts?|diamonds?|clubs?|spades?)\b/i | /[♥♦♣♠]/
RANK: /(10|[2-9]|twos?|threes?|fours?|fives?|sixe?s?|sevens?|eights?|nines?|tens?|jacks?|queens?|kings?|aces?|[jqka])(?![\w])/i
STRING: /"[^"]*"/
COLON: ":"
COMMA: ","
LPAR: "("
RPAR: ")"
LBRACE: "{"
RBRACE: "}"

%import common.WS
%ignore WS
"""


@cache
def _parser() -> Lark:
    """The notation's LALR parser, made once; it builds the law while it parses (``transformer``)."""
    from lark import Lark

    return Lark(_GRAMMAR, start="law", parser="lalr", propagate_positions=False, transformer=_ToLaw())


class _ToLaw:
    """Turns each rule of the grammar into the law's parts as the parser reduces it (a token is a ``str``)."""

    def law(self, items: list[Any]) -> WrittenLaw:
        trigger, until, reason = None, None, ""
        rest = [item for item in items if item is not None]
        if rest and isinstance(rest[0], tuple):
            trigger, until = rest.pop(0)
        if rest and isinstance(rest[-1], str):
            reason = str(rest.pop())
        return WrittenLaw(require=rest[0], trigger=trigger, until=until, reason=reason)

    def trigger(self, items: list[Any]) -> tuple[Condition, Condition | None]:
        conds = [item for item in items if not isinstance(item, str)]
        return conds[0], conds[1] if len(conds) > 1 else None

    def reason(self, items: list[Any]) -> str:
        return items[1][1:-1].strip() or "wrong card"

    def disj(self, items: list[Any]) -> Or:
        return Or(_flat([i for i in items if not isinstance(i, str)], Or))

    def conj(self, items: list[Any]) -> And:
        return And(_flat([i for i in items if not isinstance(i, str)], And))

    def negation(self, items: list[Any]) -> Not:
        return Not(items[1])

    def group(self, items: list[Any]) -> Condition:
        return items[1]  # type: ignore[no-any-return]

    def test(self, items: list[Any]) -> Test:
        subject = "prev" if len(items) == 2 else "card"
        prop: Test = items[-1]
        if subject == "prev" and prop.prop in COMPARISONS:
            raise BadLaw(prev_cannot_compare(prop.prop))
        return Test(subject, prop.prop, prop.ranks, prop.suit)

    def prop(self, items: list[Any]) -> Test:
        kind = items[0].type
        if kind in ("RANK", "LBRACE"):
            ranks = {Rank.parse(_rank_symbol(t)) for t in items if t.type == "RANK"}
            return Test("card", "rank", tuple(sorted(ranks, key=lambda r: r.order)))
        if kind == "SUIT":
            return Test("card", "suit", suit=Suit.parse(_suit_letter(items[0])))
        if kind == "SAME":
            return Test("card", f"same {items[1].lower()}")
        return Test("card", items[0].lower())


def _flat(parts: list[object], kind: type) -> tuple[Condition, ...]:
    flat: list[Condition] = []
    for part in parts:
        flat.extend(part.parts if isinstance(part, (And, Or)) and isinstance(part, kind) else [part])  # type: ignore[list-item]
    return tuple(flat)


def _rank_symbol(token: str) -> str:
    word = token.lower()
    word = word[:-1] if word.endswith("s") and word != "sixes" else "six" if word == "sixes" else word
    return _RANK_WORDS.get(word, token)


_RANK_WORDS = {
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
}


def _suit_letter(token: str) -> str:
    return {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}.get(token, token[0].upper())


#: The longest law the notation reads (the library's longest is under 60 characters), and how many brackets
#: may sit inside one another. Both are checked before the parser sees the text, so a pasted megabyte or a
#: thousand brackets cost a length check, not a parse.
MAX_LAW_LENGTH = 200
MAX_LAW_DEPTH = 8


def parse_law(text: str) -> WrittenLaw:
    """Read a law; a mistake raises :class:`BadLaw` naming the position and what was expected there."""
    if not isinstance(text, str) or not text.strip():
        raise BadLaw(empty_law())
    if len(text) > MAX_LAW_LENGTH:
        raise BadLaw(law_too_long(len(text), MAX_LAW_LENGTH))
    if _depth(text) > MAX_LAW_DEPTH:
        raise BadLaw(law_too_deep(MAX_LAW_DEPTH))
    from lark import UnexpectedInput

    try:
        law = _parser().parse(text)
    except UnexpectedInput as error:
        raise BadLaw(_explain(text, error)) from None
    assert isinstance(law, WrittenLaw)
    return law


def _depth(text: str) -> int:
    """How many brackets (round or curly) sit inside one another at the deepest point."""
    depth = deepest = 0
    for char in text:
        if char in "({":
            depth += 1
            deepest = max(deepest, depth)
        elif char in ")}":
            depth -= 1
    return deepest


def _explain(text: str, error: UnexpectedInput) -> str:
    from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    column = getattr(error, "column", None)
    position = column if isinstance(column, int) and column > 0 else None
    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END"):
        position = None
    found = None
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        found = str(error.token)
    elif isinstance(error, UnexpectedCharacters):
        found = text[error.pos_in_stream or 0]
    expected = set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())
    before = text[: (error.pos_in_stream or 0)] if isinstance(error, (UnexpectedToken, UnexpectedCharacters)) else text
    if before.count("(") <= before.count(")"):
        expected.discard("RPAR")  # nothing is open to close
    if re.search(r"\bafter\b", before, re.IGNORECASE) and ":" not in before:
        expected -= {"SAYS", "END"}  # a trigger is still waiting for its colon
    return unreadable_law(position, expected, found)
