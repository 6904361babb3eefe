"""Mao law speed: the exact guess check for every pair of library laws, the detective's tracker, and the
detective as the puzzle page asks it.

Run with ``python benchmarks/mao_laws.py`` (``make bench``). The first two figures
come with a baseline measured in the same run: the guess check beside one plain
sweep of every (top card, card) pair through both laws' Python objects, and
the tracker (the whole candidate space at once, as bitsets) beside replaying the
same history through each candidate law's Python object, measured on a
sample and scaled to the space. The page's figure is what a learner waits for
on page 13 (``clues.detective_advice`` after three rounds and three guesses):
the first ask, which builds the candidate space, and a later one. It is pure
Python, so the static site (Pyodide, ~1.5-3x slower than CPython) waits about
that much longer; ``MAUMAU_DELIVERY=static`` runs it with the site's choices.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import permutations

from maumau_core.mao import clues
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.detective import Space, advise, random_history
from maumau_core.mao.inquiry import Inquiry
from maumau_core.mao.law_check import DECK, difference, matching
from maumau_core.mao.law_library import LIBRARY


def timed(call: object, *args: object) -> float:
    start = time.perf_counter()
    call(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def sweep(first: object, second: object) -> None:
    """Baseline: ask both laws about every matching pair once, in their start state."""
    for top in DECK:
        for card in matching(top):
            first.allows(first.start(), top, card) == second.allows(second.start(), top, card)  # type: ignore[attr-defined]  # noqa: B015 - the comparison is the work timed


def page_asks() -> tuple[float, float]:
    """The puzzle page's detective in a fresh space: the first ask (building the space) and the quickest of
    five later asks, after three rounds of 40 attempts under the tutorial law and three wrong guesses."""
    law, rng = LIBRARY[0].law, random.Random(0)
    rounds = [[Attempt(0, *attempt) for attempt in random_history(law, rng, 40).attempts] for _ in range(3)]
    inquiry = Inquiry(law)
    for guess in ("not 7", "black", "after K: red"):
        inquiry.judge(guess)
    top, hand = rounds[-1][-1].card, list(DECK[:5])
    clues.detective_space.cache_clear()
    first = timed(clues.detective_advice, rounds, top, hand, inquiry)
    later = min(timed(clues.detective_advice, rounds, top, hand, inquiry) for _ in range(5))
    return first, later


def main() -> None:
    laws = [entry.law for entry in LIBRARY]
    checks = [timed(difference, a, b) for a, b in permutations(laws, 2)]
    checks += [timed(difference, law, law) for law in laws]  # the same law: the search visits everything
    base = statistics.median(timed(sweep, a, b) for a, b in list(permutations(laws, 2))[:40])
    print(
        f"guess check, {len(checks)} library pairs: median {statistics.median(checks) * 1000:.1f} ms, "
        f"max {max(checks) * 1000:.1f} ms ({statistics.median(checks) / base:.1f}x one plain sweep "
        f"of {base * 1000:.1f} ms)"
    )
    space = Space(laws)
    history = random_history(LIBRARY[0].law, random.Random(0), 100)
    tracker = min(timed(space.replay, [history]) for _ in range(3))
    sample = [space.law(index) for index in random.Random(1).sample(range(space.size), 300)]
    start = time.perf_counter()
    for law in sample:
        state = law.start()
        for top, card, accepted in history.attempts:
            if law.allows(state, top, card) and accepted:
                state = law.after(state, top, card)
    naive = (time.perf_counter() - start) / len(sample) * space.size
    advice = timed(advise, space, [history], history.attempts[-1][1], DECK[:5])
    print(
        f"tracker, {space.size:,} candidate laws, 100-play history: {tracker * 1000:.0f} ms "
        f"(law by law in Python: ~{naive:.1f} s, {naive / tracker:.0f}x slower); full advice {advice * 1000:.0f} ms"
    )
    first, later = page_asks()
    print(
        f"the puzzle page's detective, 120 attempts and 3 guesses: first ask (builds the space) "
        f"{first * 1000:.0f} ms, later asks {later * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
