"""A batch simulator: thousands of Mau Mau rounds at once, whole tables as numpy arrays.

The per-round engine explains every move; this one only counts. Each hand is
a 64-bit mask of card numbers (deck order), so "which cards may I play" is
one AND with a precomputed mask of what fits the top card, for every table
at once. It plays the four Mau Mau presets as dealt (no house-rule changes)
with the lab's policies: ``greedy`` (the first legal card in deck order,
jacks naming the first suit; the per-round ``FirstCardBot``), ``random``
(uniform over the legal actions the engine lists, a jack counting once per
suit it can name; the per-round ``RandomBot``), and every tip bot
(:mod:`maumau_core.lab.batch_policies`), one policy per seat if asked. Tests
check that both engines play the same rounds on the same deals, give the
same statistics, and that no card is ever lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from maumau_core.engine.bots import RandomBot
from maumau_core.engine.cards import Rank, Suit, make_deck
from maumau_core.engine.rules import Rules
from maumau_core.errors import BadOption
from maumau_core.lab.batch_policies import GREEDY, RANDOM, Policy, Table, policy_of
from maumau_core.lab.standing import Standing, wilson

POLICIES = {"greedy": GREEDY, "random": RANDOM}
SUPPORTED = ("classic", "simple32", "german32", "tschau-sepp")

#: Deals played at once by :func:`tournament_on_batch` between two progress reports (and early-stop checks).
BATCH_DEALS = 250

_ONE = np.uint64(1)


@dataclass(frozen=True)
class BatchResult:
    """Per table: the winner (-1 for a void round), turns played, points left per seat, and whether the
    stock ran dry (a reshuffle happened)."""

    winners: np.ndarray
    turns: np.ndarray
    points: np.ndarray
    ran_dry: np.ndarray

    def win_rates(self) -> np.ndarray:
        players = self.points.shape[1]
        return np.array([(self.winners == seat).mean() for seat in range(players)])


class _Deck:
    """Bit masks of the cards of one deck, by rank, suit and power."""

    def __init__(self, rules: Rules, players: int) -> None:
        cards = make_deck(rules.deck_size(players))
        if len(cards) > 64:
            raise BadOption("The batch simulator plays one deck of at most 64 cards.")
        self.size = len(cards)
        self.rank = np.array([list(Rank).index(card.rank) for card in cards])
        self.suit = np.array([list(Suit).index(card.suit) for card in cards])
        self.points = np.array([card.points for card in cards])
        bit = [_ONE << np.uint64(i) for i in range(self.size)]

        def mask(test: list[bool]) -> np.uint64:
            return np.uint64(
                np.bitwise_or.reduce(
                    np.array([b for b, keep in zip(bit, test) if keep], dtype=np.uint64), initial=np.uint64(0)
                )
            )

        self.by_rank = np.array([mask([r == rank for r in self.rank]) for rank in range(len(Rank))], dtype=np.uint64)
        self.by_suit = np.array([mask([s == suit for s in self.suit]) for suit in range(4)], dtype=np.uint64)
        self.wild = mask([card.rank is rules.wild_card for card in cards])
        self.draw = mask([card.rank is rules.draw_card for card in cards])
        self.skip = mask([card.rank is rules.skip_card for card in cards])
        self.ace = mask([card.rank is Rank.ACE for card in cards])
        self.is_wild = np.array([card.rank is rules.wild_card for card in cards])
        self.is_draw = np.array([card.rank is rules.draw_card for card in cards])
        self.is_skip = np.array([card.rank is rules.skip_card for card in cards])


def _lowest(bits: np.ndarray) -> np.ndarray:
    """The number of the lowest set bit of each (non-zero) mask."""
    low = bits & (~bits + _ONE)
    return np.log2(low.astype(np.float64)).astype(np.int64)


def _nth_bit(bits: np.ndarray, nth: np.ndarray) -> np.ndarray:
    """The number of the ``nth`` (from 0) set bit of each mask: clear the lowest bit ``nth`` times."""
    bits = bits.copy()
    for step in range(int(nth.max(initial=0))):
        bits = np.where(nth > step, bits & (bits - _ONE), bits)
    return _lowest(bits)


def _unpack(bits: np.ndarray, size: int) -> np.ndarray:
    """Masks as booleans [n, size], card i at column i."""
    return np.unpackbits(bits.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")[:, :size]


def simulate(
    rules: Rules,
    players: int,
    tables: int,
    *,
    policy: str | Sequence[Policy] = "greedy",
    seating: np.ndarray | None = None,
    seed: int = 0,
    check: bool = False,
    orders: np.ndarray | None = None,
    deals: np.ndarray | None = None,
) -> BatchResult:
    """Play ``tables`` rounds of ``rules`` at once, every seat following ``policy`` (a name of
    :data:`POLICIES`), or, given several policies, seat ``s`` of table ``t`` following
    ``policy[seating[t, s]]``.

    ``check`` verifies after every step that every card is in exactly one place (slow; for tests).
    ``orders`` gives each table's shuffled deck as card numbers (to replay deals the engine made).
    ``deals`` numbers each table's deal: tables of the same deal reshuffle the pile alike (as the engine
    does for a deal replayed from its seed), so a deal played once per seating stays one deal throughout.
    """
    if not supports(rules, players):
        raise BadOption(f"The batch simulator plays the presets {', '.join(SUPPORTED)} as dealt.")
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise BadOption(f"Unknown policy {policy!r}: use {' or '.join(POLICIES)}.")
        policy = [POLICIES[policy]]
    policies = list(policy)
    seats = np.zeros((tables, players), dtype=np.int64) if seating is None else np.asarray(seating)
    deck = _Deck(rules, players)
    rng = np.random.default_rng(seed)
    t = np.arange(tables)
    size, hand_size = deck.size, rules.deal_size(players)
    order = rng.permuted(np.tile(np.arange(size), (tables, 1)), axis=1) if orders is None else np.asarray(orders)
    card_bits = _ONE << order.astype(np.uint64)
    hands = np.zeros((tables, players), dtype=np.uint64)
    for i in range(hand_size * players):
        hands[:, (1 + i) % players] |= card_bits[:, i]  # one at a time from the dealer's left (dealer: seat 0)
    top = order[:, hand_size * players].copy()
    stock = order[:, hand_size * players + 1 :].copy()
    stock_len = np.full(tables, stock.shape[1])
    stock = np.concatenate([stock, np.full((tables, size - stock.shape[1]), -1)], axis=1)
    stock_pos = np.zeros(tables, dtype=np.int64)
    discard = np.zeros(tables, dtype=np.uint64)  # the pile under the top card
    named = np.full(tables, -1)
    turned_wild = (deck.wild >> top.astype(np.uint64)) & _ONE == _ONE
    held = np.stack([np.bitwise_count(hands[:, 0] & deck.by_suit[s]) for s in range(4)], axis=1)
    named[turned_wild] = held[turned_wild].argmax(axis=1)  # the dealer names the suit they hold most of
    turn = np.full(tables, 1 % players)
    direction = np.ones(tables, dtype=np.int64)
    pending = np.zeros(tables, dtype=np.int64)
    drawn = np.full(tables, -1)
    idle = np.zeros(tables, dtype=np.int64)
    turns = np.zeros(tables, dtype=np.int64)
    winners = np.full(tables, -1)
    ran_dry = np.zeros(tables, dtype=bool)
    shuffles = np.zeros(tables, dtype=np.int64)
    active = np.ones(tables, dtype=bool)
    stacking, draw_count = rules.draw_stacking, rules.draw_count

    def give(rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """One card from the stock to each (row, seat), reshuffling the pile when the stock is empty."""
        empty = rows[stock_pos[rows] >= stock_len[rows]]
        for row in empty:
            pile = np.flatnonzero(_unpack(discard[row : row + 1], size)[0])
            if len(pile):
                luck = rng if deals is None else np.random.default_rng([seed, int(deals[row]), int(shuffles[row])])
                stock[row, : len(pile)] = luck.permutation(pile)
                shuffles[row] += 1
                stock_len[row], stock_pos[row], discard[row] = len(pile), 0, np.uint64(0)
                ran_dry[row] = True
        has: np.ndarray = stock_pos[rows] < stock_len[rows]
        rows, seats = rows[has], seats[has]
        cards = stock[rows, stock_pos[rows]]
        stock_pos[rows] += 1
        hands[rows, seats] |= _ONE << cards.astype(np.uint64)
        return has

    while active.any():
        rows = t[active]
        p = turn[rows]
        hand = hands[rows, p]
        topc = top[rows]
        follow = np.where(named[rows] >= 0, named[rows], deck.suit[topc])
        fits = deck.by_rank[deck.rank[topc]] | deck.by_suit[follow] | deck.wild
        playable = np.where(pending[rows] > 0, hand & deck.draw if stacking else np.uint64(0), hand & fits)
        holding = drawn[rows] >= 0
        playable = np.where(holding, _ONE << np.maximum(drawn[rows], 0).astype(np.uint64), playable)
        can_play = playable != 0
        can_draw = ~holding & ((pending[rows] > 0) | rules.draw_when_able | ~can_play)
        plays = np.zeros(len(rows), dtype=bool)
        card = np.full(len(rows), -1)
        suit = np.zeros(len(rows), dtype=np.int64)
        who = seats[rows, p]
        for number, chooser in enumerate(policies):
            mine = who == number
            if not mine.any():
                continue
            if chooser.random:
                plays[mine], card[mine], suit[mine] = _random_choice(
                    rng, deck, playable[mine], can_draw[mine], holding[mine] & rules.keep_drawn
                )
            else:
                plays[mine], card[mine], suit[mine] = _best_choice(
                    chooser,
                    deck,
                    hands,
                    discard,
                    top,
                    rows[mine],
                    p[mine],
                    direction[rows[mine]],
                    pending[rows[mine]],
                    playable[mine],
                    can_draw[mine],
                )
        steps = np.ones(len(rows), dtype=np.int64)
        acted = plays.copy()
        # ---- plays
        pr, pp, pc = rows[plays], p[plays], card[plays]
        bits = _ONE << pc.astype(np.uint64)
        hands[pr, pp] &= ~bits
        discard[pr] |= _ONE << top[pr].astype(np.uint64)
        top[pr] = pc
        drawn[pr] = -1
        is_wild = (deck.wild & bits) != 0
        named[pr] = np.where(is_wild, suit[plays], -1)
        pending[pr] += np.where((deck.draw & bits) != 0, draw_count, 0)
        play_steps = np.where((deck.skip & bits) != 0, 2, 1)
        is_ace = (deck.ace & bits) != 0
        if rules.ace == "skip":
            play_steps = np.where(is_ace, 2, play_steps)
        elif rules.ace == "reverse":
            direction[pr] = np.where(is_ace, -direction[pr], direction[pr])
            play_steps = np.where(is_ace & (players == 2), 2, play_steps)
        steps[plays] = play_steps
        out = hands[pr, pp] == 0
        winners[pr[out]] = pp[out]
        active[pr[out]] = False
        # ---- draws: a waiting penalty, or one card that may be played at once
        draws = ~plays & can_draw
        owed = draws & (pending[rows] > 0)
        ow_rows, ow_seats = rows[owed], p[owed]
        for _ in range(int(pending[ow_rows].max(initial=0))):
            still = pending[ow_rows] > 0
            got = give(ow_rows[still], ow_seats[still])
            acted[np.flatnonzero(owed)[still][got]] = True
            pending[ow_rows[still]] -= 1
        pending[ow_rows] = 0
        single = draws & ~owed
        s_rows, s_seats = rows[single], p[single]
        before = hands[s_rows, s_seats]
        got = give(s_rows, s_seats)
        acted[np.flatnonzero(single)[got]] = True
        new = hands[s_rows, s_seats] & ~before
        top_s = top[s_rows]
        follow_s = np.where(named[s_rows] >= 0, named[s_rows], deck.suit[top_s])
        fits_s = deck.by_rank[deck.rank[top_s]] | deck.by_suit[follow_s] | deck.wild
        keep_turn = (new & fits_s) != 0  # the drawn card fits: play it now (or pass, where it may be kept)
        drawn[s_rows[keep_turn]] = _lowest(new[keep_turn])
        # ---- end of turn for everyone but a player holding a freshly drawn card
        ending = np.ones(len(rows), dtype=bool)
        ending[np.flatnonzero(single)[keep_turn]] = False
        ending &= active[rows]
        passes = holding & ~plays
        drawn[rows[passes]] = -1
        e_rows = rows[ending]
        idle[e_rows] = np.where(acted[ending] | passes[ending], 0, idle[e_rows] + 1)
        turn[e_rows] = (turn[e_rows] + direction[e_rows] * steps[ending]) % players
        turns[e_rows] += 1
        void = e_rows[idle[e_rows] >= players]
        active[void] = False
        if check:
            _check_conservation(hands, discard, top, stock, stock_pos, stock_len, size)
    left = np.stack([_unpack(hands[:, seat], size) @ deck.points for seat in range(players)], axis=1)
    return BatchResult(winners, turns, left, ran_dry)


def supports(rules: Rules, players: int) -> bool:
    """Can the batch simulator play these rules (a Mau Mau preset as dealt, one deck of at most 64 cards)?"""
    return rules.name in SUPPORTED and not rules.changes() and rules.deck_size(players) <= 64


def tournament_on_batch(
    names: Sequence[str],
    rules: Rules,
    bots: dict[str, Callable[[int], RandomBot]],
    *,
    deals: int,
    seed: int,
    stop_at: float | None,
    progress: Callable[[float], None] | None,
) -> list[Standing] | None:
    """:func:`~maumau_core.lab.tournament.tournament` on the batch simulator, :data:`BATCH_DEALS` deals at a
    time; None when a bot has no batch policy or the rules are beyond the batch (the engine plays those)."""
    players = len(names)
    found = [policy_of(bots[name]) for name in names]
    policies = [policy for policy in found if policy is not None]
    if len(policies) < players or not supports(rules, players):
        return None
    size = rules.deck_size(players)
    rotations = (np.arange(players)[None, :] + np.arange(players)[:, None]) % players  # shift -> seat -> bot
    wins, points, rounds = np.zeros(players, dtype=np.int64), np.zeros(players), np.zeros(players, dtype=np.int64)
    moves = played = 0
    for start in range(0, deals, BATCH_DEALS):
        if progress is not None:
            progress(start / deals)
        count = min(BATCH_DEALS, deals - start)
        rng = np.random.default_rng([seed, start])
        orders = np.repeat(rng.permuted(np.tile(np.arange(size), (count, 1)), axis=1), players, axis=0)
        seating = np.tile(rotations, (count, 1))
        result = simulate(
            rules,
            players,
            count * players,
            policy=policies,
            seating=seating,
            orders=orders,
            deals=np.repeat(np.arange(count), players),
            seed=int(rng.integers(2**32)),
        )
        won = result.winners[:, None] == np.arange(players)[None, :]
        for bot in range(players):
            sits = seating == bot
            wins[bot] += (won & sits).sum()
            points[bot] += (result.points * sits).sum()
            rounds[bot] += sits.sum()
        moves += int(result.turns.sum())
        played += count * players
        if (
            stop_at is not None
            and start + count > 20
            and all(wilson(int(w), int(r))[1] - wilson(int(w), int(r))[0] < stop_at for w, r in zip(wins, rounds))
        ):
            break
    return [
        Standing(name, int(rounds[i]), int(wins[i]), float(points[i]) / max(int(rounds[i]), 1), moves / max(played, 1))
        for i, name in enumerate(names)
    ]


def _random_choice(
    rng: np.random.Generator, deck: _Deck, playable: np.ndarray, can_draw: np.ndarray, may_pass: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Uniform over the engine's list of actions: a jack once per suit, then the other cards, then draw/pass
    (simple32: a drawn card that fits must be played, so no pass there)."""
    wild = playable & deck.wild
    plain = playable & ~deck.wild
    n_wild, n_plain = np.bitwise_count(wild).astype(np.int64), np.bitwise_count(plain).astype(np.int64)
    pick = (rng.random(len(playable)) * (4 * n_wild + n_plain + can_draw + may_pass)).astype(np.int64)
    on_wild, on_plain = pick < 4 * n_wild, (pick >= 4 * n_wild) & (pick < 4 * n_wild + n_plain)
    plays = on_wild | on_plain
    nth = np.where(on_wild, pick // 4, pick - 4 * n_wild)
    chosen = _nth_bit(np.where(on_wild, wild, np.where(on_plain, plain, _ONE)), np.where(plays, nth, 0))
    return plays, np.where(plays, chosen, -1), pick % 4


def _best_choice(
    policy: Policy,
    deck: _Deck,
    hands: np.ndarray,
    discard: np.ndarray,
    top: np.ndarray,
    rows: np.ndarray,
    seats: np.ndarray,
    direction: np.ndarray,
    pending: np.ndarray,
    playable: np.ndarray,
    can_draw: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The playable card a tip bot likes best (ties: the first in deck order); none for a 7's cards taken."""
    plays = playable != 0
    if policy.take_the_cards:
        plays &= ~((pending > 0) & can_draw)
    if not policy.tips:
        card = np.where(plays, _lowest(np.where(plays, playable, _ONE)), -1)
        return plays, card, np.zeros(len(rows), dtype=np.int64)
    players = hands.shape[1]
    table = Table(
        hand=_unpack(hands[rows, seats], deck.size).astype(np.int64),
        pile=_unpack(discard[rows] | (_ONE << top[rows].astype(np.uint64)), deck.size).astype(np.int64),
        next_hand=np.bitwise_count(hands[rows, (seats + direction) % players]).astype(np.int64),
        pending=pending,
        rank=deck.rank,
        suit=deck.suit,
        wild=deck.is_wild,
        draw=deck.is_draw,
        skip=deck.is_skip,
    )
    scores = np.where(_unpack(playable, deck.size) == 1, policy.scores(table), -1)
    card = scores.argmax(axis=1)
    return plays, np.where(plays, card, -1), policy.suit_for(table, card)


def _check_conservation(
    hands: np.ndarray,
    discard: np.ndarray,
    top: np.ndarray,
    stock: np.ndarray,
    stock_pos: np.ndarray,
    stock_len: np.ndarray,
    size: int,
) -> None:
    """Every card of every table in exactly one place: a hand, the pile, the top or the stock."""
    count = _unpack(discard, size).astype(np.int64)
    for seat in range(hands.shape[1]):
        count += _unpack(hands[:, seat], size)
    count[np.arange(len(top)), top] += 1
    for row in range(len(top)):
        np.add.at(count[row], stock[row, stock_pos[row] : stock_len[row]], 1)
    if not (count == 1).all():
        raise AssertionError("a card was lost or duplicated")
