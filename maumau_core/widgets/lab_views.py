"""The strategy lab's widgets: predict, simulate, read the verdict; and house rules measured.

Simulations are sized to finish in a few seconds on the web page (the default size is the delivery's,
:attr:`maumau_core.delivery.Delivery.lab_deals`: the static site plays every deal on the round engine in the
learner's browser), with a progress bar; charts are SVG drawn by :mod:`maumau_core.lab.charts`, shown as HTML,
so they need no extra front-end extension and no matplotlib.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from maumau_core import delivery
from maumau_core.engine.bots import RandomBot
from maumau_core.engine.options import OPTIONS, Option
from maumau_core.engine.rules import PRESETS, Rules, preset
from maumau_core.i18n import N_, _, listed, number, percent
from maumau_core.lab.charts import Bar, Chart, bar_chart, chart_group
from maumau_core.lab.experiments import (
    EXPERIMENT_DEALS,
    TIPS,
    Effects,
    compare,
    dealable,
    effects,
    option_effects,
    verdict,
)
from maumau_core.lab.standing import Standing
from maumau_core.lab.strategies import BOTS, TIP_PARTS, built_bot
from maumau_core.lab.tournament import tournament
from maumau_core.widgets.common import safely
from maumau_core.widgets.views import STYLE, message_html

#: What a learner may predict of a tip: the verdict's value (as :func:`~maumau_core.lab.experiments.verdict`
#: says it) and its label on the page (translated where shown), read after "I think it".
PREDICTIONS = {"helps": N_("helps"), "makes no clear difference": N_("makes no clear difference"), "hurts": N_("hurts")}
#: The verdict's sentence for each value: the rates with and without the tip, then what the tip does.
_VERDICTS = {
    "helps": N_(
        "Following the tip won {with_rate} of rounds ({with_low}–{with_high}); without it {without_rate} "
        "({without_low}–{without_high}): it helps."
    ),
    "makes no clear difference": N_(
        "Following the tip won {with_rate} of rounds ({with_low}–{with_high}); without "
        "it {without_rate} ({without_low}–{without_high}): it makes no clear difference."
    ),
    "hurts": N_(
        "Following the tip won {with_rate} of rounds ({with_low}–{with_high}); without it {without_rate} "
        "({without_low}–{without_high}): it hurts."
    ),
}
LAB_PRESETS = [name for name in PRESETS if name != "mao"]


def win_rate_plot(standings: Sequence[Standing], title: str, labels: Sequence[str] | None = None) -> str:
    """Bars of win rates with their 95 % intervals, as an SVG string (the first bar green: the tip's bot), each
    named by ``labels`` (words of the page's language) or else by its bot's name."""
    names = labels or [s.name for s in standings]
    bars = [
        Bar(name, s.win_rate * 100, (s.interval[0] * 100, s.interval[1] * 100), colour)
        for s, name, colour in zip(standings, names, ["#2e7d32", *["#757575"] * (len(standings) - 1)])
    ]
    return bar_chart(bars, title=title, axis=_("rounds won (%)"), show=_percent_of_hundred)


def _percent_of_hundred(value: float) -> str:
    """A value on a 0–100 axis written as the language writes a percentage."""
    return percent(value / 100)


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
        self.button.on_click(
            safely(lambda text: setattr(self.result, "value", message_html(text, good=False)))(
                lambda _b: self._run(action)
            )
        )

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
        """Move the bar, by whole percents only: every move is a message to the browser, and a run reports
        thousands of rounds (on the static site each message costs the learner's browser too)."""
        if abs(share - self.progress.value) >= 0.01:
            self.progress.value = share


class TipLab:
    """Pick a tip, predict, simulate, and read the verdict with its explanation."""

    def __init__(self, *, deals: int | None = None) -> None:
        """``deals``: the slider's first value (default: the delivery's, ``delivery.current().lab_deals``)."""
        self._deals = w.IntSlider(
            value=delivery.current().lab_deals if deals is None else deals,
            min=50,
            max=EXPERIMENT_DEALS,
            step=50,
            description=_("Deals"),
            tooltip=_("each deal is played four times, once from every seat"),
        )
        self._tip = w.Dropdown(options=[(tip.local_title, key) for key, tip in TIPS.items()], description=_("Tip"))
        self._rules = w.Dropdown(options=LAB_PRESETS, value="classic", description=_("Rules"))
        self._prediction = w.ToggleButtons(
            options=[(_(label), value) for value, label in PREDICTIONS.items()],
            value=None,
            # Translators: the prediction buttons read after it: "I think it" helps / makes no clear difference / hurts.
            description=_("I think it"),
            style={"button_width": "auto"},
        )
        self._prediction.add_class("mm-lab-predict")
        self._runner = Runner(_("Simulate"), "play", "mm-lab", self.simulate)
        self._plot = w.HTML().add_class("mm-lab-plot")
        self._verdict = self._runner.result
        self.widget = w.VBox(
            [
                w.HBox([self._tip, self._rules, self._deals]),
                self._prediction,
                w.HBox([self._runner.button, self._runner.progress]),
                self._plot,
                self._verdict,
            ]
        )

    def simulate(self) -> str:
        self._plot.value = ""
        if self._prediction.value is None:
            self._verdict.value = message_html(_("First make your prediction: does the tip help?"), good=False)
            return ""
        tip = TIPS[self._tip.value]
        with_tip, without = compare(
            self._tip.value, preset(self._rules.value), deals=self._deals.value, progress=self._runner.report
        )
        found = verdict(with_tip, without)
        # Translators: the title of the lab's plot; {tip} is the tip's title.
        title = _("{tip}: against three greedy bots, {rounds} rounds each").format(
            tip=tip.local_title, rounds=with_tip.rounds
        )
        # Translators: the two bars of the tip lab's chart: the bot that follows the tip, and the one that does not.
        self._plot.value = win_rate_plot([with_tip, without], title, [_("following the tip"), _("without the tip")])
        agree = self._prediction.value == found
        lead = _("Your prediction holds.") if agree else _("Not what you predicted.")
        rates = _(_VERDICTS[found]).format(
            with_rate=percent(with_tip.win_rate),
            with_low=percent(with_tip.interval[0]),
            with_high=percent(with_tip.interval[1]),
            without_rate=percent(without.win_rate),
            without_low=percent(without.interval[0]),
            without_high=percent(without.interval[1]),
        )
        self._verdict.value = message_html(f"{lead} {rates}", good=agree) + f"<p>{escape(tip.local_why)}</p>"
        return found


#: The options the explorer offers: every one that can change a round of four greedy bots, who never forget a
#: call, never break a rule and play single rounds (so not the player count, calls and their flagging, penalties
#: for mistakes, Mao's speech, the deal for two, or match scoring). Each is measured at every one of its choices.
LAB_OPTIONS = [
    name
    for name in OPTIONS
    if name
    not in (
        "min_players",
        "max_players",
        "hand_size_two_players",
        "invalid_play_penalty",
        "invalid_play_ends_turn",
        "out_of_turn_penalty",
        "call_one",
        "call_out",
        "call_penalty",
        "call_window",
        "flagger",
        "flag_chance",
        "speech",
        "scoring",
        "target",
        "target_must_pass",
        "rounds",
        "tiebreak",
    )
]


def effects_table(rows: dict[str, Effects]) -> str:
    """One row per value of the house rule, its figures under their headings, spaced and right-aligned as
    the score sheet's are (``mm-sheet``), the values' column to the left."""
    # Translators: the column headings of the house-rule lab's table, one row per value of the rule.
    heads = (_("value"), _("turns per round"), _("first player wins"), _("stock ran dry"), _("cards in a 7 chain"))
    lines = [
        f"{STYLE}<table class='mm-sheet mm-effects'><tr>"
        + "".join(f"<th>{escape(head)}</th>" for head in heads)
        + "</tr>"
    ]
    for value, found in rows.items():
        low, high = found.first_player_interval
        lines.append(
            f"<tr><td>{escape(value)}</td><td>{escape(number(round(found.moves, 1)))}</td>"
            f"<td>{escape(percent(found.first_player_wins))} ({escape(percent(low))}–{escape(percent(high))})"
            f"</td><td>{escape(percent(found.stock_ran_dry))}</td>"
            f"<td>{escape(number(round(found.seven_chain, 2)))}</td></tr>"
        )
    return "".join(lines) + "</table>"


def effects_chart(label: str, rows: dict[str, Effects]) -> Chart:
    """Four charts, one bar per value of the house rule ``label``: turns per round, first-player wins (with
    95 % intervals), dry stocks, 7 chains."""

    def panel(
        title: str,
        colour: str,
        value: Callable[[Effects], float],
        show: Callable[[float], str],
        interval: Callable[[Effects], tuple[float, float]] | None = None,
    ) -> str:
        bars = [
            Bar(shown, value(found), interval(found) if interval else None, colour) for shown, found in rows.items()
        ]
        return bar_chart(bars, title=title, x_axis=label, show=show, width=300, height=240)

    return chart_group(
        label,
        [
            panel(_("turns per round"), "#1565c0", lambda f: f.moves, lambda v: number(round(v, 1))),
            panel(
                _("first player wins (%)"),
                "#6a1b9a",
                lambda f: f.first_player_wins * 100,
                _percent_of_hundred,
                lambda f: (f.first_player_interval[0] * 100, f.first_player_interval[1] * 100),
            ),
            panel(_("stock ran dry (% of rounds)"), "#e65100", lambda f: f.stock_ran_dry * 100, _percent_of_hundred),
            panel(_("draw cards per chain"), "#2e7d32", lambda f: f.seven_chain, lambda v: number(round(v, 2))),
        ],
    )


def plot_option_effects(rules: Rules, option: str, values: Sequence[object], **settings: Any) -> Chart:
    """One call, one chart: what each value of a house-rule option does to the game (same deals for each);
    a notebook cell shows it."""
    entry = OPTIONS[option]
    return effects_chart(entry.local_label, by_label(entry, option_effects(rules, option, values, **settings)))


def by_label(option: Option, rows: dict[object, Effects]) -> dict[str, Effects]:
    """Rows keyed by how the registry shows each value ("none", "yes", "8"), for tables and plots."""
    return {option.show(value): found for value, found in rows.items()}


class HouseRuleLab:
    """Pick an option; the same deals are played under each of its values and the game is measured."""

    def __init__(self, *, rounds: int | None = None) -> None:
        """``rounds`` per value of the option (default: the delivery's, ``delivery.current().lab_deals``)."""
        self.rounds = delivery.current().lab_deals if rounds is None else rounds
        self._rules = w.Dropdown(options=LAB_PRESETS, value="classic", description=_("Rules"))
        self._option = w.Dropdown(
            options=[(OPTIONS[name].local_label, name) for name in LAB_OPTIONS],
            value="draw_stacking",
            description=_("House rule"),
            style={"description_width": "initial"},
        )
        self._runner = Runner(_("Measure"), "play", "mm-lab-measure", self.measure)
        self._result = self._runner.result
        self.widget = w.VBox(
            [w.HBox([self._rules, self._option]), w.HBox([self._runner.button, self._runner.progress]), self._result]
        )

    def measure(self) -> dict[object, Effects]:
        option = OPTIONS[self._option.value]
        base = preset(self._rules.value)
        rows: dict[object, Effects] = {}
        values = dealable(base, option.name, option.values)
        for index, value in enumerate(values):

            def report(share: float, index: int = index) -> None:
                self._runner.report((index + share) / len(values))

            rows[value] = effects(base.replace(**{option.name: value}), rounds=self.rounds, progress=report)
        shown = by_label(option, rows)
        current = option.show(getattr(base, option.name))
        # Translators: above the house-rule lab's table; {option} is a house rule, {rules} a rule set's name,
        # {setting} the rule set's own value of the house rule.
        about = _(
            "{option} in {rules} (its own setting: {setting}), {rounds} rounds of four greedy bots per value, "
            "the same deals each time:"
        ).format(option=option.local_label, rules=base.name, setting=current, rounds=self.rounds)
        left_out = [option.show(value) for value in option.values if value not in values]
        # Translators: under the house-rule lab's table; {values} lists values of the house rule, {rules} is a
        # rule set's name.
        note = _("{rules} cannot deal to four players with {values}, so those are left out.")
        note_html = f"<p>{escape(note.format(rules=base.name, values=listed(left_out)))}</p>" if left_out else ""
        self._result.value = (
            f"<p>{escape(about)}</p>" + effects_table(shown) + note_html + effects_chart(option.local_label, shown).html
        )
        return rows


class PolicyBuilder:
    """Build a bot from the tips (in the order ticked) and race it against three greedy bots."""

    def __init__(self, *, deals: int | None = None) -> None:
        """``deals`` per race (default: the delivery's, ``delivery.current().lab_deals``)."""
        self.deals = delivery.current().lab_deals if deals is None else deals
        self._tips = [w.Checkbox(description=TIPS[key].local_title, value=False, indent=False) for key in TIP_PARTS]
        for box, key in zip(self._tips, TIP_PARTS):
            box.add_class(f"mm-build-{key}")
        self._rules = w.Dropdown(options=LAB_PRESETS, value="classic", description=_("Rules"))
        self._runner = Runner(_("Race my bot"), "flag-checkered", "mm-build", self.race)
        self._result = self._runner.result
        self.widget = w.VBox(
            [
                w.HTML(escape(_("Tick the tips your bot should follow, most important first:"))),
                w.VBox(self._tips),
                w.HBox([self._rules, self._runner.button, self._runner.progress]),
                self._result,
            ]
        )

    def race(self) -> Standing:
        chosen = [key for box, key in zip(self._tips, TIP_PARTS) if box.value]
        bots: dict[str, Callable[[int], RandomBot]] = {**BOTS, "yours": built_bot(chosen)}
        mine, *_others = tournament(
            ["yours", "greedy", "greedy", "greedy"],
            preset(self._rules.value),
            deals=self.deals,
            bots=bots,
            progress=self._runner.report,
        )
        low, high = mine.interval
        # Translators: {tip} is a tip's title, quoted in a list of the tips a learner's bot follows.
        tips = listed([_("“{tip}”").format(tip=TIPS[key].local_title) for key in chosen]) or _(
            "no tip at all (it is the greedy bot)"
        )
        if low > 0.25:
            # Translators: {tips} lists the tips the learner's bot follows; the rates are percentages.
            sentence = _(
                "Your bot ({tips}) won {rate} of {rounds} rounds ({low}–{high}): it beats the one round in "
                "four a greedy player gets at this table."
            )
        else:
            sentence = _(
                "Your bot ({tips}) won {rate} of {rounds} rounds ({low}–{high}): it does not clearly beat "
                "the one round in four a greedy player gets at this table."
            )
        self._result.value = message_html(
            sentence.format(
                tips=tips, rate=percent(mine.win_rate), rounds=mine.rounds, low=percent(low), high=percent(high)
            ),
            good=low > 0.25,
        )
        return mine
