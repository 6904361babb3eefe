"""The notation primer on the puzzle page: every form the campaign needs, an example that refuses a matching
card, and a task checked exactly, whose answer never reaches the page and is no campaign law."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maumau_core import LIBRARY, parse_law
from maumau_core.mao.inquiry import CANDIDATES_AFTER
from maumau_core.mao.law_check import NoLaw, difference, same_law
from maumau_core.mao.law_library import FORMS
from maumau_core.mao.primer import PRIMER, PrimerStep, example_at_work
from maumau_core.sentences.mao import primer_explanation, primer_task, primer_title
from maumau_core.widgets.law_tools import NotationPrimer


def test_the_primer_teaches_every_form_in_the_campaigns_order() -> None:
    forms = [step.form for step in PRIMER]
    assert [form for form in forms if form in FORMS] == list(FORMS)
    assert forms[:2] == ["property", "not"]
    assert "turned up" in primer_explanation("after")  # "after" laws ignore the turned-up card


@pytest.mark.parametrize("step", PRIMER, ids=lambda s: s.form)
def test_each_example_refuses_a_matching_card_and_no_law_of_the_primer_is_a_campaign_law(step: PrimerStep) -> None:
    assert difference(parse_law(step.example), NoLaw()) is not None
    assert step.example in example_at_work(step) and "is refused" in example_at_work(step)
    for text in (step.example, step.answer):
        assert not any(same_law(parse_law(text), entry.law) for entry in LIBRARY), text
    assert primer_title(step.form) and primer_task(step.form).startswith("Write the law: ")


def test_the_primer_page_checks_each_task_without_sending_its_answer() -> None:
    primer = NotationPrimer()
    state = json.dumps(
        [
            child.get_state()
            for view in primer.steps
            for child in (view.text, view.feedback, view.at_work, view.example, view.check)
        ],
        default=str,
    )
    words = json.dumps([view.widget.children[0].value + view.widget.children[3].value for view in primer.steps])
    for step in PRIMER:  # a one-word answer ("number") is a word of its task; a law of several words is not
        assert " " not in step.answer or step.answer not in state + words, step.answer
    view = next(v for v in primer.steps if v.step.form == "until")
    view.example.click()
    assert "after 7 until Q: black" in view.at_work.value and "is refused" in view.at_work.value
    view.text.value = "after 2: even"
    view.check.click()
    assert "Not that law." in view.feedback.value
    view.text.value = "after two until king: even"
    view.check.click()
    assert "Correct!" in view.feedback.value


def test_the_puzzle_page_teaches_the_notation_first_and_states_when_the_detective_names_laws() -> None:
    page = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "13_mao_puzzle.ipynb").read_text())
    code = ["".join(cell["source"]) for cell in page["cells"] if cell["cell_type"] == "code"]
    assert "NotationPrimer()" in code[0] and "MaoTable(" in code[1]
    words = " ".join("".join(cell["source"]) for cell in page["cells"] if cell["cell_type"] == "markdown")
    assert f"**{CANDIDATES_AFTER} guesses**" in words
    assert "never sets an `after` law going" in words
