"""The game's words, each explained in one sentence: the glossary page reads them from here.

A word the rule-set table or a cheat sheet shows in bold must be one of these
terms, or one of the other forms listed with it (``tests/test_rule_sets.py``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """One word of the game: how it is written, what it means, a note after it, its other forms."""

    term: str
    definition: str
    aside: str = ""
    forms: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every way the word is written in the course, in lower case."""
        return tuple(name.lower() for name in (self.term, *self.forms))


GLOSSARY: tuple[Entry, ...] = (
    Entry("answer", "To meet a waiting draw penalty with a draw card of your own, so that the penalty grows and "
          "moves on to the next player instead of landing on you.", "as in “answer a 7”"),
    Entry("blocked", "You are blocked when none of your cards may be played, so you draw instead."),
    Entry("call", "A word a rule set makes you say as you play, such as “Mau” when a card leaves you one.",
          forms=("calls",)),
    Entry("card points", "What the cards left in a hand score at the end of a round: ace, king, queen and jack 10 "
          "each, any other card its number."),
    Entry("dealer", "The player who shuffles and hands out the cards one at a time, a seat that moves one place "
          "clockwise each round."),
    Entry("direction of play", "The way the turn travels round the table: clockwise at first, the other way after "
          "a card that reverses it."),
    Entry("discard pile", "The face-up pile in the middle of the table where every played card lands.",
          "défausse on French sheets"),
    Entry("draw card", "The rank that gives the next player a draw penalty: the 7 in most rule sets, the 6 in the "
          "Swiss game."),
    Entry("draw penalty", "The cards waiting for the next player after a draw card, which they take at once and "
          "so lose their turn, unless their rule set lets them answer."),
    Entry("follow suit", "To play a card of the suit asked for, which is the top card's suit unless a wild card "
          "named another one."),
    Entry("going out", "Playing your last card, which wins the round when you made the call your rule set asks "
          "for."),
    Entry("hand", "The cards you hold, which the other players do not see."),
    Entry("house rule", "A change a table makes to its rule set, such as “no jack on a jack”, which the course "
          "lets you switch on or off one by one.", forms=("house rules",)),
    Entry("illegal attempt", "In Mao, a card put down that may not be played, which goes back to the hand and "
          "costs a penalty card."),
    Entry("late call", "A forgotten call said before the next player plays or draws, which counts as if it had "
          "been said in time."),
    Entry("“Mao”", "The word a Mao player says when a play leaves them one card, and again with their last card.",
          forms=("Mao",)),
    Entry("match", "A series of rounds with a running score that ends when its rule set says, for example when "
          "someone's total reaches the target."),
    Entry("“Mau”", "The call you make as you play a card that leaves you exactly one card.", forms=("Mau",)),
    Entry("“Mau Mau”", "The call you make as you play your last card, written “Mau-Mau” on the German sheet: the "
          "same call in the German spelling, and the course accepts both.", forms=("Mau Mau", "Mau-Mau")),
    Entry("name a suit", "Say, as you play a wild card, which suit the next player must follow; the suit already "
          "showing is allowed."),
    Entry("penalty card", "A card you must draw as a punishment, for a missed call or, in Mao, for an illegal "
          "attempt or a wrong word.", forms=("penalty cards",)),
    Entry("point of order", "In Mao, a pause anyone may call to sort something out, during which hands stay "
          "hidden and nobody discusses the law (the course's tables have no such pause)."),
    Entry("point out", "To tell the table, while the window is open, that another player missed a call, so that "
          "they draw the penalty.", "also called flagging", forms=("flag",)),
    Entry("rank", "What a card is whatever its suit: 2 to 10, jack, queen, king or ace."),
    Entry("referee", "In Mao, the person, who may also play, who writes the secret law and judges every card and "
          "every word."),
    Entry("reverse", "To turn the direction of play round, so that the player who played just before you plays "
          "next.", forms=("reverses",)),
    Entry("round", "Everything from one deal until someone goes out, or until the round is void or stuck."),
    Entry("rule set", "One complete version of the rules; this course knows five: classic, simple32, german32, "
          "tschau-sepp and mao.", forms=("rule sets",)),
    Entry("secret law", "In Mao, an extra rule known only to the referee that forbids some cards that would "
          "otherwise match, and finding it is the game."),
    Entry("skip", "To make the next player miss their turn, which with two players means you play again.",
          forms=("skips",)),
    Entry("Skat deck", "The 32-card deck, 7 to ace in each suit, that the German game uses."),
    Entry("stock", "The face-down pile you draw from, refilled from the discard pile when it runs out.",
          "pioche on French sheets"),
    Entry("stuck round", "In Mao, a round that stops because a card must be drawn and none is left even after "
          "reshuffling, won by the player with the fewest cards."),
    Entry("suit", "One of the four families of cards, ♣ clubs, ♦ diamonds, ♥ hearts and ♠ spades, and never a "
          "colour.", forms=("suits",)),
    Entry("target", "The score that ends a match: a number of points in most rule sets, a number of round wins "
          "in Mao."),
    Entry("tiebreak", "The extra rounds that only the players tied for the best score play, until one of them "
          "wins a round."),
    Entry("top card", "The card face up on top of the discard pile, the one your card must match."),
    Entry("“Tschau” and “Tschau Sepp”", "The Swiss game's calls, said where other tables say “Mau” and “Mau Mau”.",
          forms=("Tschau", "Tschau Sepp")),
    Entry("void round", "A round that ends with no winner because nothing is left to draw and a whole turn of the "
          "table passes with nobody playing or drawing."),
    Entry("wild card", "A card that may go on any card and lets its player name a suit: the jack in the Mau Mau "
          "rule sets."),
    Entry("window", "The time in which a missed call may still be pointed out: until the next player starts, or "
          "in classic until their turn ends."),
)


def alphabetical() -> list[Entry]:
    """The entries in the order of the alphabet, quotation marks and capitals aside."""
    return sorted(GLOSSARY, key=lambda entry: entry.term.strip("“”").lower())


def find_label() -> str:
    return "Find"


def find_placeholder() -> str:
    return "a word, e.g. stock"


def nothing_found(text: str) -> str:
    return f"No word of the glossary matches “{text}”."
