"""Exercises on reading cards and matching the top card (lesson 01), and the named suit (lesson 02)."""

from __future__ import annotations

from maumau_core.cards import Card
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Question
from maumau_core.rules import preset
from maumau_core.sentences import exercises as say
from maumau_core.situations import table

LESSON = "01_cards_and_matching.ipynb"


def _name(text: str) -> str:
    return Card.parse(text).name


def _fits(card: str, top: str, named_suit: str | None = None) -> bool:
    """Does the classic rule set accept ``card`` on ``top`` (with a suit named by a jack)?"""
    round_ = table(preset("classic"), [card], top, suit=named_suit)
    return round_.why_not(Card.parse(card)) is None


def _fits_after_jack(card: str, named_suit: str) -> bool:
    jack = "JD" if card.upper() == "JC" else "JC"
    return _fits(card, jack, named_suit)


card_name = Question(
    id="matching-1", title="Read the notation", lesson=LESSON, name="card_name",
    task="Write `card_name(text)` that turns a card's short notation into its English name: "
         "`card_name('10h')` → `'ten of hearts'`, `card_name('QS')` → `'queen of spades'`.",
    cases=[Case((text,), say.card_text_case(text)) for text in ("10H", "QS", "7D", "ac", "Kd", "TH", "2♣", "9♠")],
    truth=_name, canonical=answers.text, show=repr,
    hints=["The last character is the suit; everything before it is the rank ('10' or 'T' for ten).",
           "Make two dictionaries, one from rank symbols to words and one from suit letters (and ♥♦♣♠) to "
           "words. Upper-case the text first so that 'h' and 'H' look the same.",
           "Join the two words with ' of ' in an f-string."],
    solution_code=solutions.card_name,
    explanation="the notation is rank then suit; the rank may be two characters (10), so split off the "
                "last character as the suit and look both parts up.",
)

may_play = Question(
    id="matching-2", title="May this card be played?", lesson=LESSON, name="may_play",
    task="Write `may_play(card, top)` that says (True or False) whether `card` may go on `top` in the classic "
         "rules when nothing special is waiting. Cards are written like '7H' and '10S'.",
    cases=[Case((card, top), say.card_on_top_case(card, top)) for card, top in (
        ("7H", "9H"), ("9C", "9H"), ("KS", "9H"), ("JD", "9H"), ("10D", "10S"), ("QC", "7D"), ("JS", "JC"),
        ("AH", "KS"))],
    truth=_fits,
    hints=["A card fits when it has the same rank as the top card or the same suit. One rank fits anything.",
           "Compare `card[:-1]` with `top[:-1]` (the ranks) and `card[-1]` with `top[-1]` (the suits).",
           "Do not forget the jack: in the classic rules it is wild."],
    solution_code=solutions.may_play,
    explanation="a card matches the top card by rank or by suit, and a jack is wild on anything (even on a "
                "jack, in the classic rules).",
)

after_jack = Question(
    id="matching-3", title="After a jack", lesson="04_sevens_and_jacks.ipynb", name="after_jack",
    task="The top card is a jack and its player named a suit ('H', 'D', 'C' or 'S'). Write "
         "`after_jack(card, named_suit)` that says whether `card` may be played now (classic rules).",
    cases=[Case((card, suit), say.card_after_jack_case(card, suit)) for card, suit in (
        ("7H", "H"), ("7H", "S"), ("QC", "H"), ("9S", "S"), ("JD", "S"), ("AC", "C"))],
    truth=_fits_after_jack,
    hints=["After a jack, only the named suit counts: the jack's own suit and rank no longer matter.",
           "So a card fits if its suit is the named one, or if it is itself a jack.",
           "`card[-1] == named_suit` checks the suit; `card[:-1] == 'J'` spots a jack."],
    solution_code=solutions.after_jack,
    explanation="a jack replaces the suit to follow with the one its player names; another jack is still "
                "wild on it in the classic rules.",
)

QUESTIONS = [card_name, may_play, after_jack]
