"""Build hook: ship the course's lesson pages (``notebooks/``), code exercises (``exercises/``) and server
settings (``etc/voila.py`` and ``etc/jupyter/``: the Voilà configuration and template, the JupyterLab
settings) inside the wheel, as ``maumau_core/course_files/<folder>``, so that ``maumau-course serve`` and
``maumau-course lab`` work from an installed copy. The folders stay where they are in the repository (one copy
of each file); an editable install copies nothing, ``maumau_core.shipped`` then finds them in the checkout."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

#: What an installed copy serves; etc/'s other files (install.mk, compile_engine.py) are the Makefile's own.
SHIPPED = ("etc/voila.py", "etc/jupyter", "notebooks", "exercises")
SKIPPED = {"__pycache__", ".ipynb_checkpoints"}


class BuildWithCourseFiles(build_py):
    """The usual build of the packages, then the course's folders copied beside them."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for entry in map(Path, SHIPPED):
            for source in [entry] if entry.is_file() else sorted(entry.rglob("*")):
                if source.is_file() and not SKIPPED & set(source.parts):
                    target = Path(self.build_lib, "maumau_core", "course_files", source)
                    self.mkpath(str(target.parent))
                    self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithCourseFiles})
