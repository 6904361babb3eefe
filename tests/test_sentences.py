"""The sentence modules are where learner-facing sentences are made (so one catalogue can be translated).

Every public function of the Mao, practice and exercise sentence modules is
called with representative data and must give finished text; the modules
that decide (and the widgets that show) must not build sentences themselves.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from maumau_core.engine.cards import Card
from maumau_core.engine.laws import Difference
from maumau_core.markup import HTML_MARKS
from maumau_core.sentences import exercises, mao, practice

C = Card.parse
FOUND = Difference(C("QH"), (C("QS"),), C("9S"), True)

#: Representative arguments for every public function; each gives a full sentence (ending . ! ? or a closing
#: quote, perhaps inside a closing parenthesis).
SENTENCES: dict[Callable[..., str], tuple[Any, ...]] = {
    mao.counter_example: (FOUND,),
    mao.guess_right: ("after Q: black",),
    mao.guess_wrong: (FOUND,),
    mao.no_secret_yet: (),
    mao.same_law_as: ("after Q: black",),
    mao.fit_to_play: ("after Q: black",),
    mao.stops_the_game: (C("2H"), [C("3H")], C("3H")),
    mao.forbids_nothing: (),
    mao.referee_reading: ("not 7", "wrong rank", HTML_MARKS),
    mao.prev_cannot_compare: ("higher",),
    mao.unreadable_law: (9, {"COLON", "AND"}, "black"),
    mao.candidates_left: (1, 2, 40, 50_000, HTML_MARKS),
    mao.simplest_laws: (["black", "not 7"], HTML_MARKS),
    mao.telling_play: (C("9H"), 0.5, HTML_MARKS),
    mao.no_telling_play: (),
    mao.no_matching_card: (),
    mao.law_too_long: (1_000_000, 200),
    mao.law_too_deep: (8,),
    mao.not_yours_to_write: (),
    mao.needs_after_first: (),
    mao.candidates_later: (3, 1),
    mao.guesses_made: (2,),
    mao.law_solved: ("Law 2 · easy", 12, 1),
    mao.solved_after_reveal: (),
    mao.campaign_place: ("Law 2 · easy", 1, 16),
    mao.written_law_in_force: (),
    mao.primer_explanation: ("prev", HTML_MARKS),
    mao.primer_task: ("until",),
    mao.example_refuses: ("after Q: black", FOUND, HTML_MARKS),
    practice.right: ("Because.",),
    practice.not_quite: ("Because.", "Not that one."),
    practice.pick_an_answer_first: (),
    practice.playable_prompt: ("classic",),
    practice.cannot_be_played: (C("9S"), "9♠ matches neither the rank nor the suit of 8♥."),
    practice.may_be_played_too: (C("8S"), "8♠ matches 8♥ on top by its rank."),
    practice.playable_right: ([C("8S"), C("9H")], "Every card fits."),
    practice.every_card_fits: (),
    practice.playable_wrong: ([(C("9S"), "It does not match.")], [(C("8S"), "8♠ matches 8♥.")]),
    practice.next_player_prompt: ("classic", 3, C("8H")),
    practice.no_power: (C("9H"), "classic"),
    practice.moves_next: ("Player 2", False, "An 8 skips a player."),
    practice.words_prompt: ("classic", 1),
    practice.words_due: (1, "classic", "Mau"),
    practice.points_prompt: (),
    practice.whole_number_please: (),
    practice.points_right: ([C("AH"), C("7C")], 17),
    practice.points_wrong: ([C("AH"), C("7C")], 17),
    practice.answers_draw_card: (C("7S"),),
    practice.wild_card: (C("JS"),),
    practice.named_suit_card: (C("9H"), C("9H").suit),
    practice.matches_top: (C("9H"), C("9S"), True),
    practice.mao_law_prompt: ("after 5: red", "after a 5, a red card", C("2H"), [C("5H")], C("6H")),
    practice.mao_matches: (C("6H"), C("5H"), False, True),
    practice.mao_law_allows: ("not 2",),
    practice.mao_law_forbids: ("after 5: red", "wrong colour"),
    practice.turned_up_sets_nothing: (),
    practice.mao_words_prompt: (C("4S"), 1),
    practice.mao_words_due: (C("4S"), 1, True, True),
    practice.mao_referee_prompt: ("not 2", "Player 0 puts 2♥ on 5♥, saying nothing."),
    practice.mao_play_story: ("Player 1", C("2H"), C("5H"), ["Mao"], False),
    practice.then_draws: ("Player 1",),
    practice.referee_verdict: (False, "extra-word", "Player 0 draws 1 card as a penalty."),
    practice.no_penalty: (),
    practice.review_note: ("Count the points",),
    practice.answer_first: (),
    practice.summary_help: (),
    practice.cards_situation: ([C("9H")], C("9S"), None, 2),
    practice.cards_shown: ([C("9H"), C("KS")],),
    exercises.correct: ("a card matches by rank or suit.",),
    exercises.not_attempted: ("may_play",),
    exercises.not_a_function: ("may_play", 3),
    exercises.raised: (ZeroDivisionError("division by zero"), "x"),
    exercises.not_yet: ("For x, the answer should be 1, but your code gave 2.",),
    exercises.breaks_rule: ("the card '7H'", "False", "a card fits by rank or suit."),
    exercises.misconception: ("the card 'JD'", "False", "a jack is wild."),
    exercises.judged: ("Your turn (2) is not it.", "a 7 does not skip.", True),
    exercises.hint: (1, "Look at the suit.", 3),
    exercises.no_such_hint: (3,),
    exercises.solution: ("x = 1", "it is one."),
    exercises.question_markdown: ("Title", "Do it.\nThen more.", "01_cards_and_matching.ipynb"),
    exercises.not_law_text: (3,),
    exercises.not_an_option_name: (3,),
    exercises.unknown_option: ("bogus", ["draw_stacking"]),
    exercises.option_changes_nothing: ("classic", "simple32", "deck_size"),
    exercises.not_a_prediction: (),
    exercises.wrong_prediction: ("turn", 3),
    exercises.table_description: ("classic", C("8S"), 0, [[C("8H")], [C("9S")]], ["Player 0 tries to play 8♥"]),
    exercises.not_a_move: (1, "draw"),
    exercises.refused_move: (1, "play 8H", "It does not match."),
    exercises.bot_too_weak: (0.5, 2000, 0.55),
}

#: Pieces put into other sentences or shown as labels: finished words, but not sentences of their own.
PHRASES: dict[Callable[..., str], tuple[Any, ...]] = {
    mao.quoted_law: ("black",),
    mao.empty_law: (),
    practice.say_nothing: (),
    practice.streak: (1, 2, HTML_MARKS),
    practice.rules_label: ("german32", [("Wild card on a wild card", "no")]),
    practice.said_words: (["Mao"],),
    practice.card_name: (C("9H"),),
    practice.review_name: (),
    practice.question_of: (1, 10, "classic rules"),
    practice.score: (3, 4),
    practice.next_question: (),
    practice.see_summary: (),
    practice.summary_title: (3, 10),
    practice.summary_line: (1, "", "Who moves next?", "Player 1", "Right! An 8 skips."),
    practice.no_cards_picked: (),
    practice.no_answer_given: (),
    practice.download_summary: (),
    practice.start_again: (),
    practice.law_solved: ("no-sevens", 12, 1),
    practice.law_unsolved: (),
    mao.built_so_far: ("after 8: red", HTML_MARKS),
    mao.next_in_campaign: (),
    mao.solved_mark: ("Law 1 · easy",),
    mao.detective_measure: (432.5, 1, 8, 1000),
    mao.learner_measure: ({"plays": 9, "guesses": 1},),
    mao.campaign_heading: ("detective",),
    mao.primer_title: ("if-then",),
    exercises.question_line: ("Title", "Do it."),
    exercises.either_rules: ("classic", "simple32"),
    exercises.card_text_case: ("10H",),
    exercises.card_on_top_case: ("7H", "9H"),
    exercises.card_after_jack_case: ("7H", "H"),
    exercises.hand_case: (["7H"], "classic"),
    exercises.hands_case: ([["7H"], []],),
    exercises.sheet_case: ([[0, 10]],),
    exercises.sevens_case: (2, "classic"),
    exercises.eight_case: (4, 0, "classic"),
    exercises.ace_case: (4, 0, "classic"),
    exercises.card_played_case: ("8H", 4, 0, "classic"),
    exercises.cards_left_case: (1, "classic"),
    exercises.flagged_case: ("classic", "at once"),
    exercises.race_case: (2000,),
}

#: Dropdown labels: (label, notation) pairs.
CHOICES = [mao.builder_parts, mao.builder_negations, mao.builder_subjects, mao.builder_properties, mao.builder_joins]


def public_functions(module: ModuleType) -> set[Callable[..., Any]]:
    return {
        value
        for name, value in vars(module).items()
        if inspect.isfunction(value) and value.__module__ == module.__name__ and not name.startswith("_")
    }


@pytest.mark.parametrize("module", [mao, practice, exercises], ids=lambda m: m.__name__)
def test_every_sentence_function_is_tried_here(module: ModuleType) -> None:
    assert public_functions(module) == public_functions(module) & (set(SENTENCES) | set(PHRASES) | set(CHOICES))


@pytest.mark.parametrize("make", list(SENTENCES), ids=lambda f: f"{f.__module__}.{f.__name__}")
def test_a_sentence_is_finished(make: Callable[..., str]) -> None:
    text = make(*SENTENCES[make])
    assert text.strip() == text and re.search(r"[.!?”]\)?$", text), text
    assert "{" not in text.replace("{7, 8}", ""), text  # no template left unfilled


@pytest.mark.parametrize("make", list(PHRASES), ids=lambda f: f"{f.__module__}.{f.__name__}")
def test_a_phrase_is_not_empty(make: Callable[..., str]) -> None:
    text = make(*PHRASES[make])
    assert text and text.strip() == text


@pytest.mark.parametrize("choices", CHOICES, ids=lambda f: f.__name__)
def test_the_law_builder_labels_are_words(choices: Callable[[], list[tuple[str, str]]]) -> None:
    labels = choices()
    assert labels and all(label.strip() for label, _notation in labels)


def test_html_marks_escape_the_data_they_mark() -> None:
    assert mao.referee_reading("a<b", "<no>", HTML_MARKS) == (
        "The referee reads: <code>a&lt;b</code> and says “&lt;no&gt;” when it is broken."
    )


ROOT = Path(__file__).resolve().parents[1] / "maumau_core"


@pytest.mark.parametrize("path", ["widgets/law_tools.py", "widgets/practice.py"])
def test_the_widgets_leave_the_logic_to_the_library(path: str) -> None:
    source = (ROOT / path).read_text()
    for call in ("difference(", "fitness(", "parse_law("):
        assert call not in source, f"{path} calls {call}…)"


def sentence_fragments(path: Path) -> list[str]:
    """The fixed text of every f-string in a module that reads like words of a sentence (markup stripped)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    text = re.sub(r"<[^>]*>|&\w+;", " ", part.value)
                    if re.search(r"[A-Za-z]+ [A-Za-z]+", text):
                        found.append(part.value)
    return found


@pytest.mark.parametrize(
    "path",
    [
        "widgets/law_tools.py",
        "widgets/practice.py",
        "course/practice.py",
        "mao/clues.py",
        "mao/law_check.py",
        "mao/notation.py",
        "exercises/question.py",
        "course/practice_mao.py",
        "course/final_quiz.py",
    ],
)
def test_the_deciding_modules_build_no_sentences(path: str) -> None:
    assert sentence_fragments(ROOT / path) == []


@pytest.mark.parametrize("path", sorted((ROOT / "exercises").glob("*.py")), ids=lambda p: p.name)
def test_each_input_of_an_exercise_is_put_in_words_by_the_sentence_module(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Case":
            assert not any(isinstance(arg, ast.JoinedStr) for arg in node.args), ast.unparse(node)
