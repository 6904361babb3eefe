"""Exercises on the special cards: answering a 7 (lesson 04), and what 8, A and J do to the turn (lesson 05)."""

from __future__ import annotations

from collections.abc import Callable

from maumau_core.engine.actions import Draw, play
from maumau_core.engine.cards import Card, Suit, make_deck
from maumau_core.engine.round import Round
from maumau_core.engine.rules import preset
from maumau_core.engine.situations import on_its_rank, table
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Misconception, Question
from maumau_core.i18n import N_
from maumau_core.sentences import exercises as say

LESSON = "04_sevens_and_jacks.ipynb"
TURNS_LESSON = "05_eights_and_aces.ipynb"  # the 8, the ace and the last card
SEVENS = ("7C", "7H", "7S", "7D")


def _draw_rank(rules: str) -> str:
    """The rank of the rules' draw card: a 7, or a 6 in tschau-sepp."""
    draw = preset(rules).draw_card
    return draw.value if draw is not None else "7"


def _draw_card_on_top(hand: list[str], rules: str) -> str:
    """The draw card just played on the holder of ``hand``: one of its rank that the hand does not hold."""
    rank = _draw_rank(rules)
    return next(rank + suit for suit in "CHSD" if rank + suit not in {card.upper() for card in hand})


def _answers_to_seven(hand: list[str], rules: str) -> list[str]:
    """The cards the rules accept from ``hand`` when a draw card was just played (a 7; a 6 in tschau-sepp)
    and 2 cards are waiting."""
    round_ = table(preset(rules), hand, _draw_card_on_top(hand, rules), pending_draw=2)
    return [str(card) for card in round_.playable_cards()]


def _cards_to_draw(sevens: int, rules: str) -> int:
    """Two players answer each other's 7s ``sevens`` times; how many cards does the next one take?"""
    chain = [Card.parse(text) for text in SEVENS[:sevens]]
    used = {*chain, Card.parse("9C")}
    spare = [card for card in make_deck(preset(rules).deck_size(2)) if card not in used and card.rank.value != "7"]
    hands = [chain[0::2] + spare[0:3], chain[1::2] + spare[3:6]]
    round_ = Round(preset(rules), hands, ["9C"], spare[6:])
    for turn, card in enumerate(chain):
        round_.apply(play(turn % 2, card))
    taker = round_.turn
    before = len(round_.hands[taker])
    round_.apply(Draw(taker))
    return len(round_.hands[taker]) - before


def _next_after(card: str, players: int, current: int, rules: str) -> int:
    """Who moves after player ``current`` plays ``card`` on a card of the same rank."""
    played = Card.parse(card)
    round_ = on_its_rank(preset(rules), played, players=players, turn=current)
    round_.apply(play(current, played, suit=Suit.CLUBS if played.rank is round_.rules.wild_card else None))
    return round_.turn


def _after_rank(rank: str) -> Callable[[int, int, str], int]:
    return lambda players, current, rules: _next_after(f"{rank}H", players, current, rules)


# The misconceptions below are the wrong ideas written as code, as a beginner holding them would.


def _jack_answers_too(hand: list[str], rules: str) -> list[str]:
    return _answers_to_seven(hand, rules) + [card for card in hand if answers.rank_text(card) == "J"]


def _sevens_stack_everywhere(hand: list[str], rules: str) -> list[str]:
    return [card for card in hand if answers.rank_text(card) == _draw_rank(rules)]


def _seven_is_the_draw_card_everywhere(hand: list[str], rules: str) -> list[str]:
    return [] if rules == "simple32" else [card for card in hand if answers.rank_text(card) == "7"]


def _plain_matching(hand: list[str], rules: str) -> list[str]:
    """Every card that would fit the draw card on the pile if nothing were waiting."""
    top = _draw_card_on_top(hand, rules)
    return [
        card for card in hand if answers.rank_text(card) in ("J", answers.rank_text(top)) or card[-1].upper() == top[-1]
    ]


def _no_growth(sevens: int, rules: str) -> int:
    return 2


def _doubling(sevens: int, rules: str) -> int:
    return int(2**sevens)


def _one_per_seven(sevens: int, rules: str) -> int:
    return sevens


def _eight_without_power(players: int, current: int, rules: str) -> int:
    return (current + 1) % players


def _eight_skips_everywhere(players: int, current: int, rules: str) -> int:
    return (current + 2) % players


def _eight_skips_backwards(players: int, current: int, rules: str) -> int:
    return (current + 1) % players if rules == "simple32" else (current - 2) % players


def _seats_without_wrap(players: int, current: int, rules: str) -> int:
    return current + 1 if rules == "simple32" else current + 2


def _ace_without_power(players: int, current: int, rules: str) -> int:
    return (current + 1) % players


def _ace_skips_in_classic(players: int, current: int, rules: str) -> int:
    return (current + 2) % players if rules == "classic" else _after_rank("A")(players, current, rules)


def _ace_powers_swapped(players: int, current: int, rules: str) -> int:
    swapped = {"simple32": "german32", "german32": "simple32"}.get(rules, rules)
    return _after_rank("A")(players, current, swapped)


def _reverse_gives_the_turn_away(players: int, current: int, rules: str) -> int:
    return (current - 1) % players if rules == "german32" else _after_rank("A")(players, current, rules)


def _seven_skips(card: str, players: int, current: int, rules: str) -> int:
    if answers.rank_text(card) == "7":
        return (current + 2) % players
    return _next_after(card, players, current, rules)


def _every_eight_skips(card: str, players: int, current: int, rules: str) -> int:
    if answers.rank_text(card) == "8":
        return (current + 2) % players
    return _next_after(card, players, current, rules)


def _aces_forgotten(card: str, players: int, current: int, rules: str) -> int:
    if answers.rank_text(card) == "A":
        return (current + 1) % players
    return _next_after(card, players, current, rules)


#: Rules said by misconceptions of more than one question (each sentence lives once).
NO_EIGHT_IN_SIMPLE32 = N_("in simple32 the 8 has no power: the player after it simply moves next.")
ACE_BY_RULE_SET = N_(
    "the ace's power depends on the rule set: none in classic, a skip in simple32, a turn of direction in german32."
)


answers_to_seven = Question(
    id="specials-1",
    title=N_("A 7 is waiting"),
    lesson=LESSON,
    name="answers_to_seven",
    task=N_(
        "A draw card was just played on you (a 7; in tschau-sepp a 6) and 2 cards are waiting. Write "
        "`answers_to_seven(hand, rules)` that returns the cards of `hand` you may play now, for `rules` = "
        "'classic', 'simple32', 'german32' or 'tschau-sepp'."
    ),
    cases=[
        Case((hand, rules), say.hand_case(hand, rules))
        for hand, rules in (
            (["7S", "JH", "9C"], "classic"),
            (["JH", "9C", "2D"], "classic"),
            (["7S", "JH", "KS"], "simple32"),
            (["7D", "8D", "JC"], "german32"),
            (["8C", "9C"], "german32"),
            (["7H", "7S", "QD"], "classic"),
            (["6D", "7C", "JS"], "tschau-sepp"),
        )
    ],
    truth=_answers_to_seven,
    canonical=answers.card_set,
    rule=N_(
        "facing a waiting draw card, the usual matching is off: only a card of the draw card's rank answers it, "
        "and only in the rule sets that let a penalty be passed on."
    ),
    misconceptions=[
        Misconception(
            "jack-answers-a-seven",
            N_(
                "a jack is wild on any card, but not against a waiting draw card: "
                "facing it, only a card of the draw card's own rank answers, and only where answers are "
                "allowed."
            ),
            _jack_answers_too,
        ),
        Misconception(
            "stacked-sevens-in-simple32",
            N_(
                "simple32 has no stacking: a waiting 7 cannot be answered at "
                "all, not even with a 7; the player takes the cards."
            ),
            _sevens_stack_everywhere,
        ),
        Misconception(
            "seven-as-tschau-sepp-draw-card",
            N_(
                "in tschau-sepp the 6 is the draw-two card, so only a 6 "
                "answers it there; the 7 is an ordinary card in that game."
            ),
            _seven_is_the_draw_card_everywhere,
        ),
        Misconception(
            "matching-as-usual",
            N_(
                "a waiting draw card switches off the usual matching by rank or "
                "suit: only an answer of the draw card's rank may be played."
            ),
            _plain_matching,
        ),
    ],
    hints=[
        N_("Facing a 7, the usual matching by rank or suit does not apply: only an answer to the 7 does."),
        N_(
            "Lessons 02 and 04 say, rule set by rule set, whether a 7 may be answered, and with what. Check "
            "tschau-sepp carefully: its draw card is not the 7."
        ),
        N_(
            "In classic and german32 the only answer is another 7 (any suit), in tschau-sepp a 6; simple32 has "
            "no stacking, so nothing answers there. A jack is never an answer."
        ),
    ],
    solution_code=solutions.answers_to_seven,
    explanation=N_(
        "a waiting draw card must be answered with one of its rank where they stack (a 7 in classic "
        "and german32, a 6 in tschau-sepp), and cannot be answered at all where they do not (simple32); "
        "a jack is no answer."
    ),
)

cards_to_draw = Question(
    id="specials-2",
    title=N_("A chain of sevens"),
    lesson=LESSON,
    name="cards_to_draw",
    task=N_(
        "Players answered each other's 7 with a 7, `sevens` sevens in all, and the next player has no 7. "
        "Write `cards_to_draw(sevens, rules)`: how many cards do they take?"
    ),
    cases=[
        Case((n, rules), say.sevens_case(n, rules))
        for n, rules in ((1, "classic"), (2, "classic"), (3, "classic"), (1, "simple32"), (4, "german32"))
    ],
    truth=_cards_to_draw,
    rule=N_(
        "a 7 answered with a 7 is not cancelled but passed on, and every 7 in the chain adds the same number "
        "of cards to what waits."
    ),
    misconceptions=[
        Misconception(
            "answer-replaces-the-penalty",
            N_("answering a 7 with a 7 does not replace the penalty: it passes it on, grown by two."),
            _no_growth,
        ),
        Misconception(
            "penalty-doubles", N_("the penalty grows by two with every 7 in the chain; it does not double."), _doubling
        ),
        Misconception(
            "one-card-per-seven",
            N_("a 7 is a draw-two card: it puts two cards on what waits, not one."),
            _one_per_seven,
        ),
    ],
    hints=[
        N_(
            "Picture the cards waiting for the next player: what does the first 7 put there, and what does an "
            "answering 7 do to them?"
        ),
        N_(
            "An answer does not cancel what waits; it passes it on, bigger. Lesson 04 says how many cards one 7 "
            "is worth."
        ),
        N_(
            "Every 7 in the chain adds the same amount as the first one did, so multiply that amount by the number "
            "of sevens."
        ),
    ],
    solution_code=solutions.cards_to_draw,
    explanation=N_(
        "every 7 in a chain adds 2 cards, and the first player who cannot (or will not) answer takes them all."
    ),
)

after_eight = Question(
    id="specials-3",
    title=N_("Whose turn after an 8?"),
    lesson=TURNS_LESSON,
    name="after_eight",
    task=N_(
        "Players sit in seats 0, 1, …, `players` − 1 and play in increasing order. Player `current` plays "
        "an 8. Write `after_eight(players, current, rules)` that returns the seat of the next player to move."
    ),
    cases=[
        Case((n, cur, rules), say.eight_case(n, cur, rules))
        for n, cur, rules in (
            (4, 0, "classic"),
            (4, 3, "classic"),
            (2, 0, "classic"),
            (3, 1, "simple32"),
            (3, 2, "german32"),
            (5, 4, "german32"),
        )
    ],
    truth=_after_rank("8"),
    rule=N_(
        "where the 8 has power it skips the next player, so the turn moves two seats on round the table; "
        "where it has none, one seat."
    ),
    misconceptions=[
        Misconception(
            "eight-without-power",
            N_(
                "an 8 makes the next player miss their turn (in classic and "
                "german32), so the turn goes to the player after them."
            ),
            _eight_without_power,
        ),
        Misconception("eight-skips-in-simple32", NO_EIGHT_IN_SIMPLE32, _eight_skips_everywhere),
        Misconception(
            "eight-skips-backwards",
            N_(
                "play goes up the seat numbers, and so does the skip: the 8 "
                "jumps over the player after you, not the one before."
            ),
            _eight_skips_backwards,
        ),
        Misconception(
            "seats-do-not-wrap",
            N_("seats go round the table: after the last seat comes seat 0, and before seat 0 comes the last seat."),
            _seats_without_wrap,
        ),
    ],
    hints=[
        N_("In classic and german32 an 8 skips the next player; in simple32 it is an ordinary card."),
        N_("Skipping one player means moving two seats on; after the last seat comes seat 0 again."),
        N_("The remainder operator wraps around the table: `(current + 2) % players`."),
    ],
    solution_code=solutions.after_eight,
    explanation=N_(
        "an 8 skips the next player where it has power, so the turn moves two seats on, wrapping "
        "around the table; with two players that is the 8's own player again."
    ),
)

after_ace = Question(
    id="specials-4",
    title=N_("Whose turn after an ace?"),
    lesson=TURNS_LESSON,
    name="after_ace",
    task=N_(
        "Player `current` plays an ace (play goes up the seat numbers). Write `after_ace(players, current, "
        "rules)` for 'classic', 'simple32' and 'german32': who moves next?"
    ),
    cases=[
        Case((n, cur, rules), say.ace_case(n, cur, rules))
        for n, cur, rules in (
            (4, 1, "classic"),
            (4, 1, "simple32"),
            (2, 0, "simple32"),
            (4, 1, "german32"),
            (4, 0, "german32"),
            (2, 1, "german32"),
        )
    ],
    truth=_after_rank("A"),
    rule=ACE_BY_RULE_SET,
    misconceptions=[
        Misconception(
            "ace-without-power",
            N_(
                "in simple32 the ace skips the next player and in german32 it turns "
                "the direction round; only in classic is it an ordinary card."
            ),
            _ace_without_power,
        ),
        Misconception(
            "ace-skips-in-classic",
            N_("in classic the ace has no power: the next seat moves as usual."),
            _ace_skips_in_classic,
        ),
        Misconception(
            "ace-powers-swapped",
            N_(
                "it is simple32's ace that skips and german32's that turns the "
                "direction round, not the other way round."
            ),
            _ace_powers_swapped,
        ),
        Misconception(
            "reverse-with-two-players",
            N_("with two players, turning the direction round gives the turn straight back to the ace's player."),
            _reverse_gives_the_turn_away,
        ),
    ],
    hints=[
        N_(
            "The ace means something different in each rule set: nothing in classic, 'skip the next player' in "
            "simple32, 'turn the direction around' in german32."
        ),
        N_(
            "When the direction turns, the next player is the one who played just before you: one seat down, "
            "wrapping round below seat 0."
        ),
        N_("With only two players, turning around gives the turn back to the ace's player."),
    ],
    solution_code=solutions.after_ace,
    explanation=N_(
        "classic aces have no power; simple32 aces skip the next player; german32 aces reverse the "
        "direction, which with two players works like a skip."
    ),
)

next_player = Question(
    id="specials-5",
    title=N_("Any card: who is next?"),
    lesson=TURNS_LESSON,
    name="next_player",
    task=N_(
        "Put it together: write `next_player(card, players, current, rules)` for any card, including jacks "
        "(which name a suit), 7s, 8s and aces."
    ),
    cases=[
        Case((card, n, cur, rules), say.card_played_case(card, n, cur, rules))
        for card, n, cur, rules in (
            ("JH", 3, 0, "classic"),
            ("7S", 3, 2, "classic"),
            ("8D", 4, 1, "german32"),
            ("AS", 3, 0, "german32"),
            ("AS", 3, 0, "simple32"),
            ("9H", 2, 1, "classic"),
            ("AD", 4, 2, "classic"),
            ("8C", 3, 2, "simple32"),
        )
    ],
    truth=_next_after,
    rule=N_(
        "only the skip (the 8, where it has power) and the ace's power move the turn other than one seat on; a "
        "jack names a suit and a 7 leaves cards waiting, but the next player still moves."
    ),
    misconceptions=[
        Misconception(
            "seven-skips",
            N_("a 7 does not skip anybody by itself: the next player moves, to answer it or to take the cards."),
            _seven_skips,
        ),
        Misconception("eight-skips-in-simple32", NO_EIGHT_IN_SIMPLE32, _every_eight_skips),
        Misconception("aces-forgotten", ACE_BY_RULE_SET, _aces_forgotten),
    ],
    hints=[
        N_(
            "Only 8s and aces move the turn in an unusual way; a jack only changes the suit, a 7 only makes "
            "the next player draw or answer."
        ),
        N_("Reuse your `after_eight` and `after_ace` for those ranks; every other card passes the turn on one seat."),
        N_("`card[:-1]` is the rank, e.g. '8' or 'A'."),
    ],
    solution_code=solutions.next_player,
    explanation=N_(
        "a jack names a suit and a 7 sends cards to the next player, but the turn still moves one seat; "
        "only the skip (8) and the ace's power change who moves."
    ),
)

QUESTIONS = [answers_to_seven, cards_to_draw, after_eight, after_ace, next_player]
