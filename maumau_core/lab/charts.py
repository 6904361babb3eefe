"""Bar charts with 95 % intervals, written as SVG by the library itself.

The strategy lab draws its results here on every delivery: the static site's Pyodide cannot fetch matplotlib
(nor numpy), and one drawing for both deliveries means one truth to test. A chart is a few rectangles, lines
and labels, so it is a string of SVG the page shows as it is (no front-end extension, no image file).

Every chart is an image for a screen reader (``role="img"``) whose name (``aria-label`` and ``<title>``, which a
mouse also shows as a tooltip) says the title and every bar's value and interval, in the kernel's language:
the numbers are heard, not only seen. Labels are escaped, so a label is always text, never markup.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from maumau_core.i18n import N_, _, listed, number

#: What a screen reader hears of a chart: its title, what the bars measure, then each bar.
# Translators: a chart's spoken summary; {title} is its title, {axis} what its bars measure, {bars} the
# list of its bars (each read as below).
SUMMARY = N_("{title}. {axis}: {bars}.")
# Translators: the spoken summary of a chart without an axis label.
SUMMARY_UNLABELLED = N_("{title}: {bars}.")
# Translators: one bar of a chart as a screen reader says it; {low} and {high} end its 95 % interval.
BAR_WITH_INTERVAL = N_("{label} {value} (95 % interval {low} to {high})")
# Translators: one bar of a chart without an interval, as a screen reader says it.
BAR = N_("{label} {value}")

#: Roughly how wide a character of the charts' sans-serif type is, per pixel of its size (a little generous,
#: so an estimate errs toward turning a label or wrapping a title rather than overlapping).
_CHAR_WIDTH = 0.6
_TEXT = "#212121"
_GRID = "#e0e0e0"


@dataclass(frozen=True)
class Bar:
    """One bar: its label under the axis, its value (not negative) and, if measured, its 95 % interval, in
    the chart's unit."""

    label: str
    value: float
    interval: tuple[float, float] | None = None
    colour: str = "#1565c0"


@dataclass(frozen=True)
class Chart:
    """One or more charts as HTML: ``html`` goes into a widget's HTML pane, and a notebook cell whose value is
    a chart shows it (``_repr_html_``)."""

    html: str

    def _repr_html_(self) -> str:
        return self.html


def bar_chart(
    bars: Sequence[Bar],
    *,
    title: str,
    axis: str = "",
    x_axis: str = "",
    show: Callable[[float], str] = number,
    width: int = 560,
    height: int = 260,
) -> str:
    """A bar chart as an SVG string: ``axis`` labels the value axis, ``x_axis`` the bars' axis, ``show``
    writes a value (on its bar and in the spoken summary; the grid's ticks are plain numbers)."""
    title_lines = _wrapped(title, width - 16, 13)
    left, right = (48 if axis else 36), width - 10
    slot = (right - left) / max(len(bars), 1)
    # Labels wider than their bar's slot are turned upright (a rank option has 14 values), so none overlaps.
    shown = [show(bar.value) for bar in bars]
    rotate = any(_text_width(bar.label, 11) > 0.95 * slot for bar in bars)
    rotate_values = any(_text_width(text, 11) > 0.95 * slot for text in shown)
    label_room = min(max((_text_width(bar.label, 11) for bar in bars), default=0), 90) if rotate else 11
    value_room = max((_text_width(text, 11) for text in shown), default=0) if rotate_values else 11
    top = 12 + 17 * len(title_lines) + 3 + value_room  # room for the title, then for the tallest bar's value
    bottom = height - (10 + label_room + (18 if x_axis else 0))
    peak = max((max(bar.value, bar.interval[1] if bar.interval else 0.0) for bar in bars), default=0.0)
    step = _tick_step(peak)
    ceiling = step * max(math.ceil(peak / step - 1e-9), 1)

    def y(value: float) -> float:
        return bottom - (bottom - top) * value / ceiling

    spoken = _summary(bars, title, axis, show)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(spoken)}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" class="mm-chart" style="max-width: 100%; height: auto" '
        f'font-family="sans-serif" fill="{_TEXT}"><title>{escape(spoken)}</title>'
    ]
    for line, text in enumerate(title_lines):
        parts.append(
            f'<text x="{width / 2:.1f}" y="{14 + 17 * line}" text-anchor="middle" font-size="13" '
            f'font-weight="bold" class="mm-chart-title">{escape(text)}</text>'
        )
    for tick in range(0, round(ceiling / step) + 1):
        at = y(tick * step)
        parts.append(
            f'<line x1="{left}" y1="{at:.1f}" x2="{right}" y2="{at:.1f}" stroke="{_GRID}"/>'
            f'<text x="{left - 4}" y="{at + 4:.1f}" text-anchor="end" font-size="10" class="mm-tick">'
            f"{escape(number(round(tick * step, 6)))}</text>"
        )
    if axis:
        middle = (top + bottom) / 2
        parts.append(
            f'<text x="12" y="{middle:.1f}" transform="rotate(-90 12 {middle:.1f})" text-anchor="middle" '
            f'font-size="11" class="mm-axis">{escape(axis)}</text>'
        )
    bar_width = min(slot * 0.6, 80)
    for index, (bar, text) in enumerate(zip(bars, shown)):
        centre = left + slot * (index + 0.5)
        parts.append(
            f'<rect x="{centre - bar_width / 2:.1f}" y="{y(bar.value):.1f}" width="{bar_width:.1f}" '
            f'height="{bottom - y(bar.value):.1f}" fill="{escape(bar.colour)}" class="mm-bar"/>'
        )
        above = bar.value
        if bar.interval is not None:
            low, high = y(bar.interval[0]), y(bar.interval[1])
            cap = min(bar_width / 3, 12)
            whisker = (
                f"M{centre:.1f} {low:.1f}V{high:.1f}M{centre - cap:.1f} {low:.1f}H{centre + cap:.1f}"
                f"M{centre - cap:.1f} {high:.1f}H{centre + cap:.1f}"
            )
            # A white halo under the dark whisker: it shows on a dark bar as well as on the white ground.
            parts.append(
                f'<path d="{whisker}" stroke="#ffffff" stroke-width="3" fill="none"/>'
                f'<path d="{whisker}" stroke="{_TEXT}" stroke-width="1.5" fill="none" class="mm-whisker"/>'
            )
            above = max(above, bar.interval[1])
        turned = f' transform="rotate(-90 {centre + 4:.1f} {y(above) - 4:.1f})"' if rotate_values else ""
        parts.append(
            f'<text x="{centre + (4 if rotate_values else 0):.1f}" y="{y(above) - 4:.1f}"{turned} '
            f'text-anchor="{"start" if rotate_values else "middle"}" font-size="11" class="mm-value">'
            f"{escape(text)}</text>"
        )
        if rotate:
            parts.append(
                f'<text x="{centre + 4:.1f}" y="{bottom + 6}" transform="rotate(-90 {centre + 4:.1f} {bottom + 6})" '
                f'text-anchor="end" font-size="11" class="mm-label">{escape(bar.label)}</text>'
            )
        else:
            parts.append(
                f'<text x="{centre:.1f}" y="{bottom + 15}" text-anchor="middle" font-size="11" '
                f'class="mm-label">{escape(bar.label)}</text>'
            )
    parts.append(f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="{_TEXT}"/>')
    if x_axis:
        parts.append(
            f'<text x="{(left + right) / 2:.1f}" y="{height - 6}" text-anchor="middle" font-size="11" '
            f'class="mm-axis">{escape(x_axis)}</text>'
        )
    return "".join(parts) + "</svg>"


def chart_group(caption: str, charts: Sequence[str]) -> Chart:
    """Several charts side by side under one caption (they wrap onto the next line on a narrow page)."""
    return Chart(
        f'<figure class="mm-charts" style="margin: 0"><figcaption style="font: bold 14px sans-serif">'
        f"{escape(caption)}</figcaption>"
        f'<div style="display: flex; flex-wrap: wrap; gap: 8px">{"".join(charts)}</div></figure>'
    )


def _summary(bars: Sequence[Bar], title: str, axis: str, show: Callable[[float], str]) -> str:
    spoken = [
        _(BAR_WITH_INTERVAL).format(
            label=bar.label, value=show(bar.value), low=show(bar.interval[0]), high=show(bar.interval[1])
        )
        if bar.interval is not None
        else _(BAR).format(label=bar.label, value=show(bar.value))
        for bar in bars
    ]
    if axis:
        return _(SUMMARY).format(title=title, axis=axis, bars=listed(spoken))
    return _(SUMMARY_UNLABELLED).format(title=title, bars=listed(spoken))


def _tick_step(peak: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) that divides 0 … ``peak`` into at most five parts."""
    if peak <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(peak / 5))
    for factor in (1, 2, 5, 10):
        if peak / (factor * power) <= 5:
            return factor * power
    return 10 * power


def _text_width(text: str, size: float) -> float:
    return len(text) * size * _CHAR_WIDTH


def _wrapped(text: str, room: float, size: float) -> list[str]:
    """``text`` cut into lines at spaces, each about as wide as ``room`` (SVG text does not wrap itself)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]
