"""The detective: its bitsets of ~50,000 laws agree with the laws themselves, the secret law is never ruled
out, and the library's difficulties are what the detective measures."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_core import LIBRARY, Card, find_law, parse_law
from maumau_core.mao.clues import detective_advice
from maumau_core.mao.detective import History, Measure, Space, advise, contains, difficulty
from maumau_core.mao.inquiry import CANDIDATES_AFTER, Inquiry
from maumau_core.mao.law_check import DECK, matching
from maumau_core.mao.law_library import GAMES, PLAY_LIMIT
from maumau_core.sentences.mao import detective_measure


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
def test_the_bitset_view_of_a_candidate_agrees_with_the_law_it_prints(seed: int) -> None:
    rng = random.Random(seed)
    index = rng.randrange(space().size)
    law = parse_law(str(space().law(index)))
    armed, state = space().start(), law.start()
    assert contains(armed, index) == bool(state)
    for top, card in random_game(rng):
        allowed = contains(space().allowed(armed, top, card), index)
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
    assert contains(consistent, index)
    assert consistent.bit_count() < space().size  # twenty attempts always rule something out


def test_advice_names_the_simplest_laws_and_a_telling_card() -> None:
    history = History()
    for top, card, accepted in [
        ("5H", "7H", False),
        ("5H", "5S", True),
        ("5S", "9S", True),
        ("9S", "9H", True),
        ("9H", "7H", False),
        ("9H", "QH", True),
        ("QH", "QC", True),
    ]:
        history = history.add(Card.parse(top), Card.parse(card), accepted)
    advice = advise(space(), [history], Card.parse("QC"), [Card.parse("9C"), Card.parse("7C"), Card.parse("2D")])
    assert "not 7" in advice.simplest
    assert advice.best_card == Card.parse("7C")
    assert 0 < advice.split < 1
    assert advice.remaining == space().replay([history])[0].bit_count()


def test_no_telling_card_when_no_card_would_rule_a_law_out() -> None:
    advice = advise(space(), [], Card.parse("5S"), [Card.parse("2D")])
    assert advice.best_card is None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["no-sevens", "low-after-king", "spade-pause"])
def test_the_librarys_difficulty_is_what_the_detective_measures(name: str) -> None:
    entry = next(e for e in LIBRARY if e.name == name)
    assert difficulty(space(), entry.law) == Measure(entry.difficulty, entry.unsolved)


def test_no_library_law_sits_at_the_detectives_cap() -> None:
    """Every law was found in most measured games, well inside the play limit (spade-pause, even-even,
    jack-red and ten-red sat at a cap of 100 when a measured game was one deal: they differ from a simpler
    look-alike only on the turned-up card, which needs new deals)."""
    for entry in LIBRARY:
        assert entry.unsolved < len(GAMES) / 2, entry.name
        assert entry.difficulty < PLAY_LIMIT / 2, entry.name


def test_a_law_never_found_is_said_to_be_unsolved_in_so_many_plays() -> None:
    measure = difficulty(space(), find_law("spade-pause"), range(1), limit=10)  # type: ignore[arg-type]
    assert measure == Measure(10.0, 1)
    assert detective_measure(measure.plays, measure.unsolved, 1, 10) == "unsolved by the detective in 10 plays"
    assert "unsolved by the detective in 1,000 plays in 1 of 8 games" in detective_measure(432.5, 1, 8, 1000)


@pytest.mark.slow
def test_easier_laws_are_found_in_fewer_plays() -> None:
    easy, hard = find_law("no-sevens"), find_law("even-even")
    assert difficulty(space(), easy, range(2)).plays < difficulty(space(), hard, range(2)).plays  # type: ignore[arg-type]
    ladder = [e.difficulty for e in LIBRARY[1:]]
    assert ladder == sorted(ladder)


def test_the_detective_counts_what_counter_examples_to_guesses_revealed() -> None:
    """A wrong guess's counter-example is a verdict of the referee: the guessed law is ruled out by it."""
    inquiry = Inquiry(find_law("no-faces"))
    right, _sentence = inquiry.judge("not 7")
    assert not right
    guess = next(i for i in range(space().size) if str(space().law(i)) == "not 7")
    with_clue, _ = space().replay([History(verdicts) for verdicts in inquiry.evidence()])
    assert not contains(with_clue, guess)
    assert contains(with_clue, space().size - len(LIBRARY) + 2)  # the secret (no-faces) still fits
    hand, top = [Card.parse("9C")], Card.parse("5C")
    before = detective_advice([[]], top, hand, Inquiry(find_law("no-faces")))
    after = detective_advice([[]], top, hand, inquiry)
    assert "0 matching attempts seen at the table and 0 verdicts" in before[0]
    assert "1 verdict revealed" in after[0]
    assert int(before[0].split(" of ")[0].split()[-1].replace(",", "")) > int(
        after[0].split(" of ")[0].split()[-1].replace(",", "")
    )


def test_the_detective_names_candidate_laws_only_after_enough_guesses() -> None:
    inquiry = Inquiry(find_law("no-faces"))
    hand, top = [Card.parse("9C"), Card.parse("KC")], Card.parse("5C")
    for guess in ["not 7", "black", "not K"][:CANDIDATES_AFTER]:
        lines = detective_advice([[]], top, hand, inquiry)
        assert not any(line.startswith("The simplest") for line in lines)
        assert f"once you have made {CANDIDATES_AFTER} guesses" in lines[-1]
        assert "telling play" in lines[1] and "still fit" in lines[0]  # the count and the next play come first
        inquiry.judge(guess)
    assert detective_advice([[]], top, hand, inquiry)[-1].startswith("The simplest")
