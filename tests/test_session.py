"""The table session without widgets: whole matches of every preset through ``move()``, the names in
every sentence matching the seats (a tiebreak included), refusals that change nothing, a wild card that
asks for its suit, and a round's copy."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from maumau_core import PRESETS, Draw, Play, Round, Say, preset
from maumau_core.course.mao_session import MaoSession
from maumau_core.course.session import LEARNER, TableSession
from maumau_core.engine.bots import GreedyBot, MaoBot, RandomBot
from maumau_core.engine.round import RoundResult

PLAYER = re.compile(r"Player (\d+)")


def assert_names_match_seats(session: TableSession) -> None:
    """Every sentence about a seat names that seat's player; no sentence names a player not at the table."""
    round_ = session.round
    assert round_ is not None
    for event in round_.log:
        sentence = session.sentence(event)
        named = {int(number) for number in PLAYER.findall(sentence)}
        assert named <= set(session.at_table), (sentence, session.at_table)
        if event.player is None or not named and "You" not in sentence and "you" not in sentence:
            continue  # a sentence about the table as a whole ("The direction of play is reversed …")
        if event.player == session.me:
            assert not named and ("You" in sentence or "your" in sentence or "you," in sentence), sentence
        else:
            assert named == {session.at_table[event.player]}, (sentence, event, session.at_table)


def play_out(session: TableSession, me_bot: RandomBot) -> None:
    """Play the session's round to its end, the learner's moves chosen by ``me_bot`` and given to move()."""
    round_ = session.round
    assert round_ is not None
    for _ in range(5_000):
        if round_.result is not None:
            return
        if isinstance(session, MaoSession) and session.speaking:
            assert session.go_on().done
            continue
        assert session.my_turn, "the session hands the turn back only when the learner is to move"
        outcome = session.move(me_bot.choose(round_))
        assert outcome.done and outcome.sentences
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("name", [name for name in PRESETS if name != "mao"])
def test_a_whole_match_of_every_preset_through_move(name: str) -> None:
    session = TableSession(
        preset(name, target=40) if preset(name).scoring == "points" else preset(name), bots=2, seed=7
    )
    rounds = 0
    while not session.match.over and rounds < 40:
        opening = session.deal()
        assert opening.done
        play_out(session, GreedyBot(99))
        assert_names_match_seats(session)
        assert session.summary and session.next_step is not None
        rounds += 1
    assert session.match.over and session.next_step == "new-match"
    assert "The match is over" in session.summary
    with pytest.raises(ValueError, match="match is over"):
        session.deal()


def test_a_whole_mao_match_through_move() -> None:
    session = MaoSession(bots=2, seed=3, teacher_law="tutorial", blunder=True)
    while not session.match.over:
        session.deal()
        assert session.reveal() is None, "the law is never shown while the round is played"
        play_out(session, MaoBot(5))
        assert_names_match_seats(session)
        reveal = session.reveal()
        assert reveal is not None and reveal.law == "after Q: black"
    assert sum(session.match.wins) >= 3
    refused = [attempt for attempts in session.rounds for attempt in attempts if not attempt.accepted]
    assert refused and all(attempt.reason for attempt in refused), "every refused try keeps the referee's words"


def tied_session(*rounds: tuple[int, int, int]) -> TableSession:
    """A classic match of three after these rounds' points (the winner of each scored 0; the target is 100)."""
    session = TableSession(preset("classic"), bots=2, seed=11)
    for scores in rounds:
        session.match.record(RoundResult(scores.index(0), False, "out", scores))
    assert session.match.tiebreak
    return session


def test_a_tiebreak_among_bots_names_them_by_their_match_seats() -> None:
    session = tied_session((60, 30, 0), (60, 0, 30))
    opening = session.deal()
    assert session.at_table == (1, 2) and session.me is None
    assert opening.sentences == ("The tie is broken by an extra round among the tied players; you watch it.",)
    assert session.round is not None and session.round.result is not None, "the bots play the tiebreak out"
    assert_names_match_seats(session)
    winner = session.match.winners[0]
    assert winner in (1, 2) and f"Player {winner} won the round." in session.summary
    assert session.log() and not any("Player 0" in line or line.startswith("You") for line in session.log())


def test_a_tiebreak_with_the_learner_names_the_other_player_by_match_seat() -> None:
    session = tied_session((0, 60, 30), (30, 60, 0))
    session.deal()
    assert session.at_table == (0, 2) and session.me == 0
    play_out(session, GreedyBot(4))
    assert_names_match_seats(session)
    assert any("Player 2" in line for line in session.log(last=500)) and not any(
        "Player 1" in line for line in session.log(last=500)
    )


def test_a_refused_move_says_why_once_and_changes_nothing() -> None:
    for seed in range(50):
        session = TableSession(preset("classic"), bots=1, seed=seed)
        session.deal()
        round_ = session.round
        assert round_ is not None and session.me is not None
        if session.my_turn and session.playable():
            break
    before = round_.snapshot()
    outcome = session.move(Draw(session.me))
    assert not outcome.done and outcome.good is False and outcome.refusal is not None
    assert outcome.message.startswith("You can play ") and round_.snapshot() == before
    blocked = [card for card in round_.hands[session.me] if card not in session.playable()]
    if blocked:
        outcome = session.move(Play(session.me, (blocked[0],)))
        assert not outcome.done and round_.snapshot() == before


def test_a_wild_card_asks_for_its_suit_before_anything_changes() -> None:
    for seed in range(200):
        session = TableSession(preset("classic"), bots=1, seed=seed)
        session.deal()
        jacks = [card for card in session.playable() if card.rank.value == "J"] if session.my_turn else []
        if jacks and len(session.round.hands[session.me]) > 2:  # type: ignore[union-attr,index]
            break
    else:
        raise AssertionError("no deal gave the learner a jack to play")
    round_ = session.round
    assert round_ is not None and session.me is not None
    before = round_.snapshot()
    asked = session.move(Play(session.me, (jacks[0],)))
    assert asked.needs_suit and not asked.done and round_.snapshot() == before
    from maumau_core import Suit

    done = session.move(Play(session.me, (jacks[0],), Suit.HEARTS))
    assert done.done and done.sentences[:2] == (
        f"You play {jacks[0].symbol}.",
        "You name hearts: the next card must be a heart or a jack.",
    )


def test_a_bots_only_session_plays_whole_matches() -> None:
    session = TableSession(preset("classic", target=50), bots=3, seed=2, learner=False)
    while not session.match.over:
        session.deal()
        assert session.me is None and not session.my_turn
    assert "You" not in session.summary and LEARNER in range(session.match.players)


def test_a_copy_plays_on_alone_and_alike() -> None:
    for name in PRESETS:
        players = 3
        round_ = Round.deal(preset(name), players, seed=5)
        for _ in range(7):
            round_.apply(RandomBot(1).choose(round_))
        twin = round_.copy()
        assert twin.snapshot() == round_.snapshot()
        before = round_.snapshot()
        bots = [RandomBot(seat) for seat in range(players)]
        while twin.result is None:
            twin.apply(bots[twin.turn].choose(twin))
        assert round_.snapshot() == before, "playing the copy changed the original"
        bots = [RandomBot(seat) for seat in range(players)]
        while round_.result is None:
            round_.apply(bots[round_.turn].choose(round_))
        assert round_.snapshot() == twin.snapshot(), "the same moves give the same round"


def test_the_library_imports_no_widgets_and_no_module_loads_the_law_parser() -> None:
    """lark is for reading a law: importing a module, widgets included, must not load it (every page imports
    the progress panel, which lists the Mao campaign). The server side is left out, but for the kernel
    provisioner: it runs in the Voilà server only, whose jupyter_server loads lark for its own schemas."""
    code = (
        "import sys, importlib, pathlib, maumau_core\n"
        "root = pathlib.Path(maumau_core.__file__).parent\n"
        "modules = ['.'.join(p for p in path.relative_to(root.parent).with_suffix('').parts if p != '__init__')\n"
        "           for path in sorted(root.rglob('*.py'))]\n"
        "modules = [name for name in modules if '.server.' not in name or name.endswith('forked_kernels')]\n"
        "for name in modules:\n"
        "    if '.widgets' not in name:\n"
        "        importlib.import_module(name)\n"
        "assert 'ipywidgets' not in sys.modules, 'the library imported ipywidgets'\n"
        "for name in modules:\n"
        "    importlib.import_module(name)\n"
        "assert 'lark' not in sys.modules, 'importing the library loaded lark'\n"
        "maumau_core.parse_law('not 7')\n"
        "assert 'lark' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def mao_learner_to_move(*, spade: bool = False) -> MaoSession:
    """A Mao session where the learner is to move with a legal card (a spade, if asked) and more than two."""
    for seed in range(300):
        session = MaoSession(bots=2, seed=seed, teacher_law="tutorial")
        session.deal()
        round_ = session.round
        assert round_ is not None
        legal = round_.playable_cards(0) if session.my_turn else []
        if len(round_.hands[0]) > 2 and (any(c.suit.value == "S" for c in legal) if spade else legal):
            return session
    raise AssertionError("no deal left the learner to move with such a card")


def test_mao_the_bots_wait_after_a_wordless_play_and_the_words_then_cost_nothing() -> None:
    session = mao_learner_to_move()
    round_ = session.round
    assert round_ is not None
    spades = [c for c in round_.playable_cards(0) if c.suit.value == "S"]
    card = spades[0] if spades else round_.playable_cards(0)[0]
    played = session.move(Play(0, (card,)))
    assert played.done and session.speaking and round_.turn != 0, "the turn has passed, but nobody moves yet"
    log_length = len(round_.log)
    if spades:
        said = session.move(Say(0, (f"{card.rank.word} of spades",)))
        assert said.done and "penalty" not in [e.kind for e in round_.log[log_length:]]
    assert session.speaking, "the learner may say more than one word"
    session.go_on()
    assert not session.speaking
    mine = [e for e in round_.log[log_length:] if e.player == 0 and e.kind == "penalty"]
    assert not mine, "every word owed was said in time"


def test_mao_a_word_left_unsaid_costs_its_card_when_the_others_play() -> None:
    session = mao_learner_to_move(spade=True)
    round_ = session.round
    assert round_ is not None
    spades = [c for c in round_.playable_cards(0) if c.suit.value == "S"]
    held = len(round_.hands[0])
    session.move(Play(0, (spades[0],)))
    outcome = session.go_on()
    assert "failure to say" in " ".join(outcome.sentences) and outcome.sentences[0].startswith("You draw")
    assert len(round_.hands[0]) >= held, "the card played came back as a penalty card"


def test_mao_a_pause_after_every_wordless_play_gives_nothing_away() -> None:
    session = mao_learner_to_move()
    round_ = session.round
    assert round_ is not None
    plain = [c for c in round_.playable_cards(0) if c.suit.value != "S"]
    if plain:
        session.move(Play(0, (plain[0],)))
        assert session.speaking, "the bots wait even when no word is due"
