"""The Mao table: play against bots under a secret law, read the referee, find the law.

A view of :class:`~maumau_core.course.mao_session.MaoSession`, which runs the match
and keeps every attempt. Here: the cards as buttons, the words to say, the
Eleusis-style history (accepted cards in a line, refused ones under the card
they were tried on), a short log of what everyone did, the reveal at the
round's end, the guess panel, the detective, the winner's next law, and the
campaign: where the learner is, and every law's difficulty for the detective
and for the learner (from their progress). Above it all, one line says where
the secret law is kept in this delivery (:mod:`maumau_core.delivery`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape

import ipywidgets as w

from maumau_core import delivery
from maumau_core.course.mao_session import MaoSession
from maumau_core.course.progress import Progress
from maumau_core.course.session import Outcome
from maumau_core.engine import table_sentences as say
from maumau_core.engine.actions import Action, Draw, Play, Say
from maumau_core.engine.cards import Card, Suit, sort_hand
from maumau_core.engine.speech import spade_call
from maumau_core.i18n import _
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.law_library import (
    CAMPAIGN,
    GAMES,
    PLAY_LIMIT,
    campaign_label,
    campaign_next,
    campaign_start,
    unlocked,
)
from maumau_core.markup import HTML_MARKS
from maumau_core.sentences import access as say_access
from maumau_core.sentences import mao as say_mao
from maumau_core.widgets.announce import TableNews, news_html
from maumau_core.widgets.common import card_button, enter_sends, replace_children, safely
from maumau_core.widgets.law_tools import GuessPanel, detective_html
from maumau_core.widgets.svg import card_svg
from maumau_core.widgets.table_view import TableView
from maumau_core.widgets.views import bold, keys_html, log_html, message_html, sheet_html, table_html


def history_html(attempts: list[Attempt], first: Card | None, names: tuple[str, ...]) -> str:
    """The round so far, Eleusis-style: a line of accepted cards, refused tries under their card."""
    columns: list[tuple[Card, list[Attempt]]] = [(first, [])] if first is not None else []
    for attempt in attempts:
        if attempt.accepted:
            columns.append((attempt.card, []))
        elif columns:
            columns[-1][1].append(attempt)
    parts = []
    for card, refused in columns:
        below = "".join(
            f"<div title='{escape(say.attempt_title(names[a.player], a.reason))}' "
            f"style='opacity:.55'>{card_svg(a.card, width=34)}</div>"
            for a in refused
        )
        parts.append(
            f"<div style='display:flex;flex-direction:column;align-items:center;gap:2px'>"
            f"{card_svg(card, width=40)}{below}</div>"
        )
    if not parts:
        return "<div class='mm-history'>" + escape(_(say.MAO_NOTHING_YET)) + "</div>"
    return (
        "<div class='mm-history' style='display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start'>"
        + "".join(parts)
        + "</div>"
    )


def campaign_html(place: int | None, progress: Progress) -> str:
    """The campaign ladder: every law's neutral label, the detective's measure and the learner's, the law in
    force marked (``place`` None when a written law is in force)."""
    heads = "".join(f"<th>{say_mao.campaign_heading(column)}</th>" for column in ("law", "detective", "you"))
    rows = []
    for number, entry in enumerate(CAMPAIGN):
        label = campaign_label(entry)
        style = (
            "font-weight:bold;background:#fff4c2"
            if number == place
            else ("" if unlocked(number, progress.laws) else "opacity:.6")
        )
        detective = say_mao.detective_measure(entry.difficulty, entry.unsolved, len(GAMES), PLAY_LIMIT)
        learner = say_mao.learner_measure(progress.laws.get(entry.name))
        rows.append(
            f"<tr style='{style}'><td>{escape(label)}</td><td>{escape(detective)}</td><td>{escape(learner)}</td></tr>"
        )
    return f"<table class='mm-campaign-ladder'><tr>{heads}</tr>{''.join(rows)}</table>"


def law_note_html() -> str:
    """Where this delivery keeps the secret law (on the server, or in the learner's own browser), said plainly
    so a learner knows what a look under the page's hood could show."""
    note = escape(_(delivery.current().law_note))
    return f"<p class='mm-law-note' style='font-family:sans-serif;font-size:.92em;color:#444'>{note}</p>"


class MaoTable(TableView):
    """A Mao match against 2–5 bots under a secret law of the campaign. Display ``table.widget``.

    ``progress`` (the learner's saved record by default) says which laws are solved and keeps new solves.
    """

    def __init__(self, *, bots: int = 3, seed: int = 1, blunder: bool = True, progress: Progress | None = None) -> None:
        self.progress = progress if progress is not None else Progress.load()
        self._seeds = random.Random(seed)  # a new match draws its seed from here (reproducible from the first)
        self._message = w.HTML(message_html(_(say.MAO_START_FIRST)))
        self._message.add_class("mm-message-box")
        self._safe = safely(lambda text: self._say(text, good=False))
        self._bots = w.IntSlider(value=bots, min=2, max=5, description=_("Bots"))
        self._teacher = w.Dropdown(
            options=self._law_choices(), description=_("Law of the next match"), style={"description_width": "initial"}
        ).add_class("mm-law-pick")
        self._blunder = w.Checkbox(value=blunder, description=_("Bots sometimes break the law (more clues)"))
        # Translators: the number a shuffle starts from (the same seed deals the same cards).
        self._seed = w.IntText(value=seed, description=_("Seed"))
        self._start = w.Button(description=_("New match"), button_style="primary").add_class("mm-mao-new")
        self._table = w.HTML()
        self._hand = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("mm-hand")
        self._spade = w.ToggleButton(description=_("Name the spade")).add_class("mm-say-spade")
        # Translators: a button that says the game's word "Mao" (the same in every language).
        self._mao = w.ToggleButton(description=_("Say “{call}”").format(call="Mao")).add_class("mm-say-mao")
        self._draw = w.Button(description=_("Draw"), icon="download").add_class("mm-draw")
        self._go_on = w.Button(description=_("Let the others play"), icon="forward", layout=w.Layout(display="none"))
        self._go_on.add_class("mm-mao-go-on")
        self._history = w.HTML()
        self._log = w.HTML().add_class("mm-log-box")
        self._place = w.HTML().add_class("mm-campaign-place")
        self._ladder = w.HTML(campaign_html(None, self.progress)).add_class("mm-campaign")
        self._reveal = w.HTML().add_class("mm-reveal")
        self._sheet = w.HTML()
        self._next = w.Button(description=_("Next round"), button_style="success", layout=w.Layout(display="none"))
        self._next.add_class("mm-next-round")
        self._ask = w.Button(description=_("Ask the detective"), icon="search").add_class("mm-detective-ask")
        self._advice = w.HTML().add_class("mm-detective-box")
        self._new_law = w.Text(
            # Translators: an example law in the law notation: keep "after 8: red" as it is (the notation is English).
            placeholder=_("e.g. {law}").format(law="after 8: red"),
            description=_("Next law"),
            layout=w.Layout(width="380px"),
        )
        self._new_law.add_class("mm-new-law")
        self._use_law = w.Button(description=_("Use it next round")).add_class("mm-use-law")
        self._writing = enter_sends(
            self._new_law, self._use_law, w.HBox([self._new_law, self._use_law], layout=w.Layout(display="none"))
        )
        self.guess = GuessPanel(lambda: self.session.inquiry if self.session is not None else None, self._solved)
        self._start.on_click(self._safe(lambda _b: self.new_match()))
        self._next.on_click(self._safe(lambda _b: self._next_step()))
        self._draw.on_click(self._safe(lambda _b: self._human(Draw(0))))
        self._go_on.on_click(self._safe(lambda _b: self._let_others_play()))
        self._spade.observe(self._safe(lambda change: self._speak(change, self._spade_word)), "value")
        self._mao.observe(self._safe(lambda change: self._speak(change, lambda: "Mao")), "value")
        self._ask.on_click(self._safe(lambda _b: self.ask_detective()))
        self._use_law.on_click(self._safe(lambda _b: self.write_law(self._new_law.value)))
        self.session: MaoSession | None = None
        self._news = TableNews()
        settings = w.Accordion(
            children=[w.VBox([w.HBox([self._bots, self._seed]), w.HBox([self._blunder, self._teacher])])]
        )
        settings.set_title(0, _("Bots, seed, and a jump to any law of the campaign (for a teacher too)"))
        ladder = w.Accordion(children=[self._ladder])
        ladder.set_title(0, _("The campaign: every law, how hard the detective found it, and how you did"))
        self.widget = w.VBox(
            [
                w.HTML(law_note_html()),
                w.HBox([self._start]),
                settings,
                self._place,
                ladder,
                self._message,
                self._table,
                w.HTML(
                    # Translators: the heading over the learner's cards at the Mao table (keep the <b> tags).
                    _(
                        "<b>Your hand</b> — click a card to play it. A word button pressed before the card is said "
                        "with the play; after a play, the buttons say the word at once:"
                    )
                ),
                self._hand,
                w.HBox([self._spade, self._mao, self._draw, self._go_on]),
                w.HTML(keys_html(say_access.MAO_KEYS)),
                self._next,
                self._writing,
                self._reveal,
                w.HTML(
                    # Translators: the heading over the cards played so far (keep the <b> tags).
                    _(
                        "<b>The table so far</b> (refused cards under the card they were tried on; hover for the "
                        "referee's words)"
                    )
                ),
                self._history,
                w.HTML(bold(_("What happened lately"))),
                self._log,
                self.guess.widget,
                w.HBox([self._ask]),
                self._advice,
                w.HTML(bold(_("Rounds won"))),
                self._sheet,
            ]
        )
        self.widget.add_class("mm-mao-table")

    # ------------------------------------------------------------------ the match

    def new_match(self) -> None:
        """A new deal and the campaign's next law: a fresh seed unless one was typed, the law picked in the
        settings if any (then the dropdown goes back to the campaign), else the next law not yet solved."""
        previous = self.session
        if previous is not None and self._seed.value == previous.seed:
            self._seed.value = self._seeds.randrange(1, 1_000_000)
        solved = set(self.progress.laws)
        picked, self._teacher.value = self._teacher.value, ""
        place = campaign_start(solved) if previous is None else campaign_next(previous.place, solved)
        self.session = MaoSession(
            bots=self._bots.value,
            seed=self._seed.value,
            place=place,
            teacher_law=picked,
            blunder=self._blunder.value,
            progress=self.progress,
        )
        self._deal()

    def _law_choices(self) -> list[tuple[str, str]]:
        """The settings' law dropdown: go on with the campaign, or any law by its neutral label (a solved one
        marked). Only the labels reach the page; the values (law names) stay in the kernel."""
        return [(say_mao.next_in_campaign(), "")] + [
            (
                say_mao.solved_mark(campaign_label(entry))
                if entry.name in self.progress.laws
                else campaign_label(entry),
                entry.name,
            )
            for entry in CAMPAIGN
        ]

    def _dealt(self) -> None:
        self._reveal.value = self._advice.value = ""
        self._writing.layout.display = "none"
        self.guess.feedback.value = ""
        self.guess.show_count()
        self._show_campaign()

    def _human(self, action: Action) -> None:
        outcome = self._move(action)
        if outcome is None:
            return
        self._show(outcome)
        if not outcome.done:
            return
        self._spade.value = self._mao.value = False
        self._render()

    def _show(self, outcome: Outcome) -> None:
        """The step's message; at a round's end the reveal, and the law-writing box for a winner."""
        assert self.session is not None
        self._message.value = message_html(outcome.message, good=outcome.good, lesson=outcome.lesson)
        reveal = self.session.reveal()
        if reveal is None:
            return
        self._reveal.value = (
            f"<div class='mm-reveal-box'>"
            f"{say.law_revealed(reveal.winner, reveal.law, reveal.description, HTML_MARKS)}</div>"
        )
        if reveal.match_over:
            self._reveal.value += f"<p><b>{say.mao_match_won(reveal.learner_won_match)}</b></p>"
        self._next.description = _("New match") if reveal.match_over else _("Next round")
        self._writing.layout.display = "" if self.session.may_write_law else "none"

    def _speak(self, change: dict[str, object], word: Callable[[], str]) -> None:
        """A word button: before a play it marks the word to say with it; right after a play, it says it."""
        session = self.session
        if not change["new"] or session is None or not session.speaking:
            return
        outcome = session.move(Say(0, (word(),)))
        self._spade.value = self._mao.value = False
        self._show(outcome)
        self._render()

    def _spade_word(self) -> str:
        """The spade call for the card just played (a non-spade gets the bare word, which the referee judges)."""
        assert self.session is not None and self.session.round is not None
        top = self.session.round.top
        return spade_call(top) if top.suit is Suit.SPADES else "spade"

    def _let_others_play(self) -> None:
        assert self.session is not None
        outcome = self.session.go_on()
        self._show(outcome)
        self._render()

    def _on_card(self, card: Card) -> None:
        words = []
        if self._spade.value:
            words.append(spade_call(card) if card.suit is Suit.SPADES else "spade")
        if self._mao.value:
            words.append("Mao")
        self._human(Play(0, (card,), None, tuple(words)))

    def write_law(self, text: str) -> None:
        if self.session is None:
            self._say(_(say.MAO_START_MATCH_FIRST), good=False)
            return
        outcome = self.session.write_law(text)
        self._say(outcome.message, good=outcome.good)

    def ask_detective(self) -> None:
        session = self.session
        if session is None or session.round is None:
            self._advice.value = escape(_(say.MAO_START_MATCH_FIRST))
            return
        self._advice.value = detective_html(session.rounds, session.round.top, session.round.hands[0], session.inquiry)

    def _solved(self) -> str | None:
        """A right guess: the session records a campaign law solved; the campaign views catch up."""
        assert self.session is not None
        sentence = self.session.record_solve()
        self._say(_(say.MAO_SOLVED), good=True)
        self._show_campaign()
        return sentence

    def _show_campaign(self) -> None:
        """Where the learner is in the campaign, the ladder, and the law dropdown's solved marks."""
        session = self.session
        entry = session.entry if session is not None else None
        place = CAMPAIGN.index(entry) if entry is not None else None
        if session is not None:
            self._place.value = (
                say_mao.campaign_place(campaign_label(entry), len(self.progress.laws), len(CAMPAIGN))
                if entry is not None
                else say_mao.written_law_in_force()
            )
        self._ladder.value = campaign_html(place, self.progress)
        picked = self._teacher.value
        self._teacher.options = self._law_choices()
        self._teacher.value = picked

    # ------------------------------------------------------------------ showing

    def _render(self) -> None:
        session = self.session
        if session is None or session.round is None:
            return
        round_ = session.round
        seats = session.seats
        self._table.value = table_html(round_, me=0, names=seats.names)
        self._message.value += news_html(self._news.update(round_, me=0, names=seats.names))
        speaking = session.speaking
        replace_children(
            self._hand,
            [
                card_button(card, on_click=None if speaking else self._safe(self._on_card))
                for card in sort_hand(round_.hands[0])
            ],
        )
        self._draw.disabled = not session.my_turn
        self._go_on.layout.display = "" if speaking else "none"
        if speaking:
            self._message.value += message_html(_(say.MAO_SPEAK_NOW))
        self._history.value = history_html(session.rounds[-1], session.first, seats.names)
        self._log.value = log_html(session.log())
        self._sheet.value = sheet_html(session.match, me=0)
        self._next.layout.display = "" if round_.result is not None else "none"
