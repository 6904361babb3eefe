"""Every sentence of the Mao wing: guesses, counter-examples, fitness, notation mistakes, the detective.

The Mao modules decide (a guess is wrong, a law is stuck, the parser expected
a colon) and pass the data here: cards, law texts, counts, the parser's token
names. Law descriptions and the referee's reasons are data of the laws, not
sentences of this module (``law_library.py``; ``notation.default_reason``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from maumau_core.cards import Card
from maumau_core.sentences.markup import NO_MARKS, Marks

if TYPE_CHECKING:
    from maumau_core.mao.law_check import Difference


# ------------------------------------------------------------------ the law builder

def builder_parts() -> list[tuple[str, str]]:
    """The builder's first dropdown: (label, part of the law) that the next piece goes to."""
    return [("the card must be", "must"), ("after (the trigger)", "after"), ("until (the lift)", "until")]


def builder_negations() -> list[tuple[str, str]]:
    """The builder's ``not`` dropdown: (label, notation word or nothing)."""
    return [("—", ""), ("not", "not")]


def builder_subjects() -> list[tuple[str, str]]:
    """Whose property a piece is: (label, notation word or nothing)."""
    return [("this card:", ""), ("prev (the card before):", "prev")]


def builder_properties() -> list[tuple[str, str]]:
    """The builder's properties: (label, notation). Each label starts with the notation it writes."""
    ranks = [("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("6", "6"), ("7", "7"), ("8", "8"), ("9", "9"),
             ("10", "10"), ("J (jack)", "J"), ("Q (queen)", "Q"), ("K (king)", "K"), ("A (ace)", "A")]
    rank_sets = [(f"{{{ranks}}} ({words})", f"{{{ranks}}}") for ranks, words in
                 [("2, 3, 4, 5, 6", "one of the low ranks"), ("7, 8, 9, 10", "one of the middle ranks"),
                  ("J, Q, K, A", "one of the high ranks")]]
    kinds = [("red", "red"), ("black", "black"), ("hearts", "hearts"), ("diamonds", "diamonds"),
             ("clubs", "clubs"), ("spades", "spades"), ("face (J, Q, K)", "face"), ("number (2 to 10)", "number"),
             ("odd (3, 5, 7, 9, J = 11, K = 13)", "odd"), ("even (2, 4, 6, 8, 10, Q = 12, A = 14)", "even"),
             ("higher (than the card before)", "higher"), ("lower (than the card before)", "lower"),
             ("same suit (as the card before)", "same suit"), ("same rank (as the card before)", "same rank")]
    return kinds + ranks + rank_sets


def builder_joins() -> list[tuple[str, str]]:
    """The builder's buttons: (label, how the piece joins what is there)."""
    return [("+ and", "and"), ("+ or", "or")]


def built_so_far(law: str, marks: Marks = NO_MARKS) -> str:
    """The law the builder holds, or a nudge when it holds nothing yet."""
    if not law:
        return "Built so far: nothing yet. Pick a property and press “+ and” or “+ or”."
    return f"Built so far: {marks.code(law)}"


def needs_after_first() -> str:
    """A piece was added to ``until`` before the law has an ``after``."""
    return "An “until” lifts an “after”: add the “after” part first."


# ------------------------------------------------------------------ comparing laws

def quoted_law(law: str) -> str:
    """A law named by its text, e.g. “after Q: black”."""
    return f"“{law}”"


def counter_example(found: Difference, other: str = "the secret law") -> str:
    """The plays that tell the learner's law from ``other``, e.g. "…: your law allows 9♥ right after Q♥; …"."""
    top = found.plays[-1] if found.plays else found.start
    yes, no = ("your law", other) if found.first_allows else (other, "your law")
    story = f"With {found.start.symbol} turned up"
    if found.plays:
        story += ", after " + ", then ".join(card.symbol for card in found.plays)
    return f"{story}: {yes} allows {found.card.symbol} right after {top.symbol}; {no} does not."


def guess_right(law: str) -> str:
    return (f"Correct! “{law}” allows exactly the plays the secret law allows, in every situation the game "
            "can reach.")


def guess_wrong(found: Difference) -> str:
    return f"Not that law. {counter_example(found)}"


def no_secret_yet() -> str:
    return "Deal a round first: there is no secret law yet."


def same_law_as(other: str) -> str:
    return f"It is the same law as {quoted_law(other)}, written differently."


# ------------------------------------------------------------------ writing a law

def fit_to_play(law: str) -> str:
    return f"“{law}” is fit to play: it restricts something and never leaves the table stuck."


def stops_the_game(turned_up: Card, plays: Sequence[Card], top: Card) -> str:
    """A law refused because a reachable table lets no card of the deck follow ``top``."""
    way = f"after {', '.join(card.symbol for card in plays)} " if plays else ""
    return (f"This law can stop the game for good: with {turned_up.symbol} turned up {way}no card in the deck "
            f"may follow {top.symbol}.")


def forbids_nothing() -> str:
    return "This law never forbids a card that matches, so there is nothing to discover: make it stricter."


def referee_reading(law: str, reason: str, marks: Marks = NO_MARKS) -> str:
    """How the referee reads a written law back, and what it says when the law is broken."""
    return f"The referee reads: {marks.code(law)} and says “{marks.text(reason)}” when it is broken."


# ------------------------------------------------------------------ mistakes in the notation

def empty_law() -> str:
    """No law was written; the sentence ends with an example law instead of a full stop."""
    return "A law needs some text, for example: after Q: black"


def law_too_long(length: int, limit: int) -> str:
    """A law longer than the notation allows (it is refused before it is read)."""
    return f"A law is at most {limit} characters long; this one has {length:,}. Write a shorter one."


def law_too_deep(limit: int) -> str:
    """A law with more brackets inside one another than the notation allows."""
    return f"A law may put at most {limit} brackets inside one another. Write it with fewer."


def not_yours_to_write() -> str:
    """Someone tried to set the next law without having just won a round of a match that goes on."""
    return "Only the winner of the round just played may write the next law."


def prev_cannot_compare(comparison: str) -> str:
    """``prev`` put before a property that compares two cards (``higher``, ``same suit``, …)."""
    return f"“{comparison}” compares the played card with the previous one, so it cannot follow “prev”."


def unreadable_law(position: int | None, expected: set[str], found: str | None) -> str:
    """Where the parser stopped (a 1-based position, or None at the end), what it expected, what it found.

    ``expected`` holds the parser's token names (``"COLON"``, ``"RANK"``, …).
    """
    where = f"at position {position}" if position is not None else "at the end"
    but = f" but found “{found}”" if found is not None else ""
    return f"The law does not read {where}: expected {_expected_words(expected)}{but}."


#: How the parser's token names read to a learner; literal ones are quoted as written.
_TOKEN_WORDS = {
    "RANK": "a rank (2–10, J, Q, K, A)", "SUIT": "a suit", "COLOUR": "red or black", "KIND": "face or number",
    "PARITY": "odd or even", "ORDER": "higher or lower", "SAME": "same suit / same rank", "PREV": "prev",
    "NOT": "not", "LPAR": "(", "RPAR": ")", "LBRACE": "{", "RBRACE": "}", "COMMA": ",", "COLON": ":",
    "AND": "and", "OR": "or", "UNTIL": "until", "SAYS": "says", "AFTER": "after", "ASPECT": "suit or rank",
    "STRING": 'a reason in double quotes', "$END": "the end of the law",
}
_LITERAL = {"PREV", "NOT", "LPAR", "RPAR", "LBRACE", "RBRACE", "COMMA", "COLON", "AND", "OR", "UNTIL", "SAYS", "AFTER"}
#: Tokens that start a card property: named together as "a card property (…)".
_PROPERTY_START = {"RANK", "LBRACE", "SUIT", "COLOUR", "KIND", "PARITY", "ORDER", "SAME"}


def _expected_words(expected: set[str]) -> str:
    if expected & _PROPERTY_START:
        extra = sorted(_TOKEN_WORDS.get(name, name) for name in expected - _PROPERTY_START - {"PREV", "NOT", "LPAR"})
        base = "a card property (a rank like Q, ranks like {7, 8}, a suit, red, black, face, number, odd, even, " \
               "higher, lower, same suit, same rank)"
        return " or ".join([base, *extra])
    names = sorted(f"“{_TOKEN_WORDS[name]}”" if name in _LITERAL else _TOKEN_WORDS.get(name, name.lower())
                   for name in expected)
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else (names[0] if names else "something else")


# ------------------------------------------------------------------ the detective

def candidates_left(seen: int, revealed: int, remaining: int, candidates: int, marks: Marks = NO_MARKS) -> str:
    """How many of the detective's candidate laws agree with the ``seen`` matching attempts at the table and
    the ``revealed`` verdicts the counter-examples to the learner's guesses gave."""
    attempts = "attempt" if seen == 1 else "attempts"
    verdicts = "verdict" if revealed == 1 else "verdicts"
    return (f"From {seen} matching {attempts} seen at the table and {revealed} {verdicts} revealed by your "
            f"guesses' counter-examples, {marks.strong(f'{remaining:,}')} of {candidates:,} candidate laws "
            "still fit.")


def simplest_laws(laws: Sequence[str], marks: Marks = NO_MARKS) -> str:
    return "The simplest: " + "; ".join(marks.code(law) for law in laws) + "."


def candidates_later(after: int, guesses: int) -> str:
    """Why the detective names no laws yet: the learner has made fewer than ``after`` guesses."""
    more = after - guesses
    return (f"The detective names candidate laws once you have made {after} guesses of your own "
            f"({more} more to go).")


def telling_play(card: Card, split: float, marks: Marks = NO_MARKS) -> str:
    """The card whose verdict rules out most laws; ``split`` is the share of laws that allow it."""
    return (f"Your most telling play now: {marks.strong(card.symbol)} (about {split:.0%} of those laws allow it, "
            "so either verdict rules many out).")


def no_telling_play() -> str:
    return "None of your matching cards would rule any of them out: play on and watch the others."


def no_matching_card() -> str:
    return "None of your cards matches the top card: draw, and watch the others play."


# ------------------------------------------------------------------ guesses and the campaign

def guesses_made(count: int) -> str:
    """The guess counter under the guess box."""
    return f"Guesses checked for this law: {count}."


def law_solved(label: str, plays: int, guesses: int) -> str:
    """A campaign law solved by the learner's guess (``label`` is its neutral campaign label)."""
    return (f"{label} solved, after {plays} plays at the table and {guesses} "
            f"{'guess' if guesses == 1 else 'guesses'}. Press “New match” for the next law of the campaign.")


def solved_after_reveal() -> str:
    """A right guess after the round showed the law: right, but not counted as solved."""
    return "Right — but the law was already shown, so it does not count as solved. Try the next one."


def campaign_place(label: str, solved: int, total: int) -> str:
    """Where the learner is in the campaign."""
    return f"Campaign: now playing {label} · {solved} of {total} laws solved."


def written_law_in_force() -> str:
    """The law in force is one a round winner wrote, not a law of the campaign."""
    return "Campaign: the law in force was written by a round's winner; the campaign goes on after it."


def next_in_campaign() -> str:
    """The law dropdown's first choice: go on with the campaign."""
    return "the next law of the campaign"


def solved_mark(label: str) -> str:
    """A campaign label with the mark of a solved law."""
    return f"{label} ✓"


def detective_measure(plays: float, unsolved: int, games: int, limit: int) -> str:
    """How hard the detective found a law: mean plays over its games, and games where it never found it."""
    if unsolved == games:
        return f"unsolved by the detective in {limit:,} plays"
    text = f"about {plays:,.0f} plays"
    if unsolved:
        text = f"at least {plays:,.0f} plays (unsolved by the detective in {limit:,} plays in {unsolved} of {games} games)"
    return text


def learner_measure(record: dict[str, object] | None) -> str:
    """How the learner solved a law (from their progress), or a dash when they have not."""
    if record is None:
        return "–"
    guesses = record["guesses"]
    return f"{record['plays']} plays, {guesses} {'guess' if guesses == 1 else 'guesses'}"


def campaign_heading(column: str) -> str:
    """A heading of the campaign ladder: ``"law"``, ``"detective"`` (its measure) or ``"you"`` (the learner's)."""
    return {"law": "Law", "detective": "The detective needed", "you": "You needed"}[column]


# ------------------------------------------------------------------ the notation primer

_PRIMER = {
    "property": ("A property of the card",
                 "A rank ({q}, {ten}, or a set of ranks like {set}), a suit ({hearts}), a colour ({red}) or a kind "
                 "({face}, {number}, {odd}, {even}): every card played must have it (and still match).",
                 "Only number cards (2 to 10) may be played."),
    "not": ("not",
            "{not9} turns a property round: no card with it may be played. Join two properties with {and_} "
            "(both must hold) or with {or_} (one is enough).",
            "No king may ever be played."),
    "after": ("after T: C",
              "Right after a card with property T is played, the next card must meet C; then the law rests until "
              "the next T. Only played cards count: the card turned up at the deal never sets an “after” law.",
              "After a 9, the next card must be a face card."),
    "until": ("after T until U: C",
              "After a T, every card must meet C until a card with property U is played (another T sets it "
              "again).",
              "After a 2, only even cards may be played until a king is played."),
    "prev": ("prev",
             "{prev} speaks about the card the new one goes on (the turned-up card counts here): "
             "{prevk} forbids a king on a king.",
             "A club may never be played on a diamond."),
    "if-then": ("“if … then” with prev … or …",
                "{ifthen} reads: either the card before was black, or this card must be red — so after a red "
                "card, red must follow. “prev X or Y” means “if the card before was not X, then Y”.",
                "After a face card, the next card must be a face card too."),
}


def primer_title(form: str) -> str:
    """The heading of one form of the notation in the primer."""
    return _PRIMER[form][0]


def primer_explanation(form: str, marks: Marks = NO_MARKS) -> str:
    """What one form of the notation means, its notation marked as code."""
    code = {"q": "Q", "ten": "10", "set": "{7, 8, 9}", "hearts": "hearts", "red": "red", "face": "face",
            "number": "number", "odd": "odd", "even": "even", "not9": "not 9", "and_": "and", "or_": "or",
            "prev": "prev", "prevk": "not (prev K and K)", "ifthen": "prev black or red"}
    return _PRIMER[form][1].format(**{key: marks.code(value) for key, value in code.items()})


def primer_task(form: str) -> str:
    """The law the learner writes to check they can use one form."""
    return f"Write the law: {_PRIMER[form][2][0].lower()}{_PRIMER[form][2][1:]}"


def example_refuses(example: str, found: Difference, marks: Marks = NO_MARKS) -> str:
    """An example law at work: the first situation where it refuses a card that matches."""
    top = found.plays[-1] if found.plays else found.start
    story = f"With {found.start.symbol} turned up"
    if found.plays:
        story += ", after " + ", then ".join(card.symbol for card in found.plays)
    return (f"{marks.code(example)} at work — {story}: {found.card.symbol} matches {top.symbol} but is "
            "refused.")
