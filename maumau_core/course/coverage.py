"""What the course teaches, clause by clause: for every rule of every rule set, the lesson section that
teaches it and the check that asks about it.

Each clause names a rule of ``docs/rules.md`` for one rule set (or ``"all"`` of them), the page section
that teaches it (``page.ipynb#Heading-anchor``, the anchor as the page shows it) and one check: a
check-yourself quiz on a page (``quiz:page:n``, the n-th quiz there, from 0), a practice topic
(``practice:topic``) or a code exercise (``exercise:id``). ``tests/test_coverage.py`` fails when a clause
has no lesson or no check, or names a section or a check that does not exist — so a rule cannot be
dropped from the course, or a section renamed, without the map saying so.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote


def section(page: str, heading: str) -> str:
    """A link to a heading of a page, with the anchor the web page (nbconvert) and JupyterLab give it:
    spaces become hyphens and the rest is URL-quoted (``tests/test_coverage.py`` checks it against nbconvert)."""
    return page + "#" + quote(heading.replace(" ", "-"), safe=_FRAGMENT_SAFE)


_FRAGMENT_SAFE = "?/:@!$&'()*+,;="


@dataclass(frozen=True)
class Clause:
    """One rule of one rule set, where the course teaches it, and how it asks about it."""

    rule_set: str
    rule: str
    lesson: str
    check: str


def _c(rule_set: str, rule: str, lesson: str, check: str) -> Clause:
    return Clause(rule_set, rule, lesson, check)


CLAUSES: tuple[Clause, ...] = (
    # ---------------------------------------------------------------- every rule set
    _c(
        "all",
        "French suits, no jokers; a suit is one of four, never a colour",
        section("01_cards_and_matching.ipynb", "1 · Cards and matching"),
        "exercise:matching-1",
    ),
    _c(
        "all",
        "a card matches the top card's rank or suit (or the suit a wild card named)",
        section("01_cards_and_matching.ipynb", "The one rule of every turn"),
        "practice:playable",
    ),
    _c(
        "all",
        "the deal: one card at a time, clockwise from the dealer's left; the rest is the stock; one card turned up",
        section("03_setting_up.ipynb", "Shuffling and dealing"),
        "quiz:03_setting_up:0",
    ),
    _c(
        "all",
        "the player left of the dealer starts; play goes clockwise; the dealer moves on each round",
        section("03_setting_up.ipynb", "Who starts, and who deals next"),
        "quiz:03_setting_up:1",
    ),
    _c(
        "all",
        "an empty stock: keep the top card, shuffle the rest; what is waiting stays waiting",
        section("03_setting_up.ipynb", "When the stock runs out"),
        "quiz:03_setting_up:3",
    ),
    _c(
        "all",
        "the round ends when a hand is emptied with the right call",
        section("06_calls.ipynb", '6 · Calling "Mau!"'),
        "practice:words",
    ),
    _c(
        "all",
        "the card that empties a hand has no power",
        section("05_eights_and_aces.ipynb", "The last card has no power"),
        "quiz:05_eights_and_aces:2",
    ),
    # ---------------------------------------------------------------- classic
    _c(
        "classic",
        "2–6 players on one 52-card deck; two decks mixed from 7 players",
        section("02_five_rule_sets.ipynb", "2 · Five rule sets"),
        "quiz:02_five_rule_sets:0",
    ),
    _c("classic", "5 cards each", section("03_setting_up.ipynb", "Shuffling and dealing"), "quiz:03_setting_up:0"),
    _c(
        "classic",
        "a 7: the next player draws 2 unless they answer with a 7 (the penalty grows)",
        section("04_sevens_and_jacks.ipynb", "The 7: draw two"),
        "exercise:specials-2",
    ),
    _c(
        "classic",
        "a jack is wild on anything, a jack too, and names a suit",
        section("04_sevens_and_jacks.ipynb", "The jack: wild, and it names a suit"),
        "exercise:matching-3",
    ),
    _c(
        "classic",
        "an 8 skips the next player",
        section("05_eights_and_aces.ipynb", "The 8: skip the next player"),
        "exercise:specials-3",
    ),
    _c(
        "classic",
        "aces, kings, queens and 2–6, 9, 10 have no power",
        section("05_eights_and_aces.ipynb", "The ace: it depends on the table"),
        "exercise:specials-5",
    ),
    _c(
        "classic",
        "blocked: draw one; play it or keep it; no drawing with a playable card",
        section("01_cards_and_matching.ipynb", "The one rule of every turn"),
        "quiz:07_first_round:0",
    ),
    _c(
        "classic",
        "a jack turned up: the dealer names the suit; a 7 or 8 turned up does nothing",
        section("03_setting_up.ipynb", "The first card turned up"),
        "quiz:03_setting_up:2",
    ),
    _c(
        "classic",
        "“Mau” at one card, “Mau Mau” with the last; 2 cards if flagged before the next turn ends",
        section("06_calls.ipynb", '6 · Calling "Mau!"'),
        "exercise:calls-2",
    ),
    _c(
        "classic",
        "a late call counts only before the next player acts",
        section("06_calls.ipynb", '6 · Calling "Mau!"'),
        "quiz:06_calls:0",
    ),
    _c(
        "classic",
        "a missed “Mau Mau”: flagged in time, draw 2 and play on; else the empty hand wins",
        section("06_calls.ipynb", '6 · Calling "Mau!"'),
        "quiz:06_calls:1",
    ),
    _c(
        "classic",
        "card points to 100 (reached), lowest total wins, a tie plays an extra round",
        section("08_scoring_and_matches.ipynb", "8 · Scoring and matches"),
        "exercise:scoring-3",
    ),
    _c(
        "classic",
        "a void round scores nothing",
        section("08_scoring_and_matches.ipynb", "8 · Scoring and matches"),
        "quiz:08_scoring_and_matches:1",
    ),
    # ---------------------------------------------------------------- simple32
    _c(
        "simple32",
        "32 cards (7 to ace), 5 each",
        section("02_five_rule_sets.ipynb", "2 · Five rule sets"),
        "quiz:02_five_rule_sets:0",
    ),
    _c(
        "simple32",
        "a jack is wild, but never an answer to a 7",
        section("04_sevens_and_jacks.ipynb", "The jack: wild, and it names a suit"),
        "exercise:specials-1",
    ),
    _c(
        "simple32",
        "a 7: draw 2 and pass, no answering",
        section("04_sevens_and_jacks.ipynb", "The 7: draw two"),
        "exercise:specials-1",
    ),
    _c(
        "simple32",
        "an ace: the next player passes (two players: its player plays again)",
        section("05_eights_and_aces.ipynb", "The ace: it depends on the table"),
        "quiz:05_eights_and_aces:1",
    ),
    _c(
        "simple32",
        "the 8 has no power",
        section("09_house_rules.ipynb", "simple32: the simple table convention"),
        "quiz:09_house_rules:1",
    ),
    _c(
        "simple32",
        "blocked: draw one; a card that fits must be played",
        section("09_house_rules.ipynb", "simple32: the simple table convention"),
        "quiz:09_house_rules:1",
    ),
    _c(
        "simple32",
        "only “Mau” is called; flagged before the next player starts, 2 cards",
        section("06_calls.ipynb", '6 · Calling "Mau!"'),
        "practice:words",
    ),
    _c(
        "simple32",
        "a full idle turn of the table makes the round void",
        section("03_setting_up.ipynb", "When there is nothing left to draw"),
        "quiz:03_setting_up:3",
    ),
    _c(
        "simple32",
        "one point per round won over a fixed number of rounds; ties shared",
        section("09_house_rules.ipynb", "simple32: the simple table convention"),
        "quiz:09_house_rules:1",
    ),
    # ---------------------------------------------------------------- german32
    _c(
        "german32",
        "32 cards; 5 each, 7 each when two play",
        section("03_setting_up.ipynb", "Shuffling and dealing"),
        "quiz:03_setting_up:0",
    ),
    _c(
        "german32",
        "a 7: draw 2 unless answered by a 7 (up to 8 cards); facing a 7, only a 7 or drawing",
        section("04_sevens_and_jacks.ipynb", "The 7: draw two"),
        "exercise:specials-2",
    ),
    _c(
        "german32",
        "an 8 skips the next player",
        section("05_eights_and_aces.ipynb", "5 · The 8, the ace and the last card"),
        "exercise:specials-3",
    ),
    _c(
        "german32",
        "an ace reverses the direction (two players: a skip)",
        section("05_eights_and_aces.ipynb", "The ace: it depends on the table"),
        "exercise:specials-4",
    ),
    _c(
        "german32",
        "a player may draw although a card fits",
        section("09_house_rules.ipynb", "german32: the traditional German game"),
        "quiz:09_house_rules:2",
    ),
    _c(
        "german32",
        "“Mau” and “Mau-Mau”; a forgotten call flagged before the next player starts costs 2",
        section("06_calls.ipynb", '6 · Calling "Mau!"'),
        "practice:words",
    ),
    _c(
        "german32",
        "a forgotten “Mau-Mau”: draw 2 and play on",
        section("09_house_rules.ipynb", "german32: the traditional German game"),
        "quiz:06_calls:1",
    ),
    _c(
        "german32",
        "the match ends when a total passes 100 (200 for a long game)",
        section("09_house_rules.ipynb", "german32: the traditional German game"),
        "quiz:09_house_rules:2",
    ),
    _c(
        "german32",
        "house rules: no jack on a jack, no jack last, several cards, draw until it fits, a card for a bad play, 8s pass the skip on",
        section("09_house_rules.ipynb", "The house rules of the German sheet"),
        "quiz:09_house_rules:3",
    ),
    # ---------------------------------------------------------------- tschau-sepp
    _c(
        "tschau-sepp",
        "36 cards; the 6 makes the next player draw",
        section("02_five_rule_sets.ipynb", "2 · Five rule sets"),
        "quiz:02_five_rule_sets:0",
    ),
    _c(
        "tschau-sepp",
        "the calls “Tschau” and “Tschau Sepp”",
        section("09_house_rules.ipynb", "tschau-sepp: a Swiss way to play"),
        "practice:words",
    ),
    # ---------------------------------------------------------------- mao
    _c(
        "mao",
        "3–6 players; a referee writes one secret law; 5 cards each",
        section("12_mao_rules.ipynb", "How a round is run"),
        "quiz:12_mao_rules:0",
    ),
    _c(
        "mao",
        "match suit or rank and obey the law, or draw one and end the turn",
        section("12_mao_rules.ipynb", "12 · Mao: the game with a secret law"),
        "quiz:12_mao_rules:1",
    ),
    _c("mao", "a law only restricts", section("14_write_a_law.ipynb", "14 · Write a law"), "exercise:mao-1"),
    _c(
        "mao",
        "speech after a legal play: each spade named, “Mao” at one card and after the last",
        section("12_mao_rules.ipynb", "Talking is part of the game"),
        "practice:words",
    ),
    _c(
        "mao",
        "an illegal attempt: the card goes back, one penalty card, a short reason, the turn ends",
        section("12_mao_rules.ipynb", "12 · Mao: the game with a secret law"),
        "quiz:12_mao_rules:1",
    ),
    _c(
        "mao",
        "the tutorial law: after a queen, the next card must be black",
        section("12_mao_rules.ipynb", "The first law everyone learns"),
        "quiz:12_mao_rules:1",
    ),
    _c(
        "mao",
        "a stuck round: cards plus unpaid penalties, fewest wins",
        section("12_mao_rules.ipynb", "How a round is run"),
        "quiz:12_mao_rules:0",
    ),
    _c(
        "mao",
        "first to 3 round wins; the winner may write the next law",
        section("12_mao_rules.ipynb", "How a round is run"),
        "exercise:mao-1",
    ),
)

#: The rule sets every clause list must cover.
RULE_SETS = ("all", "classic", "simple32", "german32", "tschau-sepp", "mao")


#: The lesson section behind each refusal (by its sentence's key: ``Refusal.why`` or else its code), so a
#: table can answer a refused click with "why?" and a link to the rule.
REFUSAL_LESSONS: dict[str, str] = {
    "no-match": section("01_cards_and_matching.ipynb", "The one rule of every turn"),
    "named-suit": section("04_sevens_and_jacks.ipynb", "The jack: wild, and it names a suit"),
    "suit-required": section("04_sevens_and_jacks.ipynb", "The jack: wild, and it names a suit"),
    "must-answer-seven": section("04_sevens_and_jacks.ipynb", "The 7: draw two"),
    "seven-no-answer": section("04_sevens_and_jacks.ipynb", "The 7: draw two"),
    "chain-full": section("04_sevens_and_jacks.ipynb", "The 7: draw two"),
    "skip-waiting": section("09_house_rules.ipynb", "The house rules of the German sheet"),
    "skip-answer-or-pass": section("09_house_rules.ipynb", "The house rules of the German sheet"),
    "jack-on-jack": section("09_house_rules.ipynb", "The house rules of the German sheet"),
    "jack-last": section("09_house_rules.ipynb", "The house rules of the German sheet"),
    "mixed-ranks": section("09_house_rules.ipynb", "The house rules of the German sheet"),
    "one-card-only": section("01_cards_and_matching.ipynb", "The one rule of every turn"),
    "can-play": section("01_cards_and_matching.ipynb", "The one rule of every turn"),
    "drawn-only": section("01_cards_and_matching.ipynb", "The one rule of every turn"),
    "drawn-must-play": section("09_house_rules.ipynb", "simple32: the simple table convention"),
    "must-play-drawn": section("09_house_rules.ipynb", "simple32: the simple table convention"),
    "drawn-already": section("01_cards_and_matching.ipynb", "The one rule of every turn"),
    "cannot-pass": section("01_cards_and_matching.ipynb", "The one rule of every turn"),
    "no-missed-call": section("06_calls.ipynb", '6 · Calling "Mau!"'),
    "bad-flag": section("06_calls.ipynb", '6 · Calling "Mau!"'),
    "mao-no-flags": section("12_mao_rules.ipynb", "Talking is part of the game"),
    "missing-word": section("12_mao_rules.ipynb", "Talking is part of the game"),
    "extra-word": section("12_mao_rules.ipynb", "Talking is part of the game"),
    "referee": section("12_mao_rules.ipynb", "How a round is run"),
}

#: Refusals about the table itself, not a rule of the game: they get no "why?" link.
NOT_A_RULE = frozenset({"round-over", "no-seat", "bad-card", "not-in-hand", "not-your-turn"})


def lesson_for(key: str) -> str | None:
    """The section that teaches why a refusal with this key (its ``why`` or its code) was given."""
    return REFUSAL_LESSONS.get(key)
