"""The rule sets in plain words: one function per row of the rule-set table and the cheat sheets.

:mod:`maumau_core.rule_sets` reads a rule set's options and passes plain data
here (ranks, numbers, the words to say, yes or no); nothing in this module
looks at an option, and no option name or Python value ever reaches a
sentence. A word the glossary (:mod:`maumau_core.sentences.glossary`)
explains is marked with ``marks.strong``, so the HTML views show it in bold.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.cards import Rank, Suit
from maumau_core.sentences.markup import NO_MARKS, Marks
from maumau_core.sentences.table import a_rank, count, rank_name

#: Each row's label, in the order the table and the sheets show the rows.
ROW_LABELS: dict[str, str] = {
    "deck": "Deck",
    "players": "Players",
    "deal": "Cards dealt",
    "start": "Dealing and starting",
    "first_card": "The first card turned up",
    "turn": "Your turn",
    "draw_card": "The draw card",
    "skip_card": "The skip card",
    "wild_card": "The wild card",
    "ace": "The ace",
    "last_card": "Your last card",
    "blocked": "When no card fits",
    "bad_play": "A card that does not fit",
    "calls": "What to say",
    "missed_call": "A forgotten call",
    "referee": "Who keeps watch",
    "stuck": "When the cards run out",
    "match": "A match",
}

#: How the course calls each rule set in a heading; a rule set of one's own gets :func:`own_rule_set`.
NICKNAMES: dict[str, str] = {
    "classic": "the 52-card game",
    "simple32": "the simple 32-card game",
    "german32": "the German game",
    "tschau-sepp": "Tschau Sepp, the Swiss cousin",
    "mao": "Mao, the game with a secret law",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(rank: Rank) -> str:
    """ "7s", "jacks", "aces"."""
    return f"{rank_name(rank)}s"


def _quoted(word: str, marks: Marks) -> str:
    return f"“{marks.text(word)}”"


def _listed(items: Sequence[str], last: str = "or") -> str:
    """ "a", "a or b", "a, b or c" (or with "and")."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


# ------------------------------------------------------------------ the table around the rows

def row_label(key: str) -> str:
    return ROW_LABELS[key]


def nickname(name: str) -> str:
    """What a rule set is, in a few words: "the German game"."""
    return NICKNAMES.get(name, own_rule_set())


def own_rule_set() -> str:
    return "a rule set of your own"


def sheet_title(name: str) -> str:
    """The cheat sheet's heading: "german32: the German game"."""
    return f"{name}: {nickname(name)}"


def sheet_kicker() -> str:
    """The small line above a cheat sheet's heading."""
    return "Mau Mau & Mao · cheat sheet"


def house_rules_changed() -> str:
    return "With house rules: this sheet shows the rules as you changed them."


def suits_line(marks: Marks = NO_MARKS) -> str:
    """The four suits, each as its symbol and its name."""
    suits = " · ".join(f"{suit.symbol} {suit.noun}" for suit in Suit)
    return f"{marks.strong('Suits')}: {suits}. A suit is one of these four, never a colour."


def sheet_footer() -> str:
    return ("From the Mau Mau & Mao course. Every table plays a little differently: agree on the rules "
            "before the first deal.")


def table_caption() -> str:
    return "The four Mau Mau rule sets side by side; a cell that spans the table holds for all four."


def download_label(name: str) -> str:
    """The text of the link that saves a cheat sheet."""
    return f"Download the {name} cheat sheet (a web page: open it and print it on one A4 sheet)"


def choose_rule_set() -> str:
    return "Rule set"


# ------------------------------------------------------------------ the rows

def deck(size: int, lowest: Rank, two_decks_from: int | None, marks: Marks = NO_MARKS) -> str:
    """What the deck holds, and when two decks are shuffled together."""
    if size == 104:
        return ("104 cards: two 52-card decks shuffled together (2 to ace in every suit), so a hand may hold "
                "two equal cards.")
    text = f"{size} cards: {rank_name(lowest)} to ace in each of the four suits, no jokers."
    if two_decks_from is not None:
        text += f" From {two_decks_from} players on, two decks are shuffled together (104 cards)."
    return text


def players(fewest: int, most: int) -> str:
    return f"{fewest} players." if fewest == most else f"{fewest} to {most} players."


def deal(each: int, when_two: int | None) -> str:
    if when_two is None or when_two == each:
        return f"{count(each)} each."
    return f"{count(each)} each; {count(when_two)} each when only two play."


def start(marks: Marks = NO_MARKS) -> str:
    """The deal, the first player and the dealer's seat moving round (the same in every rule set)."""
    return (f"The dealer hands out one card at a time, starting on their left, then turns the next card face up "
            f"to start the {marks.strong('discard pile')}; the rest, face down, is the {marks.strong('stock')}. "
            "The player on the dealer's left begins and play goes clockwise. Each new round, the dealer's seat "
            "moves one place clockwise.")


def first_card(powers: Sequence[Rank], applies: bool, wild: Rank | None, marks: Marks = NO_MARKS) -> str:
    """What the card turned up at the start does: ``powers`` are the ranks that act when played."""
    parts = []
    if powers:
        ranks = _listed([rank_name(rank) for rank in powers])
        parts.append(f"a turned-up {ranks} " + ("acts on the first player as if just played" if applies
                                                 else "does nothing to the first player"))
    if wild is not None:
        parts.append(f"a turned-up {rank_name(wild)} lets the dealer {marks.strong('name a suit')}")
    if not parts:
        return "The card turned up to start the pile does nothing."
    return _cap("; ".join(parts)) + "."


def turn(several: bool, law: bool, wild: Rank | None, marks: Marks = NO_MARKS) -> str:
    """The one rule of every turn, with the secret law where there is one."""
    text = (f"Play one card with the {marks.strong('rank')} or the {marks.strong('suit')} of the "
            f"{marks.strong('top card')}")
    if wild is not None:
        text += f" (after {a_rank(wild)}, {marks.strong('follow suit')} with the suit it named)"
    text += "."
    if law:
        text += f" The {marks.strong('secret law')} must allow the card too."
    if several:
        text += " You may put down several cards of one rank together; the last one lands on top."
    return text


def draw_card(rank: Rank | None, amount: int, answers: bool, longest: int | None, wild: Rank | None,
              marks: Marks = NO_MARKS) -> str:
    """What the draw card does, and whether it can be answered."""
    if rank is None:
        return "No card makes anyone draw."
    text = (f"{_cap(a_rank(rank))} gives the next player a {marks.strong('draw penalty')}: they draw "
            f"{count(amount)} and miss their turn")
    if not answers:
        jack = f", not {a_rank(wild)}" if wild is not None else ""
        return text + f". Nothing answers it: not another {rank_name(rank)}{jack}."
    text += (f", unless they {marks.strong('answer')} it with {a_rank(rank)} of their own: then the penalty grows "
             f"by {amount} and passes on.")
    if longest == 2:
        text += " Only one answer is allowed."
    elif longest is not None:
        text += f" At most {longest} {_plural(rank)} may follow one another."
    text += f" While a penalty waits, play {a_rank(rank)} or draw"
    return text + (f": {a_rank(wild)} does not help." if wild is not None else ".")


def skip_card(rank: Rank | None, passed_on: bool, eight_is_plain: bool, marks: Marks = NO_MARKS) -> str:
    """What the skip card does; ``eight_is_plain`` when the 8 has no other power."""
    if rank is None:
        return "There is no skip card: the 8 is an ordinary card." if eight_is_plain else "There is no skip card."
    text = (f"{_cap(a_rank(rank))} {marks.strong('skips')} the next player: they miss their turn (with two "
            "players, you play again).")
    if passed_on:
        text += f" The skipped player may pass the skip on with {a_rank(rank)} of their own."
    return text


def wild_card(rank: Rank | None, on_itself: bool, as_last: bool, marks: Marks = NO_MARKS) -> str:
    """What the wild card does, and the limits some tables put on it."""
    if rank is None:
        return "There is no wild card: every card must match."
    where = f"on any card, {a_rank(rank)} included" if on_itself else f"on any card except another {rank_name(rank)}"
    text = (f"{_cap(a_rank(rank))} is a {marks.strong('wild card')}: it goes {where}, and you "
            f"{marks.strong('name a suit')} for the next player to follow (the suit already showing is allowed).")
    if not as_last:
        text += f" It may not be your last card: with only {a_rank(rank)} left, draw instead."
    return text


def ace(power: str, marks: Marks = NO_MARKS) -> str:
    """What an ace does: ``power`` is one of none, skip, reverse, again, draw-all."""
    return {
        "none": "The ace is an ordinary card.",
        "skip": f"An ace {marks.strong('skips')} the next player (with two players, you play again).",
        "reverse": (f"An ace {marks.strong('reverses')} the direction of play (with two players, you play "
                    "again)."),
        "again": "After an ace, you play again.",
        "draw-all": "An ace makes every other player draw 1 card at once; nobody can answer it.",
    }[power]


def last_card(draw: Rank | None, skip: Rank | None, power: str, wild: Rank | None) -> str:
    """The card that empties a hand has no power; ``power`` is the ace's."""
    lost = []
    if draw is not None:
        lost.append(f"{a_rank(draw)} makes nobody draw")
    if skip is not None:
        lost.append(f"{a_rank(skip)} skips nobody")
    ace_lost = {"skip": "an ace skips nobody", "reverse": "an ace turns nothing round",
                "again": "an ace gives no extra turn", "draw-all": "an ace makes nobody draw"}
    if power in ace_lost:
        lost.append(ace_lost[power])
    if not lost and wild is None:
        return "No card has a power, so your last card is like any other."
    text = "The card that empties your hand has no power"
    if lost:
        text += ": " + _listed(lost, "and")
    if wild is not None:
        text += ("; " if lost else ", except that ") + f"{a_rank(wild)} still names a suit"
    return text + "."


def blocked(draw_by_choice: bool, play_drawn: bool, keep_drawn: bool, until_it_fits: bool,
            marks: Marks = NO_MARKS) -> str:
    """Drawing: when a player is blocked, and what happens to the card drawn."""
    what = "draw until a card fits (or none are left)" if until_it_fits else "draw one card"
    text = f"No card fits? You are {marks.strong('blocked')}: {what}."
    if not play_drawn:
        text += " Drawing ends your turn: the card drawn cannot be played now."
    elif keep_drawn:
        text += " If it fits, you may play it at once or keep it; if not, your turn is over."
    else:
        text += " If it fits, you must play it at once; if not, your turn is over."
    text += (" You may also draw by choice, even when a card fits." if draw_by_choice
             else " While a card fits, you may not draw.")
    return text


def bad_play(penalty: int, ends_turn: bool, out_of_turn: int, law: bool, marks: Marks = NO_MARKS) -> str:
    """A card that may not be played, and a card played out of turn."""
    if penalty == 0:
        text = "A card that may not be played is simply taken back: choose again, it costs nothing."
    else:
        why = "does not fit or that the law forbids" if law else "does not fit"
        after = "your turn is over" if ends_turn else "you try again"
        text = (f"A card that {why} is an {marks.strong('illegal attempt')}: it goes back to your hand, you draw "
                f"{count(penalty, 'penalty card', 'penalty cards')} and {after}.")
    if out_of_turn == 0:
        text += " Nobody may play out of turn."
    else:
        text += f" Playing out of turn costs {count(out_of_turn)} too, and the turn stays where it was."
    return text


def calls(one: str | None, out: str | None, marks: Marks = NO_MARKS) -> str:
    """The calls of a Mau Mau table: the word at one card left, the word with the last card."""
    if one is not None and out is not None:
        return (f"Say {_quoted(one, marks)} as you play a card that leaves you one card, and "
                f"{_quoted(out, marks)} as you play your last card.")
    if one is not None:
        return (f"Say {_quoted(one, marks)} as you play a card that leaves you one card. Your last card needs no "
                "word: it wins at once.")
    if out is not None:
        return f"Say {_quoted(out, marks)} as you play your last card; one card left needs no word."
    return "Nothing needs to be said: no calls."


def speech(one: str | None, out: str | None, penalty: int, marks: Marks = NO_MARKS) -> str:
    """What a Mao player must say, with a legal play or right after it."""
    words = ["name every spade ♠ you play (“4 of spades”)"]
    if one is not None:
        words.append(f"say {_quoted(one, marks)} when a play leaves you one card")
    if out is not None:
        words.append("say it again with your last card" if out == one
                     else f"say {_quoted(out, marks)} with your last card")
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])}, and {words[-1]}"
    return (f"{_cap(listed)}. Say the words with the play or just after it, before the next action at the table. "
            f"Any other word costs {count(penalty)}.")


def missed_call(out: str | None, penalty: int, window_to_turn_end: bool, out_wins_unless_caught: bool,
                any_call: bool, marks: Marks = NO_MARKS) -> str:
    """A forgotten call of a Mau Mau table: saying it late, being caught, a forgotten last call."""
    if not any_call:
        return "With no call to make, there is nothing to forget."
    cost = count(penalty)
    text = "Forgot a call? Say it before the next player plays or draws, and it still counts."
    if window_to_turn_end:
        text += (f" Until the end of the next player's turn (the call's {marks.strong('window')}), any other player "
                 f"may {marks.strong('point out')} the miss: you draw {cost}.")
    else:
        text += (f" Until then (the call's {marks.strong('window')}), any other player may "
                 f"{marks.strong('point out')} the miss instead: you draw {cost}. After that it is forgotten.")
    if out is not None:
        said = _quoted(out, marks)
        if out_wins_unless_caught:
            text += (f" A forgotten {said} means you have not won yet: caught in time, you draw {cost} and play on; "
                     "if nobody catches it, you win when the window closes.")
        else:
            text += f" A forgotten {said} costs {cost} at once, caught or not, and you play on: no win without it."
    return text


def missed_word(out: str | None, penalty: int, marks: Marks = NO_MARKS) -> str:
    """A forgotten or needless word at a Mao table."""
    cost = count(penalty)
    text = (f"A word you owe that is still missing when the next action comes costs {cost} then; a word that was "
            f"not needed costs {cost} at once.")
    if out is not None:
        text += f" No final {_quoted(out, marks)}, no win: take the card and play on."
    return text


def watchers(marks: Marks = NO_MARKS) -> str:
    """Who notices a missed call at a Mau Mau table."""
    return (f"Nobody is in charge: the players keep an eye on each other, and any player may "
            f"{marks.strong('point out')} another's missed call.")


def referee(marks: Marks = NO_MARKS) -> str:
    """The referee of a Mao table."""
    return (f"A {marks.strong('referee')}, who may also play, writes a {marks.strong('secret law')} before the deal "
            "and keeps it hidden. The referee judges every card and every word; a refused card gets a short "
            "reason such as “wrong colour”, never the law itself.")


def stuck(void: bool, rebuilds: int | None, marks: Marks = NO_MARKS) -> str:
    """A stock that runs out, and a round nobody can finish."""
    text = "When the stock runs out, the discard pile except its top card is shuffled into a new stock"
    text += "." if rebuilds is None else (
        f", at most {'once' if rebuilds == 1 else f'{rebuilds} times'} a round; after that the pile stays "
        "where it is.")
    if void:
        return text + (" If nothing is left to shuffle and a whole turn of the table passes with nobody playing "
                       f"or drawing, it is a {marks.strong('void round')}: nobody wins it and nobody scores.")
    return text + (f" If a card must be drawn and none is left even then, it is a {marks.strong('stuck round')}: "
                   "play stops and each player counts their cards plus the penalty cards they could not be given. "
                   "The single lowest count wins; a tie means no winner.")


def match(scoring: str, target: int, must_pass: bool, rounds: int, extra_round: bool,
          marks: Marks = NO_MARKS) -> str:
    """How a match is scored and how it ends: ``scoring`` is one of points, rounds, wins, casual."""
    tie = (f" A tie for the best score goes to a {marks.strong('tiebreak')}: the tied players play on alone "
           "until one of them wins a round." if extra_round else " Players tied for the best score share the win.")
    if scoring == "points":
        ends = "goes past" if must_pass else "reaches"
        return ("Whoever goes out scores 0; the others score the cards left in their hand: ace, king, queen and "
                f"jack 10 each, any other card its number. The match ends when a total {ends} {target} (the "
                f"{marks.strong('target')}), and the lowest total wins.{tie}")
    if scoring == "rounds":
        return f"Each round won is worth a point; after {count(rounds, 'round', 'rounds')} the most points win.{tie}"
    if scoring == "wins":
        return f"The first player to win {count(target, 'round', 'rounds')} wins the match."
    return "No score is kept: play round after round for fun."
