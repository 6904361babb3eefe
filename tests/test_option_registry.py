"""The option registry: one entry per rule option, read by the panel, the lab and the rule-set comparison."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from maumau_core import OPTION_NAMES, PRESETS, Rank, Rules, preset
from maumau_core.engine.options import OPTIONS, _option, differences
from maumau_core.widgets import CompareRules, PlayTable
from maumau_core.widgets.options import OptionPanel

FIELDS = [field.name for field in dataclasses.fields(Rules) if field.name != "name"]


def test_every_rules_field_has_a_registry_entry_and_every_entry_a_field() -> None:
    assert not set(FIELDS) - set(OPTIONS), "fields missing from OPTIONS in rules.py"
    assert not set(OPTIONS) - set(FIELDS), "OPTIONS names options that are not fields of Rules"
    assert list(OPTIONS) == FIELDS and OPTION_NAMES == tuple(FIELDS)  # panels list them in field order


def test_the_rules_reference_explains_every_option_in_the_registrys_words() -> None:
    """docs/rules.md copies each entry's explanation (the registry is the truth); a new or reworded option
    fails here with the row to paste."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| [^|]* \| (.*) \|$", text, re.M))
    for name, option in OPTIONS.items():
        default = option.show(getattr(Rules(), name))
        assert rows.get(name) == option.explanation, (
            f"docs/rules.md needs: | `{name}` | {default} | {option.explanation} |"
        )


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_value_is_among_its_options_choices(name: str) -> None:
    rules = preset(name)
    for option in OPTIONS.values():
        value = getattr(rules, option.name)
        assert any(choice == value and type(choice) is type(value) for choice in option.values), (option.name, value)


@pytest.mark.parametrize("name", OPTIONS)
def test_each_entry_has_a_label_an_explanation_and_valid_distinct_choices(name: str) -> None:
    option = OPTIONS[name]
    assert option.name == name and option.label and option.explanation[-1] in ".?)"
    labels = [label for label, _value in option.choices]
    assert len(set(labels)) == len(labels) >= 2
    for value in option.values:
        assert getattr(preset("classic", **{name: value}), name) == value


def test_choices_come_from_the_type_and_numbers_need_their_own_list() -> None:
    assert OPTIONS["draw_card"].choices == (("none", None), *((rank.value, rank) for rank in Rank))
    assert OPTIONS["draw_stacking"].choices == (("yes", True), ("no", False))
    assert OPTIONS["ace"].values == ("none", "skip", "reverse", "again", "draw-all")
    assert OPTIONS["draw_stack_max"].choices[0] == ("no cap", None)
    with pytest.raises(TypeError):
        _option("hand_size", "Cards dealt", "Cards dealt to each player.")
    with pytest.raises(TypeError):
        _option("ace", "Ace", "What an ace does.", ("none",))


def test_a_value_is_shown_as_its_choice_or_as_its_json_text() -> None:
    assert OPTIONS["skip_card"].show(None) == "none" and OPTIONS["skip_card"].show(Rank.EIGHT) == "8"
    assert OPTIONS["wild_last"].show(False) == "no" and OPTIONS["call_penalty"].show(7) == "7"


def test_differences_list_each_differing_option_with_its_label_values_and_explanation() -> None:
    rows = {row.option: row for row in differences(preset("classic"), preset("simple32"))}
    classic, simple32 = preset("classic"), preset("simple32")
    assert set(rows) == {name for name in FIELDS if getattr(classic, name) != getattr(simple32, name)}
    stacking = rows["draw_stacking"]
    assert (stacking.label, stacking.first, stacking.second) == ("Draw cards stack", "yes", "no")
    assert stacking.explanation == OPTIONS["draw_stacking"].explanation
    assert (rows["skip_card"].first, rows["skip_card"].second) == ("8", "none")
    assert differences(preset("german32"), preset("german32")) == []


def test_the_comparison_shows_labels_values_and_explanations() -> None:
    situation = {
        "rules": "classic",
        "hands": [["7C", "AC"], ["7D", "QS"], ["8C", "KH"]],
        "discard": ["9C"],
        "stock": ["10D", "QD"],
        "turn": 0,
        "actions": [{"player": 0, "play": "7C"}],
    }
    shown = CompareRules(situation, "classic", "simple32")._out.value
    assert "<b>Draw cards stack</b> (<code>draw_stacking</code>): classic yes · simple32 no" in shown
    assert OPTIONS["draw_stacking"].explanation in shown


@pytest.mark.parametrize("name", PRESETS)
def test_the_panel_shows_every_preset_and_gives_it_back(name: str) -> None:
    panel = OptionPanel()
    panel.reset(name)
    assert panel.rules(name) == preset(name)


def test_the_panel_reads_its_controls_into_rules() -> None:
    panel = OptionPanel(["skip_card", "draw_stacking"])
    assert list(panel.controls) == ["skip_card", "draw_stacking"]
    panel.reset("classic")
    skip = panel.controls["skip_card"]
    assert skip.label == "8" and skip.description == "Skip card" and skip.tooltip == OPTIONS["skip_card"].explanation
    skip.label = "none"
    panel.controls["draw_stacking"].value = False
    assert panel.rules("classic") == preset("classic", skip_card=None, draw_stacking=False)
    panel.reset("simple32")  # its skip card is none: the dropdown says so, it is not left blank
    assert skip.label == "none" and panel.rules("classic").skip_card is None


def test_the_table_panel_leaves_out_what_means_nothing_against_bots() -> None:
    table = PlayTable(rules="german32")
    assert table.rules() == preset("german32")
    shown = set(table._house_rules.controls)
    assert shown == set(FIELDS) - {"min_players", "max_players", "speech", "out_of_turn_penalty"}
