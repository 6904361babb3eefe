"""The bitset detective gives the answers the numpy detective gave, finds each candidate's verdicts as the law
itself does when replayed law by law, and runs where numpy cannot be imported (the static site, Pyodide).

``detective_answers.json`` holds what the numpy detective (``Space`` of numpy arrays, until commit 8a96b8d)
answered on 40 seeded histories under library laws and random candidates: how many candidates fit and a
digest of which, a digest of their states, the five simplest, the most telling card of a hand and its split.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_core import LIBRARY, Card
from maumau_core.mao.detective import Candidates, History, Space, advise, contains, random_history

ROOT = Path(__file__).resolve().parents[1]
ANSWERS = json.loads((Path(__file__).parent / "detective_answers.json").read_text())


@cache
def space() -> Space:
    return Space([entry.law for entry in LIBRARY])


def digest(candidates: Candidates) -> str:
    """The recorded digest of a set of candidates: their indices, in order, comma-joined, hashed."""
    indices = (str(index) for index in range(candidates.bit_length()) if contains(candidates, index))
    return hashlib.sha256(",".join(indices).encode()).hexdigest()[:16]


def rounds_of(case: dict[str, Any]) -> list[History]:
    """A recorded case's rounds: ``5H>7H-`` is 7♥ tried on 5♥ and refused, ``+`` accepted."""
    return [
        History(
            tuple(
                (Card.parse(tried[:-1].split(">")[0]), Card.parse(tried[:-1].split(">")[1]), tried[-1] == "+")
                for tried in text.split()
            )
        )
        for text in case["rounds"]
    ]


def test_the_space_is_the_one_the_answers_were_recorded_on() -> None:
    assert space().size == ANSWERS["size"] == 50_740


@pytest.mark.parametrize("case", ANSWERS["cases"], ids=lambda case: case["secret"])
def test_the_detective_answers_as_the_numpy_detective_did(case: dict[str, Any]) -> None:
    rounds = rounds_of(case)
    consistent, armed = space().replay(rounds)
    assert (consistent.bit_count(), digest(consistent), digest(armed)) == (
        case["fit"],
        case["fit_digest"],
        case["armed_digest"],
    )
    hand = [Card.parse(text) for text in case["hand"].split()]
    advice = advise(space(), rounds, Card.parse(case["top"]), hand, show=5)
    assert list(advice.simplest) == case["simplest"]
    assert (str(advice.best_card) if advice.best_card else None, advice.split) == (case["best_card"], case["split"])


def law_by_law(index: int, rounds: list[History]) -> tuple[bool, bool]:
    """Does candidate ``index`` fit every verdict, and is its restriction in force at the end? Asked of the
    law object itself, one attempt after another."""
    law = space().law(index)
    fits, state = True, law.start()
    for history in rounds:
        state = law.start()
        for top, card, accepted in history.attempts:
            fits = fits and law.allows(state, top, card) == accepted
            if accepted:
                state = law.after(state, top, card)
    return fits, bool(state)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_every_candidate_sampled_fits_a_random_history_as_its_law_does(seed: int) -> None:
    rng = random.Random(seed)
    secret_index = rng.randrange(space().size)
    secret = space().law(secret_index)
    rounds = [random_history(secret, rng, rng.randint(1, 40)) for _ in range(rng.randint(1, 3))]
    consistent, armed = space().replay(rounds)
    assert contains(consistent, secret_index)
    extra = range(space().structured, space().size)
    for index in [*rng.sample(range(space().structured), 150), *extra]:
        assert (contains(consistent, index), contains(armed, index)) == law_by_law(index, rounds), str(
            space().law(index)
        )


WITHOUT_NUMPY = """
import json, sys
sys.modules["numpy"] = None  # as in Pyodide: importing numpy raises ImportError
from maumau_core import Card, find_law
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.clues import detective_advice, detective_space
from maumau_core.mao.detective import difficulty
from maumau_core.mao.inquiry import Inquiry
import maumau_core.course.drills, maumau_core.course.mao_session, maumau_core.course.practice_mao
import maumau_core.mao.law_builder, maumau_core.mao.primer

cards = [Card.parse(text) for text in ("5H", "7H", "5S", "9S")]
seen = [[Attempt(1, cards[0], cards[1], False), Attempt(1, cards[0], cards[2], True), Attempt(2, cards[2], cards[3], True)]]
inquiry = Inquiry(find_law("no-sevens"))
inquiry.judge("black")
lines = detective_advice(seen, cards[3], [Card.parse("7S"), Card.parse("2S")], inquiry)
measure = difficulty(detective_space(), find_law("no-sevens"), range(1))
absent = sorted(name for name in ("multiprocessing", "subprocess", "concurrent.futures") if name in sys.modules)
print(json.dumps({"lines": lines, "plays": measure.plays, "absent": absent}))
"""


def test_the_detective_runs_where_numpy_cannot_be_imported() -> None:
    """The puzzle page's detective and the Mao wing under the static delivery, numpy unimportable; nor is
    anything loaded that Pyodide cannot run (processes, subprocesses, thread pools)."""
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_NUMPY],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "MAUMAU_DELIVERY": "static"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    told = json.loads(done.stdout.strip().splitlines()[-1])
    assert "3 matching attempts seen at the table" in told["lines"][0] and "still fit" in told["lines"][0]
    assert "telling play" in told["lines"][1]
    assert told["plays"] > 0
    assert told["absent"] == []
