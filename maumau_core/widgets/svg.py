"""Cards drawn as small, crisp SVG made here: no downloaded images, readable by screen readers.

Each card carries ``role="img"``, an ``aria-label`` and a ``<title>`` with its
name in the kernel's language, so a screen reader says "ten of hearts" and a mouse shows it as
a tooltip. The optional four-colour deck gives every suit its own colour for
readers who cannot tell red from black.
"""

from __future__ import annotations

from html import escape

from maumau_core.engine.cards import Card, Suit
from maumau_core.i18n import N_, _

TWO_COLOURS = {Suit.CLUBS: "#111111", Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e"}
FOUR_COLOURS = {Suit.CLUBS: "#1b7a2f", Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f5fbf"}


def card_svg(card: Card, *, width: int = 60, four_colour: bool = False, glow: str | None = None) -> str:
    """One face-up card, its rank in the letter of the kernel's language (V, D, R in French); ``glow`` outlines it (e.g. green for a card that may be played)."""
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    height = round(width * 1.4)
    rank, symbol, name = escape(card.rank.letter), card.suit.symbol, escape(card.name, quote=True)
    border = glow or "#888888"
    stroke = 3 if glow else 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{name}" width="{width}" '
        f'height="{height}" viewBox="0 0 100 140" class="mm-card">'
        f"<title>{name}</title>"
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" stroke="{border}" stroke-width="{stroke * 2}"/>'
        f'<text x="9" y="30" font-family="sans-serif" font-weight="bold" font-size="26" fill="{colour}">{rank}</text>'
        f'<text x="9" y="54" font-family="sans-serif" font-size="22" fill="{colour}">{symbol}</text>'
        f'<text x="50" y="98" text-anchor="middle" font-family="sans-serif" font-size="48" fill="{colour}">{symbol}</text>'
        f'<text x="91" y="130" text-anchor="end" font-family="sans-serif" font-weight="bold" font-size="26" '
        f'fill="{colour}">{rank}</text>'
        "</svg>"
    )


#: What a card's back is called when nothing more is said of it (translated where it is drawn).
FACE_DOWN = N_("a face-down card")


def back_svg(*, width: int = 60, label: str = FACE_DOWN) -> str:
    """The back of a card, for hidden hands and the stock (``label``: what screen readers say, translated)."""
    height = round(width * 1.4)
    label = _(label)  # the default (a message); a label already said in the language stays as it is
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" width="{width}" '
        f'height="{height}" viewBox="0 0 100 140" class="mm-card-back"><title>{escape(label)}</title>'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#2b4c7e" stroke="#1a2f4f" stroke-width="2"/>'
        '<rect x="12" y="12" width="76" height="116" rx="6" fill="none" stroke="#e8eef7" stroke-width="2" '
        'stroke-dasharray="6 4"/></svg>'
    )


def cards_row(cards: list[Card], *, width: int = 48, four_colour: bool = False) -> str:
    """Several cards side by side."""
    inner = "".join(card_svg(card, width=width, four_colour=four_colour) for card in cards)
    return f'<span style="display:inline-flex;gap:4px;flex-wrap:wrap">{inner}</span>'
