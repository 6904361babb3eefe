"""One frozen rules configuration, and the named presets of RULES.md.

Every house rule is a keyword field of :class:`Rules`; a preset is just a
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

from maumau_core.cards import Rank
from maumau_core.errors import BadOption

AcePower = Literal["none", "skip", "reverse", "again", "draw-all"]


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every option of the Mau Mau family and Mao. Field docs say what each changes."""

    name: str = "custom"
    """The preset this configuration came from (for display and scenario files)."""

    deck: Literal[32, 36, 52, 104] = 52
    """Cards in the deck: 32 (Skat, 7–A), 36 (Swiss, 6–A), 52, or 104 (two 52-card decks)."""
    two_decks_from: int | None = None
    """With this many players or more, two decks are mixed (classic: 7)."""
    min_players: int = 2
    max_players: int = 6
    hand_size: int = 5
    hand_size_two_players: int | None = None
    """A different deal when only two play (german32 recommends 7)."""

    draw_card: Rank | None = Rank.SEVEN
    """The rank that makes the next player draw (Swiss: 6); None for no draw card."""
    draw_count: int = 2
    draw_stacking: bool = True
    """May the victim answer with their own draw card, passing on a bigger penalty?"""
    draw_stack_max: int | None = None
    """Most draw cards in one chain (2 = one answer only); None for no cap."""

    skip_card: Rank | None = Rank.EIGHT
    """The rank that skips the next player; None for no skip card."""
    skip_stacking: bool = False
    """May a skipped player answer with their own skip card, passing the skip on?"""

    wild_card: Rank | None = Rank.JACK
    """The rank that plays on anything and names a suit; None for no wild card."""
    wild_on_wild: bool = True
    """May a wild card be played on a wild card? (house rule "no jack on a jack": False)"""
    wild_last: bool = True
    """May a wild card be the last card? (house rule: False, the player must draw instead)"""

    ace: AcePower = "none"
    """What an ace does: nothing, skip the next player, reverse direction, its
    player goes again, or every other player draws one."""

    draw_until_playable: bool = False
    """A blocked player draws until a card fits, instead of drawing one."""
    draw_when_able: bool = False
    """May a player draw although a card in hand could be played?"""
    play_drawn: bool = True
    """May a drawn card that fits be played at once? (Mao: no, drawing ends the turn)"""
    several_cards: bool = False
    """May several cards of one rank be played in one turn (the last is the new top)?"""
    invalid_play_penalty: int = 0
    """Cards drawn for a play against the rules (0: the play is simply refused)."""
    invalid_play_ends_turn: bool = False
    out_of_turn_penalty: int = 0
    """Cards drawn for playing out of turn (0: the play is simply refused)."""

    call_one: str | None = "Mau"
    """The word to say when a play leaves one card; None for no call."""
    call_out: str | None = "Mau Mau"
    """The word to say while playing the last card; None for no call."""
    call_penalty: int = 2
    call_window: Literal["next-turn-start", "next-turn-end"] = "next-turn-end"
    """A missed call can be flagged until the next turn starts, or until it ends."""
    flagger: Literal["referee", "opponents"] = "referee"
    """In a game, who notices a missed call: the computer referee always, or the opponents."""
    flag_chance: float = 0.5
    """How likely a bot opponent notices a missed call (when opponents flag)."""
    speech: Literal["calls", "mao"] = "calls"
    """calls: only the calls above, flagged by others; mao: the referee judges every
    word at once (spades must be named, a missing or extra word costs a card)."""

    first_card: Literal["ignore", "applies"] = "ignore"
    """Does a turned-up draw card, skip card or ace act on the first player?
    (A turned-up wild card always lets the dealer name the suit.)"""
    stuck: Literal["void", "count"] = "void"
    """When nobody can move: void round after a full idle turn of the table, or
    (Mao) stop when a draw is impossible and count cards plus unpaid penalties."""

    scoring: Literal["points", "rounds", "wins", "casual"] = "points"
    """Match scoring: card points to a target, one point per round won over a
    fixed number of rounds, first to a number of round wins, or none."""
    target: int = 100
    """Points that end a match (points), or round wins needed (wins)."""
    target_must_pass: bool = False
    """The match ends when a total passes the target (True) or reaches it (False)."""
    rounds: int = 5
    """Rounds in a match scored by rounds won."""
    tiebreak: Literal["extra-round", "shared"] = "extra-round"
    """A tie for the best total: an extra round among the tied, or a shared win."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            _check_value(field.name, getattr(self, field.name))
        if self.min_players < 2 or self.max_players < self.min_players:
            raise BadOption("Players must be at least 2, and max_players at least min_players.")

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed; values from JSON (``"7"`` for a rank) are accepted."""
        return dataclasses.replace(self, **coerce_options(options))

    def deck_size(self, players: int) -> int:
        """The deck for this many players (two decks mixed from ``two_decks_from`` players)."""
        if self.two_decks_from is not None and players >= self.two_decks_from and self.deck == 52:
            return 104
        return self.deck

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
def _allowed(name: str) -> tuple[Any, ...]:
    """The literal values an option takes, or its plain types."""
    hint = typing.get_type_hints(Rules)[name]
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
    raise BadOption(f"Option {name!r} cannot be {value!r}: it takes {_describe(allowed)}.")


def _describe(allowed: tuple[Any, ...]) -> str:
    words = []
    for option in allowed:
        if option is type(None):
            words.append("null")
        elif option is Rank:
            words.append("a rank (2–10, J, Q, K, A)")
        elif isinstance(option, type):
            words.append({bool: "true/false", int: "a whole number ≥ 0", float: "a number", str: "a word"}[option])
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
            f"Unknown option {', '.join(map(repr, unknown))}: the options are {', '.join(OPTION_NAMES)}."
        )
    out = {}
    for name, value in options.items():
        if Rank in _allowed(name) and isinstance(value, (str, int)) and not isinstance(value, bool):
            try:
                value = Rank.parse(str(value))
            except ValueError as error:
                raise BadOption(f"Option {name!r}: {error}") from None
        out[name] = value
    return out


def json_value(value: Any) -> Any:
    """An option value as JSON and the settings show it: a rank as its text ("7")."""
    return value.value if isinstance(value, Rank) else value


# --------------------------------------------------------------------------- presets

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
        raise BadOption(f"Unknown rule set {name!r}: choose one of {', '.join(PRESETS)}.")
    return PRESETS[name]().replace(**options)


@_register
def classic() -> Rules:
    """The 52-card game of the "how to play" sheet (seeds 000 French, 002 Italian: [C]).

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
    """The simple 32-card table convention with worked cases (seed 001 French: [S]).

    Deal 5. Jack: wild on anything, even a jack, but never as an answer to a 7;
    it names a suit. 7: the next player draws 2 and passes; no stacking. Ace:
    the next player passes (with two players the ace's author plays again). 8:
    no power. Blocked: draw exactly one, play it at once if it fits, else
    pass. Only "Mau" is called (at one card left), 2 cards if flagged before
    the next player starts; playing the last card wins at once. Empty stock and
    nothing to reshuffle: take what is there; a full turn of the table with no
    play and no draw makes the round void. Matches: one point per round won
    over a fixed number of rounds, ties possible.

    Readings: a turned-up 7 or ace is ignored, a turned-up jack lets the
    dealer name the suit (both as [S] says); a player who can play may not
    draw (the sheet only lets a blocked player draw).
    """
    return Rules(
        name="simple32", deck=32, draw_stacking=False, skip_card=None, ace="skip",
        call_out=None, call_window="next-turn-start", scoring="rounds", tiebreak="shared",
    )


@_register
def german32() -> Rules:
    """The traditional German 32-card game with its house rules (seed 003 Romanian: [G]).

    Deal 5, or 7 with two players. 7: draw 2 and lose the turn unless answered
    with a 7 (2, 4, 6, 8 with four 7s); facing a 7 only a 7 or drawing is
    allowed. 8: skip the next player. Jack: wild on anything, names a suit.
    Ace: reverses the direction (with two players it works as a skip); the
    common alternative is ``ace="again"``. "Mau" / "Mau-Mau": a forgotten
    call flagged before the next player takes their turn costs 2 cards
    (options 3 or 5: ``call_penalty``); a forgotten "Mau-Mau" means taking
    the cards and playing on. Card points; the match ends when a total passes
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
    the tie for lowest total is broken as in classic.
    """
    return Rules(
        name="german32", deck=32, hand_size_two_players=7, ace="reverse", draw_when_able=True,
        call_out="Mau-Mau", call_window="next-turn-start", target_must_pass=True,
    )


@_register
def tschau_sepp() -> Rules:
    """Tschau Sepp, the Swiss relative (a short passage of seed 003 [G]) — a regional variant.

    Our reading: a 36-card deck (6–A); the 6 is the draw card instead of the 7;
    everything else as in german32 (8 skips, jack wild, ace reverses); the
    calls are "Tschau" at one card and "Tschau Sepp" when going out. Cantons
    differ: change any option to match your table.
    """
    return dataclasses.replace(
        german32(), name="tschau-sepp", deck=36, draw_card=Rank.SIX, call_one="Tschau",
        call_out="Tschau Sepp",
    )


@_register
def mao() -> Rules:
    """Mao with one secret law (seed 004 French: [M]).

    3–6 players, 52 cards, deal 5. Match the top card by suit or rank and obey
    the secret law; otherwise, or by choice, draw one and end the turn. No
    skips, reverses, wild cards or draw penalties. Speech is judged by the
    referee at once: name each spade played ("4 of spades"), say "Mao" after a
    legal play that leaves one card and again after the last; a missing or
    extra word costs one card, and a missing final "Mao" cancels the win. An
    illegal attempt: the card goes back, one penalty card, the turn ends, and
    the referee gives a short reason. A play out of turn: one penalty card,
    the turn stays where it was. When a draw is impossible even after a
    reshuffle, the round stops: cards in hand plus unpaid penalties, lowest
    wins, a tie means no winner. Match: first to 3 round wins.

    Readings: words said with an illegal attempt are ignored (the attempt
    costs its one card only); the turned-up first card triggers nothing.
    """
    return Rules(
        name="mao", deck=52, min_players=3, draw_card=None, skip_card=None, wild_card=None,
        draw_when_able=True, play_drawn=False, invalid_play_penalty=1, invalid_play_ends_turn=True,
        out_of_turn_penalty=1, call_one="Mao", call_out="Mao", call_penalty=1, speech="mao",
        stuck="count", scoring="wins", target=3,
    )
