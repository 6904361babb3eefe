"""The rule sets in plain words: the rows of the rule-set table and of the cheat sheets, from the options.

Each row is worked out from a :class:`~maumau_core.engine.rules.Rules` value, so a
house rule shows up in it (``rows(preset("classic", ace="skip"))`` says that
an ace skips); the words come from :mod:`maumau_core.sentences.rule_sets`.
This module decides which sentence a row needs and with what data; it builds
no sentence itself. A table whose words are judged by a referee is a Mao
table: it has a referee who keeps a secret law.

>>> row("simple32", "ace")
'An ace skips the next player (with two players, you play again).'
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from maumau_core.engine.cards import DECK_LOW_RANK, Rank
from maumau_core.engine.rules import Rules, preset
from maumau_core.markup import HTML_MARKS, NO_MARKS, Marks
from maumau_core.sentences import rule_sets as say

#: Every row, in the order it is shown.
ROWS: tuple[str, ...] = tuple(say.ROW_LABELS)

#: The four rule sets of the Mau Mau family (Mao has its own pages).
MAU_MAU: tuple[str, ...] = ("classic", "simple32", "german32", "tschau-sepp")


@dataclass(frozen=True)
class Row:
    """One row of a rule set in words: its key in :data:`ROWS`, its label, its text."""

    key: str
    label: str
    text: str


def _rules(rules: Rules | str) -> Rules:
    return preset(rules) if isinstance(rules, str) else rules


def refereed(rules: Rules) -> bool:
    """A Mao table: a referee judges every word, and keeps a secret law."""
    return rules.speech == "mao"


def _powers(rules: Rules) -> list[Rank]:
    """The ranks that act when played, wild cards aside: draw card, skip card, an ace with a power."""
    ranks = [rules.draw_card, rules.skip_card, Rank.ACE if rules.ace != "none" else None]
    found: list[Rank] = []
    for rank in ranks:
        if rank is not None and rank not in found:
            found.append(rank)
    return sorted(found, key=lambda rank: rank.order)


def row(rules: Rules | str, key: str, marks: Marks = NO_MARKS) -> str:
    """The text of one row for a rule set (a preset's name or any :class:`Rules`)."""
    r = _rules(rules)
    law = refereed(r)
    if key == "deck":
        full_from = r.full_deck_from if r.deck < 52 else None
        return say.deck(
            r.deck,
            DECK_LOW_RANK[r.deck],
            full_from,
            r.two_decks_from if r.deck == 52 or full_from is not None else None,
            marks,
        )
    if key == "players":
        return say.players(r.min_players, r.max_players)
    if key == "deal":
        return say.deal(r.hand_size, r.hand_size_two_players)
    if key == "start":
        return say.start(marks)
    if key == "first_card":
        return say.first_card(_powers(r), r.first_card == "applies", r.wild_card, marks)
    if key == "turn":
        return say.turn(r.several_cards, law, r.wild_card, marks)
    if key == "draw_card":
        return say.draw_card(r.draw_card, r.draw_count, r.draw_stacking, r.draw_stack_max, r.wild_card, marks)
    if key == "skip_card":
        eight_is_plain = Rank.EIGHT not in (r.draw_card, r.wild_card)
        return say.skip_card(r.skip_card, r.skip_stacking, eight_is_plain, marks)
    if key == "wild_card":
        return say.wild_card(r.wild_card, r.wild_on_wild, r.wild_last, marks)
    if key == "ace":
        return say.ace(r.ace, marks)
    if key == "last_card":
        return say.last_card(r.draw_card, r.skip_card, r.ace, r.wild_card)
    if key == "blocked":
        return say.blocked(r.draw_when_able, r.play_drawn, r.keep_drawn, r.draw_until_playable, marks)
    if key == "bad_play":
        return say.bad_play(r.invalid_play_penalty, r.invalid_play_ends_turn, r.out_of_turn_penalty, law, marks)
    if key == "calls":
        return (
            say.speech(r.call_one, r.call_out, r.call_penalty, marks)
            if law
            else say.calls(r.call_one, r.call_out, marks)
        )
    if key == "missed_call":
        if law:
            return say.missed_word(r.call_out, r.call_penalty, marks)
        return say.missed_call(
            r.call_out,
            r.call_penalty,
            r.call_window == "next-turn-end",
            r.out_call_forgotten == "flag-or-win",
            (r.call_one, r.call_out) != (None, None),
            marks,
        )
    if key == "referee":
        return say.referee(marks) if law else say.watchers(marks)
    if key == "stuck":
        return say.stuck(r.stuck == "void", r.rebuilds, marks)
    if key == "match":
        return say.match(r.scoring, r.target, r.target_must_pass, r.rounds, r.tiebreak == "extra-round", marks)
    raise KeyError(key)


def rows(rules: Rules | str, marks: Marks = NO_MARKS) -> tuple[Row, ...]:
    """Every row of a rule set, in order."""
    r = _rules(rules)
    return tuple(Row(key, say.row_label(key), row(r, key, marks)) for key in ROWS)


# ------------------------------------------------------------------ HTML views

TABLE_STYLE = """<style>
.mm-rule-sets {border-collapse:collapse;font-family:sans-serif;font-size:0.92em;line-height:1.35;width:100%}
.mm-rule-sets caption {text-align:left;padding:4px 0;color:#444}
.mm-rule-sets th, .mm-rule-sets td {border:1px solid #ccd;padding:5px 7px;vertical-align:top;text-align:left}
.mm-rule-sets thead th {background:#eef1f7}
.mm-rule-sets tbody th {background:#f7f8fb;width:11em;font-weight:600}
.mm-rule-sets td.mm-all {background:#fbfbf6}
</style>"""


def comparison_html(names: Sequence[str] = MAU_MAU) -> str:
    """The rule sets side by side, a row per rule; a row that reads the same for all is one wide cell."""
    sets = [preset(name) for name in names]
    head = "".join(f"<th scope='col'>{escape(name)}</th>" for name in names)
    body = []
    for key in ROWS:
        texts = [row(rules, key, HTML_MARKS) for rules in sets]
        if len(set(texts)) == 1:
            cells = f"<td class='mm-all' colspan='{len(texts)}'>{texts[0]}</td>"
        else:
            cells = "".join(f"<td>{text}</td>" for text in texts)
        body.append(f"<tr><th scope='row'>{escape(say.row_label(key))}</th>{cells}</tr>")
    return (
        f"{TABLE_STYLE}<table class='mm-rule-sets'><caption>{escape(say.table_caption())}</caption>"
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


SHEET_STYLE = """
@page { size: A4; margin: 11mm 13mm; }
* { box-sizing: border-box; }
html { background: #fff; color: #111; }
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 9.6pt; line-height: 1.33;
       margin: 0 auto; max-width: 184mm; padding: 4mm 0; }
header { border-bottom: 2pt solid #0b6b2b; margin-bottom: 2.5mm; padding-bottom: 1.5mm; }
.kicker { color: #555; font-size: 8.5pt; letter-spacing: 0.04em; text-transform: uppercase; }
h1 { font-size: 17pt; margin: 0.5mm 0 1mm; }
.note { margin: 1mm 0; }
.suit { font-size: 1.2em; line-height: 1; }
.red { color: #c8102e; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 0.5pt solid #bbb; padding: 1.3mm 1.6mm; text-align: left; vertical-align: top; }
th { font-weight: 600; width: 34mm; color: #0b4f23; }
tr { break-inside: avoid; page-break-inside: avoid; }
b { font-weight: 700; }
footer { color: #555; font-size: 8pt; margin-top: 2mm; }
@media print { body { padding: 0; } }
"""


def _symbols_in_colour(text: str) -> str:
    """Suit symbols a little larger, hearts and diamonds in red as on the cards (the text is HTML already)."""
    for symbol, kind in (("♣", "suit"), ("♠", "suit"), ("♥", "suit red"), ("♦", "suit red")):
        text = text.replace(symbol, f"<span class='{kind}'>{symbol}</span>")
    return text


def cheat_sheet_html(rules: Rules | str) -> str:
    """A rule set on one printable A4 page: a complete HTML document, suits shown as symbols and names."""
    r = _rules(rules)
    lines = "".join(
        f"<tr><th scope='row'>{escape(item.label)}</th><td>{_symbols_in_colour(item.text)}</td></tr>"
        for item in rows(r, HTML_MARKS)
    )
    changed = f"<p class='note'>{escape(say.house_rules_changed())}</p>" if r.changes() else ""
    title = escape(say.sheet_title(r.name))
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{title}</title>"
        f"<style>{SHEET_STYLE}</style></head><body>"
        f"<header><div class='kicker'>{escape(say.sheet_kicker())}</div><h1>{title}</h1>"
        f"<p class='note'>{_symbols_in_colour(say.suits_line(HTML_MARKS))}</p>{changed}</header>"
        f"<table>{lines}</table><footer>{escape(say.sheet_footer())}</footer></body></html>\n"
    )


def cheat_sheet_file_name(rules: Rules | str) -> str:
    """The file name a downloaded cheat sheet gets: ``mau-mau-classic.html``."""
    return f"mau-mau-{_rules(rules).name}.html"


def cheat_sheet_link_html(rules: Rules | str) -> str:
    """A link that saves the cheat sheet as a file, the sheet itself inside the link (no server needed)."""
    r = _rules(rules)
    data = base64.b64encode(cheat_sheet_html(r).encode("utf-8")).decode("ascii")
    return (
        f"<a class='mm-sheet-download' download='{escape(cheat_sheet_file_name(r))}' "
        f"href='data:text/html;base64,{data}' style='color:#0645ad;text-decoration:underline'>"
        f"{escape(say.download_label(r.name))}</a>"
    )
