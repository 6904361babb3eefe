"""docs/rules.md, preset `classic` (52 cards, [C]): one test per clause."""

from __future__ import annotations

from collections import Counter

from helpers import draw, flag, hand, keep, kinds, play, refused, say, table

from maumau_core import Card, Rank, Round, make_deck, preset
from maumau_core.engine.bots import GreedyBot, play_round
from maumau_core.engine.match import Match
from maumau_core.engine.round import RoundResult


def test_classic_two_to_six_players_one_deck_seven_or_more_two_decks() -> None:
    rules = preset("classic")
    assert rules.deck_size(6) == 52 and rules.deck_size(7) == 104
    r = Round.deal(rules, 8, seed=3)
    assert r.all_cards() == Counter(make_deck(104))


def test_classic_deal_five() -> None:
    r = Round.deal(preset("classic"), 4, seed=1)
    assert all(len(h) == 5 for h in r.hands)


def test_classic_seven_next_player_draws_two_and_loses_turn() -> None:
    r = table("classic", [["7C", "4H", "5H"], ["QS", "2S"], ["3C", "8H"]], ["9C"], ["2D", "3D", "4D"])
    r.apply(play(0, "7C"))
    assert r.pending_draw == 2 and r.turn == 1
    r.apply(draw(1))
    assert hand(r, 1) == ["2D", "2S", "3D", "QS"]
    assert r.turn == 2 and r.pending_draw == 0


def test_classic_seven_answered_by_seven_passes_on_four_then_six() -> None:
    r = table(
        "classic",
        [["7C", "4H"], ["7D", "2S"], ["7H", "8H"], ["3S", "3C"]],
        ["9C"],
        ["2D", "3D", "4D", "5D", "6D", "9D"],
    )
    r.apply(play(0, "7C"))
    r.apply(play(1, "7D"))
    assert r.pending_draw == 4
    r.apply(play(2, "7H"))
    assert r.pending_draw == 6 and r.turn == 3
    r.apply(draw(3))
    assert len(r.hands[3]) == 8 and r.turn == 0


def test_classic_only_a_seven_answers_a_pending_seven() -> None:
    r = table("classic", [["2S"], ["JD", "9C", "8C"]], ["7C"], ["2D", "3D"], turn=1, pending_draw=2)
    assert refused(r, play(1, "JD", suit="H")) == "must-answer-seven"
    assert refused(r, play(1, "9C")) == "must-answer-seven"
    assert refused(r, play(1, "8C")) == "must-answer-seven"
    assert "7 is waiting" in r.why_not(Card.parse("9C")).message  # type: ignore[union-attr]


def test_classic_jack_is_wild_on_any_card_and_names_a_suit() -> None:
    r = table("classic", [["JS", "4H"], ["KH", "2D"]], ["9C"], ["2C"])
    r.apply(play(0, "JS", suit="H"))
    assert r.suit.value == "H" and str(r.top) == "JS"


def test_classic_jack_on_a_jack() -> None:
    r = table("classic", [["JS", "4H"], ["KH", "2D"]], ["JC"], ["2C"], suit="D")
    r.apply(play(0, "JS", suit="S"))
    assert r.suit.value == "S"


def test_classic_jack_may_name_the_current_suit() -> None:
    r = table("classic", [["JC", "4H"], ["KH", "2D"]], ["9C"], ["2C"])
    r.apply(play(0, "JC", suit="C"))
    assert r.suit.value == "C"


def test_classic_jack_needs_a_suit_named() -> None:
    r = table("classic", [["JS", "4H"], ["KH", "2D"]], ["9C"], ["2C"])
    assert refused(r, play(0, "JS")) == "suit-required"


def test_classic_after_jack_follow_named_suit_or_play_jack() -> None:
    r = table("classic", [["4S", "5S"], ["KH", "2S", "JD", "9S"]], ["JS"], ["2C"], turn=1, suit="H")
    assert refused(r, play(1, "2S")) == "no-match"  # the jack's own suit no longer counts
    assert refused(r, play(1, "9S")) == "no-match"
    assert r.check(play(1, "JD", suit="C")) is None
    r.apply(play(1, "KH"))
    assert r.suit.value == "H"


def test_classic_eight_skips_next_player() -> None:
    r = table("classic", [["8C", "4H"], ["9C", "2D"], ["3C", "KH"]], ["9C"], ["2C"])
    events = r.apply(play(0, "8C"))
    assert r.turn == 2 and "skip" in kinds(events)


def test_classic_eight_with_two_players_gives_an_extra_turn() -> None:
    r = table("classic", [["8C", "4H"], ["9C", "2D"]], ["9C"], ["2C"])
    r.apply(play(0, "8C"))
    assert r.turn == 0


def test_classic_aces_kings_queens_and_small_cards_have_no_effect() -> None:
    for card in ("AC", "KC", "QC", "2C", "6C", "9C", "10C"):
        r = table("classic", [[card, "4H"], ["9D", "2D"], ["3D", "KH"]], ["5C"], ["2S"])
        r.apply(play(0, card))
        assert r.turn == 1 and r.pending_draw == 0 and r.direction == 1


def test_classic_blocked_player_draws_one_and_may_play_it() -> None:
    r = table("classic", [["2S", "4H"], ["KD", "2D"]], ["9C"], ["5C", "6H"])
    events = r.apply(draw(0))
    assert "drawn-playable" in kinds(events) and r.turn == 0
    r.apply(play(0, "5C"))
    assert str(r.top) == "5C" and r.turn == 1


def test_classic_blocked_player_may_keep_a_playable_drawn_card() -> None:
    r = table("classic", [["2S", "4H"], ["KD", "2D"]], ["9C"], ["5C", "6H"])
    r.apply(draw(0))
    r.apply(keep(0))
    assert "5C" in hand(r, 0) and r.turn == 1


def test_classic_only_the_drawn_card_may_be_played_after_drawing() -> None:
    r = table("classic", [["2S", "4H"], ["KD", "2D"]], ["9C"], ["5C", "6H"])
    r.apply(draw(0))
    assert refused(r, draw(0)) == "cannot-draw"
    r2 = table("classic", [["2D", "4H"], ["KD", "2D"]], ["9S"], ["5C", "6H"])
    r2.apply(draw(0))  # 5C does not fit 9S: the turn ends at once
    assert r2.turn == 1


def test_classic_unplayable_drawn_card_ends_the_turn() -> None:
    r = table("classic", [["2S", "4H"], ["KD", "2D"]], ["9C"], ["6H", "5C"])
    r.apply(draw(0))
    assert r.turn == 1 and "6H" in hand(r, 0)


def test_classic_player_with_a_playable_card_may_not_draw() -> None:
    r = table("classic", [["9S", "4H"], ["KD", "2D"]], ["9C"], ["6H"])
    assert refused(r, draw(0)) == "cannot-draw"


def test_classic_pass_only_after_drawing() -> None:
    r = table("classic", [["2S", "4H"], ["KD", "2D"]], ["9C"], ["6H"])
    assert refused(r, keep(0)) == "cannot-pass"


def test_classic_first_card_jack_dealer_names_the_suit() -> None:
    for seed in range(400):
        r = Round.deal(preset("classic"), 3, seed=seed, dealer=0)
        if r.top.rank is Rank.JACK:
            break
    else:
        raise AssertionError("no seed turned up a jack")
    dealer_suits = Counter(card.suit for card in r.hands[0])
    assert r.named_suit is not None and dealer_suits[r.named_suit] == max(dealer_suits.values())
    named = Round.deal(preset("classic"), 3, seed=seed, dealer=0, dealer_suit=r.named_suit)
    assert named.suit is r.named_suit


def test_classic_first_card_seven_or_eight_has_no_effect() -> None:
    for wanted in (Rank.SEVEN, Rank.EIGHT):
        seed = next(s for s in range(500) if Round.deal(preset("classic"), 3, seed=s).top.rank is wanted)
        r = Round.deal(preset("classic"), 3, seed=seed)
        assert r.pending_draw == 0 and r.turn == 1


def test_classic_say_mau_when_a_play_leaves_one_card() -> None:
    r = table("classic", [["5H", "KH"], ["QS", "2S"], ["3C", "4C"]], ["9H"], ["2D", "3D"])
    events = r.apply(play(0, "5H", say=["Mau"]))
    assert "missed-call" not in kinds(events)
    assert refused(r, flag(1, 0)) == "bad-flag"


def test_classic_missed_mau_flagged_before_end_of_next_turn_costs_two() -> None:
    r = table("classic", [["5H", "KH"], ["QS", "2S"], ["3C", "4C"]], ["9H"], ["2D", "3D", "4D"])
    r.apply(play(0, "5H"))
    r.apply(draw(1))  # the next player's turn ends here... (2D does not fit 5H)
    assert r.turn == 2
    assert refused(r, flag(2, 0)) == "bad-flag"  # ...and with it the window
    r = table("classic", [["5H", "KH"], ["QS", "2S", "9S"], ["3C", "4C"]], ["9H"], ["2H", "3D", "4D"])
    r.apply(play(0, "5H"))
    r.apply(draw(1))  # 2H fits: player 1's turn is still going on
    events = r.apply(flag(2, 0))
    assert "call-penalty" in kinds(events)
    assert hand(r, 0) == ["3D", "4D", "KH"]


def test_classic_missed_mau_mau_flagged_draws_two_and_play_goes_on() -> None:
    r = table("classic", [["KH"], ["QS", "2S"], ["3C", "4C"]], ["9H"], ["2D", "3D"])
    r.apply(play(0, "KH"))
    assert r.result is None and r.turn == 1
    r.apply(flag(1, 0))
    assert hand(r, 0) == ["2D", "3D"] and r.result is None


def test_classic_missed_mau_mau_unflagged_wins_when_the_window_closes() -> None:
    r = table("classic", [["KH"], ["QS", "2S"], ["3C", "4C"]], ["9H"], ["2D", "3D"])
    r.apply(play(0, "KH"))
    r.apply(draw(1))
    assert r.result is not None and r.result.winner == 0


def test_classic_late_mau_inside_the_window_prevents_the_penalty() -> None:
    r = table("classic", [["5H", "KH"], ["QS", "2S"], ["3C", "4C"]], ["9H"], ["2D", "3D"])
    r.apply(play(0, "5H"))
    assert "late-call" in kinds(r.apply(say(0, "Mau")))
    assert refused(r, flag(1, 0)) == "bad-flag"


def test_classic_only_another_player_may_flag() -> None:
    r = table("classic", [["5H", "KH"], ["QS", "2S"], ["3C", "4C"]], ["9H"], ["2D", "3D"])
    r.apply(play(0, "5H"))
    assert refused(r, flag(0, 0)) == "bad-flag"


def test_classic_referee_flags_missed_calls_at_once_in_a_game() -> None:
    rules = preset("classic")
    assert rules.flagger == "referee"
    r = Round(rules, [["5H", "KH"], ["QS", "2S"]], ["9H"], ["2D", "3D"], auto_flag=True)
    events = r.apply(play(0, "5H"))
    assert "call-penalty" in kinds(events) and len(r.hands[0]) == 3


def test_classic_opponents_flag_with_a_set_probability() -> None:
    never = preset("classic", flagger="opponents", flag_chance=0.0)
    always = preset("classic", flagger="opponents", flag_chance=1.0)
    for rules, penalised in ((never, False), (always, True)):
        r = Round(rules, [["5H", "KH"], ["QS", "2S", "QH"]], ["9H"], ["2D", "3D"])
        bot = GreedyBot(1)
        r.apply(play(0, "5H"))
        assert (bot.notice(r, 1) is not None) is penalised


def test_classic_scoring_winner_zero_others_card_points() -> None:
    r = table("classic", [["KH"], ["QS", "2S", "AD", "JC", "KC", "10D"], ["9C", "3C"]], ["9H"], ["2D"])
    r.apply(play(0, "KH", say=["Mau Mau"]))
    assert r.result == RoundResult(0, False, "out", (0, 10 + 2 + 10 + 10 + 10 + 10, 12))


def test_classic_match_to_target_lowest_total_wins() -> None:
    m = Match(preset("classic"), players=3)
    m.record(RoundResult(0, False, "out", (0, 60, 30)))
    assert not m.over
    m.record(RoundResult(2, False, "out", (20, 40, 0)))
    assert m.over and m.totals == [20, 100, 30] and m.winners == [0]


def test_classic_tie_for_lowest_is_broken_by_an_extra_round_among_the_tied() -> None:
    m = Match(preset("classic"), players=3)
    m.record(RoundResult(0, False, "out", (0, 100, 0)))
    assert not m.over and m.tiebreak and m.seats == (0, 2)
    r = m.new_round()
    assert r.players == 2
    m.record(RoundResult(1, False, "out", (5, 0)))
    assert m.over and m.winners == [2]


def test_classic_casual_mode_keeps_no_score() -> None:
    m = Match(preset("classic", scoring="casual"), players=2)
    for _ in range(5):
        m.record(RoundResult(0, False, "out", (0, 80)))
    assert not m.over and m.wins == [5, 0]


def test_classic_variant_skat_deck() -> None:
    r = Round.deal(preset("classic", deck=32), 4, seed=2)
    assert r.all_cards() == Counter(make_deck(32))


def test_classic_variant_ace_makes_all_others_draw_one() -> None:
    r = table(
        "classic", [["AC", "4H"], ["9D", "2D"], ["3D", "KH"]], ["5C"], ["2S", "3S", "4S"], options={"ace": "draw-all"}
    )
    r.apply(play(0, "AC"))
    assert len(r.hands[1]) == 3 and len(r.hands[2]) == 3 and r.turn == 1


def test_classic_variant_ace_all_others_skip_once() -> None:
    r = table("classic", [["AC", "4H"], ["9D", "2D"], ["3D", "KH"]], ["5C"], ["2S"], options={"ace": "again"})
    events = r.apply(play(0, "AC"))
    assert r.turn == 0 and "again" in kinds(events)


def test_classic_variant_seven_chain_capped_at_one_extra_player() -> None:
    r = table(
        "classic",
        [["7C", "4H"], ["7D", "2S"], ["7H", "8H"]],
        ["9C"],
        ["2D", "3D", "4D", "5D"],
        options={"draw_stack_max": 2},
    )
    r.apply(play(0, "7C"))
    r.apply(play(1, "7D"))
    assert refused(r, play(2, "7H")) == "must-answer-seven"
    r.apply(draw(2))
    assert len(r.hands[2]) == 6


def test_classic_variant_seven_cards_dealt() -> None:
    r = Round.deal(preset("classic", hand_size=7), 3, seed=4)
    assert all(len(h) == 7 for h in r.hands)


def test_classic_variant_no_seven_penalty() -> None:
    r = table("classic", [["7C", "4H"], ["9C", "2D"]], ["9C"], ["2C"], options={"draw_card": None})
    r.apply(play(0, "7C"))
    assert r.pending_draw == 0 and r.turn == 1


def test_classic_game_plays_to_the_end_with_bots() -> None:
    r = Round.deal(preset("classic"), 4, seed=11)
    result = play_round(r, [GreedyBot(s) for s in range(4)])
    assert result.winner is not None and result.scores[result.winner] == 0
    assert Card.parse("2C") in r.all_cards()
