"""The Mao campaign: a fixed ladder of secret laws, neutral labels, guesses judged with fresh clues, solved laws
saved in the learner's progress, and a table that shows where the learner is."""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path

import pytest

from maumau_core import LIBRARY, find_law, parse_law
from maumau_core.course.mao_session import MaoSession
from maumau_core.course.progress import Progress
from maumau_core.engine.bots import MaoBot
from maumau_core.mao.inquiry import Inquiry
from maumau_core.mao.law_check import differences
from maumau_core.mao.law_library import (
    CAMPAIGN,
    FORMS,
    LAWS,
    LibraryLaw,
    campaign_label,
    campaign_next,
    campaign_start,
    laws_at,
    notation_form,
    unlocked,
)
from maumau_core.widgets import MaoTable


@pytest.fixture()
def progress(tmp_path: Path) -> Progress:
    return Progress.load(tmp_path / "progress.json")


def test_the_campaign_goes_from_the_tutorial_law_through_each_form_to_the_hardest() -> None:
    assert sorted(e.name for e in CAMPAIGN) == sorted(e.name for e in LIBRARY)
    assert CAMPAIGN[0].name == "tutorial"
    assert CAMPAIGN[-1] == max(LIBRARY, key=lambda e: e.difficulty)
    hard = laws_at("hard")
    ladder = [e for e in CAMPAIGN[1:] if e not in hard]
    assert [FORMS.index(e.form) for e in ladder] == sorted(FORMS.index(e.form) for e in ladder)
    assert {e.form for e in ladder} >= {"property", "after", "until", "if-then"}
    assert CAMPAIGN[-len(hard) :] == tuple(sorted(hard, key=lambda e: e.difficulty))
    assert [e.name for e in CAMPAIGN[:3]] == ["tutorial", "no-sevens", "no-faces"]


@pytest.mark.parametrize("entry", LIBRARY, ids=lambda e: e.name)
def test_a_library_law_names_the_form_its_notation_needs(entry: LibraryLaw) -> None:
    assert entry.form == notation_form(parse_law(entry.notation))


def test_the_library_by_name_reads_each_law_from_its_notation() -> None:
    assert list(LAWS) == [e.name for e in LIBRARY]
    assert str(LAWS["jack-red"]) == "after J until Q: red" and LAWS["jack-red"].name == "jack-red"
    assert find_law("no-sevens") is LAWS["no-sevens"]


def test_five_library_laws_use_the_if_then_pattern() -> None:
    assert sorted(e.name for e in LIBRARY if e.form == "if-then") == [
        "climb",
        "colours-alternate",
        "even-even",
        "follow-suit-after-face",
        "hearts-stay",
    ]


def test_a_campaign_label_gives_only_the_number_and_the_level() -> None:
    labels = [campaign_label(e) for e in CAMPAIGN]
    assert len(set(labels)) == len(CAMPAIGN)
    for number, (entry, label) in enumerate(zip(CAMPAIGN, labels), start=1):
        assert re.fullmatch(rf"Law {number} · (easy|medium|hard)", label)
        assert entry.name not in label and entry.notation not in label


def test_the_campaign_goes_on_at_the_first_law_not_solved_and_each_law_opens_the_next() -> None:
    assert campaign_start(set()) == 0
    assert campaign_start({"tutorial", "no-sevens"}) == 2
    assert campaign_next(0, set()) == 1
    assert campaign_next(0, {"no-sevens"}) == 2  # a solved law is passed over
    assert campaign_next(len(CAMPAIGN) - 1, set()) == 0
    everything = {e.name for e in CAMPAIGN}
    assert campaign_start(everything) == 0 and campaign_next(3, everything) == 4
    assert unlocked(0, set()) and not unlocked(1, set()) and unlocked(1, {"tutorial"})


def test_three_wrong_guesses_get_three_different_counter_examples() -> None:
    inquiry = Inquiry(find_law("no-faces"))
    answers = [inquiry.judge(guess)[1] for guess in ["not 7", "not K", "not 7"]]
    assert all(answer.startswith("Not that law.") for answer in answers)
    assert len(set(answers)) == 3
    assert inquiry.guesses == 3 and not inquiry.solved


def test_an_unreadable_guess_is_explained_and_not_counted_a_right_one_solves() -> None:
    inquiry = Inquiry(find_law("no-faces"))
    right, sentence = inquiry.judge("not face or")
    assert not right and "does not read" in sentence and inquiry.guesses == 0
    right, sentence = inquiry.judge("not J and not Q and not K")  # the same law, written another way
    assert right and sentence.startswith("Correct!") and inquiry.solved and inquiry.guesses == 1


def test_a_right_guess_before_the_reveal_is_saved_with_plays_and_guesses(progress: Progress) -> None:
    session = MaoSession(bots=3, seed=4, place=1, progress=progress)
    session.deal()
    assert session.entry is CAMPAIGN[1] and session.inquiry is not None
    session.inquiry.judge("not 8")
    session.inquiry.judge("not 7")
    sentence = session.record_solve()
    plays = sum(len(attempts) for attempts in session.rounds)
    assert sentence == (
        f"Law 2 · easy solved, after {plays} plays at the table and 2 guesses. Press “New match” "
        "for the next law of the campaign."
    )
    assert progress.laws[CAMPAIGN[1].name]["guesses"] == 2 and progress.laws[CAMPAIGN[1].name]["plays"] == plays
    assert Progress.load(progress.path).laws.keys() == {CAMPAIGN[1].name}  # saved


def test_a_law_guessed_after_its_reveal_is_not_counted(progress: Progress) -> None:
    session = MaoSession(bots=2, seed=3, place=0, progress=progress)
    session.deal()
    me = MaoBot(7)
    while session.round is not None and session.round.result is None:
        session.go_on() if session.speaking else session.move(me.choose(session.round))
    assert session.reveal() is not None and session.inquiry is not None
    session.inquiry.judge("after Q: black")
    assert "does not count" in (session.record_solve() or "") and progress.laws == {}


def test_a_round_won_brings_the_campaigns_next_law(progress: Progress) -> None:
    session = MaoSession(bots=2, seed=3, place=4, progress=progress)
    session.deal()
    first = session.inquiry
    me = MaoBot(7)
    while session.round is not None and session.round.result is None:
        session.go_on() if session.speaking else session.move(me.choose(session.round))
    assert session.round is not None and session.round.result is not None
    if session.round.result.winner is None:
        pytest.skip("a round nobody won keeps its law")
    session.deal()
    assert session.entry is CAMPAIGN[5] and session.place == 5 and session.inquiry is not first


def test_the_table_shows_the_campaign_and_records_a_solved_law(progress: Progress) -> None:
    table = MaoTable(seed=2, progress=progress)
    table._start.click()
    assert "now playing Law 1 · medium · 0 of 16 laws solved" in table._place.value
    table.guess.text.value = "after K: black"
    assert not table.guess.judge()
    assert "Guesses checked for this law: 1." in table.guess.count.value
    table.guess.text.value = "after Q: black"
    assert table.guess.judge()
    assert "Law 1 · medium solved" in table.guess.feedback.value
    assert "1 of 16 laws solved" in table._place.value
    assert "2 guesses" in table._ladder.value and "about 52 plays" in table._ladder.value
    assert ("Law 1 · medium ✓", "tutorial") in table._teacher.options
    table._start.click()
    assert table.session is not None and table.session.entry is CAMPAIGN[1]
    assert "Guesses checked for this law: 0." in table.guess.count.value


def test_a_teacher_may_pick_any_law_and_the_campaign_goes_on_from_there(progress: Progress) -> None:
    table = MaoTable(seed=2, progress=progress)
    table._teacher.value = CAMPAIGN[9].name
    table._start.click()
    assert table.session is not None and table.session.entry is CAMPAIGN[9]
    assert table._teacher.value == ""  # back to the campaign
    table._start.click()
    assert table.session.entry is CAMPAIGN[10]


def test_the_law_dropdown_shows_no_law_name_or_notation(progress: Progress) -> None:
    table = MaoTable(progress=progress)
    labels = " ".join(label for label, _value in table._teacher.options)
    for entry in LIBRARY:
        assert entry.name not in labels and entry.notation not in labels


def test_the_table_keeps_a_short_log_of_everyones_moves_draws_included(progress: Progress) -> None:
    for seed in range(1, 40):
        table = MaoTable(seed=seed, progress=progress)
        table._start.click()
        assert table.session is not None and table.session.round is not None
        table._human(next(a for a in table.session.round.legal_actions() if type(a).__name__ == "Draw"))
        if table.session.speaking:
            table._let_others_play()
        if re.search(r"Player \d draws", table._log.value):
            return
    raise AssertionError("no bot ever drew")


@pytest.mark.parametrize("entry", LIBRARY, ids=lambda e: e.name)
def test_a_counter_example_never_plays_one_card_twice(entry: LibraryLaw) -> None:
    """A law looks only at the top card, so the search could reuse a card; a real deck has each card once."""
    for guess in ("after Q: black", "not 7", "red or prev red"):
        for found in islice(differences(parse_law(guess), entry.law), 5):
            cards = (found.start, *found.plays, found.card)
            assert len(set(cards)) == len(cards), (guess, entry.name, found)


def test_the_law_workshop_names_only_the_tutorial_law_and_the_laws_solved(tmp_path: Path) -> None:
    from maumau_core.widgets.law_tools import LawWorkshop

    progress = Progress.load(tmp_path / "progress.json")
    assert [label for label, _law in LawWorkshop.with_revealed_laws(progress)._other.options] == [CAMPAIGN[0].notation]
    progress.solve_law(CAMPAIGN[5].name, plays=10, guesses=2)
    shown = [label for label, _law in LawWorkshop.with_revealed_laws(progress)._other.options]
    assert shown == [CAMPAIGN[0].notation, CAMPAIGN[5].notation]
