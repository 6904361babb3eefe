"""The detective assistant: which laws are still possible, and which play would tell them apart best.

The candidate space is every law of a simple shape the notation can write
(about 50,000: one or two properties, perhaps behind a trigger and a lift)
plus the library. Each candidate is kept as a few small integers pointing
into one numpy table of every property's truth for every pair of cards, so
replaying a history against all candidates at once is a handful of array
operations per play. Run ``python -m maumau_core.mao.detective`` to re-measure
the library's difficulties.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from maumau_core.engine.cards import Card, Rank, Suit, matches
from maumau_core.mao.law_check import DECK, matching
from maumau_core.mao.law_library import GAMES, PLAY_LIMIT
from maumau_core.mao.notation import And, Condition, Not, Or, Test, WrittenLaw, holds

INDEX = {card: number for number, card in enumerate(DECK)}

_CARD_TESTS = (
    [Test("card", "rank", (rank,)) for rank in Rank]
    + [Test("card", "suit", suit=suit) for suit in Suit]
    + [Test("card", prop) for prop in ("red", "black", "face", "number", "odd", "even")]
)
_COMPARE_TESTS = [Test("card", prop) for prop in ("higher", "lower", "same suit", "same rank")]
_PREV_TESTS = [Test("prev", test.prop, test.ranks, test.suit) for test in _CARD_TESTS]
#: Every property a candidate may use; triggers and lifts use those of the played card.
ATOMS: tuple[Test, ...] = (*_CARD_TESTS, *_COMPARE_TESTS, *_PREV_TESTS)
_PLAYED = len(_CARD_TESTS) + len(_COMPARE_TESTS)

#: TABLE[atom, previous card, card]: does the property hold?
TABLE = np.array([[[holds(atom, prev, card) for card in DECK] for prev in DECK] for atom in ATOMS], dtype=bool)

ALWAYS, ONCE, UNTIL = 0, 1, 2  # no trigger; "after T:" (one play); "after T until U:"
SINGLE, BOTH, EITHER = 0, 1, 2  # one literal; "a and b"; "a or b"


@dataclass(frozen=True)
class History:
    """What the table saw in one round: (top card, card tried, accepted?) for every matching attempt."""

    attempts: tuple[tuple[Card, Card, bool], ...] = ()

    def add(self, top: Card, card: Card, accepted: bool) -> History:
        return History((*self.attempts, (top, card, accepted)))


class Space:
    """The candidate laws, as parallel integer arrays (structured ones) plus explicit extra laws."""

    def __init__(self, extra: Sequence[WrittenLaw] = ()) -> None:
        rows = list(_structured())
        self.kind, self.trigger, self.until, self.op, self.a1, self.s1, self.a2, self.s2 = (
            np.array(column, dtype=np.int16) for column in zip(*rows)
        )
        self.extra = list(extra)
        self.size = len(rows) + len(self.extra)

    def law(self, index: int) -> WrittenLaw:
        """The candidate as a law in the notation."""
        if index >= len(self.kind):
            return self.extra[index - len(self.kind)]
        require: Condition = _literal(int(self.a1[index]), int(self.s1[index]))
        if self.op[index] != SINGLE:
            second = _literal(int(self.a2[index]), int(self.s2[index]))
            require = (And if self.op[index] == BOTH else Or)((require, second))
        kind = self.kind[index]
        trigger = ATOMS[self.trigger[index]] if kind != ALWAYS else None
        until = ATOMS[self.until[index]] if kind == UNTIL else None
        return WrittenLaw(require, trigger, until)

    def _requires(self, top: int, card: int) -> np.ndarray:
        values = TABLE[:, top, card]
        first = values[self.a1] ^ self.s1.astype(bool)
        second = values[self.a2] ^ self.s2.astype(bool)
        result: np.ndarray = np.where(
            self.op == SINGLE, first, np.where(self.op == BOTH, first & second, first | second)
        )
        return result

    def start(self) -> np.ndarray:
        armed = self.kind == ALWAYS
        extra = np.array([bool(law.start()) for law in self.extra], dtype=bool)
        return np.concatenate([armed, extra])

    def allowed(self, armed: np.ndarray, top: Card, card: Card) -> np.ndarray:
        """For every candidate in its state: is ``card`` allowed on ``top``?"""
        structured = ~armed[: len(self.kind)] | self._requires(INDEX[top], INDEX[card])
        extra = [law.allows(state, top, card) for law, state in zip(self.extra, armed[len(self.kind) :])]
        return np.concatenate([structured, np.array(extra, dtype=bool)])

    def after(self, armed: np.ndarray, top: Card, card: Card) -> np.ndarray:
        """Every candidate's state after ``card`` was legally played on ``top``."""
        values = TABLE[:, INDEX[top], INDEX[card]]
        fired, lifted = values[self.trigger], values[self.until]
        mine = armed[: len(self.kind)]
        structured = np.where(self.kind == ALWAYS, True, np.where(self.kind == ONCE, fired, fired | (mine & ~lifted)))
        extra = [bool(law.after(state, top, card)) for law, state in zip(self.extra, armed[len(self.kind) :])]
        return np.concatenate([structured, np.array(extra, dtype=bool)])

    def replay(self, rounds: Sequence[History]) -> tuple[np.ndarray, np.ndarray]:
        """Which candidates agree with every verdict seen, and each one's state at the end."""
        consistent = np.ones(self.size, dtype=bool)
        armed = self.start()
        for history in rounds:
            armed = self.start()
            for top, card, accepted in history.attempts:
                consistent &= self.allowed(armed, top, card) == accepted
                if accepted:
                    armed = self.after(armed, top, card)
        return consistent, armed

    def simplest_first(self) -> np.ndarray:
        """Candidate indices, simpler laws first: fewer properties and negations, no trigger, then no lift."""
        structured = self.kind * 2 + (self.op != SINGLE) * 3 + self.s1 + self.s2 * (self.op != SINGLE)
        complexity = np.concatenate([structured, np.full(len(self.extra), 4)])
        return np.lexsort((np.arange(self.size), complexity))


def _literal(atom: int, negated: int) -> Condition:
    return Not(ATOMS[atom]) if negated else ATOMS[atom]


def _structured() -> list[tuple[int, int, int, int, int, int, int, int]]:
    """(kind, trigger, until, op, atom1, negated1, atom2, negated2) for every candidate of the simple shapes."""
    literals = [(atom, sign) for atom in range(len(ATOMS)) for sign in (0, 1)]
    rows = [(ALWAYS, 0, 0, SINGLE, a, s, 0, 0) for a, s in literals]
    for (a1, s1), (a2, s2) in combinations(literals, 2):
        if a1 != a2:
            rows += [(ALWAYS, 0, 0, BOTH, a1, s1, a2, s2), (ALWAYS, 0, 0, EITHER, a1, s1, a2, s2)]
    played = [(atom, sign) for atom in range(_PLAYED) for sign in (0, 1)]
    for trigger in range(_PLAYED):
        for a, s in played:
            rows.append((ONCE, trigger, 0, SINGLE, a, s, 0, 0))
            rows += [(UNTIL, trigger, until, SINGLE, a, s, 0, 0) for until in range(_PLAYED)]
    return rows


@dataclass(frozen=True)
class Advice:
    """What the detective can say now."""

    remaining: int
    simplest: tuple[str, ...]
    best_card: Card | None
    split: float  # share of the remaining laws that allow the best card


def advise(
    space: Space, rounds: Sequence[History], top: Card, hand: Sequence[Card] | None = None, show: int = 3
) -> Advice:
    """How many laws remain, the simplest few, and the matching card that splits them most evenly.

    The best card is None when no matching card (of the hand) would rule any remaining law out.
    """
    consistent, armed = space.replay(rounds)
    remaining = int(consistent.sum())
    order = space.simplest_first()
    simplest = tuple(str(space.law(int(i))) for i in order[consistent[order]][:show])
    options = [card for card in (hand if hand is not None else DECK) if card in set(matching(top))]
    best, split = None, 0.0
    for card in options:
        share = float(space.allowed(armed, top, card)[consistent].mean()) if remaining else 0.0
        if 0 < share < 1 and (best is None or abs(share - 0.5) < abs(split - 0.5)):
            best, split = card, share
    return Advice(remaining, simplest, best, split)


#: Attempts in one round of the detective's measured games: then a new deal, with a new turned-up card.
#: Some laws differ from a simpler look-alike only on the turned-up card ("after" laws ignore it), which no
#: single round can show; a person meets them over several rounds too.
ROUND_LENGTH = 40


def plays_to_find(space: Space, secret: WrittenLaw, seed: int, limit: int = PLAY_LIMIT, hand_size: int = 5) -> int:
    """Plays a detective holding ``hand_size`` cards needs until its best guess acts like the secret.

    The best guess is the simplest law still possible, as a person would guess.
    Each turn it plays the card of its hand that splits the remaining laws most
    evenly (drawing when nothing in hand matches), learns from the verdict, and
    draws (a new card, or the penalty card after a refusal). Every
    :data:`ROUND_LENGTH` attempts the cards are dealt anew. The secret law is
    among the candidates; "acts like the secret" is judged on random games
    played under it. ``limit`` when it was not found in that many plays.
    """
    rng = random.Random(seed)
    alike = _acting_alike(space, secret, random.Random(seed + 1))
    order = space.simplest_first()
    consistent, plays, dealt_at = np.ones(space.size, dtype=bool), 0, 0
    top, hand, stock, pile = _deal(rng, hand_size)
    armed, state = space.start(), secret.start()
    while plays < limit and not alike[order[consistent[order]][0]]:
        if plays - dealt_at == ROUND_LENGTH:
            top, hand, stock, pile = _deal(rng, hand_size)
            armed, state, dealt_at = space.start(), secret.start(), plays
        if not stock:  # as at a real table, the pile under the top card is shuffled into a new stock
            stock, pile = pile, []
            rng.shuffle(stock)
        options = [card for card in hand if matches(card, top)]
        if not options:
            if not stock:
                return limit
            hand.append(stock.pop())
            continue
        verdicts = [space.allowed(armed, top, card) for card in options]
        shares = [float(v[consistent].mean()) for v in verdicts]
        pick = min(range(len(options)), key=lambda i: abs(shares[i] - 0.5))  # an uninformative card still moves on
        card, accepted = options[pick], secret.allows(state, top, options[pick])
        consistent &= verdicts[pick] == accepted
        plays += 1
        if accepted:
            armed, state = space.after(armed, top, card), secret.after(state, top, card)
            hand.remove(card)
            pile.append(top)
            top = card
        if stock:
            hand.append(stock.pop())  # a replacement card, or the penalty card for a refused attempt
    return plays


def _deal(rng: random.Random, hand_size: int) -> tuple[Card, list[Card], list[Card], list[Card]]:
    """A new deal for the detective: the turned-up card, its hand, the stock and the (empty) pile under the top."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck[0], deck[1 : 1 + hand_size], deck[1 + hand_size :], []


def _acting_alike(
    space: Space, secret: WrittenLaw, rng: random.Random, games: int = 80, length: int = 10
) -> np.ndarray:
    """The candidates that give the secret's verdict on every attempt of random games under the secret law."""
    alike = np.ones(space.size, dtype=bool)
    for _ in range(games):
        alike &= space.replay([random_history(secret, rng, length)])[0]
    return alike


def random_history(law: WrittenLaw, rng: random.Random, attempts: int) -> History:
    """A random game under ``law``: from a random turned-up card, ``attempts`` random matching tries."""
    top, state, history = rng.choice(DECK), law.start(), History()
    for _ in range(attempts):
        card = rng.choice(list(matching(top)))
        accepted = law.allows(state, top, card)
        history = history.add(top, card, accepted)
        if accepted:
            state, top = law.after(state, top, card), card
    return history


@dataclass(frozen=True)
class Measure:
    """A law's difficulty for the detective: mean plays over the games (a game where the law was not found
    counts as :data:`PLAY_LIMIT`, so the mean is then a lower bound) and how many such games there were."""

    plays: float
    unsolved: int = 0


def difficulty(space: Space, secret: WrittenLaw, seeds: Sequence[int] = GAMES, limit: int = PLAY_LIMIT) -> Measure:
    """How many plays the detective needs, over seeded games."""
    plays = [plays_to_find(space, secret, seed, limit) for seed in seeds]
    return Measure(round(float(np.mean(plays)), 1), sum(count >= limit for count in plays))


def main() -> None:
    """Print every library law's measured difficulty (``python -m maumau_core.mao.detective``)."""
    from maumau_core.mao.law_library import LIBRARY

    space = Space([entry.law for entry in LIBRARY])
    print(f"{space.size:,} candidate laws")
    for entry in LIBRARY:
        print(f"{entry.name:24} {difficulty(space, entry.law)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
