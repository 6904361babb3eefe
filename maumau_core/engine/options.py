"""The option registry: every option of :class:`~maumau_core.engine.rules.Rules` with its label, its
one-line explanation and the values a widget offers, and how two rule sets differ option by option.

The rules themselves (the fields, their types and checks, the presets) are :mod:`maumau_core.engine.rules`;
this is how they are shown and explained, in one place (``docs/rules.md`` copies each explanation, and a test
holds it to this registry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from maumau_core.engine.cards import Rank
from maumau_core.engine.rules import Rules, _allowed, _check_value, json_value
from maumau_core.i18n import N_, _


@dataclass(frozen=True)
class Option:
    """One rule option as people meet it: a short label for a control, one sentence on what it
    changes, and the values worth offering, each with the text that shows it.

    This is the one place an option is described: the table's house-rule panel, the strategy lab,
    the property tests and the rule-set comparison all read :data:`OPTIONS`, so a new option needs
    its field, its entry here, and the engine code that reads it.
    """

    name: str
    label: str
    explanation: str
    choices: tuple[tuple[str, Any], ...]

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(value for _label, value in self.choices)

    @property
    def local_label(self) -> str:
        """The label in the kernel's language (``label`` holds the English message)."""
        return _(self.label)

    @property
    def local_explanation(self) -> str:
        """The explanation in the kernel's language."""
        return _(self.explanation)

    def show(self, value: Any) -> str:
        """The value as its choice is labelled (in the kernel's language); a value outside the choices as its
        JSON text."""
        for label, choice in self.choices:
            if choice == value and type(choice) is type(value):
                return _(label) if label in _WORD_CHOICES else label
        return str(json_value(value))


@dataclass(frozen=True)
class Difference:
    """One option in which two rule sets differ (see :func:`differences`), values as labelled."""

    option: str
    label: str
    first: str
    second: str
    explanation: str


def _option(name: str, label: str, explanation: str, values: Sequence[Any] = (), *, none: str = N_("none")) -> Option:
    """An option's entry. Its choices come from the field's type (its literals, yes/no, every rank,
    ``none``); ``values`` are the sensible ones where the type is a plain number or word."""
    choices: list[tuple[str, Any]] = []
    open_type = False
    for allowed in _allowed(name):
        if allowed is type(None):
            choices.insert(0, (none, None))
        elif allowed is bool:
            choices += [(N_("yes"), True), (N_("no"), False)]
        elif allowed is Rank:
            choices += [(rank.value, rank) for rank in Rank]
        elif isinstance(allowed, type):
            open_type = True
            choices += [(f"{value:g}" if isinstance(value, float) else str(value), value) for value in values]
        else:
            choices.append((str(allowed), allowed))
    if open_type != bool(values):
        raise TypeError(f"Option {name!r}: give values exactly when its type does not list them.")
    for _label, value in choices:
        _check_value(name, value)
    return Option(name, label, explanation, tuple(choices))


#: The options' own values that are words: a choice of such a value is labelled with the value as written,
#: and the label (only the label: the value stays as the code and scenario files write it) is translated.
_VALUE_WORDS = (
    # Translators: values of house rules, shown in the house-rule panel and the lab ("draw-all": everyone draws;
    # "flag-or-win": a forgotten call may be flagged, or the player wins; "next-turn-end": until the end of the
    # next turn). A hyphenated value reads as one short phrase.
    N_("skip"),
    N_("reverse"),
    N_("again"),
    N_("draw-all"),
    N_("next-turn-start"),
    N_("next-turn-end"),
    N_("applies"),
    N_("ignore"),
    N_("opponents"),
    N_("referee"),
    N_("flag-or-win"),
    N_("draw-and-play-on"),
    N_("points"),
    N_("rounds"),
    N_("wins"),
    N_("casual"),
    N_("calls"),
    N_("count"),
    N_("void"),
    N_("extra-round"),
    N_("shared"),
)
#: The choice labels that are words (translated where shown); the others are numbers, ranks, the table's calls
#: and Mao's name.
_WORD_CHOICES = frozenset(
    {"yes", "no", "none", "never", "as with more", "no call", "no cap", "no limit", *_VALUE_WORDS}
)

#: Every option of :class:`Rules` (all fields but ``name``), in field order.
OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        _option(
            "deck",
            N_("Deck"),
            N_("Cards in the deck: 32 (Skat, 7–A), 36 (Swiss, 6–A), 52, or 104 (two 52-card decks)."),
        ),
        _option(
            "full_deck_from",
            N_("Full deck from (players)"),
            N_(
                "With this many players or more, a 32- or 36-card deck is replaced by a full 52-card one, 2 to ace "
                "(german32: 6)."
            ),
            (3, 4, 5, 6, 7, 8),
            none=N_("never"),
        ),
        _option(
            "two_decks_from",
            N_("Two decks from (players)"),
            N_("With this many players or more, two decks are mixed (classic: 7)."),
            (3, 4, 5, 6, 7, 8),
            none=N_("never"),
        ),
        _option("min_players", N_("Fewest players"), N_("The fewest players the rule set is for (Mao: 3)."), (2, 3, 4)),
        _option(
            "max_players",
            N_("Most players"),
            N_("The most players the rule set is for (classic, with two decks: 10)."),
            (4, 5, 6, 8, 10),
        ),
        _option("hand_size", N_("Cards dealt"), N_("Cards dealt to each player."), range(3, 11)),
        _option(
            "hand_size_two_players",
            N_("Cards dealt to two"),
            N_("A different deal when only two play (german32 recommends 7)."),
            range(3, 11),
            none=N_("as with more"),
        ),
        _option(
            "draw_card",
            N_("Draw card"),
            N_("The rank that makes the next player draw (Swiss: 6); none for no draw card."),
        ),
        _option(
            "draw_count", N_("Cards per draw card"), N_("Cards one draw card makes the next player draw."), (1, 2, 3, 4)
        ),
        _option(
            "draw_stacking",
            N_("Draw cards stack"),
            N_("May the victim answer with their own draw card, passing on a bigger penalty?"),
        ),
        _option(
            "draw_stack_max",
            N_("Longest draw chain"),
            N_("Most draw cards in one chain (2 = one answer only), or no cap."),
            (2, 3, 4),
            none=N_("no cap"),
        ),
        _option("skip_card", N_("Skip card"), N_("The rank that skips the next player; none for no skip card.")),
        _option(
            "skip_stacking",
            N_("Skips stack"),
            N_("May a skipped player answer with their own skip card, passing the skip on?"),
        ),
        _option(
            "wild_card", N_("Wild card"), N_("The rank that plays on anything and names a suit; none for no wild card.")
        ),
        _option(
            "wild_on_wild",
            N_("Wild card on a wild card"),
            N_("May a wild card be played on a wild card? (house rule “no jack on a jack”: no)"),
        ),
        _option(
            "wild_last",
            N_("Wild card as last card"),
            N_("May a wild card be the last card? (house rule: no, the player must draw instead)"),
        ),
        _option(
            "ace",
            N_("What an ace does"),
            N_(
                "What an ace does: nothing, skip the next player, reverse direction, its player goes again, "
                "or every other player draws one."
            ),
        ),
        _option(
            "draw_until_playable",
            N_("Draw until a card fits"),
            N_("A player who draws keeps drawing until a card fits (or the cards run out)."),
        ),
        _option(
            "draw_when_able",
            N_("May draw with a card that fits"),
            N_("May a player draw although a card in hand could be played?"),
        ),
        _option(
            "play_drawn",
            N_("Play a drawn card at once"),
            N_("May a drawn card that fits be played at once? (Mao: no, drawing ends the turn)"),
        ),
        _option(
            "keep_drawn",
            N_("Keep a drawn card that fits"),
            N_("May a player keep a drawn card that fits and pass? (simple32: no, it must be played)"),
        ),
        _option(
            "several_cards",
            N_("Several cards of one rank"),
            N_("May several cards of one rank be played in one turn (the last is the new top)?"),
        ),
        _option(
            "invalid_play_penalty",
            N_("Cards for a bad play"),
            N_("Cards drawn for a play against the rules (0: the play is simply refused)."),
            (0, 1, 2, 3),
        ),
        _option(
            "invalid_play_ends_turn",
            N_("A bad play ends the turn"),
            N_("Does a play against the rules that costs cards also end the turn? (Mao: yes)"),
        ),
        _option(
            "out_of_turn_penalty",
            N_("Cards for playing out of turn"),
            N_("Cards drawn for playing out of turn (0: the play is simply refused)."),
            (0, 1, 2),
        ),
        _option(
            "call_one",
            N_("Call at one card"),
            N_("The word to say when a play leaves one card, or no call."),
            ("Mau", "Tschau", "Mao"),
            none=N_("no call"),
        ),
        _option(
            "call_out",
            N_("Call when going out"),
            N_("The word to say while playing the last card, or no call."),
            ("Mau Mau", "Mau-Mau", "Tschau Sepp", "Mao"),
            none=N_("no call"),
        ),
        _option(
            "call_penalty",
            N_("Cards for a missed call"),
            N_("Cards drawn for a missed call that is flagged."),
            (1, 2, 3, 4, 5),
        ),
        _option(
            "out_call_forgotten",
            N_("A forgotten going-out call"),
            N_(
                "flag-or-win: the empty hand wins unless the missed call is flagged in time (then draw and play on); "
                "draw-and-play-on (german32): the player draws the penalty at once and plays on."
            ),
        ),
        _option(
            "call_window",
            N_("Flag window"),
            N_("A missed call can be flagged until the next turn starts, or until it ends."),
        ),
        _option(
            "flagger",
            N_("Missed calls noticed by"),
            N_("In a game, who notices a missed call: the computer referee always, or the opponents."),
        ),
        _option(
            "flag_chance",
            N_("Bots notice a missed call"),
            N_("How likely a bot opponent notices a missed call (when opponents flag)."),
            (0.0, 0.25, 0.5, 0.75, 1.0),
        ),
        _option(
            "speech",
            N_("Speech"),
            N_(
                "calls: only the calls above, flagged by others; mao: the referee judges every word said with or "
                "right after a legal play (spades named, “Mao” at one card and after the last): a missing word costs "
                "a card at the next action, an extra word at once."
            ),
        ),
        _option(
            "first_card",
            N_("Turned-up first card"),
            N_(
                "Does a turned-up draw card, skip card or ace act on the first player? "
                "(A turned-up wild card always lets the dealer name the suit.)"
            ),
        ),
        _option(
            "stuck",
            N_("When nobody can move"),
            N_(
                "void: the round is void after a full idle turn of the table; count (Mao): it stops when a draw is "
                "impossible, and cards plus unpaid penalties are counted."
            ),
        ),
        _option(
            "rebuilds",
            N_("Stock rebuilt at most"),
            N_(
                "How often the stock may be rebuilt from the pile in a round; after that, the next time a card must "
                "be drawn, no card can be (no limit in every preset, as the sheets say)."
            ),
            (1, 3, 5),
            none=N_("no limit"),
        ),
        _option(
            "scoring",
            N_("Scoring"),
            N_(
                "Match scoring: card points to a target, one point per round won over a fixed number of rounds, "
                "first to a number of round wins, or none."
            ),
        ),
        _option(
            "target",
            N_("Target (points or wins)"),
            N_("Points that end a match (points), or round wins needed (wins)."),
            (3, 5, 50, 100, 200),
        ),
        _option(
            "target_must_pass",
            N_("Total must pass the target"),
            N_("The match ends when a total passes the target (yes) or reaches it (no)."),
        ),
        _option("rounds", N_("Rounds in a match"), N_("Rounds in a match scored by rounds won."), (3, 5, 10)),
        _option(
            "tiebreak",
            N_("Tie for the best total"),
            N_("A tie for the best total: an extra round among the tied, or a shared win."),
        ),
    )
}


# --------------------------------------------------------------------------- presets


def differences(first: Rules, second: Rules) -> list[Difference]:
    """The options in which ``second`` differs from ``first``, each shown with its label and explanation."""
    rows = []
    for option in OPTIONS.values():
        mine, theirs = getattr(first, option.name), getattr(second, option.name)
        if mine != theirs:
            rows.append(
                Difference(
                    option.name,
                    option.local_label,
                    option.show(mine),
                    option.show(theirs),
                    option.local_explanation,
                )
            )
    return rows
