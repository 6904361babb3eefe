"""The course's pages in order: one list that the course map, every page's heading and its
previous/next links are checked against (``tests/test_course_outline.py``).

A page is named by its notebook (``notebooks/<stem>.ipynb``); its number is its place here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One page of the course: its notebook, the title in its heading, the link text, what it teaches."""

    stem: str
    title: str
    link: str
    teaches: str

    @property
    def file(self) -> str:
        return f"{self.stem}.ipynb"

    @property
    def number(self) -> int:
        return int(self.stem.split("_", 1)[0])


PAGES: tuple[Page, ...] = (
    Page("00_welcome", "Mau Mau & Mao — learn the game by playing it", "course map", "the course map"),
    Page("01_cards_and_matching", "Cards and matching", "cards and matching",
         "the decks, the four suits, and the one rule of every turn: match the rank or the suit"),
    Page("02_five_rule_sets", "Five rule sets", "five rule sets",
         "the five rule sets of this course side by side, in plain words"),
    Page("03_setting_up", "Setting up a round", "setting up",
         "shuffling and dealing, who starts, the first card turned up, and a stock that runs out"),
    Page("04_sevens_and_jacks", "The 7 and the jack", "the 7 and the jack",
         "the 7 that makes you draw, the jack that names a suit"),
    Page("05_eights_and_aces", "The 8, the ace and the last card", "the 8 and the ace",
         "the 8 that skips, the ace that differs by table, and the last card that has no power"),
    Page("06_calls", "Calling \"Mau!\"", "calling \"Mau!\"",
         "when to speak, how long others may catch you, and what forgetting costs"),
    Page("07_first_round", "Your first round", "your first round",
         "a whole round, then a whole match, against computer players"),
    Page("08_scoring_and_matches", "Scoring and matches", "scoring and matches",
         "the points left in a hand, targets and tiebreaks"),
    Page("09_house_rules", "House rules and regional variants", "house rules",
         "the same table under two rule sets, each house rule of the German sheet, the Swiss game"),
    Page("10_practice", "Practice", "practice", "endless questions on every topic, each answer explained"),
    Page("11_whats_next", "Final quiz, and what comes next", "what comes next",
         "a mixed quiz over every rule set with a summary to keep, then where to go from here"),
    Page("12_mao_rules", "Mao: the game with a secret law", "Mao's rules",
         "how a round of Mao is run, its speech rules, the tutorial law"),
    Page("13_mao_puzzle", "Find the secret law", "find the law",
         "the law notation form by form; a campaign of secret laws to find by playing, guessing and the detective"),
    Page("14_write_a_law", "Write a law", "write a law", "the law notation, and laws fit to play"),
    Page("15_strategy_lab", "Do the tips work?", "do the tips work?",
         "predict, simulate thousands of rounds, read the verdict"),
    Page("16_house_rule_effects", "What do house rules do to the game?", "what house rules do",
         "round length, first-player edge, dry stocks, 7 chains"),
    Page("17_cheat_sheets", "Cheat sheets", "cheat sheets", "one printable page per rule set"),
    Page("18_glossary", "Glossary", "glossary", "the game's words, each in one sentence"),
)

#: Each page's check-yourself questions by a stable id, in the order the page shows them. The page builds
#: each check widget with its id (``check="<stem>:<id>"``, see :func:`check_id`), a right answer is saved
#: under that id, and the course map counts a page's checks from here (a test in
#: ``tests/test_practice_and_progress.py`` holds the pages to it). Pages 12 to 14 are not counted yet:
#: their checks carry no id.
CHECKS: dict[str, tuple[str, ...]] = {
    "00_welcome": ("matching",),
    "01_cards_and_matching": ("which-cards",),
    "02_five_rule_sets": ("six-draws", "drawn-card-must-go"),
    "03_setting_up": ("two-player-deal", "first-player", "seven-turned-up", "empty-stock"),
    "04_sevens_and_jacks": ("seven-answer", "named-suit"),
    "05_eights_and_aces": ("eight-skips", "ace-reverses", "last-card-power"),
    "06_calls": ("late-call-in-time", "late-call-too-late"),
    "07_first_round": ("drawn-card-fits",),
    "08_scoring_and_matches": ("hand-points", "tied-totals"),
    "09_house_rules": ("no-stacking", "shared-win", "target-passed", "two-sevens", "swiss-six"),
    "11_whats_next": ("practice-page",),
    "12_mao_rules": ("stuck-count", "tutorial-law"),
    "15_strategy_lab": ("overlapping-intervals",),
    "16_house_rule_effects": ("draw-until-fits",),
    "17_cheat_sheets": ("german-last-call",),
    "18_glossary": ("void-round",),
}


def check_id(check: str) -> str:
    """``check`` ("<stem>:<id>") itself, once it is known to be declared in :data:`CHECKS`: a mistyped id
    would be saved under a name the course map never counts, so it stops the page instead."""
    stem, _, name = check.partition(":")
    if name not in CHECKS.get(stem, ()):
        raise ValueError(f"{check!r} is not a check declared in maumau_core.course.CHECKS")
    return check


def page(stem: str) -> Page:
    return next(p for p in PAGES if p.stem == stem)


def navigation(stem: str) -> str:
    """The line of links at the top of a page: back, the course map, next."""
    index = [p.stem for p in PAGES].index(stem)
    before = PAGES[index - 1] if index > 0 else None
    after = PAGES[index + 1] if index + 1 < len(PAGES) else None
    parts = []
    if before is not None and before.stem != "00_welcome":
        parts.append(f"[← {before.link}]({before.file})")
    parts.append(f"[{'← ' if index == 1 else ''}course map](00_welcome.ipynb)")
    if after is not None:
        parts.append(f"[next: {after.link} →]({after.file})")
    return " · ".join(parts)


def heading(stem: str) -> str:
    """The page's first line: its number and title."""
    p = page(stem)
    return f"# {p.number} · {p.title}"


def course_map() -> str:
    """The course map's table, one row per page after the map itself."""
    rows = [f"| [{p.number} · {p.title}]({p.file}) | {p.teaches} |" for p in PAGES[1:]]
    return "\n".join(["| page | what you learn |", "| --- | --- |", *rows])
