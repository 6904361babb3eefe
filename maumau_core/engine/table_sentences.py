"""Every sentence said at the table: the round's events and its refusals, side by side.

The engine records what happened (:class:`~maumau_core.engine.facts.EventFacts`) and why
an action was refused (:class:`~maumau_core.engine.facts.RefusalFacts`) as data: seats,
cards, amounts, a variant key. This module is the one place that turns that
data into words, so a table names its players one way (``Seats``: by their
match seat, the learner as "you"), and a translation has one catalogue to
translate. Sentences about the learner are written in the second person
("You draw 2 cards."), not made by rewriting the third-person sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from maumau_core.engine.cards import Card, Rank, Suit
from maumau_core.engine.facts import EventFacts, RefusalFacts
from maumau_core.i18n import N_, _, listed, ngettext
from maumau_core.markup import NO_MARKS, Marks


@dataclass(frozen=True)
class Seats:
    """How one table names its seats: ``names[seat]`` (else "Player <seat>"), and which seat is the learner."""

    names: tuple[str, ...] = ()
    me: int | None = None

    @classmethod
    def of(cls, names: Sequence[str], me: int | None = None) -> Seats:
        return cls(tuple(names), me)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return _(NOBODY)
        return self.names[seat] if 0 <= seat < len(self.names) else player_name(seat)


PLAIN = Seats()


def player_name(seat: int) -> str:
    """The name of a seat nobody gave a name to."""
    return _("Player {seat}").format(seat=seat)


def seat_label(seat: int, me: int | None) -> str:
    """How a table labels a seat: "You" for the learner's, else its player name."""
    return _("You") if seat == me else player_name(seat)


# ------------------------------------------------------------------ words for cards and ranks


def rank_name(rank: Rank | None) -> str:
    """How a sentence names a rank: digits for numbers ("7"), words for the rest ("jack")."""
    if rank is None:
        return _("card")
    return rank.value if rank.order <= 10 else rank.word


def a_rank(rank: Rank | None) -> str:
    """The rank with its article: "a 7", "an 8", "a jack", "an ace" (one message per rank)."""
    return rank.with_article if rank is not None else _("a card")


def suit_plural(suit: Suit | None) -> str:
    return suit.noun if suit is not None else "?"


def suit_one(suit: Suit | None) -> str:
    return suit.one if suit is not None else "?"


def a_suit(suit: Suit | None) -> str:
    """The suit with its article, as in "play *a heart*"."""
    return suit.with_article if suit is not None else "?"


def cards_text(cards: Sequence[Card]) -> str:
    """Cards played one after another: "7♣ then 7♥", with the letters of the kernel's language."""
    text = cards[0].local_symbol if cards else ""
    for card in cards[1:]:
        text = _("{cards} then {card}").format(cards=text, card=card.local_symbol)
    return text


def count(amount: int) -> str:
    """A number of cards, singular for one: "1 card", "5 cards" (the language's plural forms)."""
    return ngettext("{count} card", "{count} cards", amount).format(count=amount)


def penalty_cards(amount: int) -> str:
    """A number of penalty cards: "1 penalty card", "2 penalty cards"."""
    return ngettext("{count} penalty card", "{count} penalty cards", amount).format(count=amount)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ events

#: Event kind → (sentence about another player, sentence about the learner). ``{who}`` is the
#: player's name; the other fields come from the event (see :func:`_fields`).
_EVENTS: dict[str, tuple[str, str]] = {
    "play": (N_("{who} plays {cards}."), N_("You play {cards}.")),
    "name-suit": (
        N_("{who} names {suit}: the next card must be {a_suit} or {a_rank}."),
        N_("You name {suit}: the next card must be {a_suit} or {a_rank}."),
    ),
    "dealer-names": (
        N_("The first card is wild, so {who}, the dealer, names {suit}."),
        N_("The first card is wild, so you, the dealer, name {suit}."),
    ),
    "draw-pending": (
        N_("{who} must draw {amount} or answer with {a_rank}."),
        N_("You must draw {amount} or answer with {a_rank}."),
    ),
    "draw-pending-no-answer": (
        N_("{who} must draw {amount} and lose the turn."),
        N_("You must draw {amount} and lose your turn."),
    ),
    "draw": (N_("{who} draws {cards_n}."), N_("You draw {cards_n}.")),
    "draw-none": (
        N_("{who} cannot draw: the stock is empty and nothing is left to reshuffle."),
        N_("You cannot draw: the stock is empty and nothing is left to reshuffle."),
    ),
    "draw-none-limit": (
        N_("{who} cannot draw: the stock is empty and the rules allow no more reshuffles."),
        N_("You cannot draw: the stock is empty and the rules allow no more reshuffles."),
    ),
    "take-penalty": (
        N_("{who} takes the draw penalty: {cards_n}, and the turn is lost."),
        N_("You take the draw penalty: {cards_n}, and your turn is lost."),
    ),
    "drawn-playable": (
        N_("{who} may play the card just drawn ({cards}) or keep it and pass."),
        N_("You may play the card you just drew ({cards}) or keep it and pass."),
    ),
    "drawn-must-play": (
        N_("{who} must play the card just drawn ({cards})."),
        N_("You must play the card you just drew ({cards}): it fits."),
    ),
    "keep": (N_("{who} keeps the card and passes."), N_("You keep the card and pass.")),
    "skip": (N_("{who} is skipped."), N_("You are skipped.")),
    "skip-by": (N_("{who} is skipped: {a_rank} was played."), N_("You are skipped: {a_rank} was played.")),
    "skip-pending": (
        N_("{who} will be skipped unless they answer with {a_rank}."),
        N_("You will be skipped unless you answer with {a_rank}."),
    ),
    "skips-pending": (
        N_(
            "{who} will be skipped unless they answer with {a_rank}; the other skips waiting go on "
            "to the players after."
        ),
        N_("You will be skipped unless you answer with {a_rank}; the other skips waiting go on to the players after."),
    ),
    "accept-skip": (N_("{who} accepts the skip and loses the turn."), N_("You accept the skip and lose your turn.")),
    "reverse-1": (N_("The direction of play is reversed: now clockwise."),) * 2,
    "reverse--1": (N_("The direction of play is reversed: now anticlockwise."),) * 2,
    "again": (N_("{who} plays again."), N_("You play again.")),
    "draw-all": (
        N_("The ace makes every other player draw {cards_n}."),
        N_("Your ace makes every other player draw {cards_n}."),
    ),
    "reshuffle": (
        N_(
            "The stock is empty: the discard pile under the top card ({cards_n}) is shuffled into a "
            "new stock; the top card stays."
        ),
    )
    * 2,
    "call": (N_("{who} says “{word}”."), N_("You say “{word}”.")),
    "missed-call": (
        N_("{who} did not say “{word}”: another player may point it out."),
        N_("You did not say “{word}”: another player may point it out."),
    ),
    "late-call": (N_("{who} says “{word}” just in time."), N_("You say “{word}” just in time.")),
    "too-late": (
        N_("{who} says “{word}” too late: the next player has already moved."),
        N_("You say “{word}” too late: the next player has already moved."),
    ),
    "idle-word": (N_("{who} says “{word}”, which changes nothing."), N_("You say “{word}”, which changes nothing.")),
    "call-penalty": (
        N_("{who} forgot to say “{word}” and draws {cards_n} as a penalty."),
        N_("You forgot to say “{word}” and draw {cards_n} as a penalty."),
    ),
    "window-closed": (
        N_("Nobody pointed out {who}'s missing “{word}” in time."),
        N_("Nobody pointed out your missing “{word}” in time."),
    ),
    "penalty": (N_("{who} draws {cards_n} as a penalty: {reason}."), N_("You draw {cards_n} as a penalty: {reason}.")),
    "penalty-full": (
        N_("{who} draws {cards_n} as a penalty. {reason}"),
        N_("You draw {cards_n} as a penalty. {reason}"),
    ),
    "out": (
        N_("{who} has played their last card and wins the round."),
        N_("You have played your last card and win the round."),
    ),
    "void": (N_("A full turn of the table passed with no play and no draw: the round is void."),) * 2,
    "stuck": (N_("No card can be drawn even after reshuffling: the round stops and cards are counted."),) * 2,
    "stuck-limit": (
        N_("No card can be drawn and the rules allow no more reshuffles: the round stops and cards are counted."),
    )
    * 2,
    "called-off": (
        N_("After {amount} moves nobody could finish the round: the simulation ends it there, with no winner."),
    )
    * 2,
    "stuck-winner": (
        N_("{who} has the fewest cards and wins the round."),
        N_("You have the fewest cards and win the round."),
    ),
    "stuck-tie": (N_("Several players tie for the fewest cards: nobody wins the round."),) * 2,
}

#: Why a player draws penalty cards (the ``reason`` of a penalty event), by the reason's code.
_PENALTY_REASONS: dict[str, str] = {
    "not-your-turn": N_("playing out of turn"),
    "missing-word": N_("failure to say “{word}”"),
    "extra-word": N_("talking (“{word}”)"),
    "referee": N_("no match"),
}


def event_sentence(event: EventFacts, seats: Seats = PLAIN) -> str:
    """One plain sentence a learner understands, naming players as ``seats`` says."""
    templates = _EVENTS[_event_key(event)]
    return _(templates[event.player == seats.me and event.player is not None]).format(**_fields(event, seats))


def _event_key(event: EventFacts) -> str:
    kind = event.kind
    if kind == "draw-pending" and not event.text:
        return "draw-pending-no-answer"
    if kind == "draw" and not event.amount:
        return "draw-none-limit" if event.text == "limit" else "draw-none"
    if kind == "stuck" and event.text == "limit":
        return "stuck-limit"
    if kind == "skip-pending" and event.amount > 1:
        return "skips-pending"
    if kind == "skip" and event.text:
        return "skip-by"
    if kind == "reverse":
        return f"reverse-{event.amount}"
    if (
        kind == "penalty"
        and event.reason is not None
        and event.reason.code not in _PENALTY_REASONS
        and event.reason.code != "secret-law"
    ):
        return "penalty-full"
    return kind


def _fields(event: EventFacts, seats: Seats) -> dict[str, str]:
    fields = {
        "who": seats.name(event.player),
        "cards": cards_text(event.cards),
        "amount": str(event.amount),
        "cards_n": count(event.amount),
        "suit": suit_plural(event.suit),
        "a_suit": a_suit(event.suit),
        "word": event.text,
        "a_rank": a_rank(Rank(event.text)) if event.text in _RANK_VALUES else event.text,
        "reason": "",
    }
    if event.reason is not None:
        fields["reason"] = penalty_reason(event.reason, seats)
    return fields


_RANK_VALUES = frozenset(rank.value for rank in Rank)


def penalty_reason(reason: RefusalFacts, seats: Seats = PLAIN) -> str:
    """What the referee says when a penalty is given: a few words in Mao, the whole rule otherwise."""
    if reason.code == "secret-law":
        return _(reason.text)  # the law's own words: translated when they are the referee's default words
    template = _PENALTY_REASONS.get(reason.code)
    if template is not None:
        return _(template).format(word=reason.text)
    return refusal_sentence(reason, seats)


# ------------------------------------------------------------------ refusals

#: Refusal variant (``Refusal.why``, else its code) → (sentence about another player, about the learner).
#: Most refusals answer the player who tried, so both forms say "you".
_REFUSALS: dict[str, tuple[str, str]] = {
    "round-over": (N_("The round is over: start a new round."),) * 2,
    "no-seat": (N_("There is no player {player} at this table."),) * 2,
    "bad-card": (N_("Name the card you want to play."),) * 2,
    "not-in-hand": (N_("{who} does not hold {card}."), N_("You do not hold {card}.")),
    "not-your-turn": (N_("It is {turn_name}'s turn, not {who}'s."), N_("It is {turn_name}'s turn, not yours.")),
    "one-card-only": (N_("Only one card per turn in this rule set."),) * 2,
    "mixed-ranks": (N_("Cards played together must all have the same rank."),) * 2,
    "suit-required": (N_("Name a suit for the {rank_word}: clubs, diamonds, hearts or spades."),) * 2,
    "drawn-only": (N_("You drew {card}: play that card or pass to keep it."),) * 2,
    "drawn-must-play": (N_("You drew {card}, which fits: play that card."),) * 2,
    "skip-waiting": (N_("A skip is waiting: play {a_rank} to pass it on, or pass."),) * 2,
    "seven-no-answer": (N_("{A_rank} was played: draw {amount} and lose your turn."),) * 2,
    "chain-full": (N_("The chain of {rank}s may not grow any longer: draw {amount}."),) * 2,
    "must-answer-seven": (N_("{A_rank} is waiting: play {a_rank} or draw {amount}."),) * 2,
    "jack-on-jack": (N_("House rule: no {rank} on {a_rank}. Play one of the {suit}."),) * 2,
    "jack-last": (N_("House rule: {a_rank} may not be your last card, so draw instead."),) * 2,
    "named-suit": (N_("{card} is not one of the {suit} named with the {rank}: play {a_suit}."),) * 2,
    "no-match": (N_("{card} matches neither the rank nor the suit of {top}: play {a_rank} or {a_suit}."),) * 2,
    "skip-answer-or-pass": (N_("A skip is waiting: answer it or pass."),) * 2,
    "drawn-already": (N_("You have already drawn this turn: play the drawn card or pass."),) * 2,
    "can-play": (N_("You can play {card}, and drawing is only for a player who cannot play."),) * 2,
    "cannot-pass": (N_("You may pass only after drawing a card you want to keep."),) * 2,
    "must-play-drawn": (N_("The card you drew fits, so it must be played: play {card}."),) * 2,
    "mao-no-flags": (N_("In Mao the referee judges every word at once: there is nothing to flag."),) * 2,
    "bad-flag": (N_("Point out another player at the table."),) * 2,
    "no-missed-call": (N_("{target} has made every call: there is nothing to point out."),) * 2,
    "referee": (N_("No match."),) * 2,
    "missing-word": (N_("Failure to say “{text}”."),) * 2,
    "extra-word": (N_("Talking (“{text}”)."),) * 2,
}

#: The same refusals when a wild card would also do: the sentence names it (a whole sentence of its own).
_WITH_WILD: dict[str, str] = {
    "named-suit": N_("{card} is not one of the {suit} named with the {rank}: play {a_suit} or {a_wild}."),
    "no-match": N_("{card} matches neither the rank nor the suit of {top}: play {a_rank}, {a_suit} or {a_wild}."),
}


def refusal_sentence(refusal: RefusalFacts, seats: Seats = PLAIN) -> str:
    """Why an action may not be taken, in one sentence that names the rule."""
    if refusal.code == "secret-law":
        return _(refusal.text)  # the law's own words (the default ones translated): Mao's referee says no more
    key = refusal.why or refusal.code
    template = _REFUSALS[key][refusal.player is not None and refusal.player == seats.me]
    if refusal.wild is not None and key in _WITH_WILD:
        template = _WITH_WILD[key]
    fields: Mapping[str, str] = {
        "player": str(refusal.player),
        "who": seats.name(refusal.player),
        "turn_name": seats.name(refusal.seat),
        "target": seats.name(refusal.seat),
        "card": refusal.card.local_symbol if refusal.card is not None else "",
        "top": refusal.top.local_symbol if refusal.top is not None else "",
        "rank": rank_name(refusal.rank),
        "rank_word": refusal.rank.word if refusal.rank else _("card"),
        "a_rank": a_rank(refusal.rank),
        "A_rank": _first_upper(a_rank(refusal.rank)),
        "amount": str(refusal.amount),
        "suit": suit_plural(refusal.suit),
        "a_suit": a_suit(refusal.suit),
        "a_wild": a_rank(refusal.wild),
        "text": refusal.text,
    }
    return _(template).format(**fields)


# ------------------------------------------------------------------ the round's end, at a table


def round_over(winner: str | None, learner_won: bool, scores: Sequence[tuple[str, int]]) -> str:
    """What the table says when a round ends: who won (or that it was void) and everyone's points."""
    if winner is None:
        text = _("The round is void: nobody wins it.")
    elif learner_won:
        text = _("You won the round.")
    else:
        text = round_won_by(winner)
    points = ", ".join(_("{name} {score}").format(name=name, score=score) for name, score in scores)
    return _("{result} Points this round: {points}.").format(result=text, points=points)


def match_over(winners: Sequence[str], learner_won: bool) -> str:
    if learner_won and len(winners) == 1:
        return _("The match is over: you won it!")
    return _("The match is over: {winners} won it!").format(winners=listed(winners))


TIEBREAK_NEXT = N_("There is a tie for the lead: an extra round among the tied players decides.")
TIEBREAK_WATCH = N_("The tie is broken by an extra round among the tied players; you watch it.")
WHY = N_("Why? (the rule's lesson)")
START_FIRST = N_("Choose the rules and press “New match”.")
NO_ROUND = N_("Start a new match or the next round first.")
ROUND_NOT_OVER = N_("This round is still being played: finish it first, or press “New match”.")
YOUR_TURN = N_("Your turn.")
BOTS_START = N_("The bots start.")
DONE = N_("Done.")


# ------------------------------------------------------------------ actions described before they happen

_ATTEMPTS = {
    (False, False): N_("{who} tries to play {cards}"),
    (True, False): N_("{who} tries to play {cards}, naming {suit}"),
    (False, True): N_("{who} tries to play {cards}, saying {words}"),
    (True, True): N_("{who} tries to play {cards}, naming {suit}, saying {words}"),
}


def attempted_play(player: int, cards: Sequence[Card], suit: Suit | None, words: Sequence[str]) -> str:
    """ "Player 0 tries to play 7♣, naming hearts, saying “Mau”": an action before the rules judge it."""
    return _(_ATTEMPTS[suit is not None, bool(words)]).format(
        who=player_name(player),
        cards=listed([card.local_symbol for card in cards]),
        suit=suit_plural(suit),
        words=_quoted(words),
    )


def quoted(word: str) -> str:
    """A word as said, in the language's quotation marks (“Mau”, « Mau », „Mau“)."""
    return _("“{word}”").format(word=word)


def _quoted(words: Sequence[str]) -> str:
    return ", ".join(quoted(word) for word in words)


_ACTIONS = {
    "draw": N_("{who} draws"),
    "pass": N_("{who} passes"),
    "flag": N_("{who} points out that {target} missed a call"),
    "say": N_("{who} says {words}"),
}


def action_said(player: int, verb: str, *, target: int = 0, words: Sequence[str] = ()) -> str:
    """A draw, a pass, a flag or words on their own, before the rules judge them."""
    return _(_ACTIONS[verb]).format(who=player_name(player), target=player_name(target), words=_quoted(words))


def refused_step(attempt: str, refusal: str) -> tuple[str, str]:
    """A step of a situation that the rules refuse: what was tried, and why (nothing changes)."""
    return _("{attempt}.").format(attempt=attempt), _("Refused: {refusal} Nothing changes.").format(refusal=refusal)


def deal_preview(deck: int, each: int, top: str, starter: int, hand: str) -> str:
    """A deal described: the deck, the deal, the top card and the first player's hand (``top`` and
    ``hand`` are pictures the caller draws)."""
    return _(
        "{deck} cards, {each} each. On top of the pile: {top} — the dealer is {dealer}, so {starter}, on "
        "the dealer's left, starts with {hand}"
    ).format(deck=deck, each=each, top=top, dealer=player_name(0), starter=player_name(starter), hand=hand)


def name_the_suit(wild: Card) -> str:
    """Asked when a wild card was chosen: the suit it names comes next."""
    return _("Name the suit that must follow your {card}.").format(card=wild.local_symbol)


def round_won_by(winner: str) -> str:
    return _("{winner} won the round.").format(winner=winner)


# ------------------------------------------------------------------ the Mao table

NOBODY = N_("Nobody")
MAO_START_FIRST = N_("Press “New match”: a secret law will be chosen.")
MAO_YOUR_TURN = N_("A secret law is in force. Your turn.")
MAO_BOTS_START = N_("A secret law is in force. The bots start.")
MAO_YOU_WON_ROUND = N_("You won the round: you may write the next law (or keep playing with a new secret one).")
MAO_YOU_WON_MATCH = N_("You won the match!")
MAO_SOLVED = N_("You found the law! Play on to win the round, or start the next one.")
MAO_NOTHING_YET = N_("Nothing played yet.")
MAO_SPEAK_NOW = N_("Anything to say about that play? Say it now with the word buttons, or press “Let the others play”.")
MAO_START_MATCH_FIRST = N_("Start a match first.")


def law_revealed(winner: str, law: str, description: str, marks: Marks = NO_MARKS) -> str:
    """The reveal at a round's end: who won it and the law that was secret, with what it means."""
    text = _("{won} The secret law was {law}.").format(won=marks.strong(round_won_by(winner)), law=marks.code(law))
    return f"{text} {marks.text(description)}" if description else text


def mao_match_won(learner_won: bool) -> str:
    return _("You won the match.") if learner_won else _("The bots won the match.")


def attempt_title(who: str, reason: str) -> str:
    """The hover text of a refused card in the history: who tried it and what the referee said."""
    return _("{who}: {reason}").format(who=who, reason=reason)
