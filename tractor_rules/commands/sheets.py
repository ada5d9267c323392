"""The commands that write a ruleset for people to read: ``render`` its rule sheet, quick
reference card or score tracker, and ``diff`` two rulesets as rule sentences."""

from __future__ import annotations

import argparse
import sys

from ..errors import RulesetError
from ..outputs import write_output
from .common import DEFAULT_RULESET, EXIT_OK, EXIT_USAGE, Command, add_allow_root, load_ruleset, report

__all__ = ["DIFF", "RENDER", "RENDER_KINDS"]

#: what ``render --kind`` prints; the renderer's registry (render/kinds.py) is the authority, and
#: a test keeps this list equal to it (importing the renderer here would slow every command)
RENDER_KINDS = ("sheet", "card", "tracker")


def render_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("ruleset", nargs="?", metavar="RULESET")
    parser.add_argument("--kind", choices=RENDER_KINDS, default="sheet",
                        help="sheet: every rule with examples (default); card: a one-page quick reference; "
                             "tracker: a page to note each hand's score and levels")
    parser.add_argument("--format", choices=("md", "html", "txt"),
                        help="default: md for the sheet, html for the card and the tracker (which is html only)")
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="default: en")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run_render(args: argparse.Namespace) -> int:
    from ..render import render_sheet  # the renderer is loaded only by the commands that render

    try:
        rules = load_ruleset(args, args.ruleset or DEFAULT_RULESET)
    except RulesetError as error:
        return report(error)
    try:
        text = render_sheet(rules, format=args.format, lang=args.lang, kind=args.kind)
    except ValueError as exc:  # a kind not written in the format asked for
        print(f"tractor-rules render: {exc}", file=sys.stderr)
        return EXIT_USAGE
    write_output(text, args.output)
    return EXIT_OK


def diff_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("first", metavar="RULESET_A")
    parser.add_argument("second", metavar="RULESET_B")
    parser.add_argument("--format", choices=("txt", "md"), default="txt", help="default: txt")
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="default: en")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run_diff(args: argparse.Namespace) -> int:
    from ..render import render_diff  # the renderer is loaded only by the commands that render

    try:
        first, second = load_ruleset(args, args.first), load_ruleset(args, args.second)
    except RulesetError as error:
        return report(error)
    write_output(render_diff(first, second, format=args.format, lang=args.lang), args.output)
    return EXIT_OK


RENDER = Command("render", "print a ruleset's rule sheet, quick reference card or score tracker "
                 "(Markdown, HTML or plain text; English or Chinese)", render_arguments, run_render)
DIFF = Command("diff", "print the differences between two rulesets as rule sentences", diff_arguments, run_diff)
