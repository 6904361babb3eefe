"""Small builders for rule tests: a table from strings, and actions from strings."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from maumau_core import Card, Draw, Flag, Pass, Play, Round, Say, Suit, find_law, preset
from maumau_core.engine.events import Event
from maumau_core.engine.refusals import IllegalAction
from maumau_core.engine.table_sentences import penalty_reason


def table(
    name: str,
    hands: list[list[str]],
    discard: list[str],
    stock: list[str] | tuple[str, ...] = (),
    *,
    turn: int = 0,
    options: dict[str, Any] | None = None,
    law: str | None = None,
    **state: Any,
) -> Round:
    """A round of preset ``name`` at an explicit table (calls flagged only explicitly)."""
    return Round(
        preset(name, **(options or {})),
        hands,
        discard,
        list(stock),
        turn=turn,
        law=find_law(law) if law else None,
        **state,
    )


def play(player: int, *cards: str, suit: str | None = None, say: tuple[str, ...] | list[str] = ()) -> Play:
    return Play(player, tuple(Card.parse(c) for c in cards), Suit.parse(suit) if suit else None, tuple(say))


def draw(player: int) -> Draw:
    return Draw(player)


def keep(player: int) -> Pass:
    return Pass(player)


def flag(player: int, target: int) -> Flag:
    return Flag(player, target)


def say(player: int, *words: str) -> Say:
    return Say(player, words)


def refused(round_: Round, action: Any) -> str:
    """Apply an action that must be refused; check nothing changed; return the refusal code."""
    before = round_.snapshot()
    check = round_.check(action)
    assert check is not None, f"{action} was allowed"
    try:
        round_.apply(action)
    except IllegalAction as error:
        assert round_.snapshot() == before
        assert error.code == check.code
        assert error.message.endswith((".", "!")) and "\n" not in error.message
        return error.code
    raise AssertionError(f"{action} was applied")


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def reason(event: Event) -> str:
    """The referee's words for a penalty event (Mao's few words, or the broken rule)."""
    assert event.kind == "penalty" and event.reason is not None, event
    return penalty_reason(event.reason)


def hand(round_: Round, player: int) -> list[str]:
    return sorted(str(card) for card in round_.hands[player])


T = TypeVar("T")


def in_own_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a fresh event loop in a thread of its own: a browser test run earlier in
    the same pytest worker leaves Playwright's event loop running in this thread, where asyncio.run refuses."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
