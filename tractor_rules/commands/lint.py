"""``tractor-rules lint``: the linter's warnings for rulesets that compile, as text or JSON.

A text report ends with a line on standard error saying how many files it read and what it found,
"no warnings" too.  Exit status: 0 no warning, 1 a warning (or a ruleset that does not compile:
its errors are reported instead), 2 a usage error (an unknown code in ``--select`` / ``--ignore``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import Diagnostic, RulesetError
from ..language.compiler import compile_resolved
from ..language.lint import LINTERS, lint, selection
from .common import DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, Command, add_allow_root, load_resolved_ruleset

__all__ = ["LINT"]

#: the exit status when there is something to report
EXIT_WARNED = EXIT_INPUT


def lint_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
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


def run_lint(args: argparse.Namespace) -> int:
    """Lint each ruleset (read as the command line reads one) and report."""
    chosen = selection(args.select, args.ignore)
    found: list[Diagnostic] = []
    failed = False
    targets = args.rulesets or [DEFAULT_RULESET]
    for target in targets:
        try:
            resolved = load_resolved_ruleset(args, target)
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
        print(summary(len(targets), found), file=sys.stderr)
    return EXIT_WARNED if found or failed else EXIT_OK


def summary(files: int, found: list[Diagnostic]) -> str:
    """The report's last line, whatever it found: "3 files, no warnings", "1 file, 2 warnings",
    "2 files, 1 error, 1 warning"."""
    warnings = sum(1 for d in found if d.severity == "warning")
    errors = len(found) - warnings
    counts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((errors, "error"), (warnings, "warning")) if n]
    return ", ".join([f"{files} file{'s' if files != 1 else ''}", *(counts or ["no warnings"])])


LINT = Command("lint", "warn about rules that compile but are probably not what was meant", lint_arguments,
               run_lint)
