"""Cards and their notation, decks, points; the rules configuration and its presets."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_core import PRESETS, BadCard, BadOption, Card, Rank, Rules, Suit, make_deck, preset
from maumau_core.engine.cards import sort_hand


@pytest.mark.parametrize("text", ["10h", "TH", "10♥", "th", " 10H ", "t♥", "10H"])
def test_card_notation_is_lenient_and_round_trips(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == "10H" and Card.parse(str(card)) is card


def test_every_card_round_trips_through_text_symbol_and_repr() -> None:
    for card in make_deck(52):
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert eval(repr(card), {"Card": Card}) is card  # noqa: S307 - our own repr, not learner input


def test_card_names_and_symbols() -> None:
    assert Card.parse("10H").name == "ten of hearts"
    assert Card.parse("qs").symbol == "Q♠"
    assert Card.parse("AC").name == "ace of clubs"


@pytest.mark.parametrize("text", ["11H", "1H", "", "H", "10", "10X", "JJ", "QSS", "queen of spades", "♥10", "1OH"])
def test_bad_card_strings_give_one_clear_sentence(text: str) -> None:
    with pytest.raises(BadCard) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert caught.value.code == "bad-card" and message.endswith(".") and "\n" not in message
    assert text.strip() in message


def test_a_card_must_be_text() -> None:
    with pytest.raises(BadCard):
        Card.parse(10)  # type: ignore[arg-type]


@given(st.text(max_size=6))
def test_any_text_is_a_card_or_a_bad_card(text: str) -> None:
    try:
        card = Card.parse(text)
    except BadCard:
        return
    assert Card.parse(str(card)) is card


def test_cards_are_immutable_shared_values() -> None:
    card = Card.parse("7C")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert Card(Rank.SEVEN, Suit.CLUBS) is card
    assert copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card
    assert len({card, Card.parse("7c")}) == 1


@pytest.mark.parametrize("size,low", [(32, 7), (36, 6), (52, 2), (104, 2)])
def test_decks(size: int, low: int) -> None:
    deck = make_deck(size)
    assert len(deck) == size and min(c.rank.order for c in deck) == low
    assert len(set(deck)) == min(size, 52)


def test_unknown_deck_size() -> None:
    with pytest.raises(ValueError):
        make_deck(40)


def test_card_points() -> None:
    points = {str(c): c.points for c in make_deck(52) if c.suit is Suit.HEARTS}
    assert points == {
        "2H": 2,
        "3H": 3,
        "4H": 4,
        "5H": 5,
        "6H": 6,
        "7H": 7,
        "8H": 8,
        "9H": 9,
        "10H": 10,
        "JH": 10,
        "QH": 10,
        "KH": 10,
        "AH": 10,
    }


def test_sort_hand_groups_suits_low_to_high() -> None:
    hand = [Card.parse(t) for t in ("KH", "2C", "AH", "9C")]
    assert [str(c) for c in sort_hand(hand)] == ["2C", "9C", "KH", "AH"]


def test_bavarian_names_for_display_only() -> None:
    assert Suit.CLUBS.bavarian == "acorns" and Suit.DIAMONDS.bavarian == "bells"


def test_rules_are_frozen_and_keyword_only() -> None:
    rules = preset("classic")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.deck = 32  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules(52)  # type: ignore[misc]


def test_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(BadOption) as caught:
        preset("classic", jokers=True)
    assert "'jokers'" in str(caught.value) and "draw_stacking" in str(caught.value)


@pytest.mark.parametrize(
    "option,value",
    [
        ("ace", "explode"),
        ("deck", 40),
        ("draw_stacking", "yes"),
        ("hand_size", -1),
        ("draw_card", "11"),
        ("call_window", 3),
    ],
)
def test_bad_option_values_are_refused(option: str, value: object) -> None:
    with pytest.raises(BadOption) as caught:
        preset("classic", **{option: value})
    assert option in str(caught.value)


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(BadOption) as caught:
        preset("uno")
    assert all(name in str(caught.value) for name in PRESETS)


def test_presets_registry() -> None:
    assert list(PRESETS) == ["classic", "simple32", "german32", "tschau-sepp", "mao"]
    for name in PRESETS:
        assert preset(name).name == name


@pytest.mark.parametrize(
    "name,sheet", [("classic", "[C]"), ("simple32", "[S]"), ("german32", "[G]"), ("tschau-sepp", "[G]"), ("mao", "[M]")]
)
def test_each_preset_docstring_names_its_sheet_and_readings(name: str, sheet: str) -> None:
    doc = PRESETS[name].__doc__ or ""
    assert sheet in doc.splitlines()[0] and "docs/rules.md" in doc
    assert "reading" in doc.lower()


def test_every_rules_md_option_has_a_field() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)}
    for needed in (
        "deck",
        "hand_size",
        "draw_card",
        "skip_card",
        "wild_card",
        "ace",
        "draw_stacking",
        "draw_stack_max",
        "wild_on_wild",
        "wild_last",
        "draw_until_playable",
        "several_cards",
        "invalid_play_penalty",
        "call_one",
        "call_out",
        "call_penalty",
        "call_window",
        "flagger",
        "first_card",
        "scoring",
        "target",
        "skip_stacking",
    ):
        assert needed in fields


def test_option_changes_are_listed_against_the_preset() -> None:
    assert preset("german32", ace="again", deck=52).changes() == {"ace": "again", "deck": 52}
    assert preset("tschau-sepp").changes() == {}


def test_the_library_imports_no_widget_code() -> None:
    package = Path(__file__).resolve().parents[1] / "maumau_core"
    for path in package.glob("*.py"):
        if path.name.startswith("widgets"):
            continue
        assert not re.search(r"^\s*(import|from)\s+(ipywidgets|IPython)", path.read_text(), re.M), path.name
