"""HTML views of the library's state: the table, the log, the score sheet.

Pure functions from library objects to HTML strings, so they are tested
without a browser and every widget shows the same table the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from maumau_core.match import Match
from maumau_core.round import Round
from maumau_core.sentences.access import KEYS_HEADING
from maumau_core.sentences.table import WHY, count, seat_label
from maumau_core.widgets.svg import back_svg, card_svg

STYLE = """<style>
.mm-table {display:flex;gap:18px;align-items:center;flex-wrap:wrap;font-family:sans-serif}
.mm-facts {line-height:1.6}
.mm-facts b {font-weight:600}
.mm-log {font-family:sans-serif;font-size:0.92em;max-height:14em;overflow-y:auto;border-left:3px solid #ccd;
  padding-left:8px}
.mm-log div:last-child {font-weight:600}
.mm-sheet td, .mm-sheet th {padding:2px 10px;text-align:right}
.mm-message {font-family:sans-serif;font-size:1.05em;min-height:1.5em}
.mm-bad {color:#a4000f}
.mm-good {color:#0b6b2b}
.mm-sr-only {position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);
  white-space:nowrap;border:0}
</style>"""


def table_html(round_: Round, *, me: int | None = None, show_all: bool = False, four_colour: bool = False,
               names: Sequence[str] | None = None) -> str:
    """The middle of the table: top card, suit to follow, what is waiting, whose turn, the other hands."""
    label = names or [seat_label(seat, me) for seat in range(round_.players)]
    suit = round_.suit
    waiting = []
    if round_.pending_draw:
        waiting.append(f"a draw penalty of <b>{round_.pending_draw}</b> is waiting")
    if round_.pending_skip:
        waiting.append("a skip is waiting")
    direction = "clockwise ↻" if round_.direction == 1 else "anticlockwise ↺"
    facts = [
        f"Suit to follow: <b>{suit.symbol} {suit.noun}</b>"
        + (" (named with the jack)" if round_.named_suit else ""),
        f"Stock: <b>{count(round_.stock_size)}</b> · discard pile: <b>{count(len(round_.discard))}</b>",
        f"Direction: <b>{direction}</b>",
        "Waiting: " + ("; ".join(waiting) if waiting else "nothing"),
        f"Turn: <b>{escape(label[round_.turn])}</b>" if round_.result is None else "<b>The round is over.</b>",
    ]
    others = []
    for seat, hand in enumerate(round_.hands):
        if seat == me:
            continue
        if show_all:
            cards = "".join(card_svg(card, width=30, four_colour=four_colour) for card in hand)
        else:
            cards = back_svg(width=30, label=f"{len(hand)} hidden cards")
        marker = " ◀" if seat == round_.turn and round_.result is None else ""
        others.append(f"<div>{escape(label[seat])}: {len(hand)} card{'s' if len(hand) != 1 else ''} "
                      f"{cards}{marker}</div>")
    return (
        f'{STYLE}<div class="mm-table"><div title="top of the discard pile">'
        f"{card_svg(round_.top, width=84, four_colour=four_colour)}</div>"
        f'<div title="the stock">{back_svg(width=60, label=f"stock of {round_.stock_size} cards")}</div>'
        f'<div class="mm-facts">{"<br>".join(facts)}</div></div>'
        f'<div class="mm-facts">{"".join(others)}</div>'
    )


def log_html(sentences: Sequence[str]) -> str:
    """What happened at the table, one sentence a line, newest last (and in bold). Not a live region: the
    table's message box is its one (see the template's ``access.js``), and says the news."""
    lines = "".join(f"<div>{escape(sentence)}</div>" for sentence in sentences)
    return f'{STYLE}<div class="mm-log">{lines}</div>'


def sheet_html(match: Match, *, me: int | None = None) -> str:
    """The score sheet: every round's points and the totals (or round wins)."""
    players = range(match.players)
    head = "".join(f"<th>{seat_label(p, me)}</th>" for p in players)
    rows = []
    for number, (seats, result) in enumerate(match.history, start=1):
        cells: dict[int, object] = {} if result.void else dict(zip(seats, result.scores))
        tie = " (tiebreak)" if len(seats) < match.players else " (void)" if result.void else ""
        row = "".join(f"<td>{cells.get(p, '–')}</td>" for p in players)
        rows.append(f"<tr><td>Round {number}{tie}</td>{row}</tr>")
    total_name = "Total" if match.rules.scoring == "points" else "Rounds won"
    totals = match.totals if match.rules.scoring == "points" else match.wins
    rows.append(f"<tr><th>{total_name}</th>{''.join(f'<th>{t}</th>' for t in totals)}</tr>")
    return f'{STYLE}<table class="mm-sheet"><tr><th></th>{head}</tr>{"".join(rows)}</table>'


def message_html(text: str, *, good: bool | None = None, lesson: str | None = None) -> str:
    """One sentence for the learner: neutral, good (green) or a refusal (red); with ``lesson``, a "why?"
    link to the section that teaches the rule (in a new tab, so the table stays as it is). Shown in a box the
    page's script makes a live region (``mm-message-box``, quiz feedback): this markup is rebuilt on every
    update, so it is not one itself."""
    kind = "" if good is None else ("mm-good" if good else "mm-bad")
    why = (f' <a class="mm-why" href="{escape(lesson)}" target="_blank" rel="noopener">{escape(WHY)}</a>'
           if lesson else "")
    return f'{STYLE}<div class="mm-message {kind}">{escape(text)}{why}</div>'


def keys_html(keys: Sequence[tuple[str, str]]) -> str:
    """A table's keyboard shortcuts, one line under the table (the page's script makes them work)."""
    items = " · ".join(f"<kbd>{escape(key)}</kbd> {escape(what)}" for key, what in keys)
    return f'<div class="mm-keys"><b>{escape(KEYS_HEADING)}:</b> {items}</div>'
