"""Practice questions are judged by the engine and explained; progress survives bad files and resets."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from maumau_core import Card
from maumau_core.cards import Rank
from maumau_core.practice import TOPICS, next_player, playable, points, words
from maumau_core.progress import Progress
from maumau_core.widgets import PracticePage, ProgressPanel
from maumau_core.widgets.practice import practice_stream

SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
def test_playable_drills_accept_exactly_the_engines_cards(seed: int) -> None:
    drill = playable(random.Random(seed))
    assert drill.round is not None
    right = set(drill.round.playable_cards())
    assert drill.judge(right).right
    for card in drill.cards:
        wrong = right ^ {card}
        verdict = drill.judge(wrong)
        assert not verdict.right
        assert card.symbol in verdict.sentence


def test_a_wrong_card_is_explained_with_the_engines_reason() -> None:
    for seed in SEEDS:
        drill = playable(random.Random(seed))
        assert drill.round is not None
        blocked = [card for card in drill.cards if card not in drill.round.playable_cards()]
        if blocked:
            verdict = drill.judge({blocked[0]})
            assert str(drill.round.why_not(blocked[0])) in verdict.sentence
            return
    pytest.fail("no practice hand had an unplayable card")


def test_playable_drills_include_named_suits_and_waiting_sevens() -> None:
    rounds = [playable(random.Random(seed)).round for seed in SEEDS]
    assert any(r is not None and r.named_suit is not None for r in rounds)
    assert any(r is not None and r.pending_draw for r in rounds)


@pytest.mark.parametrize("seed", SEEDS)
def test_next_player_drills_agree_with_playing_the_card(seed: int) -> None:
    drill = next_player(random.Random(seed))
    verdicts = [drill.judge(choice) for choice in drill.choices]
    assert sum(v.right for v in verdicts) == 1
    wrong = next(v for v in verdicts if not v.right)
    assert wrong.sentence.startswith(("Not quite: Player ", "Not quite: you move again")), wrong.sentence
    assert "You (" not in drill.prompt and "you are player 0" in drill.prompt


def test_an_eight_in_classic_skips_in_practice_too() -> None:
    for seed in range(200):
        drill = next_player(random.Random(seed))
        if drill.prompt.startswith("classic") and "You play 8" in drill.prompt:
            assert drill.judge("Player 2").right, "you are player 0: player 1 is skipped"
            return
    pytest.fail("no classic 8 among the practice questions")


def test_tschau_sepp_questions_appear_and_its_6_is_judged_by_the_engine() -> None:
    """The Swiss rule set is practised too, and there the 6 is the draw card: only a 6 answers it."""
    waiting = [d for d in (playable(random.Random(seed)) for seed in range(200))
               if d.round is not None and d.round.rules.name == "tschau-sepp" and d.round.pending_draw]
    assert waiting, "no tschau-sepp question with a 6 waiting"
    for drill in waiting:
        assert drill.round is not None and drill.round.discard[-1].rank is Rank.SIX
        right = set(drill.round.playable_cards())
        assert all(card.rank is Rank.SIX for card in right)
        assert drill.judge(right).right
        sevens = [card for card in drill.cards if card.rank is Rank.SEVEN]
        if sevens:
            verdict = drill.judge(right | {sevens[0]})
            assert not verdict.right and str(drill.round.why_not(sevens[0])) in verdict.sentence
    sixes = [d for d in (next_player(random.Random(seed)) for seed in range(300))
             if d.prompt.startswith("tschau-sepp") and "You play 6" in d.prompt]
    assert sixes, "no tschau-sepp 6 among the who-moves-next questions"
    for drill in sixes:
        right = [choice for choice in drill.choices if drill.judge(choice).right]
        assert len(right) == 1 and "answer with a 6" in drill.judge(right[0]).sentence


@pytest.mark.parametrize("seed", SEEDS)
def test_words_drills_have_one_right_choice(seed: int) -> None:
    drill = words(random.Random(seed))
    assert sum(drill.judge(choice).right for choice in drill.choices) == 1


def test_points_drill_counts_and_explains() -> None:
    drill = points(random.Random(5))
    total = sum(card.points for card in drill.cards)
    assert drill.judge(str(total)).right
    assert not drill.judge(str(total + 1)).right
    assert drill.judge("twelve").sentence == "Type a whole number, like 23."


def test_the_same_seed_gives_the_same_questions() -> None:
    for key, (_name, make) in TOPICS.items():
        first = make(practice_stream(key, 7))
        again = make(practice_stream(key, 7))
        assert (first.prompt, list(first.cards), first.choices) == (again.prompt, list(again.cards), again.choices)


def progress_at(tmp_path: Path) -> Progress:
    return Progress.load(tmp_path / "progress.json")


def test_progress_is_saved_and_read_back(tmp_path: Path) -> None:
    progress = progress_at(tmp_path)
    progress.solve("matching-1")
    progress.answer("points", True)
    progress.answer("points", True)
    progress.answer("points", False)
    again = progress_at(tmp_path)
    assert "matching-1" in again.solved
    assert again.streaks["points"] == {"current": 0, "best": 2}
    assert again.notice is None


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"solved": 3, "streaks": {}}',
                                     '{"solved": {}, "streaks": {"points": {"current": "x", "best": 1}}}'])
def test_a_corrupt_progress_file_starts_fresh_with_a_notice(tmp_path: Path, content: str) -> None:
    (tmp_path / "progress.json").write_text(content)
    progress = progress_at(tmp_path)
    assert progress.solved == {} and progress.streaks == {}
    assert progress.notice is not None and progress.notice.endswith("so it starts fresh.")
    progress.solve("calls-1")
    assert json.loads((tmp_path / "progress.json").read_text())["solved"].keys() == {"calls-1"}


def test_a_missing_progress_file_is_a_quiet_fresh_start(tmp_path: Path) -> None:
    progress = Progress.load(tmp_path / "nowhere" / "progress.json")
    assert progress.notice is None and progress.solved == {}


def test_practice_page_counts_only_the_first_answer_of_each_question(tmp_path: Path) -> None:
    page = PracticePage(seed=3, progress=progress_at(tmp_path))
    page._topic.value = "points"
    assert page.drill is not None
    total = sum(card.points for card in page.drill.cards)
    assert page.answer(str(total)).right
    page.answer(str(total))
    assert page.progress.streaks["points"] == {"current": 1, "best": 1}
    assert "Streak: <b>1</b>" in page._streak.value
    page._next.click()
    page.answer("0")
    assert progress_at(tmp_path).streaks["points"] == {"current": 0, "best": 1}


def test_a_click_on_a_button_of_an_earlier_question_is_ignored(tmp_path: Path) -> None:
    """A click in flight while the question changes must not be judged against the new question."""
    page = PracticePage(seed=1, progress=progress_at(tmp_path))
    page._topic.value = "words"
    old_buttons = list(page._controls.children)
    page._next.click()
    for button in old_buttons:
        button.click()
    assert page._feedback.value == "" and "words" not in page.progress.streaks
    page._controls.children[0].click()  # a button of the question shown is judged
    assert page._feedback.value != "" and "words" in page.progress.streaks


def test_a_card_of_an_earlier_question_cannot_be_picked(tmp_path: Path) -> None:
    page = PracticePage(seed=1, progress=progress_at(tmp_path))
    assert page.drill is not None
    old_cards = list(page.drill.cards)
    page._next.click()
    foreign = [card for card in old_cards if card not in page.drill.cards]
    assert foreign
    for card in foreign:
        page.toggle(card)
    assert page._picked == set()
    page.toggle(page.drill.cards[0])
    assert page._picked == {page.drill.cards[0]}


def test_practice_page_card_clicks_and_check_use_the_engine(tmp_path: Path) -> None:
    page = PracticePage(seed=1, progress=progress_at(tmp_path))
    assert page.drill is not None and page.drill.round is not None
    for card in page.drill.round.playable_cards():
        page.toggle(card)
    page._check.click()
    assert "Right!" in page._feedback.value


def test_progress_panel_shows_solved_exercises_and_resets_after_confirmation(tmp_path: Path) -> None:
    progress = progress_at(tmp_path)
    progress.solve("matching-1")
    progress.answer("words", True)
    panel = ProgressPanel(progress)
    assert "1 of 3" in panel._summary.value and "streak 1" in panel._summary.value
    panel._reset.click()
    assert progress_at(tmp_path).solved  # one click is not enough
    panel._confirm.click()
    assert progress_at(tmp_path).solved == {}
    assert "1 of 3" not in panel._summary.value


def test_progress_panel_refresh_reads_what_other_pages_saved(tmp_path: Path) -> None:
    panel = ProgressPanel(progress_at(tmp_path))
    progress_at(tmp_path).solve("calls-2")
    panel._refresh.click()
    assert "1 of 2" in panel._summary.value


def test_cards_in_practice_are_real_cards() -> None:
    drill = playable(random.Random(0))
    assert all(isinstance(card, Card) for card in drill.cards)


def test_lesson_checks_and_mao_laws_are_kept_and_reset(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.pass_check("04_sevens_and_jacks:seven-answer")
    progress.solve_law("no-sevens", plays=12, guesses=3)
    progress.solve_law("no-sevens", plays=40, guesses=9)  # a second solve does not overwrite the first
    again = Progress.load(path)
    assert set(again.checks) == {"04_sevens_and_jacks:seven-answer"}
    assert again.laws["no-sevens"]["plays"] == 12 and again.laws["no-sevens"]["guesses"] == 3
    again.reset()
    assert Progress.load(path).laws == {} and Progress.load(path).checks == {}


def test_an_older_record_without_checks_or_laws_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"solved": {"matching-1": "2026-01-01"}, "streaks": {}}), encoding="utf-8")
    progress = Progress.load(path)
    assert progress.notice is None and progress.solved == {"matching-1": "2026-01-01"} and progress.laws == {}


def test_a_failed_save_leaves_the_previous_record_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.solve("matching-1")
    before = path.read_text(encoding="utf-8")

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt  # the process is stopped in the middle of the write

    monkeypatch.setattr("maumau_core.progress.os.fsync", killed)
    with pytest.raises(KeyboardInterrupt):
        progress.solve("matching-2")
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]  # no half-written file left behind
