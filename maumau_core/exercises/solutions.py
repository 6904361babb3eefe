"""Worked solutions, written the way a learner could write them: plain Python, no library.

Each function carries the name the exercise asks for, so ``solution()`` can
show its source as it would look in the learner's notebook. They are kept
apart from the questions because the questions get their right answers from
the rules engine, never from here; the tests check that both agree.
"""

from __future__ import annotations

from typing import Any

from maumau_core.engine.actions import Play

RANK_WORDS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUIT_WORDS = {
    "H": "hearts",
    "♥": "hearts",
    "D": "diamonds",
    "♦": "diamonds",
    "C": "clubs",
    "♣": "clubs",
    "S": "spades",
    "♠": "spades",
}


def card_name(text: str) -> str:
    rank, suit = text[:-1].upper(), text[-1].upper()
    return f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"


def may_play(card: str, top: str) -> bool:
    rank, suit = card[:-1], card[-1]
    return rank == "J" or rank == top[:-1] or suit == top[-1]


def after_jack(card: str, named_suit: str) -> bool:
    return card[:-1] == "J" or card[-1] == named_suit


def answers_to_seven(hand: list[str], rules: str) -> list[str]:
    if rules == "simple32":
        return []  # no stacking: the player draws 2, whatever they hold
    draw = "6" if rules == "tschau-sepp" else "7"  # the Swiss game's draw card is the 6
    return [card for card in hand if card[:-1] == draw]


def cards_to_draw(sevens: int, rules: str) -> int:
    return 2 * sevens


def after_eight(players: int, current: int, rules: str) -> int:
    if rules == "simple32":
        return (current + 1) % players  # the 8 has no power there
    return (current + 2) % players


def after_ace(players: int, current: int, rules: str) -> int:
    if rules == "classic":
        return (current + 1) % players
    if rules == "simple32":
        return (current + 2) % players
    return (current - 1) % players if players > 2 else current  # german32: the direction turns


def next_player(card: str, players: int, current: int, rules: str) -> int:
    rank = card[:-1]
    if rank == "8" and rules != "simple32":
        return after_eight(players, current, rules)
    if rank == "A":
        return after_ace(players, current, rules)
    return (current + 1) % players


def words_to_say(cards_left: int, rules: str) -> list[str]:
    one, out = {
        "classic": ("Mau", "Mau Mau"),
        "simple32": ("Mau", None),
        "german32": ("Mau", "Mau-Mau"),
        "tschau-sepp": ("Tschau", "Tschau Sepp"),
    }[rules]
    if cards_left == 1:
        return [one]
    if cards_left == 0 and out:
        return [out]
    return []


def missed_call_cost(rules: str, moment: str) -> int:
    if moment == "at once":
        return 2  # the window is open in every rule set
    if moment == "during the next turn" and rules == "classic":
        return 2  # only classic keeps it open until the next turn ends
    return 0


def hand_points(hand: list[str]) -> int:
    total = 0
    for card in hand:
        rank = card[:-1]
        total += 10 if rank in ("J", "Q", "K", "A") else int(rank)
    return total


def round_scores(hands: list[list[str]]) -> list[int]:
    return [hand_points(hand) for hand in hands]


def match_winner(sheet: list[list[int]]) -> Any:
    totals = [sum(column) for column in zip(*sheet)]
    if max(totals) < 100:
        return None  # nobody has reached 100: play on
    best = min(totals)
    leaders = [player for player, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else leaders


prediction = {"turn": 1, "pending_draw": 2, "suit": "C"}

difference = "draw_stacking"

law_text = "after K until A: black"


def my_bot(table: Any) -> Any:
    moves = table.legal_actions()
    plays = [move for move in moves if isinstance(move, Play)]
    if not plays:
        return moves[0]
    rules = table.rules
    hand = table.hands[table.turn]

    def score(move: Any) -> tuple[bool, bool, int, int]:
        card = move.cards[-1]
        wild = card.rank == rules.wild_card
        # Cards that take the turn back (a 7 the opponent cannot answer, an ace) come first,
        tempo = card.rank == rules.draw_card or card.rank.value == "A"
        # then the suit we hold most of (jacks aside), then the card worth most points.
        suit = move.suit or card.suit
        held = sum(c.suit == suit and c.rank != rules.wild_card for c in hand)
        return (not wild, tempo, held, card.points)

    return max(plays, key=score)
