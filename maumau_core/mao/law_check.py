"""Exact questions about laws: do two laws ever disagree, and is a new law fit to play?

Both explore every situation that can arise at a Mao table: any turned-up
card, then any sequence of legal plays (a card matching the top by rank or
suit). A law's behaviour depends only on its state and the top card, so the
situations are finitely many and a breadth-first search visits each once;
the first disagreement it meets comes with a shortest sequence of plays
that shows it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator

from maumau_core.engine.cards import Card, make_deck, matches
from maumau_core.engine.laws import Difference, Law
from maumau_core.sentences.mao import forbids_nothing, stops_the_game

DECK = tuple(make_deck(52))


class NoLaw(Law):
    """Matching is enough: the law every other law is compared with to see that it restricts something."""

    name = "no law"

    def allows(self, state: Hashable, top: Card, card: Card) -> bool:
        return True


def matching(top: Card) -> Iterator[Card]:
    """The cards that may follow ``top`` before any law: same rank or same suit."""
    return (card for card in DECK if card is not top and matches(card, top))


def difference(first: Law, second: Law) -> Difference | None:
    """A shortest sequence of plays on which the two laws disagree, or None if they never do."""
    return next(differences(first, second), None)


def differences(first: Law, second: Law) -> Iterator[Difference]:
    """Every situation the search meets where the two laws disagree, shortest first (lazily: a caller that
    wants one not seen before reads on only as far as it needs).

    A law looks only at its state and the top card, so the search may meet a
    situation through plays that use one card twice, which no real table can
    show: such a situation is given only if the search finds no other.
    """
    start = (first.start(), second.start())
    seen: set[tuple[Hashable, Hashable, Card]] = set()
    queue: deque[tuple[Hashable, Hashable, Card, Card, tuple[Card, ...]]] = deque()
    unreal: Difference | None = None
    found = False
    for top in DECK:
        seen.add((*start, top))
        queue.append((*start, top, top, ()))
    while queue:
        a, b, top, turned_up, plays = queue.popleft()
        for card in matching(top):
            allowed = first.allows(a, top, card)
            if allowed != second.allows(b, top, card):
                case = Difference(turned_up, plays, card, allowed)
                if len({turned_up, *plays, card}) == len(plays) + 2:
                    found = True
                    yield case
                elif unreal is None:
                    unreal = case
                continue
            if not allowed:
                continue
            state = (first.after(a, top, card), second.after(b, top, card), card)
            if state not in seen:
                seen.add(state)
                queue.append((*state, turned_up, (*plays, card)))
    if not found and unreal is not None:
        yield unreal


def same_law(first: Law, second: Law) -> bool:
    return difference(first, second) is None


def dead_end(law: Law) -> tuple[Card, tuple[Card, ...], Card] | None:
    """A reachable table where no card of the deck may ever be played: (turned-up, plays, top card)."""
    seen: set[tuple[Hashable, Card]] = set()
    queue: deque[tuple[Hashable, Card, Card, tuple[Card, ...]]] = deque()
    for top in DECK:
        seen.add((law.start(), top))
        queue.append((law.start(), top, top, ()))
    while queue:
        state, top, turned_up, plays = queue.popleft()
        allowed = [card for card in matching(top) if law.allows(state, top, card)]
        if not allowed:
            return turned_up, plays, top
        for card in allowed:
            following = (law.after(state, top, card), card)
            if following not in seen:
                seen.add(following)
                queue.append((*following, turned_up, (*plays, card)))
    return None


def fitness(law: Law) -> str | None:
    """Why a law may not be used for a round, in one sentence, or None when it is fit to play.

    A law must restrict something (or it is no secret at all) and must never
    leave the table where no card could ever be played again: drawing does
    not change a law's state, so such a table would be stuck for good.
    """
    stuck = dead_end(law)
    if stuck is not None:
        return stops_the_game(*stuck)
    if same_law(law, NoLaw()):
        return forbids_nothing()
    return None
