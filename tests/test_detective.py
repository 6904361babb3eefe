"""The detective: its fast array view of ~50,000 laws agrees with the laws themselves, the secret law is
never ruled out, and the library's difficulties are what the detective measures."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_core import LIBRARY, Card, find_law, parse_law
from maumau_core.mao.detective import History, Space, advise, difficulty
from maumau_core.mao.law_check import DECK, matching


@cache
def space() -> Space:
    return Space([entry.law for entry in LIBRARY])


def random_game(rng: random.Random, length: int = 12) -> list[tuple[Card, Card]]:
    top, plays = rng.choice(DECK), []
    for _ in range(length):
        card = rng.choice(list(matching(top)))
        plays.append((top, card))
        top = card
    return plays


def test_the_candidate_space_holds_over_ten_thousand_laws_and_the_library() -> None:
    assert space().size >= 10_000
    assert space().law(space().size - len(LIBRARY)) == LIBRARY[0].law


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_the_array_view_of_a_candidate_agrees_with_the_law_it_prints(seed: int) -> None:
    rng = random.Random(seed)
    index = rng.randrange(space().size)
    law = parse_law(str(space().law(index)))
    armed, state = space().start(), law.start()
    assert bool(armed[index]) == bool(state)
    for top, card in random_game(rng):
        allowed = bool(space().allowed(armed, top, card)[index])
        assert allowed == law.allows(state, top, card), (str(law), top, card)
        if allowed:
            armed, state = space().after(armed, top, card), law.after(state, top, card)


@pytest.mark.parametrize("seed", range(5))
def test_the_secret_law_always_stays_among_the_laws_that_fit(seed: int) -> None:
    rng = random.Random(seed)
    secret = LIBRARY[seed].law
    index = space().size - len(LIBRARY) + seed
    state, history = secret.start(), History()
    for top, card in random_game(rng, 20):
        accepted = secret.allows(state, top, card)
        history = history.add(top, card, accepted)
        if accepted:
            state = secret.after(state, top, card)
    consistent, _ = space().replay([history])
    assert consistent[index]
    assert int(consistent.sum()) < space().size  # twenty attempts always rule something out


def test_advice_names_the_simplest_laws_and_a_telling_card() -> None:
    history = History()
    for top, card, accepted in [("5H", "7H", False), ("5H", "5S", True), ("5S", "9S", True), ("9S", "9H", True),
                                ("9H", "7H", False), ("9H", "QH", True), ("QH", "QC", True)]:
        history = history.add(Card.parse(top), Card.parse(card), accepted)
    advice = advise(space(), [history], Card.parse("QC"), [Card.parse("9C"), Card.parse("7C"), Card.parse("2D")])
    assert "not 7" in advice.simplest
    assert advice.best_card == Card.parse("7C")
    assert 0 < advice.split < 1
    assert advice.remaining == int(space().replay([history])[0].sum())


def test_no_telling_card_when_no_card_would_rule_a_law_out() -> None:
    advice = advise(space(), [], Card.parse("5S"), [Card.parse("2D")])
    assert advice.best_card is None


@pytest.mark.parametrize("name", ["no-sevens", "low-after-king"])
def test_the_librarys_difficulty_is_what_the_detective_measures(name: str) -> None:
    entry = next(e for e in LIBRARY if e.name == name)
    assert difficulty(space(), entry.law) == pytest.approx(entry.difficulty, abs=0.05)


def test_easier_laws_are_found_in_fewer_plays() -> None:
    easy, hard = find_law("no-sevens"), find_law("ten-red")
    assert difficulty(space(), easy, range(2)) < difficulty(space(), hard, range(2))  # type: ignore[arg-type]
    assert np.all(np.diff([e.difficulty for e in LIBRARY[1:]]) >= 0)
