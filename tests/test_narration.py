"""How the table tells what happened: a skip names its card, a call that is not due gets an answer, a
penalty is told once, and counts agree with their nouns."""

from __future__ import annotations

from helpers import kinds, play, table

from maumau_core.widgets.views import table_html


def sentences(events: list) -> list[str]:  # type: ignore[type-arg]
    return [event.sentence for event in events]


def test_a_skip_names_the_card_that_caused_it() -> None:
    r = table("classic", [["8H", "2C", "3C"], ["KD", "QC"], ["9S", "9C"]], ["9H"], ["2D"])
    assert "Player 1 is skipped: an 8 was played." in sentences(r.apply(play(0, "8H")))
    r = table("simple32", [["AH", "KC", "QC"], ["KD", "QD"], ["9S", "9C"]], ["9H"], ["7D"])
    assert "Player 1 is skipped: an ace was played." in sentences(r.apply(play(0, "AH")))


def test_a_call_that_is_not_due_is_answered() -> None:
    r = table("classic", [["8H", "2C", "3C", "4C"], ["KD", "QC"], ["9S", "9C"]], ["9H"], ["2D"])
    events = r.apply(play(0, "8H", say=["Mau"]))
    assert "idle-word" in kinds(events) and "Player 0 says “Mau”, which changes nothing." in sentences(events)
    r = table("classic", [["8H", "2C"], ["KD", "QC"], ["9S", "9C"]], ["9H"], ["2D"])
    assert kinds(r.apply(play(0, "8H", say=["Mau"])))[:2] == ["play", "call"], "a due call is just said"


def test_a_penalty_is_told_once_not_as_a_second_draw() -> None:
    r = table("mao", [["KC", "3H", "4H"], ["QS", "2S"], ["3C", "4C"]], ["9D"], ["2D", "3D"], law="tutorial")
    events = r.apply(play(0, "KC"))
    assert kinds(events) == ["penalty"] and sentences(events) == ["Player 0 draws 1 card as a penalty: no match."]


def test_the_table_says_one_card_not_one_cards() -> None:
    r = table("classic", [["8H", "2C"], ["KD", "QC"]], ["9H"], ["2D"])
    html = table_html(r)
    assert "Stock: <b>1 card</b>" in html and "discard pile: <b>1 card</b>" in html
