"""The calls ("Mau", "Mau Mau", …) and Mao's speech: judged with a play, owed, late, flagged, paid.

A missed call stays open to be pointed out until its window closes; Mao's words may follow the play until
the next action at the table.
"""

from __future__ import annotations

from maumau_core.engine import speech
from maumau_core.engine.actions import Flag, Play, Say
from maumau_core.engine.events import Event
from maumau_core.engine.refusals import Refusal
from maumau_core.engine.round_state import MissedCall, OwedWords
from maumau_core.engine.special_cards import SpecialCards


class CallWindow(SpecialCards):
    """What was said, what was owed, and what a missed call costs."""

    __slots__ = ()

    def _judge_words(self, action: Play, events: list[Event]) -> bool:
        """Record the calls made with a play; returns False when the round has ended."""
        p = action.player
        left = len(self.hands[p])
        if left > 1 and not action.say and self.rules.speech == "calls":
            return True
        if self.rules.speech == "mao":
            for said_word in action.say:
                events.append(Event("call", p, text=said_word))
            return self._judge_mao_words(action, left, events)
        word = self.rules.call_one if left == 1 else self.rules.call_out if left == 0 else None
        for said_word in action.say:  # a call that is not due is answered, not silently ignored
            due = word is not None and speech.said(word, [said_word])
            events.append(Event("call" if due else "idle-word", p, text=said_word))
        if (
            word is not None
            and left == 0
            and self.rules.out_call_forgotten == "draw-and-play-on"
            and not speech.said(word, action.say)
        ):
            self._pay_missed(MissedCall(p, word, self.turn_no), events)  # no win without the call
            return self.result is None
        if word is not None and not speech.said(word, action.say):
            missed = MissedCall(p, word, self.turn_no)
            events.append(Event("missed-call", p, text=word))
            if self.auto_flag:
                self._pay_missed(missed, events)
            else:
                self.missed.append(missed)
            return True
        if left == 0:
            self._finish(p, "out", events)
            return False
        return True

    def _judge_mao_words(self, action: Play, left: int, events: list[Event]) -> bool:
        """Mao: words said with the play are judged now; words missing may still follow (``owed``)."""
        rules = self.rules
        required = speech.mao_words(action.cards, left, rules.call_one or "Mao")
        missing, extra = speech.compare(required, action.say)
        for word in extra:
            self._speech_penalty(action.player, "extra-word", word, events)
        if self.result is not None:
            return False
        if missing:
            self.owed = OwedWords(action.player, tuple(missing))
            return True
        if not self.hands[action.player]:
            self._finish(action.player, "out", events)
            return False
        return True

    def _speech_penalty(self, player: int, code: str, word: str, events: list[Event]) -> None:
        """Mao: one missing or superfluous word costs ``call_penalty`` cards."""
        amount = self.rules.call_penalty
        events.append(Event("penalty", player, amount=amount, reason=Refusal(code, player=player, text=word)))
        self._give(player, amount, events, penalty=True, quiet=True)

    def _settle_owed(self, events: list[Event]) -> None:
        """The next action has come: every word still owed costs its penalty (and an empty hand no longer wins)."""
        owed, self.owed = self.owed, None
        assert owed is not None
        for word in owed.words:
            if self.result is None:
                self._speech_penalty(owed.player, "missing-word", word, events)

    def _say(self, action: Say, events: list[Event]) -> None:
        p = action.player
        if self.rules.speech == "mao":
            self._say_mao(action, events)
            return
        for word in action.words:
            late = next((m for m in self.missed if m.player == p and speech.said(m.word, [word])), None)
            if late is not None and not self._still_in_time(late):
                events.append(Event("too-late", p, text=word))
            elif late is not None:
                self.missed.remove(late)
                events.append(Event("late-call", p, text=word))
                if not self.hands[p]:
                    self._finish(p, "out", events)
                    return
            else:
                events.append(Event("idle-word", p, text=word))

    def _say_mao(self, action: Say, events: list[Event]) -> None:
        """Mao: words right after one's own legal play pay what it owes; any other word is talking."""
        p = action.player
        owed = list(self.owed.words) if self.owed is not None and self.owed.player == p else []
        for word in action.words:
            events.append(Event("call", p, text=word))
            due = next((w for w in owed if speech.said(w, [word])), None)
            if due is not None:
                owed.remove(due)
            elif self.result is None:
                self._speech_penalty(p, "extra-word", word, events)
        if self.owed is not None and self.owed.player == p:
            self.owed = OwedWords(p, tuple(owed)) if owed else None
            if self.owed is None and not self.hands[p] and self.result is None:
                self._finish(p, "out", events)

    def _still_in_time(self, missed: MissedCall) -> bool:
        """A call may still be said until the next player acts (a turn that started, no play or draw yet)."""
        return self.turn_no == missed.turn_no + 1 and not self.acted

    def _flag(self, action: Flag, events: list[Event]) -> None:
        missed = next(m for m in self.missed if m.player == action.target)
        self.missed.remove(missed)
        self._pay_missed(missed, events)

    def _pay_missed(self, missed: MissedCall, events: list[Event]) -> None:
        events.append(Event("call-penalty", missed.player, amount=self.rules.call_penalty, text=missed.word))
        self._give(missed.player, self.rules.call_penalty, events, penalty=True, quiet=True)

    def _close_windows_at_move(self, events: list[Event]) -> bool:
        """Before a move: windows that close when the next turn starts. True if the round ended."""
        if self.rules.call_window != "next-turn-start":
            return False
        for missed in [m for m in self.missed if self.turn_no > m.turn_no]:
            if self._close_window(missed, events):
                return True
        return False

    def _close_window(self, missed: MissedCall, events: list[Event]) -> bool:
        """A missed call nobody pointed out; an empty hand then wins. True if the round ended."""
        self.missed.remove(missed)
        events.append(Event("window-closed", missed.player, text=missed.word))
        if not self.hands[missed.player]:
            self._finish(missed.player, "out", events)
            return True
        return False
