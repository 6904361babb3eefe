"""The help on a mistyped card names the page's own letters and suits, and each one it names parses.

A learner who reads "write the rank (2–10, V, D, R, A)" on a French page and types "R♥" must get the king
of hearts; the help never names a letter the parser refuses in that language (Italian and Romanian read
"C" as two suits)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maumau_core import Card, Rank, Suit
from maumau_core.engine.cards import card_help, rank_words, suit_words
from maumau_core.errors import BadCard
from maumau_core.i18n import LANGUAGES, use


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    use("en")


def _refusal(call: object, *args: object) -> str:
    with pytest.raises(BadCard) as refused:
        call(*args)  # type: ignore[operator]
    return str(refused.value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rank_the_help_names_parses_to_the_rank_it_means(language: str) -> None:
    use(language)
    numbers, *faces = rank_words(language)
    assert numbers == "2–10" and [Rank.parse(letter, language) for letter in faces] == [
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    ]
    said = _refusal(Rank.parse, "Z", language)
    assert ", ".join(rank_words(language)) in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_suit_the_help_names_parses_to_the_suit_it_means(language: str) -> None:
    use(language)
    assert [Suit.parse(word, language) for word in suit_words(language)] == list(Suit)
    assert [Suit.parse(suit.symbol, language) for suit in Suit] == list(Suit)
    said = _refusal(Suit.parse, "Z", language)
    assert ", ".join(suit_words(language)) in said and "♣ ♦ ♥ ♠" in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_help_names_what_parses_and_its_examples_are_cards(language: str) -> None:
    use(language)
    named = card_help(language)
    said = _refusal(Card.parse, "XX9", language)
    assert all(part in said for part in named.values()), said
    assert Card.parse(named["first"], language) == Card.parse("10H")
    assert Card.parse(named["second"], language) == Card.parse("QS")
    for suit in named["suits"].replace(",", " ").split():
        assert Suit.parse(suit, language) in Suit
    if language != "en":
        assert "C, D, H, S" not in said and "J, Q, K" not in said
