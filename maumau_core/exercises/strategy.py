"""The bot-writing exercise: a policy that beats the greedy bot over many seeded rounds (lesson 07)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tqdm.auto import tqdm

from maumau_core.actions import Action, Draw, Flag, Pass, Play
from maumau_core.bots import GreedyBot, play_round
from maumau_core.exercises import solutions
from maumau_core.exercises.question import Case, Question
from maumau_core.round import Round
from maumau_core.rules import preset
from maumau_core.sentences import exercises as say

RULES = "simple32"
ROUNDS = 2_000
TARGET = 0.55


class IllegalMove(Exception):
    """The learner's bot chose a move the rules refuse."""


class _Learner:
    """Seats the learner's function at the table like any bot."""

    def __init__(self, choose: Callable[[Round], Action], rounds: list[int]) -> None:
        self._choose = choose
        self._rounds = rounds

    def choose(self, round_: Round) -> Action:
        action = self._choose(round_)
        number = self._rounds[-1] + 1
        if not isinstance(action, (Play, Draw, Pass)):
            raise IllegalMove(say.not_a_move(number, action))
        refusal = round_.check(action)
        if refusal is not None:
            raise IllegalMove(say.refused_move(number, action, refusal.message))
        return action

    def notice(self, round_: Round, me: int) -> Flag | None:
        return None


def race(choose: Callable[[Round], Action], rounds: int = ROUNDS, *, show_progress: bool = True) -> float:
    """The share of ``rounds`` seeded two-player rounds that ``choose`` wins against the greedy bot.

    Seats alternate, so neither side gets the first move more often.
    """
    played: list[int] = []
    learner = _Learner(choose, played)
    wins = 0
    for number in tqdm(range(rounds), desc="racing the greedy bot", disable=not show_progress, leave=False):
        played.append(number)
        seat = number % 2
        bots: list[Any] = [GreedyBot(number), GreedyBot(number)]
        bots[seat] = learner
        result = play_round(Round.deal(preset(RULES), 2, seed=number), bots)
        wins += result.winner == seat
    return wins / rounds


def _judge_bot(case: Case, choose: Any) -> str | None:
    choose(Round.deal(preset(RULES), 2, seed=0))  # an unfinished stub says so before the race starts
    try:
        share = race(choose)
    except IllegalMove as error:
        return str(error)
    if share >= TARGET:
        return None
    return say.bot_too_weak(share, ROUNDS, TARGET)


my_bot = Question(
    id="strategy-1", title="Beat the greedy bot", lesson="11_whats_next.ipynb", name="my_bot", kind="player",
    task=f"Write `my_bot(table)` that returns one of `table.legal_actions()` for the player to move "
         f"(`table.turn`). It plays {ROUNDS:,} two-player {RULES} rounds against the greedy bot, seats "
         f"alternating, and must win at least {TARGET:.0%} of them.",
    cases=[Case((), say.race_case(ROUNDS))], truth=lambda: TARGET, judge=_judge_bot,
    hints=["The greedy bot already keeps its jacks and follows its longest suit. Where can you do better? "
           "Think about what gives you the turn back.",
           f"In {RULES} with two players, a 7 cannot be answered (no stacking) and an ace skips the other "
           "player: both let you play again soon. Play them first.",
           "Rank each legal play with a tuple, e.g. (not a jack, is a 7 or an ace, cards held of the suit it "
           "leaves), and return the `max`. Draw only when there is no play."],
    solution_code=solutions.my_bot,
    explanation=f"with two players, cards that take the turn back (a 7 that cannot be answered in {RULES}, an "
                "ace that skips) are worth playing at once; after that, following the suit you hold most of "
                "and keeping jacks for emergencies wins well over half the rounds.",
)

QUESTIONS = [my_bot]
