"""The detective assistant: which laws are still possible, and which play would tell them apart best.

The candidate space is every law of a simple shape the notation can write
(about 50,000: one or two properties, perhaps behind a trigger and a lift)
plus the library. A set of candidates is one Python int used as a bitset
(:data:`Candidates`: bit *i* stands for candidate *i*), so asking every
candidate about a play is a dozen operations on such ints. The candidates
whose properties hold for a card are ORed together once, card by card, when
the space is built; a play then combines its card's set, the set of the card
it goes on and that of how the two compare. This is plain Python, so the
detective runs the same in a served kernel and in the browser under Pyodide,
where numpy is not available; it is also about ten times faster than the
numpy arrays it replaced (a 100-play history over every candidate: 6 ms
against 68 ms; ``benchmarks/mao_laws.py`` measures it beside law by law). Run
``python -m maumau_core.mao.detective`` to re-measure the library's difficulties.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, combinations

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
#: Where each kind of property sits in :data:`ATOMS`: about the card played, comparing it, about the previous card.
_ABOUT_CARD = range(len(_CARD_TESTS))
_COMPARING = range(len(_CARD_TESTS), _PLAYED)
_ABOUT_PREV = range(_PLAYED, len(ATOMS))

ALWAYS, ONCE, UNTIL = 0, 1, 2  # no trigger; "after T:" (one play); "after T until U:"
SINGLE, BOTH, EITHER = 0, 1, 2  # one literal; "a and b"; "a or b"
#: A structured candidate: (kind, trigger, until, op, atom1, negated1, atom2, negated2).
Row = tuple[int, int, int, int, int, int, int, int]
_ROW = 8  # numbers per row in the packed rows

#: A set of candidates, bit *i* set for candidate *i*; as a state, the candidates whose restriction is in force.
Candidates = int


def contains(candidates: Candidates, index: int) -> bool:
    """Is candidate ``index`` in the set?"""
    return bool(candidates >> index & 1)


@dataclass(frozen=True)
class History:
    """What the table saw in one round: (top card, card tried, accepted?) for every matching attempt."""

    attempts: tuple[tuple[Card, Card, bool], ...] = ()

    def add(self, top: Card, card: Card, accepted: bool) -> History:
        return History((*self.attempts, (top, card, accepted)))


@dataclass(frozen=True)
class _Truths:
    """For one card (or one comparison of two), the candidates whose first literal holds, whose second literal
    holds, whose trigger fires and whose lift comes. A play's truths are its card's, its previous card's and
    its comparison's ORed together."""

    first: Candidates
    second: Candidates
    fired: Candidates
    lifted: Candidates

    def __or__(self, other: _Truths) -> _Truths:
        return _Truths(
            self.first | other.first,
            self.second | other.second,
            self.fired | other.fired,
            self.lifted | other.lifted,
        )


class Space:
    """The candidate laws: the structured ones as packed rows and their truths card by card, then the extra
    laws (bits from :attr:`structured` on), asked one by one."""

    def __init__(self, extra: Sequence[WrittenLaw] = ()) -> None:
        rows = _structured()
        self.structured = len(rows)
        self.extra = list(extra)
        self.size = self.structured + len(self.extra)
        #: Every candidate.
        self.every: Candidates = (1 << self.size) - 1
        self._shaped: Candidates = (1 << self.structured) - 1
        self._rows = bytes(chain.from_iterable(rows))
        sets = _Sets(rows)
        self._always, self._lasting, self._either = sets.always, sets.lasting, sets.either
        self._not_both = sets.single | sets.either
        self._levels = sets.levels(len(self.extra))
        self._card = [sets.truths(_ABOUT_CARD, card, card) for card in DECK]
        self._prev = [sets.truths(_ABOUT_PREV, card, card) for card in DECK]
        pairs = [(top, card) for top in DECK for card in DECK]
        ways = [_comparison(top, card) for top, card in pairs]
        compared = {way: sets.truths(_COMPARING, *pair) for way, pair in dict(zip(ways, pairs)).items()}
        #: Indexed by top card, then card: the truths of how the two compare (a few values, shared).
        self._compared = [compared[way] for way in ways]

    def law(self, index: int) -> WrittenLaw:
        """The candidate as a law in the notation."""
        if index >= self.structured:
            return self.extra[index - self.structured]
        kind, trigger, until, op, a1, s1, a2, s2 = self._rows[index * _ROW : (index + 1) * _ROW]
        require: Condition = _literal(a1, s1)
        if op != SINGLE:
            require = (And if op == BOTH else Or)((require, _literal(a2, s2)))
        return WrittenLaw(require, ATOMS[trigger] if kind != ALWAYS else None, ATOMS[until] if kind == UNTIL else None)

    def _truths(self, top: Card, card: Card) -> _Truths:
        played, under = INDEX[card], INDEX[top]
        return self._card[played] | self._prev[under] | self._compared[under * len(DECK) + played]

    def start(self) -> Candidates:
        """Every candidate's state before the first play of a round."""
        return self._always | _from_flags((law.start() for law in self.extra), self.structured)

    def allowed(self, armed: Candidates, top: Card, card: Card) -> Candidates:
        """The candidates that, in their state ``armed``, allow ``card`` on ``top``."""
        truths = self._truths(top, card)
        # a single literal, both literals (the second holds only where there is one), or either
        required = (truths.first & (self._not_both | truths.second)) | (truths.second & self._either)
        states = armed >> self.structured
        extra = (law.allows(bool(states >> n & 1), top, card) for n, law in enumerate(self.extra))
        return (self._shaped & ~armed) | required | _from_flags(extra, self.structured)

    def after(self, armed: Candidates, top: Card, card: Card) -> Candidates:
        """Every candidate's state after ``card`` was legally played on ``top``."""
        truths = self._truths(top, card)
        states = armed >> self.structured
        extra = (law.after(bool(states >> n & 1), top, card) for n, law in enumerate(self.extra))
        lasting = armed & self._lasting & ~truths.lifted
        return self._always | truths.fired | lasting | _from_flags(extra, self.structured)

    def replay(self, rounds: Sequence[History]) -> tuple[Candidates, Candidates]:
        """Which candidates agree with every verdict seen, and each one's state at the end."""
        consistent, armed = self.every, self.start()
        for history in rounds:
            armed = self.start()
            for top, card, accepted in history.attempts:
                allowed = self.allowed(armed, top, card)
                consistent &= allowed if accepted else ~allowed
                if accepted:
                    armed = self.after(armed, top, card)
        return consistent, armed

    def simplest(self, chosen: Candidates, count: int) -> list[int]:
        """The first ``count`` of the chosen candidates, simpler laws first: fewer properties and negations, no
        trigger, then no lift; in index order among laws as simple."""
        found: list[int] = []
        for level in self._levels:
            left = chosen & level
            while left:
                if len(found) == count:
                    return found
                lowest = left & -left
                found.append(lowest.bit_length() - 1)
                left ^= lowest
        return found


class _Sets:
    """The structured candidates grouped by what they look at, as :data:`Candidates`; used to build a space."""

    def __init__(self, rows: Sequence[Row]) -> None:
        first: list[list[list[int]]] = [[[], []] for _ in ATOMS]  # [atom][negated]: the rows using that literal
        second: list[list[list[int]]] = [[[], []] for _ in ATOMS]
        trigger: list[list[int]] = [[] for _ in ATOMS]
        until: list[list[int]] = [[] for _ in ATOMS]
        kinds: list[list[int]] = [[], [], []]
        ops: list[list[int]] = [[], [], []]
        self._complexity: list[int] = []
        for index, (kind, fires, lifts, op, a1, s1, a2, s2) in enumerate(rows):
            first[a1][s1].append(index)
            kinds[kind].append(index)
            ops[op].append(index)
            if op != SINGLE:
                second[a2][s2].append(index)
            if kind != ALWAYS:
                trigger[fires].append(index)
            if kind == UNTIL:
                until[lifts].append(index)
            self._complexity.append(kind * 2 + (op != SINGLE) * 3 + s1 + s2 * (op != SINGLE))
        size = len(rows)
        self._first = [[_bits(group, size) for group in literal] for literal in first]
        self._second = [[_bits(group, size) for group in literal] for literal in second]
        self._trigger = [_bits(group, size) for group in trigger]
        self._until = [_bits(group, size) for group in until]
        self.always, self.lasting = _bits(kinds[ALWAYS], size), _bits(kinds[UNTIL], size)
        self.single, self.either = _bits(ops[SINGLE], size), _bits(ops[EITHER], size)

    def truths(self, atoms: range, top: Card, card: Card) -> _Truths:
        """The candidates whose literals, triggers and lifts among ``atoms`` hold when ``card`` is played on
        ``top`` (a literal holds when its property does and it is not negated, or the other way round)."""
        first = second = fired = lifted = 0
        for atom in atoms:
            value = holds(ATOMS[atom], top, card)
            first |= self._first[atom][not value]
            second |= self._second[atom][not value]
            if value:
                fired |= self._trigger[atom]
                lifted |= self._until[atom]
        return _Truths(first, second, fired, lifted)

    def levels(self, extra: int) -> list[Candidates]:
        """The candidates of each complexity, simplest first, with ``extra`` laws after the structured ones
        (ranked as a law of two properties, one negated)."""
        complexity = [*self._complexity, *[4] * extra]
        grouped: dict[int, list[int]] = {}
        for index, value in enumerate(complexity):
            grouped.setdefault(value, []).append(index)
        return [_bits(grouped[level], len(complexity)) for level in sorted(grouped)]


def _bits(indices: Iterable[int], size: int) -> Candidates:
    """The set of these candidate indices (all below ``size``)."""
    field = bytearray((size + 7) // 8)
    for index in indices:
        field[index >> 3] |= 1 << (index & 7)
    return int.from_bytes(field, "little")


def _from_flags(flags: Iterable[object], offset: int) -> Candidates:
    """The set of the candidates from ``offset`` on whose flag (one per candidate, in order) is true."""
    return sum(1 << n for n, flag in enumerate(flags) if flag) << offset


def _comparison(top: Card, card: Card) -> tuple[bool, ...]:
    return tuple(holds(test, top, card) for test in _COMPARE_TESTS)


def _literal(atom: int, negated: int) -> Condition:
    return Not(ATOMS[atom]) if negated else ATOMS[atom]


def _structured() -> list[Row]:
    """(kind, trigger, until, op, atom1, negated1, atom2, negated2) for every candidate of the simple shapes."""
    literals = [(atom, sign) for atom in range(len(ATOMS)) for sign in (0, 1)]
    rows: list[Row] = [(ALWAYS, 0, 0, SINGLE, a, s, 0, 0) for a, s in literals]
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
    remaining = consistent.bit_count()
    simplest = tuple(str(space.law(index)) for index in space.simplest(consistent, show))
    options = [card for card in (hand if hand is not None else DECK) if card in set(matching(top))]
    best, split = None, 0.0
    for card in options:
        share = (space.allowed(armed, top, card) & consistent).bit_count() / remaining if remaining else 0.0
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
    consistent, plays, dealt_at = space.every, 0, 0
    top, hand, stock, pile = _deal(rng, hand_size)
    armed, state = space.start(), secret.start()
    while plays < limit and not contains(alike, space.simplest(consistent, 1)[0]):
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
        remaining = consistent.bit_count()
        shares = [(verdict & consistent).bit_count() / remaining for verdict in verdicts]
        pick = min(range(len(options)), key=lambda i: abs(shares[i] - 0.5))  # an uninformative card still moves on
        card, accepted = options[pick], secret.allows(state, top, options[pick])
        consistent &= verdicts[pick] if accepted else ~verdicts[pick]
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
) -> Candidates:
    """The candidates that give the secret's verdict on every attempt of random games under the secret law."""
    alike = space.every
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
    return Measure(round(sum(plays) / len(plays), 1), sum(count >= limit for count in plays))


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
