"""docs/rules.md, clauses shared by the Mau Mau presets: when a late call still counts, the card that
ends a hand has no power, a void round scores nothing, and an ended match deals no more rounds."""

from __future__ import annotations

import pytest
from helpers import draw, flag, hand, kinds, play, refused, say, table

from maumau_core import BadOption, preset
from maumau_core.engine.match import Match
from maumau_core.engine.round import RoundResult

CALLING = ["classic", "simple32", "german32", "tschau-sepp"]


def forgot_the_one_card_call(name: str):  # type: ignore[no-untyped-def]
    """Player 0 plays 9♦ from two cards and says nothing; player 1 holds a king of diamonds to play next."""
    deck_card = "KD"
    r = table(name, [["9D", "10S"], [deck_card, "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H", "9C", "10C"])
    r.apply(play(0, "9D"))
    return r


@pytest.mark.parametrize("name", CALLING)
def test_a_missed_call_said_before_the_next_player_acts_still_counts(name: str) -> None:
    r = forgot_the_one_card_call(name)
    word = preset(name).call_one
    assert word is not None
    events = r.apply(say(0, word))
    assert kinds(events) == ["late-call"]
    assert refused(r, flag(2, 0)) == "bad-flag", "nothing is left to point out"
    assert len(r.hands[0]) == 1


@pytest.mark.parametrize("name", CALLING)
def test_a_late_call_cures_nothing_once_the_next_player_has_acted(name: str) -> None:
    rules = preset(name)
    r = table(
        name,
        [["9D", "10S"], ["2C", "3C"] if rules.deck == 52 else ["KC", "QC"], ["8S", "8C"]],
        ["9H"],
        ["10D", "9C", "10C"],
    )
    r.apply(play(0, "9D"))
    r.apply(draw(1))  # blocked, player 1 draws 10♦, which fits: an action, and the turn is not over yet
    assert rules.call_one is not None
    events = r.apply(say(0, rules.call_one))
    assert len(r.hands[0]) == 1
    if rules.call_window == "next-turn-end":  # classic: the flag window lasts to the end of the next turn
        assert kinds(events) == ["too-late"]
        events = r.apply(flag(2, 0))
        assert "call-penalty" in kinds(events) and len(r.hands[0]) == 1 + rules.call_penalty
    else:  # the window closed when the next player started: no claim any more, and no cure needed
        assert kinds(events) == ["idle-word"]
        assert refused(r, flag(2, 0)) == "bad-flag"


def test_classic_a_late_mau_mau_before_the_next_player_acts_wins() -> None:
    r = table("classic", [["9D"], ["KD", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    r.apply(play(0, "9D"))
    assert r.result is None
    r.apply(say(0, "Mau Mau"))
    assert r.result is not None and r.result.winner == 0


@pytest.mark.parametrize("name", ["classic", "german32", "tschau-sepp"])
def test_a_draw_card_played_as_the_last_card_has_no_power(name: str) -> None:
    seven = "6D" if name == "tschau-sepp" else "7D"
    rules = preset(name)
    r = table(name, [[seven], ["KD", "QC"], ["8S", "8C"]], ["9D"], ["8D", "8H"])
    r.apply(play(0, seven, say=[rules.call_out or ""]))
    assert r.result is not None and r.result.winner == 0
    assert r.pending_draw == 0, "no penalty is left waiting in the final state"


def test_simple32_a_seven_or_an_ace_as_the_last_card_has_no_power() -> None:
    for last in ("7D", "AD"):
        r = table("simple32", [[last], ["KD", "QC"], ["8S", "8C"]], ["9D"], ["8D", "8H"])
        r.apply(play(0, last))
        assert r.result is not None and r.result.winner == 0 and r.pending_draw == 0
        assert r.result.scores == (0, 20, 16)


def test_an_ace_that_makes_everyone_draw_does_nothing_as_the_last_card() -> None:
    r = table("classic", [["AD"], ["KD", "QC"], ["8S", "8C"]], ["9D"], ["2D", "3D"], options={"ace": "draw-all"})
    r.apply(play(0, "AD", say=["Mau Mau"]))
    assert r.result is not None and r.result.scores == (0, 20, 16), "the others' points did not grow"
    assert hand(r, 1) == ["KD", "QC"] and r.stock_size == 2


def test_an_ace_that_makes_everyone_draw_works_before_the_last_card() -> None:
    r = table(
        "classic", [["AD", "5C", "6C"], ["KD", "QC"], ["8S", "8C"]], ["9D"], ["2D", "3D"], options={"ace": "draw-all"}
    )
    r.apply(play(0, "AD"))
    assert hand(r, 1) == ["2D", "KD", "QC"] and hand(r, 2) == ["3D", "8C", "8S"]


def test_classic_a_last_eight_skips_nobody_even_when_the_call_was_missed() -> None:
    r = table("classic", [["8D"], ["KD", "QC"], ["9S", "9C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "8D"))
    assert r.result is None and r.turn == 1, "the round goes on while the miss may be flagged; nobody is skipped"


def test_a_void_round_adds_no_card_points_to_a_points_match() -> None:
    m = Match(preset("classic"), players=3)
    m.record(RoundResult(None, True, "void", (30, 40, 50)))
    assert m.totals == [0, 0, 0] and len(m.history) == 1 and not m.over


def test_an_ended_match_refuses_more_rounds_with_a_clear_sentence() -> None:
    m = Match(preset("mao"), players=3)
    for _ in range(3):
        m.record(RoundResult(0, False, "out", (0, 4, 4)))
    assert m.over
    with pytest.raises(BadOption, match="The match is over: start a new match."):
        m.new_round()
    with pytest.raises(BadOption, match="The match is over"):
        m.record(RoundResult(1, False, "out", (4, 0, 4)))
    assert m.wins == [3, 0, 0]
