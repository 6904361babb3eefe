"""Table situations: the example files in tests/scenarios, the command line, malformed files, freezing a table.

The examples live beside the tests (``tests/scenarios/README.md`` says how they are read), so a
fresh clone runs them with nothing outside the repository.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers import play

from maumau_core import Round, preset, scenario

EXAMPLE_DIR = Path(__file__).resolve().parent / "scenarios"
EXAMPLES = sorted(p for p in EXAMPLE_DIR.glob("*.json") if not p.name.endswith(".expected.json"))


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "maumau_core", "scenario", str(path)], capture_output=True, text=True, timeout=60
    )


def test_example_situations_are_present() -> None:
    assert len(EXAMPLES) >= 6
    expected = sorted(EXAMPLE_DIR.glob("*.expected.json"))
    assert [p.name.removesuffix(".expected.json") for p in expected] == [p.stem for p in EXAMPLES]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_situation_gives_its_expected_outcome(path: Path) -> None:
    done = run_cli(path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert len(out["results"]) == len(expected["results"])
    for got, want in zip(out["results"], expected["results"]):
        assert got["ok"] == want["ok"]
        if "error" in want:
            assert got["error"] == want["error"] and got["message"].endswith(".")
    for key, value in expected["state"].items():
        if key == "hands":
            assert [Counter(h) for h in out["state"]["hands"]] == [Counter(h) for h in value]
        else:
            assert out["state"][key] == value, key


def test_the_documented_example_is_a_tested_example() -> None:
    """docs/scenarios.md walks through one example: it must be the file the tests run, with its real outcome."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = page.split("## A complete example", 1)[1]
    shown_file, shown_state = (json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S))
    path = EXAMPLE_DIR / "classic-guided-tour.json"
    assert shown_file == json.loads(path.read_text(encoding="utf-8"))
    done = run_cli(path)
    assert json.loads(done.stdout)["state"] == shown_state


BASE: dict[str, Any] = {
    "rules": "classic",
    "hands": [["5H", "KH"], ["QS", "2S"]],
    "discard": ["9H"],
    "stock": ["2D"],
    "turn": 0,
}

MALFORMED = {
    "duplicate card": {**BASE, "stock": ["5H"]},
    "card not in the deck": {**BASE, "rules": "simple32", "hands": [["2H", "KH"], ["QS", "8S"]]},
    "unknown preset": {**BASE, "rules": "uno"},
    "unknown option": {**BASE, "options": {"jokers": True}},
    "bad option value": {**BASE, "options": {"ace": "explode"}},
    "bad card in a hand": {**BASE, "hands": [["5H", "11H"], ["QS"]]},
    "one hand only": {**BASE, "hands": [["5H"]]},
    "empty discard": {**BASE, "discard": []},
    "turn out of range": {**BASE, "turn": 5},
    "unknown law": {**BASE, "rules": "mao", "law": "no-such-law", "hands": [["5H"], ["QS"], ["2C"]]},
    "law outside Mao": {**BASE, "law": "tutorial"},
    "unknown key": {**BASE, "jokers": 2},
    "action without a verb": {**BASE, "actions": [{"player": 0}]},
    "action for no player": {**BASE, "actions": [{"player": 9, "draw": True}]},
    "bad direction": {**BASE, "state": {"direction": 2}},
    "a suit that is not text": {**BASE, "state": {"suit": 3}},
    "a named suit that is not text": {**BASE, "actions": [{"player": 0, "play": "5H", "suit": ["H"]}]},
    "a card that is not text": {**BASE, "actions": [{"player": 0, "play": 5}]},
    "an option called name": {**BASE, "options": {"name": "classic"}},
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed_file_exits_2_with_one_line(tmp_path: Path, case: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(MALFORMED[case]))
    done = run_cli(path)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "", '"just a string"'])
def test_bad_json_exits_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    done = run_cli(path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_missing_file_exits_2(tmp_path: Path) -> None:
    done = run_cli(tmp_path / "nothing.json")
    assert done.returncode == 2 and "Cannot read" in done.stderr


def test_two_decks_allow_two_copies() -> None:
    hands = [["5H", "5H"], ["QS"], ["2C"], ["3C"], ["4C"], ["6C"], ["7C"]]
    out = scenario.run({**BASE, "hands": hands})
    assert out["state"]["hands"][0] == ["5H", "5H"]


def test_refused_actions_are_results_not_errors() -> None:
    out = scenario.run({**BASE, "actions": [{"player": 1, "draw": True}, {"player": 0, "play": "5H", "say": ["Mau"]}]})
    assert [r["ok"] for r in out["results"]] == [False, True]
    assert out["results"][0]["error"] == "not-your-turn"


def test_play_several_cards_as_a_list() -> None:
    data = {
        **BASE,
        "rules": "german32",
        "options": {"several_cards": True},
        "hands": [["10H", "10C", "KH"], ["QS", "8S"]],
        "discard": ["9H"],
        "stock": ["8D"],
        "actions": [{"player": 0, "play": ["10H", "10C"], "say": ["Mau"]}],
    }
    out = scenario.run(data)
    assert out["results"][0]["ok"] and out["state"]["top"] == "10C"


def test_option_values_from_json_are_read() -> None:
    data = {
        **BASE,
        "options": {"draw_card": "8", "ace": "skip"},
        "hands": [["8H", "KH"], ["QS", "2S"], ["3C", "4C"]],
        "actions": [{"player": 0, "play": "8H"}],
    }
    out = scenario.run(data)
    assert out["state"]["pending_draw"] == 2


def test_freeze_and_reload_gives_the_same_table(tmp_path: Path) -> None:
    r = Round.deal(preset("german32", ace="again"), 3, seed=9)
    r.apply(r.legal_actions()[0])
    path = tmp_path / "frozen.json"
    scenario.save(r, path)
    data = scenario.load(path)
    assert data["options"] == {"ace": "again"}
    again = scenario.build(data)
    assert scenario.state_of(again) == scenario.state_of(r)
    assert again.stock == r.stock


def test_freeze_a_mao_table_keeps_the_law_name() -> None:
    from maumau_core import find_law

    r = Round(preset("mao"), [["QD", "2C"], ["3C"], ["4C"]], ["9D"], ["5C"], law=find_law("tutorial"))
    r.apply(play(0, "QD"))
    assert scenario.freeze(r)["law"] == "tutorial"
