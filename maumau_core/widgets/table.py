"""The playable table: choose rules and bots, then play a match with clicks.

A view of :class:`~maumau_core.course.session.TableSession`: every click becomes
one of the library's actions given to the session, which answers with the
sentences to show (a refused click changes nothing). Nothing here decides a
rule or runs the match.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from maumau_core.course.session import Outcome, TableSession
from maumau_core.engine import table_sentences as say
from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play
from maumau_core.engine.cards import Card, Suit, sort_hand
from maumau_core.engine.options import OPTIONS
from maumau_core.engine.rules import Rules
from maumau_core.i18n import _
from maumau_core.sentences import access as say_access
from maumau_core.widgets.announce import TableNews, news_html
from maumau_core.widgets.common import card_button, plain_button, replace_children, safely
from maumau_core.widgets.options import OptionPanel
from maumau_core.widgets.previews import TABLE_PRESETS
from maumau_core.widgets.table_view import TableView
from maumau_core.widgets.views import bold, keys_html, log_html, message_html, sheet_html, table_html

#: The house-rule panel shows every option but those with no meaning for one learner against bots: the
#: player count is the bots slider, Mao's speech is Mao's own table, and the learner never moves out of turn.
TABLE_OPTIONS = [
    name for name in OPTIONS if name not in ("min_players", "max_players", "speech", "out_of_turn_penalty")
]


def say_call(call: str) -> str:
    """A call button's label: the call itself (a word of the game, the same in every language) in quotes."""
    # Translators: a button that says a call of the game with the next play; {call} is "Mau", "Mau Mau", …
    return _("Say “{call}”").format(call=call)


class PlayTable(TableView):
    """A match against 1–5 bots. Display it with ``table.widget`` (it never displays itself)."""

    def __init__(self, *, rules: str = "classic", bots: int = 3, seed: int = 1, beginner: bool = False) -> None:
        self._message = w.HTML(message_html(_(say.START_FIRST))).add_class("mm-message-box")
        show = self._say
        self._safe = safely(show)
        self._preset = w.Dropdown(options=TABLE_PRESETS, value=rules, description=_("Rules"))
        self._house_rules = OptionPanel(TABLE_OPTIONS)
        self._bots = w.IntSlider(value=bots, min=1, max=5, description=_("Bots"))
        self._strength = w.Dropdown(
            # Translators: how the bots choose their moves: the sensible way, or at random.
            options=[(_("greedy (sensible)"), "greedy"), (_("random"), "random")],
            description=_("Bots play"),
        )
        # Translators: the number a shuffle starts from (the same seed deals the same cards).
        self._seed = w.IntText(value=seed, description=_("Seed"))
        self._beginner = w.Checkbox(value=beginner, description=_("Beginner mode: show every hand"))
        self._four = w.Checkbox(value=False, description=_("Four-colour deck"))
        self._start = w.Button(description=_("New match"), button_style="primary").add_class("mm-new-match")
        self._table = w.HTML()
        self._hand = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("mm-hand")
        self._suits = w.HBox([self._suit_button(suit) for suit in Suit], layout=w.Layout(display="none"))
        self._suits.add_class("mm-suits")
        self._draw = w.Button(description=_("Draw"), icon="download").add_class("mm-draw")
        self._keep = w.Button(description=_("Keep the card (pass)")).add_class("mm-pass")
        self._call_one = w.ToggleButton(description=say_call("Mau")).add_class("mm-call-one")
        self._call_out = w.ToggleButton(description=say_call("Mau Mau")).add_class("mm-call-out")
        self._all_rank = w.ToggleButton(description=_("Play all of that rank"))
        self._flags = w.HBox()
        self._log = w.HTML().add_class("mm-log-box")
        self._sheet = w.HTML()
        self._next = w.Button(description=_("Next round"), button_style="success", layout=w.Layout(display="none"))
        self._next.add_class("mm-next-round")
        self._preset.observe(self._safe(lambda _c: self._reset_controls()), "value")
        self._start.on_click(self._safe(lambda _b: self.new_match()))
        self._next.on_click(self._safe(lambda _b: self._next_step()))
        self._draw.on_click(self._safe(lambda _b: self._human(Draw(self._me))))
        self._keep.on_click(self._safe(lambda _b: self._human(Pass(self._me))))
        self._reset_controls()
        self.session: TableSession | None = None
        self._pending_wild: Play | None = None
        self._news = TableNews()
        settings = w.Accordion(
            children=[
                w.VBox(
                    [
                        w.HBox([self._bots, self._strength, self._seed]),
                        w.HBox([self._beginner, self._four]),
                        self._house_rules.widget,
                    ]
                )
            ]
        )
        settings.set_title(0, _("House rules, bots and seed"))
        self.widget = w.VBox(
            [
                w.HBox([self._preset, self._start]),
                settings,
                self._message,
                self._table,
                # Translators: the heading over the learner's cards (keep the <b> tags); {hint} says which cards
                # may be played.
                w.HTML(_("<b>Your hand</b> ({hint}):").format(hint=escape(say_access.hand_hint()))),
                self._hand,
                self._suits,
                w.HBox([self._draw, self._keep, self._call_one, self._call_out, self._all_rank]),
                w.HTML(keys_html(say_access.TABLE_KEYS)),
                self._flags,
                self._next,
                w.HTML(bold(_("What happened"))),
                self._log,
                w.HTML(bold(_("Score sheet"))),
                self._sheet,
            ]
        )
        self.widget.add_class("mm-play-table")

    # ------------------------------------------------------------------ settings

    def _reset_controls(self) -> None:
        self._house_rules.reset(self._preset.value)

    def rules(self) -> Rules:
        """The rules the settings describe."""
        return self._house_rules.rules(self._preset.value)

    # ------------------------------------------------------------------ the match

    @property
    def _me(self) -> int:
        """The learner's seat in the round being played (-1 while watching a tiebreak)."""
        me = self.session.me if self.session is not None else 0
        return -1 if me is None else me

    def new_match(self) -> None:
        """Start a match with the chosen rules, bots and seed."""
        self.session = TableSession(
            self.rules(), bots=self._bots.value, seed=self._seed.value, strength=self._strength.value
        )
        self._deal()

    def _dealt(self) -> None:
        assert self.session is not None
        rules = self.session.match.rules
        self._call_one.description = say_call(rules.call_one) if rules.call_one else _("(no call)")
        self._call_out.description = say_call(rules.call_out) if rules.call_out else _("(no call)")
        self._all_rank.layout.display = "" if rules.several_cards else "none"

    def _human(self, action: Action) -> None:
        """A learner's action, given to the session: refused with its reason, or taken and answered."""
        outcome = self._move(action)
        if outcome is None:
            return
        if outcome.needs_suit and isinstance(action, Play):
            self._pending_wild = action
            self._suits.layout.display = ""
            self._say(say.name_the_suit(action.card))
            return
        self._show(outcome)
        if not outcome.done:
            return  # nothing changed, so only the message is redrawn
        self._call_one.value = self._call_out.value = False
        self._render()

    def _show(self, outcome: Outcome) -> None:
        self._message.value = message_html(outcome.message, good=outcome.good, lesson=outcome.lesson)
        step = self.session.next_step if self.session is not None else None
        self._next.description = {"new-match": _("New match"), "tiebreak": _("Play the tiebreak")}.get(
            step or "", _("Next round")
        )

    # ------------------------------------------------------------------ clicks on cards

    def _on_card(self, card: Card) -> None:
        round_ = self.session.round if self.session is not None else None
        if round_ is None:
            self._say(_(say.NO_ROUND), good=False)
            return
        cards: tuple[Card, ...] = (card,)
        if self._all_rank.value:
            cards = (card, *[c for c in round_.hands[self._me] if c.rank is card.rank and c is not card])
        self._human(Play(self._me, cards, None, self._words()))

    def _suit_button(self, suit: Suit) -> w.Button:
        # Translators: the tooltip of a suit button after a jack, e.g. "name hearts".
        button = w.Button(description=f"{suit.symbol} {suit.noun}", tooltip=_("name {suit}").format(suit=suit.noun))
        button.add_class(f"mm-suit-{suit.value}")
        button.on_click(self._safe(lambda _b: self._name_suit(suit)))
        return button

    def _name_suit(self, suit: Suit) -> None:
        play, self._pending_wild = self._pending_wild, None
        self._suits.layout.display = "none"
        if play is not None:
            self._human(play._replace(suit=suit))

    def _words(self) -> tuple[str, ...]:
        assert self.session is not None
        rules = self.session.match.rules
        words = []
        if self._call_one.value and rules.call_one:
            words.append(rules.call_one)
        if self._call_out.value and rules.call_out:
            words.append(rules.call_out)
        return tuple(words)

    # ------------------------------------------------------------------ showing

    def _render(self) -> None:
        session = self.session
        if session is None or session.round is None:
            return
        round_ = session.round
        me = session.me
        names = session.seats.names
        self._table.value = table_html(
            round_, me=me, show_all=self._beginner.value or me is None, four_colour=self._four.value, names=names
        )
        self._message.value += news_html(self._news.update(round_, me=me, names=names))
        playing = session.my_turn
        if me is not None:
            legal = set(session.playable())
            replace_children(
                self._hand,
                [
                    card_button(
                        card,
                        playable=card in legal if playing else None,
                        four_colour=self._four.value,
                        on_click=self._safe(self._on_card),
                    )
                    for card in sort_hand(round_.hands[me])
                ],
            )
        else:
            replace_children(self._hand, [])
        self._draw.disabled = self._keep.disabled = not playing
        self._call_one.disabled = self._call_out.disabled = round_.result is not None or me is None
        replace_children(
            self._flags,
            [self._flag_button(seat, names[seat]) for seat in range(round_.players) if seat != me]
            if me is not None and round_.result is None and not round_.auto_flag
            else [],
        )
        self._log.value = log_html(session.log())
        self._sheet.value = sheet_html(session.match, me=0)
        self._next.layout.display = "" if round_.result is not None else "none"

    def _flag_button(self, seat: int, name: str) -> w.Button:
        button = plain_button(
            # Translators: a button that points out another player's missed call, e.g. "Flag Player 2".
            _("Flag {player}").format(player=name),
            tooltip=_("point out that {player} missed a call").format(player=name),
        )
        button.add_class(f"mm-flag-{seat}")
        button.on_click(self._safe(lambda _b: self._human(Flag(self._me, seat))))
        return button
