"""docs/rules.md, preset `mao` ([M]) and the tutorial law: one test per clause."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import draw, flag, hand, keep, kinds, play, reason, refused, say, table

from maumau_core import BadOption, Card, Round, find_law, make_deck, preset
from maumau_core.engine.bots import RandomBot, play_round
from maumau_core.engine.match import Match
from maumau_core.engine.round import RoundResult

TUTORIAL = find_law("tutorial")


def mao(hands: list[list[str]], discard: list[str], stock: list[str], **kw: object) -> Round:
    return table("mao", hands, discard, stock, law="tutorial", **kw)  # type: ignore[arg-type]


def test_mao_three_to_six_players_52_cards_no_jokers() -> None:
    with pytest.raises(BadOption):
        Round.deal(preset("mao"), 2, seed=1)
    with pytest.raises(BadOption):
        Round.deal(preset("mao"), 7, seed=1)
    assert Round.deal(preset("mao"), 6, seed=1).all_cards() == Counter(make_deck(52))


def test_mao_deal_five_four_players_20_in_hands_1_face_up_31_in_stock() -> None:
    r = Round.deal(preset("mao"), 4, seed=3, law=TUTORIAL)
    assert sum(len(h) for h in r.hands) == 20 and len(r.discard) == 1 and r.stock_size == 31


def test_mao_first_face_up_card_triggers_no_law() -> None:
    seed = next(s for s in range(500) if Round.deal(preset("mao"), 3, seed=s).top.rank.value == "Q")
    r = Round.deal(preset("mao"), 3, seed=seed, law=TUTORIAL)
    assert r.law_state is False


def test_mao_play_must_match_suit_or_rank() -> None:
    r = mao([["9H", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    events = r.apply(play(0, "KC"))
    assert "penalty" in kinds(events) and "KC" in hand(r, 0) and len(r.hands[0]) == 3
    assert r.turn == 1 and str(r.top) == "9D"
    assert reason(events[0]) == "no match"


def test_mao_illegal_attempt_card_back_one_penalty_turn_ends_short_reason() -> None:
    r = mao([["QD", "10D", "5C"], ["9D", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "QD"))
    events = r.apply(play(1, "9D"))
    penalty = next(e for e in events if e.kind == "penalty")
    assert reason(penalty) == "wrong colour" and penalty.sentence.endswith("wrong colour.")
    assert hand(r, 1) == ["2D", "2S", "9D"] and r.turn == 2 and str(r.top) == "QD"


def test_mao_draw_one_and_end_the_turn_even_voluntarily() -> None:
    r = mao([["9H", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    assert r.check(draw(0)) is None
    r.apply(draw(0))
    assert hand(r, 0) == ["2D", "9H", "KC"] and r.turn == 1, "the drawn 2D fits but may not be played"
    assert refused(r, keep(1)) == "cannot-pass"


def test_mao_no_skips_reverses_wild_cards_or_draw_penalties() -> None:
    for card in ("8D", "AD", "7D", "JD"):
        r = mao([[card, "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
        r.apply(play(0, card))
        assert r.turn == 1 and r.direction == 1 and r.pending_draw == 0 and r.named_suit is None
    r = mao([["JS", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    assert "penalty" in kinds(r.apply(play(0, "JS", say=["jack of spades"]))), "a jack is not wild"


def test_mao_law_only_restricts_never_allows_a_non_matching_card() -> None:
    r = mao([["4S", "KC"], ["QS", "2S"], ["3C", "4C"]], ["QH"], ["2D", "3D"])
    r.law_state = True
    assert r.check(play(0, "4S")) is not None and r.check(play(0, "4S")).code == "no-match"  # type: ignore[union-attr]


def test_mao_name_each_spade_played() -> None:
    r = mao([["4S", "KC", "2H"], ["QS", "2S"], ["3C", "4C"]], ["9S"], ["2D", "3D"])
    events = r.apply(play(0, "4S", say=["four of spades"]))
    assert "penalty" not in kinds(events) and len(r.hands[0]) == 2
    r = mao([["4S", "KC", "2H"], ["QS", "2S"], ["3C", "4C"]], ["9S"], ["2D", "3D"])
    assert "penalty" not in kinds(r.apply(play(0, "4S"))), "the words may still follow the play"
    events = r.apply(draw(1))
    assert [(e.player, reason(e)) for e in events if e.kind == "penalty"] == [(0, "failure to say “four of spades”")]
    assert len(r.hands[0]) == 3 and hand(r, 1) == ["2S", "3D", "QS"], "charged first, then the draw"


def test_mao_words_right_after_the_play_before_the_next_action_cost_nothing() -> None:
    r = mao([["4S", "KC", "2H"], ["QS", "2S"], ["3C", "4C"]], ["9S"], ["2D", "3D"])
    r.apply(play(0, "4S"))
    assert "penalty" not in kinds(r.apply(say(0, "four of spades")))
    assert "penalty" not in kinds(r.apply(draw(1))) and len(r.hands[0]) == 2


def test_mao_words_after_the_next_action_are_too_late_and_talking() -> None:
    r = mao([["4S", "KC", "2H"], ["QS", "2S"], ["3C", "4C"]], ["9S"], ["2D", "3D", "5D", "6D"])
    r.apply(play(0, "4S"))
    r.apply(draw(1))
    events = r.apply(say(0, "four of spades"))
    assert [reason(e) for e in events if e.kind == "penalty"] == ["talking (“four of spades”)"]
    assert len(r.hands[0]) == 4, "one card for the missing word, one for the late one"


@pytest.mark.parametrize("words", [["4 of spades"], ["Four of Spades"], ["4S of spades"]])
def test_mao_spade_call_spellings(words: list[str]) -> None:
    r = mao([["4S", "KC", "2H"], ["QS", "2S"], ["3C", "4C"]], ["9S"], ["2D", "3D"])
    events = r.apply(play(0, "4S", say=words))
    penalised = "penalty" in kinds(events)
    assert penalised == (words == ["4S of spades"])


def test_mao_say_mao_after_a_legal_play_leaving_one_card() -> None:
    r = mao([["9H", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    assert "penalty" not in kinds(r.apply(play(0, "9H", say=["Mao"])))
    r = mao([["9H", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "9H"))
    assert "penalty" in kinds(r.apply(draw(1))) and len(r.hands[0]) == 2


def test_mao_say_mao_again_after_the_last_card_to_win() -> None:
    r = mao([["9H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "9H", say=["Mao"]))
    assert r.result is not None and r.result.winner == 0 and r.result.scores == (0, 2, 2)


def test_mao_missing_final_mao_cancels_the_win() -> None:
    r = mao([["9H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "9H"))
    assert r.result is None, "the final “Mao” may still come"
    events = r.apply(draw(1))
    assert r.result is None and hand(r, 0) == ["2D"] and "penalty" in kinds(events)


def test_mao_final_mao_said_right_after_the_last_card_wins() -> None:
    r = mao([["9H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "9H"))
    r.apply(say(0, "Mao"))
    assert r.result is not None and r.result.winner == 0


def test_mao_both_words_when_both_apply() -> None:
    r = mao([["9S", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    assert "penalty" not in kinds(r.apply(play(0, "9S", say=["nine of spades", "Mao"])))
    r = mao([["9S", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "9S", say=["Mao"]))
    events = r.apply(draw(1))
    assert kinds(events).count("penalty") == 1 and len(r.hands[0]) == 2
    r = mao([["9S", "KC"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    r.apply(play(0, "9S"))
    r.apply(say(0, "Mao", "nine of spades"))
    assert "penalty" not in kinds(r.apply(draw(1))) and len(r.hands[0]) == 1


def test_mao_superfluous_word_costs_one_card() -> None:
    r = mao([["9H", "KC", "3H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    events = r.apply(play(0, "9H", say=["Mao"]))
    assert kinds(events).count("penalty") == 1 and len(r.hands[0]) == 3
    r = mao([["9H", "KC", "3H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    events = r.apply(say(2, "hello"))
    assert "penalty" in kinds(events) and len(r.hands[2]) == 3


def test_mao_words_with_an_illegal_attempt_are_ignored() -> None:
    r = mao([["KC", "3H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"])
    events = r.apply(play(0, "KC", say=["Mao", "rubbish"]))
    assert kinds(events).count("penalty") == 1 and len(r.hands[0]) == 3


def test_mao_play_out_of_turn_taken_back_and_penalised_turn_not_stolen() -> None:
    r = mao([["9H", "KC"], ["9D", "2S"], ["3C", "4C"]], ["9C"], ["2D", "3D"])
    events = r.apply(play(1, "9D"))
    assert reason(events[0]) == "playing out of turn"
    assert hand(r, 1) == ["2D", "2S", "9D"] and r.turn == 0 and str(r.top) == "9C"


def test_mao_no_flags_the_referee_judges_words() -> None:
    r = mao([["9H", "KC"], ["9D", "2S"], ["3C", "4C"]], ["9C"], ["2D", "3D"])
    assert refused(r, flag(1, 0)) == "not-allowed"


def test_mao_tutorial_law_after_a_queen_next_card_must_be_black() -> None:
    r = mao([["QD", "2H"], ["9D", "10C", "KH"], ["3C", "4C"]], ["10D"], ["2D", "3D", "4D"])
    r.apply(play(0, "QD", say=["Mao"]))
    events = r.apply(play(1, "9D"))
    assert reason(events[0]) == "wrong colour"


def test_mao_tutorial_law_drawing_does_not_lift_it() -> None:
    r = mao([["QD", "2H"], ["9D", "10C"], ["3D", "4C"]], ["10D"], ["2S", "3S", "4S"])
    r.apply(play(0, "QD", say=["Mao"]))
    r.apply(draw(1))
    assert r.law_state is True
    assert reason(r.apply(play(2, "3D"))[0]) == "wrong colour"


def test_mao_tutorial_law_a_legal_black_play_lifts_it() -> None:
    r = mao([["QD", "2H"], ["QC", "10C"], ["3D", "5C"], ["5D", "KH"]], ["10D"], ["2S", "3S", "4S"])
    r.apply(play(0, "QD", say=["Mao"]))
    r.apply(play(1, "QC", say=["Mao"]))
    assert r.law_state is True, "a black queen sets it again"
    r.apply(play(2, "5C", say=["Mao"]))
    assert r.law_state is False
    assert "penalty" not in kinds(r.apply(play(3, "5D", say=["Mao"])))


def test_mao_tutorial_law_worked_case() -> None:
    """Top Q♥ just played; hand 9♥, Q♣, 4♠: only Q♣ is legal; three cards → two: no "Mao"."""
    r = mao([["2H", "QH"], ["9H", "QC", "4S"], ["3C", "4C"]], ["10H"], ["2D", "3D"])
    r.apply(play(0, "QH", say=["Mao"]))
    legal = [str(a.cards[0]) for a in r.legal_actions() if hasattr(a, "cards")]
    assert legal == ["QC"]
    assert r.why_not(Card.parse("9H")).message == "wrong colour"  # type: ignore[union-attr]
    assert r.why_not(Card.parse("4S")).code == "no-match"  # type: ignore[union-attr]
    events = r.apply(play(1, "QC"))
    assert "penalty" not in kinds(events) and len(r.hands[1]) == 2 and r.law_state is True


def test_mao_reshuffle_keeps_the_law_state() -> None:
    r = mao([["QD", "2H", "3H"], ["9C", "10C"], ["3C", "4C"]], ["10D", "3D", "5D"], [])
    r.apply(play(0, "QD"))
    events = r.apply(draw(1))
    assert "reshuffle" in kinds(events) and r.law_state is True and str(r.top) == "QD"


def test_mao_draw_impossible_after_reshuffle_stops_the_round_fewest_cards_win() -> None:
    r = mao([["KC", "2H", "3H"], ["9C", "10C"], ["3C", "4C", "5S", "6S"]], ["10D"], [])
    r.apply(draw(0))
    assert r.result is not None and r.result.reason == "stuck"
    assert r.result.scores == (3, 2, 4) and r.result.winner == 1


def test_mao_stuck_round_counts_unpaid_penalties() -> None:
    r = mao([["KC", "2H"], ["9C", "10C", "JC"], ["3C", "4C", "5S"]], ["10D"], [])
    r.apply(play(0, "KC"))  # an illegal attempt whose penalty cannot be paid
    assert r.result is not None and r.result.scores == (3, 3, 3) and r.result.winner is None and r.result.void


def test_mao_match_first_to_three_round_wins_dealer_rotates() -> None:
    m = Match(preset("mao"), players=3)
    dealers = []
    for winner in (1, 1, 2, 1):
        dealers.append(m.dealer)
        m.record(RoundResult(winner, False, "out", (3, 0, 3)))
    assert m.over and m.winners == [1] and dealers == [0, 1, 2, 0]


def test_mao_bots_play_within_the_law() -> None:
    for seed in range(20):
        r = Round.deal(preset("mao"), 4, seed=seed, law=TUTORIAL)
        result = play_round(r, [RandomBot(seed + i) for i in range(4)])
        assert not any(e.kind == "penalty" for e in r.log)
        assert result.reason in ("out", "stuck")


def test_mao_an_empty_stock_is_rebuilt_from_the_pile_every_time_it_runs_out() -> None:
    """[M]: keep the top card, shuffle the rest into a new stock, however often that has happened."""
    r = mao([["KC", "2H", "3H"], ["9C", "10C"], ["3C", "4C", "5S", "6S"]], ["10D", "QD", "5D"], [])
    assert r.rules.rebuilds is None
    r.rebuilt = 10
    events = r.apply(draw(0))
    assert "reshuffle" in kinds(events) and r.result is None
    assert r.top == Card.parse("5D") and len(hand(r, 0)) == 4


def test_mao_the_round_stops_only_when_nothing_is_left_to_shuffle() -> None:
    r = mao([["KC", "2H", "3H"], ["9C", "10C"], ["3C", "4C", "5S", "6S"]], ["5D"], [])
    events = r.apply(draw(0))
    assert r.result is not None and r.result.reason == "stuck" and r.result.winner == 1
    assert "No card can be drawn even after reshuffling" in " ".join(e.sentence for e in events)


def test_a_rebuild_limit_is_an_option_and_its_stop_says_so() -> None:
    r = mao(
        [["KC", "2H", "3H"], ["9C", "10C"], ["3C", "4C", "5S", "6S"]], ["10D", "QD", "5D"], [], options={"rebuilds": 3}
    )
    r.rebuilt = 3
    said = " ".join(e.sentence for e in r.apply(draw(0)))
    assert r.result is not None and r.result.reason == "stuck"
    assert "allow no more reshuffles" in said and "nothing is left to reshuffle" not in said


@pytest.mark.parametrize("law", ["not 7", "not face"])
def test_mao_a_law_that_forbids_cards_for_good_still_ends_every_bot_round(law: str) -> None:
    """Sevens (or faces) nobody may ever play pile up in hands until nobody can go out, while the pile is
    reshuffled for ever: bot-only play calls such a round off (void, no winner) instead of running on."""
    for seed in range(6):
        r = Round.deal(preset("mao"), 4, seed=seed, law=find_law(law))
        result = play_round(r, [RandomBot(seed + i) for i in range(4)])
        assert result.reason in ("out", "stuck", "called-off")
        if result.reason == "called-off":
            assert result.void and result.winner is None and r.log[-1].kind == "called-off"


def test_a_called_off_round_says_why_and_a_match_scores_nothing_for_it() -> None:
    r = mao([["KC", "2H", "3H"], ["9C", "10C"], ["3C", "4C", "5S", "6S"]], ["10D", "QD", "5D"], ["2C"])
    events = r.call_off(20_000)
    assert r.result is not None and r.result.void and r.result.reason == "called-off"
    assert (
        events[0].sentence
        == "After 20000 moves nobody could finish the round: the simulation ends it there, with no winner."
    )
    m = Match(preset("mao"), players=3)
    m.record(r.result)
    assert m.wins == [0, 0, 0] and not m.over
