"""The Mao table widget, driven as a learner would (clicks become calls): laws of the campaign or a teacher's pick,
the referee's short reasons, the history, the reveal, and a winner's law checked before use."""

from __future__ import annotations

from pathlib import Path

from maumau_core import LIBRARY
from maumau_core.course.progress import Progress
from maumau_core.engine.bots import MaoBot
from maumau_core.mao.law_library import CAMPAIGN, laws_at
from maumau_core.widgets import MaoTable


def table_with(law: str, seed: int = 2) -> MaoTable:
    table = MaoTable(seed=seed)
    table._teacher.value = law
    table._start.click()
    assert table.session is not None
    return table


def test_levels_split_the_library_by_measured_difficulty() -> None:
    easy, medium, hard = laws_at("easy"), laws_at("medium"), laws_at("hard")
    assert len(easy) + len(medium) + len(hard) == len(LIBRARY)
    assert max(e.difficulty for e in easy) <= min(e.difficulty for e in medium)
    assert max(e.difficulty for e in medium) <= min(e.difficulty for e in hard)


def test_a_new_match_deals_anew_with_the_campaigns_next_law(tmp_path: Path) -> None:
    table = MaoTable(seed=5, progress=Progress.load(tmp_path / "progress.json"))
    table._start.click()
    assert table.session is not None and table.session.entry is CAMPAIGN[0]
    first_seed, first_deal = table.session.seed, table.session.round.hands[0]  # type: ignore[union-attr]
    table._start.click()
    assert table.session.entry is CAMPAIGN[1]
    assert table.session.seed != first_seed and table._seed.value == table.session.seed
    assert table.session.round.hands[0] != first_deal  # type: ignore[union-attr]
    again = MaoTable(
        seed=5, progress=Progress.load(tmp_path / "progress.json")
    )  # the same first seed: the same matches
    again._start.click()
    again._start.click()
    assert again.session is not None and again.session.seed == table.session.seed


def test_a_law_breaking_card_is_refused_with_the_reason_only() -> None:
    for seed in range(100):  # a deal where the learner moves first holding a 7 that matches the top card
        table = table_with("no-sevens", seed)
        round_ = table.session.round
        assert round_ is not None
        sevens = [
            c
            for c in round_.hands[0]
            if c.rank.value == "7" and (c.suit is round_.top.suit or round_.top.rank.value == "7")
        ]
        if round_.turn == 0 and sevens:
            break
    else:
        raise AssertionError("no deal gave the learner a matching 7")
    table._on_card(sevens[0])
    assert "wrong rank" in table._message.value and "not 7" not in table._message.value
    refused = [a for a in table.session.rounds[-1] if a.card == sevens[0]]
    assert refused and not refused[0].accepted and refused[0].reason == "wrong rank"
    assert sevens[0] in round_.hands[0]


def test_bots_keep_the_law_unless_they_blunder() -> None:
    table = table_with("no-sevens")
    for attempts in table.session.rounds:
        for attempt in attempts:
            if attempt.player != 0 and attempt.card.rank.value == "7" and attempt.matches:
                assert not attempt.accepted


def test_a_careful_bot_never_breaks_the_law() -> None:
    from maumau_core import Round, find_law, preset
    from maumau_core.engine.bots import play_round

    for seed in range(20):
        round_ = Round.deal(preset("mao"), 3, seed=seed, law=find_law("colours-alternate"))
        play_round(round_, [MaoBot(seat) for seat in range(3)])
        assert not any(e.kind == "penalty" and e.cards for e in round_.log)


def test_the_round_ends_with_the_law_revealed() -> None:
    table = table_with("tutorial", seed=4)
    for _ in range(300):
        round_ = table.session.round
        assert round_ is not None
        if round_.result is not None:
            break
        legal = [a for a in round_.legal_actions()]
        table._human(legal[0])
    assert "The secret law was <code>after Q: black</code>" in table._reveal.value
    assert "next card must be black" in table._reveal.value


def won_round(law: str = "tutorial") -> MaoTable:
    """A table whose learner has just won a round (their moves chosen by a careful bot, given to the session
    directly: drawing the hand after every move would make this slow), with the round's end shown."""
    for seed in range(1, 200):
        table = table_with(law, seed)
        session, me = table.session, MaoBot(5)
        assert session is not None and session.round is not None
        for _ in range(5_000):
            if session.round.result is not None:
                break
            outcome = session.go_on() if session.speaking else session.move(me.choose(session.round))
        if session.may_write_law:
            table._show(outcome)
            table._render()
            return table
    raise AssertionError("the learner never won a round")


def test_a_winners_law_is_checked_before_it_is_used() -> None:
    playing = table_with("tutorial")
    playing.write_law("after 8: red")  # only a round's winner writes, between that round and the next
    assert "Only the winner" in playing._message.value and playing.session.next_law is None
    table = won_round()
    assert table._writing.layout.display == "" and table._next.layout.display == ""
    table.write_law("higher")
    assert "stop the game for good" in table._message.value
    table.write_law("after 8 until 8: not hearts")
    assert "fit to play" in table._message.value
    table._next.click()
    assert (
        str(table.session.law) == "after 8 until 8: not hearts" and table.session.entry is None
    )  # written, not from the library


def test_the_guess_panel_and_the_detective_on_the_table() -> None:
    table = table_with("no-faces")
    table.guess.text.value = "not face"
    assert table.guess.judge()
    table.guess.text.value = "not K"
    assert not table.guess.judge()
    assert "your law allows" in table.guess.feedback.value
    table.ask_detective()
    assert "candidate laws still fit" in table._advice.value
