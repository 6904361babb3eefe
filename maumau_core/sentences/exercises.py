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

from maumau_core.engine.cards import Card
from maumau_core.engine.table_sentences import player_name
from maumau_core.i18n import _, ngettext, number, percent

# ------------------------------------------------------------------ checking any answer


def correct(explanation: str) -> str:
    """The explanation is a clause (it also follows "Why:"), so it starts with a small letter."""
    return _("Correct! {explanation}").format(explanation=explanation[:1].upper() + explanation[1:])


def not_attempted(name: str) -> str:
    return _(
        "Not attempted yet: write `{name}` in the cell above, run it, then run this check again. Stuck? Try `hint()`."
    ).format(name=name)


def not_a_function(name: str, answer: Any) -> str:
    return _("`{name}` should be a function (written with `def {name}(…):`), but it is {answer!r}.").format(
        name=name, answer=answer
    )


def raised(error: Exception, case: str) -> str:
    """The learner's code crashed on the input ``case`` (in words)."""
    if str(error):
        return _("Your code raised {name} ({error}) for {case}.").format(
            name=type(error).__name__, error=error, case=case
        )
    return _("Your code raised {name} for {case}.").format(name=type(error).__name__, case=case)


def not_yet(problem: str) -> str:
    return _("Not yet. {problem}").format(problem=problem)


def breaks_rule(case: str, got: str, rule: str) -> str:
    """The first input that went wrong and the learner's answer (shown as text), with the question's rule.

    The right answer is never said: the learner finds it from the rule."""
    return _("For {case}, your code gave {got}, which does not fit the rule. The rule here: {rule}").format(
        case=case, got=got, rule=rule
    )


def misconception(case: str, got: str, rule: str) -> str:
    """A wrong answer that shows a known misconception: the input, the learner's answer, the rule it misses."""
    return _("For {case}, your code gave {got}. It looks as if one rule slipped: {rule}").format(
        case=case, got=got, rule=rule
    )


def judged(problem: str, rule: str, recognised: bool) -> str:
    """A question's own verdict on an answer it runs or reads (a bot, a law), then the rule that slipped
    (``recognised``: a known misconception's) or the question's own rule."""
    if recognised:
        return _("{problem} It looks as if one rule slipped: {rule}").format(problem=problem, rule=rule)
    return _("{problem} The rule here: {rule}").format(problem=problem, rule=rule)


def hint(number: int, text: str, count: int) -> str:
    """Hint ``number`` of ``count``, and where the ladder goes next."""
    if number < count:
        return _("Hint {number}: {text} (More: hint({next}).)").format(number=number, text=text, next=number + 1)
    return _("Hint {number}: {text} (That was the last hint.)").format(number=number, text=text)


def no_such_hint(count: int) -> str:
    return _("There are hints 1 to {count}.").format(count=count)


def solution(code: str, explanation: str) -> str:
    return _("One solution:\n\n{code}\n\nWhy: {explanation}").format(code=code, explanation=explanation)


def question_line(title: str, task: str) -> str:
    """A question as plain text (its ``repr``), naming the three things to call."""
    return _("{title}: {task} (check(), hint(), solution())").format(title=title, task=task)


def question_markdown(title: str, task: str, lesson: str) -> str:
    """A question as JupyterLab shows it: the task, a link to the lesson that teaches the rule, what to run."""
    task = "  \n".join(task.split("\n"))  # a Markdown line break keeps the task's own lines
    return _(
        "**{title}** — {task}\n\nThe rule is taught in [{lesson}](../notebooks/{lesson}). Then run "
        "`.check()`; stuck? `.hint()`."
    ).format(title=title, task=task, lesson=lesson)


# ------------------------------------------------------------------ how an input reads ("For …, your code gave …")


def card_text_case(text: str) -> str:
    return _("the card {text!r}").format(text=text)


def card_on_top_case(card: str, top: str) -> str:
    return _("the card {card} on top of {top}").format(card=card, top=top)


def card_after_jack_case(card: str, suit: str) -> str:
    return _("the card {card} when the jack named {suit}").format(card=card, suit=suit)


def hand_case(hand: Sequence[str], rules: str | None = None) -> str:
    if rules is None:
        return _("the hand {hand}").format(hand=hand)
    return _("the hand {hand} with the {rules} rules").format(hand=hand, rules=rules)


def hands_case(hands: Sequence[Sequence[str]]) -> str:
    return _("the hands {hands}").format(hands=hands)


def sheet_case(sheet: Sequence[Sequence[int]]) -> str:
    return _("the sheet {sheet}").format(sheet=sheet)


def sevens_case(sevens: int, rules: str) -> str:
    return ngettext("{count} seven with the {rules} rules", "{count} sevens with the {rules} rules", sevens).format(
        count=sevens, rules=rules
    )


def eight_case(players: int, current: int, rules: str) -> str:
    return _("{players} players, player {current} plays an 8, {rules} rules").format(
        players=players, current=current, rules=rules
    )


def ace_case(players: int, current: int, rules: str) -> str:
    return _("{players} players, player {current} plays an ace, {rules} rules").format(
        players=players, current=current, rules=rules
    )


def card_played_case(card: str, players: int, current: int, rules: str) -> str:
    return _("player {current} of {players} plays {card} ({rules} rules)").format(
        current=current, players=players, card=card, rules=rules
    )


def cards_left_case(left: int, rules: str) -> str:
    return ngettext(
        "{count} card left with the {rules} rules", "{count} cards left with the {rules} rules", left
    ).format(count=left, rules=rules)


def flagged_case(rules: str, moment: str) -> str:
    """``moment`` is when the miss is pointed out, as the exercise passes it ('at once', …)."""
    return _("the {rules} rules, pointed out {moment}").format(rules=rules, moment=moment)


def race_case(rounds: int) -> str:
    return _("{rounds} rounds against the greedy bot").format(rounds=number(rounds))


# ------------------------------------------------------------------ single questions' own verdicts


def not_law_text(answer: Any) -> str:
    return _("`law_text` should be the law as text in quotes, not {answer!r}.").format(answer=answer)


def not_an_option_name(answer: Any) -> str:
    return _("`difference` should be the name of an option, as text in quotes, not {answer!r}.").format(answer=answer)


def unknown_option(answer: Any, differing: Sequence[str]) -> str:
    """An option name that does not exist, and the options in which the two rule sets differ."""
    return _("{answer!r} is not a rule option. The two rule sets differ in: {differing}.").format(
        answer=answer, differing=", ".join(differing)
    )


def option_changes_nothing(first: str, second: str, option: str) -> str:
    return _(
        "Giving {first} only {second}'s `{option}` does not change what happens at this table; "
        "look at the move where the two rule sets part ways."
    ).format(first=first, second=second, option=option)


def not_a_prediction() -> str:
    return _("`prediction` should be a dict with exactly the keys 'turn', 'pending_draw' and 'suit'.")


def wrong_prediction(key: str, value: Any) -> str:
    """The first wrong part of a prediction, without giving the right value away."""
    return _("Your {key} ({value!r}) is not what the table shows after the last move; replay the moves.").format(
        key=key, value=value
    )


def either_rules(first: str, second: str) -> str:
    """A table that may play under either of two rule sets."""
    return _("{first} or {second}").format(first=first, second=second)


def table_description(rules: str, top: Card, turn: int, hands: Sequence[Sequence[Card]], moves: Sequence[str]) -> str:
    """A table situation in words: the rules, the top card, who holds what, then the numbered moves."""
    lines = [
        _("Rules: {rules}, {hands} players, top card {top}, player {turn} to move.").format(
            rules=rules, hands=len(hands), top=top.symbol, turn=turn
        )
    ]
    lines += [
        _("{player} holds {hand}.").format(player=player_name(seat), hand=" ".join(card.symbol for card in hand))
        for seat, hand in enumerate(hands)
    ]
    lines += [f"{number}. {move}." for number, move in enumerate(moves, 1)]
    return "\n".join(lines)


def not_a_move(round_number: int, action: Any) -> str:
    """The learner's bot returned something that is no action."""
    return _(
        "In round {round_number} your bot returned {action!r}, which is not a move: return one of "
        "table.legal_actions()."
    ).format(round_number=round_number, action=action)


def refused_move(round_number: int, action: Any, refusal: str) -> str:
    """The learner's bot chose an action the rules refuse; ``refusal`` is the rules' own sentence."""
    return _("In round {round_number} your bot chose {action}, which the rules refuse: {refusal}").format(
        round_number=round_number, action=action, refusal=refusal
    )


def bot_too_weak(share: float, rounds: int, target: float) -> str:
    return _(
        "Your bot won {share} of {rounds} rounds against the greedy bot; it needs {target}. Try the hints."
    ).format(share=percent(share, 1), rounds=number(rounds), target=percent(target))
