"""Every sentence of practice: the drills' questions and verdicts, the streak, and the lessons' quizzes.

The practice page (``practice.py``) and the lessons' "check yourself" quizzes
(``widgets/lessons.py``) judge answers with the engine and pass what it found
here: cards, seats, counts, rule-set names, and the engine's own sentences
(refusals, events) where they explain a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.cards import Card, Suit
from maumau_core.sentences.markup import NO_MARKS, Marks


def right(why: str) -> str:
    return f"Right! {why}"


def not_quite(why: str, hint: str = "") -> str:
    """A wrong answer: the hint for that answer (if any), then why the right one is right."""
    return " ".join(part for part in ("Not quite.", hint, why) if part)


def pick_an_answer_first() -> str:
    return "Pick an answer first."


# ------------------------------------------------------------------ which cards may be played

def playable_prompt(rules: str) -> str:
    """``rules``: the rule set as :func:`rules_label` names it."""
    return f"{rules}. Click every card you may play now (perhaps none), then check."


def cannot_be_played(card: Card, refusal: str) -> str:
    """A picked card the rules refuse, with the refusal's own sentence."""
    return f"Not quite: {card.symbol} cannot be played. {refusal}"


def may_be_played_too(card: Card, why: str) -> str:
    """A playable card the learner left out, and the rule that lets it go down."""
    return f"Not quite: {card.symbol} may be played too. {why}"


def answers_draw_card(card: Card) -> str:
    return f"{card.symbol} answers the waiting draw card with another of its rank."


def wild_card(card: Card) -> str:
    return f"{card.symbol} is wild: a jack may go on any card unless a draw card is waiting."


def named_suit_card(card: Card, suit: Suit) -> str:
    return f"{card.symbol} is of the suit the jack named ({suit.noun})."


def matches_top(card: Card, top: Card, by_rank: bool) -> str:
    return f"{card.symbol} matches {top.symbol} on top by its {'rank' if by_rank else 'suit'}."


def playable_right(cards: Sequence[Card], reason: str | None = None) -> str:
    """The playable cards (in the order given), and perhaps why another card is not among them."""
    names = ", ".join(card.symbol for card in cards) or "none of them"
    listed = f"Right! Playable: {names}."
    return listed if reason is None else f"{listed} {reason}"


def every_card_fits() -> str:
    return "Every card in this hand fits."


def playable_wrong(refused: Sequence[tuple[Card, str]], missed: Sequence[tuple[Card, str]]) -> str:
    """A quiz's wrong pick: why each picked card is refused (the refusal names the card), and each playable
    card missed with the rule that lets it go down."""
    reasons = [refusal for _card, refusal in refused]  # a refusal names its card itself
    reasons += [f"{card.symbol} may be played too. {why}" for card, why in missed]
    return "Not quite. " + " ".join(reasons)


# ------------------------------------------------------------------ who moves next

def next_player_prompt(rules: str, players: int, card: Card) -> str:
    """Who moves next after the learner's card (the learner is player 0, as at the play table)."""
    return (f"{rules}, {players} players; you are player 0, and play goes up the seat numbers. You play "
            f"{card.symbol}. Who moves next?")


def no_power(card: Card, rules: str) -> str:
    """Why the turn simply moves on: the card does nothing special in these rules."""
    return f"{card.symbol} has no power in the {rules}: the turn passes on one seat."


def moves_next(who: str, learner: bool, why: str) -> str:
    """A wrong guess of who moves next: the right player (the learner again, or another), and why."""
    return f"Not quite: you move again. {why}" if learner else f"Not quite: {who} moves next. {why}"


# ------------------------------------------------------------------ what to say

def words_prompt(rules: str, left: int) -> str:
    stay = "card stays" if left == 1 else "cards stay"
    return f"{rules}. You play a card and {left} {stay} in your hand. What do you say with it?"


def say_nothing() -> str:
    """The choice (and the right answer) when no word is due."""
    return "Nothing"


def words_due(left: int, rules: str, word: str | None) -> str:
    """What the rules ask for when ``left`` cards stay in hand: ``word``, or no call (None)."""
    cards = f"{left} card" if left == 1 else f"{left} cards"
    if word is None:
        return f"With {cards} left, the {rules} ask for no call."
    return f"With {cards} left, the {rules} ask for “{word}”."


# ------------------------------------------------------------------ counting points

def points_prompt() -> str:
    return "Someone went out. How many points do these cards cost their owner?"


def whole_number_please() -> str:
    return "Type a whole number, like 23."


def _count(hand: Sequence[Card], total: int) -> str:
    return " + ".join(f"{card.points} ({card.symbol})" for card in hand) + f" = {total}"


def points_right(hand: Sequence[Card], total: int) -> str:
    """The hand's points, counted card by card."""
    return f"Right! {_count(hand, total)}."


def points_wrong(hand: Sequence[Card], total: int) -> str:
    """The counting rule, then the hand's points counted card by card."""
    return f"Not quite: aces and picture cards count 10, the others their number. {_count(hand, total)}."


# ------------------------------------------------------------------ the streak

def streak(current: int, best: int, marks: Marks = NO_MARKS) -> str:
    """A topic's streak: right first answers in a row, and the best run so far."""
    return f"Streak: {marks.strong(str(current))} (best {best})"


# ------------------------------------------------------------------ rule sets and house rules

def rules_label(name: str, house: Sequence[tuple[str, str]] = ()) -> str:
    """A rule set as a question names it: the preset's rules, then each house rule changed (label, value)."""
    if not house:
        return f"{name} rules"
    return f"{name} rules with house rules ({'; '.join(f'{label.lower()}: {value}' for label, value in house)})"


# ------------------------------------------------------------------ Mao: may it be played under this law?

def mao_law_prompt(law: str, description: str, turned_up: Card, plays: Sequence[Card], card: Card) -> str:
    """The open law of the question, the cards so far (the turned-up one first) and the card to judge."""
    so_far = f"{turned_up.symbol} was turned up"
    if plays:
        so_far += ", then " + ", ".join(c.symbol for c in plays) + (" was" if len(plays) == 1 else " were") + " played"
    return (f"Mao under the open law “{law}”: {description}. {so_far[0].upper()}{so_far[1:]}. "
            f"Now a player puts down {card.symbol}. May it be played?")


#: The three answers to "may it be played?": allowed, no match, forbidden by the law.
MAO_LAW_CHOICES = ("Yes, it may be played", "No: it does not match the top card", "No: the law forbids it")


def mao_matches(card: Card, top: Card, by_rank: bool, by_suit: bool) -> str:
    """Whether ``card`` matches the top card, and how: the first test of every Mao play."""
    if by_rank and by_suit:
        return f"{card.symbol} is the same card as {top.symbol} on top."
    if by_rank or by_suit:
        return f"{card.symbol} matches {top.symbol} on top by its {'rank' if by_rank else 'suit'}."
    return (f"{card.symbol} matches {top.symbol} on top by neither rank nor suit, so the law is not even asked: "
            "the referee says “no match” and the card costs a penalty card.")


def mao_law_allows(law: str) -> str:
    return f"The law “{law}” allows it here."


def mao_law_forbids(law: str, reason: str) -> str:
    """A matching card the open law forbids: what the referee would say, and what it costs."""
    return (f"The law “{law}” forbids it here: the referee would say “{reason}”, and the card would go back "
            "with a penalty card.")


def turned_up_sets_nothing() -> str:
    """Why a law about "after …" ignores the first card: only played cards set a law off."""
    return "The turned-up card sets off no law: only a played card does."


# ------------------------------------------------------------------ Mao: what must be said?

def mao_words_prompt(card: Card, left: int) -> str:
    stay = "card stays" if left == 1 else "cards stay"
    return f"Mao. You play {card.symbol} legally and {left} {stay} in your hand. What must you say?"


def said_words(words: Sequence[str]) -> str:
    """A set of words as an answer shows them: "Nothing", or each word quoted."""
    return " and ".join(f"“{word}”" for word in words) if words else say_nothing()


def card_name(card: Card) -> str:
    """A card named aloud, as a (wrong) answer may name a card that is not a spade."""
    return f"{card.rank.word} of {card.suit.noun}"


def mao_words_due(card: Card, left: int, spade: bool, mao: bool) -> str:
    """Why the words due are due: a spade is named, "Mao" comes with a play that leaves one card or none."""
    cards = f"{left} card" if left == 1 else f"{left} cards"
    named = (f"{card.symbol} is a spade, so you name it." if spade
             else f"{card.symbol} is not a spade, so it is not named (naming it is talking, and costs a card).")
    call = (f"With {cards} left you say “Mao”." if mao
            else f"With {cards} left “Mao” is not due yet (it comes with a play that leaves one card or none).")
    return f"{named} {call}"


# ------------------------------------------------------------------ Mao: what did the referee penalise?

def mao_referee_prompt(law: str, story: str) -> str:
    return f"Mao under the open law “{law}”. {story} What did the referee penalise?"


def mao_play_story(player: str, card: Card, top: Card, words: Sequence[str], in_turn: bool) -> str:
    """One play told as the referee saw it: who, which card on which, what they said, whether it was their
    turn."""
    said = f"saying {said_words(words)}" if words else "saying nothing"
    turn = "" if in_turn else ", although it is not their turn"
    return f"{player} puts {card.symbol} on {top.symbol}{turn}, {said}."


def then_draws(player: str) -> str:
    """The next action at the table, after which a word still owed is too late."""
    return f"Then {player} draws a card."


#: The answers to "what did the referee penalise?", by the code of the penalty's reason ("" = none).
PENALISED = {
    "": "Nothing: all was in order",
    "referee": "A card that does not match",
    "secret-law": "A card the law forbids",
    "missing-word": "A word left unsaid",
    "extra-word": "A word not needed",
    "not-your-turn": "Playing out of turn",
}

#: The rule behind each penalty (and behind no penalty), by the same codes.
PENALTY_RULES = {
    "": "The card matched and the law allowed it, and the words were the ones due, said in time.",
    "referee": "Every Mao play must first match the top card by rank or suit.",
    "secret-law": "A matching card must also be allowed by the law; the referee names only the law's reason.",
    "missing-word": ("The words a play calls for (each spade named, “Mao” at one card or none) must be said "
                     "before the next action at the table."),
    "extra-word": "A word the play does not call for costs a card at once.",
    "not-your-turn": "A play out of turn costs a card, and the turn stays where it was.",
}


def referee_verdict(right: bool, code: str, what_happened: str) -> str:
    """The answer judged: the penalty (or none) the referee gave, what the table saw, and the rule."""
    rule = PENALTY_RULES[code]
    if right:
        return f"Right! {what_happened} {rule}"
    if not code:
        return f"Not quite: nothing was wrong. {what_happened} {rule}"
    return f"Not quite: the referee penalised {PENALISED[code].lower()}. {what_happened} {rule}"


def no_penalty() -> str:
    return "The referee gave no penalty."


# ------------------------------------------------------------------ the mixed review

def review_name() -> str:
    """The practice page's extra topic: questions of every topic, missed ones more often."""
    return "Mixed review"


def review_note(topic: str) -> str:
    """Under a review question: which topic it came from, and why missed topics come back."""
    return f"From “{topic}”. Topics you answered wrong come back more often until you get them right."


# ------------------------------------------------------------------ the final quiz

def question_of(number: int, total: int, rules: str) -> str:
    return f"Question {number} of {total} · {rules}"


def score(right: int, total: int) -> str:
    return f"Score: {right} of {total}"


def next_question() -> str:
    return "Next question"


def see_summary() -> str:
    return "See my summary"


def answer_first() -> str:
    return "Answer the question first: the first answer counts."


def summary_title(right: int, total: int) -> str:
    return f"Mau Mau & Mao — final quiz: {right} of {total} right"


def summary_line(number: int, rules: str, prompt: str, given: str, verdict: str) -> str:
    """One question of the summary a learner keeps: the rule set (if the question does not name it), the
    question, their answer, the verdict."""
    named = f"[{rules}] " if rules else ""
    return f"{number}. {named}{prompt}\n   Your answer: {given}\n   {verdict}"


def cards_situation(hand: Sequence[Card], top: Card, named: Suit | None, waiting: int) -> str:
    """A "which cards?" question's table in words: the top card, a suit named, cards waiting, the hand."""
    parts = [f"Top card {top.symbol}"]
    if named is not None:
        parts.append(f"{named.noun} named")
    if waiting:
        parts.append(f"{waiting} cards waiting to be drawn")
    return f"({', '.join(parts)}; your hand: {' '.join(card.symbol for card in hand)}.)"


def cards_shown(cards: Sequence[Card]) -> str:
    return f"(The cards: {' '.join(card.symbol for card in cards)}.)"


def no_cards_picked() -> str:
    return "no card"


def no_answer_given() -> str:
    return "(no answer)"


def download_summary() -> str:
    return "Download the summary (text)"


def summary_help() -> str:
    return "Keep it: download it, or select the text below to copy or print it."


def start_again() -> str:
    return "Take the quiz again"


# ------------------------------------------------------------------ the course map's progress

def law_solved(name: str, plays: int, guesses: int) -> str:
    """A Mao law the learner found: now it may be named, with what it took."""
    tries = "1 guess" if guesses == 1 else f"{guesses} guesses"
    return f"found: {name} ({plays} plays, {tries})"


def law_unsolved() -> str:
    return "not found yet"
