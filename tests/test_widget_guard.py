"""The widgets against a forged front end: messages a browser could send but no page control makes.

Each test hands crafted comm messages to a widget's comm (``widget.comm.handle_msg``: what the kernel
does with a ``comm_msg`` from the browser) or to the comm manager (``comm_open``), and checks what the
kernel did and what it sent back.
"""

from __future__ import annotations

import json
import math
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from typing import Any

import comm
import ipywidgets as w
import ipywidgets.widgets.widget as widget_module
import pytest
from comm.base_comm import BaseComm

from maumau_core import Round, parse_law, preset
from maumau_core.course.mao_session import MaoSession
from maumau_core.engine.bots import MaoBot
from maumau_core.lab.experiments import EXPERIMENT_DEALS, compare, effects
from maumau_core.lab.standing import Standing
from maumau_core.lab.tournament import MAX_DEALS, TooMuchWork, tournament
from maumau_core.mao.notation import MAX_LAW_DEPTH, MAX_LAW_LENGTH, BadLaw
from maumau_core.widgets import GuessPanel, MaoTable, PlayTable, guard, lab_views
from maumau_core.widgets.lab_views import HouseRuleLab, PolicyBuilder, TipLab
from maumau_core.widgets.law_tools import LawWorkshop


def update(target: Any, **state: Any) -> None:
    """A forged ``update`` of the widget's state, as the browser sends it."""
    target.comm.handle_msg(
        {
            "content": {"comm_id": target.model_id, "data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        }
    )


def click(target: Any) -> None:
    """A forged click, whatever the button looks like on the page."""
    target.comm.handle_msg(
        {
            "content": {"comm_id": target.model_id, "data": {"method": "custom", "content": {"event": "click"}}},
            "buffers": [],
        }
    )


def all_widgets(root: Any) -> Iterator[Any]:
    yield root
    for name in ("layout", "style"):
        if isinstance(getattr(root, name, None), w.Widget):
            yield getattr(root, name)
    for child in getattr(root, "children", ()):
        yield from all_widgets(child)


class RecordingComm(BaseComm):
    """A comm that keeps what the kernel would send to the browser."""

    def __init__(self, **kwargs: Any) -> None:
        self.sent: list[tuple[str, Any]] = []
        super().__init__(**kwargs)

    def publish_msg(
        self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **keys: Any
    ) -> None:
        self.sent.append((msg_type, data))


class Shell:
    """Stands in for IPython: ipywidgets' own handlers send a traceback to the page through it."""

    def __init__(self) -> None:
        self.tracebacks = 0

    def showtraceback(self, *args: Any, **kwargs: Any) -> None:
        self.tracebacks += 1


@pytest.fixture()
def recorded(monkeypatch: pytest.MonkeyPatch) -> Shell:
    """Widgets made in the test get a recording comm, and any traceback ipywidgets would show is counted."""
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: RecordingComm(**kwargs))
    shell = Shell()
    monkeypatch.setattr(widget_module, "get_ipython", lambda: shell)
    return shell


def playing_table() -> MaoTable:
    table = MaoTable(seed=2)
    table._teacher.value = "tutorial"
    table._start.click()
    assert table.session is not None and table.session.round is not None and table.session.round.result is None
    return table


# ------------------------------------------------------------------ every course widget is guarded


def test_every_widget_of_the_course_pages_gets_its_messages_through_the_guard() -> None:
    views = [
        MaoTable(),
        TipLab(),
        PolicyBuilder(),
        HouseRuleLab(),
        GuessPanel(lambda: None),
        LawWorkshop([]),
        PlayTable(),
    ]
    table = playing_table()
    views.append(table)
    for view in views:
        for found in all_widgets(view.widget):
            callback = found.comm._msg_callback
            assert isinstance(callback, partial) and callback.func is guard._on_msg, type(found).__name__
    assert table._hand.children and all(card.comm._msg_callback.func is guard._on_msg for card in table._hand.children)


# ------------------------------------------------------------------ values outside the control's range


def test_a_forged_slider_range_or_value_changes_nothing_and_runs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    lab = TipLab()
    deals = lab._deals
    update(deals, max=10**7, value=10**7)
    update(deals, value=10**7)
    update(deals, value=-5)
    update(deals, value="lots")
    assert (deals.min, deals.max, deals.value) == (50, EXPERIMENT_DEALS, 150)
    update(deals, value=400)  # what the slider offers is taken
    assert deals.value == 400
    asked: list[int] = []
    monkeypatch.setattr(lab_views, "compare", lambda *args, deals, **kwargs: asked.append(deals) or stand(deals))
    lab._prediction.value = "helps"
    click(lab._runner.button)
    assert asked == [400]


def test_the_lab_library_refuses_more_deals_than_it_plays_before_playing_any() -> None:
    start = time.perf_counter()
    for run in (
        lambda: compare("counter", preset("classic"), deals=10**7, show_progress=False),
        lambda: effects(preset("classic"), rounds=EXPERIMENT_DEALS + 1, show_progress=False),
        lambda: tournament(["greedy", "greedy"], preset("classic"), deals=MAX_DEALS + 1, show_progress=False),
    ):
        with pytest.raises(TooMuchWork, match="at most"):
            run()
    assert time.perf_counter() - start < 0.1


def test_choices_outside_a_dropdowns_options_or_a_closed_accordion_are_ignored() -> None:
    table = MaoTable()
    update(table._teacher, index=99)
    update(table._teacher, index=-1)
    update(table._teacher, index="hard")
    assert table._teacher.value == ""
    update(table._bots, value=4)  # the settings accordion is closed: its slider is not on the page
    assert table._bots.value == 3
    settings = next(child for child in table.widget.children if isinstance(child, w.Accordion))
    update(settings, selected_index=0)
    update(table._bots, value=4)
    update(table._teacher, index=2)
    assert (table._bots.value, table._teacher.value) == (4, table._teacher.options[2][1])


# ------------------------------------------------------------------ hidden and disabled controls


def test_the_hidden_mao_buttons_cannot_deal_or_set_the_next_law() -> None:
    table = playing_table()
    session = table.session
    assert session is not None
    round_, rounds, law = session.round, len(session.rounds), session.law
    update(table._next.layout, display="")  # a layout is never the browser's to change
    update(table._writing.layout, display="")
    update(table._new_law, value="red")
    click(table._use_law)
    click(table._next)
    assert table._next.layout.display == "none" and table._writing.layout.display == "none"
    assert session.round is round_ and len(session.rounds) == rounds and session.law == law
    assert session.next_law is None and round_ is not None and round_.result is None


def test_the_mao_session_itself_deals_no_round_before_this_one_ends_and_takes_no_law_from_a_loser() -> None:
    session = MaoSession(bots=2, seed=1, teacher_law="tutorial")
    session.deal()
    round_ = session.round
    refused = session.deal()
    assert not refused.done and "still being played" in refused.message and session.round is round_
    written = session.write_law("red")
    assert not written.done and "Only the winner" in written.message and session.next_law is None
    me = MaoBot(5)
    for _ in range(5_000):
        if session.round is None or session.round.result is not None:
            break
        session.go_on() if session.speaking else session.move(me.choose(session.round))
    if session.may_write_law:
        assert session.write_law("after 8: red").done and str(session.next_law) == "after 8: red"
    else:
        assert not session.write_law("after 8: red").done
    assert session.deal().done and session.round is not round_


def dealt_table() -> tuple[PlayTable, Round]:
    """A table whose first round is dealt, and that round."""
    table = PlayTable(seed=3)
    table._start.click()
    assert table.session is not None and table.session.round is not None
    return table, table.session.round


def test_a_disabled_button_and_an_old_hands_card_cannot_be_clicked() -> None:
    table, round_ = dealt_table()
    log = len(round_.log)
    table._draw.disabled = True
    click(table._draw)
    assert len(round_.log) == log
    old_hand = list(table._hand.children)
    table._render()  # a new hand: the old card buttons are closed (a late click finds no widget)
    assert old_hand and all(card.comm is None for card in old_hand)
    assert len(round_.log) == log


def test_a_card_taken_off_the_page_but_still_open_cannot_be_clicked() -> None:
    table, round_ = dealt_table()
    log = len(round_.log)
    card = table._hand.children[0]
    table._hand.children = table._hand.children[1:]  # off the page, its comm still open
    click(card)
    assert len(round_.log) == log


def test_a_long_match_does_not_grow_the_kernels_widgets() -> None:
    table = PlayTable(seed=5)
    table._start.click()
    table._render()
    before = len(widget_module._instances)
    for _ in range(50):
        table._render()  # every move redraws the hand and the flag buttons
    assert len(widget_module._instances) <= before


def test_a_visible_live_button_still_works_through_the_guard() -> None:
    table = MaoTable(seed=4)
    click(table._start)
    assert table.session is not None and table.session.round is not None
    update(table.guess.text, value="not face")
    click(table.guess.check)
    assert "not face" in table.guess.text.value and table.guess.feedback.value


# ------------------------------------------------------------------ long laws


def test_a_megabyte_law_is_refused_before_it_is_read() -> None:
    text = "red or " * 150_000 + "red"
    start = time.perf_counter()
    with pytest.raises(BadLaw, match=f"at most {MAX_LAW_LENGTH} characters"):
        parse_law(text)
    assert time.perf_counter() - start < 0.1
    with pytest.raises(BadLaw, match="brackets"):
        parse_law("(" * (MAX_LAW_DEPTH + 1) + "red" + ")" * (MAX_LAW_DEPTH + 1))
    assert str(parse_law("(" * MAX_LAW_DEPTH + "red" + ")" * MAX_LAW_DEPTH)) == "red"

    workshop = LawWorkshop([])
    update(workshop.text, value=text)  # the text box takes no megabyte from the browser
    assert workshop.text.value == ""
    workshop.text.value = text  # and a megabyte that got there is refused in one sentence, at once
    start = time.perf_counter()
    click(workshop.check)
    assert time.perf_counter() - start < 0.1
    assert f"at most {MAX_LAW_LENGTH} characters" in workshop.feedback.value


def test_a_workshop_with_no_law_to_compare_reads_a_law_and_shows_no_empty_choice() -> None:
    workshop = LawWorkshop([])
    assert workshop._other.layout.display == "none"
    workshop.text.value = "after Q: black"
    click(workshop.check)
    assert "fit to play" in workshop.feedback.value
    assert workshop.feedback.value.count('<div class="mm-message') == 1  # the verdict, and no comparison after it


# ------------------------------------------------------------------ one run at a time


def stand(deals: int) -> tuple[Standing, Standing]:
    return Standing("tip", deals * 4, deals, 3.0, 40.0), Standing("without", deals * 4, deals, 3.0, 40.0)


def click_sent(target: Any, at: float) -> None:
    """A click the page sent at ``at`` by its own clock (the date in the message's header)."""
    target.comm.handle_msg(
        {
            "header": {"date": datetime.fromtimestamp(at, UTC)},
            "content": {"comm_id": target.model_id, "data": {"method": "custom", "content": {"event": "click"}}},
            "buffers": [],
        }
    )


@pytest.mark.parametrize("skew", [0.0, -3600.0, 3600.0], ids=["same clock", "page behind", "page ahead"])
def test_a_click_sent_while_a_run_is_going_starts_no_second_run(monkeypatch: pytest.MonkeyPatch, skew: float) -> None:
    monkeypatch.setattr(guard, "_page_clock", {"offset": math.inf})
    lab = TipLab(deals=50)
    lab._prediction.value = "helps"
    button = lab._runner.button
    runs: list[float] = []

    def slow_compare(*args: Any, deals: int, **kwargs: Any) -> tuple[Standing, Standing]:
        runs.append(time.time())
        click_sent(button, time.time() + skew)  # read during the run (were anything to read messages then)
        button.click()  # even a click that skips the guard finds the run going
        time.sleep(0.02)
        return stand(deals)

    monkeypatch.setattr(lab_views, "compare", slow_compare)
    click_sent(button, time.time() + skew)
    assert len(runs) == 1 and "won" in lab._verdict.value
    for _ in range(5):  # clicked during the run; the kernel reads them only after it
        click_sent(button, runs[0] + 0.01 + skew)
    assert len(runs) == 1
    click_sent(button, time.time() + skew)  # clicked once the result was there: a new run
    assert len(runs) == 2


# ------------------------------------------------------------------ wrong types: no traceback, little cost


def test_two_hundred_wrong_type_updates_send_no_traceback_and_cost_little(recorded: Shell) -> None:
    table = MaoTable()
    table._start.click()
    targets = [
        (table._bots, {"value": "lots"}),
        (table._new_law, {"value": 12}),
        (table._teacher, {"index": "x"}),
        (table._blunder, {"value": "yes"}),
        (table._seed, {"value": 10**400}),
        (table._draw, {"disabled": "no"}),
        (table._next.layout, {"display": 5}),
        (table.guess.text, {"value": ["a"]}),
    ]
    for found, _state in targets:
        found.comm.sent.clear()
    start = time.perf_counter()
    for number in range(200):
        found, state = targets[number % len(targets)]
        update(found, **state)
    found.comm.handle_msg({"content": {"data": {"method": "unknown"}}})
    found.comm.handle_msg({"no content": True})
    found.comm.handle_msg(None)
    elapsed = time.perf_counter() - start
    sent = [message for found, _state in targets for message in found.comm.sent]
    assert recorded.tracebacks == 0
    assert elapsed < 2.0, elapsed
    assert sent and all(kind == "comm_msg" and data["method"] == "update" for kind, data in sent)
    text = json.dumps(sent, default=str)
    assert "Traceback" not in text and "site-packages" not in text and "maumau_core" not in text
    assert max(len(json.dumps(data, default=str)) for _kind, data in sent) < 1_000


def test_ipywidgets_alone_would_have_sent_tracebacks(recorded: Shell) -> None:
    """The same wrong-type update through ipywidgets' own handler: what the guard stands in for."""
    slider = w.IntSlider()
    slider._handle_msg(
        {"content": {"data": {"method": "update", "state": {"value": "lots"}, "buffer_paths": []}}, "buffers": []}
    )
    assert recorded.tracebacks == 1


# ------------------------------------------------------------------ widgets made by the browser


def open_from_the_page(target: str, state: dict[str, Any] | None = None, version: str = "2.1.0") -> BaseComm | None:
    """A forged comm_open: the browser asks the kernel to make a widget (or a control channel)."""
    comm_id = uuid.uuid4().hex
    manager = comm.get_comm_manager()
    data = {"state": state, "buffer_paths": []} if state is not None else {}
    manager.comm_open(
        None,
        None,
        {
            "content": {"comm_id": comm_id, "target_name": target, "data": data},  # type: ignore[arg-type]
            "metadata": {"version": version},
            "buffers": [],
        },
    )
    return manager.comms.get(comm_id)


TEXT_MODEL = {
    "_model_module": "@jupyter-widgets/controls",
    "_model_module_version": "2.0.0",
    "_model_name": "TextModel",
    "_view_module": "@jupyter-widgets/controls",
    "_view_module_version": "2.0.0",
    "_view_name": "TextView",
    "value": "x",
}


def test_widgets_made_by_the_browser_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "opened", guard.Counter())
    assert comm.get_comm_manager().targets["jupyter.widget"] is guard._widget_opened
    before = len(widget_module._instances)
    made = [open_from_the_page("jupyter.widget", TEXT_MODEL) for _ in range(guard.FRONT_END_WIDGETS + 50)]
    assert len(widget_module._instances) - before == guard.FRONT_END_WIDGETS
    assert all(made[: guard.FRONT_END_WIDGETS]) and not any(made[guard.FRONT_END_WIDGETS :])
    one = widget_module._instances[made[0].comm_id]  # type: ignore[union-attr]
    update(one, layout="IPY_MODEL_x", value="y" * (guard.TEXT_LIMIT + 1))  # guarded like the course's own
    assert one.value == "x"


def test_an_oversized_or_unknown_widget_from_the_browser_is_not_made(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "opened", guard.Counter())
    before = len(widget_module._instances)
    assert open_from_the_page("jupyter.widget", {**TEXT_MODEL, "value": "x" * (guard.SIZE_LIMIT + 1)}) is None
    assert open_from_the_page("jupyter.widget", {**TEXT_MODEL, "_model_name": "NoSuchModel"}) is None
    assert open_from_the_page("jupyter.widget", TEXT_MODEL, version="99.0.0") is None
    assert len(widget_module._instances) == before


def test_control_channels_and_their_state_requests_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "opened", guard.Counter())
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: RecordingComm(**kwargs))
    channels = [
        open_from_the_page("jupyter.widget.control", version="1.0.0") for _ in range(guard.CONTROL_CHANNELS + 3)
    ]
    assert all(channels[: guard.CONTROL_CHANNELS]) and not any(channels[guard.CONTROL_CHANNELS :])
    channel = channels[0]
    assert isinstance(channel, RecordingComm)
    monkeypatch.setattr(w.Widget, "_control_comm", channel)
    monkeypatch.setattr(widget_module, "_instances", {})  # only this test's widget answers
    w.HTML("x" * 5_000)
    for _ in range(50):
        channel.handle_msg({"content": {"data": {"method": "request_states"}}})
    assert len([1 for kind, data in channel.sent if kind == "comm_msg"]) == guard.STATE_REQUESTS


def test_a_widget_answers_only_a_few_requests_for_its_whole_state(recorded: Shell) -> None:
    panel = w.HTML("x" * 5_000)
    guard.watch(panel)
    panel.comm.sent.clear()
    for _ in range(100):
        panel.comm.handle_msg({"content": {"data": {"method": "request_state"}}})
    assert len(panel.comm.sent) == guard.STATE_REQUESTS


def test_a_learners_own_text_box_or_checkbox_in_a_notebook_still_works() -> None:
    box, tick = w.Text(), w.Checkbox()
    update(box, value="hello")
    update(tick, value=True)
    assert box.value == "hello" and tick.value is True
