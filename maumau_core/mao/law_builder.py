"""A law built piece by piece from dropdowns, printed in the same notation a learner could type.

A beginner who cannot yet write the notation picks pieces: a property
(``Q``, ``{2, 3, 4, 5, 6}``, ``hearts``, ``face``, ``same suit`` …), perhaps
with ``not`` or ``prev``, and adds it to one of the law's three parts (the
condition, the ``after`` trigger, the ``until`` lift) joined with ``and`` or
``or``. Each part is an "or" of "and"s, which the notation reads without
brackets (``and`` binds closer), so every law of the library can be built:
``not (prev spades and spades)`` as ``not prev spades or not spades``.
The words of the dropdowns are in :mod:`maumau_core.sentences.mao`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from maumau_core.mao.notation import COMPARISONS, BadLaw
from maumau_core.sentences.mao import needs_after_first, prev_cannot_compare

Part = Literal["must", "after", "until"]
Join = Literal["and", "or"]


@dataclass(frozen=True)
class Piece:
    """One property, in the notation (``"Q"``, ``"{2, 3}"``, ``"same suit"``), of the card or of ``prev``."""

    prop: str
    prev: bool = False
    negated: bool = False

    def __str__(self) -> str:
        return f"{'not ' if self.negated else ''}{'prev ' if self.prev else ''}{self.prop}"


#: A part of a law: an "or" of "and"s of pieces.
Clauses = tuple[tuple[Piece, ...], ...]


def _printed(clauses: Clauses) -> str:
    return " or ".join(" and ".join(str(piece) for piece in clause) for clause in clauses)


@dataclass(frozen=True)
class Draft:
    """The law built so far; :meth:`notation` prints it."""

    must: Clauses = ()
    after: Clauses = ()
    until: Clauses = ()

    def add(self, part: Part, piece: Piece, join: Join) -> Draft:
        """The draft with ``piece`` joined to ``part``: ``and`` to its last clause, ``or`` as a new clause.

        ``prev`` with a comparison, and an ``until`` before any ``after``, are refused with one sentence.
        """
        if piece.prev and piece.prop in COMPARISONS:
            raise BadLaw(prev_cannot_compare(piece.prop))
        if part == "until" and not self.after:
            raise BadLaw(needs_after_first())
        clauses: Clauses = getattr(self, part)
        if join == "and" and clauses:
            clauses = (*clauses[:-1], (*clauses[-1], piece))
        else:
            clauses = (*clauses, (piece,))
        return replace(self, **{part: clauses})

    def notation(self) -> str:
        """The law in the notation; empty until the condition has a piece."""
        if not self.must:
            return ""
        if not self.after:
            return _printed(self.must)
        until = f" until {_printed(self.until)}" if self.until else ""
        return f"after {_printed(self.after)}{until}: {_printed(self.must)}"
