"""maumau_core: the rules of Mau Mau and Mao, for a course that teaches them.

The library imports no widget code: cards, rules and presets, a round that
refuses bad input with a reason and changes nothing, matches, bots and table
situations. Widgets live in ``maumau_core.widgets`` and wrap this API.
"""

from maumau_core.actions import Action, Draw, Flag, Pass, Play, Say, play
from maumau_core.cards import Card, Rank, Suit, make_deck, parse_cards, sort_hand
from maumau_core.errors import (
    BadCard,
    BadOption,
    BadScenario,
    IllegalAction,
    MauMauError,
    Refusal,
)
from maumau_core.events import Event
from maumau_core.law_library import LAWS, LIBRARY, find_law
from maumau_core.laws import Law
from maumau_core.notation import BadLaw, WrittenLaw, parse_law
from maumau_core.round import Round, RoundResult
from maumau_core.rules import OPTION_NAMES, PRESETS, Rules, preset

__all__ = [
    "Action", "BadCard", "BadLaw", "BadOption", "BadScenario", "Card", "Draw", "Event", "Flag",
    "IllegalAction", "LAWS", "LIBRARY", "Law", "MauMauError", "OPTION_NAMES", "PRESETS", "Pass", "Play",
    "Rank", "Refusal", "Round", "RoundResult", "Rules", "Say", "Suit", "WrittenLaw",
    "find_law", "make_deck", "parse_cards", "parse_law", "play", "preset", "sort_hand",
]
