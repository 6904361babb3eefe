"""The batch simulator plays the same game as the per-round engine: identical rounds on identical deals
(until a reshuffle brings in its own luck), the same statistics over many rounds, and no card lost."""

from __future__ import annotations

import numpy as np
import pytest

from maumau_core import BadOption, Round, make_deck, preset
from maumau_core.engine.actions import Play
from maumau_core.engine.bots import RandomBot, play_round
from maumau_core.lab.batch import SUPPORTED, BatchResult, simulate
from maumau_core.lab.batch_policies import GREEDY, policy_of
from maumau_core.lab.standing import wilson
from maumau_core.lab.strategies import BOTS, FirstCardBot, built_bot


def engine_rounds(name: str, players: int, count: int, bot: type | list[type]) -> tuple[np.ndarray, list[Round]]:
    """``count`` rounds played by the engine (one bot for every seat, or one per seat) and their deals."""
    rules = preset(name)
    rounds, orders = [], []
    index = {card: number for number, card in enumerate(make_deck(rules.deck_size(players)))}
    size = rules.deal_size(players)
    seated = bot if isinstance(bot, list) else [bot] * players
    for seed in range(count):
        round_ = Round.deal(rules, players, seed=seed)
        dealt = [index[round_.hands[(1 + i) % players][i // players]] for i in range(size * players)]
        orders.append(dealt + [index[round_.top]] + [index[card] for card in round_.stock])
        play_round(round_, [kind(seed * 10 + seat) for seat, kind in enumerate(seated)])
        rounds.append(round_)
    return np.array(orders), rounds


def assert_same_rounds(batch: BatchResult, rounds: list[Round], at_least: int = 20) -> None:
    """Every round without a reshuffle (which brings in each engine's own luck) ends the same way."""
    compared = 0
    for number, round_ in enumerate(rounds):
        if any(event.kind == "reshuffle" for event in round_.log):
            continue
        assert round_.result is not None
        winner = round_.result.winner if round_.result.winner is not None else -1
        assert (batch.winners[number], batch.turns[number]) == (winner, round_.turn_no), number
        assert list(batch.points[number]) == list(round_.result.scores)
        compared += 1
    assert compared >= at_least


@pytest.mark.parametrize(
    "name, players",
    [("classic", 3), ("classic", 6), ("simple32", 2), ("german32", 2), ("german32", 4), ("tschau-sepp", 3)],
)
def test_the_same_deal_gives_the_same_round_until_a_reshuffle(name: str, players: int) -> None:
    orders, rounds = engine_rounds(name, players, 150, FirstCardBot)
    batch = simulate(preset(name), players, len(rounds), policy="greedy", orders=orders)
    assert_same_rounds(batch, rounds)


TIP_BOTS = [name for name in BOTS if name not in ("random", "greedy", "sensible")]


@pytest.mark.parametrize("tip", TIP_BOTS)
@pytest.mark.parametrize("name, players", [("classic", 4), ("german32", 3), ("tschau-sepp", 4), ("simple32", 2)])
def test_every_tip_bot_plays_the_same_rounds_on_both_engines(tip: str, name: str, players: int) -> None:
    """The tip bot at seat 0 (then everywhere) beside greedy bots: the batch makes the engine's every choice."""
    policy = policy_of(BOTS[tip])
    assert policy is not None
    for seated in ([BOTS[tip]] + [FirstCardBot] * (players - 1), [BOTS[tip]] * players):
        orders, rounds = engine_rounds(name, players, 120, seated)
        seating = np.array([[0 if kind is BOTS[tip] else 1 for kind in seated]] * len(rounds))
        batch = simulate(preset(name), players, len(rounds), policy=[policy, GREEDY], seating=seating, orders=orders)
        assert_same_rounds(batch, rounds)


def test_a_bot_built_from_tips_plays_the_same_rounds_on_both_engines() -> None:
    built = built_bot(["double-matcher", "suit-spread", "skip-the-threat", "counter"])
    policy = policy_of(built)
    assert policy is not None and len(policy.tips) == 4
    orders, rounds = engine_rounds("classic", 4, 150, [built, FirstCardBot, built, FirstCardBot])
    batch = simulate(
        preset("classic"),
        4,
        len(rounds),
        policy=[policy, GREEDY],
        seating=np.array([[0, 1, 0, 1]] * len(rounds)),
        orders=orders,
    )
    assert_same_rounds(batch, rounds)


def test_only_the_engine_plays_the_sensible_bot_or_a_learners_own_bot() -> None:
    class Mine(FirstCardBot):
        def key(self, round_: Round, play: Play) -> tuple[float, ...]:
            return (play.card.rank.order,)

    assert policy_of(BOTS["sensible"]) is None and policy_of(Mine) is None


@pytest.mark.parametrize(
    "name, players, policy",
    [
        ("classic", 4, "random"),
        ("classic", 3, "greedy"),
        ("simple32", 2, "random"),
        ("german32", 3, "random"),
        ("tschau-sepp", 4, "greedy"),
    ],
)
@pytest.mark.slow
def test_both_engines_give_the_same_statistics(name: str, players: int, policy: str) -> None:
    bot = RandomBot if policy == "random" else FirstCardBot
    _, rounds = engine_rounds(name, players, 3000, bot)
    batch = simulate(preset(name), players, 20_000, policy=policy, seed=11)
    for seat in range(players):
        wins = sum(r.result is not None and r.result.winner == seat for r in rounds)
        low, high = wilson(wins, len(rounds), z=2.58)
        assert low <= batch.win_rates()[seat] <= high, (seat, wins / len(rounds), batch.win_rates()[seat])
    turns = np.array([r.turn_no for r in rounds])
    assert abs(batch.turns.mean() - turns.mean()) < 2.58 * turns.std() / np.sqrt(len(turns)) + 0.5
    dry = sum(any(e.kind == "reshuffle" for e in r.log) for r in rounds)
    low, high = wilson(dry, len(rounds), z=2.58)
    assert low <= batch.ran_dry.mean() <= high


@pytest.mark.parametrize("name", SUPPORTED)
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_no_card_is_lost_or_duplicated_at_any_step(name: str, policy: str) -> None:
    for players in (2, 5):
        result = simulate(preset(name), players, 60, policy=policy, seed=players, check=True)
        assert ((result.winners >= -1) & (result.winners < players)).all()


def test_the_same_seed_gives_the_same_rounds() -> None:
    first = simulate(preset("classic"), 4, 500, policy="random", seed=3)
    again = simulate(preset("classic"), 4, 500, policy="random", seed=3)
    assert (first.winners == again.winners).all() and (first.turns == again.turns).all()


def test_what_it_does_not_play_is_refused_with_a_reason() -> None:
    with pytest.raises(BadOption, match="presets"):
        simulate(preset("classic", ace="skip"), 4, 10)
    with pytest.raises(BadOption, match="presets"):
        simulate(preset("mao"), 4, 10)
    with pytest.raises(BadOption, match="policy"):
        simulate(preset("classic"), 4, 10, policy="clever")
