"""The rule sets in plain words: one function per row of the rule-set table and the cheat sheets.

:mod:`maumau_core.course.rule_sets` reads a rule set's options and passes plain data
here (ranks, numbers, the words to say, yes or no); nothing in this module
looks at an option, and no option name or Python value ever reaches a
sentence. A word the glossary (:mod:`maumau_core.sentences.glossary`)
explains is marked with ``marks.strong``, so the HTML views show it in bold.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_core.engine.cards import Rank, Suit
from maumau_core.engine.table_sentences import a_rank, count, penalty_cards, quoted, rank_name
from maumau_core.i18n import N_, _, ngettext
from maumau_core.markup import NO_MARKS, Marks

#: Each row's label, in the order the table and the sheets show the rows.
ROW_LABELS: dict[str, str] = {
    "deck": N_("Deck"),
    "players": N_("Players"),
    "deal": N_("Cards dealt"),
    "start": N_("Dealing and starting"),
    "first_card": N_("The first card turned up"),
    "turn": N_("Your turn"),
    "draw_card": N_("The draw card"),
    "skip_card": N_("The skip card"),
    "wild_card": N_("The wild card"),
    "ace": N_("The ace"),
    "last_card": N_("Your last card"),
    "blocked": N_("When no card fits"),
    "bad_play": N_("A card that does not fit"),
    "calls": N_("What to say"),
    "missed_call": N_("A forgotten call"),
    "referee": N_("Who keeps watch"),
    "stuck": N_("When the cards run out"),
    "match": N_("A match"),
}

#: How the course calls each rule set in a heading; a rule set of one's own gets :func:`own_rule_set`.
NICKNAMES: dict[str, str] = {
    "classic": N_("the 52-card game"),
    "simple32": N_("the simple 32-card game"),
    "german32": N_("the German game"),
    "tschau-sepp": N_("Tschau Sepp, the Swiss cousin"),
    "mao": N_("Mao, the game with a secret law"),
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listed(items: Sequence[str], last: str = "or") -> str:
    """ "a", "a or b", "a, b or c" (or with "and")."""
    if len(items) == 1:
        return items[0]
    template = _("{some} or {last}") if last == "or" else _("{some} and {last}")
    return template.format(some=", ".join(items[:-1]), last=items[-1])


# ------------------------------------------------------------------ the table around the rows


def row_label(key: str) -> str:
    return _(ROW_LABELS[key])


def nickname(name: str) -> str:
    """What a rule set is, in a few words: "the German game"."""
    return _(NICKNAMES[name]) if name in NICKNAMES else own_rule_set()


def own_rule_set() -> str:
    return _("a rule set of your own")


def sheet_title(name: str) -> str:
    """The cheat sheet's heading: "german32: the German game"."""
    return f"{name}: {nickname(name)}"


def sheet_kicker() -> str:
    """The small line above a cheat sheet's heading."""
    return _("Mau Mau & Mao · cheat sheet")


def house_rules_changed() -> str:
    return _("With house rules: this sheet shows the rules as you changed them.")


def suits_line(marks: Marks = NO_MARKS) -> str:
    """The four suits, each as its symbol and its name."""
    suits = " · ".join(f"{suit.symbol} {suit.noun}" for suit in Suit)  # symbol and name: no sentence
    return _("{heading}: {suits}. A suit is one of these four, never a colour.").format(
        heading=marks.strong(_("Suits")), suits=suits
    )


def sheet_footer() -> str:
    return _(
        "From the Mau Mau & Mao course. Every table plays a little differently: agree on the rules "
        "before the first deal."
    )


def table_caption() -> str:
    return _("The four Mau Mau rule sets side by side; a cell that spans the table holds for all four.")


def download_label(name: str) -> str:
    """The text of the link that saves a cheat sheet."""
    return _("Download the {name} cheat sheet (a web page: open it and print it on one A4 sheet)").format(name=name)


def choose_rule_set() -> str:
    return _("Rule set")


# ------------------------------------------------------------------ the rows


def deck(
    size: int, lowest: Rank, full_deck_from: int | None, two_decks_from: int | None, marks: Marks = NO_MARKS
) -> str:
    """What the deck holds, when a full deck replaces a short one, and when two decks are shuffled together."""
    if size == 104:
        return _(
            "104 cards: two 52-card decks shuffled together (2 to ace in every suit), so a hand may hold "
            "two equal cards."
        )
    text = _("{size} cards: {lowest} to ace in each of the four suits, no jokers.").format(
        size=size, lowest=rank_name(lowest)
    )
    if full_deck_from is not None:
        text += " " + _(
            "From {players} players on, a full 52-card deck is used instead (2 to ace; the cards "
            "below {lowest} have no power)."
        ).format(players=full_deck_from, lowest=rank_name(lowest))
    if two_decks_from is not None:
        text += " " + _("From {players} players on, two decks are shuffled together (104 cards).").format(
            players=two_decks_from
        )
    return text


def players(fewest: int, most: int) -> str:
    if fewest == most:
        return _("{fewest} players.").format(fewest=fewest)
    return _("{fewest} to {most} players.").format(fewest=fewest, most=most)


def deal(each: int, when_two: int | None) -> str:
    if when_two is None or when_two == each:
        return _("{count} each.").format(count=count(each))
    return _("{each} each; {when_two} each when only two play.").format(each=count(each), when_two=count(when_two))


def start(marks: Marks = NO_MARKS) -> str:
    """The deal, the first player and the dealer's seat moving round (the same in every rule set)."""
    return _(
        "The dealer hands out one card at a time, starting on their left, then turns the next card "
        "face up to start the {discard_pile}; the rest, face down, is the {stock}. The player on the "
        "dealer's left begins and play goes clockwise. Each new round, the dealer's seat moves one "
        "place clockwise."
    ).format(discard_pile=marks.strong(_("discard pile")), stock=marks.strong(_("stock")))


def first_card(powers: Sequence[Rank], applies: bool, wild: Rank | None, marks: Marks = NO_MARKS) -> str:
    """What the card turned up at the start does: ``powers`` are the ranks that act when played."""
    parts = []
    if powers:
        ranks = _listed([rank_name(rank) for rank in powers])
        parts.append(
            (
                _("a turned-up {ranks} acts on the first player as if just played")
                if applies
                else _("a turned-up {ranks} does nothing to the first player")
            ).format(ranks=ranks)
        )
    if wild is not None:
        parts.append(
            _("a turned-up {rank} lets the dealer {name_a_suit}").format(
                rank=rank_name(wild), name_a_suit=marks.strong(_("name a suit"))
            )
        )
    if not parts:
        return _("The card turned up to start the pile does nothing.")
    return _cap(_("{parts}.").format(parts="; ".join(parts)))


def turn(several: bool, law: bool, wild: Rank | None, marks: Marks = NO_MARKS) -> str:
    """The one rule of every turn, with the secret law where there is one."""
    terms = {"rank": marks.strong(_("rank")), "suit": marks.strong(_("suit")), "top_card": marks.strong(_("top card"))}
    if wild is None:
        text = _("Play one card with the {rank} or the {suit} of the {top_card}.").format(**terms)
    else:
        text = _(
            "Play one card with the {rank} or the {suit} of the {top_card} (after {a_rank}, {follow_suit} with "
            "the suit it named)."
        ).format(**terms, a_rank=a_rank(wild), follow_suit=marks.strong(_("follow suit")))
    if law:
        text += " " + _("The {secret_law} must allow the card too.").format(secret_law=marks.strong(_("secret law")))
    if several:
        text += " " + _("You may put down several cards of one rank together; the last one lands on top.")
    return text


def draw_card(
    rank: Rank | None, amount: int, answers: bool, longest: int | None, wild: Rank | None, marks: Marks = NO_MARKS
) -> str:
    """What the draw card does, and whether it can be answered."""
    if rank is None:
        return _("No card makes anyone draw.")
    fields = {
        "a_rank": a_rank(rank),
        "A_rank": _cap(a_rank(rank)),
        "rank": rank_name(rank),
        "draw_penalty": marks.strong(_("draw penalty")),
        "count": count(amount),
        "amount": amount,
        "answer": marks.strong(_("answer")),
        "a_wild": a_rank(wild),
    }
    if not answers:
        if wild is None:
            return _(
                "{A_rank} gives the next player a {draw_penalty}: they draw {count} and miss their turn. Nothing "
                "answers it: not another {rank}."
            ).format(**fields)
        return _(
            "{A_rank} gives the next player a {draw_penalty}: they draw {count} and miss their turn. Nothing "
            "answers it: not another {rank}, not {a_wild}."
        ).format(**fields)
    text = _(
        "{A_rank} gives the next player a {draw_penalty}: they draw {count} and miss their turn, unless they "
        "{answer} it with {a_rank} of their own: then the penalty grows by {amount} and passes on."
    ).format(**fields)
    if longest == 2:
        text += " " + _("Only one answer is allowed.")
    elif longest is not None:
        text += " " + _("At most {longest} cards of rank {rank} may follow one another.").format(
            longest=longest, rank=rank_name(rank)
        )
    if wild is None:
        return text + " " + _("While a penalty waits, play {a_rank} or draw.").format(**fields)
    return text + " " + _("While a penalty waits, play {a_rank} or draw: {a_wild} does not help.").format(**fields)


def skip_card(rank: Rank | None, passed_on: bool, eight_is_plain: bool, marks: Marks = NO_MARKS) -> str:
    """What the skip card does; ``eight_is_plain`` when the 8 has no other power."""
    if rank is None:
        return _("There is no skip card: the 8 is an ordinary card.") if eight_is_plain else _("There is no skip card.")
    text = _("{A_rank} {skips} the next player: they miss their turn (with two players, you play again).").format(
        A_rank=_cap(a_rank(rank)), skips=marks.strong(_("skips"))
    )
    if passed_on:
        text += " " + _("The skipped player may pass the skip on with {a_rank} of their own.").format(
            a_rank=a_rank(rank)
        )
    return text


def wild_card(rank: Rank | None, on_itself: bool, as_last: bool, marks: Marks = NO_MARKS) -> str:
    """What the wild card does, and the limits some tables put on it."""
    if rank is None:
        return _("There is no wild card: every card must match.")
    fields = {
        "A_rank": _cap(a_rank(rank)),
        "a_rank": a_rank(rank),
        "rank": rank_name(rank),
        "wild_card": marks.strong(_("wild card")),
        "name_a_suit": marks.strong(_("name a suit")),
    }
    if on_itself:
        text = _(
            "{A_rank} is a {wild_card}: it goes on any card, {a_rank} included, and you {name_a_suit} for the "
            "next player to follow (the suit already showing is allowed)."
        ).format(**fields)
    else:
        text = _(
            "{A_rank} is a {wild_card}: it goes on any card except another {rank}, and you {name_a_suit} for "
            "the next player to follow (the suit already showing is allowed)."
        ).format(**fields)
    if not as_last:
        text += " " + _("It may not be your last card: with only {a_rank} left, draw instead.").format(**fields)
    return text


def ace(power: str, marks: Marks = NO_MARKS) -> str:
    """What an ace does: ``power`` is one of none, skip, reverse, again, draw-all."""
    if power == "skip":
        return _("An ace {skips} the next player (with two players, you play again).").format(
            skips=marks.strong(_("skips"))
        )
    if power == "reverse":
        return _("An ace {reverses} the direction of play (with two players, you play again).").format(
            reverses=marks.strong(_("reverses"))
        )
    return {
        "none": _("The ace is an ordinary card."),
        "again": _("After an ace, you play again."),
        "draw-all": _("An ace makes every other player draw 1 card at once; nobody can answer it."),
    }[power]


def last_card(draw: Rank | None, skip: Rank | None, power: str, wild: Rank | None) -> str:
    """The card that empties a hand has no power; ``power`` is the ace's."""
    lost = []
    if draw is not None:
        lost.append(_("{a_rank} makes nobody draw").format(a_rank=a_rank(draw)))
    if skip is not None:
        lost.append(_("{a_rank} skips nobody").format(a_rank=a_rank(skip)))
    ace_lost = {
        "skip": _("an ace skips nobody"),
        "reverse": _("an ace turns nothing round"),
        "again": _("an ace gives no extra turn"),
        "draw-all": _("an ace makes nobody draw"),
    }
    if power in ace_lost:
        lost.append(ace_lost[power])
    if not lost and wild is None:
        return _("No card has a power, so your last card is like any other.")
    if not lost:
        return _("The card that empties your hand has no power, except that {a_wild} still names a suit.").format(
            a_wild=a_rank(wild)
        )
    if wild is None:
        return _("The card that empties your hand has no power: {lost}.").format(lost=_listed(lost, "and"))
    return _("The card that empties your hand has no power: {lost}; {a_wild} still names a suit.").format(
        lost=_listed(lost, "and"), a_wild=a_rank(wild)
    )


def blocked(
    draw_by_choice: bool, play_drawn: bool, keep_drawn: bool, until_it_fits: bool, marks: Marks = NO_MARKS
) -> str:
    """Drawing: when a player is blocked, and what happens to the card drawn."""
    blocked_word = marks.strong(_("blocked"))
    if until_it_fits:
        text = _("No card fits? You are {blocked}: draw until a card fits (or none are left).").format(
            blocked=blocked_word
        )
    else:
        text = _("No card fits? You are {blocked}: draw one card.").format(blocked=blocked_word)
    if not play_drawn:
        text += " " + _("Drawing ends your turn: the card drawn cannot be played now.")
    elif keep_drawn:
        text += " " + _("If it fits, you may play it at once or keep it; if not, your turn is over.")
    else:
        text += " " + _("If it fits, you must play it at once; if not, your turn is over.")
    return (
        text
        + " "
        + (
            _("You may also draw by choice, even when a card fits.")
            if draw_by_choice
            else _("While a card fits, you may not draw.")
        )
    )


#: A card that may not be played, by (the law judges too, the turn ends): one whole sentence each.
_BAD_PLAY = {
    (False, True): N_(
        "A card that does not fit is an {illegal_attempt}: it goes back to your hand, you draw "
        "{penalty} and your turn is over."
    ),
    (False, False): N_(
        "A card that does not fit is an {illegal_attempt}: it goes back to your hand, you draw "
        "{penalty} and you try again."
    ),
    (True, True): N_(
        "A card that does not fit or that the law forbids is an {illegal_attempt}: it goes back to "
        "your hand, you draw {penalty} and your turn is over."
    ),
    (True, False): N_(
        "A card that does not fit or that the law forbids is an {illegal_attempt}: it goes back to "
        "your hand, you draw {penalty} and you try again."
    ),
}


def bad_play(penalty: int, ends_turn: bool, out_of_turn: int, law: bool, marks: Marks = NO_MARKS) -> str:
    """A card that may not be played, and a card played out of turn."""
    if penalty == 0:
        text = _("A card that may not be played is simply taken back: choose again, it costs nothing.")
    else:
        text = _(_BAD_PLAY[law, ends_turn]).format(
            illegal_attempt=marks.strong(_("illegal attempt")), penalty=penalty_cards(penalty)
        )
    if out_of_turn == 0:
        return text + " " + _("Nobody may play out of turn.")
    return (
        text
        + " "
        + _("Playing out of turn costs {count} too, and the turn stays where it was.").format(count=count(out_of_turn))
    )


def calls(one: str | None, out: str | None, marks: Marks = NO_MARKS) -> str:
    """The calls of a Mau Mau table: the word at one card left, the word with the last card."""
    if one is not None and out is not None:
        return _(
            "Say {quoted} as you play a card that leaves you one card, and {quoted2} as you play your last card."
        ).format(quoted=quoted(marks.text(one)), quoted2=quoted(marks.text(out)))
    if one is not None:
        return _(
            "Say {quoted} as you play a card that leaves you one card. Your last card needs no word: it wins at once."
        ).format(quoted=quoted(marks.text(one)))
    if out is not None:
        return _("Say {quoted} as you play your last card; one card left needs no word.").format(
            quoted=quoted(marks.text(out))
        )
    return _("Nothing needs to be said: no calls.")


def speech(one: str | None, out: str | None, penalty: int, marks: Marks = NO_MARKS) -> str:
    """What a Mao player must say, with a legal play or right after it."""
    words = [_("name every spade ♠ you play (“4 of spades”)")]
    if one is not None:
        words.append(_("say {word} when a play leaves you one card").format(word=quoted(marks.text(one))))
    if out is not None:
        words.append(
            _("say it again with your last card")
            if out == one
            else _("say {word} with your last card").format(word=quoted(marks.text(out)))
        )
    said = words[0] if len(words) == 1 else _("{some}, and {last}").format(some=", ".join(words[:-1]), last=words[-1])
    return _(
        "{words}. Say the words with the play or just after it, before the next action at the table. Any "
        "other word costs {count}."
    ).format(words=_cap(said), count=count(penalty))


def missed_call(
    out: str | None,
    penalty: int,
    window_to_turn_end: bool,
    out_wins_unless_caught: bool,
    any_call: bool,
    marks: Marks = NO_MARKS,
) -> str:
    """A forgotten call of a Mau Mau table: saying it late, being caught, a forgotten last call."""
    if not any_call:
        return _("With no call to make, there is nothing to forget.")
    fields = {"cost": count(penalty), "window": marks.strong(_("window")), "point_out": marks.strong(_("point out"))}
    text = _("Forgot a call? Say it before the next player plays or draws, and it still counts.")
    if window_to_turn_end:
        text += " " + _(
            "Until the end of the next player's turn (the call's {window}), any other player may "
            "{point_out} the miss: you draw {cost}."
        ).format(**fields)
    else:
        text += " " + _(
            "Until then (the call's {window}), any other player may {point_out} the miss instead: you "
            "draw {cost}. After that it is forgotten."
        ).format(**fields)
    if out is not None:
        if out_wins_unless_caught:
            text += " " + _(
                "A forgotten {word} means you have not won yet: caught in time, you draw {cost} and "
                "play on; if nobody catches it, you win when the window closes."
            ).format(word=quoted(marks.text(out)), **fields)
        else:
            text += " " + _(
                "A forgotten {word} costs {cost} at once, caught or not, and you play on: no win without it."
            ).format(word=quoted(marks.text(out)), **fields)
    return text


def missed_word(out: str | None, penalty: int, marks: Marks = NO_MARKS) -> str:
    """A forgotten or needless word at a Mao table."""
    cost = count(penalty)
    text = _(
        "A word you owe that is still missing when the next action comes costs {cost} then; a word that was "
        "not needed costs {cost} at once."
    ).format(cost=cost)
    if out is not None:
        text += " " + _("No final {word}, no win: take the card and play on.").format(word=quoted(marks.text(out)))
    return text


def watchers(marks: Marks = NO_MARKS) -> str:
    """Who notices a missed call at a Mau Mau table."""
    return _(
        "Nobody is in charge: the players keep an eye on each other, and any player may {point_out} "
        "another's missed call."
    ).format(point_out=marks.strong(_("point out")))


def referee(marks: Marks = NO_MARKS) -> str:
    """The referee of a Mao table."""
    return _(
        "A {referee}, who may also play, writes a {secret_law} before the deal and keeps it hidden. The "
        "referee judges every card and every word; a refused card gets a short reason such as "
        "“wrong colour”, never the law itself."
    ).format(referee=marks.strong(_("referee")), secret_law=marks.strong(_("secret law")))


def stuck(void: bool, rebuilds: int | None, marks: Marks = NO_MARKS) -> str:
    """A stock that runs out, and a round nobody can finish."""
    if rebuilds is None:
        text = _("When the stock runs out, the discard pile except its top card is shuffled into a new stock.")
    else:
        text = ngettext(
            "When the stock runs out, the discard pile except its top card is shuffled into a new "
            "stock, at most once a round; after that the pile stays where it is.",
            "When the stock runs out, the discard pile except its top card is shuffled into a new "
            "stock, at most {count} times a round; after that the pile stays where it is.",
            rebuilds,
        ).format(count=rebuilds)
    if void:
        return (
            text
            + " "
            + _(
                "If nothing is left to shuffle and a whole turn of the table passes with nobody "
                "playing or drawing, it is a {void_round}: nobody wins it and nobody scores."
            ).format(void_round=marks.strong(_("void round")))
        )
    return (
        text
        + " "
        + _(
            "If a card must be drawn and none is left even then, it is a {stuck_round}: play stops "
            "and each player counts their cards plus the penalty cards they could not be given. The "
            "single lowest count wins; a tie means no winner."
        ).format(stuck_round=marks.strong(_("stuck round")))
    )


def match(scoring: str, target: int, must_pass: bool, rounds: int, extra_round: bool, marks: Marks = NO_MARKS) -> str:
    """How a match is scored and how it ends: ``scoring`` is one of points, rounds, wins, casual."""
    if extra_round:
        tie = _(
            "A tie for the best score goes to a {tiebreak}: the tied players play on alone until one of them "
            "wins a round."
        ).format(tiebreak=marks.strong(_("tiebreak")))
    else:
        tie = _("Players tied for the best score share the win.")
    if scoring == "points":
        ends = (
            _("The match ends when a total goes past {target} (the {target_word}), and the lowest total wins.")
            if must_pass
            else _("The match ends when a total reaches {target} (the {target_word}), and the lowest total wins.")
        )
        return " ".join(
            [
                _(
                    "Whoever goes out scores 0; the others score the cards left in their hand: ace, king, queen "
                    "and jack 10 each, any other card its number."
                ),
                ends.format(target=target, target_word=marks.strong(_("target"))),
                tie,
            ]
        )
    if scoring == "rounds":
        return (
            ngettext(
                "Each round won is worth a point; after {count} round the most points win.",
                "Each round won is worth a point; after {count} rounds the most points win.",
                rounds,
            ).format(count=rounds)
            + " "
            + tie
        )
    if scoring == "wins":
        return ngettext(
            "The first player to win {count} round wins the match.",
            "The first player to win {count} rounds wins the match.",
            target,
        ).format(count=target)
    return _("No score is kept: play round after round for fun.")
