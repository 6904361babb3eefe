"""Exercises on whole table situations: predict what happens, and explain a house-rule difference (lessons 04, 06)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from maumau_core import scenario
from maumau_core.engine.cards import Card, Suit
from maumau_core.engine.options import differences
from maumau_core.engine.rules import OPTION_NAMES, json_value, preset
from maumau_core.errors import MauMauError
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Misconception, Question, WrongShape
from maumau_core.i18n import N_
from maumau_core.sentences import exercises as say

#: Classic, three players: an 8, a jack naming a suit, then a 7.
PREDICT: dict[str, Any] = {
    "rules": "classic",
    "hands": [["8H", "7C", "KD", "4S"], ["9S", "2D", "5S"], ["JH", "3D", "6D"]],
    "discard": ["8S"],
    "stock": ["2C", "3C", "4C", "5C"],
    "turn": 0,
    "actions": [{"player": 0, "play": "8H"}, {"player": 2, "play": "JH", "suit": "C"}, {"player": 0, "play": "7C"}],
}

#: Two players: a 7 answered with a 7, at a table that plays classic or simple32.
COMPARE = {
    "hands": [["7H", "KC", "9D"], ["7S", "QD", "8C"]],
    "discard": ["9H"],
    "stock": ["10C", "AC", "8D", "10D", "AD"],
    "turn": 0,
    "actions": [{"player": 0, "play": "7H"}, {"player": 1, "play": "7S"}],
}
FIRST, SECOND = "classic", "simple32"


def describe(data: dict[str, Any]) -> str:
    """A table situation in words: who holds what, the top card, and the moves made."""
    return say.table_description(
        data.get("rules", say.either_rules(FIRST, SECOND)),
        Card.parse(data["discard"][-1]),
        data.get("turn", 0),
        [[Card.parse(text) for text in hand] for hand in data["hands"]],
        [scenario.describe_action(entry) for entry in data["actions"]],
    )


def _prediction() -> dict[str, Any]:
    state = scenario.run(PREDICT)["state"]
    return {"turn": state["turn"], "pending_draw": state["pending_draw"], "suit": state["suit"]}


#: How each part of a prediction is read, so that 'c', 'C' and '♣' are the same suit.
READERS: dict[str, Callable[[Any], Any]] = {
    "turn": int,
    "pending_draw": int,
    "suit": lambda value: Suit.parse(str(value)).value,
}


def _read_prediction(answer: Any) -> tuple[Any, ...]:
    """A prediction as (turn, cards waiting, suit); raises for anything that cannot be read as one."""
    return tuple(READERS[key](answer[key]) for key in READERS)


def _judge_prediction(case: Case, answer: Any) -> str | None:
    """Name the first wrong part of the prediction without giving away the right value."""
    if not isinstance(answer, dict) or set(answer) != set(READERS):
        raise WrongShape(say.not_a_prediction())
    truth = _prediction()
    for key, read in READERS.items():
        try:
            right = read(answer[key]) == truth[key]
        except (TypeError, ValueError):
            right = False
        if not right:
            return say.wrong_prediction(key, answer[key])
    return None


def _outcome(data: dict[str, Any], rules: str, options: dict[str, Any] | None = None) -> Any:
    """What a table does under some rules: which moves were accepted and the final table."""
    outcome = scenario.run({**data, "rules": rules, "options": options or {}})
    state = outcome["state"]
    return [(r["ok"], r.get("error")) for r in outcome["results"]], state["turn"], state["pending_draw"], state["hands"]


def _differing() -> list[str]:
    return [row.option for row in differences(preset(FIRST), preset(SECOND))]


def explaining_options() -> set[str]:
    """The options that, changed alone from the first preset to the second, give the second's outcome."""
    target, second = _outcome(COMPARE, SECOND), preset(SECOND)
    found = set()
    for name in _differing():
        try:
            if _outcome(COMPARE, FIRST, {name: json_value(getattr(second, name))}) == target:
                found.add(name)
        except MauMauError:
            continue  # this option alone makes no valid table with these cards
    return found


def _judge_difference(case: Case, answer: Any) -> str | None:
    if not isinstance(answer, str):
        raise WrongShape(say.not_an_option_name(answer))
    name = answers.text(answer)
    if name in explaining_options():
        return None
    if name not in OPTION_NAMES:
        return say.unknown_option(answer, _differing())
    return say.option_changes_nothing(FIRST, SECOND, name)


prediction = Question(
    id="tables-1",
    title=N_("Predict the table"),
    lesson="07_first_round.ipynb",
    name="prediction",
    kind="value",
    task=N_(
        "Read this table and its moves, then set `prediction` to a dict saying whose turn it is after the "
        "last move, how many cards are waiting to be drawn, and the suit to follow, e.g. "
        "{{'turn': 0, 'pending_draw': 0, 'suit': 'H'}}.\n\n{table}"
    ),
    words=lambda: {"table": describe(PREDICT)},
    cases=[Case((), "the table above")],
    truth=_prediction,
    judge=_judge_prediction,
    canonical=_read_prediction,
    rule=N_(
        "replay the moves one by one: an 8 skips the next player, a jack makes its named suit the one to "
        "follow, and a 7 leaves two cards waiting for the next player, who still gets the turn."
    ),
    misconceptions=[
        Misconception(
            "seven-skips-its-victim",
            N_(
                "a 7 does not take the turn away by itself: the next player "
                "still moves, to answer with a 7 or to take the cards."
            ),
            lambda: {**_prediction(), "turn": (_prediction()["turn"] + 1) % len(PREDICT["hands"])},
        ),
        Misconception(
            "seven-leaves-nothing-waiting",
            N_("a 7 leaves two cards waiting for the next player until they answer it or take them."),
            lambda: {**_prediction(), "pending_draw": 0},
        ),
        Misconception(
            "suit-of-the-jack",
            N_(
                "the suit to follow is the suit of the top card, unless a jack is on "
                "top: then it is the suit its player named, not the jack's own."
            ),
            lambda: {**_prediction(), "suit": "H"},
        ),
    ],
    hints=[
        N_("Go through the moves one at a time and keep track of whose turn it is."),
        N_("The 8 skips a player, the jack names clubs, and the 7 leaves cards waiting for the next player."),
        N_("After the 7 of clubs, the suit to follow is clubs and 2 cards wait."),
    ],
    solution_code=f"prediction = {solutions.prediction!r}",
    explanation=N_(
        "player 0's 8 skips player 1; player 2's jack makes clubs the suit; player 0's 7 of clubs "
        "fits and leaves 2 cards waiting for player 1, who moves next."
    ),
)

difference = Question(
    id="tables-2",
    title=N_("Same table, two rule sets"),
    lesson="09_house_rules.ipynb",
    name="difference",
    kind="value",
    task=N_(
        "This table plays out differently under {first} and {second}. Set `difference` to the name of the "
        "one rule option that explains it (an option name from `maumau_core.OPTION_NAMES`).\n\n{table}"
    ),
    words=lambda: {"first": FIRST, "second": SECOND, "table": describe(COMPARE)},
    cases=[Case((), "the table above")],
    truth=lambda: sorted(explaining_options()),
    judge=_judge_difference,
    canonical=answers.text,
    rule=N_(
        "an option explains the difference when changing it alone makes the first rule set's table play out "
        "like the second's; look at the move one rule set accepts and the other refuses."
    ),
    misconceptions=[
        Misconception(
            "the-seven-is-not-a-draw-card",
            N_(
                "both rule sets make the 7 a draw-two card; what they "
                "disagree on is whether a waiting 7 may be answered with another 7."
            ),
            lambda: "draw_card",
        ),
        Misconception(
            "the-deck-decides",
            N_(
                "the deck decides which cards are in the game, and both 7s are in "
                "both decks; look for an option about which moves are allowed."
            ),
            lambda: "deck",
        ),
        Misconception(
            "the-ace-decides",
            N_("no ace is played at this table, so the ace's power cannot explain what happens here."),
            lambda: "ace",
        ),
    ],
    hints=[
        N_("Replay the moves under each rule set: which move is accepted in one and refused in the other?"),
        N_("The second move answers a 7 with a 7. Which rule set allows that?"),
        N_("Look through the option names that are about the draw card."),
    ],
    solution_code=f"difference = {solutions.difference!r}",
    explanation=N_(
        "classic lets a 7 answer a 7 (the penalty grows to 4); simple32 has no stacking, so there "
        "player 1 must take the 2 cards: the option is `draw_stacking`."
    ),
)

QUESTIONS = [prediction, difference]
