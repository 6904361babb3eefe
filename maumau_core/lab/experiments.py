"""The strategy lab: does a tip from the rule sheets help, and what does a house rule do to the game?

A tip is tested fairly: the bot that follows it and a bot that does not
each sit with the same greedy opponents, on the same seeded deals, with
rotating seats; the lab reports both win rates with their 95 % intervals. A
house rule is tested by playing the same deals under each of its values and
measuring the game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from maumau_core.engine.bots import RandomBot, play_round
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules
from maumau_core.errors import MauMauError
from maumau_core.i18n import N_, _
from maumau_core.lab.standing import Standing, wilson
from maumau_core.lab.strategies import BOTS
from maumau_core.lab.tournament import check_deals, counted, tournament

#: The most deals a tip is tested on, and rounds a rule set is measured over, in one experiment (the lab
#: pages' sliders stop there too): 1,000 deals are 8,000 rounds, about half a second on the batch simulator.
EXPERIMENT_DEALS = 1_000


@dataclass(frozen=True)
class Tip:
    """A tip as an experiment: the bot that follows it, the bot that does not, and why it works or not."""

    title: str
    bot: str
    without: str
    why: str

    @property
    def local_title(self) -> str:
        """The title in the kernel's language (``title`` holds the English message)."""
        return _(self.title)

    @property
    def local_why(self) -> str:
        return _(self.why)


TIPS: dict[str, Tip] = {
    "keep-a-jack": Tip(
        N_("Keep a jack in reserve"),
        "keep-a-jack",
        "greedy",
        N_(
            "For: a jack fits on anything, so a player who holds one back is never stuck and rarely "
            "draws. Against: it is only one card of five, and while you keep it, it is a card you have "
            "not got rid of; the gain shows only in the rounds where you would otherwise have drawn."
        ),
    ),
    "answer-sevens": Tip(
        N_("Answer a seven with your own seven"),
        "answer-sevens",
        "take-the-cards",
        N_(
            "For: answering sends the growing bill to someone else, while taking it costs you two cards "
            "and a turn. Against: your 7 is gone when the bill comes back round, and most rounds have no "
            "7 chain at all, so the gain is a couple of rounds in a hundred."
        ),
    ),
    "skip-the-threat": Tip(
        N_("Stop a player who is nearly out"),
        "skip-the-threat",
        "greedy",
        N_(
            "For: a skip or a 7 at the right moment costs a player with one or two cards a turn. "
            "Against: you need to hold the right card at that very moment, which is rare, so the "
            "effect is small and needs many rounds to see."
        ),
    ),
    "suit-spread": Tip(
        N_("Play from your longest suit"),
        "suit-spread",
        "greedy",
        N_(
            "For: playing the suit you hold most of keeps the top card in a suit you can follow, and "
            "keeps the other suits covered. Against: the next player chooses the suit too, so the "
            "plan often lasts one turn."
        ),
    ),
    "counter": Tip(
        N_("Count the sevens and jacks"),
        "counter",
        "greedy",
        N_(
            "For: while sevens are still out, a 7 kept back is an answer ready for an attack; once they "
            "are gone, yours are safe to play. Against: a card kept back is a card still in your hand."
        ),
    ),
    "double-matcher": Tip(
        N_("Keep the cards that connect"),
        "double-matcher",
        "greedy",
        N_(
            "For: cards that share a rank or suit with others in your hand give you more ways to "
            "follow later. Against: playing the lonely cards first often means playing off-suit cards "
            "you could have kept for a suit change; the sheet's tip may not survive the test."
        ),
    ),
}


def compare(
    tip: str,
    rules: Rules,
    *,
    players: int = 4,
    deals: int = 300,
    seed: int = 0,
    show_progress: bool = True,
    progress: Callable[[float], None] | None = None,
) -> tuple[Standing, Standing]:
    """The tip's bot and the bot without it, each against the same greedy opponents on the same deals.

    More than :data:`EXPERIMENT_DEALS` deals raise :class:`~maumau_core.lab.tournament.TooMuchWork`."""
    check_deals(deals, EXPERIMENT_DEALS)
    experiment = TIPS[tip]
    opponents = ["greedy"] * (players - 1)
    results = []
    for half, name in enumerate((experiment.bot, experiment.without)):
        report = (lambda done, half=half: progress((half + done) / 2)) if progress else None
        standings = tournament(
            [name, *opponents], rules, deals=deals, seed=seed, show_progress=show_progress, progress=report
        )
        results.append(standings[0])
    return results[0], results[1]


def verdict(with_tip: Standing, without: Standing) -> str:
    """ "helps", "hurts" or "makes no clear difference", from whether the two 95 % intervals overlap."""
    if with_tip.interval[0] > without.interval[1]:
        return "helps"
    if with_tip.interval[1] < without.interval[0]:
        return "hurts"
    return "makes no clear difference"


@dataclass(frozen=True)
class Effects:
    """What a rule set does to the game, measured over many rounds."""

    rounds: int
    moves: float  # mean turns per round
    first_player_wins: float  # share of rounds won by the player who moved first
    first_player_interval: tuple[float, float]
    stock_ran_dry: float  # share of rounds with at least one reshuffle (or a stop for lack of cards)
    seven_chain: float  # mean number of draw cards in a chain when someone takes the cards


def effects(
    rules: Rules,
    *,
    players: int = 4,
    rounds: int = 300,
    seed: int = 0,
    bot: str = "greedy",
    show_progress: bool = True,
    progress: Callable[[float], None] | None = None,
) -> Effects:
    """Play ``rounds`` seeded rounds with one kind of bot and measure length, first-mover edge, dry stocks, chains.

    More than :data:`EXPERIMENT_DEALS` rounds raise :class:`~maumau_core.lab.tournament.TooMuchWork`."""
    check_deals(rounds, EXPERIMENT_DEALS)
    moves = first_wins = dry = 0
    chains: list[float] = []
    for number in counted(rounds, show_progress=show_progress, progress=progress):
        round_ = Round.deal(rules, players, seed=seed * 1_000_003 + number)
        starter = round_.turn
        table: list[RandomBot] = [BOTS[bot](seed * 7919 + number * players + seat) for seat in range(players)]
        result = play_round(round_, table)
        kinds = [event.kind for event in round_.log]
        moves += round_.turn_no
        first_wins += result.winner == starter
        dry += "reshuffle" in kinds or result.reason == "stuck"
        if rules.draw_card is not None:
            chains += [event.amount / rules.draw_count for event in round_.log if event.kind == "take-penalty"]
    return Effects(
        rounds,
        moves / rounds,
        first_wins / rounds,
        wilson(first_wins, rounds),
        dry / rounds,
        sum(chains) / len(chains) if chains else 0.0,
    )


def dealable(rules: Rules, option: str, values: Sequence[object], players: int = 4) -> list[object]:
    """The values of ``option`` under which ``rules`` can deal to ``players`` (a 32-card deck cannot give four
    players ten cards each): asked of the engine's own deal, so the lab never starts what it cannot finish."""
    found = []
    for value in values:
        try:
            Round.deal(rules.replace(**{option: value}), players, seed=0)
        except MauMauError:
            continue
        found.append(value)
    return found


def option_effects(rules: Rules, option: str, values: Sequence[object], **settings: object) -> dict[object, Effects]:
    """One call, one row per value of a house-rule option, everything else equal (the same deals). Values the
    rule set cannot deal under are left out (:func:`dealable`)."""
    players = settings.get("players", 4)
    kept = dealable(rules, option, values, players if isinstance(players, int) else 4)
    return {value: effects(rules.replace(**{option: value}), **settings) for value in kept}  # type: ignore[arg-type]
