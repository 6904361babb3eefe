"""Every sentence about setting up a round: the deck, the deal, who starts, and the card turned up.

The deal preview of the setting-up lesson (``widgets/previews.py``) deals a
real round with :meth:`Round.deal <maumau_core.engine.round.Round.deal>` and passes
what it found here: seats, counts, the card turned up and what kind of card
it is for the rule set (``power``, see :func:`first_card`).
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.engine.cards import Card, Rank, Suit
from maumau_core.engine.table_sentences import a_rank, a_suit, count, player_name, suit_plural
from maumau_core.i18n import N_, _, ngettext


def deal_facts(rules: str, players: int, deck: int, each: int) -> str:
    """The deck and the size of each hand for this table (104 cards: two 52-card decks mixed)."""
    if deck == 104:
        cards = _("two 52-card decks shuffled together (104 cards)")
    else:
        cards = _("one {deck}-card deck").format(deck=deck)
    return _("{rules}, {players} players: {cards}, {count} for each player.").format(
        rules=rules, players=players, cards=cards, count=count(each)
    )


def deal_order(dealer: int, order: Sequence[int], each: int) -> str:
    """Who deals, and the seats in the order they get their cards (once round the table)."""
    seats = ", ".join(player_name(seat) for seat in order)
    return ngettext(
        "{dealer} deals one card at a time, clockwise from their left ({seats}), and goes round the table once.",
        "{dealer} deals one card at a time, clockwise from their left ({seats}), and goes round the "
        "table {count} times.",
        each,
    ).format(dealer=player_name(dealer), seats=seats, count=each)


def seat_label(seat: int, dealer: int, starter: int) -> str:
    """A seat in the deal preview, with its part in this round."""
    roles = _SEAT_ROLES.get((seat == dealer, seat == starter))
    return _(roles).format(player=player_name(seat)) if roles else player_name(seat)


_SEAT_ROLES = {
    (True, True): N_("{player} (deals and plays first)"),
    (True, False): N_("{player} (deals)"),
    (False, True): N_("{player} (plays first)"),
}


def card_counts(in_hands: int, turned_up: int, stock: int) -> str:
    """Where the cards of the deck are after the deal."""
    return _(
        "In the hands: {in_hands}. Turned up to start the discard pile: {turned_up}. Face down in the stock: {stock}."
    ).format(in_hands=count(in_hands), turned_up=count(turned_up), stock=count(stock))


def next_round(dealer: int) -> str:
    """Said when the next round is dealt at the same table."""
    return _("Next round: the deal moves one seat to the left, so {dealer} deals now.").format(
        dealer=player_name(dealer)
    )


def first_card(card: Card, power: str, starter: int, *, rank: Rank | None = None, suit: Suit | None = None) -> str:
    """What the card turned up does. ``power`` is what the card is in this rule set:

    ``"wild"`` (the dealer named ``suit``; ``rank`` is the wild rank), ``"draw"``, ``"skip"``, ``"ace"`` (a special card
    that does nothing when turned up; ``rank`` is its rank), ``"acts"`` (the table's house rule
    lets it act on the first player), ``"plain"`` (an ordinary card) or ``"mao"`` (Mao: no card
    has a power, and no word or law is set off by the card turned up).
    """
    first = player_name(starter)
    name = _("The first card turned up is {card}.").format(card=card.local_symbol)
    if power == "wild":
        return _(
            "{name} It is wild, so the dealer names the suit: here {suit}, the suit the dealer holds most "
            "of. {first} must play {a_suit} or {a_rank}."
        ).format(name=name, suit=suit_plural(suit), first=first, a_suit=a_suit(suit), a_rank=a_rank(rank))
    if power in ("draw", "skip", "ace"):
        calm = {
            "draw": _("nobody draws"),
            "skip": _("nobody is skipped"),
            "ace": _("nobody is skipped and the direction does not change"),
        }[power]
        return _(
            "{name} Turned up, {a_rank} has no power: {calm}. {first} plays first as usual, matching "
            "its rank or its suit."
        ).format(name=name, a_rank=a_rank(rank), calm=calm, first=first)
    if power == "acts":
        return _(
            "{name} At this table a special card turned up acts on the first player, as if it had been played."
        ).format(name=name)
    if power == "mao":
        return _(
            "{name} In Mao the card turned up sets nothing off: nobody has to say a word for it, and "
            "the secret law only judges cards that are played. {first} plays first."
        ).format(name=name, first=first)
    return _("{name} It is an ordinary card: {first} plays first and must match its rank or its suit.").format(
        name=name, first=first
    )
