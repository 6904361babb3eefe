"""docs/rules.md, preset `simple32` (the simple 32-card convention, [S]): one test per clause."""

from __future__ import annotations

from collections import Counter

from helpers import draw, flag, hand, keep, kinds, play, refused, table

from maumau_core import Rank, Round, make_deck, preset
from maumau_core.engine.match import Match
from maumau_core.engine.round import RoundResult


def test_simple32_skat_deck_deal_five() -> None:
    r = Round.deal(preset("simple32"), 4, seed=5)
    assert all(len(h) == 5 for h in r.hands)
    assert r.all_cards() == Counter(make_deck(32))
    assert min(card.rank.order for card in r.all_cards()) == 7


def test_simple32_a_two_is_not_in_the_deck() -> None:
    assert all(card.rank is not Rank.TWO for card in make_deck(32))


def test_simple32_jack_playable_on_any_card_even_a_jack() -> None:
    r = table("simple32", [["JS", "9H"], ["KH", "QC"]], ["JD"], ["7C"], suit="C")
    r.apply(play(0, "JS", suit="H"))
    assert r.suit.value == "H"


def test_simple32_after_jack_follow_named_suit_or_play_another_jack() -> None:
    r = table("simple32", [["9S", "10S"], ["KH", "QD", "JC"]], ["JS"], ["7C"], turn=1, suit="H")
    assert refused(r, play(1, "QD")) == "no-match"
    assert r.check(play(1, "JC", suit="S")) is None
    r.apply(play(1, "KH"))


def test_simple32_jack_is_not_an_answer_to_a_seven() -> None:
    r = table("simple32", [["9S", "10S"], ["JC", "QD"]], ["7D"], ["7C", "8C"], turn=1, pending_draw=2)
    assert refused(r, play(1, "JC", suit="D")) == "must-answer-seven"


def test_simple32_seven_next_draws_two_and_passes() -> None:
    r = table("simple32", [["7D", "10S"], ["KC", "QC"], ["9C", "8C"]], ["9D"], ["7C", "8H", "9H"])
    r.apply(play(0, "7D"))
    r.apply(draw(1))
    assert hand(r, 1) == ["7C", "8H", "KC", "QC"] and r.turn == 2


def test_simple32_seven_does_not_stack() -> None:
    r = table("simple32", [["7D", "10S"], ["7C", "QC"], ["9C", "8C"]], ["9D"], ["8D", "8H", "9H"])
    r.apply(play(0, "7D"))
    assert refused(r, play(1, "7C")) == "must-answer-seven"


def test_simple32_seven_as_last_card_has_no_effect() -> None:
    r = table("simple32", [["7D"], ["KC", "QC"]], ["9D"], ["8H", "9H"])
    r.apply(play(0, "7D"))
    assert r.result is not None and r.result.winner == 0


def test_simple32_ace_next_player_passes() -> None:
    r = table("simple32", [["AH", "8C"], ["KH", "QC"], ["8H", "9D"]], ["10H"], ["7D"])
    r.apply(play(0, "AH"))
    assert r.turn == 2


def test_simple32_ace_with_two_players_author_plays_again() -> None:
    r = table("simple32", [["AH", "8C"], ["KH", "QC"]], ["10H"], ["7D"])
    r.apply(play(0, "AH"))
    assert r.turn == 0


def test_simple32_ace_as_last_card_round_already_won() -> None:
    r = table("simple32", [["AH"], ["KH", "QC"]], ["10H"], ["7D"])
    r.apply(play(0, "AH"))
    assert r.result is not None and r.result.winner == 0


def test_simple32_eight_has_no_power() -> None:
    r = table("simple32", [["8H", "9C"], ["KH", "QC"], ["9H", "9D"]], ["10H"], ["7D"])
    r.apply(play(0, "8H"))
    assert r.turn == 1


def test_simple32_blocked_draw_exactly_one_play_it_if_it_fits() -> None:
    r = table("simple32", [["KS", "10S"], ["KC", "QC"]], ["9D"], ["8D", "8H"])
    events = r.apply(draw(0))
    assert len(r.hands[0]) == 3 and "drawn-must-play" in kinds(events)
    r.apply(play(0, "8D"))
    assert r.turn == 1


def test_simple32_blocked_draw_else_pass() -> None:
    r = table("simple32", [["KS", "10S"], ["KC", "QC"]], ["9D"], ["8H", "8D"])
    r.apply(draw(0))
    assert r.turn == 1 and len(r.hands[0]) == 3


def test_simple32_blocked_drawn_card_that_fits_must_be_played() -> None:
    r = table("simple32", [["KS", "10S"], ["KC", "QC"]], ["9D"], ["8D", "8H"])
    events = r.apply(draw(0))
    assert "drawn-must-play" in kinds(events)
    assert refused(r, keep(0)) == "cannot-pass"
    assert [str(a) for a in r.legal_actions()] == ["8D"], "the drawn card is the only move"
    r.apply(play(0, "8D"))
    assert r.turn == 1


def test_classic_blocked_drawn_card_that_fits_may_be_kept() -> None:
    r = table("classic", [["KS", "10S"], ["KC", "QC"]], ["9D"], ["8D", "8H"])
    events = r.apply(draw(0))
    assert "drawn-playable" in kinds(events)
    r.apply(keep(0))
    assert r.turn == 1 and "8D" in hand(r, 0)


def test_simple32_may_not_draw_with_a_playable_card() -> None:
    r = table("simple32", [["9S", "10D"], ["KC", "QC"]], ["9D"], ["8D", "8H"])
    assert refused(r, draw(0)) == "cannot-draw"


def test_simple32_first_card_seven_or_ace_is_ignored() -> None:
    for wanted in (Rank.SEVEN, Rank.ACE):
        seed = next(s for s in range(500) if Round.deal(preset("simple32"), 3, seed=s).top.rank is wanted)
        r = Round.deal(preset("simple32"), 3, seed=seed, dealer=0)
        assert r.pending_draw == 0 and r.turn == 1


def test_simple32_first_card_jack_dealer_names_a_suit() -> None:
    seed = next(s for s in range(500) if Round.deal(preset("simple32"), 3, seed=s).top.rank is Rank.JACK)
    r = Round.deal(preset("simple32"), 3, seed=seed, dealer=0)
    assert r.named_suit is not None and "dealer-names" in kinds(r.log)


def test_simple32_mau_at_one_card() -> None:
    r = table("simple32", [["9D", "10S"], ["KC", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    r.apply(play(0, "9D", say=["Mau"]))
    assert refused(r, flag(1, 0)) == "bad-flag"


def test_simple32_forgotten_mau_flagged_before_next_player_starts_costs_two() -> None:
    r = table("simple32", [["9D", "10S"], ["KC", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    r.apply(play(0, "9D"))
    r.apply(flag(2, 0))
    assert hand(r, 0) == ["10S", "8D", "8H"]


def test_simple32_forgotten_mau_no_claim_once_next_player_started() -> None:
    r = table("simple32", [["9D", "10S"], ["KD", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    r.apply(play(0, "9D"))
    r.apply(play(1, "KD"))
    assert refused(r, flag(2, 0)) == "bad-flag"


def test_simple32_last_card_wins_without_a_second_call() -> None:
    r = table("simple32", [["9D"], ["KD", "QC"]], ["9H"], ["8D"])
    r.apply(play(0, "9D"))
    assert r.result is not None and r.result.winner == 0


def test_simple32_empty_stock_take_only_what_is_there_and_still_pass() -> None:
    r = table("simple32", [["KC", "QC"], ["8S", "8C"]], ["7D"], ["8H"], pending_draw=2)
    events = r.apply(draw(0))
    assert hand(r, 0) == ["8H", "KC", "QC"]
    assert r.turn == 1 and r.pending_draw == 0 and "take-penalty" in kinds(events)


def test_simple32_empty_stock_is_refilled_from_the_discard_pile_first() -> None:
    r = table("simple32", [["7D", "10S"], ["KC", "QC"], ["8S", "8C"]], ["9D"], ["8H"])
    r.apply(play(0, "7D"))
    r.apply(draw(1))
    assert hand(r, 1) == ["8H", "9D", "KC", "QC"] and str(r.top) == "7D"


def test_simple32_full_turn_with_no_play_and_no_draw_is_void() -> None:
    r = table("simple32", [["KS", "10S"], ["KC", "QC"]], ["9D"], [])
    r.apply(draw(0))
    assert r.result is None
    r.apply(draw(1))
    assert r.result is not None and r.result.void and r.result.winner is None


def test_simple32_match_one_point_per_round_won_over_fixed_rounds_ties_possible() -> None:
    m = Match(preset("simple32", rounds=4), players=3)
    for winner in (0, 1, 0, 1):
        m.record(RoundResult(winner, False, "out", (0, 9, 9)))
    assert m.over and sorted(m.winners) == [0, 1] and m.wins == [2, 2, 0]


def test_simple32_void_round_counts_as_played_with_no_point() -> None:
    m = Match(preset("simple32", rounds=2), players=2)
    m.record(RoundResult(None, True, "void", (9, 9)))
    m.record(RoundResult(1, False, "out", (9, 0)))
    assert m.over and m.winners == [1]
