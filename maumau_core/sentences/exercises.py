"""Every sentence the code exercises build: check verdicts, hints, solutions, and how each input reads.

:class:`~maumau_core.exercises.question.Question` decides (correct, not
attempted, wrong on this input, raised) and the question modules judge their
special answers; both pass the data here. A question's own task, hints,
explanation, rule and misconceptions are literal data of its module and stay
there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from maumau_core.cards import Card
from maumau_core.sentences.table import player_name


# ------------------------------------------------------------------ checking any answer

def correct(explanation: str) -> str:
    """The explanation is a clause (it also follows "Why:"), so it starts with a small letter."""
    return f"Correct! {explanation[:1].upper()}{explanation[1:]}"


def not_attempted(name: str) -> str:
    return (f"Not attempted yet: write `{name}` in the cell above, run it, then run this check again. "
            "Stuck? Try `hint()`.")


def not_a_function(name: str, answer: Any) -> str:
    return f"`{name}` should be a function (written with `def {name}(…):`), but it is {answer!r}."


def raised(error: Exception, case: str) -> str:
    """The learner's code crashed on the input ``case`` (in words)."""
    detail = f" ({error})" if str(error) else ""
    return f"Your code raised {type(error).__name__}{detail} for {case}."


def not_yet(problem: str) -> str:
    return f"Not yet. {problem}"


def breaks_rule(case: str, got: str, rule: str) -> str:
    """The first input that went wrong and the learner's answer (shown as text), with the question's rule.

    The right answer is never said: the learner finds it from the rule."""
    return f"For {case}, your code gave {got}, which does not fit the rule. The rule here: {rule}"


def misconception(case: str, got: str, rule: str) -> str:
    """A wrong answer that shows a known misconception: the input, the learner's answer, the rule it misses."""
    return f"For {case}, your code gave {got}. It looks as if one rule slipped: {rule}"


def judged(problem: str, rule: str, recognised: bool) -> str:
    """A question's own verdict on an answer it runs or reads (a bot, a law), then the rule that slipped
    (``recognised``: a known misconception's) or the question's own rule."""
    lead = "It looks as if one rule slipped:" if recognised else "The rule here:"
    return f"{problem} {lead} {rule}"


def hint(number: int, text: str, count: int) -> str:
    """Hint ``number`` of ``count``, and where the ladder goes next."""
    more = f" (More: hint({number + 1}).)" if number < count else " (That was the last hint.)"
    return f"Hint {number}: {text}{more}"


def no_such_hint(count: int) -> str:
    return f"There are hints 1 to {count}."


def solution(code: str, explanation: str) -> str:
    return f"One solution:\n\n{code}\n\nWhy: {explanation}"


def question_line(title: str, task: str) -> str:
    """A question as plain text (its ``repr``), naming the three things to call."""
    return f"{title}: {task} (check(), hint(), solution())"


def question_markdown(title: str, task: str, lesson: str) -> str:
    """A question as JupyterLab shows it: the task, a link to the lesson that teaches the rule, what to run."""
    task = "  \n".join(task.split("\n"))  # a Markdown line break keeps the task's own lines
    return (f"**{title}** — {task}\n\nThe rule is taught in "
            f"[{lesson}](../notebooks/{lesson}). Then run `.check()`; stuck? `.hint()`.")


# ------------------------------------------------------------------ how an input reads ("For …, your code gave …")

def card_text_case(text: str) -> str:
    return f"the card {text!r}"


def card_on_top_case(card: str, top: str) -> str:
    return f"the card {card} on top of {top}"


def card_after_jack_case(card: str, suit: str) -> str:
    return f"the card {card} when the jack named {suit}"


def hand_case(hand: Sequence[str], rules: str | None = None) -> str:
    return f"the hand {hand}" if rules is None else f"the hand {hand} with the {rules} rules"


def hands_case(hands: Sequence[Sequence[str]]) -> str:
    return f"the hands {hands}"


def sheet_case(sheet: Sequence[Sequence[int]]) -> str:
    return f"the sheet {sheet}"


def sevens_case(sevens: int, rules: str) -> str:
    return f"{sevens} seven{'s' * (sevens > 1)} with the {rules} rules"


def eight_case(players: int, current: int, rules: str) -> str:
    return f"{players} players, player {current} plays an 8, {rules} rules"


def ace_case(players: int, current: int, rules: str) -> str:
    return f"{players} players, player {current} plays an ace, {rules} rules"


def card_played_case(card: str, players: int, current: int, rules: str) -> str:
    return f"player {current} of {players} plays {card} ({rules} rules)"


def cards_left_case(left: int, rules: str) -> str:
    return f"{left} card{'s' * (left != 1)} left with the {rules} rules"


def flagged_case(rules: str, moment: str) -> str:
    """``moment`` is when the miss is pointed out, as the exercise passes it ('at once', …)."""
    return f"the {rules} rules, pointed out {moment}"


def race_case(rounds: int) -> str:
    return f"{rounds:,} rounds against the greedy bot"


# ------------------------------------------------------------------ single questions' own verdicts

def not_law_text(answer: Any) -> str:
    return f"`law_text` should be the law as text in quotes, not {answer!r}."


def not_an_option_name(answer: Any) -> str:
    return f"`difference` should be the name of an option, as text in quotes, not {answer!r}."


def unknown_option(answer: Any, differing: Sequence[str]) -> str:
    """An option name that does not exist, and the options in which the two rule sets differ."""
    return f"{answer!r} is not a rule option. The two rule sets differ in: {', '.join(differing)}."


def option_changes_nothing(first: str, second: str, option: str) -> str:
    return (f"Giving {first} only {second}'s `{option}` does not change what happens at this table; "
            "look at the move where the two rule sets part ways.")


def not_a_prediction() -> str:
    return "`prediction` should be a dict with exactly the keys 'turn', 'pending_draw' and 'suit'."


def wrong_prediction(key: str, value: Any) -> str:
    """The first wrong part of a prediction, without giving the right value away."""
    return f"Your {key} ({value!r}) is not what the table shows after the last move; replay the moves."


def either_rules(first: str, second: str) -> str:
    """A table that may play under either of two rule sets."""
    return f"{first} or {second}"


def table_description(rules: str, top: Card, turn: int, hands: Sequence[Sequence[Card]], moves: Sequence[str]) -> str:
    """A table situation in words: the rules, the top card, who holds what, then the numbered moves."""
    lines = [f"Rules: {rules}, {len(hands)} players, top card {top.symbol}, player {turn} to move."]
    lines += [f"{player_name(seat)} holds {' '.join(card.symbol for card in hand)}." for seat, hand in enumerate(hands)]
    lines += [f"{number}. {move}." for number, move in enumerate(moves, 1)]
    return "\n".join(lines)


def not_a_move(round_number: int, action: Any) -> str:
    """The learner's bot returned something that is no action."""
    return (f"In round {round_number} your bot returned {action!r}, which is not a move: return one of "
            "table.legal_actions().")


def refused_move(round_number: int, action: Any, refusal: str) -> str:
    """The learner's bot chose an action the rules refuse; ``refusal`` is the rules' own sentence."""
    return f"In round {round_number} your bot chose {action}, which the rules refuse: {refusal}"


def bot_too_weak(share: float, rounds: int, target: float) -> str:
    return (f"Your bot won {share:.1%} of {rounds:,} rounds against the greedy bot; it needs {target:.0%}. "
            "Try the hints.")
