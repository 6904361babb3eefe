"""The lab's charts, drawn by the library as SVG: bars as tall as their values, intervals where they were
measured, every label escaped, and the numbers said to a screen reader; the lab's pages show them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from maumau_core import i18n, preset
from maumau_core.lab.charts import Bar, Chart, bar_chart, chart_group
from maumau_core.lab.standing import Standing
from maumau_core.widgets.lab_views import HouseRuleLab, TipLab, plot_option_effects, win_rate_plot

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    """The chart as XML: a chart that does not parse (an unescaped label) fails here."""
    return ET.fromstring(svg)


def of_class(root: ET.Element, kind: str) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("class") == kind]


def texts(root: ET.Element, kind: str) -> list[str]:
    return [element.text or "" for element in of_class(root, kind)]


def test_bars_are_as_tall_as_their_values_and_stand_on_one_baseline() -> None:
    values = [12.0, 30.0, 4.5, 0.0]
    root = parsed(bar_chart([Bar(str(v), v) for v in values], title="t"))
    bars = of_class(root, "mm-bar")
    heights = [float(bar.get("height", "")) for bar in bars]
    scale = heights[1] / 30.0
    assert scale > 0 and heights == pytest.approx([v * scale for v in values], abs=0.11)
    assert len({round(float(bar.get("y", "")) + float(bar.get("height", "")), 1) for bar in bars}) == 1
    xs = [float(bar.get("x", "")) for bar in bars]
    assert xs == sorted(xs)  # in the order given


def test_an_interval_is_drawn_from_its_low_to_its_high_end() -> None:
    root = parsed(bar_chart([Bar("a", 40.0, (30.0, 50.0)), Bar("b", 20.0)], title="t"))
    bar = of_class(root, "mm-bar")[0]
    base, per_unit = float(bar.get("y", "")) + float(bar.get("height", "")), float(bar.get("height", "")) / 40.0
    (whisker,) = of_class(root, "mm-whisker")  # the bar without an interval has none
    start, end = whisker.get("d", "").split("M")[1].split("V")
    low, high = float(start.split()[1]), float(end)
    assert low == pytest.approx(base - 30.0 * per_unit, abs=0.11) and high == pytest.approx(
        base - 50.0 * per_unit, abs=0.11
    )
    centre = float(bar.get("x", "")) + float(bar.get("width", "")) / 2
    assert float(start.split()[0]) == pytest.approx(centre, abs=0.11)


def test_the_scale_holds_the_highest_interval_and_labels_every_value() -> None:
    root = parsed(bar_chart([Bar("a", 40.0, (30.0, 71.0))], title="t", show=lambda v: f"{v:.0f} points"))
    ticks = [float(text) for text in texts(root, "mm-tick")]
    assert ticks[0] == 0 and ticks[-1] >= 71 and len(ticks) <= 7
    assert texts(root, "mm-value") == ["40 points"]
    assert min(float(line.get("y1", "")) for line in root.iter(f"{SVG}line")) > 0  # the top tick is in the picture


def test_labels_and_titles_are_text_never_markup() -> None:
    evil = '<script>alert("x")</script> & "quotes"'
    svg = bar_chart([Bar(evil, 1.0, (0.5, 1.5), colour='red"/><script>')], title=evil, axis=evil, x_axis=evil)
    assert "<script>" not in svg
    root = parsed(svg)
    assert texts(root, "mm-label") == [evil] and evil in texts(root, "mm-axis")
    assert evil in " ".join(texts(root, "mm-chart-title")) and evil in (root.get("aria-label") or "")
    group = chart_group(evil, [svg])
    assert "<script>" not in group.html and group._repr_html_() == group.html


def test_a_screen_reader_hears_the_title_and_every_number() -> None:
    root = parsed(bar_chart([Bar("with", 27.0, (24.0, 30.0)), Bar("without", 21.0)], title="Tip", axis="won"))
    said = root.get("aria-label")
    assert root.get("role") == "img" and root.find(f"{SVG}title") is not None
    assert root.find(f"{SVG}title").text == said  # type: ignore[union-attr]
    assert said == "Tip. won: with 27 (95 % interval 24 to 30) and without 21."


def test_many_or_long_labels_are_turned_upright_so_none_overlaps() -> None:
    few = parsed(bar_chart([Bar("yes", 1.0), Bar("no", 2.0)], title="t"))
    many = parsed(bar_chart([Bar(f"value {n}", 1.0) for n in range(14)], title="t", width=300))
    assert not any("rotate" in label.get("transform", "") for label in of_class(few, "mm-label"))
    assert all("rotate(-90" in label.get("transform", "") for label in of_class(many, "mm-label"))


def test_a_long_title_is_wrapped_to_the_chart_s_width() -> None:
    title = "Keep a jack in reserve: against three greedy bots, 600 rounds each, and then some more words"
    lines = texts(parsed(bar_chart([Bar("a", 1.0)], title=title, width=300)), "mm-chart-title")
    assert len(lines) > 1 and " ".join(lines) == title


def test_the_tip_chart_shows_both_rates_with_their_intervals_as_percentages() -> None:
    with_tip, without = Standing("keep-a-jack", 400, 120, 0, 0), Standing("greedy", 400, 80, 0, 0)
    root = parsed(win_rate_plot([with_tip, without], "Keep a jack"))
    assert texts(root, "mm-value") == ["30%", "20%"] and len(of_class(root, "mm-whisker")) == 2
    assert "rounds won (%)" in texts(root, "mm-axis")
    low, high = with_tip.interval
    assert f"keep-a-jack 30% (95 % interval {round(low * 100)}% to {round(high * 100)}%)" in (
        root.get("aria-label") or ""
    )


def test_the_value_labels_follow_the_kernel_s_language() -> None:
    i18n.use("fr")
    try:
        root = parsed(win_rate_plot([Standing("a", 100, 25, 0, 0)], "t"))
    finally:
        i18n.use("en")
    assert texts(root, "mm-value") == ["25\N{NO-BREAK SPACE}%"]


def test_one_call_gives_a_chart_a_notebook_shows_four_panels_of_a_house_rule() -> None:
    chart = plot_option_effects(preset("simple32"), "ace", ["none", "skip"], rounds=20, show_progress=False)
    assert isinstance(chart, Chart) and chart._repr_html_().startswith("<figure")
    pieces = [panel[panel.index("<svg") :] for panel in chart.html.split("</svg>")[:-1]]
    panels = [parsed(piece + "</svg>") for piece in pieces]
    assert [" ".join(texts(panel, "mm-chart-title")) for panel in panels] == [
        "turns per round",
        "first player wins (%)",
        "stock ran dry (% of rounds)",
        "draw cards per chain",
    ]
    assert all(texts(panel, "mm-label") == ["none", "skip"] for panel in panels)
    assert len(of_class(panels[1], "mm-whisker")) == 2 and not of_class(panels[0], "mm-whisker")


def test_the_lab_pages_draw_their_charts_without_matplotlib() -> None:
    lab = TipLab(deals=50)
    lab._prediction.value = "helps"
    lab.simulate()
    assert parsed(lab._plot.value).get("role") == "img"
    house = HouseRuleLab(rounds=20)
    house.measure()
    assert house._result.value.count('role="img"') == 4 and "matplotlib" not in house._result.value
