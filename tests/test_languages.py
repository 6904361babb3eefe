"""The course's languages: the template matches the code, every catalogue matches the template, and
everything the engine can say renders in every language without a hole (docs/translating.md)."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maumau_core import PRESETS, Card, Round, preset
from maumau_core.course.catalogues import template
from maumau_core.engine.bots import MAX_MOVES
from maumau_core.engine.events import Event
from maumau_core.engine.refusals import IllegalAction, Refusal
from maumau_core.engine.speech import word_key
from maumau_core.engine.table_sentences import Seats, event_sentence, refusal_sentence
from maumau_core.errors import BadCard, BadOption
from maumau_core.i18n import KEYWORDS, LANGUAGES, TEMPLATE, catalogue_path, current, percent, use
from maumau_core.mao.law_library import LIBRARY
from tests.test_properties import random_action

#: Languages whose catalogue exists but is still being translated: their messages may be empty (they
#: fall back to English), but every other check holds. A language leaves this list when its translator
#: has filled every message and a fluent reader has reviewed it (docs/translating.md).
STILL_BEING_TRANSLATED: set[str] = set()

PRESENT = [language for language in LANGUAGES if catalogue_path(language).exists()]
#: A placeholder left in a sentence: ``{who}``, ``{cards_n}``.
HOLE = re.compile(r"\{[A-Za-z_]\w*\}")


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    use("en")


def _read(path: object) -> Catalog:
    with open(path, "rb") as source:  # type: ignore[call-overload]
        return read_po(source)


def _ids(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(message.id, message.context) for message in catalog if message.id}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _pairs(message: Message) -> Iterator[tuple[str, str]]:
    """(English, translation) for each form of the message, plural forms checked against the plural id."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    for index, translated in enumerate(strings):
        yield str(ids[min(index, len(ids) - 1)]), str(translated or "")


# ------------------------------------------------------------------ the template and the catalogues


def test_the_template_lists_exactly_the_messages_in_the_code() -> None:
    """Fails when a message was added, changed or removed without ``python -m maumau_core.course.catalogues extract``."""
    assert _ids(_read(TEMPLATE)) == _ids(template())


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel's extractor does not look inside f-strings on this Python: a message marked there never reaches
    the template, so a translator never sees it."""
    import ast

    marked_inside = []
    for path in sorted((Path(__file__).parents[1] / "maumau_core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                marked_inside += [
                    f"{path.name}:{call.lineno}"
                    for call in ast.walk(node)
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in KEYWORDS
                ]
    assert marked_inside == []


def test_every_placeholder_of_the_template_has_a_name() -> None:
    for message in template():
        for english, _translated in _pairs(message):
            if english:
                assert "{}" not in english, f"unnamed placeholder in {english!r}"


@pytest.mark.parametrize("language", PRESENT)
def test_a_catalogue_has_every_message_and_no_stale_or_fuzzy_one(language: str) -> None:
    catalog = _read(catalogue_path(language))
    assert _ids(catalog) == _ids(_read(TEMPLATE)), "run `python -m maumau_core.course.catalogues update`"
    assert not catalog.obsolete
    assert [message.id for message in catalog if message.id and message.fuzzy] == []
    if language not in STILL_BEING_TRANSLATED:
        empty = [message.id for message in catalog if message.id and not all(text for _, text in _pairs(message))]
        assert empty == []


@pytest.mark.parametrize("language", PRESENT)
def test_a_translation_keeps_the_placeholders_and_has_the_language_s_plural_forms(language: str) -> None:
    catalog = _read(catalogue_path(language))
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            assert isinstance(message.string, tuple) and len(message.string) == catalog.num_plurals, message.id
        for english, translated in _pairs(message):
            if translated:
                assert _placeholders(translated) == _placeholders(english), (message.id, translated)


# ------------------------------------------------------------------ everything the engine says renders

LAWS = [entry.law for entry in LIBRARY[:: max(1, len(LIBRARY) // 5)]]


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Round, int]:
    name = draw(st.sampled_from(sorted(PRESETS)))
    rules = preset(name)
    players = draw(st.integers(rules.min_players, min(rules.max_players, 4)))
    law = draw(st.sampled_from(LAWS)) if name == "mao" else None
    seed = draw(st.integers(0, 2**32 - 1))
    return Round.deal(rules, players, seed=seed, law=law), seed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_every_event_and_refusal_of_random_rounds_renders_in_every_language(case: tuple[Round, int]) -> None:
    round_, seed = case
    rng = random.Random(seed)
    said: list[Event | Refusal] = []
    for _ in range(min(MAX_MOVES, 200)):
        if round_.result is not None:
            break
        action = random_action(round_, rng) if rng.random() < 0.4 else rng.choice(round_.legal_actions())
        try:
            said += round_.apply(action)
        except IllegalAction as error:
            said.append(error.refusal)
    seats = [Seats(), Seats.of(["Ada", "Bo", "Cy", "Di"], me=0)]
    for language in ["en", *PRESENT]:
        use(language)
        for item in said:
            for seat_names in seats:
                text = (
                    refusal_sentence(item, seat_names)
                    if isinstance(item, Refusal)
                    else event_sentence(item, seat_names)
                )
                assert text and not HOLE.search(text), (language, item, text)


# ------------------------------------------------------------------ cards, calls and numbers per language


@pytest.mark.parametrize(
    ("text", "language", "card"),
    [
        ("QH", None, "QH"),
        ("D♥", "fr", "QH"),
        ("V♠", "fr", "JS"),
        ("RD", "fr", "KD"),
        ("dame de cœur", "fr", "QH"),
        ("valet pique", "fr", "JS"),
        ("BH", "de", "JH"),
        ("KS", "de", "KS"),
        ("D♣", "de", "QC"),
        ("F♦", "it", "JD"),
        ("R♠", "it", "KS"),
        ("R♥", "ro", "KH"),
        ("10 pique", "fr", "10S"),
    ],
)
def test_cards_are_read_with_the_letters_and_names_of_a_language(text: str, language: str | None, card: str) -> None:
    assert str(Card.parse(text, language=language)) == card


def test_a_suit_letter_that_is_ambiguous_in_a_language_is_refused_with_a_reason() -> None:
    with pytest.raises(BadCard, match="two suits"):
        Card.parse("DC", language="fr")  # dame de cœur, or dame of clubs?
    with pytest.raises(BadCard, match="two suits"):
        Card.parse("10C", language="it")
    assert str(Card.parse("10C", language="de")) == "10C"


def test_letters_of_one_language_are_not_read_in_another() -> None:
    with pytest.raises(BadCard):
        Card.parse("V♠")
    with pytest.raises(BadCard):
        Card.parse("B♠", language="fr")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(BadOption):
        use("xx")
    assert current() == "en"


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "25%"), ("fr", "25\u00a0%"), ("de", "25\u00a0%"), ("it", "25%")]
)
def test_percentages_are_written_as_the_language_writes_them(language: str, expected: str) -> None:
    use(language)
    assert percent(0.25) == expected
    assert percent(0.125, digits=1).startswith("12")


def test_the_spade_call_is_heard_in_english_and_in_the_table_s_language() -> None:
    assert word_key("four of spades") == word_key("4 of spades") == "4 of spades"
    assert word_key("quatre de pique") != "4 of spades"  # English table: French is just talking
    if "fr" in PRESENT:
        use("fr")
        assert word_key("Quatre de pique !") == word_key("four of spades") == "4 of spades"
        assert word_key("dame de pique") == "q of spades"


def test_the_table_speaks_french_when_the_kernel_does() -> None:
    from maumau_core.engine.cards import Rank, Suit
    from maumau_core.engine.table_sentences import penalty_reason

    use("fr")
    assert event_sentence(Event("draw", 1, amount=2)) == "Joueur 1 pioche 2 cartes."
    assert event_sentence(Event("draw", 0, amount=1), Seats.of(["Toi"], me=0)) == "Tu pioches 1 carte."
    refusal = Refusal(
        "no-match",
        player=0,
        card=Card.parse("QH"),
        top=Card.parse("7S"),
        rank=Rank.SEVEN,
        suit=Suit.SPADES,
        wild=Rank.JACK,
    )
    assert refusal_sentence(refusal) == (
        "D♥ n'a ni la valeur ni la couleur de 7♠\u00a0: joue un 7, un pique ou un valet."
    )
    assert penalty_reason(Refusal("secret-law", text="wrong colour")) == "mauvaise couleur (rouge ou noire)"
    assert penalty_reason(Refusal("secret-law", text="a reason the winner wrote")) == "a reason the winner wrote"
    assert Card.parse("QH").name == "dame de cœur" and Card.parse("10S").name == "dix de pique"
    use("en")
    assert event_sentence(Event("draw", 1, amount=2)) == "Player 1 draws 2 cards."
    assert Card.parse("QH").name == "queen of hearts"


def test_the_language_is_kept_with_the_progress(tmp_path: Path) -> None:
    from maumau_core.course.progress import Progress

    path = tmp_path / "progress.json"
    path.write_text('{"solved": {}, "streaks": {}}')  # saved before the course had languages
    progress = Progress.load(path)
    assert progress.language == "en" and progress.notice is None
    progress.choose_language("fr")
    assert current() == "fr" and Progress.load(path).language == "fr"
    with pytest.raises(BadOption):
        progress.choose_language("xx")
    assert Progress.load(path).language == "fr" and current() == "fr"


def test_the_page_template_says_its_own_sentences_through_the_catalogues() -> None:
    """The course template's script shows three sentences with no kernel to say them; they come from the
    catalogues (a filter of the template), never written in the template itself."""
    from maumau_core.sentences import server

    template = (Path(__file__).parents[1] / "etc/jupyter/voila/templates/course/index.html.j2").read_text()
    for name, english in [("preparing", server.PREPARING), ("lost", server.LOST), ("reload", server.RELOAD)]:
        assert english not in template and f"'{name}' | page_says(language)" in template
        assert server.page_says(name, "en") == english
        for language in PRESENT:
            assert server.page_says(name, language) not in ("", english), (language, name)


def test_extracting_again_rewrites_a_template_only_when_a_message_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each extraction makes catalogues dated now; an unchanged template keeps its file and its date (which
    ``update`` copies into every language's catalogue), so a run that changes no message changes no file."""
    from datetime import timedelta

    from maumau_core.course import catalogues

    def extracted(days_later: int) -> dict[str, tuple[Path, Catalog]]:
        made = {domain: (tmp_path / path.name, catalog) for domain, (path, catalog) in catalogues.templates().items()}
        for _path, catalog in made.values():
            catalog.creation_date += timedelta(days=days_later)
        return made

    first = extracted(0)
    monkeypatch.setattr(catalogues, "templates", lambda: first)
    assert catalogues.write_templates() == [path for path, _catalog in first.values()]
    files = {path: path.read_bytes() for path, _catalog in first.values()}
    later = extracted(1)
    monkeypatch.setattr(catalogues, "templates", lambda: later)
    assert catalogues.write_templates() == []
    assert {path: path.read_bytes() for path in files} == files
    path, catalog = later[next(iter(later))]
    catalog.add("A sentence that was not there before.")
    assert catalogues.write_templates() == [path] and path.read_bytes() != files[path]


def test_every_translators_comment_reaches_the_template() -> None:
    """Babel attaches a ``# Translators:`` comment only to a message that starts on the very next line: a
    comment the formatter (or an edit) moved away from its message would silently never reach a translator."""
    written = set()
    for path in sorted((Path(__file__).parents[1] / "maumau_core").rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("# Translators:"):
                written.add(line.strip().removeprefix("# Translators:").strip())
    extracted = {comment for message in template() for comment in message.auto_comments}
    assert written and not [comment for comment in written if comment not in extracted]
