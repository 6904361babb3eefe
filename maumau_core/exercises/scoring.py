"""Exercises on points: a hand, a round, and a match with a tie (lesson 05)."""

from __future__ import annotations

from typing import Any

from maumau_core.actions import play
from maumau_core.cards import Card, make_deck
from maumau_core.exercises import solutions
from maumau_core.exercises.question import Case, Question
from maumau_core.match import Match
from maumau_core.round import Round, RoundResult
from maumau_core.rules import preset
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


hand_points = Question(
    id="scoring-1", title="Points in a hand", lesson=LESSON, name="hand_points",
    task="Write `hand_points(hand)`: the points of the cards left in a hand at the end of a round "
         "(classic scoring).",
    cases=[Case((hand,), say.hand_case(hand)) for hand in (
        ["AH", "KD", "7C"], ["10S", "2H"], [], ["JC", "QC", "9D"], ["3S", "3H", "AD", "5C"])],
    truth=_hand_points,
    hints=["Every card is worth its number; picture cards and aces are worth more.",
           "Aces, kings, queens and jacks count 10 each.",
           "Add up the cards one by one in a loop; an empty hand is worth 0."],
    solution_code=solutions.hand_points,
    explanation="number cards count their number, aces and picture cards 10; the sum is what the hand's "
                "owner scores (and in classic, low is good).",
)

round_scores = Question(
    id="scoring-2", title="A round's scores", lesson=LESSON, name="round_scores",
    task="A round has just ended: `hands` lists every player's cards, and the winner's hand is empty. "
         "Write `round_scores(hands)` that returns each player's score for the round, in seat order.",
    cases=[Case((hands,), say.hands_case(hands)) for hands in (
        [[], ["AH", "7C"], ["KD"]], [["2S", "3S"], [], ["JH", "QH", "KH", "AH"]], [["9D"], []])],
    truth=_round_scores,
    hints=["The winner scores nothing; everyone else scores the cards they are left holding.",
           "You already know how to count one hand: use it for each hand in turn.",
           "A list comprehension over `hands` gives the scores in seat order."],
    solution_code=solutions.round_scores,
    explanation="when a player goes out, the others score the points of the cards they still hold, and the "
                "winner scores 0.",
)

match_winner = Question(
    id="scoring-3", title="Who wins the match?", lesson=LESSON, name="match_winner",
    task="`sheet` is a classic match's score sheet: one list of scores per round. The match ends when a total "
         "reaches 100, and the lowest total wins. Write `match_winner(sheet)`: the winner's seat, None if play "
         "goes on, or the list of tied players when the lowest total is shared (they play an extra round).",
    cases=[Case((sheet,), say.sheet_case(sheet)) for sheet in (
        [[0, 30, 45], [12, 0, 60]], [[0, 20, 35], [25, 0, 40]], [[0, 40, 60], [50, 0, 45]],
        [[0, 30, 60], [30, 0, 50]], [[0, 10, 12, 20], [80, 0, 70, 95]])],
    truth=_match_winner,
    hints=["First add up each player's column: `zip(*sheet)` turns rows into columns.",
           "If no total has reached 100 yet, the match goes on: return None.",
           "Otherwise find the lowest total; if more than one player has it, return all of them in a list."],
    solution_code=solutions.match_winner,
    explanation="points pile up until someone reaches the target; then the lowest total wins, and a shared "
                "lowest total is settled by an extra round among the tied players.",
)

QUESTIONS = [hand_points, round_scores, match_winner]
