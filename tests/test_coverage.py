"""The coverage map: every rule of every rule set has a lesson section that exists and a check that exists."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbconvert.filters.strings import _convert_header_id  # how a page's headings become its anchors

from maumau_core.course.coverage import CLAUSES, RULE_SETS
from maumau_core.course.practice import TOPICS
from maumau_core.exercises import QUESTIONS

ROOT = Path(__file__).resolve().parents[1]
QUIZ = re.compile(r"\b(?:Quiz|PointsQuiz|PlayableCardsQuiz)\(")


def page(name: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / name, as_version=4)


def anchors(name: str) -> set[str]:
    """The anchors of a page's headings, as the web page and JupyterLab give them."""
    found = set()
    for cell in page(name).cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    found.add(_convert_header_id(line.lstrip("#").strip()))
    return found


def quizzes(stem: str) -> int:
    """How many check-yourself widgets a page builds (in the order they appear)."""
    return sum(len(QUIZ.findall(cell.source)) for cell in page(f"{stem}.ipynb").cells if cell.cell_type == "code")


def test_every_rule_set_has_clauses() -> None:
    assert {clause.rule_set for clause in CLAUSES} == set(RULE_SETS)


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda c: f"{c.rule_set}: {c.rule[:40]}")
def test_each_clause_is_taught_in_a_section_that_exists(clause) -> None:  # type: ignore[no-untyped-def]
    name, _, anchor = clause.lesson.partition("#")
    assert (ROOT / "notebooks" / name).exists(), f"no page {name}"
    assert anchor in anchors(name), f"{name} has no section #{anchor}: {sorted(anchors(name))}"


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda c: f"{c.rule_set}: {c.rule[:40]}")
def test_each_clause_is_asked_about_by_a_check_that_exists(clause) -> None:  # type: ignore[no-untyped-def]
    kind, _, where = clause.check.partition(":")
    if kind == "quiz":
        stem, _, index = where.partition(":")
        assert int(index) < quizzes(stem), f"{stem} has no quiz number {index}"
    elif kind == "practice":
        assert where in TOPICS
    else:
        assert kind == "exercise" and where in {question.id for question in QUESTIONS}


def test_every_refusal_about_a_rule_links_the_section_that_teaches_it() -> None:
    from maumau_core.course.coverage import NOT_A_RULE, REFUSAL_LESSONS
    from maumau_core.engine.table_sentences import _REFUSALS

    assert set(REFUSAL_LESSONS) == set(_REFUSALS) - NOT_A_RULE
    for key, lesson in REFUSAL_LESSONS.items():
        name, _, anchor = lesson.partition("#")
        assert anchor in anchors(name), f"{key}: {name} has no section #{anchor}"


def test_a_refused_click_at_the_table_offers_why_with_a_link() -> None:
    from maumau_core import Draw, preset
    from maumau_core.course.session import TableSession
    from maumau_core.widgets.views import message_html

    for seed in range(50):
        session = TableSession(preset("classic"), bots=1, seed=seed)
        session.deal()
        if session.my_turn and session.playable() and session.me is not None:
            break
    outcome = session.move(Draw(session.me))  # type: ignore[arg-type]
    assert outcome.lesson == "01_cards_and_matching.ipynb#The-one-rule-of-every-turn"
    assert 'href="01_cards_and_matching.ipynb#The-one-rule-of-every-turn"' in message_html(
        outcome.message, good=False, lesson=outcome.lesson
    )
