"""The playable table: choose rules and bots, then play a match with clicks.

The learner sits at seat 0 of the match. Every click becomes one of the
library's actions; a refused click shows the library's sentence and changes
nothing; the bots then move until it is the learner's turn again. Nothing
here decides a rule: the round and the match do.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from maumau_core.actions import Action, Draw, Flag, Pass, Play
from maumau_core.bots import MAX_MOVES, GreedyBot, RandomBot
from maumau_core.cards import Card, Suit, sort_hand
from maumau_core.match import Match
from maumau_core.round import Round
from maumau_core.rules import PRESETS, Rules, json_value, preset
from maumau_core.widgets.common import card_button, learner_move, safely
from maumau_core.widgets.views import log_html, message_html, sheet_html, table_html

#: House-rule controls: option name, label, choices (a list) or ``bool`` for a checkbox.
HOUSE_RULES: list[tuple[str, str, Any]] = [
    ("deck", "Deck", [32, 36, 52]),
    ("hand_size", "Cards dealt", [4, 5, 6, 7]),
    ("draw_card", "Draw card", [("none", None), ("6", "6"), ("7", "7")]),
    ("draw_stacking", "Draw cards stack", bool),
    ("draw_stack_max", "Longest draw chain", [("no cap", None), ("2 cards", 2), ("3 cards", 3)]),
    ("skip_card", "Skip card", [("none", None), ("8", "8")]),
    ("skip_stacking", "Skips stack", bool),
    ("ace", "Ace", ["none", "skip", "reverse", "again", "draw-all"]),
    ("wild_on_wild", "Jack on a jack", bool),
    ("wild_last", "Jack as last card", bool),
    ("draw_until_playable", "Draw until a card fits", bool),
    ("draw_when_able", "May draw with a card that fits", bool),
    ("several_cards", "Several cards of one rank", bool),
    ("invalid_play_penalty", "Cards for a bad play", [0, 1, 2]),
    ("call_penalty", "Cards for a missed call", [2, 3, 5]),
    ("call_window", "Flag window", ["next-turn-start", "next-turn-end"]),
    ("flagger", "Missed calls noticed by", ["referee", "opponents"]),
    ("first_card", "Turned-up first card", ["ignore", "applies"]),
    ("scoring", "Scoring", ["points", "rounds", "wins", "casual"]),
    ("target", "Target (points or wins)", [3, 50, 100, 200]),
]

TABLE_PRESETS = [name for name in PRESETS if name != "mao"]  # Mao has its own table (the law puzzle)


class PlayTable:
    """A match against 1–5 bots. Display it with ``table.widget`` (it never displays itself)."""

    def __init__(self, *, rules: str = "classic", bots: int = 3, seed: int = 1, beginner: bool = False) -> None:
        self._message = w.HTML(message_html("Choose the rules and press “New match”.")).add_class("mm-message-box")
        show = self._say
        self._safe = safely(show)
        self._preset = w.Dropdown(options=TABLE_PRESETS, value=rules, description="Rules")
        self._controls = {name: self._control(label, choices) for name, label, choices in HOUSE_RULES}
        self._bots = w.IntSlider(value=bots, min=1, max=5, description="Bots")
        self._strength = w.Dropdown(options=[("greedy (sensible)", "greedy"), ("random", "random")], description="Bots play")
        self._seed = w.IntText(value=seed, description="Seed")
        self._beginner = w.Checkbox(value=beginner, description="Beginner mode: show every hand")
        self._four = w.Checkbox(value=False, description="Four-colour deck")
        self._start = w.Button(description="New match", button_style="primary").add_class("mm-new-match")
        self._table = w.HTML()
        self._hand = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("mm-hand")
        self._suits = w.HBox([self._suit_button(suit) for suit in Suit], layout=w.Layout(display="none"))
        self._draw = w.Button(description="Draw", icon="download").add_class("mm-draw")
        self._keep = w.Button(description="Keep the card (pass)").add_class("mm-pass")
        self._call_one = w.ToggleButton(description="Say “Mau”").add_class("mm-call-one")
        self._call_out = w.ToggleButton(description="Say “Mau Mau”").add_class("mm-call-out")
        self._all_rank = w.ToggleButton(description="Play all of that rank")
        self._flags = w.HBox()
        self._log = w.HTML().add_class("mm-log-box")
        self._sheet = w.HTML()
        self._next = w.Button(description="Next round", button_style="success", layout=w.Layout(display="none"))
        self._next.add_class("mm-next-round")
        self._preset.observe(self._safe(lambda _c: self._reset_controls()), "value")
        self._start.on_click(self._safe(lambda _b: self.new_match()))
        self._next.on_click(self._safe(lambda _b: self._deal()))
        self._draw.on_click(self._safe(lambda _b: self._human(Draw(self._me))))
        self._keep.on_click(self._safe(lambda _b: self._human(Pass(self._me))))
        self._reset_controls()
        self.match: Match | None = None
        self.round: Round | None = None
        self._me = 0
        self._bot_players: dict[int, RandomBot] = {}
        self._pending_wild: tuple[Card, ...] | None = None
        settings = w.Accordion(children=[w.VBox([
            w.HBox([self._bots, self._strength, self._seed]),
            w.HBox([self._beginner, self._four]),
            w.GridBox(list(self._controls.values()), layout=w.Layout(grid_template_columns="repeat(2, 1fr)")),
        ])])
        settings.set_title(0, "House rules, bots and seed")
        self.widget = w.VBox([
            w.HBox([self._preset, self._start]), settings, self._message, self._table,
            w.HTML("<b>Your hand</b> (green cards may be played; click another to see why not):"),
            self._hand, self._suits,
            w.HBox([self._draw, self._keep, self._call_one, self._call_out, self._all_rank]),
            self._flags, self._next, w.HTML("<b>What happened</b>"), self._log,
            w.HTML("<b>Score sheet</b>"), self._sheet,
        ])
        self.widget.add_class("mm-play-table")

    # ------------------------------------------------------------------ settings

    def _control(self, label: str, choices: Any) -> w.ValueWidget:
        if choices is bool:
            return w.Checkbox(description=label, indent=False)
        return w.Dropdown(options=choices, description=label, style={"description_width": "initial"})

    def _reset_controls(self) -> None:
        rules = preset(self._preset.value)
        for name, control in self._controls.items():
            value = json_value(getattr(rules, name))
            options = [o[1] if isinstance(o, tuple) else o for o in getattr(control, "options", [])]
            if isinstance(control, w.Dropdown) and value not in options:
                control.options = list(control.options) + [value]
            control.value = value

    def rules(self) -> Rules:
        """The rules the settings describe."""
        return preset(self._preset.value, **{name: c.value for name, c in self._controls.items()})

    # ------------------------------------------------------------------ the match

    def new_match(self) -> None:
        """Start a match with the chosen rules, bots and seed."""
        rules = self.rules()
        players = self._bots.value + 1
        self.match = Match(rules.replace(max_players=max(rules.max_players, players)), players, seed=self._seed.value)
        self._deal()

    def _deal(self) -> None:
        assert self.match is not None
        if self.match.over:
            self.new_match()
            return
        self.round = self.match.new_round()
        seats = self.match.seats
        self._me = seats.index(0) if 0 in seats else -1
        strength = GreedyBot if self._strength.value == "greedy" else RandomBot
        forget = 0.3 if self.round.rules.flagger == "opponents" else 0.0
        self._bot_players = {seat: strength(self._seed.value * 31 + seat, forget_calls=forget)
                             for seat in range(self.round.players) if seat != self._me}
        self.round.auto_flag = self.round.rules.flagger == "referee"
        rules = self.round.rules
        self._call_one.description = f"Say “{rules.call_one}”" if rules.call_one else "(no call)"
        self._call_out.description = f"Say “{rules.call_out}”" if rules.call_out else "(no call)"
        self._all_rank.layout.display = "" if rules.several_cards else "none"
        if self._me < 0:
            self._say("The tie is broken by an extra round among the tied players; you watch it.")
        else:
            self._say("Your turn." if self.round.turn == self._me else "The bots start.")
        self._bots_move()
        self._render()

    def _human(self, action: Action) -> None:
        """A learner's action: refused with its reason, or taken, then the bots answer."""
        done, sentence = learner_move(self.round, action, self._me)
        self._say(sentence, good=None if done else False)
        if not done:
            return  # nothing changed, so only the message is redrawn
        self._call_one.value = self._call_out.value = False
        self._opponents_notice()
        self._bots_move()
        self._render()

    def _bots_move(self) -> None:
        round_ = self.round
        assert round_ is not None
        for _ in range(MAX_MOVES):
            if round_.result is not None or round_.turn == self._me:
                break
            round_.apply(self._bot_players[round_.turn].choose(round_))
            self._opponents_notice()
        if round_.result is not None:
            self._round_over()

    def _opponents_notice(self) -> None:
        round_ = self.round
        assert round_ is not None
        if round_.auto_flag or not round_.missed or round_.result is not None:
            return
        for seat, bot in self._bot_players.items():
            flag = bot.notice(round_, seat)
            if flag is not None and round_.check(flag) is None:
                round_.apply(flag)

    def _round_over(self) -> None:
        assert self.round is not None and self.round.result is not None and self.match is not None
        result = self.round.result
        self.match.record(result)
        names = [("You" if seat == 0 else f"Player {seat}") for seat in self.match.seats]
        if result.winner is None:
            text = "The round is void: nobody wins it."
        else:
            text = f"{names[result.winner]} won the round."
        points = ", ".join(f"{names[i]} {s}" for i, s in enumerate(result.scores))
        text += f" Points this round: {points}."
        if self.match.over:
            winners = " and ".join("you" if p == 0 else f"player {p}" for p in self.match.winners)
            text += f" The match is over: {winners} won it!"
            self._next.description = "New match"
        elif self.match.tiebreak:
            text += " There is a tie for the lead: an extra round among the tied players decides."
            self._next.description = "Play the tiebreak"
        else:
            self._next.description = "Next round"
        self._say(text, good=result.winner == self._me if result.winner is not None else None)

    # ------------------------------------------------------------------ clicks on cards

    def _on_card(self, card: Card) -> None:
        round_ = self.round
        assert round_ is not None
        hand = round_.hands[self._me]
        cards: tuple[Card, ...] = (card,)
        if self._all_rank.value:
            cards = (card, *[c for c in hand if c.rank is card.rank and c is not card])
        if card.rank is round_.rules.wild_card:
            refusal = round_.check(Play(self._me, cards, Suit.CLUBS, self._words()))
            if refusal is None or refusal.code == "suit-required":
                self._pending_wild = cards
                self._suits.layout.display = ""
                self._say(f"Name the suit that must follow your {card.symbol}.")
                return
        self._human(Play(self._me, cards, None, self._words()))

    def _suit_button(self, suit: Suit) -> w.Button:
        button = w.Button(description=f"{suit.symbol} {suit.noun}", tooltip=f"name {suit.noun}")
        button.add_class(f"mm-suit-{suit.value}")
        button.on_click(self._safe(lambda _b: self._name_suit(suit)))
        return button

    def _name_suit(self, suit: Suit) -> None:
        cards, self._pending_wild = self._pending_wild, None
        self._suits.layout.display = "none"
        if cards is not None:
            self._human(Play(self._me, cards, suit, self._words()))

    def _words(self) -> tuple[str, ...]:
        assert self.round is not None
        rules = self.round.rules
        words = []
        if self._call_one.value and rules.call_one:
            words.append(rules.call_one)
        if self._call_out.value and rules.call_out:
            words.append(rules.call_out)
        return tuple(words)

    # ------------------------------------------------------------------ showing

    def _say(self, text: str, *, good: bool | None = None) -> None:
        self._message.value = message_html(text, good=good)

    def _render(self) -> None:
        round_ = self.round
        if round_ is None or self.match is None:
            return
        me = self._me if self._me >= 0 else None
        names = ["You" if seat == 0 else f"Player {seat}" for seat in self.match.seats]
        self._table.value = table_html(round_, me=me, show_all=self._beginner.value or me is None,
                                       four_colour=self._four.value, names=names)
        playing = round_.result is None and me is not None and round_.turn == me
        if me is not None:
            legal = set(round_.playable_cards(me)) if playing else set()
            self._hand.children = [
                card_button(card, playable=card in legal if playing else None, four_colour=self._four.value,
                            on_click=self._safe(self._on_card))
                for card in sort_hand(round_.hands[me])
            ]
        else:
            self._hand.children = []
        self._draw.disabled = self._keep.disabled = not playing
        self._flags.children = [self._flag_button(seat, names[seat]) for seat in range(round_.players) if seat != me] \
            if me is not None and round_.result is None and not round_.auto_flag else []
        self._log.value = log_html(round_.log, me=me)
        self._sheet.value = sheet_html(self.match, me=0)
        self._next.layout.display = "" if round_.result is not None else "none"

    def _flag_button(self, seat: int, name: str) -> w.Button:
        button = w.Button(description=f"Flag {name}", tooltip=f"point out that {name} missed a call")
        button.add_class(f"mm-flag-{seat}")
        button.on_click(self._safe(lambda _b: self._human(Flag(self._me, seat))))
        return button
