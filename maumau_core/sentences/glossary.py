"""The game's words, each explained in one sentence: the glossary page reads them from here.

A word the rule-set table or a cheat sheet shows in bold must be one of these
terms, or one of the other forms listed with it (``tests/test_rule_sets.py``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from maumau_core.i18n import N_, _


@dataclass(frozen=True)
class Entry:
    """One word of the game: how it is written, what it means, a note after it, its other forms."""

    term: str
    definition: str
    aside: str = ""
    forms: tuple[str, ...] = ()

    def local(self) -> Entry:
        """The entry in the kernel's language (the fields hold the English messages)."""
        return Entry(
            _(self.term), _(self.definition), _(self.aside) if self.aside else "", tuple(_(form) for form in self.forms)
        )

    @property
    def names(self) -> tuple[str, ...]:
        """Every way the word is written in the course, in lower case."""
        return tuple(name.lower() for name in (self.term, *self.forms))


GLOSSARY: tuple[Entry, ...] = (
    Entry(
        N_("answer"),
        N_(
            "To meet a waiting draw penalty with a draw card of your own, so that the penalty grows and "
            "moves on to the next player instead of landing on you."
        ),
        N_("as in “answer a 7”"),
    ),
    Entry(N_("blocked"), N_("You are blocked when none of your cards may be played, so you draw instead.")),
    Entry(
        N_("call"),
        N_("A word a rule set makes you say as you play, such as “Mau” when a card leaves you one."),
        forms=(N_("calls"),),
    ),
    Entry(
        N_("card points"),
        N_(
            "What the cards left in a hand score at the end of a round: ace, king, queen and jack 10 "
            "each, any other card its number."
        ),
    ),
    Entry(
        N_("dealer"),
        N_(
            "The player who shuffles and hands out the cards one at a time, a seat that moves one place "
            "clockwise each round."
        ),
    ),
    Entry(
        N_("direction of play"),
        N_(
            "The way the turn travels round the table: clockwise at first, the other way after a card that reverses it."
        ),
    ),
    Entry(
        N_("discard pile"),
        N_("The face-up pile in the middle of the table where every played card lands."),
        N_("défausse on French sheets"),
    ),
    Entry(
        N_("draw card"),
        N_("The rank that gives the next player a draw penalty: the 7 in most rule sets, the 6 in the Swiss game."),
    ),
    Entry(
        N_("draw penalty"),
        N_(
            "The cards waiting for the next player after a draw card, which they take at once and "
            "so lose their turn, unless their rule set lets them answer."
        ),
    ),
    Entry(
        N_("follow suit"),
        N_("To play a card of the suit asked for, which is the top card's suit unless a wild card named another one."),
    ),
    Entry(
        N_("going out"),
        N_("Playing your last card, which wins the round when you made the call your rule set asks for."),
    ),
    Entry(N_("hand"), N_("The cards you hold, which the other players do not see.")),
    Entry(
        N_("house rule"),
        N_(
            "A change a table makes to its rule set, such as “no jack on a jack”, which the course "
            "lets you switch on or off one by one."
        ),
        forms=(N_("house rules"),),
    ),
    Entry(
        N_("illegal attempt"),
        N_("In Mao, a card put down that may not be played, which goes back to the hand and costs a penalty card."),
    ),
    Entry(
        N_("late call"),
        N_("A forgotten call said before the next player plays or draws, which counts as if it had been said in time."),
    ),
    Entry(
        N_("“Mao”"),
        N_("The word a Mao player says when a play leaves them one card, and again with their last card."),
        forms=(N_("Mao"),),
    ),
    Entry(
        N_("match"),
        N_(
            "A series of rounds with a running score that ends when its rule set says, for example when "
            "someone's total reaches the target."
        ),
    ),
    Entry(
        N_("“Mau”"), N_("The call you make as you play a card that leaves you exactly one card."), forms=(N_("Mau"),)
    ),
    Entry(
        N_("“Mau Mau”"),
        N_(
            "The call you make as you play your last card, written “Mau-Mau” on the German sheet: the "
            "same call in the German spelling, and the course accepts both."
        ),
        forms=(N_("Mau Mau"), N_("Mau-Mau")),
    ),
    Entry(
        N_("name a suit"),
        N_(
            "Say, as you play a wild card, which suit the next player must follow; the suit already showing is allowed."
        ),
    ),
    Entry(
        N_("penalty card"),
        N_(
            "A card you must draw as a punishment, for a missed call or, in Mao, for an illegal "
            "attempt or a wrong word."
        ),
        forms=(N_("penalty cards"),),
    ),
    Entry(
        N_("point of order"),
        N_(
            "In Mao, a pause anyone may call to sort something out, during which hands stay "
            "hidden and nobody discusses the law (the course's tables have no such pause)."
        ),
    ),
    Entry(
        N_("point out"),
        N_(
            "To tell the table, while the window is open, that another player missed a call, so that "
            "they draw the penalty."
        ),
        N_("also called flagging"),
        forms=(N_("flag"),),
    ),
    Entry(N_("rank"), N_("What a card is whatever its suit: 2 to 10, jack, queen, king or ace.")),
    Entry(
        N_("referee"),
        N_("In Mao, the person, who may also play, who writes the secret law and judges every card and every word."),
    ),
    Entry(
        N_("reverse"),
        N_("To turn the direction of play round, so that the player who played just before you plays next."),
        forms=(N_("reverses"),),
    ),
    Entry(N_("round"), N_("Everything from one deal until someone goes out, or until the round is void or stuck.")),
    Entry(
        N_("rule set"),
        N_(
            "One complete version of the rules; this course knows five: classic, simple32, german32, "
            "tschau-sepp and mao."
        ),
        forms=(N_("rule sets"),),
    ),
    Entry(
        N_("secret law"),
        N_(
            "In Mao, an extra rule known only to the referee that forbids some cards that would "
            "otherwise match, and finding it is the game."
        ),
    ),
    Entry(
        N_("skip"),
        N_("To make the next player miss their turn, which with two players means you play again."),
        forms=(N_("skips"),),
    ),
    Entry(N_("Skat deck"), N_("The 32-card deck, 7 to ace in each suit, that the German game uses.")),
    Entry(
        N_("stock"),
        N_("The face-down pile you draw from, refilled from the discard pile when it runs out."),
        N_("pioche on French sheets"),
    ),
    Entry(
        N_("stuck round"),
        N_(
            "In Mao, a round that stops because a card must be drawn and none is left even after "
            "reshuffling, won by the player with the fewest cards."
        ),
    ),
    Entry(
        N_("suit"),
        N_("One of the four families of cards, ♣ clubs, ♦ diamonds, ♥ hearts and ♠ spades, and never a colour."),
        forms=(N_("suits"),),
    ),
    Entry(
        N_("target"),
        N_("The score that ends a match: a number of points in most rule sets, a number of round wins in Mao."),
    ),
    Entry(
        N_("tiebreak"),
        N_("The extra rounds that only the players tied for the best score play, until one of them wins a round."),
    ),
    Entry(N_("top card"), N_("The card face up on top of the discard pile, the one your card must match.")),
    Entry(
        N_("“Tschau” and “Tschau Sepp”"),
        N_("The Swiss game's calls, said where other tables say “Mau” and “Mau Mau”."),
        forms=(N_("Tschau"), N_("Tschau Sepp")),
    ),
    Entry(
        N_("void round"),
        N_(
            "A round that ends with no winner because nothing is left to draw and a whole turn of the "
            "table passes with nobody playing or drawing."
        ),
    ),
    Entry(
        N_("wild card"),
        N_("A card that may go on any card and lets its player name a suit: the jack in the Mau Mau rule sets."),
    ),
    Entry(
        N_("window"),
        N_(
            "The time in which a missed call may still be pointed out: until the next player starts, or "
            "in classic until their turn ends."
        ),
    ),
)


def alphabetical() -> list[Entry]:
    """The entries in the kernel's language, in the order of its alphabet (:func:`sort_key`)."""
    return sorted((entry.local() for entry in GLOSSARY), key=lambda entry: sort_key(entry.term))


def find(text: str) -> list[Entry]:
    """The entries (in the kernel's language, alphabetical) whose word, other forms or meaning hold ``text``,
    letters alone compared (:func:`sort_key`): "defausse" finds "défausse"; empty text finds every entry."""
    wanted = sort_key(text)
    return [
        entry
        for entry in alphabetical()
        if any(wanted in sort_key(part) for part in (entry.term, entry.definition, *entry.forms))
    ]


def sort_key(term: str) -> str:
    """Where a term goes in the glossary: by its letters alone, so quotation marks (“ ” « » „) and capitals are
    left aside and an accented letter sorts with its plain one (é with e, ș with s, ä with a, as German
    dictionaries do)."""
    letters = unicodedata.normalize("NFKD", term.casefold())
    return "".join(char for char in letters if char.isalnum() or char == " ").strip()


def find_label() -> str:
    return _("Find")


def find_placeholder() -> str:
    return _("a word, e.g. stock")


def nothing_found(text: str) -> str:
    return _("No word of the glossary matches “{text}”.").format(text=text)
