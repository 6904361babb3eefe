"""The course's guard against a forged front end: what a browser may ask of the kernel's widgets.

A browser can send any widget message, not only those its page's controls make: an ``update`` with any
state, a click on a hidden or disabled button, a hundred clicks while a run goes on, and it can ask the
kernel to make widgets. This module decides, in the kernel, which of these to take. It is installed once, by
``import maumau_core.widgets`` (:func:`install`), through public hooks of ipywidgets and comm:

* ``Widget.on_widget_constructed``: every widget made in the kernel from then on gets its comm messages
  through :func:`handle` (``comm.on_msg``) instead of ipywidgets' own handler;
* the comm manager's ``jupyter.widget`` and ``jupyter.widget.control`` targets: widgets (and control
  channels) the browser makes are counted, and closed beyond a few.

What :func:`handle` takes from the browser, for ipywidgets' own controls (the only kind the course uses):

* an ``update`` only of what a person can change on the page: ``value`` (``index`` of a dropdown or toggle
  buttons, ``selected_index`` of an accordion or tabs), never ``max``, ``options``, ``disabled``, a layout or a
  style; a value only of the trait's type and inside the control's range, its options, or
  :data:`TEXT_LIMIT` characters; only for a control that is live (see :func:`live`). Anything else is
  ignored, and the page's copy of the refused keys is put back in step with the kernel (a small message);
* a click only on a live button (see :func:`live`), and not one the page sent while the button was
  disabled (during a run, say: the kernel reads such clicks only once the run is over);
* nothing that raises makes a traceback: errors are counted in :data:`refusals`, never sent.

Widgets of other libraries (and ipywidgets' upload, controller and output widgets, which the course does not
use) keep their own rules, with only the size limit and the no-traceback rule applied.
"""

from __future__ import annotations

import math
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from functools import partial
from typing import Any

import comm
import ipywidgets as w
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection
from ipywidgets.widgets.widget_selectioncontainer import _SelectionContainer
from traitlets import Bool, Float, Int, Tuple, Unicode

#: The longest text (characters) a text box takes from the browser; the law notation stops at far fewer.
TEXT_LIMIT = 1_000
#: The most JSON (about, in characters) one message may carry to a widget whose values are not checked here.
SIZE_LIMIT = 1_000_000
#: Widgets a browser may make in the kernel (the course needs none; ipywidgets' gamepad controller makes some).
FRONT_END_WIDGETS = 16
#: Control channels a browser may open (a page opens one), and state requests per widget or channel.
CONTROL_CHANNELS = 4
STATE_REQUESTS = 8
#: Integers the browser can mean exactly (JavaScript's safe integers).
LARGEST_INT = 2**53

#: Why messages were refused (or failed), counted: for tests and measurements, never shown.
refusals: Counter[str] = Counter()

#: ipywidgets' own controls whose value only the kernel sets: they take nothing from the browser.
DISPLAY_ONLY = (w.HTML, w.HTMLMath, w.Label, w.Valid, w.FloatProgress, w.IntProgress)
#: ipywidgets' own widgets left to ipywidgets' rules (size limit and no traceback only): not used by the course.
OWN_RULES = (w.FileUpload, w.Controller, w.Output)
#: What a person can change on the page.
PAGE_KEYS = frozenset({"value", "index", "selected_index", "_playing", "_repeat"})


class _Watch:
    """What the guard knows of one widget: the boxes it sits in, and when it was last enabled."""

    __slots__ = ("parents", "left", "enabled_at", "state_requests")

    def __init__(self) -> None:
        self.parents: weakref.WeakSet[Any] = weakref.WeakSet()
        self.left = False  # it sat in a box once and no longer sits in any (an old hand's card, say)
        self.enabled_at = -math.inf  # when it was last enabled again (kernel clock, seconds since the epoch)
        self.state_requests = 0


_watches: weakref.WeakKeyDictionary[Any, _Watch] = weakref.WeakKeyDictionary()
#: The smallest (kernel clock when read - page clock when sent) seen: the clocks' difference plus the quickest
#: delivery. A message's date plus this is when, on the kernel's clock, the page sent it.
_page_clock = {"offset": math.inf}
#: Widgets and control channels the browser asked to open, counted (made or not).
opened: Counter[str] = Counter()
_installed = False


# ------------------------------------------------------------------ installing


def install() -> None:
    """Guard every widget made from now on, and what the browser may open. Idempotent."""
    global _installed  # noqa: PLW0603 - once per kernel
    if _installed:
        return
    _installed = True
    earlier: Callable[[Any], None] | None = w.Widget._widget_construction_callback

    def constructed(widget: Any) -> None:
        if earlier is not None:
            earlier(widget)
        watch(widget)

    w.Widget.on_widget_constructed(constructed)
    manager = comm.get_comm_manager()
    manager.register_target("jupyter.widget", _widget_opened)
    manager.register_target("jupyter.widget.control", _control_opened)


def watch(widget: Any) -> None:
    """Guard one widget: its comm messages go through :func:`handle`; the guard follows its boxes."""
    if widget in _watches:
        return
    _watches[widget] = _Watch()
    widget.observe(_comm_changed, "comm")
    if widget.comm is not None:
        widget.comm.on_msg(partial(_on_msg, widget))
    if isinstance(widget, w.Box):
        widget.observe(_children_changed, "children")
        _adopt(widget, widget.children, ())
    if widget.has_trait("disabled"):
        widget.observe(_disabled_changed, "disabled")


def _comm_changed(change: Mapping[str, Any]) -> None:
    """Runs after ipywidgets' own observer, which hands the comm's messages to ipywidgets: take them over."""
    if change["new"] is not None:
        change["new"].on_msg(partial(_on_msg, change["owner"]))


def _children_changed(change: Mapping[str, Any]) -> None:
    _adopt(change["owner"], change["new"] or (), change["old"] or ())


def _adopt(box: Any, children: Iterable[Any], old: Iterable[Any]) -> None:
    for child in old:
        found = _watches.get(child)
        if found is not None:
            found.parents.discard(box)
            found.left = not found.parents
    for child in children:
        if isinstance(child, w.Widget):
            watch(child)
            found = _watches[child]
            found.parents.add(box)
            found.left = False


def _disabled_changed(change: Mapping[str, Any]) -> None:
    if change["old"] and not change["new"]:
        _watches[change["owner"]].enabled_at = time.time()


# ------------------------------------------------------------------ what may be clicked or changed


def live(widget: Any, sent: float = math.inf) -> bool:
    """May the browser click or change this widget now, by a message sent at ``sent`` (kernel clock)?
    Not disabled, nor enabled again since the message was sent (the kernel reads messages one at a time, so
    clicks made during a run arrive after it), and shown: neither it nor a box it sits in hidden
    (``display: none``, ``visibility: hidden``, a closed accordion's section), and not taken off the page."""
    if getattr(widget, "disabled", False):
        return _refuse("disabled")
    found = _watches.get(widget)
    if found is not None and sent < found.enabled_at:
        return _refuse("sent while disabled")
    return _shown(widget, 0) or _refuse("hidden")


def sent_at(msg: Any) -> float:
    """When the page sent a message, on the kernel's clock (see ``_page_clock``); now if it has no date."""
    now = time.time()
    header = msg.get("header") if isinstance(msg, dict) else None
    date = header.get("date") if isinstance(header, dict) else None
    try:
        stamp = (date if isinstance(date, datetime) else datetime.fromisoformat(str(date))).timestamp()
    except (TypeError, ValueError, OverflowError, OSError):
        return now
    if not math.isfinite(stamp):
        return now
    _page_clock["offset"] = min(_page_clock["offset"], now - stamp)
    return stamp + _page_clock["offset"]


def _shown(widget: Any, depth: int) -> bool:
    layout = getattr(widget, "layout", None)
    if isinstance(layout, w.Layout) and (layout.display == "none" or layout.visibility == "hidden"):
        return False
    found = _watches.get(widget)
    if found is None or depth > 64:
        return True
    if found.left:
        return False
    parents = list(found.parents)
    return not parents or any(_shown(box, depth + 1) and _open_at(box, widget) for box in parents)


def _open_at(box: Any, child: Any) -> bool:
    """Is the child on view in its box (an accordion or tabs show one child at a time)?"""
    if not isinstance(box, _SelectionContainer):
        return True
    index = box.selected_index
    return index is not None and 0 <= index < len(box.children) and box.children[index] is child


def _refuse(why: str) -> bool:
    refusals[why] += 1
    return False


# ------------------------------------------------------------------ messages from the browser


def _on_msg(widget: Any, msg: Any) -> None:
    """The comm's message handler (it holds the widget as ipywidgets' own handler, a bound method, does)."""
    handle(widget, msg)


def handle(widget: Any, msg: Any) -> None:
    """One comm message from the browser to ``widget``: taken if allowed, else ignored; never raises."""
    try:
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        if not isinstance(data, dict):
            _refuse("malformed")
        elif not _ours(widget):
            _their_rules(widget, msg, data)
        elif data.get("method") == "update":
            _update(widget, data.get("state"), data.get("buffer_paths"), sent_at(msg))
        elif data.get("method") == "custom":
            _custom(widget, data.get("content"), msg.get("buffers") or [], sent_at(msg))
        elif data.get("method") == "request_state":
            _state_request(widget)
        else:
            _refuse("method")
    except Exception:  # noqa: BLE001 - nothing the browser sends may make a traceback
        _refuse("error")


def _ours(widget: Any) -> bool:
    """Does the guard know this widget's rules (one of ipywidgets' own controls)?"""
    return type(widget).__module__.startswith("ipywidgets.") and not isinstance(widget, OWN_RULES)


def _update(widget: Any, state: Any, buffer_paths: Any, sent: float) -> None:
    if not isinstance(state, dict) or buffer_paths:
        _refuse("malformed")
        return
    allowed = _page_keys(widget)
    taken = {name: value for name, value in state.items() if name in allowed and _fits(widget, name, value)}
    if len(taken) < len(state):
        _refuse("value")
    if taken and not live(widget, sent):
        taken = {}
    if taken:
        try:
            widget.set_state(taken)
        except Exception:  # noqa: BLE001 - a value its trait refuses, or a failing observer
            _refuse("error")
            taken = {}
    behind = [name for name in state if name not in taken and name in widget.keys]
    if behind:
        widget.send_state(behind)  # the page's copy back in step with the kernel's


def _page_keys(widget: Any) -> frozenset[str]:
    if isinstance(widget, DISPLAY_ONLY) or not isinstance(widget, (w.ValueWidget, _SelectionContainer)):
        return frozenset()
    return PAGE_KEYS.intersection(widget.keys)


def _fits(widget: Any, name: str, value: Any) -> bool:
    """Is ``value`` one the control offers: of the trait's type, within its range, options or length?"""
    if name == "index":
        count = len(widget._options_labels)
        if isinstance(widget, _MultipleSelection):
            return (
                isinstance(value, list)
                and len(value) <= count
                and all(_int(item) and 0 <= item < count for item in value)
            )
        return (value is None and isinstance(widget, _Selection)) or (_int(value) and 0 <= value < count)
    if name == "selected_index":
        return value is None or (_int(value) and 0 <= value < len(widget.children))
    trait = widget.traits()[name]
    if isinstance(trait, Bool):
        return isinstance(value, bool)
    if isinstance(trait, Unicode):
        return isinstance(value, str) and len(value) <= TEXT_LIMIT
    if isinstance(trait, (Int, Float)):
        return _number(value, integer=isinstance(trait, Int)) and _in_range(widget, value)
    if isinstance(trait, Tuple):  # a range slider's two ends: numbers in its range, in order
        integer = isinstance(widget.min, int)
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(_number(end, integer=integer) and _in_range(widget, end) for end in value)
            and value[0] <= value[1]
        )
    return _small(value, SIZE_LIMIT)


def _int(value: Any) -> bool:
    return type(value) is int and -LARGEST_INT <= value <= LARGEST_INT


def _number(value: Any, *, integer: bool) -> bool:
    if integer:
        return _int(value)
    return (type(value) is float and math.isfinite(value)) or _int(value)


def _in_range(widget: Any, value: int | float) -> bool:
    """Within the control's own ``min`` and ``max`` (the kernel's: the browser cannot change them)."""
    low, high = getattr(widget, "min", None), getattr(widget, "max", None)
    if isinstance(widget, w.FloatLogSlider):
        low, high = widget.base**widget.min, widget.base**widget.max
    return (low is None or value >= low) and (high is None or value <= high)


def _small(value: Any, budget: int) -> bool:
    """Is this JSON value smaller than ``budget`` characters, about? Stops counting once it is not."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (str, bytes, bytearray)):
            budget -= len(item) + 2
        elif isinstance(item, memoryview):
            budget -= item.nbytes
        elif isinstance(item, dict):
            budget -= 2 + 2 * len(item)
            if budget >= 0:
                stack.extend(item)
                stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            budget -= 2 + len(item)
            if budget >= 0:
                stack.extend(item)
        else:
            budget -= 8
        if budget < 0:
            return False
    return True


def _custom(widget: Any, content: Any, buffers: list[Any], sent: float) -> None:
    """A button's click (or a text box's Enter, for those who listen to it), only on a live control."""
    event = content.get("event") if isinstance(content, dict) else None
    if isinstance(widget, w.Button) and event == "click":
        if live(widget, sent):
            widget.click()
    elif isinstance(widget, w.Text) and event == "submit":
        if live(widget, sent):
            widget._handle_custom_msg(content, buffers)
    else:
        _refuse("custom")


def _state_request(widget: Any) -> None:
    """A page asks for a widget's whole state when it draws it; a few times per widget is plenty."""
    found = _watches.get(widget)
    if found is not None:
        found.state_requests += 1
        if found.state_requests > STATE_REQUESTS:
            _refuse("state requests")
            return
    widget.send_state()


def _their_rules(widget: Any, msg: dict[str, Any], data: dict[str, Any]) -> None:
    """A widget whose rules the guard does not know: ipywidgets' own handling, within the size limit and
    without tracebacks (its message handler would send one to the page)."""
    if not _small(data, SIZE_LIMIT) or not _small(msg.get("buffers") or [], SIZE_LIMIT):
        _refuse("size")
        return
    method = data.get("method")
    if method == "update" and isinstance(data.get("state"), dict):
        state = dict(data["state"])
        _put_buffers(state, data.get("buffer_paths") or [], msg.get("buffers") or [])
        widget.set_state(state)
    elif method == "custom" and "content" in data:
        widget._handle_custom_msg(data["content"], msg.get("buffers") or [])
    elif method == "request_state":
        _state_request(widget)
    else:
        _refuse("method")


def _put_buffers(state: dict[str, Any], paths: list[Any], buffers: list[Any]) -> None:
    """Binary parts back into the state at their paths (as ipywidgets does)."""
    for path, buffer in zip(paths, buffers):
        place: Any = state
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = buffer


# ------------------------------------------------------------------ what the browser may open


def _widget_opened(channel: Any, msg: Any) -> None:
    """The browser asks the kernel to make a widget: a few are made (through ipywidgets), then none."""
    opened["widgets"] += 1
    data = msg.get("content", {}).get("data") if isinstance(msg, dict) else None
    if opened["widgets"] > FRONT_END_WIDGETS or not _small(data, SIZE_LIMIT):
        _refuse("widget from the page")
        channel.close()
        return
    try:
        w.Widget.handle_comm_opened(channel, msg)
    except Exception:  # noqa: BLE001 - an unknown or malformed widget is simply not made
        _refuse("error")
        channel.close()


def _control_opened(channel: Any, msg: Any) -> None:
    """The channel a page asks every widget's state through: a few per kernel, a few requests each."""
    opened["control"] += 1
    if opened["control"] > CONTROL_CHANNELS:
        _refuse("control channel")
        channel.close()
        return
    try:
        w.Widget.handle_control_comm_opened(channel, msg)
    except Exception:  # noqa: BLE001 - a wrong protocol version, say
        _refuse("error")
        channel.close()
        return
    requests = Counter[str]()

    def on_msg(message: Any) -> None:
        requests["states"] += 1
        if requests["states"] > STATE_REQUESTS:
            _refuse("state requests")
            return
        try:
            w.Widget._handle_control_comm_msg(message)
        except Exception:  # noqa: BLE001 - an unknown method
            _refuse("error")

    channel.on_msg(on_msg)
