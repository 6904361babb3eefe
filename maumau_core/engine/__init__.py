"""The rules engine: cards, rules and presets, one round (a line of small layers), matches, bots, table
situations and the table session. It imports nothing of the course around it, nor any widget; the
public names are re-exported by :mod:`maumau_core` (``from maumau_core import Round, preset``)."""
