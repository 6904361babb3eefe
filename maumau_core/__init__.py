"""maumau_core: the rules of Mau Mau and Mao, for a course that teaches them.

The library imports no widget code: cards, rules and presets, a round that
refuses bad input with a reason and changes nothing, matches, bots and table
situations. Widgets live in ``maumau_core.widgets`` and wrap this API.
"""

from typing import TYPE_CHECKING, Any

from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play, Say, play
from maumau_core.engine.cards import Card, Rank, Suit, make_deck, parse_cards, sort_hand
from maumau_core.engine.events import Event
from maumau_core.engine.laws import Law
from maumau_core.engine.refusals import IllegalAction, Refusal
from maumau_core.engine.round import Round, RoundResult
from maumau_core.engine.rules import OPTION_NAMES, PRESETS, Rules, preset
from maumau_core.errors import BadCard, BadOption, BadScenario, MauMauError

if TYPE_CHECKING:  # the same names, for type checkers
    from maumau_core.mao import LAWS, LIBRARY, BadLaw, WrittenLaw, find_law, parse_law

#: Names of the Mao wing, imported on first use: a page or a simulation that meets no secret law never loads it.
_MAO_NAMES = frozenset({"BadLaw", "LAWS", "LIBRARY", "WrittenLaw", "find_law", "parse_law"})


def __getattr__(name: str) -> Any:
    """Import the Mao wing when one of its names is asked for (``from maumau_core import parse_law``)."""
    if name in _MAO_NAMES:
        from maumau_core import mao

        return getattr(mao, name)
    raise AttributeError(f"module 'maumau_core' has no attribute {name!r}")


__all__ = [
    "Action",
    "BadCard",
    "BadLaw",
    "BadOption",
    "BadScenario",
    "Card",
    "Draw",
    "Event",
    "Flag",
    "IllegalAction",
    "LAWS",
    "LIBRARY",
    "Law",
    "MauMauError",
    "OPTION_NAMES",
    "PRESETS",
    "Pass",
    "Play",
    "Rank",
    "Refusal",
    "Round",
    "RoundResult",
    "Rules",
    "Say",
    "Suit",
    "WrittenLaw",
    "find_law",
    "make_deck",
    "parse_cards",
    "parse_law",
    "play",
    "preset",
    "sort_hand",
]
