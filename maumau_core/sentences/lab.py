"""Sentences of the strategy lab's library: what it refuses to run."""

from __future__ import annotations

from maumau_core.i18n import _, number


def too_many_deals(asked: int, limit: int) -> str:
    """An experiment asked for more deals (or rounds) than the lab plays in one go."""
    return _("The lab plays at most {limit} deals in one experiment; {asked} were asked for.").format(
        limit=number(limit), asked=number(asked)
    )
