"""HTML views of the library's state: the table, the log, the score sheet.

Pure functions from library objects to HTML strings, so they are tested
without a browser and every widget shows the same table the same way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape

from maumau_core import delivery
from maumau_core.engine.match import Match
from maumau_core.engine.round import Round
from maumau_core.engine.table_sentences import WHY, count, seat_label
from maumau_core.i18n import _, ngettext
from maumau_core.markup import HTML_MARKS
from maumau_core.sentences.access import KEYS_HEADING, Shortcut
from maumau_core.widgets.svg import back_svg, card_svg

STYLE = """<style>
.mm-table {display:flex;gap:18px;align-items:center;flex-wrap:wrap;font-family:sans-serif}
.mm-facts {line-height:1.6}
.mm-facts b {font-weight:600}
.mm-log {font-family:sans-serif;font-size:0.92em;max-height:14em;overflow-y:auto;border-left:3px solid #ccd;
  padding-left:8px}
.mm-log div:last-child {font-weight:600}
.mm-sheet td, .mm-sheet th {padding:2px 10px;text-align:right}
.mm-effects td:first-child, .mm-effects th:first-child {text-align:left;padding-left:0}
.mm-message {font-family:sans-serif;font-size:1.05em;min-height:1.5em}
.mm-bad {color:#a4000f}
.mm-good {color:#0b6b2b}
.mm-sr-only {position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);
  white-space:nowrap;border:0}
</style>"""


def table_html(
    round_: Round,
    *,
    me: int | None = None,
    show_all: bool = False,
    four_colour: bool = False,
    names: Sequence[str] | None = None,
) -> str:
    """The middle of the table: top card, suit to follow, what is waiting, whose turn, the other hands."""
    label = names or [seat_label(seat, me) for seat in range(round_.players)]
    suit = round_.suit
    waiting = []
    if round_.pending_draw:
        waiting.append(marked(_("a draw penalty of {cards} is waiting"), cards=bold(str(round_.pending_draw))))
    if round_.pending_skip:
        waiting.append(escape(_("a skip is waiting")))
    direction = _("clockwise ↻") if round_.direction == 1 else _("anticlockwise ↺")
    # Translators: {suit} is a suit's sign and its name in the plural, e.g. "♥ hearts".
    follow = _("Suit to follow: {suit} (named with the jack)") if round_.named_suit else _("Suit to follow: {suit}")
    facts = [
        marked(follow, suit=bold(f"{suit.symbol} {suit.noun}")),
        marked(
            _("Stock: {stock} · discard pile: {discard}"),
            stock=bold(count(round_.stock_size)),
            discard=bold(count(len(round_.discard))),
        ),
        marked(_("Direction: {direction}"), direction=bold(direction)),
        # Translators: {waiting} lists what is waiting ("a skip is waiting"); "nothing" when nothing is.
        marked(_("Waiting: {waiting}"), waiting="; ".join(waiting) if waiting else escape(_("nothing"))),
        marked(_("Turn: {player}"), player=bold(label[round_.turn]))
        if round_.result is None
        else bold(_("The round is over.")),
    ]
    others = []
    for seat, hand in enumerate(round_.hands):
        if seat == me:
            continue
        if show_all:
            cards = "".join(card_svg(card, width=30, four_colour=four_colour) for card in hand)
        else:
            cards = back_svg(
                width=30,
                label=ngettext("{count} hidden card", "{count} hidden cards", len(hand)).format(count=len(hand)),
            )
        marker = " ◀" if seat == round_.turn and round_.result is None else ""
        # Translators: a player's hand beside the table, e.g. "Player 2: 5 cards" (the cards follow).
        held = _("{player}: {cards}").format(player=label[seat], cards=count(len(hand)))
        others.append(f"<div>{escape(held)} {cards}{marker}</div>")
    stock = back_svg(
        width=60,
        label=ngettext("stock of {count} card", "stock of {count} cards", round_.stock_size).format(
            count=round_.stock_size
        ),
    )
    top_title, stock_title = escape(_("top of the discard pile"), quote=True), escape(_("the stock"), quote=True)
    return (
        f'{STYLE}<div class="mm-table"><div title="{top_title}">'
        f"{card_svg(round_.top, width=84, four_colour=four_colour)}</div>"
        f'<div title="{stock_title}">{stock}</div>'
        f'<div class="mm-facts">{"<br>".join(facts)}</div></div>'
        f'<div class="mm-facts">{"".join(others)}</div>'
    )


#: Text in bold, escaped: the sentences' own mark for something to notice.
bold = HTML_MARKS.strong


def marked(message: str, **values: str) -> str:
    """A translated message as HTML: its words escaped, its placeholders filled with ``values``, which are
    HTML already (escape them, or mark them with :func:`bold`)."""
    return escape(message).format(**values)


def log_html(sentences: Sequence[str]) -> str:
    """What happened at the table, one sentence a line, newest last (and in bold). Not a live region: the
    table's message box is its one (see the template's ``access.js``), and says the news. A long log scrolls,
    so it is focusable and named: a keyboard can scroll it, and a screen reader says what it is. A named group,
    not a landmark: a page with several tables would have several landmarks of one name."""
    lines = "".join(f"<div>{escape(sentence)}</div>" for sentence in sentences)
    label = escape(_("What happened"))
    return f'{STYLE}<div class="mm-log" tabindex="0" role="group" aria-label="{label}">{lines}</div>'


def sheet_html(match: Match, *, me: int | None = None) -> str:
    """The score sheet: every round's points and the totals (or round wins)."""
    players = range(match.players)
    head = "".join(f"<th>{escape(seat_label(p, me))}</th>" for p in players)
    rows = []
    for number, (seats, result) in enumerate(match.history, start=1):
        cells: dict[int, object] = {} if result.void else dict(zip(seats, result.scores))
        if len(seats) < match.players:
            # Translators: a row of the score sheet: the round played among tied players only.
            name = _("Round {number} (tiebreak)")
        else:
            # Translators: a row of the score sheet: a round that counts for nobody.
            name = _("Round {number} (void)") if result.void else _("Round {number}")
        row = "".join(f"<td>{cells.get(p, '–')}</td>" for p in players)
        rows.append(f"<tr><td>{escape(name.format(number=number))}</td>{row}</tr>")
    total_name = escape(_("Total") if match.rules.scoring == "points" else _("Rounds won"))
    totals = match.totals if match.rules.scoring == "points" else match.wins
    rows.append(f"<tr><th>{total_name}</th>{''.join(f'<th>{t}</th>' for t in totals)}</tr>")
    return f'{STYLE}<table class="mm-sheet"><tr><td></td>{head}</tr>{"".join(rows)}</table>'


def message_html(text: str, *, good: bool | None = None, lesson: str | None = None) -> str:
    """One sentence for the learner: neutral, good (green) or a refusal (red); with ``lesson``, a "why?"
    link to the section that teaches the rule (in a new tab, so the table stays as it is). Shown in a box the
    page's script makes a live region (``mm-message-box``, quiz feedback): this markup is rebuilt on every
    update, so it is not one itself."""
    kind = "" if good is None else ("mm-good" if good else "mm-bad")
    why_text = escape(_(WHY))
    why = (
        f' <a class="mm-why" href="{escape(delivery.current().page_address(lesson))}" target="_blank" rel="noopener">{why_text}</a>'
        if lesson
        else ""
    )
    return f'{STYLE}<div class="mm-message {kind}">{escape(text)}{why}</div>'


def keys_html(keys: Sequence[Shortcut]) -> str:
    """A table's keyboard shortcuts, one line under the table, what each does in the kernel's language. The
    page's script makes them work: it reads each letter's button from the list's ``data-mm-keys`` (the
    letters are the same in every language and written once, in :mod:`maumau_core.sentences.access`)."""
    items = " · ".join(
        "<kbd>" + escape(key.keys if key.clicks else _(key.keys)) + "</kbd> " + escape(_(key.does)) for key in keys
    )
    letters = json.dumps({key.keys.lower(): "." + key.clicks for key in keys if key.clicks})
    heading = escape(_(KEYS_HEADING))
    return f'<div class="mm-keys" data-mm-keys="{escape(letters, quote=True)}"><b>{heading}</b> {items}</div>'
