"""Exercises on points: a hand, a round, and a match with a tie (lesson 05)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from maumau_core.engine.actions import play
from maumau_core.engine.cards import Card, make_deck
from maumau_core.engine.match import Match
from maumau_core.engine.round import Round, RoundResult
from maumau_core.engine.rules import preset
from maumau_core.exercises import solutions
from maumau_core.exercises.question import Case, Misconception, Question
from maumau_core.i18n import N_
from maumau_core.sentences import exercises as say

LESSON = "08_scoring_and_matches.ipynb"


def _hand_points(hand: list[str]) -> int:
    return sum(Card.parse(text).points for text in hand)


def _round_scores(hands: list[list[str]]) -> list[int]:
    """Let the player with the empty hand go out with one last card, and read the round's scores."""
    held = [[Card.parse(text) for text in hand] for hand in hands]
    winner = next(seat for seat, hand in enumerate(held) if not hand)
    used = {card for hand in held for card in hand}
    free = [card for card in make_deck(52) if card not in used]
    last = free[0]
    top = next(card for card in free[1:] if card.suit is last.suit)
    held[winner] = [last]
    stock = [card for card in free if card is not last and card is not top]
    round_ = Round(preset("classic"), held, [top], stock, turn=winner)
    round_.apply(play(winner, last, say=round_.required_words(winner, [last])))
    assert round_.result is not None
    return list(round_.result.scores)


def _match_winner(sheet: list[list[int]]) -> Any:
    """Record each round of a classic match; the winner, None to play on, or the tied leaders."""
    match = Match(preset("classic"), len(sheet[0]))
    for scores in sheet:
        winner = scores.index(0) if 0 in scores else None
        match.record(RoundResult(winner, winner is None, "out", tuple(scores)))
    if match.over:
        return match.winners[0] if len(match.winners) == 1 else list(match.winners)
    return list(match.seats) if match.tiebreak else None


# The misconceptions below are the wrong ideas written as code, as a beginner holding them would.


def _points_with(hand: list[str], values: dict[str, int]) -> int:
    """A hand counted with some ranks given other values than the rules give them."""
    return sum(values.get(text[:-1].upper(), Card.parse(text).points) for text in hand)


def _ace_as_one(hand: list[str]) -> int:
    return _points_with(hand, {"A": 1})


def _pictures_by_rank(hand: list[str]) -> int:
    return _points_with(hand, {"J": 11, "Q": 12, "K": 13, "A": 14})


def _cards_counted(hand: list[str]) -> int:
    return len(hand)


def _each_hand(count: Callable[[list[str]], int]) -> Callable[[list[list[str]]], list[int]]:
    """A round scored hand by hand with a wrong way of counting one hand."""
    return lambda hands: [count(hand) for hand in hands]


def _winner_collects(hands: list[list[str]]) -> list[int]:
    total = sum(_hand_points(hand) for hand in hands)
    return [total if not hand else 0 for hand in hands]


def _totals(sheet: list[list[int]]) -> list[int]:
    return [sum(column) for column in zip(*sheet)]


def _highest_wins(sheet: list[list[int]]) -> Any:
    totals = _totals(sheet)
    if max(totals) < 100:
        return None
    leaders = [seat for seat, total in enumerate(totals) if total == max(totals)]
    return leaders[0] if len(leaders) == 1 else leaders


def _must_pass_target(sheet: list[list[int]]) -> Any:
    return _match_winner(sheet) if max(_totals(sheet)) > 100 else None


def _tie_to_the_first(sheet: list[list[int]]) -> Any:
    found = _match_winner(sheet)
    return found[0] if isinstance(found, list) else found


def _last_round_winner(sheet: list[list[int]]) -> Any:
    return sheet[-1].index(0) if max(_totals(sheet)) >= 100 else None


#: Rules said by more than one misconception (each sentence lives once).
ACE_COUNTS_TEN = N_("at the end of a round an ace counts 10, like the picture cards, not 1.")
PICTURES_COUNT_TEN = N_(
    "jacks, queens, kings and aces count 10 each, whatever their order in the deck; only number "
    "cards count their number."
)
POINTS_NOT_CARDS = N_("a hand scores the points of its cards, not the number of cards it holds.")


hand_points = Question(
    id="scoring-1",
    title=N_("Points in a hand"),
    lesson=LESSON,
    name="hand_points",
    task=N_(
        "Write `hand_points(hand)`: the points of the cards left in a hand at the end of a round (classic scoring)."
    ),
    cases=[
        Case((hand,), say.hand_case(hand))
        for hand in (["AH", "KD", "7C"], ["10S", "2H"], [], ["JC", "QC", "9D"], ["3S", "3H", "AD", "5C"])
    ],
    truth=_hand_points,
    rule=N_("number cards count their number; aces and picture cards count 10 each; a hand scores the sum."),
    misconceptions=[
        Misconception("ace-as-one", ACE_COUNTS_TEN, _ace_as_one),
        Misconception("pictures-by-rank", PICTURES_COUNT_TEN, _pictures_by_rank),
        Misconception("cards-not-points", POINTS_NOT_CARDS, _cards_counted),
    ],
    hints=[
        N_("Every card is worth its number; picture cards and aces are worth more."),
        N_("Aces, kings, queens and jacks count 10 each."),
        N_("Add up the cards one by one in a loop; an empty hand is worth 0."),
    ],
    solution_code=solutions.hand_points,
    explanation=N_(
        "number cards count their number, aces and picture cards 10; the sum is what the hand's "
        "owner scores (and in classic, low is good)."
    ),
)

round_scores = Question(
    id="scoring-2",
    title=N_("A round's scores"),
    lesson=LESSON,
    name="round_scores",
    task=N_(
        "A round has just ended: `hands` lists every player's cards, and the winner's hand is empty. "
        "Write `round_scores(hands)` that returns each player's score for the round, in seat order."
    ),
    cases=[
        Case((hands,), say.hands_case(hands))
        for hands in ([[], ["AH", "7C"], ["KD"]], [["2S", "3S"], [], ["JH", "QH", "KH", "AH"]], [["9D"], []])
    ],
    truth=_round_scores,
    rule=N_(
        "when a player goes out, every other player scores the points of the cards left in their own hand, and "
        "the winner scores 0."
    ),
    misconceptions=[
        Misconception(
            "winner-collects",
            N_(
                "in classic nobody collects the others' points: each player scores "
                "what is left in their own hand, so the winner scores 0."
            ),
            _winner_collects,
        ),
        Misconception("cards-not-points", POINTS_NOT_CARDS, _each_hand(_cards_counted)),
        Misconception("ace-as-one", ACE_COUNTS_TEN, _each_hand(_ace_as_one)),
        Misconception("pictures-by-rank", PICTURES_COUNT_TEN, _each_hand(_pictures_by_rank)),
    ],
    hints=[
        N_("The winner scores nothing; everyone else scores the cards they are left holding."),
        N_("You already know how to count one hand: use it for each hand in turn."),
        N_("A list comprehension over `hands` gives the scores in seat order."),
    ],
    solution_code=solutions.round_scores,
    explanation=N_(
        "when a player goes out, the others score the points of the cards they still hold, and the winner scores 0."
    ),
)

match_winner = Question(
    id="scoring-3",
    title=N_("Who wins the match?"),
    lesson=LESSON,
    name="match_winner",
    task=N_(
        "`sheet` is a classic match's score sheet: one list of scores per round. The match ends when a total "
        "reaches 100, and the lowest total wins. Write `match_winner(sheet)`: the winner's seat, None if play "
        "goes on, or the list of tied players when the lowest total is shared (they play an extra round)."
    ),
    cases=[
        Case((sheet,), say.sheet_case(sheet))
        for sheet in (
            [[0, 30, 45], [12, 0, 60]],
            [[0, 20, 35], [25, 0, 40]],
            [[0, 40, 60], [50, 0, 45]],
            [[0, 30, 60], [30, 0, 50]],
            [[0, 10, 12, 20], [80, 0, 70, 95]],
            [[0, 50, 40], [60, 0, 60]],
        )
    ],
    truth=_match_winner,
    rule=N_(
        "a classic match ends as soon as a total reaches 100; then the lowest total wins, and a lowest total "
        "shared by several players sends them to an extra round."
    ),
    misconceptions=[
        Misconception(
            "highest-total-wins",
            N_("in classic points are bad: when the match ends, the lowest total wins."),
            _highest_wins,
        ),
        Misconception(
            "total-must-pass-100",
            N_(
                "in classic a total that reaches 100 ends the match; it need not go past 100 (that is german32's rule)."
            ),
            _must_pass_target,
        ),
        Misconception(
            "tie-goes-to-the-first",
            N_(
                "a lowest total shared by several players wins nobody the match "
                "yet: the tied players play an extra round, so all of them are named."
            ),
            _tie_to_the_first,
        ),
        Misconception(
            "last-round-decides",
            N_("the match is decided by the totals of all its rounds, not by who went out in the last one."),
            _last_round_winner,
        ),
    ],
    hints=[
        N_("First add up each player's points over all the rounds; everything else is decided on those totals."),
        N_("If no total has reached 100 yet, the match goes on: return None."),
        N_(
            "Otherwise find the lowest total; if more than one player has it, return all of them in a list. "
            "`zip(*sheet)` turns the rows of the sheet into one column per player."
        ),
    ],
    solution_code=solutions.match_winner,
    explanation=N_(
        "points pile up until someone reaches the target; then the lowest total wins, and a shared "
        "lowest total is settled by an extra round among the tied players."
    ),
)

QUESTIONS = [hand_points, round_scores, match_winner]
