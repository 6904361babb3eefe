"""Tournaments: many seeded rounds between bots, with seat rotation and honest uncertainty.

Every deal is played once per seating of the bots around the table
(rotating the seats), so no bot profits from sitting first. Results give
each bot's win rate with a 95 % Wilson interval, mean points left in hand,
and mean round length; a tournament can stop early once every interval is
narrower than asked. The same seed gives the same numbers.

When every bot has a batch policy, the rules are a preset as dealt and the
delivery allows it (:attr:`maumau_core.delivery.Delivery.batch_simulator`), the
deals are played on the numpy batch simulator (a 1,000-deal tip experiment in
about a second instead of twenty); it makes the engine's very choices on the
same deals (``tests/test_batch.py``), but draws its own deals from the seed.
Everything else is played on the round engine, and this module imports no
numpy: the static site's Pyodide has none, and runs the lab all the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tqdm.auto import tqdm

from maumau_core import delivery
from maumau_core.engine.bots import RandomBot, play_round
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules
from maumau_core.errors import MauMauError
from maumau_core.lab.standing import Standing, wilson
from maumau_core.lab.strategies import BOTS
from maumau_core.sentences.lab import too_many_deals

#: The most deals one tournament plays (each once per seat: 20,000 rounds of four players, about 5 s with the
#: compiled engine).
MAX_DEALS = 5_000


class TooMuchWork(MauMauError):
    """An experiment asked for more deals than the lab plays in one go (refused before any is played)."""

    code = "too-much-work"


def check_deals(asked: int, limit: int) -> None:
    """Refuse an experiment of more than ``limit`` deals (or rounds), before it starts."""
    if asked > limit:
        raise TooMuchWork(too_many_deals(asked, limit))


def tournament(
    names: Sequence[str],
    rules: Rules,
    *,
    deals: int = 500,
    seed: int = 0,
    stop_at: float | None = None,
    show_progress: bool = True,
    progress: Callable[[float], None] | None = None,
    bots: dict[str, Callable[[int], RandomBot]] = BOTS,
) -> list[Standing]:
    """Play ``deals`` deals, each once per rotation of the seats; one bot per seat, ``len(names)`` players.

    ``stop_at``: stop early once every bot's 95 % interval is narrower than this (e.g. 0.05).
    ``progress``: called with the share done before each deal (a widget's progress bar); otherwise a
    text or notebook progress bar shows unless ``show_progress`` is False.
    More than :data:`MAX_DEALS` deals raise :class:`TooMuchWork`.
    """
    check_deals(deals, MAX_DEALS)
    fast = _on_batch(names, rules, bots, deals=deals, seed=seed, stop_at=stop_at, progress=progress)
    if fast is not None:
        return fast
    players = len(names)
    wins, points, rounds, moves = [0] * players, [0] * players, [0] * players, 0
    played = 0
    for deal in counted(deals, show_progress=show_progress, progress=progress):
        for shift in range(players):
            seating = [(seat + shift) % players for seat in range(players)]  # seat -> bot index
            round_ = Round.deal(rules, players, seed=seed * 1_000_003 + deal)
            table = [bots[names[index]](seed * 7919 + deal * players + seat) for seat, index in enumerate(seating)]
            result = play_round(round_, table)
            played += 1
            moves += round_.turn_no
            for seat, index in enumerate(seating):
                rounds[index] += 1
                points[index] += result.scores[seat]
                wins[index] += result.winner == seat
        if (
            stop_at is not None
            and deal >= 20
            and all(wilson(w, r)[1] - wilson(w, r)[0] < stop_at for w, r in zip(wins, rounds))
        ):
            break
    return [
        Standing(name, rounds[i], wins[i], points[i] / max(rounds[i], 1), moves / max(played, 1))
        for i, name in enumerate(names)
    ]


def _on_batch(
    names: Sequence[str],
    rules: Rules,
    bots: dict[str, Callable[[int], RandomBot]],
    *,
    deals: int,
    seed: int,
    stop_at: float | None,
    progress: Callable[[float], None] | None,
) -> list[Standing] | None:
    """The tournament played on the batch simulator, or None where the round engine must play it: the
    delivery plays on the engine (the static site), numpy cannot be imported, or the batch cannot play these
    bots or rules. The batch simulator (and numpy) is imported here, the first time it is wanted."""
    if not delivery.current().batch_simulator:
        return None
    try:
        from maumau_core.lab import batch
    except ImportError as missing:
        if missing.name != "numpy":
            raise
        return None
    return batch.tournament_on_batch(names, rules, bots, deals=deals, seed=seed, stop_at=stop_at, progress=progress)


class _Bar(tqdm):  # type: ignore[misc]  # tqdm has no type hints
    """tqdm's bar (a notebook's widget bar, or text) without its monitor thread: Pyodide cannot start threads
    (tqdm would warn on every bar), and the lab's loops move their bar themselves."""

    monitor_interval = 0


def counted(count: int, *, show_progress: bool, progress: Callable[[float], None] | None) -> Iterator[int]:
    """0, 1, … ``count`` - 1, with the share done reported before each: to ``progress`` (a widget's own bar)
    if given, else on a tqdm bar if ``show_progress``. No tqdm bar is made for a widget's run."""
    if progress is None and show_progress:
        yield from _Bar(range(count), desc="playing", leave=False)
        return
    for step in range(count):
        if progress is not None:
            progress(step / count)
        yield step
