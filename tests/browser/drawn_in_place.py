"""Another page of the static site drawn inside one page already open, by that page's own Python and widget
manager, as a visit of it would draw it: for axe-core on every page of every language within ``make test``'s
ten minutes (a visit of its own costs ~7.5 core-seconds, Pyodide and Voici's app starting; drawn in place a
page costs ~1 s).

What a visit of page P would show, and how it is made here:

- P's text (its markdown cells, as the build rendered them) and its page title and language: read from P's own
  HTML on the site, put in place of the open page's cells.
- P's widgets: P's notebook, read from the site's drive, is run cell by cell as a notebook runs it (each cell's
  last expression displayed), in a namespace of its own, and each cell's widgets are drawn in P's cell in the
  wrappers Voici gives an output.

The page around the cells (Voici's shell) is the same on every page of a language but for its title and
language, which are P's. ``test_static_site.py`` holds a page drawn in place to its own visit: the same
widgets, the same axe findings of every impact.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

#: Defines ``_mm_draw(name)`` in the page's kernel: P's notebook ``name`` (as the drive holds it) run as a
#: notebook runs it, each cell's output captured; it prints, as JSON, each code cell's outputs (the text it
#: printed, first, then its widgets by model id), and the first thing that went wrong (an exception, text
#: printed to stderr, or a display that is not a widget: no lesson shows another). The widgets of the pages
#: drawn before are left open, views gone with their cells: the library shares some (a card's layout) between
#: tables, as within a page, and closing them would break the next page's.
DRAWER = r"""
import ast, json, pathlib, traceback
from IPython.display import display
from IPython.utils.capture import capture_output
from maumau_core import i18n

_MM_WIDGET = "application/vnd.jupyter.widget-view+json"

def _mm_run_cell(source, name, scope):
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), scope)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), name, "eval"), scope)
        if value is not None:
            display(value)

def _mm_draw(name):
    outputs, wrong, scope = {}, None, {"__name__": "__main__"}
    try:
        for cell in json.loads(pathlib.Path("/drive", name).read_text())["cells"]:
            if cell["cell_type"] != "code" or wrong:
                continue
            with capture_output() as seen:
                try:
                    _mm_run_cell("".join(cell["source"]), name, scope)
                except Exception:
                    wrong = traceback.format_exc(limit=3)
            others = [sorted(shown.data) for shown in seen.outputs if _MM_WIDGET not in shown.data]
            if not wrong and seen.stderr:
                wrong = f"printed as an error: {seen.stderr!r}"
            if not wrong and others:
                wrong = f"showed {others}"
            outputs[cell["id"]] = [{"stdout": seen.stdout}] if seen.stdout else []
            widgets = [shown.data[_MM_WIDGET]["model_id"] for shown in seen.outputs if _MM_WIDGET in shown.data]
            outputs[cell["id"]] += [{"widget": model_id} for model_id in widgets]
    except Exception:
        wrong = traceback.format_exc(limit=3)
    finally:
        i18n.use(i18n.DEFAULT)
    print(json.dumps({"outputs": outputs, "wrong": wrong}))
"""

#: P's cells from its HTML (at the address given) in place of the open page's, its title and language taken
#: too, and each code cell's outputs drawn into it as Voici draws them.
PLACE = r"""async ([address, outputs]) => {
  const manager = await window.jupyterapp.widgetManagerPromise.promise;
  const other = new DOMParser().parseFromString(await (await fetch(address)).text(), 'text/html');
  other.querySelectorAll('#rendered_cells script').forEach(script => script.remove());
  document.getElementById('rendered_cells').replaceChildren(...other.getElementById('rendered_cells').childNodes);
  document.documentElement.lang = other.documentElement.lang;
  document.title = other.title;
  const box = (...names) => Object.assign(document.createElement('div'), {className: names.join(' ')});
  for (const [id, shown] of Object.entries(outputs)) {
    if (!shown.length) { continue; }
    const cell = document.getElementById('cell-id=' + id);
    cell.classList.remove('jp-mod-noOutputs', 'jp-mod-noInput');
    const wrapper = box('jp-Cell-outputWrapper'), area = box('jp-OutputArea', 'jp-Cell-outputArea');
    wrapper.append(box('jp-Collapser', 'jp-OutputCollapser', 'jp-Cell-outputCollapser'), area);
    cell.append(wrapper);
    for (const {stdout, widget} of shown) {
      const child = box('jp-OutputArea-child'), output = box('jp-OutputArea-output');
      child.append(output);
      area.append(child);
      if (stdout !== undefined) {
        output.classList.add('jp-RenderedText', 'jp-mod-trusted');
        output.dataset.mimeType = 'application/vnd.jupyter.stdout';
        output.append(Object.assign(document.createElement('pre'), {textContent: stdout}));
      } else {
        child.classList.add('jp-OutputArea-executeResult');
        const view = await manager.create_view(await manager.get_model(widget));
        view.luminoWidget.constructor.attach(view.luminoWidget, output);
      }
    }
  }
}"""


def run_in_kernel(page: Page, code: str) -> str:
    """What ``code`` prints (or the error it raises), run in the page's own kernel (in the browser's Pyodide)."""
    return page.evaluate(
        """async code => {
          const manager = await window.jupyterapp.widgetManagerPromise.promise;
          let out = '';
          const future = manager.kernel.requestExecute({code, store_history: false});
          future.onIOPub = msg => {
            if (msg.header.msg_type === 'stream') { out += msg.content.text; }
            if (msg.header.msg_type === 'error') { out += `${msg.content.ename}: ${msg.content.evalue}`; }
          };
          await future.done;
          return out;
        }""",
        code,
    )


def draw_in_place(page: Page, site_url: str, name: str) -> dict[str, Any]:
    """Page ``name`` (``fr/07_first_round``) drawn in the open ``page``: ``wrong`` (what went wrong running it, or
    None) and ``outputs`` (each code cell's). The page's kernel must have been given ``DRAWER`` once."""
    ran = json.loads(run_in_kernel(page, f"_mm_draw({name + '.ipynb'!r})"))
    page.evaluate(PLACE, [f"{site_url}/voici/render/{name}.html", ran["outputs"]])
    return ran
