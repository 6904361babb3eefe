"""Every sentence of practice: the drills' questions and verdicts, the streak, and the lessons' quizzes.

The practice page (``practice.py``) and the lessons' "check yourself" quizzes
(``widgets/lessons.py``) judge answers with the engine and pass what it found
here: cards, seats, counts, rule-set names, and the engine's own sentences
(refusals, events) where they explain a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.engine.cards import Card, Suit
from maumau_core.engine.table_sentences import count
from maumau_core.i18n import N_, _, listed, ngettext
from maumau_core.markup import NO_MARKS, Marks


def right(why: str) -> str:
    return _("Right! {why}").format(why=why)


def not_quite(why: str, hint: str = "") -> str:
    """A wrong answer: the hint for that answer (if any), then why the right one is right."""
    return " ".join(part for part in (_("Not quite."), hint, why) if part)


def pick_an_answer_first() -> str:
    return _("Pick an answer first.")


# ------------------------------------------------------------------ which cards may be played


def playable_prompt(rules: str) -> str:
    """``rules``: the rule set as :func:`rules_label` names it."""
    return _("{rules}. Click every card you may play now (perhaps none), then check.").format(rules=rules)


def cannot_be_played(card: Card, refusal: str) -> str:
    """A picked card the rules refuse, with the refusal's own sentence."""
    return _("Not quite: {card} cannot be played. {refusal}").format(card=card.local_symbol, refusal=refusal)


def may_be_played_too(card: Card, why: str) -> str:
    """A playable card the learner left out, and the rule that lets it go down."""
    return _("Not quite: {card} may be played too. {why}").format(card=card.local_symbol, why=why)


def answers_draw_card(card: Card) -> str:
    return _("{card} answers the waiting draw card with another of its rank.").format(card=card.local_symbol)


def wild_card(card: Card) -> str:
    return _("{card} is wild: a jack may go on any card unless a draw card is waiting.").format(card=card.local_symbol)


def named_suit_card(card: Card, suit: Suit) -> str:
    return _("{card} is of the suit the jack named ({suit}).").format(card=card.local_symbol, suit=suit.noun)


def matches_top(card: Card, top: Card, by_rank: bool) -> str:
    template = (
        _("{card} matches {top} on top by its rank.") if by_rank else _("{card} matches {top} on top by its suit.")
    )
    return template.format(card=card.local_symbol, top=top.local_symbol)


def playable_right(cards: Sequence[Card], reason: str | None = None) -> str:
    """The playable cards (in the order given), and perhaps why another card is not among them."""
    names = ", ".join(card.local_symbol for card in cards) or _("none of them")
    text = _("Right! Playable: {names}.").format(names=names)
    return text if reason is None else f"{text} {reason}"


def every_card_fits() -> str:
    return _("Every card in this hand fits.")


def playable_wrong(refused: Sequence[tuple[Card, str]], missed: Sequence[tuple[Card, str]]) -> str:
    """A quiz's wrong pick: why each picked card is refused (the refusal names the card), and each playable
    card missed with the rule that lets it go down."""
    reasons = [refusal for _card, refusal in refused]  # a refusal names its card itself
    reasons += [_("{card} may be played too. {why}").format(card=card.local_symbol, why=why) for card, why in missed]
    return " ".join([_("Not quite."), *reasons])


# ------------------------------------------------------------------ who moves next


def next_player_prompt(rules: str, players: int, card: Card) -> str:
    """Who moves next after the learner's card (the learner is player 0, as at the play table)."""
    return _(
        "{rules}, {players} players; you are player 0, and play goes up the seat numbers. You play "
        "{card}. Who moves next?"
    ).format(rules=rules, players=players, card=card.local_symbol)


def no_power(card: Card, rules: str) -> str:
    """Why the turn simply moves on: the card does nothing special in these rules."""
    return _("{card} has no power in the {rules}: the turn passes on one seat.").format(
        card=card.local_symbol, rules=rules
    )


def moves_next(who: str, learner: bool, why: str) -> str:
    """A wrong guess of who moves next: the right player (the learner again, or another), and why."""
    if learner:
        return _("Not quite: you move again. {why}").format(why=why)
    return _("Not quite: {who} moves next. {why}").format(who=who, why=why)


# ------------------------------------------------------------------ what to say


def words_prompt(rules: str, left: int) -> str:
    return ngettext(
        "{rules}. You play a card and {count} card stays in your hand. What do you say with it?",
        "{rules}. You play a card and {count} cards stay in your hand. What do you say with it?",
        left,
    ).format(rules=rules, count=left)


def say_nothing() -> str:
    """The choice (and the right answer) when no word is due."""
    return _("Nothing")


def words_due(left: int, rules: str, word: str | None) -> str:
    """What the rules ask for when ``left`` cards stay in hand: ``word``, or no call (None)."""
    if word is None:
        return _("With {cards} left, the {rules} ask for no call.").format(cards=count(left), rules=rules)
    return _("With {cards} left, the {rules} ask for “{word}”.").format(cards=count(left), rules=rules, word=word)


# ------------------------------------------------------------------ counting points


def points_prompt() -> str:
    return _("Someone went out. How many points do these cards cost their owner?")


def whole_number_please() -> str:
    return _("Type a whole number, like 23.")


def _count(hand: Sequence[Card], total: int) -> str:
    return " + ".join(f"{card.points} ({card.local_symbol})" for card in hand) + f" = {total}"


def points_right(hand: Sequence[Card], total: int) -> str:
    """The hand's points, counted card by card."""
    return _("Right! {count}.").format(count=_count(hand, total))


def points_wrong(hand: Sequence[Card], total: int) -> str:
    """The counting rule, then the hand's points counted card by card."""
    return _("Not quite: aces and picture cards count 10, the others their number. {count}.").format(
        count=_count(hand, total)
    )


# ------------------------------------------------------------------ the streak


def streak(current: int, best: int, marks: Marks = NO_MARKS) -> str:
    """A topic's streak: right first answers in a row, and the best run so far."""
    return _("Streak: {current} (best {best})").format(current=marks.strong(str(current)), best=best)


# ------------------------------------------------------------------ rule sets and house rules


def rules_label(name: str, house: Sequence[tuple[str, str]] = ()) -> str:
    """A rule set as a question names it: the preset's rules, then each house rule changed (label, value). A
    label is kept as the option registry writes it: lower-casing it would wrong a language's nouns (German)."""
    if not house:
        return _("{name} rules").format(name=name)
    return _("{name} rules with house rules ({house})").format(
        name=name, house="; ".join(f"{label}: {value}" for label, value in house)
    )


# ------------------------------------------------------------------ Mao: may it be played under this law?


def mao_law_prompt(law: str, description: str, turned_up: Card, plays: Sequence[Card], card: Card) -> str:
    """The open law of the question, the cards so far (the turned-up one first) and the card to judge."""
    if plays:
        so_far = ngettext(
            "{turned_up} was turned up, then {plays} was played",
            "{turned_up} was turned up, then {plays} were played",
            len(plays),
        ).format(turned_up=turned_up.local_symbol, plays=", ".join(c.local_symbol for c in plays))
    else:
        so_far = _("{turned_up} was turned up").format(turned_up=turned_up.local_symbol)
    return _(
        "Mao under the open law “{law}”: {description}. {so_far}. Now a player puts down {card}. May it be played?"
    ).format(
        law=law, description=description.rstrip("."), so_far=so_far[:1].upper() + so_far[1:], card=card.local_symbol
    )


#: The three answers to "may it be played?": allowed, no match, forbidden by the law.
MAO_LAW_CHOICES = (N_("Yes, it may be played"), N_("No: it does not match the top card"), N_("No: the law forbids it"))


def mao_matches(card: Card, top: Card, by_rank: bool, by_suit: bool) -> str:
    """Whether ``card`` matches the top card, and how: the first test of every Mao play."""
    if by_rank and by_suit:
        return _("{card} is the same card as {top} on top.").format(card=card.local_symbol, top=top.local_symbol)
    if by_rank or by_suit:
        return matches_top(card, top, by_rank)
    return _(
        "{card} matches {top} on top by neither rank nor suit, so the law is not even asked: the referee "
        "says “no match” and the card costs a penalty card."
    ).format(card=card.local_symbol, top=top.local_symbol)


def mao_law_allows(law: str) -> str:
    return _("The law “{law}” allows it here.").format(law=law)


def mao_law_forbids(law: str, reason: str) -> str:
    """A matching card the open law forbids: what the referee would say, and what it costs."""
    return _(
        "The law “{law}” forbids it here: the referee would say “{reason}”, and the card would go "
        "back with a penalty card."
    ).format(law=law, reason=reason)


def turned_up_sets_nothing() -> str:
    """Why a law about "after …" ignores the first card: only played cards set a law off."""
    return _("The turned-up card sets off no law: only a played card does.")


# ------------------------------------------------------------------ Mao: what must be said?


def mao_words_prompt(card: Card, left: int) -> str:
    return ngettext(
        "Mao. You play {card} legally and {count} card stays in your hand. What must you say?",
        "Mao. You play {card} legally and {count} cards stay in your hand. What must you say?",
        left,
    ).format(card=card.local_symbol, count=left)


def said_words(words: Sequence[str]) -> str:
    """A set of words as an answer shows them: "Nothing", or each word quoted."""
    return listed([_("“{word}”").format(word=word) for word in words]) if words else say_nothing()


def card_name(card: Card) -> str:
    """A card named aloud, as a (wrong) answer may name a card that is not a spade."""
    return card.name


def mao_words_due(card: Card, left: int, spade: bool, mao: bool) -> str:
    """Why the words due are due: a spade is named, "Mao" comes with a play that leaves one card or none."""
    named = (
        _("{card} is a spade, so you name it.")
        if spade
        else _("{card} is not a spade, so it is not named (naming it is talking, and costs a card).")
    ).format(card=card.local_symbol)
    call = (
        _("With {cards} left you say “Mao”.")
        if mao
        else _("With {cards} left “Mao” is not due yet (it comes with a play that leaves one card or none).")
    ).format(cards=count(left))
    return f"{named} {call}"


# ------------------------------------------------------------------ Mao: what did the referee penalise?


def mao_referee_prompt(law: str, story: str) -> str:
    return _("Mao under the open law “{law}”. {story} What did the referee penalise?").format(law=law, story=story)


def mao_play_story(player: str, card: Card, top: Card, words: Sequence[str], in_turn: bool) -> str:
    """One play told as the referee saw it: who, which card on which, what they said, whether it was their
    turn."""
    template = _STORIES[in_turn, bool(words)]
    return _(template).format(player=player, card=card.local_symbol, top=top.local_symbol, words=said_words(words))


_STORIES = {
    (True, True): N_("{player} puts {card} on {top}, saying {words}."),
    (True, False): N_("{player} puts {card} on {top}, saying nothing."),
    (False, True): N_("{player} puts {card} on {top}, although it is not their turn, saying {words}."),
    (False, False): N_("{player} puts {card} on {top}, although it is not their turn, saying nothing."),
}


def then_draws(player: str) -> str:
    """The next action at the table, after which a word still owed is too late."""
    return _("Then {player} draws a card.").format(player=player)


#: The answers to "what did the referee penalise?", by the code of the penalty's reason ("" = none).
PENALISED = {
    "": N_("Nothing: all was in order"),
    "referee": N_("A card that does not match"),
    "secret-law": N_("A card the law forbids"),
    "missing-word": N_("A word left unsaid"),
    "extra-word": N_("A word not needed"),
    "not-your-turn": N_("Playing out of turn"),
}

#: The rule behind each penalty (and behind no penalty), by the same codes.
PENALTY_RULES = {
    "": N_("The card matched and the law allowed it, and the words were the ones due, said in time."),
    "referee": N_("Every Mao play must first match the top card by rank or suit."),
    "secret-law": N_("A matching card must also be allowed by the law; the referee names only the law's reason."),
    "missing-word": N_(
        "The words a play calls for (each spade named, “Mao” at one card or none) must be said "
        "before the next action at the table."
    ),
    "extra-word": N_("A word the play does not call for costs a card at once."),
    "not-your-turn": N_("A play out of turn costs a card, and the turn stays where it was."),
}


def referee_verdict(right: bool, code: str, what_happened: str) -> str:
    """The answer judged: the penalty (or none) the referee gave, what the table saw, and the rule."""
    rule = _(PENALTY_RULES[code])
    if right:
        return _("Right! {what_happened} {rule}").format(what_happened=what_happened, rule=rule)
    if not code:
        return _("Not quite: nothing was wrong. {what_happened} {rule}").format(what_happened=what_happened, rule=rule)
    penalised = _(PENALISED[code])
    return _("Not quite: the referee penalised {penalised}. {what_happened} {rule}").format(
        penalised=penalised[:1].lower() + penalised[1:], what_happened=what_happened, rule=rule
    )


def no_penalty() -> str:
    return _("The referee gave no penalty.")


# ------------------------------------------------------------------ the mixed review


def review_name() -> str:
    """The practice page's extra topic: questions of every topic, missed ones more often."""
    return _("Mixed review")


def review_note(topic: str) -> str:
    """Under a review question: which topic it came from, and why missed topics come back."""
    return _("From “{topic}”. Topics you answered wrong come back more often until you get them right.").format(
        topic=topic
    )


# ------------------------------------------------------------------ the final quiz


def question_of(number: int, total: int, rules: str) -> str:
    return _("Question {number} of {total} · {rules}").format(number=number, total=total, rules=rules)


def score(right: int, total: int) -> str:
    return _("Score: {right} of {total}").format(right=right, total=total)


def next_question() -> str:
    return _("Next question")


def see_summary() -> str:
    return _("See my summary")


def answer_first() -> str:
    return _("Answer the question first: the first answer counts.")


def summary_title(right: int, total: int) -> str:
    return _("Mau Mau & Mao — final quiz: {right} of {total} right").format(right=right, total=total)


def summary_line(number: int, rules: str, prompt: str, given: str, verdict: str) -> str:
    """One question of the summary a learner keeps: the rule set (if the question does not name it), the
    question, their answer, the verdict."""
    named = f"[{rules}] " if rules else ""
    return _("{number}. {named}{prompt}\n   Your answer: {given}\n   {verdict}").format(
        number=number, named=named, prompt=prompt, given=given, verdict=verdict
    )


def cards_situation(hand: Sequence[Card], top: Card, named: Suit | None, waiting: int) -> str:
    """A "which cards?" question's table in words: the top card, a suit named, cards waiting, the hand."""
    parts = [_("Top card {top}").format(top=top.local_symbol)]
    if named is not None:
        parts.append(_("{suit} named").format(suit=named.noun))
    if waiting:
        parts.append(
            ngettext("{count} card waiting to be drawn", "{count} cards waiting to be drawn", waiting).format(
                count=waiting
            )
        )
    return _("({parts}; your hand: {hand}.)").format(
        parts=", ".join(parts), hand=" ".join(card.local_symbol for card in hand)
    )


def cards_shown(cards: Sequence[Card]) -> str:
    return _("(The cards: {cards}.)").format(cards=" ".join(card.local_symbol for card in cards))


def no_cards_picked() -> str:
    return _("no card")


def no_answer_given() -> str:
    return _("(no answer)")


def download_summary() -> str:
    return _("Download the summary (text)")


def summary_help() -> str:
    return _("Keep it: download it, or select the text below to copy or print it.")


def start_again() -> str:
    return _("Take the quiz again")


# ------------------------------------------------------------------ the course map's progress


def law_solved(name: str, plays: int, guesses: int) -> str:
    """A Mao law the learner found: now it may be named, with what it took."""
    plays_n = ngettext("{count} play", "{count} plays", plays).format(count=plays)
    tries = ngettext("{count} guess", "{count} guesses", guesses).format(count=guesses)
    return _("found: {name} ({plays}, {guesses})").format(name=name, plays=plays_n, guesses=tries)


def law_unsolved() -> str:
    return _("not found yet")
