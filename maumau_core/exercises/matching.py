"""Exercises on reading cards and matching the top card (lesson 01), and the named suit (lesson 02)."""

from __future__ import annotations

from maumau_core.engine.cards import Card
from maumau_core.engine.rules import preset
from maumau_core.engine.situations import table
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Misconception, Question
from maumau_core.i18n import N_, speaking
from maumau_core.sentences import exercises as say

LESSON = "01_cards_and_matching.ipynb"
WILD_LESSON = "02_five_rule_sets.ipynb"  # where the jack's power is first met


def _name(text: str) -> str:
    """The card's English name: the exercise's code answers in English whatever the page's language."""
    with speaking("en"):
        return Card.parse(text).name


def _fits(card: str, top: str, named_suit: str | None = None) -> bool:
    """Does the classic rule set accept ``card`` on ``top`` (with a suit named by a jack)?"""
    round_ = table(preset("classic"), [card], top, suit=named_suit)
    return round_.why_not(Card.parse(card)) is None


def _jack_under(card: str) -> str:
    """The jack lying on the pile in the after-jack exercise (never the card being tried)."""
    return "JD" if card.upper() == "JC" else "JC"


def _fits_after_jack(card: str, named_suit: str) -> bool:
    return _fits(card, _jack_under(card), named_suit)


# The misconceptions below are the wrong ideas written as code, as a beginner holding them would.


def _swapped_name(text: str) -> str:
    return f"{solutions.SUIT_WORDS[answers.suit_text(text)]} of {solutions.RANK_WORDS[answers.rank_text(text)]}"


def _singular_name(text: str) -> str:
    return f"{solutions.RANK_WORDS[answers.rank_text(text)]} of {solutions.SUIT_WORDS[answers.suit_text(text)].removesuffix('s')}"


def _no_wild_jack(card: str, top: str) -> bool:
    return answers.rank_text(card) == answers.rank_text(top) or answers.suit_text(card) == answers.suit_text(top)


def _suit_only(card: str, top: str) -> bool:
    return answers.rank_text(card) == "J" or answers.suit_text(card) == answers.suit_text(top)


def _rank_only(card: str, top: str) -> bool:
    return answers.rank_text(card) in ("J", answers.rank_text(top))


def _jack_not_wild_on_jack(card: str, named_suit: str) -> bool:
    return answers.suit_text(card) == named_suit


def _jack_suit_still_counts(card: str, named_suit: str) -> bool:
    return answers.rank_text(card) == "J" or answers.suit_text(card) in (
        named_suit,
        answers.suit_text(_jack_under(card)),
    )


#: The jack's power, said wherever a misconception forgets it.
JACK_IS_WILD = N_(
    "a jack is wild: it may go on any card, another jack included (in the classic rules), except against a waiting 7."
)


card_name = Question(
    id="matching-1",
    title=N_("Read the notation"),
    lesson=LESSON,
    name="card_name",
    task=N_(
        "Write `card_name(text)` that turns a card's short notation into its English name: "
        "`card_name('10h')` → `'ten of hearts'`, `card_name('QS')` → `'queen of spades'`."
    ),
    cases=[Case((text,), say.card_text_case(text)) for text in ("10H", "QS", "7D", "ac", "Kd", "TH", "2♣", "9♠")],
    truth=_name,
    canonical=answers.text,
    rule=N_(
        "a card's name is its rank in words, then 'of', then its suit in words (hearts, diamonds, clubs, spades); "
        "the notation writes the rank first and the suit last."
    ),
    misconceptions=[
        Misconception(
            "suit-and-rank-swapped",
            N_(
                "the name reads in the same order as the notation: the rank "
                "first ('ten'), then 'of', then the suit ('hearts')."
            ),
            _swapped_name,
        ),
        Misconception(
            "suit-in-singular",
            N_(
                "suits are named in the plural: hearts, diamonds, clubs and spades "
                "('ten of hearts', not 'ten of heart')."
            ),
            _singular_name,
        ),
    ],
    hints=[
        N_("The last character is the suit; everything before it is the rank ('10' or 'T' for ten)."),
        N_(
            "Make two dictionaries, one from rank symbols to words and one from suit letters (and ♥♦♣♠) to "
            "words. Upper-case the text first so that 'h' and 'H' look the same."
        ),
        N_("Join the two words with ' of ' in an f-string."),
    ],
    solution_code=solutions.card_name,
    explanation=N_(
        "the notation is rank then suit; the rank may be two characters (10), so split off the "
        "last character as the suit and look both parts up."
    ),
)

may_play = Question(
    id="matching-2",
    title=N_("May this card be played?"),
    lesson=WILD_LESSON,
    name="may_play",
    task=N_(
        "Write `may_play(card, top)` that says (True or False) whether `card` may go on `top` in the classic "
        "rules when nothing special is waiting. Cards are written like '7H' and '10S'. Matching is taught in "
        "lesson 01; the jack's power in lesson 02 (`02_five_rule_sets.ipynb`)."
    ),
    cases=[
        Case((card, top), say.card_on_top_case(card, top))
        for card, top in (
            ("7H", "9H"),
            ("9C", "9H"),
            ("KS", "9H"),
            ("JD", "9H"),
            ("10D", "10S"),
            ("QC", "7D"),
            ("JS", "JC"),
            ("AH", "KS"),
        )
    ],
    truth=_fits,
    rule=N_("a card fits on the top card when it has the same rank or the same suit, and a jack fits on anything."),
    misconceptions=[
        Misconception("forgot-wild-jack", JACK_IS_WILD, _no_wild_jack),
        Misconception("suit-only", N_("a card fits by its rank too: a 9 of any suit may go on a 9."), _suit_only),
        Misconception("rank-only", N_("a card fits by its suit too: any heart may go on a heart."), _rank_only),
    ],
    hints=[
        N_("A card fits when it has the same rank as the top card or the same suit. One rank fits anything."),
        N_(
            "Do not forget the jack: in the classic rules it is wild (lesson 02 shows what each rule set does with it)."
        ),
        N_("Compare `card[:-1]` with `top[:-1]` (the ranks) and `card[-1]` with `top[-1]` (the suits)."),
    ],
    solution_code=solutions.may_play,
    explanation=N_(
        "a card matches the top card by rank or by suit, and a jack is wild on anything (even on a "
        "jack, in the classic rules)."
    ),
)

after_jack = Question(
    id="matching-3",
    title=N_("After a jack"),
    lesson="04_sevens_and_jacks.ipynb",
    name="after_jack",
    task=N_(
        "The top card is a jack and its player named a suit ('H', 'D', 'C' or 'S'). Write "
        "`after_jack(card, named_suit)` that says whether `card` may be played now (classic rules)."
    ),
    cases=[
        Case((card, suit), say.card_after_jack_case(card, suit))
        for card, suit in (("7H", "H"), ("7H", "S"), ("QC", "H"), ("9S", "S"), ("JD", "S"), ("AC", "C"))
    ],
    truth=_fits_after_jack,
    rule=N_("after a jack, a card must be of the suit its player named; a jack may still go on it."),
    misconceptions=[
        Misconception("no-jack-on-jack", JACK_IS_WILD, _jack_not_wild_on_jack),
        Misconception(
            "jack-suit-still-counts",
            N_("after a jack only the named suit counts: the suit printed on the jack no longer matters."),
            _jack_suit_still_counts,
        ),
    ],
    hints=[
        N_("After a jack, only the named suit counts: the jack's own suit and rank no longer matter."),
        N_("So a card fits if its suit is the named one, or if it is itself a jack."),
        N_("`card[-1] == named_suit` checks the suit; `card[:-1] == 'J'` spots a jack."),
    ],
    solution_code=solutions.after_jack,
    explanation=N_(
        "a jack replaces the suit to follow with the one its player names; another jack is still "
        "wild on it in the classic rules."
    ),
)

QUESTIONS = [card_name, may_play, after_jack]
