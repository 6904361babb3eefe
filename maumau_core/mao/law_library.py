"""The library of secret laws, from easy to hard, and how a scenario or a teacher names a law.

Each entry has a name, its notation, a plain description for the reveal,
and a difficulty: how many plays the detective assistant needed, on
average over seeded games, to pin the law down (measured by
``python -m maumau_core.mao.detective``; a test re-measures it; 100 means it
had not found the law after 100 plays). The list is ordered by that
difficulty, with the tutorial law of the rules (``docs/rules.md``, Mao) first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from maumau_core.errors import BadScenario
from maumau_core.laws import Law
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law


@dataclass(frozen=True)
class LibraryLaw:
    """A law of the library: its name, notation, reveal text and measured difficulty."""

    name: str
    notation: str
    description: str
    difficulty: float

    @cached_property
    def law(self) -> WrittenLaw:
        written = parse_law(self.notation)
        return WrittenLaw(written.require, written.trigger, written.until, written.reason, self.name)


LIBRARY: tuple[LibraryLaw, ...] = (
    LibraryLaw("tutorial", "after Q: black",
               "After a queen is played, the next card must be black (a black queen sets the law again).", 61.5),
    LibraryLaw("no-sevens", "not 7", "Sevens may never be played.", 10.1),
    LibraryLaw("no-faces", "not face", "Picture cards (jacks, queens, kings) may never be played.", 13.1),
    LibraryLaw("low-after-king", "after K until A: {2, 3, 4, 5, 6} or A",
               "After a king, only low cards (2 to 6) or an ace, until an ace is played.", 20.5),
    LibraryLaw("eight-odd", "after 8: odd", "After an 8, the next card must be odd (J = 11, K = 13 count as odd).", 30.6),
    LibraryLaw("ace-number", "after A: number", "After an ace, the next card must be a number card (2 to 10).", 38.1),
    LibraryLaw("follow-suit-after-face", "same suit or prev number",
               "After a picture card or an ace, you must follow suit: a matching rank is not enough.", 62.2),
    LibraryLaw("colours-alternate", "prev black and red or prev red and black",
               "Colours alternate: a red card must follow a black one and a black card a red one.", 65.9),
    LibraryLaw("eight-no-hearts", "after 8 until 8: not hearts",
               "After an 8, no hearts may be played until another 8 is played.", 66.2),
    LibraryLaw("red-face-black", "after red and face: black",
               "After a red picture card (J, Q or K of hearts or diamonds), the next card must be black.", 67.8),
    LibraryLaw("hearts-stay", "not hearts or prev hearts",
               "A heart may only be played on a heart: you cannot change into hearts with a matching rank.", 90.5),
    LibraryLaw("climb", "higher or same rank or prev A",
               "Each card must be higher than the one before (or the same rank); after an ace, anything goes.", 92.0),
    LibraryLaw("spade-pause", "not (prev spades and spades)", "Two spades may never be played one after the other.", 100.0),
    LibraryLaw("even-even", "prev odd or even", "After an even card, the next card must be even too.", 100.0),
    LibraryLaw("jack-red", "after J until Q: red",
               "After a jack, only red cards may be played until a queen is played.", 100.0),
    LibraryLaw("ten-red", "after 10 until 10: red",
               "After a ten, only red cards until another ten is played.", 100.0),
)

LAWS: dict[str, Law] = {entry.name: entry.law for entry in LIBRARY}


def find_law(text: str) -> Law:
    """A library law by name, or a law written in the notation; anything else is a scenario error."""
    if text in LAWS:
        return LAWS[text]
    try:
        return parse_law(text)
    except BadLaw as error:
        raise BadScenario(f"The law {text!r} is neither a library name ({', '.join(LAWS)}) nor readable "
                          f"notation: {error}") from None


#: The difficulty levels a table offers, easiest first.
LEVELS = ("easy", "medium", "hard")


def laws_at(level: str) -> list[LibraryLaw]:
    """The library's laws of one difficulty level: the easiest, middle or hardest third by measure."""
    ranked = sorted(LIBRARY, key=lambda entry: entry.difficulty)
    third = len(ranked) // 3
    return {"easy": ranked[:third], "medium": ranked[third:-third], "hard": ranked[-third:]}[level]


#: The Mao campaign: every library law in the order a learner meets them, the tutorial law first.
#: Each law is unlocked by solving the one before it (a learner may also jump ahead).
CAMPAIGN: tuple[LibraryLaw, ...] = LIBRARY


def campaign_label(entry: LibraryLaw) -> str:
    """A neutral label for a law (its place in the campaign and its level) that gives nothing away."""
    number = CAMPAIGN.index(entry) + 1
    level = next(name for name in LEVELS if entry in laws_at(name))
    return f"Law {number} · {level}"
