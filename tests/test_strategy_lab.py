"""The strategy lab: bots act only through legal actions, tournaments are repeatable and honest about
uncertainty, tips and house rules are measured on the same deals."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_core import PRESETS, Rank, Round, delivery, preset
from maumau_core.lab.experiments import TIPS, compare, effects, option_effects, verdict
from maumau_core.lab.standing import Standing, wilson
from maumau_core.lab.strategies import BOTS
from maumau_core.lab.tournament import tournament
from maumau_core.widgets.lab_views import HouseRuleLab, TipLab

MAU_MAU = [name for name in PRESETS if name != "mao"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(BOTS)), st.sampled_from(MAU_MAU), st.integers(0, 10**6), st.integers(2, 5))
def test_every_bot_takes_only_legal_actions_and_touches_nothing(name: str, rules: str, seed: int, players: int) -> None:
    round_ = Round.deal(preset(rules), players, seed=seed)
    bots = [BOTS[name](seed + seat) for seat in range(players)]
    for _ in range(3000):
        if round_.result is not None:
            break
        before = round_.snapshot()
        action = bots[round_.turn].choose(round_)
        assert round_.snapshot() == before, "choosing a move changed the table"
        assert round_.check(action) is None, f"{name} chose a refused move {action}"
        round_.apply(action)
    assert round_.result is not None


def test_a_tournament_with_a_fixed_seed_gives_the_same_numbers_twice() -> None:
    first = tournament(["combined", "greedy", "random"], preset("classic"), deals=40, seed=3, show_progress=False)
    again = tournament(["combined", "greedy", "random"], preset("classic"), deals=40, seed=3, show_progress=False)
    assert first == again
    assert sum(s.wins for s in first) <= 40 * 3 and all(s.rounds == 120 for s in first)


def test_seats_rotate_so_a_bot_against_copies_of_itself_wins_its_share() -> None:
    standings = tournament(["greedy"] * 4, preset("classic"), deals=100, seed=1, show_progress=False)
    wins = [s.wins for s in standings]
    assert max(wins) - min(wins) <= 1 or len(set(wins)) == 1  # every seating played every deal


def test_random_play_loses_to_sensible_play_beyond_doubt() -> None:
    sensible, random_ = tournament(["sensible", "random"], preset("classic"), deals=300, seed=0, show_progress=False)
    assert sensible.interval[0] > random_.interval[1]


def test_a_tournament_stops_early_once_the_intervals_are_tight() -> None:
    standings = tournament(
        ["greedy", "random"], preset("simple32"), deals=5000, seed=0, stop_at=0.1, show_progress=False
    )
    assert standings[0].rounds < 5000 * 2
    low, high = standings[0].interval
    assert high - low < 0.1


def test_wilson_interval_contains_the_rate_and_narrows_with_rounds() -> None:
    low, high = wilson(25, 100)
    assert low < 0.25 < high
    assert wilson(250, 1000)[1] - wilson(250, 1000)[0] < high - low
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_verdict_reads_the_intervals() -> None:
    good, bad = Standing("a", 1000, 400, 0, 0), Standing("b", 1000, 200, 0, 0)
    assert verdict(good, bad) == "helps" and verdict(bad, good) == "hurts"
    assert verdict(good, Standing("c", 1000, 390, 0, 0)) == "makes no clear difference"


def test_answering_sevens_wins_more_than_taking_the_cards() -> None:
    with_tip, without = compare("answer-sevens", preset("classic"), deals=250, show_progress=False)
    assert with_tip.wins > without.wins and with_tip.points < without.points


@pytest.mark.parametrize("tip", sorted(TIPS))
def test_every_tip_compares_two_different_bots_on_the_same_deals(tip: str) -> None:
    assert TIPS[tip].bot != TIPS[tip].without and TIPS[tip].bot in BOTS and TIPS[tip].without in BOTS
    with_tip, without = compare(tip, preset("german32"), deals=10, show_progress=False)
    assert with_tip.rounds == without.rounds == 40


def test_house_rule_effects_show_what_the_rules_imply() -> None:
    rows = option_effects(preset("classic"), "draw_stacking", [True, False], rounds=150, show_progress=False)
    assert rows[False].seven_chain == 1.0 and rows[True].seven_chain > 1.0
    assert effects(preset("classic"), rounds=60, show_progress=False) == effects(
        preset("classic"), rounds=60, show_progress=False
    )
    void = effects(preset("classic", ace="draw-all"), rounds=150, show_progress=False)
    assert void.stock_ran_dry > rows[True].stock_ran_dry


def test_the_tip_lab_wants_a_prediction_first_then_gives_a_verdict() -> None:
    lab = TipLab(deals=30)
    assert lab.simulate() == "" and "prediction" in lab._verdict.value
    lab._prediction.value = "helps"
    found = lab.simulate()
    assert found in ("helps", "hurts", "makes no clear difference")
    assert "<svg" in lab._plot.value and "won" in lab._verdict.value
    assert "following the tip" in lab._plot.value and "keep-a-jack" not in lab._plot.value  # words, not bot names


def test_the_house_rule_lab_measures_every_value() -> None:
    lab = HouseRuleLab(rounds=20)
    lab._option.value = "skip_card"
    rows = lab.measure()
    assert list(rows) == [None, *Rank] and "<svg" in lab._result.value and "turns per round" in lab._result.value
    assert "<td>none</td>" in lab._result.value and "(its own setting: 8)" in lab._result.value


def test_the_house_rule_lab_offers_what_bots_can_show_from_the_registry() -> None:
    offered = dict(HouseRuleLab()._option.options)
    assert offered["Draw cards stack"] == "draw_stacking" and offered["Cards dealt"] == "hand_size"
    assert "call_penalty" not in offered.values() and "scoring" not in offered.values()


def test_a_bot_built_from_tips_follows_them_in_order() -> None:
    from maumau_core.lab.strategies import CombinedBot, built_bot

    built = built_bot(["answer-sevens", "keep-a-jack"])
    assert issubclass(built, CombinedBot) and [p.__name__ for p in built.parts] == ["AnswerSevensBot", "KeepAJackBot"]
    assert built_bot([]).parts == ()


def test_the_combined_bot_beats_the_greedy_baseline_beyond_doubt() -> None:
    combined = tournament(
        ["combined", "greedy", "greedy", "greedy"], preset("classic"), deals=400, show_progress=False
    )[0]
    assert combined.interval[0] > 0.25


def test_the_policy_builder_races_the_ticked_tips() -> None:
    from maumau_core.widgets.lab_views import PolicyBuilder

    builder = PolicyBuilder(deals=20)
    builder._tips[0].value = True
    mine = builder.race()
    # The tips are named by their titles as written (lowered, a German title would lose its nouns' capitals).
    assert mine.rounds == 80 and "Your bot (“Answer a seven with your own seven”)" in builder._result.value


def test_the_lab_widgets_default_size_is_the_delivery_s(monkeypatch: pytest.MonkeyPatch) -> None:
    from maumau_core.widgets.lab_views import PolicyBuilder

    monkeypatch.setattr(delivery, "current", lambda: dataclasses.replace(delivery.STATIC, lab_deals=100))
    assert TipLab()._deals.value == 100 and HouseRuleLab().rounds == 100 and PolicyBuilder().deals == 100
    assert TipLab(deals=300)._deals.value == 300


def test_a_run_moves_its_progress_bar_by_whole_percents_only() -> None:
    """Each move is a message to the browser: a run of 2,100 rounds sends about a hundred, not 2,100."""
    lab = HouseRuleLab(rounds=150)
    lab._option.value = "skip_card"
    moves: list[float] = []
    lab._runner.progress.observe(lambda change: moves.append(change["new"]), names="value")
    lab._runner.button.click()
    assert "<table" in lab._result.value
    assert 50 <= len(moves) <= 102 and all(b - a >= 0.01 for a, b in zip(moves, moves[1:]))


def test_tip_tournaments_run_on_the_batch_simulator_and_others_on_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from maumau_core.lab import tournament as module

    def no_engine(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the per-round engine was used")

    monkeypatch.setattr(module, "play_round", no_engine)
    standings = tournament(["combined", "greedy", "take-the-cards"], preset("german32"), deals=60, show_progress=False)
    assert [s.rounds for s in standings] == [180] * 3
    for engine_only in (
        (["sensible", "greedy"], preset("classic")),
        (["greedy", "greedy"], preset("classic", ace="skip")),
    ):
        with pytest.raises(AssertionError, match="per-round engine"):
            tournament(engine_only[0], engine_only[1], deals=5, show_progress=False)


def test_a_tip_experiment_gives_the_same_win_rates_on_both_engines() -> None:
    """The batch's seats, rotations and tallies: the same bots on the engine (a wrapper the batch cannot
    play) win at rates that agree within their intervals."""
    names = ["combined", "random", "take-the-cards", "greedy"]
    engine_bots = {name: (lambda seed, kind=BOTS[name]: kind(seed)) for name in set(names)}
    batch = tournament(names, preset("classic"), deals=400, seed=2, show_progress=False)
    engine = tournament(names, preset("classic"), deals=400, seed=2, show_progress=False, bots=engine_bots)
    for fast, slow in zip(batch, engine):
        assert fast.rounds == slow.rounds == 1600
        spread = math.sqrt(sum(s.win_rate * (1 - s.win_rate) / s.rounds for s in (fast, slow)))
        assert abs(fast.win_rate - slow.win_rate) < 2.58 * spread, (fast, slow)  # two estimates of one rate, 99 %
        assert abs(fast.moves - slow.moves) < 3


def test_a_new_run_clears_the_last_verdict_while_it_plays() -> None:
    from maumau_core.widgets.lab_views import TipLab

    lab = TipLab(deals=50)
    lab._prediction.value = "helps"
    lab._runner.button.click()
    assert lab._verdict.value and lab._plot.value
    seen: list[tuple[str, str]] = []
    lab._runner.report = lambda share: seen.append((lab._verdict.value, lab._plot.value))  # type: ignore[method-assign]
    lab._runner.button.click()
    assert seen and all(verdict == "" and plot == "" for verdict, plot in seen)


def test_the_house_rule_lab_leaves_out_what_a_rule_set_cannot_deal() -> None:
    """Ten cards each for four players need more than 32 cards: the lab measures the other values and says which
    it left out, instead of failing halfway."""
    from maumau_core.lab.experiments import dealable, option_effects
    from maumau_core.widgets.lab_views import HouseRuleLab

    german = preset("german32")
    assert dealable(german, "hand_size", range(3, 11)) == [3, 4, 5, 6, 7]
    assert list(option_effects(german, "hand_size", [5, 9], rounds=4, show_progress=False)) == [5]
    lab = HouseRuleLab(rounds=4)
    lab._rules.value, lab._option.value = "german32", "hand_size"
    rows = lab.measure()
    assert list(rows) == [3, 4, 5, 6, 7]
    assert "cannot deal to four players with 8, 9, and 10, so those are left out" in lab._result.value
