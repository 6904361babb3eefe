"""What must always hold, over every preset and random house-rule combinations (hypothesis)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from maumau_core import PRESETS, Card, Draw, Flag, Pass, Play, Round, Say, Suit, find_law, make_deck, preset
from maumau_core.engine.actions import Action
from maumau_core.engine.bots import MAX_MOVES, RandomBot
from maumau_core.engine.options import OPTIONS
from maumau_core.engine.refusals import IllegalAction

#: Every option at every one of its choices, read from the registry: an option is fuzzed the day it is added.
HOUSE_RULES = {name: st.sampled_from(option.values) for name, option in OPTIONS.items()}


@st.composite
def tables(draw: st.DrawFn) -> tuple[Round, int]:
    """A freshly dealt round of any preset with any house rules, and a seed for the bots."""
    name = draw(st.sampled_from(sorted(PRESETS)))
    options = draw(st.fixed_dictionaries({}, optional=HOUSE_RULES)) if name != "mao" else {}
    rules = preset(name, **options)
    # Only player counts the deck can deal to (a top card must remain); any other BadOption fails the test.
    fits = [
        n
        for n in range(rules.min_players, min(rules.max_players, 6) + 1)
        if n * rules.deal_size(n) < rules.deck_size(n)
    ]
    assume(fits)
    players = draw(st.sampled_from(fits))
    law = find_law("tutorial") if name == "mao" else None
    seed = draw(st.integers(0, 2**32 - 1))
    auto_flag = draw(st.booleans())
    return Round.deal(rules, players, seed=seed, law=law, auto_flag=auto_flag), seed


def random_action(round_: Round, rng: random.Random) -> Any:
    """Any action at all, legal or not, for any player: what a confused learner might click."""
    player = rng.randrange(round_.players)
    kind = rng.randrange(6)
    deck = make_deck(52)
    if kind == 0:
        return Draw(player)
    if kind == 1:
        return Pass(player)
    if kind == 2:
        return Flag(player, rng.randrange(round_.players))
    if kind == 3:
        return Say(player, (rng.choice(["Mau", "Mao", "Mau Mau", "hello"]),))
    hand = round_.hands[player]
    card = rng.choice(hand) if hand and kind == 4 else rng.choice(deck)
    return Play(player, (card,), rng.choice([None, *Suit]), tuple(rng.sample(["Mau", "Mao"], rng.randrange(2))))


class EagerRandomBot(RandomBot):
    """Any legal move at random, but a draw only when nothing else is allowed.

    Where a player may draw with a playable card in hand (``draw_when_able``), one who draws at random takes
    more cards than they play under some house rules (two decks, draw until a card fits, aces that make
    everyone draw), and the round can outlast any number of moves: the player's doing, not the engine's.
    """

    def choose(self, round_: Round) -> Action:
        actions = round_.legal_actions()
        return self.rng.choice([action for action in actions if not isinstance(action, Draw)] or actions)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_random_bots_play_every_preset_to_the_end_and_no_card_is_lost(case: tuple[Round, int]) -> None:
    round_, seed = case
    cards = round_.all_cards()
    bots = [EagerRandomBot(seed + seat) for seat in range(round_.players)]
    for _ in range(MAX_MOVES):
        if round_.result is not None:
            break
        round_.apply(bots[round_.turn].choose(round_))
        assert round_.all_cards() == cards
    assert round_.result is not None
    assert len(round_.result.scores) == round_.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 10**6))
def test_a_refused_action_leaves_the_state_exactly_as_it_was(case: tuple[Round, int], salt: int) -> None:
    round_, seed = case
    rng = random.Random(seed ^ salt)
    cards = round_.all_cards()
    for _ in range(150):
        if round_.result is not None:
            break
        action = random_action(round_, rng) if rng.random() < 0.6 else rng.choice(round_.legal_actions())
        before = round_.snapshot()
        verdict = round_.check(action)
        assert round_.snapshot() == before, "check() changed the state"
        try:
            round_.apply(action)
        except IllegalAction as error:
            assert verdict is not None and error.code == verdict.code
            assert round_.snapshot() == before
        assert round_.all_cards() == cards


@settings(max_examples=40, deadline=None)
@given(tables())
def test_the_same_seed_gives_the_same_round(case: tuple[Round, int]) -> None:
    round_, seed = case
    twin = Round.deal(round_.rules, round_.players, seed=seed, law=round_.law, auto_flag=round_.auto_flag)
    assert twin.snapshot() == round_.snapshot()
    assert _replay(round_, seed) == _replay(twin, seed)
    assert twin.snapshot() == round_.snapshot()


def _replay(round_: Round, seed: int) -> list[str]:
    bots = [RandomBot(seed + seat) for seat in range(round_.players)]
    sentences = []
    for _ in range(MAX_MOVES):
        if round_.result is not None:
            break
        sentences += [event.sentence for event in round_.apply(bots[round_.turn].choose(round_))]
    return sentences


@settings(max_examples=80, deadline=None)
@given(tables(), st.integers(0, 10**6))
def test_legal_actions_are_exactly_the_moves_check_accepts(case: tuple[Round, int], salt: int) -> None:
    round_, seed = case
    rng = random.Random(salt)
    for _ in range(60):
        if round_.result is not None:
            break
        p = round_.turn
        offered = round_.legal_actions()
        singles = {a.cards[0] for a in offered if isinstance(a, Play) and len(a.cards) == 1}
        for card in set(round_.hands[p]):
            fine = round_.check(Play(p, (card,), Suit.HEARTS, round_.required_words(p, (card,)))) is None
            assert fine == (card in singles), (card, round_.check(Play(p, (card,), Suit.HEARTS)))
        for action in offered:
            assert round_.check(action) is None
        round_.apply(rng.choice(offered))


def test_card_is_a_value_with_one_object_per_card() -> None:
    assert Card.parse("10h") is Card.parse("TH") is Card.parse("10♥")
