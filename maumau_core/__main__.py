"""``python -m maumau_core``: the ``maumau-course`` command (``maumau_core.cli``), e.g.
``python -m maumau_core scenario FILE.json`` or ``python -m maumau_core serve --port=9000``."""

import sys

from maumau_core.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
