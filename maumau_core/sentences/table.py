"""Every sentence said at the table: the round's events and its refusals, side by side.

The engine records what happened (:class:`~maumau_core.events.Event`) and why
an action was refused (:class:`~maumau_core.errors.Refusal`) as data: seats,
cards, amounts, a variant key. This module is the one place that turns that
data into words, so a table names its players one way (``Seats``: by their
match seat, the learner as "you"), and a translation has one catalogue to
translate. Sentences about the learner are written in the second person
("You draw 2 cards."), not made by rewriting the third-person sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from maumau_core.cards import Card, Rank, Suit
from maumau_core.sentences.markup import NO_MARKS, Marks

if TYPE_CHECKING:
    from maumau_core.errors import Refusal
    from maumau_core.events import Event


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
            return "Nobody"
        return self.names[seat] if 0 <= seat < len(self.names) else player_name(seat)

    def possessive(self, seat: int) -> str:
        """ "Player 2's", or "your" for the learner."""
        return "your" if seat == self.me else f"{self.name(seat)}'s"


PLAIN = Seats()


def player_name(seat: int) -> str:
    """The name of a seat nobody gave a name to."""
    return f"Player {seat}"


def seat_label(seat: int, me: int | None) -> str:
    """How a table labels a seat: "You" for the learner's, else its player name."""
    return "You" if seat == me else player_name(seat)


# ------------------------------------------------------------------ words for cards and ranks

SUIT_ONE = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


def rank_name(rank: Rank | None) -> str:
    """How a sentence names a rank: digits for numbers ("7"), words for the rest ("jack")."""
    if rank is None:
        return "card"
    return rank.value if rank.order <= 10 else rank.word


def a_rank(rank: Rank | None) -> str:
    """The rank with its article: "a 7", "an 8", "a jack", "an ace"."""
    name = rank_name(rank)
    return ("an " if name[0] in "8a" else "a ") + name


def suit_plural(suit: Suit | None) -> str:
    return suit.noun if suit is not None else "?"


def suit_one(suit: Suit | None) -> str:
    return SUIT_ONE[suit] if suit is not None else "?"


def cards_text(cards: Sequence[Card]) -> str:
    return " then ".join(card.symbol for card in cards)


def count(amount: int, one: str = "card", many: str = "cards") -> str:
    """A number with its noun, singular for one: "1 card", "5 cards"."""
    return f"{amount} {one if amount == 1 else many}"


# ------------------------------------------------------------------ events

#: Event kind → (sentence about another player, sentence about the learner). ``{who}`` is the
#: player's name; the other fields come from the event (see :func:`_fields`).
_EVENTS: dict[str, tuple[str, str]] = {
    "play": ("{who} plays {cards}.", "You play {cards}."),
    "name-suit": ("{who} names {suit}: the next card must be a {suit_one} or {a_rank}.",
                  "You name {suit}: the next card must be a {suit_one} or {a_rank}."),
    "dealer-names": ("The first card is wild, so {who}, the dealer, names {suit}.",
                     "The first card is wild, so you, the dealer, name {suit}."),
    "draw-pending": ("{who} must draw {amount} or answer with {a_rank}.",
                     "You must draw {amount} or answer with {a_rank}."),
    "draw-pending-no-answer": ("{who} must draw {amount} and lose the turn.",
                               "You must draw {amount} and lose your turn."),
    "draw": ("{who} draws {cards_n}.", "You draw {cards_n}."),
    "draw-none": ("{who} cannot draw: the stock is empty and nothing is left to reshuffle.",
                  "You cannot draw: the stock is empty and nothing is left to reshuffle."),
    "take-penalty": ("{who} takes the draw penalty: {cards_n}, and the turn is lost.",
                     "You take the draw penalty: {cards_n}, and your turn is lost."),
    "drawn-playable": ("{who} may play the card just drawn ({cards}) or keep it and pass.",
                       "You may play the card you just drew ({cards}) or keep it and pass."),
    "drawn-must-play": ("{who} must play the card just drawn ({cards}).",
                        "You must play the card you just drew ({cards}): it fits."),
    "keep": ("{who} keeps the card and passes.", "You keep the card and pass."),
    "skip": ("{who} is skipped.", "You are skipped."),
    "skip-by": ("{who} is skipped: {a_rank} was played.", "You are skipped: {a_rank} was played."),
    "skip-pending": ("{who} will be skipped unless they answer with {a_rank}.",
                     "You will be skipped unless you answer with {a_rank}."),
    "accept-skip": ("{who} accepts the skip and loses the turn.", "You accept the skip and lose your turn."),
    "reverse-1": ("The direction of play is reversed: now clockwise.",) * 2,
    "reverse--1": ("The direction of play is reversed: now anticlockwise.",) * 2,
    "again": ("{who} plays again.", "You play again."),
    "draw-all": ("The ace makes every other player draw {cards_n}.",
                 "Your ace makes every other player draw {cards_n}."),
    "reshuffle": ("The stock is empty: the discard pile under the top card ({cards_n}) is shuffled into a new "
                  "stock; the top card stays.",) * 2,
    "call": ("{who} says “{word}”.", "You say “{word}”."),
    "missed-call": ("{who} did not say “{word}”: another player may point it out.",
                    "You did not say “{word}”: another player may point it out."),
    "late-call": ("{who} says “{word}” just in time.", "You say “{word}” just in time."),
    "too-late": ("{who} says “{word}” too late: the next player has already moved.",
                 "You say “{word}” too late: the next player has already moved."),
    "idle-word": ("{who} says “{word}”, which changes nothing.", "You say “{word}”, which changes nothing."),
    "call-penalty": ("{who} forgot to say “{word}” and draws {cards_n} as a penalty.",
                     "You forgot to say “{word}” and draw {cards_n} as a penalty."),
    "window-closed": ("Nobody pointed out {whose} missing “{word}” in time.",
                      "Nobody pointed out your missing “{word}” in time."),
    "penalty": ("{who} draws {cards_n} as a penalty: {reason}.", "You draw {cards_n} as a penalty: {reason}."),
    "penalty-full": ("{who} draws {cards_n} as a penalty. {reason}", "You draw {cards_n} as a penalty. {reason}"),
    "out": ("{who} has played their last card and wins the round.",
            "You have played your last card and win the round."),
    "void": ("A full turn of the table passed with no play and no draw: the round is void.",) * 2,
    "stuck": ("No card can be drawn even after reshuffling: the round stops and cards are counted.",) * 2,
    "stuck-winner": ("{who} has the fewest cards and wins the round.", "You have the fewest cards and win the round."),
    "stuck-tie": ("Several players tie for the fewest cards: nobody wins the round.",) * 2,
}

#: Why a player draws penalty cards (the ``reason`` of a penalty event), by the reason's code.
_PENALTY_REASONS: dict[str, str] = {
    "not-your-turn": "playing out of turn",
    "missing-word": "failure to say “{word}”",
    "extra-word": "talking (“{word}”)",
    "referee": "no match",
}


def event_sentence(event: Event, seats: Seats = PLAIN) -> str:
    """One plain sentence a learner understands, naming players as ``seats`` says."""
    templates = _EVENTS[_event_key(event)]
    return templates[event.player == seats.me and event.player is not None].format(**_fields(event, seats))


def _event_key(event: Event) -> str:
    kind = event.kind
    if kind == "draw-pending" and not event.text:
        return "draw-pending-no-answer"
    if kind == "draw" and not event.amount:
        return "draw-none"
    if kind == "skip" and event.text:
        return "skip-by"
    if kind == "reverse":
        return f"reverse-{event.amount}"
    if kind == "penalty" and event.reason is not None and event.reason.code not in _PENALTY_REASONS \
            and event.reason.code != "secret-law":
        return "penalty-full"
    return kind


def _fields(event: Event, seats: Seats) -> dict[str, str]:
    fields = {
        "who": seats.name(event.player), "cards": cards_text(event.cards), "amount": str(event.amount),
        "cards_n": count(event.amount), "suit": suit_plural(event.suit), "suit_one": suit_one(event.suit),
        "word": event.text, "whose": seats.possessive(event.player) if event.player is not None else "",
        "a_rank": a_rank(Rank(event.text)) if event.text in _RANK_VALUES else event.text,
        "reason": "",
    }
    if event.reason is not None:
        fields["reason"] = penalty_reason(event.reason, seats)
    return fields


_RANK_VALUES = frozenset(rank.value for rank in Rank)


def penalty_reason(reason: Refusal, seats: Seats = PLAIN) -> str:
    """What the referee says when a penalty is given: a few words in Mao, the whole rule otherwise."""
    if reason.code == "secret-law":
        return reason.text
    template = _PENALTY_REASONS.get(reason.code)
    if template is not None:
        return template.format(word=reason.text)
    return refusal_sentence(reason, seats)


# ------------------------------------------------------------------ refusals

#: Refusal variant (``Refusal.why``, else its code) → (sentence about another player, about the learner).
#: Most refusals answer the player who tried, so both forms say "you".
_REFUSALS: dict[str, tuple[str, str]] = {
    "round-over": ("The round is over: start a new round.",) * 2,
    "no-seat": ("There is no player {player} at this table.",) * 2,
    "bad-card": ("Name the card you want to play.",) * 2,
    "not-in-hand": ("{who} does not hold {card}.", "You do not hold {card}."),
    "not-your-turn": ("It is {turn_name}'s turn, not {who}'s.", "It is {turn_name}'s turn, not yours."),
    "one-card-only": ("Only one card per turn in this rule set.",) * 2,
    "mixed-ranks": ("Cards played together must all have the same rank.",) * 2,
    "suit-required": ("Name a suit for the {rank_word}: clubs, diamonds, hearts or spades.",) * 2,
    "drawn-only": ("You drew {card}: play that card or pass to keep it.",) * 2,
    "drawn-must-play": ("You drew {card}, which fits: play that card.",) * 2,
    "skip-waiting": ("A skip is waiting: play {a_rank} to pass it on, or pass.",) * 2,
    "seven-no-answer": ("{A_rank} was played: draw {amount} and lose your turn.",) * 2,
    "chain-full": ("The chain of {rank}s may not grow any longer: draw {amount}.",) * 2,
    "must-answer-seven": ("{A_rank} is waiting: play {a_rank} or draw {amount}.",) * 2,
    "jack-on-jack": ("House rule: no {rank} on a {rank}. Play one of the {suit}.",) * 2,
    "jack-last": ("House rule: a {rank} may not be your last card, so draw instead.",) * 2,
    "named-suit": ("{card} is not one of the {suit} named with the {rank}: play a {suit_one}{or_wild}",) * 2,
    "no-match": ("{card} matches neither the rank nor the suit of {top}: play {a_rank} or a {suit_one}{or_wild}",) * 2,
    "skip-answer-or-pass": ("A skip is waiting: answer it or pass.",) * 2,
    "drawn-already": ("You have already drawn this turn: play the drawn card or pass.",) * 2,
    "can-play": ("You can play {card}, and drawing is only for a player who cannot play.",) * 2,
    "cannot-pass": ("You may pass only after drawing a card you want to keep.",) * 2,
    "must-play-drawn": ("The card you drew fits, so it must be played: play {card}.",) * 2,
    "mao-no-flags": ("In Mao the referee judges every word at once: there is nothing to flag.",) * 2,
    "bad-flag": ("Point out another player at the table.",) * 2,
    "no-missed-call": ("{target} has made every call: there is nothing to point out.",
                       "{target} has made every call: there is nothing to point out."),
    "referee": ("No match.",) * 2,
    "missing-word": ("Failure to say “{text}”.",) * 2,
    "extra-word": ("Talking (“{text}”).",) * 2,
}


def refusal_sentence(refusal: Refusal, seats: Seats = PLAIN) -> str:
    """Why an action may not be taken, in one sentence that names the rule."""
    if refusal.code == "secret-law":
        return refusal.text  # the law's own words: Mao's referee says no more
    templates = _REFUSALS[refusal.why or refusal.code]
    wild = refusal.wild
    fields: Mapping[str, str] = {
        "player": str(refusal.player), "who": seats.name(refusal.player),
        "turn_name": seats.name(refusal.seat), "target": seats.name(refusal.seat),
        "card": refusal.card.symbol if refusal.card is not None else "",
        "top": refusal.top.symbol if refusal.top is not None else "",
        "rank": rank_name(refusal.rank), "rank_word": refusal.rank.word if refusal.rank else "card",
        "a_rank": a_rank(refusal.rank), "A_rank": a_rank(refusal.rank).capitalize(),
        "amount": str(refusal.amount), "suit": suit_plural(refusal.suit), "suit_one": suit_one(refusal.suit),
        "or_wild": f" or {a_rank(wild)}." if wild is not None else ".", "text": refusal.text,
    }
    return templates[refusal.player is not None and refusal.player == seats.me].format(**fields)


# ------------------------------------------------------------------ the round's end, at a table

def round_over(winner: str | None, learner_won: bool, scores: Sequence[tuple[str, int]]) -> str:
    """What the table says when a round ends: who won (or that it was void) and everyone's points."""
    if winner is None:
        text = "The round is void: nobody wins it."
    elif learner_won:
        text = "You won the round."
    else:
        text = f"{winner} won the round."
    points = ", ".join(f"{name} {score}" for name, score in scores)
    return f"{text} Points this round: {points}."


def match_over(winners: Sequence[str], learner_won: bool) -> str:
    if learner_won and len(winners) == 1:
        return "The match is over: you won it!"
    return f"The match is over: {' and '.join(winners)} won it!"


TIEBREAK_NEXT = "There is a tie for the lead: an extra round among the tied players decides."
TIEBREAK_WATCH = "The tie is broken by an extra round among the tied players; you watch it."
WHY = "Why? (the rule's lesson)"
START_FIRST = "Choose the rules and press “New match”."
NO_ROUND = "Start a new match or the next round first."
ROUND_NOT_OVER = "This round is still being played: finish it first, or press “New match”."
YOUR_TURN = "Your turn."
BOTS_START = "The bots start."
DONE = "Done."



# ------------------------------------------------------------------ actions described before they happen

def attempted_play(player: int, cards: Sequence[Card], suit: Suit | None, words: Sequence[str]) -> str:
    """ "Player 0 tries to play 7♣, naming hearts, saying “Mau”": an action before the rules judge it."""
    text = f"{player_name(player)} tries to play {' and '.join(card.symbol for card in cards)}"
    if suit is not None:
        text += f", naming {suit_plural(suit)}"
    if words:
        text += ", saying " + ", ".join(f"“{word}”" for word in words)
    return text


_ACTIONS = {
    "draw": "{who} draws",
    "pass": "{who} passes",
    "flag": "{who} points out that {target} missed a call",
    "say": "{who} says {words}",
}


def action_said(player: int, verb: str, *, target: int = 0, words: Sequence[str] = ()) -> str:
    """A draw, a pass, a flag or words on their own, before the rules judge them."""
    return _ACTIONS[verb].format(who=player_name(player), target=player_name(target),
                                 words=", ".join(f"“{word}”" for word in words))


def refused_step(attempt: str, refusal: str) -> tuple[str, str]:
    """A step of a situation that the rules refuse: what was tried, and why (nothing changes)."""
    return f"{attempt}.", f"Refused: {refusal} Nothing changes."


def deal_preview(deck: int, each: int, top: str, starter: int, hand: str) -> str:
    """A deal described: the deck, the deal, the top card and the first player's hand (``top`` and
    ``hand`` are pictures the caller draws)."""
    return (f"{deck} cards, {each} each. On top of the pile: {top} — the dealer is {player_name(0)}, so "
            f"{player_name(starter)}, on the dealer's left, starts with {hand}")


def name_the_suit(wild: Card) -> str:
    """Asked when a wild card was chosen: the suit it names comes next."""
    return f"Name the suit that must follow your {wild.symbol}."


def round_won_by(winner: str) -> str:
    return f"{winner} won the round."


# ------------------------------------------------------------------ the Mao table

NOBODY = "Nobody"
MAO_START_FIRST = "Press “New match”: a secret law will be chosen."
MAO_YOUR_TURN = "A secret law is in force. Your turn."
MAO_BOTS_START = "A secret law is in force. The bots start."
MAO_YOU_WON_ROUND = "You won the round: you may write the next law (or keep playing with a new secret one)."
MAO_YOU_WON_MATCH = "You won the match!"
MAO_SOLVED = "You found the law! Play on to win the round, or start the next one."
MAO_NOTHING_YET = "Nothing played yet."
MAO_SPEAK_NOW = ("Anything to say about that play? Say it now with the word buttons, or press "
                 "“Let the others play”.")
MAO_START_MATCH_FIRST = "Start a match first."


def law_revealed(winner: str, law: str, description: str, marks: Marks = NO_MARKS) -> str:
    """The reveal at a round's end: who won it and the law that was secret, with what it means."""
    about = f" {marks.text(description)}" if description else ""
    return f"{marks.strong(round_won_by(winner))} The secret law was {marks.code(law)}.{about}"


def mao_match_won(learner_won: bool) -> str:
    return "You won the match." if learner_won else "The bots won the match."


def attempt_title(who: str, reason: str) -> str:
    """The hover text of a refused card in the history: who tried it and what the referee said."""
    return f"{who}: {reason}"
