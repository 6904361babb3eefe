"""Every sentence about setting up a round: the deck, the deal, who starts, and the card turned up.

The deal preview of the setting-up lesson (``widgets/previews.py``) deals a
real round with :meth:`Round.deal <maumau_core.round.Round.deal>` and passes
what it found here: seats, counts, the card turned up and what kind of card
it is for the rule set (``power``, see :func:`first_card`).
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.cards import Card, Rank, Suit
from maumau_core.sentences.table import a_rank, count, player_name, suit_one, suit_plural


def deal_facts(rules: str, players: int, deck: int, each: int) -> str:
    """The deck and the size of each hand for this table (104 cards: two 52-card decks mixed)."""
    if deck == 104:
        cards = "two 52-card decks shuffled together (104 cards)"
    else:
        cards = f"one {deck}-card deck"
    return f"{rules}, {players} players: {cards}, {count(each)} for each player."


def deal_order(dealer: int, order: Sequence[int], each: int) -> str:
    """Who deals, and the seats in the order they get their cards (once round the table)."""
    seats = ", ".join(player_name(seat) for seat in order)
    times = "once" if each == 1 else "twice" if each == 2 else f"{each} times"
    return (f"{player_name(dealer)} deals one card at a time, clockwise from their left ({seats}), "
            f"and goes round the table {times}.")


def seat_label(seat: int, dealer: int, starter: int) -> str:
    """A seat in the deal preview, with its part in this round."""
    parts = ["deals" if seat == dealer else "", "plays first" if seat == starter else ""]
    roles = " and ".join(part for part in parts if part)
    return f"{player_name(seat)} ({roles})" if roles else player_name(seat)


def card_counts(in_hands: int, turned_up: int, stock: int) -> str:
    """Where the cards of the deck are after the deal."""
    return (f"In the hands: {count(in_hands)}. Turned up to start the discard pile: {count(turned_up)}. "
            f"Face down in the stock: {count(stock)}.")


def next_round(dealer: int) -> str:
    """Said when the next round is dealt at the same table."""
    return f"Next round: the deal moves one seat to the left, so {player_name(dealer)} deals now."


def first_card(card: Card, power: str, starter: int, *, rank: Rank | None = None, suit: Suit | None = None) -> str:
    """What the card turned up does. ``power`` is what the card is in this rule set:

    ``"wild"`` (the dealer named ``suit``; ``rank`` is the wild rank), ``"draw"``, ``"skip"``, ``"ace"`` (a special card
    that does nothing when turned up; ``rank`` is its rank), ``"acts"`` (the table's house rule
    lets it act on the first player), ``"plain"`` (an ordinary card) or ``"mao"`` (Mao: no card
    has a power, and no word or law is set off by the card turned up).
    """
    first = player_name(starter)
    name = f"The first card turned up is {card.symbol}."
    if power == "wild":
        return (f"{name} It is wild, so the dealer names the suit: here {suit_plural(suit)}, the suit the "
                f"dealer holds most of. {first} must play a {suit_one(suit)} or {a_rank(rank)}.")
    if power in ("draw", "skip", "ace"):
        calm = {"draw": "nobody draws", "skip": "nobody is skipped",
                "ace": "nobody is skipped and the direction does not change"}[power]
        return (f"{name} Turned up, {a_rank(rank)} has no power: {calm}. {first} plays first as usual, "
                f"matching its rank or its suit.")
    if power == "acts":
        return f"{name} At this table a special card turned up acts on the first player, as if it had been played."
    if power == "mao":
        return (f"{name} In Mao the card turned up sets nothing off: nobody has to say a word for it, "
                f"and the secret law only judges cards that are played. {first} plays first.")
    return f"{name} It is an ordinary card: {first} plays first and must match its rank or its suit."
