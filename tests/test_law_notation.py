"""The law notation: it reads what the docs promise, prints back the same law, explains mistakes,
and the exact checks (same law? fit to play?) are right."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_core import LIBRARY, BadLaw, BadScenario, Card, Round, find_law, make_deck, parse_law, play, preset
from maumau_core.engine.laws import Difference
from maumau_core.mao.law_check import NoLaw, dead_end, difference, fitness, same_law
from maumau_core.mao.law_library import LibraryLaw
from maumau_core.mao.notation import WrittenLaw
from maumau_core.sentences.mao import counter_example

C = Card.parse


def test_the_tutorial_law_is_written_in_the_notation_and_behaves_as_rules_md_says() -> None:
    law = find_law("tutorial")
    assert str(law) == "after Q: black" and law.reason == "wrong colour"
    queen_waiting = law.after(law.start(), C("5H"), C("QH"))
    assert not law.allows(queen_waiting, C("QH"), C("9H"))  # matches, but red
    assert law.allows(queen_waiting, C("QH"), C("QC"))
    again = law.after(queen_waiting, C("QH"), C("QC"))  # a black queen sets it again
    assert not law.allows(again, C("QC"), C("QD"))
    lifted = law.after(again, C("QC"), C("4C"))
    assert law.allows(lifted, C("4C"), C("4H"))
    assert not law.start()  # the turned-up card triggers nothing


@pytest.mark.parametrize(
    "text",
    [
        "black",
        "not 7",
        "higher or same suit",
        "after Q: black",
        "after 8 until red: odd",
        'after prev hearts and spades: {2, 3} says "wrong number"',
        "not (red and face) or K",
        "prev odd or even",
        "after J until Q: red",
        "after K until A: {2, 3, 4, 5, 6} or A",
        "(hearts or spades) and not face",
    ],
)
def test_a_law_prints_back_to_notation_that_reads_as_the_same_law(text: str) -> None:
    law = parse_law(text)
    assert parse_law(str(law)) == law
    assert str(parse_law(str(law))) == str(law)


def test_spelling_variants_read_the_same() -> None:
    assert parse_law("AFTER queen UNTIL Black: BLACK") == parse_law("after Q until black: black")
    assert parse_law("{9,7,7}") == parse_law("{7, 9}")
    assert parse_law("after Q : ♠ or ♥") == parse_law("after Q: spades or hearts")


@pytest.mark.parametrize(
    "text, words",
    [
        ("after Q black", "at position 9: expected"),
        ("after: black", "at position 6: expected a card property"),
        ("blak", "at position 1"),
        ("{7, 8", "at the end: expected “,” or “}”"),
        ("black says wrong", "expected a reason in double quotes"),
        ("prev higher", "cannot follow “prev”"),
        ("", "A law needs some text"),
        ("__import__('os')", "at position 1"),
    ],
)
def test_a_mistake_names_the_position_and_what_was_expected(text: str, words: str) -> None:
    with pytest.raises(BadLaw) as caught:
        parse_law(text)
    assert words in str(caught.value)


def test_equivalent_laws_written_differently_are_the_same_law() -> None:
    assert same_law(parse_law("after Q: black"), parse_law("after Q until black: black"))
    assert same_law(parse_law("not (red or face)"), parse_law("black and not face"))
    assert same_law(parse_law("{2, 3, 4, 5, 6, 7, 8, 9, 10}"), parse_law("number"))


def test_a_difference_is_a_shortest_sequence_of_plays() -> None:
    found = difference(parse_law("after Q: red or black"), find_law("tutorial"))
    assert found is not None
    assert len(found.plays) == 1 and found.plays[0].rank.value == "Q" and found.first_allows
    sentence = counter_example(found)
    assert sentence.startswith("With ") and "your law allows" in sentence and "the secret law does not" in sentence


def test_the_turned_up_card_is_a_previous_card_but_triggers_nothing() -> None:
    found = difference(parse_law("not (prev spades and spades)"), parse_law("after spades: not spades"))
    assert found is not None and found.plays == ()


def test_fitness_refuses_a_law_that_stops_the_game_or_forbids_nothing() -> None:
    assert "stop the game for good" in (fitness(parse_law("higher")) or "")
    assert "never forbids" in (fitness(parse_law("red or black")) or "")
    assert "never forbids" in (fitness(parse_law("after Q: Q or not Q")) or "")
    assert fitness(parse_law("after 8: red")) is None


@pytest.mark.parametrize("entry", LIBRARY, ids=lambda e: e.name)
def test_every_library_law_is_fit_distinct_and_reads_back(entry: LibraryLaw) -> None:
    law = entry.law
    assert fitness(law) is None
    assert parse_law(entry.notation) == WrittenLaw(law.require, law.trigger, law.until, law.reason)
    assert entry.description and entry.difficulty > 0
    others = [e.law for e in LIBRARY if e is not entry]
    assert all(not same_law(law, other) for other in others)


def test_the_library_has_fifteen_laws_with_the_tutorial_first() -> None:
    assert len(LIBRARY) >= 15 and LIBRARY[0].name == "tutorial"


def test_a_scenario_may_name_a_law_or_write_it() -> None:
    assert str(find_law("after Q: black")) == "after Q: black"
    with pytest.raises(BadScenario, match="neither a library name"):
        find_law("after Q black")


def test_the_referee_says_only_the_laws_short_reason() -> None:
    r = Round(
        preset("mao"),
        [["9H", "QC", "4S"], ["2C", "3C"], ["5C", "6C"]],
        ["QH"],
        ["7C", "8C"],
        law=find_law('not hearts says "no love"'),
    )
    refusal = r.why_not(C("9H"), 0)
    assert refusal is not None and refusal.message == "no love"


LAW_TEXTS = st.sampled_from([e.notation for e in LIBRARY] + ["black", "higher or prev A", "after 7: not 7"])


@settings(max_examples=30, deadline=None)
@given(LAW_TEXTS, LAW_TEXTS)
def test_difference_is_symmetric_and_none_only_for_the_same_law(first: str, second: str) -> None:
    a, b = parse_law(first), parse_law(second)
    ab, ba = difference(a, b), difference(b, a)
    assert (ab is None) == (ba is None)
    if ab is not None:
        assert ba is not None and (ab.start, ab.plays, ab.card) == (ba.start, ba.plays, ba.card)
        assert ab.first_allows != ba.first_allows


def test_no_law_allows_everything_and_never_dead_ends() -> None:
    assert dead_end(NoLaw()) is None


def malformed_corpus(size: int = 1500) -> list[str]:
    """Law texts broken by deleting, inserting, swapping and cutting, from every library law and the examples."""
    rng = random.Random(0)
    seeds = [entry.notation for entry in LIBRARY] + [
        "higher or same suit",
        "after 8 until red: odd",
        'black says "dark"',
        "not (red and face) or K",
    ]
    noise = list("(){}:,\"';_=+-*/.!@#$%^&|<>?[]\\") + [
        "and",
        "or",
        "not",
        "after",
        "until",
        "says",
        "prev",
        "Z",
        "11",
        "1",
        "♥",
        "hearts",
        "same",
        "  ",
    ]
    corpus: set[str] = set()
    while len(corpus) < size:
        text = rng.choice(seeds)
        where = rng.randrange(len(text) + 1)
        move = rng.randrange(4)
        if move == 0:
            broken = text[:where] + text[where + 1 :]
        elif move == 1:
            broken = text[:where] + rng.choice(noise) + text[where:]
        elif move == 2:
            broken = text[:where]
        else:
            words = text.split()
            words[rng.randrange(len(words))] = rng.choice(noise)
            broken = " ".join(words)
        try:
            parse_law(broken)
        except BadLaw:
            corpus.add(broken)
    return sorted(corpus)


def test_a_thousand_malformed_laws_each_get_one_clear_sentence() -> None:
    corpus = malformed_corpus()
    assert len(corpus) >= 1000
    clear = re.compile(
        r"^(The law does not read (at position \d+|at the end): expected .+\.|.+cannot follow “prev”\.|"
        r"A law needs some text, for example: after Q: black)$"
    )
    for text in corpus:
        with pytest.raises(BadLaw) as caught:
            parse_law(text)
        assert clear.match(str(caught.value)), (text, str(caught.value))


@pytest.mark.parametrize(
    "attack",
    [
        "__import__('os').system('touch {marker}')",
        "eval(\"open('{marker}', 'w')\")",
        "black says \"x\"); open('{marker}', 'w'); (\"",
        'exec(\'open("{marker}", "w")\')',
    ],
)
def test_law_text_is_parsed_never_run(attack: str, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    with pytest.raises(BadLaw):
        parse_law(attack.format(marker=marker))
    assert not marker.exists()


def replay_at_the_table(found: Difference, law: WrittenLaw) -> bool:
    """Play the counter-example's moves at a real Mao table under ``law``; is its last card accepted?"""
    cards = [*found.plays, found.card]
    used = {found.start, *cards}
    spare = [card for card in make_deck(52) if card not in used]
    hands = [
        [card for number, card in enumerate(cards) if number % 3 == seat] + spare[3 * seat : 3 * seat + 3]
        for seat in range(3)
    ]
    round_ = Round(preset("mao"), hands, [found.start], spare[9:], law=law)
    for number, card in enumerate(found.plays):
        events = round_.apply(play(number % 3, card, say=round_.required_words(number % 3, [card])))
        assert not any(event.kind == "penalty" for event in events), "a counter-example play was refused"
    last = len(found.plays) % 3
    return round_.why_not(found.card, last) is None


@pytest.mark.parametrize("pair", list(itertools.combinations(range(len(LIBRARY)), 2)))
def test_every_counter_example_is_confirmed_by_the_referee(pair: tuple[int, int]) -> None:
    first, second = LIBRARY[pair[0]].law, LIBRARY[pair[1]].law
    found = difference(first, second)
    assert found is not None
    assert replay_at_the_table(found, first) == found.first_allows
    assert replay_at_the_table(found, second) == (not found.first_allows)


def test_a_scenario_file_may_write_its_law_in_the_notation() -> None:
    from maumau_core import scenario

    example = scenario.load(Path(__file__).resolve().parent / "scenarios" / "mao-tutorial-law.json")
    written = scenario.run({**example, "law": "after Q: black"})
    assert written == scenario.run(example)
    broken = {**example, "law": "after Q black"}
    with pytest.raises(BadScenario, match="position 9"):
        scenario.run(broken)
