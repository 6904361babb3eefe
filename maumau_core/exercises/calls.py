"""Exercises on the calls: what to say, and what forgetting costs (lesson 03)."""

from __future__ import annotations

from maumau_core.actions import Flag, play
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Question
from maumau_core.rules import preset
from maumau_core.sentences import exercises as say
from maumau_core.situations import table

LESSON = "06_calls.ipynb"


def _words_to_say(cards_left: int, rules: str) -> list[str]:
    round_ = table(preset(rules), ["9D"], "9C", fill=cards_left)
    return list(round_.required_words(0, [round_.hands[0][0]]))


def _missed_call_cost(rules: str, flagged_in_time: bool) -> int:
    """Player 0 plays down to one card in silence; player 1 flags at once, or after their whole turn."""
    round_ = table(preset(rules), ["9D"], "9C", fill=1)
    round_.apply(play(0, round_.hands[0][0]))
    before = len(round_.hands[0])
    turn = round_.turn_no
    while not flagged_in_time and round_.turn_no == turn and round_.result is None:
        round_.apply(round_.legal_actions()[0])  # the next player's turn, to its end (a drawn card too)
    if round_.check(Flag(1, 0)) is None:
        round_.apply(Flag(1, 0))
    return len(round_.hands[0]) - before


words_to_say = Question(
    id="calls-1", title="What do I say?", lesson=LESSON, name="words_to_say",
    task="You play a card and `cards_left` cards stay in your hand. Write `words_to_say(cards_left, rules)` "
         "that returns the list of words to say with that card ([] for none), for 'classic', 'simple32', "
         "'german32' and 'tschau-sepp'.",
    cases=[Case((left, rules), say.cards_left_case(left, rules)) for left, rules in (
        (1, "classic"), (0, "classic"), (2, "classic"), (0, "simple32"), (1, "simple32"), (0, "german32"),
        (1, "tschau-sepp"), (0, "tschau-sepp"))],
    truth=_words_to_say, canonical=answers.words, show=repr,
    hints=["There is one call when a single card is left and, in most rule sets, another when you go out.",
           "In classic the words are 'Mau' and 'Mau Mau'; german32 writes 'Mau-Mau'; Tschau Sepp says "
           "'Tschau' and 'Tschau Sepp'.",
           "simple32 has only the first call: going out is silent there."],
    solution_code=solutions.words_to_say,
    explanation="the first call warns the table that you hold one card; the second, where the rules have "
                "one, comes with your last card.",
)

missed_call_cost = Question(
    id="calls-2", title="A forgotten call", lesson=LESSON, name="missed_call_cost",
    task="You played down to one card and forgot to say so. Write `missed_call_cost(rules, flagged_in_time)`: "
         "how many cards do you take if another player points it out in time (True), or only once the next "
         "player's turn is over (False)?",
    cases=[Case((rules, timely), say.flagged_case(rules, timely))
           for rules, timely in (("classic", True), ("classic", False), ("simple32", True), ("simple32", False),
                                 ("german32", True))],
    truth=_missed_call_cost,
    hints=["The penalty is the same number of cards in all three rule sets.",
           "It is 2 cards, but only while the window is open.",
           "In classic the window stays open to the end of the next player's turn; in simple32 and german32 "
           "it closes when that player starts. Once that turn is over, the forgetter takes nothing."],
    solution_code=solutions.missed_call_cost,
    explanation="a missed call costs 2 cards when someone points it out before the window closes (in classic "
                "at the end of the next player's turn, in simple32 and german32 as soon as that player "
                "starts); after that it is forgiven.",
)

QUESTIONS = [words_to_say, missed_call_cost]
