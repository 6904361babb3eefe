"""Each learner's server in the classroom hub (found through ``JUPYTER_CONFIG_PATH``, set by the hub).

Voilà runs in it as a Jupyter server extension with the course's template, so the lesson pages look as
they do with ``make run``; JupyterLab opens without its news and update pop-ups, as with ``make lab``.
A lesson's kernel left behind by a closed tab is stopped after ten idle minutes; a kernel whose page or
notebook is still open is never stopped for idleness (the hub's idle culler stops whole servers).
"""

from pathlib import Path

from maumau_core.sentences.server import TEMPLATE_FILTERS

COURSE = Path(__file__).resolve().parents[3]

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

c.VoilaConfiguration.template = "course"  # found in JUPYTER_PATH, which the hub points at the course's
c.VoilaExporter.filters = TEMPLATE_FILTERS  # the template's sentences in the page's language
c.VoilaConfiguration.show_tracebacks = False
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.LabApp.app_settings_dir = str(COURSE / "etc" / "jupyter" / "lab" / "settings")
# No MathJax from a CDN: Voilà's page loads it from one unless both settings are unset (None), as they
# are in ``make run``; the course needs no MathJax and works offline.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}
# A learner needs no terminal (a shell on the class's machine) and no language servers; leaving both out
# also makes each learner's server start with less work when a whole class logs in at once.
c.ServerApp.jpserver_extensions = {"jupyter_lsp": False, "jupyter_server_terminals": False}
c.ServerApp.terminals_enabled = False
