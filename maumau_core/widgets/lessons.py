"""Lesson widgets: step through a frozen table, check yourself, compare two rule sets, explore.

Each takes its truth from the library: a step replays a scenario action
through a round, a quiz's right answer is computed from a round, a
comparison runs the same table under two presets. A check-yourself widget
built with its id (declared in ``maumau_core.course.outline.CHECKS``) saves a right
answer in the learner's progress, so the course map can count it.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from maumau_core import scenario
from maumau_core.course.outline import check_id
from maumau_core.course.practice import points_verdict, why_playable
from maumau_core.course.progress import Progress
from maumau_core.engine.cards import Card, Suit, in_local_letters, make_deck, sort_hand
from maumau_core.engine.options import differences
from maumau_core.engine.refusals import IllegalAction
from maumau_core.engine.round import Round
from maumau_core.engine.rules import preset
from maumau_core.engine.table_sentences import refused_step
from maumau_core.errors import BadCard
from maumau_core.i18n import N_, _, current, ngettext
from maumau_core.sentences import practice as say
from maumau_core.widgets.common import card_button, enter_sends, safely
from maumau_core.widgets.svg import card_svg, cards_row
from maumau_core.widgets.views import bold, log_html, message_html, table_html


def passed(check: str | None) -> None:
    """Save a check answered right. The file is read afresh: other pages (other kernels) save there too."""
    if check is not None:
        Progress.load().pass_check(check)


def check_yourself(question: str) -> str:
    """A check-yourself question's heading: the label in bold, then the question (plain text)."""
    # Translators: the label in front of a check-yourself question.
    label = _("Check yourself:")
    return f"{bold(label)} {escape(question)}"


class StepThrough:
    """A frozen table situation, replayed one action at a time with the library's explanations."""

    def __init__(self, situation: dict[str, Any], *, title: str = "") -> None:
        self._situation = situation
        self._title = f"<h3>{escape(title)}</h3>" if title else ""  # under a lesson's section (h2)
        self._table = w.HTML()  # the title and the table
        self._story = w.HTML()  # what comes next, then what happened so far
        self._next = w.Button(description=_("Next step ▶"), button_style="primary").add_class("mm-step-next")
        self._reset = w.Button(description=_("Start again")).add_class("mm-step-reset")
        safe = safely(lambda text: setattr(self._story, "value", message_html(text, good=False)))
        self._next.on_click(safe(lambda _b: self.step()))
        self._reset.on_click(safe(lambda _b: self.restart()))
        # Few widgets on purpose: every widget is a model the page must fetch before it shows anything.
        self.widget = w.VBox([self._table, w.HBox([self._next, self._reset]), self._story]).add_class("mm-step-through")
        self.restart()

    def restart(self) -> None:
        self.round = scenario.build(copy.deepcopy(self._situation))
        self._done = 0
        self._lines: list[str] = []
        self._show()

    def step(self) -> None:
        """Apply the next action of the situation and narrate what it caused."""
        actions = self._situation.get("actions", [])
        if self._done >= len(actions):
            return
        entry = actions[self._done]
        self._done += 1
        try:
            events = self.round.apply(scenario.parse_action(entry, self.round.players))
            # The events say what happened, the play included: the attempt is not told twice.
            self._lines.append(f"<div>{escape(' '.join(event.sentence for event in events))}</div>")
        except (IllegalAction, BadCard) as error:
            tried, refused = refused_step(scenario.describe_action(entry), str(error))
            self._lines.append(f"<div><b>{escape(tried)}</b> <span class='mm-bad'>{escape(refused)}</span></div>")
        self._show()

    def _show(self) -> None:
        actions = self._situation.get("actions", [])
        self._table.value = self._title + table_html(self.round, show_all=True)
        left = len(actions) - self._done
        self._next.disabled = left == 0
        upcoming = (
            # Translators: the next step of a table situation, e.g. "Next: Player 1 plays the 7 of hearts."
            _("Next: {action}.").format(action=scenario.describe_action(actions[self._done]))
            if left
            else _("That is the whole situation.")
        )
        self._story.value = message_html(upcoming) + log_html([]) + "".join(self._lines)


class Quiz:
    """A "check yourself" question: pick an answer, get told why it is right or wrong."""

    def __init__(
        self,
        question: str,
        options: Sequence[str],
        answer: str,
        *,
        why: str,
        wrong: dict[str, str] | None = None,
        check: str | None = None,
    ) -> None:
        self.answer = answer
        self.check_id = check_id(check) if check is not None else None
        self._why = why
        self._wrong = wrong or {}
        self._choice = w.RadioButtons(
            options=[(in_local_letters(option), option) for option in options],
            value=None,
            layout=w.Layout(width="auto"),
        )
        self._choice.add_class("mm-quiz-choice")
        self._check = w.Button(description=_("Check my answer"), button_style="info").add_class("mm-quiz-check")
        self._feedback = w.HTML().add_class("mm-quiz-feedback")
        self._check.on_click(safely(self._say)(lambda _b: self.check()))
        self.widget = w.VBox([w.HTML(check_yourself(question)), self._choice, self._check, self._feedback])
        self.widget.add_class("mm-quiz")

    def check(self) -> bool:
        choice = self._choice.value
        if choice is None:
            self._say(say.pick_an_answer_first())
            return False
        if choice == self.answer:
            self._feedback.value = message_html(say.right(self._why), good=True)
            passed(self.check_id)
            return True
        self._feedback.value = message_html(say.not_quite(self._why, self._wrong.get(choice, "")), good=False)
        return False

    def _say(self, text: str) -> None:
        self._feedback.value = message_html(text)


class PlayableCardsQuiz:
    """ "Which of these cards may be played?": click cards, then check; the round knows the answer."""

    def __init__(
        self,
        situation: dict[str, Any],
        *,
        question: str = N_("Which of your cards may be played?"),
        check: str | None = None,
    ) -> None:
        self.check_id = check_id(check) if check is not None else None
        self.round = scenario.build(copy.deepcopy(situation))
        self._me = self.round.turn
        self.answer = set(self.round.playable_cards(self._me))
        self._picked: set[Card] = set()
        self._cards = w.HBox()
        self._check = w.Button(description=_("Check my answer"), button_style="info").add_class("mm-quiz-check")
        self._feedback = w.HTML().add_class("mm-quiz-feedback")
        self._safe = safely(lambda text: setattr(self._feedback, "value", message_html(text)))
        self._check.on_click(self._safe(lambda _b: self.check()))
        # The default question is a message (said here); a page's own question comes translated already.
        asked = _(question) + " " + _("Click them, then check.")
        self.widget = w.VBox(
            [
                w.HTML(check_yourself(asked)),
                w.HTML(table_html(self.round, me=self._me)),
                self._cards,
                self._check,
                self._feedback,
            ]
        )
        self.widget.add_class("mm-quiz")
        self._show()

    def toggle(self, card: Card) -> None:
        self._picked ^= {card}
        self._show()

    def _show(self) -> None:
        buttons = []
        for card in sort_hand(self.round.hands[self._me]):
            buttons.append(card_button(card, picked=card in self._picked, on_click=self._safe(self.toggle)))
        self._cards.children = buttons

    def check(self) -> bool:
        if self._picked == self.answer:
            self._feedback.value = message_html(say.playable_right(sort_hand(list(self.answer))), good=True)
            passed(self.check_id)
            return True
        wrong = sort_hand(list(self._picked - self.answer))
        refused = [(card, str(self.round.why_not(card, self._me))) for card in wrong]
        missed = [(card, why_playable(self.round, card)) for card in sort_hand(list(self.answer - self._picked))]
        self._feedback.value = message_html(say.playable_wrong(refused, missed), good=False)
        return False


class CompareRules:
    """The same table under two presets, side by side, with what differs explained."""

    def __init__(
        self,
        situation: dict[str, Any],
        first: str = "classic",
        second: str = "simple32",
        choices: Sequence[str] = ("classic", "simple32", "german32", "tschau-sepp"),
    ) -> None:
        self._situation = situation
        self._first = w.Dropdown(options=list(choices), value=first, description=_("Rules A"))
        self._second = w.Dropdown(options=list(choices), value=second, description=_("Rules B"))
        self._out = w.HTML().add_class("mm-compare")
        run = safely(lambda text: setattr(self._out, "value", message_html(text, good=False)))(lambda _c: self.show())
        self._first.observe(run, "value")
        self._second.observe(run, "value")
        self.widget = w.VBox([w.HBox([self._first, self._second]), self._out])
        self.show()

    def outcome(self, name: str) -> list[str]:
        """What each action does under preset ``name`` (options of the situation are kept)."""
        data = {**copy.deepcopy(self._situation), "rules": name}
        result = scenario.run(data)
        lines = []
        for entry, res in zip(data.get("actions", []), result["results"]):
            if res["ok"]:
                lines.append(f"<li>{escape(' '.join(res['events']))}</li>")
            else:
                tried, refused = refused_step(scenario.describe_action(entry), res["message"])
                lines.append(f"<li><b>{escape(tried)}</b> {escape(refused)}</li>")
        state = result["state"]
        # Translators: the end of a table situation; {top} is a card in notation ("7H").
        end = ngettext(
            "At the end: top {top}, player {player} to move, {count} card waiting to be drawn.",
            "At the end: top {top}, player {player} to move, {count} cards waiting to be drawn.",
            state["pending_draw"],
        ).format(top=state["top"], player=state["turn"], count=state["pending_draw"])
        lines.append(f"<li>{escape(end)}</li>")
        return lines

    def show(self) -> None:
        a, b = self._first.value, self._second.value
        columns = "".join(
            f"<div style='flex:1;min-width:260px'><h3>{escape(name)}</h3><ul>{''.join(self.outcome(name))}</ul></div>"
            for name in (a, b)
        )
        why = (
            "".join(
                f"<li><b>{escape(row.label)}</b> (<code>{row.option}</code>): {escape(a)} {escape(row.first)} "
                f"· {escape(b)} {escape(row.second)} — {escape(row.explanation)}</li>"
                for row in differences(preset(a), preset(b))
            )
            or "<li>" + escape(_("These two presets are the same.")) + "</li>"
        )
        differs = _("What differs between {first} and {second}:").format(first=a, second=b)
        self._out.value = (
            f"<div style='display:flex;gap:24px;flex-wrap:wrap'>{columns}</div>{bold(differs)}<ul>{why}</ul>"
        )


class DeckExplorer:
    """Show any deck of the course, with its size and its lowest card."""

    def __init__(self) -> None:
        self._size = w.ToggleButtons(
            # Translators: the decks' sizes, with the deck's name in brackets.
            options=[(_("32 (Skat)"), 32), (_("36 (Swiss)"), 36), ("52", 52), (_("104 (two decks)"), 104)],
            value=32,
            description=_("Deck"),
        )
        self._four = w.Checkbox(description=_("Four-colour suits"))
        self._out = w.HTML()
        update = safely(lambda text: setattr(self._out, "value", message_html(text)))(lambda _c: self.show())
        self._size.observe(update, "value")
        self._four.observe(update, "value")
        self.widget = w.VBox([w.HBox([self._size, self._four]), self._out])
        self.show()

    def show(self) -> None:
        deck = make_deck(self._size.value)
        one = sorted(set(deck), key=lambda c: (c.suit.value, c.rank.order))
        by_suit: dict[Suit, list[Card]] = {}
        for card in one:
            by_suit.setdefault(card.suit, []).append(card)
        # Translators: a suit and its name in the Bavarian deck (Herz, Schellen, Eichel, Laub), e.g.
        # "hearts (Bavarian deck: Herz)".
        named = _("{suit} (Bavarian deck: {bavarian})")
        rows = "".join(
            f"<div>{cards_row(cards, width=38, four_colour=self._four.value)} "
            f"<i>{escape(named.format(suit=suit.noun, bavarian=suit.bavarian))}</i></div>"
            for suit, cards in by_suit.items()
        )
        size = _("{count} cards, from {lowest} to ace in each of 4 suits.").format(
            count=len(deck), lowest=one[0].rank.word
        )
        copies = " " + _("Every card appears twice.") if self._size.value == 104 else ""
        self._out.value = f"<p>{escape(size + copies)}</p>{rows}"


class MatchFinder:
    """Pick a top card and see which cards of the deck match it by rank or by suit."""

    def __init__(self, top: str = "9H") -> None:
        self._top = w.Text(
            value=top,
            description=_("Top card"),
            # Translators: an example of the card notation: keep "9H" and "10♥" as they are.
            placeholder=_("e.g. {card} or {other}").format(card="9H", other="10♥"),
        ).add_class("mm-top-input")
        self._out = w.HTML().add_class("mm-match-out")
        show = safely(lambda text: setattr(self._out, "value", message_html(text, good=False)))
        self._top.observe(show(lambda _c: self.show()), "value")
        self.widget = w.VBox([self._top, self._out])
        self.show()

    def show(self) -> None:
        try:
            top = Card.parse(self._top.value, language=current())  # the page's own letters too (R♥ in French)
        except BadCard as error:
            self._out.value = message_html(str(error), good=False)
            return
        # The round decides what fits: hold the rest of the deck and ask it (jacks are wild in simple32).
        rest = [card for card in make_deck(32) if card is not top]
        fits = Round(preset("simple32"), [rest, []], [top], []).playable_cards(0)
        by_rank = [c for c in fits if c.rank is top.rank]
        by_suit = [c for c in fits if c.suit is top.suit and c.rank is not top.rank]
        # Translators: {rank} is a rank's name ("nine", "jack"): the cards of the same rank follow.
        same_rank = escape(_("Same rank ({rank}):").format(rank=top.rank.word))
        # Translators: {suit} is a suit in the plural ("hearts"): the cards of the same suit follow.
        same_suit = escape(_("Same suit ({suit}):").format(suit=top.suit.noun))
        explained = escape(
            _(
                "In a 32-card deck, these are the cards that match by rank or suit. A jack fits too in "
                "most rule sets, because it is wild."
            )
        )
        self._out.value = (
            f"<div style='display:flex;gap:16px;align-items:center'>{card_svg(top, width=70)}"
            f"<div>{same_rank} {cards_row(by_rank, width=34)}<br>"
            f"{same_suit} {cards_row(by_suit, width=34)}</div></div>"
            f"<p>{explained}</p>"
        )


class PointsQuiz:
    """Type the points of a hand; the library counts them (and explains the count)."""

    def __init__(self, hand: Sequence[str], *, check: str | None = None) -> None:
        self.check_id = check_id(check) if check is not None else None
        self.cards = [Card.parse(text) for text in hand]
        self._entry = w.Text(description=_("Points"), placeholder=_("a number")).add_class("mm-points-entry")
        self._check = w.Button(description=_("Check my answer"), button_style="info").add_class("mm-quiz-check")
        self._feedback = w.HTML().add_class("mm-quiz-feedback")
        self._check.on_click(
            safely(lambda t: setattr(self._feedback, "value", message_html(t)))(lambda _b: self.check())
        )
        self.widget = w.VBox(
            [
                w.HTML(
                    check_yourself(_("How many points is this hand worth to its owner when someone else goes out?"))
                ),
                w.HTML(cards_row(self.cards)),
                enter_sends(self._entry, self._check),
                self._feedback,
            ]
        )
        self.widget.add_class("mm-quiz")

    def check(self) -> bool:
        verdict = points_verdict(self.cards, self._entry.value)
        self._feedback.value = message_html(verdict.sentence, good=verdict.right)
        if verdict.right:
            passed(self.check_id)
        return verdict.right
