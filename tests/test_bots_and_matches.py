"""Bots act through the public actions; matches keep score as each preset says."""

from __future__ import annotations

import pytest
from helpers import table

from maumau_core import PRESETS, Draw, Play, Round, Suit, find_law, preset
from maumau_core.engine.bots import GreedyBot, RandomBot, play_round
from maumau_core.engine.match import Match


def test_greedy_bot_answers_a_seven_with_a_seven() -> None:
    r = table("classic", [["2S", "3S"], ["7D", "9C", "KC"]], ["7C"], ["2D", "3D"], turn=1, pending_draw=2)
    action = GreedyBot(0).choose(r)
    assert isinstance(action, Play) and str(action.card) == "7D"


def test_greedy_bot_keeps_its_jack_while_another_card_fits() -> None:
    r = table("classic", [["JD", "9C", "2H"], ["3S", "4S"]], ["9H"], ["2D"])
    action = GreedyBot(0).choose(r)
    assert isinstance(action, Play) and str(action.card) != "JD"


def test_greedy_bot_plays_a_jack_when_blocked_and_names_its_longest_suit() -> None:
    r = table("classic", [["JD", "2S", "3S", "4C"], ["3H", "4H"]], ["9H"], ["2D"])
    action = GreedyBot(0).choose(r)
    assert isinstance(action, Play) and str(action.card) == "JD" and action.suit is Suit.SPADES


def test_greedy_bot_draws_only_when_it_must() -> None:
    r = table("classic", [["2S", "3S"], ["3H", "4H"]], ["9H"], ["2D"])
    assert GreedyBot(0).choose(r) == Draw(0)


def test_greedy_bot_makes_its_calls() -> None:
    r = table("classic", [["9C", "2H"], ["3S", "4S"]], ["9H"], ["2D"])
    action = GreedyBot(0).choose(r)
    assert isinstance(action, Play) and action.say == ("Mau",)


def test_bots_are_repeatable_with_a_seed() -> None:
    logs = []
    for _ in range(2):
        r = Round.deal(preset("classic"), 4, seed=3)
        play_round(r, [RandomBot(s) for s in range(4)])
        logs.append([event.sentence for event in r.log])
    assert logs[0] == logs[1]


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(200):
        r = Round.deal(preset("classic"), 2, seed=seed)
        bots = [GreedyBot(seed), RandomBot(seed)] if seed % 2 else [RandomBot(seed), GreedyBot(seed)]
        result = play_round(r, bots)
        wins += result.winner == (0 if seed % 2 else 1)
    assert wins > 110


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_whole_match_plays_to_its_end_with_bots(name: str) -> None:
    rules = preset(name, target=60) if preset(name).scoring == "points" else preset(name)
    match = Match(rules, players=3, seed=5)
    law = find_law("tutorial") if name == "mao" else None
    for _ in range(60):
        if match.over:
            break
        r = match.new_round(law=law)
        match.record(play_round(r, [GreedyBot(seat) for seat in range(r.players)]))
    assert match.over and match.winners
    assert match.standings()[0][0] in match.winners


def test_opponents_flag_missed_calls_in_bot_games() -> None:
    class Forgetful(GreedyBot):
        def choose(self, round_: Round):  # type: ignore[no-untyped-def]
            action = super().choose(round_)
            return action._replace(say=()) if isinstance(action, Play) else action

    rules = preset("classic", flagger="opponents", flag_chance=1.0)
    penalties = 0
    for seed in range(20):
        r = Round.deal(rules, 3, seed=seed)
        play_round(r, [Forgetful(0), GreedyBot(1), GreedyBot(2)])
        penalties += sum(e.kind == "call-penalty" and e.player == 0 for e in r.log)
    assert penalties > 0
