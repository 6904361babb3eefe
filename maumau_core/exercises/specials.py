"""Exercises on the special cards: answering a 7 (lesson 04), and what 8, A and J do to the turn (lesson 05)."""

from __future__ import annotations

from collections.abc import Callable

from maumau_core.actions import Draw, play
from maumau_core.cards import Card, Suit, make_deck
from maumau_core.exercises import answers, solutions
from maumau_core.exercises.question import Case, Question
from maumau_core.round import Round
from maumau_core.rules import preset
from maumau_core.sentences import exercises as say
from maumau_core.situations import on_its_rank, table

LESSON = "04_sevens_and_jacks.ipynb"
TURNS_LESSON = "05_eights_and_aces.ipynb"  # the 8, the ace and the last card
SEVENS = ("7C", "7H", "7S", "7D")


def _answers_to_seven(hand: list[str], rules: str) -> list[str]:
    """The cards the rules accept from ``hand`` when a draw card was just played (a 7; a 6 in tschau-sepp)
    and 2 cards are waiting."""
    draw = preset(rules).draw_card
    rank = draw.value if draw is not None else "7"
    top = next(rank + suit for suit in "CHSD" if rank + suit not in {card.upper() for card in hand})
    round_ = table(preset(rules), hand, top, pending_draw=2)
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


answers_to_seven = Question(
    id="specials-1", title="A 7 is waiting", lesson=LESSON, name="answers_to_seven",
    task="A draw card was just played on you (a 7; in tschau-sepp a 6) and 2 cards are waiting. Write "
         "`answers_to_seven(hand, rules)` that returns the cards of `hand` you may play now, for `rules` = "
         "'classic', 'simple32', 'german32' or 'tschau-sepp'.",
    cases=[Case((hand, rules), say.hand_case(hand, rules)) for hand, rules in (
        (["7S", "JH", "9C"], "classic"), (["JH", "9C", "2D"], "classic"), (["7S", "JH", "KS"], "simple32"),
        (["7D", "8D", "JC"], "german32"), (["8C", "9C"], "german32"), (["7H", "7S", "QD"], "classic"),
        (["6D", "7C", "JS"], "tschau-sepp"))],
    truth=_answers_to_seven, canonical=answers.card_set, show=answers.show_cards,
    hints=["Facing a 7, the usual matching by rank or suit does not apply: only an answer to the 7 does.",
           "In classic and german32 the only answer is another 7 (any suit); in tschau-sepp the 6 is the draw "
           "card, so only a 6 answers there. A jack is no answer.",
           "simple32 has no stacking: facing a 7 you always take the 2 cards."],
    solution_code=solutions.answers_to_seven,
    explanation="a waiting draw card must be answered with one of its rank where they stack (a 7 in classic "
                "and german32, a 6 in tschau-sepp), and cannot be answered at all where they do not (simple32); "
                "a jack is no answer.",
)

cards_to_draw = Question(
    id="specials-2", title="A chain of sevens", lesson=LESSON, name="cards_to_draw",
    task="Players answered each other's 7 with a 7, `sevens` sevens in all, and the next player has no 7. "
         "Write `cards_to_draw(sevens, rules)`: how many cards do they take?",
    cases=[Case((n, rules), say.sevens_case(n, rules)) for n, rules in (
        (1, "classic"), (2, "classic"), (3, "classic"), (1, "simple32"), (4, "german32"))],
    truth=_cards_to_draw,
    hints=["Each 7 adds the same number of cards to the pile the next player must take.",
           "A single 7 makes the next player take 2.",
           "So the count grows by 2 with every 7 in the chain."],
    solution_code=solutions.cards_to_draw,
    explanation="every 7 in a chain adds 2 cards, and the first player who cannot (or will not) answer "
                "takes them all.",
)

after_eight = Question(
    id="specials-3", title="Whose turn after an 8?", lesson=TURNS_LESSON, name="after_eight",
    task="Players sit in seats 0, 1, …, `players` − 1 and play in increasing order. Player `current` plays "
         "an 8. Write `after_eight(players, current, rules)` that returns the seat of the next player to move.",
    cases=[Case((n, cur, rules), say.eight_case(n, cur, rules)) for n, cur, rules in (
        (4, 0, "classic"), (4, 3, "classic"), (2, 0, "classic"), (3, 1, "simple32"), (3, 2, "german32"),
        (5, 4, "german32"))],
    truth=_after_rank("8"),
    hints=["In classic and german32 an 8 skips the next player; in simple32 it is an ordinary card.",
           "Skipping one player means moving two seats on; after the last seat comes seat 0 again.",
           "The remainder operator wraps around the table: `(current + 2) % players`."],
    solution_code=solutions.after_eight,
    explanation="an 8 skips the next player where it has power, so the turn moves two seats on, wrapping "
                "around the table; with two players that is the 8's own player again.",
)

after_ace = Question(
    id="specials-4", title="Whose turn after an ace?", lesson=TURNS_LESSON, name="after_ace",
    task="Player `current` plays an ace (play goes up the seat numbers). Write `after_ace(players, current, "
         "rules)` for 'classic', 'simple32' and 'german32': who moves next?",
    cases=[Case((n, cur, rules), say.ace_case(n, cur, rules)) for n, cur, rules in (
        (4, 1, "classic"), (4, 1, "simple32"), (2, 0, "simple32"), (4, 1, "german32"), (4, 0, "german32"),
        (2, 1, "german32"))],
    truth=_after_rank("A"),
    hints=["The ace means something different in each rule set: nothing in classic, 'skip the next player' in "
           "simple32, 'turn the direction around' in german32.",
           "When the direction turns, the next player is the one who just played before: `current - 1`.",
           "With only two players, turning around gives the turn back to the ace's player."],
    solution_code=solutions.after_ace,
    explanation="classic aces have no power; simple32 aces skip the next player; german32 aces reverse the "
                "direction, which with two players works like a skip.",
)

next_player = Question(
    id="specials-5", title="Any card: who is next?", lesson=TURNS_LESSON, name="next_player",
    task="Put it together: write `next_player(card, players, current, rules)` for any card, including jacks "
         "(which name a suit), 7s, 8s and aces.",
    cases=[Case((card, n, cur, rules), say.card_played_case(card, n, cur, rules))
           for card, n, cur, rules in (
               ("JH", 3, 0, "classic"), ("7S", 3, 2, "classic"), ("8D", 4, 1, "german32"), ("AS", 3, 0, "german32"),
               ("AS", 3, 0, "simple32"), ("9H", 2, 1, "classic"), ("AD", 4, 2, "classic"), ("8C", 3, 2, "simple32"))],
    truth=_next_after,
    hints=["Only 8s and aces move the turn in an unusual way; a jack only changes the suit, a 7 only makes "
           "the next player draw or answer.",
           "Reuse your `after_eight` and `after_ace` for those ranks; every other card passes the turn on one seat.",
           "`card[:-1]` is the rank, e.g. '8' or 'A'."],
    solution_code=solutions.next_player,
    explanation="a jack names a suit and a 7 sends cards to the next player, but the turn still moves one seat; "
                "only the skip (8) and the ace's power change who moves.",
)

QUESTIONS = [answers_to_seven, cards_to_draw, after_eight, after_ace, next_player]
