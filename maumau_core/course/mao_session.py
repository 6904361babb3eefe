"""A Mao match at a table, without widgets: a secret law, bots that keep it, and the record of every try.

The learner sits at match seat 0. Bots know the law and keep to it (unless
set to blunder now and then, which shows the learner more refusals). Every
attempt is kept (:class:`~maumau_core.mao.attempts.Attempt`) for the
Eleusis-style history and the detective. The laws come from the campaign
(``law_library.CAMPAIGN``), starting at a given place; the learner's guesses
at the law in force are judged by an :class:`~maumau_core.mao.inquiry.Inquiry`,
and a campaign law guessed right before its reveal is saved in their
progress. The law is revealed when the round ends; whoever wins a round may
write the next law; after a round nobody won the same law stays; otherwise
the campaign's next law comes (or again the law a teacher picked).
"""

from __future__ import annotations

from dataclasses import dataclass

from maumau_core.course.progress import Progress
from maumau_core.course.session import LEARNER, Outcome, TableSession
from maumau_core.engine import table_sentences as say
from maumau_core.engine.actions import Action, Play, Say
from maumau_core.engine.bots import MaoBot, RandomBot
from maumau_core.engine.cards import Card
from maumau_core.engine.events import Event
from maumau_core.engine.laws import Law
from maumau_core.engine.round import Round
from maumau_core.engine.rules import preset
from maumau_core.engine.table_sentences import penalty_reason
from maumau_core.i18n import _
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.clues import write_verdict
from maumau_core.mao.inquiry import Inquiry
from maumau_core.mao.law_library import CAMPAIGN, LibraryLaw, campaign_label, campaign_next
from maumau_core.sentences.mao import law_solved, not_yours_to_write, solved_after_reveal

#: How often a blundering bot tries a card the law forbids.
BLUNDER = 0.12


@dataclass(frozen=True)
class Reveal:
    """What the table shows when a round ends: who won, the law that was secret, and what it means."""

    winner: str
    law: str
    description: str
    match_over: bool
    learner_won_match: bool


class MaoSession(TableSession):
    """A Mao match against 2–5 bots under a secret law."""

    def __init__(
        self,
        *,
        bots: int,
        seed: int = 1,
        place: int = 0,
        teacher_law: str = "",
        blunder: bool = True,
        progress: Progress | None = None,
    ) -> None:
        """The match plays the campaign from its law at ``place``, or the law a teacher named (``teacher_law``)
        in every round (a law a round's winner writes comes first in both cases)."""
        super().__init__(preset("mao").replace(max_players=max(6, bots + 1)), bots=bots, seed=seed)
        self.teacher_law = teacher_law
        if teacher_law:
            place = next(number for number, entry in enumerate(CAMPAIGN) if entry.name == teacher_law)
        self.place = place  # the campaign law in force, or the first one to come
        self.blunder = blunder
        self.progress = progress
        self.inquiry: Inquiry | None = None  # the learner's search for the law in force
        self.law: Law | None = None
        self.entry: LibraryLaw | None = None
        self.next_law: Law | None = None
        self.rounds: list[list[Attempt]] = []  # the attempts of every round under the current law
        self.first: Card | None = None  # the card turned up at the deal: where the history starts
        self.speaking = False  # the learner has just played without words: the bots wait for them

    # ------------------------------------------------------------------ the law

    @property
    def solved(self) -> set[str]:
        """The campaign laws the learner has solved (none without a progress record)."""
        return set(self.progress.laws) if self.progress is not None else set()

    def _choose_law(self) -> None:
        """A law the round winner wrote; the same law after a round nobody won; else the campaign's next."""
        last = self.match.history[-1][1] if self.match.history else None
        if self.next_law is not None:
            law, self.entry, self.next_law = self.next_law, None, None
        elif last is not None and last.winner is None and self.law is not None:
            return
        else:
            if self.law is not None and not self.teacher_law:
                self.place = campaign_next(self.place, self.solved)
            self.entry = CAMPAIGN[self.place]
            law = self.entry.law
        self.law = law
        self.rounds = []
        self.inquiry = Inquiry(law)

    def record_solve(self) -> str | None:
        """After a right guess: a campaign law found before its reveal is saved in the learner's progress
        (plays seen at the table, guesses made). The sentence to add, if any."""
        inquiry = self.inquiry
        if inquiry is None or not inquiry.solved:
            return None
        if self.reveal() is not None:
            return solved_after_reveal()
        if self.entry is None:
            return None
        plays = sum(len(attempts) for attempts in self.rounds)
        if self.progress is not None:
            self.progress.solve_law(self.entry.name, plays=plays, guesses=inquiry.guesses)
        return law_solved(campaign_label(self.entry), plays, inquiry.guesses)

    def write_law(self, text: str) -> Outcome:
        """The round winner's law for the next round, if it is fit to play (nobody else's, and only between
        a round the learner won and the next: see :attr:`may_write_law`)."""
        if not self.may_write_law:
            return Outcome(False, (not_yours_to_write(),), good=False)
        law, sentence = write_verdict(text)
        if law is not None:
            self.next_law = law
        return Outcome(law is not None, (sentence,), good=law is not None)

    @property
    def may_write_law(self) -> bool:
        """The learner won the round just played, and the match goes on."""
        round_ = self.round
        return (
            round_ is not None and round_.result is not None and round_.result.winner == self.me and not self.match.over
        )

    def reveal(self) -> Reveal | None:
        """The secret law, once the round is over (never before)."""
        round_ = self.round
        if round_ is None or round_.result is None or self.law is None:
            return None
        winner = round_.result.winner
        return Reveal(
            _(say.NOBODY) if winner is None else self.name(self.at_table[winner]),
            str(self.law),
            self.entry.description if self.entry is not None else "",
            self.match.over,
            self.match.winners == [LEARNER],
        )

    # ------------------------------------------------------------------ the table

    def _new_round(self) -> Round:
        self._choose_law()
        round_ = self.match.new_round(law=self.law)
        self.rounds.append([])
        self.first = round_.top
        return round_

    def _bots(self) -> dict[int, RandomBot]:
        assert self.round is not None
        blunder = BLUNDER if self.blunder else 0.0
        return {
            seat: MaoBot(self.seed * 31 + seat + len(self.match.history), blunder=blunder)
            for seat in range(self.round.players)
            if seat != self.me
        }

    def _pause_after(self, action: Action, events: list[Event]) -> bool:
        """Mao's words come after a legal play, before the next action: after a play made without words
        (and after each word said then) the bots wait until the learner lets them play (:meth:`go_on`).
        The pause comes after every such play, needed or not, so it gives nothing away."""
        if isinstance(action, Play) and not action.say:
            self.speaking = any(event.kind == "play" for event in events)  # a legal play, not a refused try
        elif not isinstance(action, Say):
            self.speaking = False
        return self.speaking

    def go_on(self) -> Outcome:
        """The learner has said what they wanted: the bots play on (the first of them settles any word
        still owed). The outcome tells the learner what happened to them meanwhile."""
        round_ = self.round
        if round_ is None or round_.result is not None or not self.speaking:
            return Outcome(False, (_(say.NO_ROUND),), good=False)
        self.speaking = False
        before = len(round_.log)
        self._bots_move()
        mine = tuple(self.sentence(event) for event in round_.log[before:] if event.player == self.me)
        return self._outcome(mine)

    def deal(self) -> Outcome:
        """The next round (or the first), never in the middle of one: a round being played is played out."""
        outcome = super().deal()
        if not outcome.done:
            return outcome
        self.speaking = False
        opening = _(say.MAO_YOUR_TURN) if outcome.sentences == (_(say.YOUR_TURN),) else _(say.MAO_BOTS_START)
        return Outcome(True, (opening,), outcome.summary, good=outcome.good)

    def _apply(self, action: Action) -> list[Event]:
        """Take the action and keep a play in the round's record, refused or not."""
        round_ = self.round
        assert round_ is not None
        top = round_.top
        events = round_.apply(action)
        if isinstance(action, Play):
            accepted = any(event.kind == "play" for event in events)
            reason = next(
                (
                    penalty_reason(event.reason, self.seats)
                    for event in events
                    if event.kind == "penalty" and event.cards and event.reason is not None
                ),
                "",
            )
            self.rounds[-1].append(Attempt(action.player, top, action.cards[0], accepted, reason))
        return events

    def _round_summary(self) -> str:
        assert self.round is not None and self.round.result is not None
        winner = self.round.result.winner
        if winner == self.me:
            return _(say.MAO_YOU_WON_MATCH) if self.match.over else _(say.MAO_YOU_WON_ROUND)
        return say.round_won_by(_(say.NOBODY) if winner is None else self.name(self.at_table[winner]))
