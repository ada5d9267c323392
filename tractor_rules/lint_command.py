"""``tractor-rules lint``: the linter's warnings for rulesets that compile, as text or JSON.

Exit status: 0 no warning, 1 a warning (or a ruleset that does not compile: its errors are
reported instead), 2 a usage error (an unknown code in ``--select`` / ``--ignore``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from .errors import Diagnostic, RulesetError
from .language.compiler import compile_resolved
from .language.lint import LINTERS, lint, selection
from .language.resolve import Resolved

EXIT_OK, EXIT_WARNED, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="*", metavar="RULESET")
    parser.add_argument("--select", action="append", metavar="CODES", type=_codes,
                        help="run only these codes or prefixes, separated by commas (W102,W103 or W1); "
                             f"the codes are {', '.join(LINTERS)}")
    parser.add_argument("--ignore", action="append", metavar="CODES", type=_codes,
                        help="leave out these codes or prefixes")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default), or JSON for editors: {\"diagnostics\": [...]}")


def _codes(text: str) -> str:
    try:
        selection([text])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def run(args: argparse.Namespace, load: Callable[[argparse.Namespace, str], Resolved], default: str) -> int:
    """Lint each ruleset (``load`` reads one as the command line does) and report."""
    chosen = selection(args.select, args.ignore)
    found: list[Diagnostic] = []
    failed = False
    for target in args.rulesets or [default]:
        try:
            resolved = load(args, target)
            rules = compile_resolved(resolved)
        except RulesetError as error:
            found.extend(error.diagnostics)
            failed = True
            continue
        found.extend(lint(resolved, rules, chosen))
    if args.format == "json":
        payload: dict[str, Any] = {"diagnostics": [d.to_dict() for d in found]}
        sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    else:
        for diagnostic in found:
            print(diagnostic.render())
        warnings = sum(1 for d in found if d.severity == "warning")
        errors = len(found) - warnings
        if found:
            parts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((errors, "error"), (warnings, "warning")) if n]
            print(", ".join(parts), file=sys.stderr)
    return EXIT_WARNED if found or failed else EXIT_OK
