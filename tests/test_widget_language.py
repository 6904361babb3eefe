"""The widgets speak the kernel's language: no label, placeholder, tooltip or heading of a widget is written in
English only (docs/translating.md).

Two checks. The first reads the widgets' source: every ``description=``, ``placeholder=`` and ``tooltip=`` given
as text, every accordion title and every ``w.HTML("…")`` of words goes through gettext (``_()`` or a sentence
function), so a new untranslated label fails here. The second builds the main widgets under a made-up
language whose every message is bracketed (``⟦…⟧``), and looks at what would reach the page: any text with
words outside the brackets was never translated. No real catalogue is needed for either.
"""

from __future__ import annotations

import ast
import gettext
import json
import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest

from maumau_core import i18n

WIDGETS = Path(__file__).parents[1] / "maumau_core" / "widgets"
#: The keywords whose text a learner reads (or a screen reader says).
SHOWN = {"description", "placeholder", "tooltip"}
#: Words (two letters or more): a label of digits, signs or a card symbol ("52", "▶", "Q♥") is not English.
WORDS = re.compile(r"[A-Za-z]{2,}")


def _literal_text(node: ast.AST) -> str | None:
    """The text of a string literal or f-string with words in it (None for anything else)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            part.value for part in node.values if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
    else:
        return None
    shown = re.sub(r"<[^>]*>", "", text)  # markup is not words
    return shown if WORDS.search(shown) else None


def _untranslated(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        texts = [keyword.value for keyword in node.keywords if keyword.arg in SHOWN]
        if name == "set_title" and len(node.args) == 2:
            texts.append(node.args[1])
        if name in ("HTML", "plain_button", "Runner") and node.args:
            texts.append(node.args[0])
        if name in ("Dropdown", "ToggleButtons", "RadioButtons"):  # an option's label (its value stays as it is)
            for keyword in node.keywords:
                if keyword.arg == "options" and isinstance(keyword.value, ast.List):
                    texts += [item.elts[0] for item in keyword.value.elts if isinstance(item, ast.Tuple)]
        for text in texts:
            english = _literal_text(text)
            if english is not None:
                yield f"{path.name}:{text.lineno}: {english!r}"


def test_every_label_of_the_widgets_goes_through_gettext() -> None:
    """A widget's label written as plain text would stay English in every language: mark it with ``_()``
    (or ``N_()`` in a module constant, said with ``_()`` where the widget is built)."""
    found = [line for path in sorted(WIDGETS.glob("*.py")) for line in _untranslated(path)]
    assert found == []


def test_the_source_check_sees_an_unmarked_label() -> None:
    source = (
        'w.Button(description="Deal again")\nw.Text(placeholder=_("a number"))\n'
        'box.set_title(0, "Settings")\nw.HTML("<b>52</b>")\n'
        'w.Dropdown(options=[("random", "random"), (_("greedy"), "greedy")])\n'
    )
    path = WIDGETS.parent.parent / "build" / "widget_language_probe.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(source, encoding="utf-8")
    try:
        assert [line.split(": ", 1)[1] for line in _untranslated(path)] == ["'Deal again'", "'Settings'", "'random'"]
    finally:
        path.unlink()


# ------------------------------------------------------------------ the widgets built in a made-up language


class Bracketed(gettext.NullTranslations):
    """A language whose every message is the English one in brackets: what is not bracketed was not translated."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


@pytest.fixture
def bracketed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The kernel speaks French, and French is the bracketed language; progress is kept in a fresh file."""
    monkeypatch.setattr(
        i18n, "translations", lambda language: Bracketed() if language == "fr" else gettext.NullTranslations()
    )
    monkeypatch.setenv("MAUMAU_PROGRESS", str(tmp_path / "progress.json"))
    i18n.use("fr")
    try:
        yield
    finally:
        i18n.use("en")


def _widgets(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


#: Text that is the same in every language: notation, the game's calls, card symbols, rule-set names.
SAME_EVERYWHERE = re.compile(
    r"\b(classic|simple32|german32|tschau-sepp|crazy-eights|mao|Mau|Mao|Tschau|Sepp)\b|"
    r"[+] (and|or)"
)


def _english_left(text: str) -> list[str]:
    """Words of ``text`` outside every bracketed message (markup, code and card symbols aside)."""
    text = re.sub(r"<style>.*?</style>|<svg.*?</svg>|<code>.*?</code>|<kbd>.*?</kbd>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>|&\w+;", " ", text)
    while True:  # innermost first: a message inside a message ("⟦Top card: ⟦⟦nine⟧ of hearts⟧.⟧")
        text, found = re.subn(r"⟦[^⟦⟧]*⟧", " ", text)
        if not found:
            break
    text = SAME_EVERYWHERE.sub(" ", text)
    return WORDS.findall(text)


def _shown(widget: w.Widget) -> Iterator[tuple[str, str]]:
    """What a widget and its children show: labels, placeholders, tooltips, titles, HTML and option labels."""
    for part in _widgets(widget):
        if "mm-card-button" in getattr(part, "_dom_classes", ()):  # a card: its symbol, its name in the tooltip
            yield "tooltip", part.tooltip or ""
            continue
        for trait in ("description", "placeholder", "tooltip"):
            value = getattr(part, trait, None)
            if isinstance(value, str) and value:
                yield trait, value
        if isinstance(part, w.HTML):
            yield "html", part.value
        if isinstance(part, w.Accordion):
            yield from (("title", title) for title in part.titles if title)
        if isinstance(part, (w.Dropdown, w.ToggleButtons, w.RadioButtons)):
            yield from (("option", label) for label in part._options_labels)


def _check(widget: w.Widget, *, allowed: tuple[str, ...] = ()) -> None:
    left = [
        (kind, text[:120])
        for kind, text in _shown(widget)
        if [word for word in _english_left(text) if word not in allowed]
    ]
    assert left == []


def test_the_tables_speak_the_kernel_s_language(bracketed: None) -> None:
    from maumau_core.widgets import MaoTable, PlayTable

    table = PlayTable(seed=2)
    table.new_match()
    _check(table.widget)
    mao = MaoTable(seed=2)
    mao.new_match()
    # The law dropdown's labels and the campaign come from the library; the notation stays as written.
    _check(mao.widget, allowed=("not", "black", "red", "hearts", "diamonds", "clubs", "spades"))


def test_a_quiz_the_lab_and_the_progress_panel_speak_it_too(bracketed: None) -> None:
    from maumau_core.widgets import PlayableCardsQuiz, ProgressPanel, Quiz
    from maumau_core.widgets.lab_views import HouseRuleLab, PolicyBuilder, TipLab

    quiz = Quiz("⟦Which?⟧", ["⟦this⟧", "⟦that⟧"], "⟦this⟧", why="⟦because⟧")  # a page passes its question translated
    quiz.check()
    _check(quiz.widget)
    _check(
        PlayableCardsQuiz(
            {"rules": "classic", "hands": [["5H", "KS"], ["2C"]], "discard": ["9H"], "stock": ["3D"]}
        ).widget
    )
    lab = TipLab(deals=50)
    lab.simulate()  # no prediction yet: the lab says so
    _check(lab.widget, allowed=("classic", "simple32"))
    _check(HouseRuleLab(rounds=20).widget)
    _check(PolicyBuilder(deals=20).widget)
    _check(ProgressPanel().widget)


def test_the_key_letters_are_the_same_in_every_language_and_the_page_reads_them_from_the_list(bracketed: None) -> None:
    from maumau_core.sentences.access import MAO_KEYS, TABLE_KEYS
    from maumau_core.widgets.views import keys_html

    for keys in (TABLE_KEYS, MAO_KEYS):
        shown = keys_html(keys)
        letters = json.loads(re.search(r'data-mm-keys="([^"]*)"', shown).group(1).replace("&quot;", '"'))  # type: ignore[union-attr]
        assert letters == {key.keys.lower(): "." + key.clicks for key in keys if key.clicks}
        assert "<kbd>D</kbd> ⟦draw⟧" in shown
    script = (Path(__file__).parents[1] / "etc/jupyter/voila/templates/course/static/access.js").read_text()
    assert "mm-call-one" not in script and "data-mm-keys" in script  # the letters live in Python only


def test_the_server_s_busy_page_is_said_in_the_language_of_the_page_asked_for(bracketed: None) -> None:
    from maumau_core.sentences import server

    i18n.use("en")  # the server process speaks English; the page's address says the learner's language
    assert server.page_language("/voila/render/fr/07_first_round.ipynb?x=1") == "fr"
    assert server.page_language("/voila/render/notebooks/fr/07_first_round.ipynb") == "fr"
    assert server.page_language("/voila/render/07_first_round.ipynb") == "en"
    assert server.server_full("/voila/render/fr/00_welcome.ipynb").startswith("⟦The course has")
    assert server.server_full() == server.SERVER_FULL
    assert server.try_again("/voila/render/xx/00_welcome.ipynb") == "Try again"


@pytest.mark.parametrize(
    ("language", "queen", "jack"),
    [("en", "Q", "J"), ("fr", "D", "V"), ("de", "D", "B"), ("it", "D", "F"), ("ro", "D", "V")],
)
def test_cards_on_the_page_show_the_letters_of_the_kernel_s_language(language: str, queen: str, jack: str) -> None:
    from maumau_core.engine.cards import Card
    from maumau_core.widgets.common import card_button
    from maumau_core.widgets.svg import card_svg

    i18n.use(language)
    try:
        assert card_button(Card.parse("QH")).description == f"{queen}♥"
        drawn = card_svg(Card.parse("JS"))
        assert drawn.count(f">{jack}</text>") == 2 and "♠" in drawn
    finally:
        i18n.use(i18n.DEFAULT)


@pytest.mark.parametrize(("language", "king"), [("en", "K♥"), ("fr", "R♥"), ("de", "K♥"), ("it", "R♥"), ("ro", "R♥")])
def test_a_quiz_shows_a_card_answer_in_the_page_s_letters_and_judges_the_card(language: str, king: str) -> None:
    from maumau_core.widgets.lessons import Quiz

    i18n.use(language)
    try:
        quiz = Quiz("?", ["K♥", "9♣", "the practice page"], "9♣", why="Because.")
        assert [label for label, _value in quiz._choice.options] == [king, "9♣", "the practice page"]
        quiz._choice.value = "K♥"  # what the learner's click on the shown label selects
        assert quiz.check() is False
        quiz._choice.value = "9♣"
        assert quiz.check() is True
    finally:
        i18n.use(i18n.DEFAULT)
