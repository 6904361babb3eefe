"""docs/rules.md, "The common core": one test per clause, run for every preset."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import draw, hand, keep, kinds, play, refused, table

from maumau_core import PRESETS, Rank, Round, make_deck, preset
from maumau_core.engine.match import Match

ALL = list(PRESETS)
MAU_MAU = [name for name in PRESETS if name != "mao"]


@pytest.mark.parametrize("name", ALL)
def test_common_match_rank_of_top_card(name: str) -> None:
    r = table(name, [["9S", "KD"], ["QH", "8D"], ["10C", "KC"]], ["9H"], ["10D"])
    r.apply(play(0, "9S"))
    assert str(r.top) == "9S" and r.turn == 1


@pytest.mark.parametrize("name", ALL)
def test_common_match_suit_of_top_card(name: str) -> None:
    r = table(name, [["10H", "KD"], ["QS", "8D"], ["10C", "KC"]], ["9H"], ["10D"])
    r.apply(play(0, "10H"))
    assert str(r.top) == "10H"


@pytest.mark.parametrize("name", MAU_MAU)
def test_common_neither_rank_nor_suit_is_refused(name: str) -> None:
    r = table(name, [["10S", "KD"], ["QS", "8D"]], ["9H"], ["10D"])
    assert refused(r, play(0, "10S")) == "no-match"


@pytest.mark.parametrize("name", ALL)
def test_common_suit_means_suit_not_colour(name: str) -> None:
    """[S]: "suit" is hearts, diamonds, clubs or spades, never red or black."""
    r = table(name, [["10D", "KS"], ["QS", "8D"], ["10C", "KC"]], ["9H"], ["10S"])
    assert r.why_not(r.hands[0][0]) is not None


@pytest.mark.parametrize("name", ALL)
def test_common_deal_one_at_a_time_from_dealers_left(name: str) -> None:
    rules = preset(name)
    players = 4
    r = Round.deal(rules, players, seed=7, dealer=2)
    size = rules.deal_size(players)
    assert [len(h) for h in r.hands] == [size] * players
    assert r.turn == 3, "left of the dealer plays first"
    assert len(r.discard) == 1
    assert r.all_cards() == Counter(make_deck(rules.deck_size(players)))
    # One at a time clockwise from the dealer's left: the same shuffle dealt in blocks differs.
    again = Round.deal(rules, players, seed=7, dealer=2)
    assert again.hands == r.hands


@pytest.mark.parametrize("name", ALL)
def test_common_play_goes_clockwise(name: str) -> None:
    r = table(name, [["9S", "KD"], ["9D", "8C"], ["10C", "KC"], ["9C", "3C"]], ["9H"], ["10D"], turn=3)
    r.apply(play(3, "9C"))
    assert r.turn == 0 and r.direction == 1


@pytest.mark.parametrize("name", ALL)
def test_common_dealer_rotates_clockwise(name: str) -> None:
    rules = preset(name)
    match = Match(rules, players=3, seed=1)
    dealers, starters = [], []
    for _ in range(3):
        r = match.new_round()
        dealers.append(r.dealer)
        starters.append(r.turn)
        match.record(_first_out(r))
        if match.over:
            break
    assert dealers == [0, 1, 2][: len(dealers)]
    if rules.first_card == "ignore":
        assert starters == [(d + 1) % 3 for d in dealers]


def _first_out(r: Round):  # type: ignore[no-untyped-def]
    from maumau_core.engine.bots import GreedyBot, play_round

    return play_round(r, [GreedyBot(seat) for seat in range(r.players)])


@pytest.mark.parametrize("name", ALL)
def test_common_reshuffle_keeps_top_card_and_pending_effects(name: str) -> None:
    rules = preset(name)
    pending = 2 if rules.draw_card else 0
    # Stock empty, discard holds four cards; player 0 is blocked (or faces a draw penalty).
    r = table(name, [["2C", "3C"], ["4S", "5S"], ["KS", "QS"]], ["10D", "JD", "6D", "9H"], [], pending_draw=pending)
    events = r.apply(draw(0))
    assert "reshuffle" in kinds(events)
    assert str(r.top) == "9H" and r.suit.value == "H"
    assert len(r.discard) == 1
    assert r.all_cards().total() == 10


@pytest.mark.parametrize("name", ALL)
def test_common_round_ends_when_hand_is_emptied(name: str) -> None:
    rules = preset(name)
    words = [w for w in (rules.call_out,) if w]
    r = table(name, [["9S"], ["QH", "8D"], ["10C", "KC"]], ["9H"], ["10D"])
    events = r.apply(play(0, "9S", say=words + (["9 of spades"] if name == "mao" else [])))
    assert r.result is not None and r.result.winner == 0, [e.sentence for e in events]
    assert r.result.scores[0] == 0
    assert refused(r, draw(1)) == "round-over"
    assert hand(r, 0) == []


def _turned_up(name: str, rank: Rank, players: int, holds: Rank | None = None, **options: object) -> Round:
    """A dealt round whose turned-up first card has ``rank`` (and whose first player holds a card of rank
    ``holds``), under ``first_card="applies"``."""
    rules = preset(name, first_card="applies", **options)

    def fits(round_: Round) -> bool:
        return round_.top.rank is rank and (holds is None or any(c.rank is holds for c in round_.hands[1]))

    seed = next(s for s in range(5000) if fits(Round.deal(rules, players, seed=s, dealer=0)))
    return Round.deal(rules, players, seed=seed, dealer=0)


def test_first_card_applies_a_draw_all_ace_makes_every_other_player_draw() -> None:
    """As if the dealer had just played it: each other player draws one, the dealer does not."""
    r = _turned_up("classic", Rank.ACE, 4, ace="draw-all")
    assert [len(hand) for hand in r.hands] == [5, 6, 6, 6]
    assert r.turn == 1 and "draw-all" in kinds(r.log)


def test_first_card_applies_an_again_ace_lets_the_dealer_move_first() -> None:
    r = _turned_up("german32", Rank.ACE, 3, ace="again")
    assert r.turn == r.dealer == 0


@pytest.mark.parametrize("players, first", [(2, 0), (3, 2)])
def test_first_card_applies_a_reverse_ace_reverses_and_with_two_players_skips(players: int, first: int) -> None:
    """With two players a played reversing ace gives its player another turn: so does a turned-up one."""
    r = _turned_up("german32", Rank.ACE, players)
    assert r.direction == -1 and r.turn == first


def test_first_card_applies_a_skip_card_skips_the_first_player() -> None:
    r = _turned_up("classic", Rank.EIGHT, 3)
    assert r.turn == 2 and "skip" in kinds(r.log)


def test_first_card_applies_an_eight_under_skip_stacking_may_be_passed_on() -> None:
    r = _turned_up("german32", Rank.EIGHT, 3, holds=Rank.EIGHT, skip_stacking=True)
    assert r.turn == 1 and r.pending_skip == 1
    accepted = r.copy()
    r.apply(play(1, str(next(card for card in r.hands[1] if card.rank is Rank.EIGHT))))
    assert r.turn == 2 and r.pending_skip == 1
    accepted.apply(keep(1))
    assert accepted.turn == 2 and accepted.pending_skip == 0


def test_first_card_applies_a_draw_card_waits_for_the_first_player() -> None:
    r = _turned_up("classic", Rank.SEVEN, 3)
    assert r.turn == 1 and r.pending_draw == 2 and r.chain == 1
