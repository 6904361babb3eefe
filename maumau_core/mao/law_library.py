"""The library of secret laws, the campaign that leads through them, and how a scenario or a teacher names a law.

Each entry has a name, its notation, a plain description for the reveal,
and a difficulty: how many plays the detective assistant needed, on
average over seeded games of several deals each, to pin the law down
(measured by ``python -m maumau_core.mao.detective``; a test re-measures
it), and in how many of those games it did not find the law within
:data:`PLAY_LIMIT` plays. The campaign (:data:`CAMPAIGN`) orders the
laws by the form of the notation they need, as the puzzle page's primer
teaches the forms, and by difficulty within a form.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from maumau_core.engine.laws import Law
from maumau_core.errors import BadScenario
from maumau_core.i18n import N_, _
from maumau_core.mao.notation import COMPARISONS, BadLaw, Or, WrittenLaw, parse_law, tests_in


@dataclass(frozen=True)
class LibraryLaw:
    """A law of the library: its name, notation, the form of the notation it needs, reveal text and measured
    difficulty (mean plays, and the measured games in which the detective did not find it).

    The form is written down beside the notation (a test holds it to :func:`notation_form` of the law) so
    that the campaign's order, which every page's progress panel shows, needs no parser: a law is read
    from its notation only when a page plays or shows it."""

    name: str
    notation: str
    form: str
    about: str
    difficulty: float
    unsolved: int = 0

    @property
    def description(self) -> str:
        """What the law means, for the reveal, in the kernel's language."""
        return _(self.about)

    @cached_property
    def law(self) -> WrittenLaw:
        written = parse_law(self.notation)
        return WrittenLaw(written.require, written.trigger, written.until, written.reason, self.name)


def notation_form(law: WrittenLaw) -> str:
    """The latest form of the notation (in :data:`FORMS` order) a law needs."""
    about_prev = any(test.subject == "prev" or test.prop in COMPARISONS for test in tests_in(law.require))
    if about_prev:
        return "if-then" if isinstance(law.require, Or) else "prev"
    if law.until is not None:
        return "until"
    return "after" if law.trigger is not None else "property"


#: The most plays a measured game of the detective runs (a law not found by then is "unsolved in this many
#: plays"), and the seeded games a law's difficulty is measured on (``detective.difficulty``).
PLAY_LIMIT = 1000
GAMES = range(8)

#: The forms of the notation in the order the primer teaches them (``not`` and ``and`` go with a property).
FORMS = ("property", "after", "until", "prev", "if-then")


LIBRARY: tuple[LibraryLaw, ...] = (
    LibraryLaw(
        "tutorial",
        "after Q: black",
        "after",
        N_("After a queen is played, the next card must be black (a black queen sets the law again)."),
        51.6,
    ),
    LibraryLaw("no-sevens", "not 7", "property", N_("Sevens may never be played."), 10.1),
    LibraryLaw("no-faces", "not face", "property", N_("Face cards (jacks, queens, kings) may never be played."), 13.1),
    LibraryLaw(
        "low-after-king",
        "after K until A: {2, 3, 4, 5, 6} or A",
        "until",
        N_("After a king, only low cards (2 to 6) or an ace, until an ace is played."),
        20.5,
    ),
    LibraryLaw(
        "eight-odd",
        "after 8: odd",
        "after",
        N_("After an 8, the next card must be odd (J = 11, K = 13 count as odd)."),
        32.1,
    ),
    LibraryLaw(
        "ace-number",
        "after A: number",
        "after",
        N_("After an ace, the next card must be a number card (2 to 10)."),
        33.9,
    ),
    LibraryLaw(
        "eight-no-hearts",
        "after 8 until 8: not hearts",
        "until",
        N_("After an 8, no hearts may be played until another 8 is played."),
        48.8,
    ),
    LibraryLaw(
        "red-face-black",
        "after red and face: black",
        "after",
        N_("After a red face card (J, Q or K of hearts or diamonds), the next card must be black."),
        49.0,
    ),
    LibraryLaw(
        "climb",
        "higher or same rank or prev A",
        "if-then",
        N_("Each card must be higher than the one before (or the same rank); after an ace, anything goes."),
        55.1,
    ),
    LibraryLaw(
        "colours-alternate",
        "prev black and red or prev red and black",
        "if-then",
        N_("Colours alternate: a red card must follow a black one and a black card a red one."),
        56.1,
    ),
    LibraryLaw(
        "follow-suit-after-face",
        "same suit or prev number",
        "if-then",
        N_("After a face card or an ace, you must follow suit: a matching rank is not enough."),
        57.0,
    ),
    LibraryLaw(
        "even-even", "prev odd or even", "if-then", N_("After an even card, the next card must be even too."), 146.5
    ),
    LibraryLaw(
        "spade-pause",
        "not (prev spades and spades)",
        "prev",
        N_("Two spades may never be played one after the other."),
        176.0,
    ),
    LibraryLaw(
        "hearts-stay",
        "not hearts or prev hearts",
        "if-then",
        N_("A heart may only be played on a heart: you cannot change into hearts with a matching rank."),
        189.9,
    ),
    LibraryLaw(
        "ten-red",
        "after 10 until 10: red",
        "until",
        N_("After a ten, only red cards until another ten is played."),
        264.2,
        unsolved=1,
    ),
    LibraryLaw(
        "jack-red",
        "after J until Q: red",
        "until",
        N_("After a jack, only red cards may be played until a queen is played."),
        432.5,
        unsolved=1,
    ),
)

_BY_NAME = {entry.name: entry for entry in LIBRARY}


class _LawsByName(Mapping[str, Law]):
    """The library's laws by name, each read from its notation the first time it is asked for."""

    def __getitem__(self, name: str) -> Law:
        return _BY_NAME[name].law

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)


LAWS: Mapping[str, Law] = _LawsByName()


def find_law(text: str) -> Law:
    """A library law by name, or a law written in the notation; anything else is a scenario error."""
    if text in LAWS:
        return LAWS[text]
    try:
        return parse_law(text)
    except BadLaw as error:
        raise BadScenario(
            _("The law {law} is neither a library name ({names}) nor readable notation: {error}").format(
                law=repr(text), names=", ".join(LAWS), error=error
            )
        ) from None


#: The difficulty levels of the campaign's labels, easiest first.
LEVELS = ("easy", "medium", "hard")
_LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def laws_at(level: str) -> list[LibraryLaw]:
    """The library's laws of one difficulty level: the easiest, middle or hardest third by measure."""
    ranked = sorted(LIBRARY, key=lambda entry: entry.difficulty)
    third = len(ranked) // 3
    return {"easy": ranked[:third], "medium": ranked[third:-third], "hard": ranked[-third:]}[level]


def _campaign() -> tuple[LibraryLaw, ...]:
    """The tutorial law first (lesson 12 teaches it); then the laws that are not hard, by the form of the
    notation they need and by difficulty within a form; then the hard ones from easiest to hardest."""
    tutorial, *rest = LIBRARY
    hard = laws_at("hard")
    return (
        tutorial,
        *sorted(
            rest, key=lambda entry: (entry in hard, 0 if entry in hard else FORMS.index(entry.form), entry.difficulty)
        ),
    )


#: The Mao campaign: every library law in the order a learner meets them, the tutorial law first.
#: Each law is unlocked by solving the one before it (a learner may also jump ahead).
CAMPAIGN: tuple[LibraryLaw, ...] = _campaign()


def campaign_label(entry: LibraryLaw) -> str:
    """A neutral label for a law (its place in the campaign and its level) that gives nothing away."""
    number = CAMPAIGN.index(entry) + 1
    level = next(name for name in LEVELS if entry in laws_at(name))
    return _("Law {number} · {level}").format(number=number, level=_(_LEVEL_WORDS[level]))


def campaign_start(solved: Collection[str]) -> int:
    """Where a learner's campaign goes on: the first law not yet solved (the first law when all are)."""
    return next((place for place, entry in enumerate(CAMPAIGN) if entry.name not in solved), 0)


def campaign_next(place: int, solved: Collection[str]) -> int:
    """The place a new match deals after the law at ``place``: the next law not yet solved (going round
    the campaign), or simply the next law when every law is solved."""
    following = [(place + step) % len(CAMPAIGN) for step in range(1, len(CAMPAIGN) + 1)]
    return next((spot for spot in following if CAMPAIGN[spot].name not in solved), following[0])


def unlocked(place: int, solved: Collection[str]) -> bool:
    """A law is open once the one before it is solved (the first always is); others are a jump ahead."""
    return place == 0 or CAMPAIGN[place - 1].name in solved or CAMPAIGN[place].name in solved


def revealed(solved: Collection[str]) -> list[LibraryLaw]:
    """The library laws a learner may see written out: the tutorial law (lesson 12 teaches it) and every law
    they have solved, in campaign order. Any other would spoil a law of the campaign still to be found."""
    return [entry for place, entry in enumerate(CAMPAIGN) if place == 0 or entry.name in solved]
