"""The course's pages in order: one list that the course map, every page's heading and its
previous/next links are checked against (``tests/test_course_outline.py``).

A page is named by its notebook (``notebooks/<stem>.ipynb``); its number is its place here.
"""

from __future__ import annotations

from dataclasses import dataclass

from maumau_core import i18n
from maumau_core.i18n import N_, _


@dataclass(frozen=True)
class Page:
    """One page of the course: its notebook, the title in its heading, the link text, what it teaches.

    The texts are the English messages; ``local_*`` say them in the kernel's language.
    """

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

    @property
    def local_title(self) -> str:
        return _(self.title)

    @property
    def local_link(self) -> str:
        return _(self.link)

    @property
    def local_teaches(self) -> str:
        return _(self.teaches)


PAGES: tuple[Page, ...] = (
    Page("00_welcome", N_("Mau Mau & Mao — learn the game by playing it"), N_("course map"), N_("the course map")),
    Page(
        "01_cards_and_matching",
        N_("Cards and matching"),
        N_("cards and matching"),
        N_("the decks, the four suits, and the one rule of every turn: match the rank or the suit"),
    ),
    Page(
        "02_five_rule_sets",
        N_("Five rule sets"),
        N_("five rule sets"),
        N_("the five rule sets of this course side by side, in plain words"),
    ),
    Page(
        "03_setting_up",
        N_("Setting up a round"),
        N_("setting up"),
        N_("shuffling and dealing, who starts, the first card turned up, and a stock that runs out"),
    ),
    Page(
        "04_sevens_and_jacks",
        N_("The 7 and the jack"),
        N_("the 7 and the jack"),
        N_("the 7 that makes you draw, the jack that names a suit"),
    ),
    Page(
        "05_eights_and_aces",
        N_("The 8, the ace and the last card"),
        N_("the 8 and the ace"),
        N_("the 8 that skips, the ace that differs by table, and the last card that has no power"),
    ),
    Page(
        "06_calls",
        N_('Calling "Mau!"'),
        N_('calling "Mau!"'),
        N_("when to speak, how long others may catch you, and what forgetting costs"),
    ),
    Page(
        "07_first_round",
        N_("Your first round"),
        N_("your first round"),
        N_("a whole round, then a whole match, against computer players"),
    ),
    Page(
        "08_scoring_and_matches",
        N_("Scoring and matches"),
        N_("scoring and matches"),
        N_("the points left in a hand, targets and tiebreaks"),
    ),
    Page(
        "09_house_rules",
        N_("House rules and regional variants"),
        N_("house rules"),
        N_("the same table under two rule sets, each house rule of the German sheet, the Swiss game"),
    ),
    Page("10_practice", N_("Practice"), N_("practice"), N_("endless questions on every topic, each answer explained")),
    Page(
        "11_whats_next",
        N_("Final quiz, and what comes next"),
        N_("what comes next"),
        N_("a mixed quiz over every rule set with a summary to keep, then where to go from here"),
    ),
    Page(
        "12_mao_rules",
        N_("Mao: the game with a secret law"),
        N_("Mao's rules"),
        N_("how a round of Mao is run, its speech rules, the tutorial law"),
    ),
    Page(
        "13_mao_puzzle",
        N_("Find the secret law"),
        N_("find the law"),
        N_("the law notation form by form; a campaign of secret laws to find by playing, guessing and the detective"),
    ),
    Page("14_write_a_law", N_("Write a law"), N_("write a law"), N_("the law notation, and laws fit to play")),
    Page(
        "15_strategy_lab",
        N_("Do the tips work?"),
        N_("do the tips work?"),
        N_("predict, simulate thousands of rounds, read the verdict"),
    ),
    Page(
        "16_house_rule_effects",
        N_("What do house rules do to the game?"),
        N_("what house rules do"),
        N_("round length, first-player edge, dry stocks, 7 chains"),
    ),
    Page("17_cheat_sheets", N_("Cheat sheets"), N_("cheat sheets"), N_("one printable page per rule set")),
    Page("18_glossary", N_("Glossary"), N_("glossary"), N_("the game's words, each in one sentence")),
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
    stem, _colon, name = check.partition(":")
    if name not in CHECKS.get(stem, ()):
        raise ValueError(f"{check!r} is not a check declared in maumau_core.course.outline.CHECKS")
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
        parts.append(f"[← {before.local_link}]({before.file})")
    course_map_link = _("course map")
    parts.append(f"[{'← ' if index == 1 else ''}{course_map_link}](00_welcome.ipynb)")
    if after is not None:
        next_link = _("next: {link} →").format(link=after.local_link)
        parts.append(f"[{next_link}]({after.file})")
    return " · ".join(parts)


def heading(stem: str) -> str:
    """The page's first line: its number and title."""
    p = page(stem)
    return f"# {p.number} · {p.local_title}"


def course_map() -> str:
    """The course map's table, one row per page after the map itself."""
    rows = [f"| [{p.number} · {p.local_title}]({p.file}) | {p.local_teaches} |" for p in PAGES[1:]]
    columns = _("page"), _("what you learn")
    return "\n".join([f"| {columns[0]} | {columns[1]} |", "| --- | --- |", *rows])


def map_file(language: str, *, seen_from: str) -> str:
    """The course map in ``language``, as a link from a page in ``seen_from``: the English pages live in
    ``notebooks/``, each other language's in ``notebooks/<code>/``."""
    up = "" if seen_from == i18n.DEFAULT else "../"
    return f"{up}{'' if language == i18n.DEFAULT else language + '/'}00_welcome.ipynb"


def languages_line() -> str:
    """The course map's language choice: each language by its own name, a link to the map in it (the
    current one in bold). A plain line of links, so it works before the page's kernel answers and by
    keyboard; the learner's choice is kept by :class:`maumau_core.widgets.language.LanguageNotice` (on the
    course map's progress panel)."""
    here = i18n.current()
    names = {code: name[:1].upper() + name[1:] for code, name in i18n.LANGUAGES.items()}  # as a menu writes them
    parts = [
        f"**{name}**" if code == here else f"[{name}]({map_file(code, seen_from=here)})" for code, name in names.items()
    ]
    return " · ".join(parts)  # no globe emoji: many systems have no font for it (an empty box)
