"""Exercises on the calls: what to say, and what forgetting costs (lesson 03)."""

from __future__ import annotations

from maumau_core.engine.actions import Draw, Flag, play
from maumau_core.engine.round import Round
from maumau_core.engine.rules import preset
from maumau_core.engine.situations import table
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Misconception, Question
from maumau_core.i18n import N_
from maumau_core.sentences import exercises as say

LESSON = "06_calls.ipynb"


def _words_to_say(cards_left: int, rules: str) -> list[str]:
    round_ = table(preset(rules), ["9D"], "9C", fill=cards_left)
    return list(round_.required_words(0, [round_.hands[0][0]]))


#: When the forgotten call is pointed out, as the exercise passes it: before the next player moves, after their
#: first move (a drawn card they may still play), or once their turn is over.
AT_ONCE, DURING, AFTER = "at once", "during the next turn", "after the next turn"


def _missed_call_cost(rules: str, moment: str) -> int:
    """Player 0 plays down to one card in silence; player 1, who cannot play, draws a card that fits.

    Player 1 flags at ``moment``: before drawing, after drawing (their turn
    goes on: the card may still be played), or once their turn is over."""
    round_ = Round(preset(rules), [["9D", "KS"], ["10S", "QH", "KH", "AC", "8C"]], ["9C"], ["10D", "7H"])
    round_.apply(play(0, round_.hands[0][0]))
    before = len(round_.hands[0])
    if moment != AT_ONCE:
        round_.apply(Draw(1))
    while moment == AFTER and round_.turn == 1 and round_.result is None:
        round_.apply(round_.legal_actions()[0])  # keep or play the drawn card: the turn ends
    if round_.check(Flag(1, 0)) is None:
        round_.apply(Flag(1, 0))
    return len(round_.hands[0]) - before


# The misconceptions below are the wrong ideas written as code, as a beginner holding them would.


def _call_at_two_cards(cards_left: int, rules: str) -> list[str]:
    return _words_to_say(cards_left - 1, rules) if cards_left >= 1 else []


def _no_going_out_call(cards_left: int, rules: str) -> list[str]:
    return _words_to_say(cards_left, rules) if cards_left else []


def _going_out_call_in_simple32(cards_left: int, rules: str) -> list[str]:
    return _words_to_say(cards_left, "classic" if rules == "simple32" else rules)


def _mau_in_tschau_sepp(cards_left: int, rules: str) -> list[str]:
    return _words_to_say(cards_left, "german32" if rules == "tschau-sepp" else rules)


def _classic_window_everywhere(rules: str, moment: str) -> int:
    return 0 if moment == AFTER else 2


def _short_window_everywhere(rules: str, moment: str) -> int:
    return 2 if moment == AT_ONCE else 0


def _never_forgiven(rules: str, moment: str) -> int:
    return 2


def _one_card(rules: str, moment: str) -> int:
    return _missed_call_cost(rules, moment) // 2


words_to_say = Question(
    id="calls-1",
    title=N_("What do I say?"),
    lesson=LESSON,
    name="words_to_say",
    task=N_(
        "You play a card and `cards_left` cards stay in your hand. Write `words_to_say(cards_left, rules)` "
        "that returns the list of words to say with that card ([] for none), for 'classic', 'simple32', "
        "'german32' and 'tschau-sepp'."
    ),
    cases=[
        Case((left, rules), say.cards_left_case(left, rules))
        for left, rules in (
            (1, "classic"),
            (0, "classic"),
            (2, "classic"),
            (0, "simple32"),
            (1, "simple32"),
            (0, "german32"),
            (1, "tschau-sepp"),
            (0, "tschau-sepp"),
        )
    ],
    truth=_words_to_say,
    canonical=answers.words,
    rule=N_(
        "one call goes with the play that leaves a single card in your hand and, where the rules have one, a "
        "second with the card that empties it; each rule set has its own words."
    ),
    misconceptions=[
        Misconception(
            "call-counts-before-the-play",
            N_(
                "the call counts the cards that stay in your hand after "
                "the play: the first call comes when one card is left, not two."
            ),
            _call_at_two_cards,
        ),
        Misconception(
            "no-going-out-call",
            N_(
                "most rule sets have a second call, said with the card that empties "
                "your hand; only simple32 goes out in silence."
            ),
            _no_going_out_call,
        ),
        Misconception(
            "going-out-call-in-simple32",
            N_("simple32 has only the first call: the last card goes down without a word."),
            _going_out_call_in_simple32,
        ),
        Misconception(
            "mau-in-tschau-sepp",
            N_("Tschau Sepp has words of its own: 'Tschau' at one card and 'Tschau Sepp' with the last."),
            _mau_in_tschau_sepp,
        ),
    ],
    hints=[
        N_("There is one call when a single card is left and, in most rule sets, another when you go out."),
        N_("simple32 has only the first call: going out is silent there."),
        N_(
            "In classic the words are 'Mau' and 'Mau Mau'; german32 writes 'Mau-Mau'; Tschau Sepp says "
            "'Tschau' and 'Tschau Sepp'."
        ),
    ],
    solution_code=solutions.words_to_say,
    explanation=N_(
        "the first call warns the table that you hold one card; the second, where the rules have "
        "one, comes with your last card."
    ),
)

missed_call_cost = Question(
    id="calls-2",
    title=N_("A forgotten call"),
    lesson=LESSON,
    name="missed_call_cost",
    task=N_(
        "You played down to one card and forgot to say so. Write `missed_call_cost(rules, moment)`: how many "
        "cards do you take when another player points it out at `moment`, which is 'at once' (before the next "
        "player moves), 'during the next turn' (the next player has drawn a card and may still play it) or "
        "'after the next turn' (once the next player's turn is over)? `rules` is 'classic', 'simple32' or "
        "'german32'."
    ),
    cases=[
        Case((rules, moment), say.flagged_case(rules, moment))
        for rules, moment in (
            ("classic", AT_ONCE),
            ("classic", DURING),
            ("classic", AFTER),
            ("german32", AT_ONCE),
            ("german32", DURING),
            ("simple32", AT_ONCE),
            ("simple32", DURING),
            ("german32", AFTER),
        )
    ],
    truth=_missed_call_cost,
    rule=N_(
        "a missed call costs cards only while its window is open, and the window is not the same length in "
        "every rule set."
    ),
    misconceptions=[
        Misconception(
            "classic-window-everywhere",
            N_(
                "the window is not the same everywhere: in simple32 and "
                "german32 it closes as soon as the next player makes a move; only classic keeps it open "
                "to the end of that player's turn."
            ),
            _classic_window_everywhere,
        ),
        Misconception(
            "short-window-in-classic",
            N_(
                "in classic a missed call may be pointed out until the next "
                "player's turn is over, not only before they start it."
            ),
            _short_window_everywhere,
        ),
        Misconception(
            "never-forgiven",
            N_("once the window has closed, the missed call is forgiven: nobody can make you pay for it any more."),
            _never_forgiven,
        ),
        Misconception(
            "one-card-penalty", N_("a missed call that is pointed out in time costs two cards, not one."), _one_card
        ),
    ],
    hints=[
        N_(
            "The penalty is the same number of cards in all three rule sets; what changes is how long it can "
            "still be claimed."
        ),
        N_(
            "Lesson 06 calls that time the window. Find out, for each rule set, whether the window closes when "
            "the next player starts their turn or when they end it."
        ),
        N_(
            "The penalty is 2 cards while the window is open and nothing once it has closed. In classic the "
            "window closes at the end of the next player's turn; in simple32 and german32 at that player's first "
            "move."
        ),
    ],
    solution_code=solutions.missed_call_cost,
    explanation=N_(
        "a missed call costs 2 cards when someone points it out before the window closes (in classic "
        "at the end of the next player's turn, in simple32 and german32 as soon as that player "
        "moves); after that it is forgiven."
    ),
)

QUESTIONS = [words_to_say, missed_call_cost]
