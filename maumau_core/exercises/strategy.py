"""The bot-writing exercise: a policy that beats the greedy bot over many seeded rounds (lesson 07)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play
from maumau_core.engine.bots import GreedyBot, play_round
from maumau_core.engine.cards import Rank
from maumau_core.engine.round import Round
from maumau_core.engine.rules import preset
from maumau_core.engine.situations import table
from maumau_core.exercises import solutions
from maumau_core.exercises.question import Case, Misconception, Question, WrongShape
from maumau_core.i18n import N_, number, percent
from maumau_core.sentences import exercises as say

RULES = "simple32"
ROUNDS = 2_000
TARGET = 0.55


class IllegalMove(WrongShape):
    """The learner's bot chose a move the rules refuse: the bot cannot be raced, whatever its strategy."""


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
    from tqdm.auto import tqdm  # here, not at the top: every page imports this module, only a race needs tqdm

    played: list[int] = []
    learner = _Learner(choose, played)
    wins = 0
    for round_no in tqdm(range(rounds), desc="racing the greedy bot", disable=not show_progress, leave=False):
        played.append(round_no)
        seat = round_no % 2
        bots: list[Any] = [GreedyBot(round_no), GreedyBot(round_no)]
        bots[seat] = learner
        result = play_round(Round.deal(preset(RULES), 2, seed=round_no), bots)
        wins += result.winner == seat
    return wins / rounds


def _judge_bot(case: Case, choose: Any) -> str | None:
    choose(Round.deal(preset(RULES), 2, seed=0))  # an unfinished stub says so before the race starts
    share = race(choose)  # an illegal move raises, and its sentence is said alone
    if share >= TARGET:
        return None
    return say.bot_too_weak(share, ROUNDS, TARGET)


def _move_kind(action: Any) -> str:
    """What a move means to a strategy: a jack, a card that takes the turn back, another card, or no play."""
    if not isinstance(action, Play):
        return "no play"
    rank, rules = action.cards[-1].rank, preset(RULES)
    if rank == rules.wild_card:
        return "jack"
    return "tempo" if rank in (rules.draw_card, Rank.ACE) else "plain"


def _probe(hand: list[str], top: str) -> Case:
    """A table where the bot, holding ``hand``, may choose between kinds of move: it reveals a habit."""
    return Case((table(preset(RULES), hand, top),), say.hand_case(hand, RULES))


def _preferring(kind: str) -> Callable[[Round], Action]:
    """A bot with one habit: it plays a card of ``kind`` whenever it may, and otherwise the first play."""

    def choose(round_: Round) -> Action:
        moves = round_.legal_actions()
        plays = [move for move in moves if isinstance(move, Play)]
        return max(plays, key=lambda move: _move_kind(move) == kind) if plays else moves[0]

    return choose


my_bot = Question(
    id="strategy-1",
    title=N_("Beat the greedy bot"),
    lesson="15_strategy_lab.ipynb",
    name="my_bot",
    kind="player",
    task=N_(
        "Write `my_bot(table)` that returns one of `table.legal_actions()` for the player to move "
        "(`table.turn`). It plays {rounds} two-player {rules} rounds against the greedy bot, seats "
        "alternating, and must win at least {target} of them."
    ),
    words=lambda: {"rounds": number(ROUNDS), "rules": RULES, "target": percent(TARGET)},
    cases=[Case((), say.race_case(ROUNDS))],
    truth=lambda: TARGET,
    judge=_judge_bot,
    rule=N_(
        "with two players in {rules}, a card that gives you the turn back is worth playing early, and a jack "
        "is worth keeping for when nothing else fits."
    ),
    canonical=_move_kind,
    misconceptions=[
        Misconception(
            "spends-jacks-early",
            N_(
                "a jack fits on anything, so it is the card that saves you when "
                "nothing else fits; played while other cards still fit, it is wasted."
            ),
            _preferring("jack"),
            cases=[_probe(["JH", "9C", "KD"], "9S"), _probe(["JS", "QH", "8H"], "10H")],
        ),
        Misconception(
            "tempo-cards-kept",
            N_(
                "with two players in {rules}, a 7 (which nothing answers) and an ace "
                "(which skips) both give you the next move as well: play them while you can."
            ),
            _preferring("plain"),
            cases=[_probe(["7S", "QS", "KH"], "10S"), _probe(["AD", "9D", "8C"], "10D")],
        ),
    ],
    hints=[
        N_(
            "The greedy bot already keeps its jacks and follows its longest suit. Where can you do better? "
            "Think about what gives you the turn back."
        ),
        N_(
            "In {rules} with two players, a 7 cannot be answered (no stacking) and an ace skips the other "
            "player: both let you play again soon. Play them first."
        ),
        N_(
            "Rank each legal play with a tuple, e.g. (not a jack, is a 7 or an ace, cards held of the suit it "
            "leaves), and return the `max`. Draw only when there is no play."
        ),
    ],
    solution_code=solutions.my_bot,
    explanation=N_(
        "with two players, cards that take the turn back (a 7 that cannot be answered in {rules}, an "
        "ace that skips) are worth playing at once; after that, following the suit you hold most of "
        "and keeping jacks for emergencies wins well over half the rounds."
    ),
)

QUESTIONS = [my_bot]
