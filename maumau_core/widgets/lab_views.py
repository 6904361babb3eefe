"""The strategy lab's widgets: predict, simulate, read the verdict; and house rules measured.

Simulations are sized to finish in a few seconds on the web page, with a
progress bar; plots are drawn by matplotlib into SVG and shown as HTML, so
they need no extra front-end extension.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from maumau_core.bots import RandomBot

import ipywidgets as w
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend that draws without a screen)
from matplotlib.figure import Figure  # noqa: E402

from maumau_core.lab.experiments import (  # noqa: E402
    EXPERIMENT_DEALS, TIPS, Effects, compare, effects, option_effects, verdict)
from maumau_core.rules import OPTIONS, PRESETS, Option, Rules, preset  # noqa: E402
from maumau_core.lab.strategies import BOTS, TIP_PARTS, built_bot  # noqa: E402
from maumau_core.lab.tournament import Standing, tournament  # noqa: E402
from maumau_core.widgets.common import safely  # noqa: E402
from maumau_core.widgets.views import message_html  # noqa: E402

PREDICTIONS = ["helps", "makes no clear difference", "hurts"]
LAB_PRESETS = [name for name in PRESETS if name != "mao"]


def svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


def win_rate_plot(standings: Sequence[Standing], title: str) -> str:
    """Bars of win rates with their 95 % intervals, as an SVG string."""
    figure, axes = plt.subplots(figsize=(5.5, 2.6))
    names = [s.name for s in standings]
    rates = [s.win_rate * 100 for s in standings]
    low = [r - s.interval[0] * 100 for r, s in zip(rates, standings)]
    high = [s.interval[1] * 100 - r for r, s in zip(rates, standings)]
    axes.bar(names, rates, yerr=[low, high], capsize=8, color=["#2e7d32", "#9e9e9e"][: len(names)])
    axes.set_ylabel("rounds won (%)")
    axes.set_title(title, fontsize=10)
    axes.set_ylim(0, max(s.interval[1] for s in standings) * 100 + 5)
    return svg(figure)


class Runner:
    """A button that runs a simulation: a progress bar while it runs, then its result (or one sentence on
    failure) in an HTML pane. One run at a time: a click while one goes on is ignored (``running``), and the
    button is disabled meanwhile (the guard also ignores clicks the page sent while it was, which the kernel
    only reads once the run is over)."""

    def __init__(self, label: str, icon: str, css: str, action: Callable[[], object]) -> None:
        self.button = w.Button(description=label, button_style="primary", icon=icon).add_class(f"{css}-run")
        self.progress = w.FloatProgress(value=0, min=0, max=1, layout=w.Layout(visibility="hidden"))
        self.result = w.HTML().add_class(f"{css}-result")
        self.running = False
        self.button.on_click(safely(lambda text: setattr(self.result, "value", message_html(text, good=False)))(
            lambda _b: self._run(action)))

    def _run(self, action: Callable[[], object]) -> None:
        if self.running:
            return
        self.running = True
        self.result.value = ""  # the last verdict must not stand beside a run it does not belong to
        self.progress.value = 0
        self.progress.layout.visibility = "visible"
        self.button.disabled = True
        try:
            action()
        finally:
            self.running = False
            self.button.disabled = False
            self.progress.layout.visibility = "hidden"

    def report(self, share: float) -> None:
        self.progress.value = share


class TipLab:
    """Pick a tip, predict, simulate, and read the verdict with its explanation."""

    def __init__(self, *, deals: int = 150) -> None:
        self._deals = w.IntSlider(value=deals, min=50, max=EXPERIMENT_DEALS, step=50, description="Deals",
                                  tooltip="each deal is played four times, once from every seat")
        self._tip = w.Dropdown(options=[(tip.title, key) for key, tip in TIPS.items()], description="Tip")
        self._rules = w.Dropdown(options=LAB_PRESETS, value="classic", description="Rules")
        self._prediction = w.ToggleButtons(options=PREDICTIONS, value=None, description="I think it",
                                           style={"button_width": "auto"})
        self._prediction.add_class("mm-lab-predict")
        self._runner = Runner("Simulate", "play", "mm-lab", self.simulate)
        self._plot = w.HTML().add_class("mm-lab-plot")
        self._verdict = self._runner.result
        self.widget = w.VBox([w.HBox([self._tip, self._rules, self._deals]), self._prediction,
                              w.HBox([self._runner.button, self._runner.progress]),
                              self._plot, self._verdict])

    def simulate(self) -> str:
        self._plot.value = ""
        if self._prediction.value is None:
            self._verdict.value = message_html("First make your prediction: does the tip help?", good=False)
            return ""
        tip = TIPS[self._tip.value]
        with_tip, without = compare(self._tip.value, preset(self._rules.value), deals=self._deals.value,
                                    progress=self._runner.report)
        found = verdict(with_tip, without)
        self._plot.value = win_rate_plot([with_tip, without], f"{tip.title}: against three greedy bots, "
                                                              f"{with_tip.rounds} rounds each")
        agree = self._prediction.value == found
        lead = "Your prediction holds." if agree else "Not what you predicted."
        self._verdict.value = (
            message_html(f"{lead} Following the tip won {with_tip.win_rate:.0%} of rounds "
                         f"({with_tip.interval[0]:.0%}–{with_tip.interval[1]:.0%}); without it "
                         f"{without.win_rate:.0%} ({without.interval[0]:.0%}–{without.interval[1]:.0%}): it "
                         f"{found}.", good=agree)
            + f"<p>{escape(tip.why)}</p>")
        return found


#: The options the explorer offers: every one that can change a round of four greedy bots, who never forget a
#: call, never break a rule and play single rounds (so not the player count, calls and their flagging, penalties
#: for mistakes, Mao's speech, the deal for two, or match scoring). Each is measured at every one of its choices.
LAB_OPTIONS = [name for name in OPTIONS if name not in (
    "min_players", "max_players", "hand_size_two_players", "invalid_play_penalty", "invalid_play_ends_turn",
    "out_of_turn_penalty", "call_one", "call_out", "call_penalty", "call_window", "flagger", "flag_chance",
    "speech", "scoring", "target", "target_must_pass", "rounds", "tiebreak")]


def effects_table(rows: dict[str, Effects]) -> str:
    lines = ["<table class='mm-effects'><tr><th>value</th><th>turns per round</th><th>first player wins</th>"
             "<th>stock ran dry</th><th>cards in a 7 chain</th></tr>"]
    for value, found in rows.items():
        low, high = found.first_player_interval
        lines.append(f"<tr><td>{escape(value)}</td><td>{found.moves:.1f}</td>"
                     f"<td>{found.first_player_wins:.0%} ({low:.0%}–{high:.0%})</td>"
                     f"<td>{found.stock_ran_dry:.0%}</td><td>{found.seven_chain:.2f}</td></tr>")
    return "".join(lines) + "</table>"


def effects_figure(label: str, rows: dict[str, Effects]) -> Figure:
    """Four panels, one bar per value: turns per round, first-player wins (with 95 % intervals), dry stocks,
    7 chains."""
    figure, axes = plt.subplots(1, 4, figsize=(12, 2.6))
    labels = list(rows)
    found = list(rows.values())
    axes[0].bar(labels, [f.moves for f in found], color="#1565c0")
    axes[0].set_title("turns per round", fontsize=10)
    rates = [f.first_player_wins * 100 for f in found]
    errors = [[r - f.first_player_interval[0] * 100 for r, f in zip(rates, found)],
              [f.first_player_interval[1] * 100 - r for r, f in zip(rates, found)]]
    axes[1].bar(labels, rates, yerr=errors, capsize=5, color="#6a1b9a")
    axes[1].set_title("first player wins (%)", fontsize=10)
    axes[2].bar(labels, [f.stock_ran_dry * 100 for f in found], color="#ef6c00")
    axes[2].set_title("stock ran dry (% of rounds)", fontsize=10)
    axes[3].bar(labels, [f.seven_chain for f in found], color="#2e7d32")
    axes[3].set_title("draw cards per chain", fontsize=10)
    for axis in axes:  # a rank option has 14 values: upright labels would run into each other
        axis.tick_params(axis="x", labelrotation=90 if len(labels) > 6 else 0)
    figure.suptitle(label, fontsize=10)
    figure.tight_layout()
    return figure


def plot_option_effects(rules: Rules, option: str, values: Sequence[object], **settings: Any) -> Figure:
    """One call, one plot: what each value of a house-rule option does to the game (same deals for each)."""
    entry = OPTIONS[option]
    return effects_figure(entry.label, by_label(entry, option_effects(rules, option, values, **settings)))


def by_label(option: Option, rows: dict[object, Effects]) -> dict[str, Effects]:
    """Rows keyed by how the registry shows each value ("none", "yes", "8"), for tables and plots."""
    return {option.show(value): found for value, found in rows.items()}


class HouseRuleLab:
    """Pick an option; the same deals are played under each of its values and the game is measured."""

    def __init__(self, *, rounds: int = 150) -> None:
        self.rounds = rounds
        self._rules = w.Dropdown(options=LAB_PRESETS, value="classic", description="Rules")
        self._option = w.Dropdown(options=[(OPTIONS[name].label, name) for name in LAB_OPTIONS],
                                  value="draw_stacking", description="House rule",
                                  style={"description_width": "initial"})
        self._runner = Runner("Measure", "play", "mm-lab-measure", self.measure)
        self._result = self._runner.result
        self.widget = w.VBox([w.HBox([self._rules, self._option]),
                              w.HBox([self._runner.button, self._runner.progress]), self._result])

    def measure(self) -> dict[object, Effects]:
        option = OPTIONS[self._option.value]
        base = preset(self._rules.value)
        rows: dict[object, Effects] = {}
        for number, value in enumerate(option.values):
            def report(share: float, number: int = number) -> None:
                self._runner.report((number + share) / len(option.values))
            rows[value] = effects(base.replace(**{option.name: value}), rounds=self.rounds, progress=report)
        shown = by_label(option, rows)
        current = option.show(getattr(base, option.name))
        self._result.value = (f"<p>{escape(option.label)} in {escape(base.name)} (its own setting: "
                              f"{escape(current)}), {self.rounds} rounds of four greedy bots per value, the "
                              f"same deals each time:</p>" + effects_table(shown)
                              + svg(effects_figure(option.label, shown)))
        return rows


class PolicyBuilder:
    """Build a bot from the tips (in the order ticked) and race it against three greedy bots."""

    def __init__(self, *, deals: int = 150) -> None:
        self.deals = deals
        self._tips = [w.Checkbox(description=TIPS[key].title, value=False, indent=False) for key in TIP_PARTS]
        for box, key in zip(self._tips, TIP_PARTS):
            box.add_class(f"mm-build-{key}")
        self._rules = w.Dropdown(options=LAB_PRESETS, value="classic", description="Rules")
        self._runner = Runner("Race my bot", "flag-checkered", "mm-build", self.race)
        self._result = self._runner.result
        self.widget = w.VBox([w.HTML("Tick the tips your bot should follow, most important first:"),
                              w.VBox(self._tips), w.HBox([self._rules, self._runner.button, self._runner.progress]),
                              self._result])

    def race(self) -> Standing:
        chosen = [key for box, key in zip(self._tips, TIP_PARTS) if box.value]
        bots: dict[str, Callable[[int], RandomBot]] = {**BOTS, "yours": built_bot(chosen)}
        mine, *_ = tournament(["yours", "greedy", "greedy", "greedy"], preset(self._rules.value), deals=self.deals,
                              bots=bots, progress=self._runner.report)
        low, high = mine.interval
        beats = "beats" if low > 0.25 else "does not clearly beat"
        tips = ", ".join(TIPS[key].title.lower() for key in chosen) or "no tip at all (it is the greedy bot)"
        self._result.value = message_html(
            f"Your bot ({tips}) won {mine.win_rate:.0%} of {mine.rounds} rounds ({low:.0%}–{high:.0%}): it {beats} "
            f"the one round in four a greedy player gets at this table.", good=low > 0.25)
        return mine
