"""Mao practice: questions under open laws, judged by a real Mao round, each verdict explained, no secret told."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from maumau_core.course.drills import Drill
from maumau_core.course.practice import TOPICS
from maumau_core.course.practice_mao import OPEN_LAWS, OpenLaw, mao_law, mao_referee, mao_words
from maumau_core.engine.cards import Card, Suit, matches
from maumau_core.mao.law_check import difference, fitness
from maumau_core.mao.law_library import CAMPAIGN
from maumau_core.sentences import practice as say

SEEDS = range(120)


def right_choices(drill: Drill) -> list[str]:
    return [choice for choice in drill.choices if drill.judge(choice).right]


@pytest.mark.parametrize("open_law", OPEN_LAWS, ids=lambda entry: entry.notation)
def test_open_laws_are_fit_to_play_and_none_is_a_campaign_law_in_disguise(open_law: OpenLaw) -> None:
    assert fitness(open_law.law) is None
    for entry in CAMPAIGN:
        assert difference(open_law.law, entry.law) is not None, f"{open_law.notation} is {entry.name}"


def test_the_mao_topics_are_practice_topics() -> None:
    assert {"mao-law", "mao-words", "mao-referee"} <= set(TOPICS)


@pytest.mark.parametrize("seed", SEEDS)
def test_may_it_be_played_agrees_with_the_law_and_the_match(seed: int) -> None:
    drill = mao_law(random.Random(seed))
    *pile, card = drill.cards
    entry = next(e for e in OPEN_LAWS if f"“{e.notation}”" in drill.prompt)
    state = entry.law.start()
    for top, played in zip(pile, pile[1:]):
        assert matches(played, top) and entry.law.allows(state, top, played), "the history is legal"
        state = entry.law.after(state, top, played)
    yes, no_match, forbidden = say.MAO_LAW_CHOICES
    allowed = entry.law.allows(state, pile[-1], card)
    expected = no_match if not matches(card, pile[-1]) else yes if allowed else forbidden
    assert right_choices(drill) == [expected]
    wrong = next(choice for choice in drill.choices if choice != expected)
    verdict = drill.judge(wrong)
    assert verdict.sentence.startswith("Not quite") and card.symbol in verdict.sentence
    if expected == forbidden:
        assert entry.notation in verdict.sentence and entry.law.reason in verdict.sentence


def test_may_it_be_played_asks_all_three_answers_and_explains_the_turned_up_card() -> None:
    drills = [mao_law(random.Random(seed)) for seed in range(300)]
    assert Counter(right_choices(d)[0] for d in drills).keys() == set(say.MAO_LAW_CHOICES)
    first_card_only = [d for d in drills if len(d.cards) == 2 and "after" in d.prompt.split("”")[0]]
    assert first_card_only and all(
        say.turned_up_sets_nothing() in d.judge(d.choices[0]).sentence for d in first_card_only
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_what_must_be_said_names_each_spade_and_mao_at_one_card_or_none(seed: int) -> None:
    drill = mao_words(random.Random(seed))
    assert drill.round is not None
    card = next(c for c in drill.round.hands[0] if c.symbol in drill.prompt.split(" legally")[0])
    left = len(drill.round.hands[0]) - 1
    (answer,) = right_choices(drill)
    assert ("of spades" in answer) == (card.suit is Suit.SPADES)
    assert ("“Mao”" in answer) == (left <= 1)
    assert answer != "Nothing" or (card.suit is not Suit.SPADES and left > 1)
    assert drill.judge(answer).sentence.startswith("Right!")


def test_what_did_the_referee_penalise_covers_every_penalty_and_names_its_rule() -> None:
    seen: Counter[str] = Counter()
    for seed in range(300):
        drill = mao_referee(random.Random(seed))
        (answer,) = right_choices(drill)
        seen[answer] += 1
        code = next(code for code, text in say.PENALISED.items() if text == answer)
        wrong = next(choice for choice in drill.choices if choice != answer)
        assert say.PENALTY_RULES[code] in drill.judge(wrong).sentence
        *pile, card = drill.cards
        if code == "referee":
            assert not matches(card, pile[-1])
        if code in ("secret-law", "missing-word", "extra-word", ""):
            assert matches(card, pile[-1])
        if code == "not-your-turn":
            assert "not their turn" in drill.prompt
    assert set(seen) == set(say.PENALISED.values()), seen


def test_a_word_left_unsaid_is_penalised_only_at_the_next_action() -> None:
    for seed in range(300):
        drill = mao_referee(random.Random(seed))
        if right_choices(drill) == [say.PENALISED["missing-word"]]:
            assert "saying nothing" in drill.prompt and "Then Player 1 draws" in drill.prompt
            return
    pytest.fail("no question about a word left unsaid")


def test_no_mao_question_names_a_campaign_law() -> None:
    secrets = {entry.name for entry in CAMPAIGN} | {entry.notation for entry in CAMPAIGN}
    for maker in (mao_law, mao_words, mao_referee):
        for seed in range(60):
            drill = maker(random.Random(seed))
            texts = [drill.prompt, *drill.choices, *(drill.judge(choice).sentence for choice in drill.choices)]
            for text in texts:
                assert not any(f"“{secret}”" in text for secret in secrets), text


def test_cards_in_mao_questions_are_real_cards() -> None:
    assert all(isinstance(card, Card) for card in mao_law(random.Random(1)).cards)
