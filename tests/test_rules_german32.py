"""docs/rules.md, presets `german32` (traditional German, [G]) and `tschau-sepp`: one test per clause."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import draw, flag, hand, keep, kinds, play, refused, table

from maumau_core import Round, Suit, make_deck, preset
from maumau_core.engine.match import Match
from maumau_core.engine.round import RoundResult


def test_german32_skat_deck_deal_five_or_seven_with_two_players() -> None:
    r = Round.deal(preset("german32"), 3, seed=1)
    assert all(len(h) == 5 for h in r.hands) and r.all_cards() == Counter(make_deck(32))
    r2 = Round.deal(preset("german32"), 2, seed=1)
    assert all(len(h) == 7 for h in r2.hands)


def test_german32_seven_draw_two_unless_answered_up_to_eight_with_four_sevens() -> None:
    stock = ["8D", "9D", "10D", "QD", "KD", "AD", "8H", "9H", "10H"]
    r = table("german32", [["7C", "9S"], ["7D", "9C"], ["7H", "9H"], ["7S", "10C"], ["QS", "KS"]], ["8C"], stock)
    for player, card in enumerate(("7C", "7D", "7H", "7S")):
        r.apply(play(player, card))
    assert r.pending_draw == 8 and r.turn == 4
    r.apply(draw(4))
    assert len(r.hands[4]) == 10 and r.turn == 0


def test_german32_facing_a_seven_only_a_seven_or_drawing() -> None:
    r = table("german32", [["9S", "10S"], ["JC", "7C", "8D"]], ["7D"], ["8C", "9C"], turn=1, pending_draw=2)
    assert refused(r, play(1, "JC", suit="D")) == "must-answer-seven"
    assert refused(r, play(1, "8D")) == "must-answer-seven"
    assert refused(r, keep(1)) == "cannot-pass"
    assert r.check(play(1, "7C")) is None and r.check(draw(1)) is None


def test_german32_eight_skips_the_next_player() -> None:
    r = table("german32", [["8C", "9S"], ["9C", "KC"], ["10C", "QC"]], ["9C"], ["KD"])
    r.apply(play(0, "8C"))
    assert r.turn == 2


def test_german32_eight_with_two_players_is_an_extra_turn() -> None:
    r = table("german32", [["8C", "9S"], ["9C", "KC"]], ["9C"], ["KD"])
    r.apply(play(0, "8C"))
    assert r.turn == 0


def test_german32_jack_wild_on_anything_names_a_suit() -> None:
    r = table("german32", [["JH", "9S"], ["9C", "KC"]], ["10S"], ["KD"])
    r.apply(play(0, "JH", suit="C"))
    assert r.suit is Suit.CLUBS
    r.apply(play(1, "KC"))


def test_german32_house_rule_no_jack_on_a_jack() -> None:
    r = table("german32", [["JH", "9S"], ["9C", "KC"]], ["JS"], ["KD"], suit="S", options={"wild_on_wild": False})
    assert refused(r, play(0, "JH", suit="H")) == "jack-on-jack"
    assert (
        table("german32", [["JH", "9S"], ["9C", "KC"]], ["JS"], ["KD"], suit="S").check(play(0, "JH", suit="H")) is None
    )


def test_german32_ace_reverses_direction() -> None:
    r = table("german32", [["AC", "9S"], ["9C", "KC"], ["10C", "QC"], ["KD", "KH"]], ["9C"], ["KS"])
    events = r.apply(play(0, "AC"))
    assert r.direction == -1 and r.turn == 3 and "reverse" in kinds(events)


def test_german32_ace_with_two_players_works_as_a_skip() -> None:
    r = table("german32", [["AC", "9S"], ["9C", "KC"]], ["9C"], ["KS"])
    r.apply(play(0, "AC"))
    assert r.turn == 0


def test_german32_ace_alternative_the_player_plays_again() -> None:
    r = table("german32", [["AC", "9S"], ["9C", "KC"], ["10C", "QC"]], ["9C"], ["KS"], options={"ace": "again"})
    r.apply(play(0, "AC"))
    assert r.turn == 0 and r.direction == 1


def test_german32_blocked_draw_one_play_it_if_it_fits_else_turn_ends() -> None:
    r = table("german32", [["KS", "10S"], ["9C", "KC"]], ["9D"], ["8D", "8H"])
    r.apply(draw(0))
    r.apply(play(0, "8D"))
    r2 = table("german32", [["KS", "10S"], ["9C", "KC"]], ["9D"], ["8H", "8D"])
    r2.apply(draw(0))
    assert r2.turn == 1


def test_german32_a_player_may_choose_to_draw() -> None:
    """[G]: draw "when you cannot (or choose not to) play"."""
    r = table("german32", [["9S", "10S"], ["9C", "KC"]], ["9D"], ["8H"])
    assert r.check(draw(0)) is None


@pytest.mark.parametrize("penalty", [2, 3, 5])
def test_german32_forgotten_mau_flagged_before_next_turn_costs_two_three_or_five(penalty: int) -> None:
    r = table(
        "german32",
        [["9D", "10S"], ["KC", "QC"], ["8S", "8C"]],
        ["9H"],
        ["8D", "8H", "9C", "10C", "7C"],
        options={"call_penalty": penalty},
    )
    r.apply(play(0, "9D"))
    r.apply(flag(2, 0))
    assert len(r.hands[0]) == 1 + penalty


def test_german32_forgotten_mau_cannot_be_flagged_once_the_next_player_acted() -> None:
    r = table("german32", [["9D", "10S"], ["KD", "QC"], ["8S", "8C"]], ["9H"], ["8D"])
    r.apply(play(0, "9D"))
    r.apply(play(1, "KD"))
    assert refused(r, flag(2, 0)) == "bad-flag"


def test_german32_forgotten_mau_mau_take_two_and_keep_playing() -> None:
    r = table("german32", [["9D"], ["KC", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    events = r.apply(play(0, "9D", say=["Mau"]))
    assert r.result is None and "call-penalty" in kinds(events), "no win without “Mau-Mau”, and no flag needed"
    assert hand(r, 0) == ["8D", "8H"] and r.turn == 1


def test_german32_forgotten_mau_mau_unnoticed_is_still_paid_and_never_wins() -> None:
    r = table("german32", [["9D"], ["KD", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    r.apply(play(0, "9D"))
    r.apply(play(1, "KD"))
    assert r.result is None and hand(r, 0) == ["8D", "8H"]
    assert refused(r, flag(2, 0)) == "bad-flag", "already paid: there is nothing left to point out"


def test_german32_last_card_said_with_mau_mau_wins_at_once() -> None:
    r = table("german32", [["9D"], ["KD", "QC"], ["8S", "8C"]], ["9H"], ["8D", "8H"])
    r.apply(play(0, "9D", say=["Mau-Mau"]))
    assert r.result is not None and r.result.winner == 0


def test_german32_mau_mau_spelled_with_a_hyphen_or_a_space() -> None:
    for word in ("Mau-Mau", "mau mau", "MAU-MAU!"):
        r = table("german32", [["9D"], ["KC", "QC"]], ["9H"], ["8D"])
        r.apply(play(0, "9D", say=[word]))
        assert r.result is not None and r.result.winner == 0


def test_german32_scoring_match_ends_when_a_total_passes_the_target() -> None:
    m = Match(preset("german32"), players=2)
    m.record(RoundResult(0, False, "out", (0, 100)))
    assert not m.over, "reaching 100 is not passing it"
    m.record(RoundResult(0, False, "out", (0, 1)))
    assert m.over and m.winners == [0]
    long = Match(preset("german32", target=200), players=2)
    long.record(RoundResult(0, False, "out", (0, 150)))
    assert not long.over


def test_german32_house_rule_no_jack_as_last_card_draw_instead() -> None:
    r = table("german32", [["JD"], ["KC", "QC"]], ["9H"], ["8D"], options={"wild_last": False})
    assert refused(r, play(0, "JD", suit="H", say=["Mau-Mau"])) == "jack-last"
    assert r.legal_actions() == [draw(0)]


def test_german32_house_rule_several_cards_of_one_rank_last_one_on_top() -> None:
    r = table("german32", [["10H", "10C", "10S", "9D"], ["KC", "QC"]], ["9H"], ["8D"], options={"several_cards": True})
    r.apply(play(0, "10H", "10S", "10C"))
    assert str(r.top) == "10C" and r.suit is Suit.CLUBS and hand(r, 0) == ["9D"]
    r2 = table("german32", [["10H", "10C"], ["KC", "QC"]], ["9H"], ["8D"])
    assert refused(r2, play(0, "10H", "10C")) == "not-allowed"


def test_german32_house_rule_several_cards_first_must_fit() -> None:
    r = table("german32", [["10S", "10H", "9D"], ["KC", "QC"]], ["9H"], ["8D"], options={"several_cards": True})
    assert refused(r, play(0, "10S", "10H")) == "no-match"
    assert refused(r, play(0, "10H", "9D")) == "no-match"


def test_german32_house_rule_draw_until_playable() -> None:
    r = table(
        "german32",
        [["KS", "10S"], ["KC", "QC"]],
        ["9D"],
        ["8H", "8C", "QD", "8S"],
        options={"draw_until_playable": True},
    )
    events = r.apply(draw(0))
    assert hand(r, 0) == ["10S", "8C", "8H", "KS", "QD"] and "drawn-playable" in kinds(events)


@pytest.mark.parametrize("penalty", [1, 2])
def test_german32_house_rule_invalid_play_penalty_card_goes_back(penalty: int) -> None:
    r = table(
        "german32", [["KS", "10S"], ["KC", "QC"]], ["9D"], ["8H", "8C"], options={"invalid_play_penalty": penalty}
    )
    events = r.apply(play(0, "KS"))
    assert "penalty" in kinds(events) and "KS" in hand(r, 0) and len(r.hands[0]) == 2 + penalty
    assert str(r.top) == "9D"


def test_german32_house_rule_eights_stack_the_skip_passes_on() -> None:
    r = table("german32", [["8C", "9S"], ["8D", "KC"], ["10C", "QC"]], ["9C"], ["KS"], options={"skip_stacking": True})
    r.apply(play(0, "8C"))
    assert r.turn == 1 and r.pending_skip
    assert refused(r, play(1, "KC")) == "no-match"
    r.apply(play(1, "8D"))
    assert r.turn == 2 and r.pending_skip
    r.apply(keep(2))
    assert r.turn == 0 and not r.pending_skip


def test_german32_bavarian_suit_names_are_for_display() -> None:
    assert [s.bavarian for s in Suit] == ["acorns", "bells", "hearts", "leaves"]
    assert "bavarian" not in {name.lower() for name in preset("german32").changes()}


def test_tschau_sepp_36_cards_six_to_ace() -> None:
    r = Round.deal(preset("tschau-sepp"), 4, seed=2)
    assert r.all_cards() == Counter(make_deck(36))


def test_tschau_sepp_six_is_the_draw_card_not_the_seven() -> None:
    r = table("tschau-sepp", [["6C", "9S"], ["7C", "KC"], ["10C", "QC"]], ["9C"], ["KS", "QS"])
    r.apply(play(0, "6C"))
    assert r.pending_draw == 2
    assert refused(r, play(1, "7C")) == "must-answer-seven"
    r2 = table("tschau-sepp", [["7C", "9S"], ["8D", "KC"]], ["9C"], ["KS"])
    r2.apply(play(0, "7C"))
    assert r2.pending_draw == 0


def test_tschau_sepp_eight_skips_and_jack_is_wild() -> None:
    r = table("tschau-sepp", [["8C", "JS", "9S"], ["9C", "KC"], ["10C", "QC"]], ["9C"], ["KS"])
    r.apply(play(0, "8C"))
    assert r.turn == 2


def test_tschau_sepp_calls_tschau_and_tschau_sepp() -> None:
    r = table("tschau-sepp", [["9C", "9S"], ["10C", "KC"], ["10D", "QC"]], ["9H"], ["KS"])
    r.apply(play(0, "9C", say=["Tschau"]))
    assert refused(r, flag(1, 0)) == "bad-flag"
    r2 = table("tschau-sepp", [["9C"], ["10C", "KC"]], ["9H"], ["KS"])
    r2.apply(play(0, "9C", say=["Tschau Sepp"]))
    assert r2.result is not None and r2.result.winner == 0
    r3 = table("tschau-sepp", [["9C", "9S"], ["10C", "KC"], ["10D", "QC"]], ["9H"], ["KS", "QS"])
    r3.apply(play(0, "9C", say=["Mau"]))
    r3.apply(flag(1, 0))
    assert len(r3.hands[0]) == 3


def test_german32_several_eights_skip_one_player_per_eight() -> None:
    """several_cards: the effect counts once per card, so two 8s skip the next two players."""
    r = table(
        "german32",
        [["8C", "8S", "9S"], ["KC", "QC"], ["10C", "QD"], ["9C", "7D"]],
        ["9C"],
        ["KS"],
        options={"several_cards": True},
    )
    events = r.apply(play(0, "8C", "8S"))
    assert r.turn == 3 and [e.player for e in events if e.kind == "skip"] == [1, 2]


def test_german32_several_eights_with_skip_stacking_each_skip_passed_on_by_the_same_rule() -> None:
    """Two 8s at once send two skips: the first reaches the next player, who passes it on with an 8 (the
    second still on its way) or accepts it, and then the second reaches the player after."""
    r = table(
        "german32",
        [["8C", "8S", "9S"], ["8D", "QC"], ["10C", "QD"], ["9C", "7D"]],
        ["9C"],
        ["KS"],
        options={"several_cards": True, "skip_stacking": True},
    )
    r.apply(play(0, "8C", "8S"))
    assert r.turn == 1 and r.pending_skip == 2
    accepted = r.copy()
    accepted.apply(keep(1))
    assert accepted.turn == 2 and accepted.pending_skip == 1
    accepted.apply(keep(2))
    assert accepted.turn == 3 and accepted.pending_skip == 0
    r.apply(play(1, "8D"))
    assert r.turn == 2 and r.pending_skip == 2
    assert "the other skips waiting go on" in r.log[-1].sentence
    r.apply(keep(2))
    r.apply(keep(3))
    assert r.turn == 0 and r.pending_skip == 0


@pytest.mark.parametrize("players, size", [(2, 32), (5, 32), (6, 52), (8, 52)])
def test_german32_big_tables_play_with_a_full_deck_from_six_players(players: int, size: int) -> None:
    """[G] recommends a full 52-card deck above five players: german32 deals from one from six."""
    r = Round.deal(preset("german32"), players, seed=3)
    assert r.all_cards() == Counter(make_deck(size))
    assert r.stock_size == size - r.rules.deal_size(players) * players - 1


def test_german32_a_table_that_mixes_two_decks_for_six_to_eight_players() -> None:
    r = Round.deal(preset("german32", two_decks_from=6), 7, seed=3)
    assert r.all_cards() == Counter(make_deck(104))
    assert Round.deal(preset("german32", two_decks_from=6), 5, seed=3).all_cards().total() == 32


def test_german32_the_low_cards_of_a_full_deck_have_no_power() -> None:
    r = table(
        "german32",
        [["6C", "2C", "9S"], ["KC", "QC"], ["10C", "QD"], ["9H", "9D"], ["5C", "4D"], ["3C", "3D"]],
        ["9C"],
        ["KS", "KH"],
    )
    r.apply(play(0, "6C"))
    assert r.turn == 1 and r.pending_draw == 0 and not r.pending_skip


def test_german32_says_when_the_full_deck_comes_in() -> None:
    from maumau_core.course.rule_sets import row

    assert "From 6 players on, a full 52-card deck is used instead" in row("german32", "deck")
    assert "full 52-card deck" not in row("tschau-sepp", "deck")
    assert preset("german32").max_players == 8 and preset("tschau-sepp").deck_size(6) == 36
