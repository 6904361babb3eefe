"""Command line: ``python -m maumau_core scenario FILE.json`` prints the outcome as JSON.

Exit status 0 when the file was run (even if actions were refused), 2 with
one line on stderr when the file itself is malformed.
``python -m maumau_core cheatsheet NAME > sheet.html`` prints a rule set's
printable cheat sheet (an HTML page); an unknown name exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from maumau_core import scenario
from maumau_core.errors import MauMauError
from maumau_core.rule_sets import cheat_sheet_html
from maumau_core.rules import PRESETS, preset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maumau_core", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("scenario", help="run a table situation and print its outcome")
    run.add_argument("file", help="a scenario JSON file")
    sheet = commands.add_parser("cheatsheet", help="print a rule set's printable cheat sheet as HTML")
    sheet.add_argument("name", help="a rule set: " + ", ".join(PRESETS))
    args = parser.parse_args(argv)
    if args.command == "cheatsheet":
        return cheatsheet(args.name)
    try:
        outcome = scenario.run(scenario.load(args.file))
    except MauMauError as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(outcome, indent=1, ensure_ascii=False))
    return 0


def cheatsheet(name: str) -> int:
    """Write the cheat sheet of preset ``name`` to stdout as UTF-8, whatever the terminal's encoding."""
    try:
        rules = preset(name)
    except MauMauError as error:
        print(f"cheatsheet: {error}", file=sys.stderr)
        return 2
    sys.stdout.flush()
    sys.stdout.buffer.write(cheat_sheet_html(rules).encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
