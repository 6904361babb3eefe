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


@pytest.mark.parametrize(
    ("language", "king_of_hearts", "letters"),
    [
        ("fr", "R♥", "2–10, V, D, R, A"),
        ("it", "R♥", "2–10, F, D, R, A"),
        ("ro", "R♥", "2–10, V, D, R, A"),
        ("de", "K♥", "2–10, B, D, K, A"),
        ("en", "K♥", "2–10, J, Q, K, A"),
    ],
)
def test_the_lessons_card_box_reads_the_pages_letters_and_its_help_names_them(
    language: str, king_of_hearts: str, letters: str
) -> None:
    """Lesson 01's top-card box: a learner types the card as the page writes it, and a mistyped card is met
    with the page's own letters, never with letters the parser would refuse there."""
    from maumau_core.widgets.lessons import MatchFinder

    use(language)
    finder = MatchFinder(top=king_of_hearts)
    assert 'class="mm-message mm-bad"' not in finder._out.value and "♥" in finder._out.value
    finder._top.value = "C7"
    assert letters in finder._out.value
