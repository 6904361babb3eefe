"""The rule sets in plain words (``maumau_core/course/rule_sets.py``): every row for every rule set, each row
worked out from the options, no option name or Python value ever shown, the cheat sheets and the
glossary they lean on."""

from __future__ import annotations

import ast
import base64
import re
import subprocess
import sys
import typing
from html import unescape
from pathlib import Path
from typing import Any, Literal

import pytest

from maumau_core.__main__ import main
from maumau_core.course.rule_sets import (
    MAU_MAU,
    ROWS,
    cheat_sheet_html,
    cheat_sheet_link_html,
    comparison_html,
    row,
    rows,
)
from maumau_core.engine.cards import Suit
from maumau_core.engine.options import OPTIONS
from maumau_core.engine.rules import PRESETS, Rules, preset
from maumau_core.engine.table_sentences import quoted
from maumau_core.errors import BadOption
from maumau_core.i18n import LANGUAGES, speaking
from maumau_core.markup import HTML_MARKS
from maumau_core.sentences.glossary import GLOSSARY, alphabetical, find, sort_key

ROOT = Path(__file__).resolve().parents[1]

#: Options that set how the course's computer players notice a missed call: settings of a game on
#: this course, not rules of a table, so no row speaks of them.
COURSE_SETTINGS = {"flagger", "flag_chance"}

#: The presets, and a German table that punishes bad plays (so that "a bad play ends the turn"
#: matters somewhere it is not already the rule).
BASES = [preset(name) for name in PRESETS] + [preset("german32", invalid_play_penalty=1)]


def variants() -> list[tuple[str, Any, Rules, Rules]]:
    """Every option at every offered value, on every base where that value is new: (option, value,
    base, changed)."""
    found = []
    for option in OPTIONS.values():
        for value in option.values:
            for base in BASES:
                if getattr(base, option.name) == value and type(getattr(base, option.name)) is type(value):
                    continue
                try:
                    changed = base.replace(**{option.name: value})
                except BadOption:
                    continue
                found.append((option.name, value, base, changed))
    return found


VARIANTS = variants()


def texts(rules: Rules) -> list[str]:
    return [item.text for item in rows(rules)]


# ------------------------------------------------------------------ every row, from the options


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_rule_set_has_every_row_in_finished_words(name: str) -> None:
    found = rows(name)
    assert [item.key for item in found] == list(ROWS)
    for item in found:
        assert item.label and item.text.strip() == item.text, item
        assert re.search(r"[.!?]\)?$", item.text), item.text
        assert "{" not in item.text and "}" not in item.text, item.text


@pytest.mark.parametrize(
    ("name", "options", "key", "before", "after"),
    [
        ("classic", {"ace": "skip"}, "ace", "ordinary", "skips the next player"),
        ("classic", {"ace": "reverse"}, "ace", "ordinary", "reverses"),
        ("classic", {"draw_stacking": False}, "draw_card", "unless they answer", "Nothing answers it"),
        ("classic", {"draw_card": None}, "draw_card", "A 7 gives", "No card makes anyone draw"),
        ("classic", {"deck": 32}, "deck", "2 to ace", "7 to ace"),
        ("simple32", {"keep_drawn": True}, "blocked", "must play it", "may play it at once or keep it"),
        ("classic", {"draw_when_able": True}, "blocked", "may not draw", "draw by choice"),
        ("german32", {"wild_on_wild": False}, "wild_card", "a jack included", "except another jack"),
        ("german32", {"call_out": "Mau Mau"}, "calls", "“Mau-Mau”", "“Mau Mau”"),
        ("german32", {"out_call_forgotten": "flag-or-win"}, "missed_call", "caught or not", "you win when"),
        (
            "classic",
            {"call_window": "next-turn-start"},
            "missed_call",
            "end of the next player's turn",
            "After that it is forgotten",
        ),
        ("classic", {"target_must_pass": True}, "match", "reaches 100", "goes past 100"),
        ("simple32", {"tiebreak": "extra-round"}, "match", "share the win", "tiebreak"),
        ("classic", {"stuck": "count"}, "stuck", "void round", "stuck round"),
        ("mao", {"target": 5}, "match", "win 3 rounds", "win 5 rounds"),
        ("tschau-sepp", {"draw_card": "7"}, "draw_card", "A 6 gives", "A 7 gives"),
    ],
)
def test_a_row_follows_its_option(name: str, options: dict[str, Any], key: str, before: str, after: str) -> None:
    assert before in row(name, key) and after not in row(name, key)
    changed = row(preset(name, **options), key)
    assert after in changed and before not in changed


def test_every_option_a_table_plays_by_changes_some_row() -> None:
    """Each option at each of its values, wherever that value is new, changes a row of some rule set
    (where an option cannot matter, such as the longest 7 chain when 7s do not stack, no row changes)."""
    silent = []
    for option in OPTIONS.values():
        if option.name in COURSE_SETTINGS:
            continue
        for value in option.values:
            tried = [
                (base, changed)
                for name, v, base, changed in VARIANTS
                if name == option.name and v == value and type(v) is type(value)
            ]
            if tried and not any(texts(base) != texts(changed) for base, changed in tried):
                silent.append(f"{option.name}={option.show(value)}")
    assert not silent, f"no row changes with: {', '.join(silent)}"


def _literal_words() -> set[str]:
    """The option values written as words with hyphens ("flag-or-win"): how a program, not a person, says it."""
    words: set[str] = set()
    for hint in typing.get_type_hints(Rules).values():
        for arg in typing.get_args(hint) or (hint,):
            if typing.get_origin(arg) is Literal:
                words.update(value for value in typing.get_args(arg) if isinstance(value, str) and "-" in value)
            elif typing.get_origin(hint) is Literal and isinstance(arg, str) and "-" in arg:
                words.add(arg)
    return words


#: What must never reach a learner: option names (those that are not plain English words), literal values,
#: Python's constants and code signs. One-word options (deck, ace, target, rounds…) are ordinary words.
CODE = re.compile(
    "|".join(
        [
            *(re.escape(name) for name in OPTIONS if "_" in name),
            *(rf"(?<![\w-]){re.escape(word)}(?![\w-])" for word in sorted(_literal_words())),
            r"\bTrue\b",
            r"\bFalse\b",
            r"\bNone\b",
            "`",
            "=",
            r"\bnull\b",
        ]
    )
)


def test_the_code_pattern_catches_what_it_should() -> None:
    assert _literal_words() >= {"flag-or-win", "next-turn-end", "extra-round", "draw-all"}
    for text in ("draw_stacking: True", "ace is None", "flag-or-win", "deck=32", "`mao`"):
        assert CODE.search(text), text
    assert not CODE.search("“Mau-Mau” is the German spelling; a draw penalty; 7 to ace.")


def test_no_row_shows_an_option_name_or_a_python_value() -> None:
    shown = {item.text for rules in [*BASES, *(changed for *_rest, changed in VARIANTS)] for item in rows(rules)}
    leaks = sorted(text for text in shown if CODE.search(text))
    assert not leaks, leaks


# ------------------------------------------------------------------ the table, the sheets, the glossary


def test_the_table_shows_the_four_mau_mau_rule_sets_and_merges_rows_they_share() -> None:
    html = comparison_html()
    for name in MAU_MAU:
        assert f">{name}</th>" in html
    assert "mao" not in re.findall(r"<th scope='col'>([^<]*)</th>", html)
    assert f"colspan='{len(MAU_MAU)}'" in html  # dealing and starting is the same everywhere
    assert html.count("<tr>") == len(ROWS) + 1


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_cheat_sheet_is_one_printable_page_with_suits_as_symbols_and_names(name: str) -> None:
    html = cheat_sheet_html(name)
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert "size: A4" in html and "<meta charset='utf-8'>" in html
    text = unescape(re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", html, flags=re.DOTALL)))
    for suit in Suit:
        assert suit.symbol in text and suit.noun in text
    for item in rows(name):
        assert unescape(re.sub(r"<[^>]+>", "", item.text)) in text
    assert not CODE.search(text), CODE.search(text)


def test_the_mao_sheet_has_its_speech_referee_attempts_stuck_rounds_and_three_wins() -> None:
    text = unescape(re.sub(r"<[^>]+>", "", cheat_sheet_html("mao")))
    for words in ("4 of spades", "referee", "secret law", "illegal attempt", "stuck round", "win 3 rounds"):
        assert words in text, words


def test_a_sheet_with_house_rules_says_so() -> None:
    assert "With house rules" in cheat_sheet_html(preset("classic", ace="skip"))
    assert "With house rules" not in cheat_sheet_html("classic")


def test_the_download_link_carries_the_whole_sheet() -> None:
    link = cheat_sheet_link_html("german32")
    assert "download='mau-mau-german32.html'" in link
    data = re.search(r"href='data:text/html;base64,([A-Za-z0-9+/=]+)'", link)
    assert data and base64.b64decode(data.group(1)).decode("utf-8") == cheat_sheet_html("german32")


def bold_words(html: str) -> list[str]:
    return [unescape(word).strip() for word in re.findall(r"<b>(.*?)</b>", html)]


def unknown_bold(html: str) -> list[str]:
    """The words shown in bold that the glossary does not explain."""
    known = {name for entry in GLOSSARY for name in entry.names}
    return sorted({word for word in bold_words(html) if word.lower() not in known})


def test_the_glossary_check_finds_a_word_it_lacks() -> None:
    assert unknown_bold("<b>draw penalty</b> and <b>flibbertigibbet</b>") == ["flibbertigibbet"]


def test_every_word_in_bold_on_the_table_and_the_sheets_is_in_the_glossary() -> None:
    pages = [
        comparison_html(),
        *(cheat_sheet_html(name) for name in PRESETS),
        *(cheat_sheet_html(changed) for *_rest, changed in VARIANTS),
    ]
    assert all(bold_words(page) for page in pages)
    missing = sorted({word for page in pages for word in unknown_bold(page)})
    assert not missing, f"in bold but not in the glossary: {missing}"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_glossary_speaks_the_pages_language_in_its_alphabetical_order(language: str) -> None:
    with speaking(language):
        entries = alphabetical()
        terms = [entry.term for entry in entries]
        assert sorted(terms, key=sort_key) == terms and len(terms) == len(GLOSSARY)
        assert set(terms) == {entry.local().term for entry in GLOSSARY}
        if language != "en":
            assert len(set(terms) - {entry.term for entry in GLOSSARY}) > len(terms) // 2  # not left in English
        known = {name for entry in entries for name in entry.names}
        pages = [comparison_html(), *(cheat_sheet_html(name) for name in PRESETS)]
        missing = sorted({word for page in pages for word in bold_words(page) if word.lower() not in known})
    assert not missing, f"in bold on the {language} table or sheets but not in its glossary: {missing}"


@pytest.mark.parametrize("language", ["fr", "de"])
def test_a_cheat_sheet_quotes_the_calls_in_the_pages_quotation_marks(language: str) -> None:
    with speaking(language):
        sheet = unescape(cheat_sheet_html("classic"))
        assert quoted("Mau") in sheet and quoted("Mau") != "“Mau”"
    assert "“Mau" not in sheet  # the English marks


def test_a_glossary_term_sorts_by_its_letters_alone() -> None:
    assert sorted(["« Tschau »", "Ablage", "étape", "zeta", "Ähre", "șir", "sare"], key=sort_key) == [
        "Ablage",
        "Ähre",
        "étape",
        "sare",
        "șir",
        "« Tschau »",
        "zeta",
    ]


def test_the_glossary_finds_a_word_by_its_letters_in_the_pages_language() -> None:
    found = [entry.term for entry in find("Discard Pile")]
    assert "discard pile" in found and "answer" not in found
    assert find("") == alphabetical() and find("flibbertigibbet") == []
    assert "top card" in [entry.term for entry in find("face up on top")]  # the meaning is searched too
    with speaking("fr"):
        assert "défausse" in [entry.term for entry in find("defausse")]  # accents aside


def test_each_glossary_entry_is_one_sentence_and_each_term_is_listed_once() -> None:
    names = [name for entry in GLOSSARY for name in entry.names]
    assert len(names) == len(set(names))
    for entry in GLOSSARY:
        assert entry.definition.endswith((".", ")")) and not re.search(r"[.!?] [A-Z“]", entry.definition), entry
    assert [entry.term for entry in alphabetical()][:2] == ["answer", "blocked"]
    for word in (
        "stock",
        "discard pile",
        "wild card",
        "void round",
        "stuck round",
        "referee",
        "point of order",
        "“Mau Mau”",
        "window",
        "tiebreak",
        "target",
        "secret law",
    ):
        assert any(entry.term == word for entry in GLOSSARY), word
    assert any("pioche" in entry.aside for entry in GLOSSARY) and any("défausse" in entry.aside for entry in GLOSSARY)


# ------------------------------------------------------------------ no sentence built outside the sentence modules


def sentence_fragments(path: Path) -> list[str]:
    """The fixed text of every f-string that reads like words once its markup is taken out."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.JoinedStr):
            whole = "".join(
                part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "\0"
                for part in node.values
            )
            text = re.sub(r"<[^>]*>|&\w+;", " ", whole)
            if re.search(r"[A-Za-z]+ [A-Za-z]+", text):
                found.append(whole)
    return found


@pytest.mark.parametrize("path", ["maumau_core/course/rule_sets.py", "maumau_core/widgets/rule_sets.py"])
def test_the_rule_set_views_build_no_sentences(path: str) -> None:
    assert sentence_fragments(ROOT / path) == []


def test_the_sentence_check_finds_a_sentence(tmp_path: Path) -> None:
    built = tmp_path / "built.py"
    built.write_text('def play(card: str) -> str:\n    return f"You play the {card} now."\n')
    assert sentence_fragments(built) == ["You play the \0 now."]


# ------------------------------------------------------------------ the command


def test_the_cheatsheet_command_prints_the_sheet(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["cheatsheet", "tschau-sepp"]) == 0
    out, err = capfdbinary.readouterr()
    assert out.decode("utf-8") == cheat_sheet_html("tschau-sepp") and err == b""


def test_the_cheatsheet_command_refuses_an_unknown_rule_set_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "maumau_core", "cheatsheet", "skat"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "skat" in done.stderr


def test_the_cheatsheet_command_writes_utf8_whatever_the_terminal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "maumau_core", "cheatsheet", "mao"],
        cwd=ROOT,
        capture_output=True,
        timeout=120,
        env={"PYTHONIOENCODING": "ascii", "PATH": ""},
    )
    assert done.returncode == 0 and done.stdout.decode("utf-8") == cheat_sheet_html("mao")


def test_html_marks_are_what_the_views_use() -> None:
    assert "<b>draw penalty</b>" in row("classic", "draw_card", HTML_MARKS)
