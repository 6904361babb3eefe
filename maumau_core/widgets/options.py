"""A house-rule panel: one control per rule option, built from the option registry.

Labels, tooltips and choices all come from :data:`maumau_core.engine.rules.OPTIONS`,
so an option added there appears here without a change to this module; they are said in the kernel's
language when the panel is built (the choices' values stay as they are).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from maumau_core.engine.options import OPTIONS, Option
from maumau_core.engine.rules import Rules, preset


class OptionPanel:
    """A checkbox per yes/no option and a dropdown for every other, two columns wide.

    ``names`` picks and orders the options (all of them by default). Display it
    with ``panel.widget``.
    """

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.controls = {name: _control(OPTIONS[name]) for name in (OPTIONS if names is None else names)}
        self.widget = w.GridBox(list(self.controls.values()), layout=w.Layout(grid_template_columns="repeat(2, 1fr)"))

    def reset(self, preset_name: str) -> None:
        """Set every control to the preset's value."""
        rules = preset(preset_name)
        for name, control in self.controls.items():
            value = getattr(rules, name)
            control.value = OPTIONS[name].values.index(value) if isinstance(control, w.Dropdown) else value

    def rules(self, preset_name: str) -> Rules:
        """The preset with every option the panel shows set as its control says."""
        return preset(preset_name, **{name: self.value(name) for name in self.controls})

    def value(self, name: str) -> Any:
        """The value the control of option ``name`` shows."""
        control = self.controls[name]
        return OPTIONS[name].values[control.value] if isinstance(control, w.Dropdown) else control.value


def _control(option: Option) -> w.ValueWidget:
    if all(isinstance(value, bool) for value in option.values):
        return w.Checkbox(description=option.local_label, tooltip=option.local_explanation, indent=False)
    # A dropdown's values are the positions of the choices: ipywidgets takes the value None for "nothing
    # chosen", so a choice whose value is None would show as an empty dropdown.
    return w.Dropdown(
        options=[(option.show(value), number) for number, (_label, value) in enumerate(option.choices)],
        description=option.local_label,
        tooltip=option.local_explanation,
        style={"description_width": "initial"},
    )
