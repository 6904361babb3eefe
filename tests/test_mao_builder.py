"""The law builder: every law of the library can be built from its dropdowns, a built law prints the
notation a learner could type, and its words are the notation's words."""

from __future__ import annotations

from itertools import product

import pytest

from maumau_core import LIBRARY, BadLaw, parse_law
from maumau_core.mao import notation
from maumau_core.mao.law_builder import Draft, Piece
from maumau_core.mao.law_check import same_law
from maumau_core.mao.law_library import LibraryLaw
from maumau_core.sentences.mao import builder_properties
from maumau_core.widgets.law_tools import GuessPanel

PROPERTIES = [notation for _label, notation in builder_properties()]


def pieces(condition: notation.Condition, negated: bool = False) -> list[list[Piece]]:
    """A condition as an "or" of "and"s of pieces (``not`` pushed down to the properties)."""
    if isinstance(condition, notation.Test):
        prop = str(notation.Test("card", condition.prop, condition.ranks, condition.suit))
        return [[Piece(prop, prev=condition.subject == "prev", negated=negated)]]
    if isinstance(condition, notation.Not):
        return pieces(condition.part, not negated)
    parts = [pieces(part, negated) for part in condition.parts]
    if isinstance(condition, notation.Or) != negated:  # an "or", or a "not (… and …)"
        return [clause for part in parts for clause in part]
    return [[piece for clause in combo for piece in clause] for combo in product(*parts)]


def built(draft: Draft, part: str, clauses: list[list[Piece]]) -> Draft:
    for clause in clauses:
        for number, piece in enumerate(clause):
            draft = draft.add(part, piece, "or" if number == 0 else "and")  # type: ignore[arg-type]
    return draft


@pytest.mark.parametrize("entry", LIBRARY, ids=lambda e: e.name)
def test_every_library_law_can_be_built_from_the_dropdowns(entry: LibraryLaw) -> None:
    law, draft = entry.law, Draft()
    if law.trigger is not None:
        draft = built(draft, "after", pieces(law.trigger))
    if law.until is not None:
        draft = built(draft, "until", pieces(law.until))
    draft = built(draft, "must", pieces(law.require))
    used = [piece.prop for part in (draft.after, draft.until, draft.must) for clause in part for piece in clause]
    assert all(prop in PROPERTIES for prop in used), used
    assert same_law(parse_law(draft.notation()), law)


def test_a_built_law_prints_the_notation_a_learner_would_type() -> None:
    draft = Draft()
    draft = draft.add("after", Piece("red"), "and").add("after", Piece("face"), "and")
    draft = draft.add("must", Piece("spades", prev=True, negated=True), "or").add("must", Piece("black"), "or")
    assert draft.notation() == "after red and face: not prev spades or black"
    assert str(parse_law(draft.notation())) == draft.notation()
    assert Draft().notation() == ""


def test_the_builders_words_are_the_notations_words() -> None:
    for label, word in builder_properties():
        assert label.startswith(word), label
        assert "picture" not in label
    assert "{2, 3, 4, 5, 6}" in PROPERTIES and "face" in PROPERTIES and "same suit" in PROPERTIES


def test_the_builder_refuses_what_the_notation_refuses() -> None:
    with pytest.raises(BadLaw, match="cannot follow “prev”"):
        Draft().add("must", Piece("higher", prev=True), "and")
    with pytest.raises(BadLaw, match="add the “after” part first"):
        Draft().add("until", Piece("A"), "and")


def test_the_builder_on_the_page_fills_the_guess_box() -> None:
    panel = GuessPanel.for_law(parse_law("after 8: red"))
    builder = panel.builder
    builder.pick("after", "8")
    builder._joins[0].click()
    builder.pick("must", "red")
    builder._joins[0].click()
    assert "<code>after 8: red</code>" in builder.shown.value
    builder._use.click()
    assert panel.text.value == "after 8: red"
    assert panel.judge() and "Guesses checked for this law: 1." in panel.count.value
    builder._clear.click()
    builder.pick("until", "A")
    builder._joins[1].click()
    assert "add the “after” part first" in builder.shown.value
