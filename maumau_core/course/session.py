"""A match at a table, without widgets: the learner's seat, bots in the others, moves in, sentences out.

A widget table (``widgets.PlayTable``, ``widgets.MaoTable``) only shows a
session and turns clicks into :meth:`TableSession.move`. The session runs
the match (dealing, the bots' turns, missed calls noticed by the bots, the
round's and the match's end) and says what happened in sentences that name
every player by their seat in the match — also in a tiebreak round, where
only some players sit at the table and the round numbers its seats afresh.

>>> from maumau_core import Draw, preset
>>> session = TableSession(preset("classic"), bots=2, seed=3)
>>> outcome = session.deal()
>>> session.round is not None and session.match.players
3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from maumau_core.course.coverage import lesson_for
from maumau_core.engine import table_sentences as say
from maumau_core.engine.actions import Action
from maumau_core.engine.bots import MAX_MOVES, GreedyBot, RandomBot
from maumau_core.engine.cards import Card
from maumau_core.engine.events import Event
from maumau_core.engine.match import Match
from maumau_core.engine.refusals import IllegalAction, Refusal
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules
from maumau_core.engine.table_sentences import Seats
from maumau_core.i18n import _

#: The learner's seat in the match.
LEARNER = 0

Strength = Literal["greedy", "random"]
NextStep = Literal["next-round", "tiebreak", "new-match"]


@dataclass(frozen=True)
class Outcome:
    """What one step at the table did: taken or refused, and what to tell the learner.

    ``sentences`` say what the learner's own move caused; ``summary`` is the
    round's (and match's) end when the step ended the round. ``needs_suit``:
    a wild card was chosen and waits for its suit (nothing changed yet).
    """

    done: bool
    sentences: tuple[str, ...] = ()
    summary: str = ""
    refusal: Refusal | None = None
    needs_suit: bool = False
    good: bool | None = None
    """Shown as good news (green), bad news (red: a refusal) or neutral."""

    @property
    def lesson(self) -> str | None:
        """For a refusal, the lesson section that teaches the rule behind it."""
        return lesson_for(self.refusal.why or self.refusal.code) if self.refusal is not None else None

    @property
    def message(self) -> str:
        """The one message a table shows for this step."""
        return self.summary or " ".join(self.sentences) or _(say.DONE)


class TableSession:
    """A match against bots, the learner at match seat 0 (``learner=False``: bots only, for a demo)."""

    def __init__(
        self, rules: Rules, *, bots: int, seed: int = 1, strength: Strength = "greedy", learner: bool = True
    ) -> None:
        players = bots + 1
        self.seed = seed
        self.strength: Strength = strength
        self.learner = learner
        self.match = Match(rules.replace(max_players=max(rules.max_players, players)), players, seed=seed)
        self.round: Round | None = None
        self.at_table: tuple[int, ...] = self.match.seats  # the match seat of each seat of the round
        self.bots: dict[int, RandomBot] = {}
        self.summary = ""

    # ------------------------------------------------------------------ seats and names

    @property
    def me(self) -> int | None:
        """The learner's seat in the current round, or None when the learner does not play it (a tiebreak
        among others, or a bots-only session)."""
        seats = self.at_table
        return seats.index(LEARNER) if self.learner and LEARNER in seats else None

    def name(self, match_seat: int) -> str:
        """How the table names a player: "You" for the learner, else "Player <match seat>"."""
        return say.seat_label(match_seat, LEARNER if self.learner else None)

    @property
    def seats(self) -> Seats:
        """The names of the current round's seats (round seat i is match seat ``at_table[i]``)."""
        return Seats.of([self.name(seat) for seat in self.at_table], self.me)

    def sentence(self, event: Event) -> str:
        return say.event_sentence(event, self.seats)

    def log(self, last: int = 12) -> list[str]:
        """The latest things that happened at the table, in sentences, newest last."""
        return [self.sentence(event) for event in self.round.log[-last:]] if self.round is not None else []

    @property
    def my_turn(self) -> bool:
        round_ = self.round
        return round_ is not None and round_.result is None and self.me is not None and round_.turn == self.me

    def playable(self) -> list[Card]:
        """The learner's cards that may be played now (none when it is not the learner's turn)."""
        assert self.round is not None
        return self.round.playable_cards(self.me) if self.my_turn and self.me is not None else []

    @property
    def next_step(self) -> NextStep | None:
        """What the button after a round does: deal the next round, play the tiebreak, or start anew."""
        if self.round is None or self.round.result is None:
            return None
        if self.match.over:
            return "new-match"
        return "tiebreak" if self.match.tiebreak else "next-round"

    # ------------------------------------------------------------------ the match

    def deal(self) -> Outcome:
        """Deal the next round of the match and let the bots move until it is the learner's turn."""
        if self.round is not None and self.round.result is None:
            return Outcome(False, (_(say.ROUND_NOT_OVER),), good=False)  # a forged "Next round" mid-round
        self.at_table = self.match.seats
        self.round = self._new_round()
        self.summary = ""
        self.bots = self._bots()
        self.round.auto_flag = self.round.rules.flagger == "referee"
        if self.me is None and self.learner:
            opening = _(say.TIEBREAK_WATCH)
        else:
            opening = _(say.YOUR_TURN) if self.round.turn == self.me else _(say.BOTS_START)
        self._bots_move()
        return self._outcome((opening,))

    def _new_round(self) -> Round:
        return self.match.new_round()

    def _bots(self) -> dict[int, RandomBot]:
        """One bot per seat that is not the learner's, seeded by the session's seed and its seat."""
        assert self.round is not None
        kind = GreedyBot if self.strength == "greedy" else RandomBot
        forget = 0.3 if self.round.rules.flagger == "opponents" else 0.0
        return {
            seat: kind(self.seed * 31 + seat, forget_calls=forget)
            for seat in range(self.round.players)
            if seat != self.me
        }

    def move(self, action: Action) -> Outcome:
        """The learner's action: refused with its reason (nothing changes), or taken; then the bots answer.

        A wild card played without a suit is not refused: the outcome asks for the suit instead.
        """
        round_ = self.round
        if round_ is None or round_.result is not None:
            return Outcome(False, (_(say.NO_ROUND),), good=False)
        before = len(round_.log)
        try:
            events = self._apply(action)
        except IllegalAction as error:
            refusal = error.refusal
            if refusal.code == "suit-required":
                return Outcome(False, needs_suit=True, refusal=refusal)
            return Outcome(False, (say.refusal_sentence(refusal, self.seats),), refusal=refusal, good=False)
        sentences = tuple(self.sentence(event) for event in round_.log[before:])
        self._score_if_over()
        if round_.result is None and self._pause_after(action, events):
            return self._outcome(sentences)
        self._opponents_notice()
        self._bots_move()
        return self._outcome(sentences)

    def _pause_after(self, action: Action, events: list[Event]) -> bool:
        """Should the bots wait after this learner action? (Never at a Mau Mau table: the learner's calls
        go with the play, and a late one is said after the bots' next move, as at a real table.)"""
        return False

    def _outcome(self, sentences: tuple[str, ...]) -> Outcome:
        """A step that was taken; when it ended the round, the summary and whether the learner won it."""
        return Outcome(True, sentences, self.summary, good=self.learner_won_round() if self.summary else None)

    def _apply(self, action: Action) -> list[Event]:
        """Every action at the table goes through here (a Mao session also records the attempt)."""
        assert self.round is not None
        return self.round.apply(action)

    def _bots_move(self) -> None:
        round_ = self.round
        assert round_ is not None
        for _move in range(MAX_MOVES):
            if round_.result is not None or round_.turn == self.me:
                break
            self._apply(self.bots[round_.turn].choose(round_))
            self._opponents_notice()
        self._score_if_over()

    def _score_if_over(self) -> None:
        """A round that has just ended goes on the match's sheet, and its summary is written (once)."""
        round_ = self.round
        assert round_ is not None
        if round_.result is not None and not self.summary:
            self.match.record(round_.result)
            self.summary = self._round_summary()

    def _opponents_notice(self) -> None:
        """Bots point out a missed call when the rules leave it to the players."""
        round_ = self.round
        assert round_ is not None
        if round_.auto_flag or not round_.missed or round_.result is not None:
            return
        for seat, bot in self.bots.items():
            flag = bot.notice(round_, seat)
            if flag is not None and round_.check(flag) is None:
                self._apply(flag)

    def _round_summary(self) -> str:
        """Who won the round and the points; the match's end or its tiebreak when it comes."""
        assert self.round is not None and self.round.result is not None
        result = self.round.result
        seats = self.at_table
        winner = None if result.winner is None else seats[result.winner]
        scores = [(self.name(seat), score) for seat, score in zip(seats, result.scores)]
        text = say.round_over(None if winner is None else self.name(winner), self.learner and winner == LEARNER, scores)
        if self.match.over:
            text += " " + say.match_over(
                [self.name(p) for p in self.match.winners], self.learner and self.match.winners == [LEARNER]
            )
        elif self.match.tiebreak:
            text += " " + _(say.TIEBREAK_NEXT)
        return text

    def learner_won_round(self) -> bool | None:
        """Did the learner win the round that just ended (None: nobody won it)?"""
        assert self.round is not None and self.round.result is not None
        winner = self.round.result.winner
        return None if winner is None else winner == self.me
