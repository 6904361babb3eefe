"""The course as a static website: every page runs in the learner's own browser (Pyodide through Voici).

``maumau-course site OUT`` (:func:`maumau_core.site.build.build`) builds it from the same lesson pages, library
and catalogues the served course uses; what differs at run time is :mod:`maumau_core.delivery`. The parts the
site is made of, with their exact versions, are listed once in :mod:`maumau_core.site.parts`; they come from
PyPI and the npm registry only, at build time, and the site fetches nothing from anywhere but its own host.
"""
