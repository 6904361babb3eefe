"""One frozen rules configuration, and the named presets described in ``docs/rules.md``.

Every house rule is a keyword field of :class:`Rules`, described once in
:data:`maumau_core.engine.options.OPTIONS` (label, explanation, the values to offer); a preset is just a
named set of values, so "classic with aces that skip" is
``preset("classic", ace="skip")``. The round engine reads only these fields:
no rule is hidden in the dealer or in a widget.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from maumau_core.engine.cards import Rank
from maumau_core.errors import BadOption
from maumau_core.i18n import _

AcePower = Literal["none", "skip", "reverse", "again", "draw-all"]


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every option of the Mau Mau family and Mao. :data:`maumau_core.engine.options.OPTIONS` says what each
    one changes."""

    name: str = "custom"  # the preset this configuration came from (for display and scenario files)

    deck: Literal[32, 36, 52, 104] = 52
    full_deck_from: int | None = None
    two_decks_from: int | None = None
    min_players: int = 2
    max_players: int = 6
    hand_size: int = 5
    hand_size_two_players: int | None = None

    draw_card: Rank | None = Rank.SEVEN
    draw_count: int = 2
    draw_stacking: bool = True
    draw_stack_max: int | None = None

    skip_card: Rank | None = Rank.EIGHT
    skip_stacking: bool = False

    wild_card: Rank | None = Rank.JACK
    wild_on_wild: bool = True
    wild_last: bool = True

    ace: AcePower = "none"

    draw_until_playable: bool = False
    draw_when_able: bool = False
    play_drawn: bool = True
    keep_drawn: bool = True
    several_cards: bool = False
    invalid_play_penalty: int = 0
    invalid_play_ends_turn: bool = False
    out_of_turn_penalty: int = 0

    call_one: str | None = "Mau"
    call_out: str | None = "Mau Mau"
    call_penalty: int = 2
    out_call_forgotten: Literal["flag-or-win", "draw-and-play-on"] = "flag-or-win"
    call_window: Literal["next-turn-start", "next-turn-end"] = "next-turn-end"
    flagger: Literal["referee", "opponents"] = "referee"
    flag_chance: float = 0.5
    speech: Literal["calls", "mao"] = "calls"

    first_card: Literal["ignore", "applies"] = "ignore"
    stuck: Literal["void", "count"] = "void"
    rebuilds: int | None = None

    scoring: Literal["points", "rounds", "wins", "casual"] = "points"
    target: int = 100
    target_must_pass: bool = False
    rounds: int = 5
    tiebreak: Literal["extra-round", "shared"] = "extra-round"

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            _check_value(field.name, getattr(self, field.name))
        if self.min_players < 2 or self.max_players < self.min_players:
            raise BadOption(_("Players must be at least 2, and max_players at least min_players."))

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed; values from JSON (``"7"`` for a rank) are accepted."""
        return dataclasses.replace(self, **coerce_options(options))

    def deck_size(self, players: int) -> int:
        """The deck for this many players: a short deck becomes a full 52-card one from ``full_deck_from``
        players, and a 52-card deck two mixed from ``two_decks_from`` players."""
        size = self.deck
        if self.full_deck_from is not None and players >= self.full_deck_from and size < 52:
            size = 52
        if self.two_decks_from is not None and players >= self.two_decks_from and size == 52:
            return 104
        return size

    def deal_size(self, players: int) -> int:
        if players == 2 and self.hand_size_two_players is not None:
            return self.hand_size_two_players
        return self.hand_size

    def changes(self) -> dict[str, Any]:
        """The options that differ from this configuration's preset, as JSON values."""
        base = PRESETS[self.name]() if self.name in PRESETS else Rules()
        return {
            field.name: json_value(getattr(self, field.name))
            for field in dataclasses.fields(self)
            if field.name != "name" and getattr(self, field.name) != getattr(base, field.name)
        }


OPTION_NAMES = tuple(field.name for field in dataclasses.fields(Rules) if field.name != "name")


@functools.cache
def _hints() -> dict[str, Any]:
    """The options' types, resolved once: resolving them is slow (the annotations are strings), and every
    option's check and every entry of the option registry asks."""
    return typing.get_type_hints(Rules)


@functools.cache
def _allowed(name: str) -> tuple[Any, ...]:
    """The literal values an option takes, or its plain types."""
    hint = _hints()[name]
    found: list[Any] = []
    for arg in typing.get_args(hint) or (hint,):
        found.extend(typing.get_args(arg) if typing.get_origin(arg) is Literal else [arg])
    return tuple(found)


def _check_value(name: str, value: Any) -> None:
    allowed = _allowed(name)
    for option in allowed:
        if isinstance(option, type):
            if option is type(None) and value is None:
                return
            if option is float and isinstance(value, (int, float)) and not isinstance(value, bool):
                return
            if option is int and isinstance(value, int) and not isinstance(value, bool):
                if value >= 0:
                    return
            if option not in (int, float, type(None)) and isinstance(value, option):
                return
        elif value == option and type(value) is type(option):
            return
    raise BadOption(
        _("Option {name} cannot be {value}: it takes {allowed}.").format(
            name=repr(name), value=repr(value), allowed=_describe(allowed)
        )
    )


def _describe(allowed: tuple[Any, ...]) -> str:
    words = []
    for option in allowed:
        if option is type(None):
            words.append("null")
        elif option is Rank:
            words.append(_("a rank (2–10, J, Q, K, A)"))
        elif isinstance(option, type):
            words.append(
                {bool: _("true/false"), int: _("a whole number ≥ 0"), float: _("a number"), str: _("a word")}[option]
            )
        else:
            words.append(repr(option))
    return ", ".join(words)


def coerce_options(options: dict[str, Any]) -> dict[str, Any]:
    """Check option names and turn JSON values into option values (a rank string into a Rank).

    Unknown names raise :class:`BadOption` listing the valid ones.
    """
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise BadOption(
            _("Unknown option {unknown}: the options are {names}.").format(
                unknown=", ".join(map(repr, unknown)), names=", ".join(OPTION_NAMES)
            )
        )
    out = {}
    for name, value in options.items():
        if Rank in _allowed(name) and isinstance(value, (str, int)) and not isinstance(value, bool):
            try:
                value = Rank.parse(str(value))
            except ValueError as error:
                raise BadOption(_("Option {name}: {error}").format(name=repr(name), error=error)) from None
        out[name] = value
    return out


def json_value(value: Any) -> Any:
    """An option value as JSON and the settings show it: a rank as its text ("7")."""
    return value.value if isinstance(value, Rank) else value


# --------------------------------------------------------------------------- the option registry


PRESETS: dict[str, Callable[[], Rules]] = {}


def _register(function: Callable[[], Rules]) -> Callable[[], Rules]:
    PRESETS[function.__name__.replace("_", "-")] = function
    return function


def preset(name: str, **options: Any) -> Rules:
    """The named preset, with any options changed.

    >>> preset("classic", ace="skip").ace
    'skip'
    """
    if name not in PRESETS:
        raise BadOption(
            _("Unknown rule set {name}: choose one of {names}.").format(name=repr(name), names=", ".join(PRESETS))
        )
    return PRESETS[name]().replace(**options)


@_register
def classic() -> Rules:
    """The 52-card game of the "how to play" sheet, French and Italian versions ([C] in ``docs/rules.md``).

    2–6 players with one deck, two decks mixed from 7 players. Deal 5. A 7 makes
    the next player draw 2 unless they answer with a 7 (the penalty grows by 2
    each time); only a 7 answers. A jack is wild on anything, a jack included,
    and names a suit. An 8 skips the next player. Aces have no power (house
    rule options: ``ace="draw-all"`` or ``ace="again"``, which is the sheet's
    "every other player skips once"). Calls "Mau" / "Mau Mau", 2 cards if
    flagged before the end of the next player's turn; a missed "Mau Mau" is
    flagged in that window or wins when it closes. Card points to 100, lowest
    wins, ties broken by an extra round among the tied.

    Readings where [C] is silent: a player who can play may not draw
    instead; a turned-up 7 or 8 has no effect (as [S] says), a turned-up
    jack lets the dealer name the suit (as [C] says); when no one can play or
    draw for a whole turn of the table, the round is void.
    """
    return Rules(name="classic", deck=52, two_decks_from=7, max_players=10)


@_register
def simple32() -> Rules:
    """The simple 32-card table convention with worked cases, a French sheet ([S] in ``docs/rules.md``).

    Deal 5. Jack: wild on anything, even a jack, but never as an answer to a 7;
    it names a suit. 7: the next player draws 2 and passes; no stacking. Ace:
    the next player passes (with two players the ace's author plays again). 8:
    no power. Blocked: draw exactly one, play it at once if it fits (it may
    not be kept: ``keep_drawn=False``), else pass. Only "Mau" is called (at one card left), 2 cards if flagged before
    the next player starts; playing the last card wins at once. Empty stock and
    nothing to reshuffle: take what is there; a full turn of the table with no
    play and no draw makes the round void. Matches: one point per round won
    over a fixed number of rounds, ties possible.

    Readings: a turned-up 7 or ace is ignored, a turned-up jack lets the
    dealer name the suit (both as [S] says); a player who can play may not
    draw (the sheet only lets a blocked player draw).
    """
    return Rules(
        name="simple32",
        deck=32,
        draw_stacking=False,
        skip_card=None,
        ace="skip",
        keep_drawn=False,
        call_out=None,
        call_window="next-turn-start",
        scoring="rounds",
        tiebreak="shared",
    )


@_register
def german32() -> Rules:
    """The traditional German 32-card game and its house rules, a Romanian sheet ([G] in ``docs/rules.md``).

    Deal 5, or 7 with two players. A Skat deck up to five players; from six
    (up to eight) a full 52-card deck, 2 to 6 plain cards, as [G] recommends
    above five players (``full_deck_from=6``; a table that mixes two decks
    for six to eight sets ``two_decks_from=6``). 7: draw 2 and lose the turn unless answered
    with a 7 (2, 4, 6, 8 with four 7s); facing a 7 only a 7 or drawing is
    allowed. 8: skip the next player. Jack: wild on anything, names a suit.
    Ace: reverses the direction (with two players it works as a skip); the
    common alternative is ``ace="again"``. "Mau" / "Mau-Mau": a forgotten
    call flagged before the next player takes their turn costs 2 cards
    (options 3 or 5: ``call_penalty``). A round is won only by a last card
    played with "Mau-Mau": a player who forgets it draws 2 at once and plays on
    (``out_call_forgotten="draw-and-play-on"``). Card points; the match ends when a total passes
    100 (``target=200`` for a long game); lowest wins.

    House rules of [G], each an option: ``wild_on_wild=False`` (no jack on a
    jack), ``wild_last=False`` (no jack as last card: draw instead),
    ``several_cards=True`` (several cards of one rank, the last one on top),
    ``draw_until_playable=True``, ``invalid_play_penalty=1`` or 2 (the card goes
    back), ``skip_stacking=True`` (8s pass the skip on). Bavarian suit names are
    a display choice of the widgets.

    Readings: [G] lets a player draw "when they cannot or choose not to" play,
    so drawing is allowed with a playable card in hand; [G] gives no point
    table, so the common one (A, K, Q, J = 10, others face value) is used, and
    the tie for lowest total is broken as in classic; a forgotten "Mau-Mau"
    costs its 2 cards whether or not anyone points it out (an empty hand is
    seen by everyone, and [G] ends a round only on the call).
    """
    return Rules(
        name="german32",
        deck=32,
        full_deck_from=6,
        max_players=8,
        hand_size_two_players=7,
        ace="reverse",
        draw_when_able=True,
        call_out="Mau-Mau",
        call_window="next-turn-start",
        out_call_forgotten="draw-and-play-on",
        target_must_pass=True,
    )


@_register
def tschau_sepp() -> Rules:
    """Tschau Sepp, the Swiss relative (a short passage of [G] in ``docs/rules.md``) — a regional variant.

    Our reading: a 36-card deck (6–A); the 6 is the draw card instead of the 7;
    everything else as in german32 (8 skips, jack wild, ace reverses); the
    calls are "Tschau" at one card and "Tschau Sepp" when going out. Cantons
    differ: change any option to match your table.
    """
    return dataclasses.replace(
        german32(),
        name="tschau-sepp",
        deck=36,
        full_deck_from=None,
        max_players=6,
        draw_card=Rank.SIX,
        call_one="Tschau",
        call_out="Tschau Sepp",
    )


@_register
def mao() -> Rules:
    """Mao with one secret law, a French sheet ([M] in ``docs/rules.md``).

    3–6 players, 52 cards, deal 5. Match the top card by suit or rank and obey
    the secret law; otherwise, or by choice, draw one and end the turn. No
    skips, reverses, wild cards or draw penalties. Speech is judged by the
    referee: after a legal play, name each spade played ("4 of spades"), say
    "Mao" when it leaves one card and again after the last — with the play or
    right after it, before the next action; a word still missing when that
    action comes costs one card then, an extra word costs one at once, and a
    missing final "Mao" cancels the win. An
    illegal attempt: the card goes back, one penalty card, the turn ends, and
    the referee gives a short reason. A play out of turn: one penalty card,
    the turn stays where it was. When a draw is impossible even after a
    reshuffle, the round stops: cards in hand plus unpaid penalties, lowest
    wins, a tie means no winner. The stock is rebuilt as often as the pile
    allows, as [M] says (a bot-only simulation calls off a round that a law
    like "not 7" keeps from ever ending: :meth:`Round.call_off`). Match: first
    to 3 round wins.

    Readings: words said with an illegal attempt are ignored (the attempt
    costs its one card only); the turned-up first card triggers nothing.
    """
    return Rules(
        name="mao",
        deck=52,
        min_players=3,
        draw_card=None,
        skip_card=None,
        wild_card=None,
        draw_when_able=True,
        play_drawn=False,
        invalid_play_penalty=1,
        invalid_play_ends_turn=True,
        out_of_turn_penalty=1,
        call_one="Mao",
        call_out="Mao",
        call_penalty=1,
        speech="mao",
        stuck="count",
        scoring="wins",
        target=3,
    )
