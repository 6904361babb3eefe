"""Every sentence of the Mao wing: guesses, counter-examples, fitness, notation mistakes, the detective.

The Mao modules decide (a guess is wrong, a law is stuck, the parser expected
a colon) and pass the data here: cards, law texts, counts, the parser's token
names. Law descriptions and the referee's reasons are data of the laws, not
sentences of this module (``law_library.py``; ``notation.default_reason``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from maumau_core.engine.cards import Card
from maumau_core.i18n import N_, _, ngettext, number, percent
from maumau_core.markup import NO_MARKS, Marks

if TYPE_CHECKING:
    from maumau_core.engine.laws import Difference


# ------------------------------------------------------------------ the law builder


def builder_parts() -> list[tuple[str, str]]:
    """The builder's first dropdown: (label, part of the law) that the next piece goes to."""
    return [(_("the card must be"), "must"), (_("after (the trigger)"), "after"), (_("until (the lift)"), "until")]


def builder_negations() -> list[tuple[str, str]]:
    """The builder's ``not`` dropdown: (label, notation word or nothing)."""
    return [("—", ""), ("not", "not")]


def builder_subjects() -> list[tuple[str, str]]:
    """Whose property a piece is: (label, notation word or nothing)."""
    # Translators: a label that starts with notation ("prev") keeps it as written: the notation is not translated.
    return [(_("this card:"), ""), (_("prev (the card before):"), "prev")]


def builder_properties() -> list[tuple[str, str]]:
    """The builder's properties: (label, notation). Each label starts with the notation it writes."""
    ranks = [
        ("2", "2"),
        ("3", "3"),
        ("4", "4"),
        ("5", "5"),
        ("6", "6"),
        ("7", "7"),
        ("8", "8"),
        ("9", "9"),
        ("10", "10"),
        # Translators: each label starts with the notation it writes ("J", "face", "same suit"): keep that word as
        # written and translate the explanation in brackets.
        (_("J (jack)"), "J"),
        (_("Q (queen)"), "Q"),
        (_("K (king)"), "K"),
        (_("A (ace)"), "A"),
    ]
    rank_sets = [
        (f"{{{ranks}}} ({words})", f"{{{ranks}}}")
        for ranks, words in [
            ("2, 3, 4, 5, 6", _("one of the low ranks")),
            ("7, 8, 9, 10", _("one of the middle ranks")),
            ("J, Q, K, A", _("one of the high ranks")),
        ]
    ]
    kinds = [
        ("red", "red"),
        ("black", "black"),
        ("hearts", "hearts"),
        ("diamonds", "diamonds"),
        ("clubs", "clubs"),
        ("spades", "spades"),
        # Translators: each label starts with the notation it writes ("J", "face", "same suit"): keep that word as
        # written and translate the explanation in brackets.
        (_("face (J, Q, K)"), "face"),
        (_("number (2 to 10)"), "number"),
        (_("odd (3, 5, 7, 9, J = 11, K = 13)"), "odd"),
        (_("even (2, 4, 6, 8, 10, Q = 12, A = 14)"), "even"),
        (_("higher (than the card before)"), "higher"),
        (_("lower (than the card before)"), "lower"),
        (_("same suit (as the card before)"), "same suit"),
        (_("same rank (as the card before)"), "same rank"),
    ]
    return kinds + ranks + rank_sets


def builder_joins() -> list[tuple[str, str]]:
    """The builder's buttons: (label, how the piece joins what is there)."""
    return [("+ and", "and"), ("+ or", "or")]


def built_so_far(law: str, marks: Marks = NO_MARKS) -> str:
    """The law the builder holds, or a nudge when it holds nothing yet."""
    if not law:
        return _("Built so far: nothing yet. Pick a property and press “+ and” or “+ or”.")
    return _("Built so far: {law}").format(law=marks.code(law))


def needs_after_first() -> str:
    """A piece was added to ``until`` before the law has an ``after``."""
    return _("An “until” lifts an “after”: add the “after” part first.")


# ------------------------------------------------------------------ comparing laws


def quoted_law(law: str) -> str:
    """A law named by its text, e.g. “after Q: black”."""
    return f"“{law}”"


def counter_example(found: Difference, other: str | None = None) -> str:
    """The plays that tell the learner's law from ``other`` (else the secret law), e.g. "…: your law allows 9♥
    right after Q♥; …"."""
    top = found.plays[-1] if found.plays else found.start
    other = _("the secret law") if other is None else other
    yes, no = (_("your law"), other) if found.first_allows else (other, _("your law"))
    story = _story(found)
    return _("{story}: {yes} allows {card} right after {top}; {no} does not.").format(
        story=story, yes=yes, card=found.card.symbol, top=top.symbol, no=no
    )


def guess_right(law: str) -> str:
    return _(
        "Correct! “{law}” allows exactly the plays the secret law allows, in every situation the game can reach."
    ).format(law=law)


def guess_wrong(found: Difference) -> str:
    return _("Not that law. {counter_example}").format(counter_example=counter_example(found))


def no_secret_yet() -> str:
    return _("Deal a round first: there is no secret law yet.")


def same_law_as(other: str) -> str:
    return _("It is the same law as {quoted_law}, written differently.").format(quoted_law=quoted_law(other))


# ------------------------------------------------------------------ writing a law


def fit_to_play(law: str) -> str:
    return _("“{law}” is fit to play: it restricts something and never leaves the table stuck.").format(law=law)


def stops_the_game(turned_up: Card, plays: Sequence[Card], top: Card) -> str:
    """A law refused because a reachable table lets no card of the deck follow ``top``."""
    if not plays:
        return _(
            "This law can stop the game for good: with {turned_up} turned up no card in the deck may follow {top}."
        ).format(turned_up=turned_up.symbol, top=top.symbol)
    return _(
        "This law can stop the game for good: with {turned_up} turned up after {plays} no card in the deck may "
        "follow {top}."
    ).format(turned_up=turned_up.symbol, plays=", ".join(card.symbol for card in plays), top=top.symbol)


def forbids_nothing() -> str:
    return _("This law never forbids a card that matches, so there is nothing to discover: make it stricter.")


def referee_reading(law: str, reason: str, marks: Marks = NO_MARKS) -> str:
    """How the referee reads a written law back, and what it says when the law is broken."""
    return _("The referee reads: {law} and says “{reason}” when it is broken.").format(
        law=marks.code(law), reason=marks.text(reason)
    )


# ------------------------------------------------------------------ mistakes in the notation


def empty_law() -> str:
    """No law was written; the sentence ends with an example law instead of a full stop."""
    return _("A law needs some text, for example: after Q: black")


def law_too_long(length: int, limit: int) -> str:
    """A law longer than the notation allows (it is refused before it is read)."""
    return _("A law is at most {limit} characters long; this one has {length}. Write a shorter one.").format(
        limit=limit, length=number(length)
    )


def law_too_deep(limit: int) -> str:
    """A law with more brackets inside one another than the notation allows."""
    return _("A law may put at most {limit} brackets inside one another. Write it with fewer.").format(limit=limit)


def not_yours_to_write() -> str:
    """Someone tried to set the next law without having just won a round of a match that goes on."""
    return _("Only the winner of the round just played may write the next law.")


def prev_cannot_compare(comparison: str) -> str:
    """``prev`` put before a property that compares two cards (``higher``, ``same suit``, …)."""
    return _("“{comparison}” compares the played card with the previous one, so it cannot follow “prev”.").format(
        comparison=comparison
    )


def unreadable_law(position: int | None, expected: set[str], found: str | None) -> str:
    """Where the parser stopped (a 1-based position, or None at the end), what it expected, what it found.

    ``expected`` holds the parser's token names (``"COLON"``, ``"RANK"``, …).
    """
    template = _UNREADABLE[position is not None, found is not None]
    return _(template).format(position=position, expected=_expected_words(expected), found=found)


_UNREADABLE = {
    (True, True): N_("The law does not read at position {position}: expected {expected} but found “{found}”."),
    (True, False): N_("The law does not read at position {position}: expected {expected}."),
    (False, True): N_("The law does not read at the end: expected {expected} but found “{found}”."),
    (False, False): N_("The law does not read at the end: expected {expected}."),
}


#: How the parser's token names read to a learner; literal ones are quoted as written.
_TOKEN_WORDS = {
    "RANK": N_("a rank (2–10, J, Q, K, A)"),
    "SUIT": N_("a suit"),
    "COLOUR": "red or black",
    "KIND": "face or number",
    "PARITY": "odd or even",
    "ORDER": "higher or lower",
    "SAME": "same suit / same rank",
    "PREV": "prev",
    "NOT": "not",
    "LPAR": "(",
    "RPAR": ")",
    "LBRACE": "{",
    "RBRACE": "}",
    "COMMA": ",",
    "COLON": ":",
    "AND": "and",
    "OR": "or",
    "UNTIL": "until",
    "SAYS": "says",
    "AFTER": "after",
    "ASPECT": "suit or rank",
    "STRING": N_("a reason in double quotes"),
    "$END": N_("the end of the law"),
}
_LITERAL = {"PREV", "NOT", "LPAR", "RPAR", "LBRACE", "RBRACE", "COMMA", "COLON", "AND", "OR", "UNTIL", "SAYS", "AFTER"}
#: Tokens that start a card property: named together as "a card property (…)".
_PROPERTY_START = {"RANK", "LBRACE", "SUIT", "COLOUR", "KIND", "PARITY", "ORDER", "SAME"}


def _expected_words(expected: set[str]) -> str:
    if expected & _PROPERTY_START:
        extra = sorted(_(_TOKEN_WORDS.get(name, name)) for name in expected - _PROPERTY_START - {"PREV", "NOT", "LPAR"})
        base = _(
            "a card property (a rank like Q, ranks like {{7, 8}}, a suit, red, black, face, number, odd, even, "
            "higher, lower, same suit, same rank)"
        ).format()
        return _either([base, *extra])
    names = sorted(
        f"“{_TOKEN_WORDS[name]}”" if name in _LITERAL else _(_TOKEN_WORDS.get(name, name.lower())) for name in expected
    )
    return _either(names) if names else _("something else")


def _either(names: Sequence[str]) -> str:
    """ "a, b or c": alternatives the parser would accept."""
    if len(names) == 1:
        return names[0]
    return _("{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1])


# ------------------------------------------------------------------ the detective


def candidates_left(seen: int, revealed: int, remaining: int, candidates: int, marks: Marks = NO_MARKS) -> str:
    """How many of the detective's candidate laws agree with the ``seen`` matching attempts at the table and
    the ``revealed`` verdicts the counter-examples to the learner's guesses gave."""
    attempts = ngettext("{count} matching attempt", "{count} matching attempts", seen).format(count=seen)
    verdicts = ngettext("{count} verdict", "{count} verdicts", revealed).format(count=revealed)
    return _(
        "From {attempts} seen at the table and {verdicts} revealed by your guesses' counter-examples, "
        "{remaining} of {candidates} candidate laws still fit."
    ).format(
        attempts=attempts, verdicts=verdicts, remaining=marks.strong(number(remaining)), candidates=number(candidates)
    )


def simplest_laws(laws: Sequence[str], marks: Marks = NO_MARKS) -> str:
    return _("The simplest: {laws}.").format(laws="; ".join(marks.code(law) for law in laws))


def candidates_later(after: int, guesses: int) -> str:
    """Why the detective names no laws yet: the learner has made fewer than ``after`` guesses."""
    more = after - guesses
    return _(
        "The detective names candidate laws once you have made {after} guesses of your own ({more} more to go)."
    ).format(after=after, more=more)


def telling_play(card: Card, split: float, marks: Marks = NO_MARKS) -> str:
    """The card whose verdict rules out most laws; ``split`` is the share of laws that allow it."""
    return _(
        "Your most telling play now: {card} (about {split} of those laws allow it, so either verdict rules many out)."
    ).format(card=marks.strong(card.symbol), split=percent(split))


def no_telling_play() -> str:
    return _("None of your matching cards would rule any of them out: play on and watch the others.")


def no_matching_card() -> str:
    return _("None of your cards matches the top card: draw, and watch the others play.")


# ------------------------------------------------------------------ guesses and the campaign


def guesses_made(count: int) -> str:
    """The guess counter under the guess box."""
    return _("Guesses checked for this law: {count}.").format(count=count)


def law_solved(label: str, plays: int, guesses: int) -> str:
    """A campaign law solved by the learner's guess (``label`` is its neutral campaign label)."""
    return _(
        "{label} solved, after {plays} at the table and {guesses}. Press “New match” for the next law of the campaign."
    ).format(label=label, plays=_plays(plays), guesses=_guesses(guesses))


def _plays(count: int) -> str:
    return ngettext("{count} play", "{count} plays", count).format(count=number(count))


def _guesses(count: int) -> str:
    return ngettext("{count} guess", "{count} guesses", count).format(count=count)


def solved_after_reveal() -> str:
    """A right guess after the round showed the law: right, but not counted as solved."""
    return _("Right — but the law was already shown, so it does not count as solved. Try the next one.")


def campaign_place(label: str, solved: int, total: int) -> str:
    """Where the learner is in the campaign."""
    return _("Campaign: now playing {label} · {solved} of {total} laws solved.").format(
        label=label, solved=solved, total=total
    )


def written_law_in_force() -> str:
    """The law in force is one a round winner wrote, not a law of the campaign."""
    return _("Campaign: the law in force was written by a round's winner; the campaign goes on after it.")


def next_in_campaign() -> str:
    """The law dropdown's first choice: go on with the campaign."""
    return _("the next law of the campaign")


def solved_mark(label: str) -> str:
    """A campaign label with the mark of a solved law."""
    return f"{label} ✓"


def detective_measure(plays: float, unsolved: int, games: int, limit: int) -> str:
    """How hard the detective found a law: mean plays over its games, and games where it never found it."""
    if unsolved == games:
        return _("unsolved by the detective in {limit} plays").format(limit=number(limit))
    if unsolved:
        return _("at least {plays} (unsolved by the detective in {limit} plays in {unsolved} of {games} games)").format(
            plays=_plays(round(plays)), limit=number(limit), unsolved=unsolved, games=games
        )
    return _("about {plays}").format(plays=_plays(round(plays)))


def learner_measure(record: dict[str, object] | None) -> str:
    """How the learner solved a law (from their progress), or a dash when they have not."""
    if record is None:
        return "–"
    guesses = record["guesses"]
    return _("{plays}, {guesses}").format(plays=_plays(int(str(record["plays"]))), guesses=_guesses(int(str(guesses))))


def campaign_heading(column: str) -> str:
    """A heading of the campaign ladder: ``"law"``, ``"detective"`` (its measure) or ``"you"`` (the learner's)."""
    return {"law": _("Law"), "detective": _("The detective needed"), "you": _("You needed")}[column]


# ------------------------------------------------------------------ the notation primer

_PRIMER = {
    "property": (
        N_("A property of the card"),
        N_(
            "A rank ({q}, {ten}, or a set of ranks like {set}), a suit ({hearts}), a colour ({red}) or a kind "
            "({face}, {number}, {odd}, {even}): every card played must have it (and still match)."
        ),
        N_("Only number cards (2 to 10) may be played."),
    ),
    "not": (
        "not",
        N_(
            "{not9} turns a property round: no card with it may be played. Join two properties with {and_} "
            "(both must hold) or with {or_} (one is enough)."
        ),
        N_("No king may ever be played."),
    ),
    "after": (
        "after T: C",
        N_(
            "Right after a card with property T is played, the next card must meet C; then the law rests until "
            "the next T. Only played cards count: the card turned up at the deal never sets an “after” law."
        ),
        N_("After a 9, the next card must be a face card."),
    ),
    "until": (
        "after T until U: C",
        N_("After a T, every card must meet C until a card with property U is played (another T sets it again)."),
        N_("After a 2, only even cards may be played until a king is played."),
    ),
    "prev": (
        "prev",
        N_(
            "{prev} speaks about the card the new one goes on (the turned-up card counts here): "
            "{prevk} forbids a king on a king."
        ),
        N_("A club may never be played on a diamond."),
    ),
    "if-then": (
        N_("“if … then” with prev … or …"),
        N_(
            "{ifthen} reads: either the card before was black, or this card must be red — so after a red "
            "card, red must follow. “prev X or Y” means “if the card before was not X, then Y”."
        ),
        N_("After a face card, the next card must be a face card too."),
    ),
}


def primer_title(form: str) -> str:
    """The heading of one form of the notation in the primer."""
    return _(_PRIMER[form][0])


def primer_explanation(form: str, marks: Marks = NO_MARKS) -> str:
    """What one form of the notation means, its notation marked as code."""
    code = {
        "q": "Q",
        "ten": "10",
        "set": "{7, 8, 9}",
        "hearts": "hearts",
        "red": "red",
        "face": "face",
        "number": "number",
        "odd": "odd",
        "even": "even",
        "not9": "not 9",
        "and_": "and",
        "or_": "or",
        "prev": "prev",
        "prevk": "not (prev K and K)",
        "ifthen": "prev black or red",
    }
    return _(_PRIMER[form][1]).format(**{key: marks.code(value) for key, value in code.items()})


def primer_task(form: str) -> str:
    """The law the learner writes to check they can use one form."""
    task = _(_PRIMER[form][2])
    return _("Write the law: {task}").format(task=task[:1].lower() + task[1:])


def example_refuses(example: str, found: Difference, marks: Marks = NO_MARKS) -> str:
    """An example law at work: the first situation where it refuses a card that matches."""
    top = found.plays[-1] if found.plays else found.start
    story = _story(found)
    return _("{example} at work — {story}: {card} matches {top} but is refused.").format(
        example=marks.code(example), story=story, card=found.card.symbol, top=top.symbol
    )


def _story(found: Difference) -> str:
    """How a counter-example's table came about: "With 9♥ turned up, after Q♥, then 3♣"."""
    if not found.plays:
        return _("With {start} turned up").format(start=found.start.symbol)
    # Translators: the separator between cards played one after another in a counter-example.
    plays = _(", then ").join(card.symbol for card in found.plays)
    return _("With {start} turned up, after {plays}").format(start=found.start.symbol, plays=plays)
