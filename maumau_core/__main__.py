"""Command line: ``python -m maumau_core scenario FILE.json`` prints the outcome as JSON.

Exit status 0 when the file was run (even if actions were refused), 2 with
one line on stderr when the file itself is malformed.
"""

from __future__ import annotations

import argparse
import json
import sys

from maumau_core import scenario
from maumau_core.errors import MauMauError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maumau_core", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("scenario", help="run a table situation and print its outcome")
    run.add_argument("file", help="a scenario JSON file")
    args = parser.parse_args(argv)
    try:
        outcome = scenario.run(scenario.load(args.file))
    except MauMauError as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(outcome, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
