"""The commands about ruleset files themselves: ``list`` the shipped ones, ``check`` that they
compile, ``compile`` one to JSON, print the ``schema`` of that JSON, and ``fmt`` them in canonical
form."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..api import builtin_names, load, schema
from ..errors import RulesetError, terminal_safe
from ..language.compiler import compile_resolved
from ..language.lint import compile_warnings
from ..language.resolve import read_ruleset_bytes
from ..language.suggest import quoted
from ..outputs import write_output
from ..resources import builtin_path
from .common import (DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, EXIT_USAGE, Command, add_allow_root, load_resolved_ruleset,
                     load_ruleset, no_arguments, report)

__all__ = ["CHECK", "COMPILE", "FMT", "LIST", "SCHEMA"]


def run_list(args: argparse.Namespace) -> int:
    for name in builtin_names():
        try:
            title = terminal_safe(load(name).name)
        except RulesetError:  # a broken shipped file still gets listed; 'check' tells why
            title = "(does not compile)"
        print(f"{name:<28} {title}")
    return EXIT_OK


def check_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("rulesets", nargs="*", metavar="RULESET")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing for rulesets that compile")


def run_check(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for target in args.rulesets or [DEFAULT_RULESET]:
        try:
            resolved = load_resolved_ruleset(args, target)
            rules = compile_resolved(resolved)
        except RulesetError as error:
            status = report(error)
            continue
        for warning in compile_warnings(resolved, rules):  # a warning does not fail the check
            print(warning.render(), file=sys.stderr)
        if not args.quiet:
            print(f"{terminal_safe(target)}: ok ({terminal_safe(rules.name)})")
    return status


def compile_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("ruleset", nargs="?", metavar="RULESET")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument("--compact", action="store_true", help="one line, no indentation")


def run_compile(args: argparse.Namespace) -> int:
    try:
        rules = load_ruleset(args, args.ruleset or DEFAULT_RULESET)
    except RulesetError as error:
        return report(error)
    text = json.dumps(rules.to_dict(), indent=None if args.compact else 2, ensure_ascii=False)
    write_output(text + "\n", args.output)
    return EXIT_OK


def schema_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run_schema(args: argparse.Namespace) -> int:
    write_output(json.dumps(schema(), indent=2, ensure_ascii=False) + "\n", args.output)
    return EXIT_OK


def fmt_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="*", metavar="RULESET")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if a file is not in canonical form")
    mode.add_argument("--write", action="store_true", help="rewrite files in place")


def _ruleset_file(target: str) -> Path:
    path = builtin_path(target)
    return path if path is not None and not os.path.lexists(target) else Path(target)


def run_fmt(args: argparse.Namespace) -> int:
    from ..language.format import format_text  # the formatter is loaded only by the command that formats

    if args.write:
        shipped = [t for t in args.rulesets if not os.path.lexists(t) and builtin_path(t) is not None]
        if not args.rulesets or shipped:
            print("tractor-rules fmt: --write rewrites files: give their paths "
                  f"({'not the shipped ruleset ' + repr(shipped[0]) if shipped else 'none given'})", file=sys.stderr)
            return EXIT_USAGE
    status = EXIT_OK
    for target in args.rulesets or [DEFAULT_RULESET]:
        path = _ruleset_file(target)
        try:
            text = read_ruleset_bytes(path, quoted(target)).decode("utf-8")
        except RulesetError as error:
            status = report(error)
            continue
        except UnicodeDecodeError as exc:
            print(f"{quoted(target)}: cannot read: {exc}", file=sys.stderr)
            status = EXIT_INPUT
            continue
        try:
            formatted = format_text(text, target)
        except RulesetError as error:
            status = report(error)
            continue
        if args.check:
            if formatted != text:
                print(f"{target}: would be reformatted", file=sys.stderr)
                status = EXIT_INPUT
        elif args.write:
            if formatted != text:
                write_output(formatted, str(path))
                print(f"{target}: reformatted", file=sys.stderr)
        else:
            sys.stdout.write(formatted)
    return status


LIST = Command("list", "list the shipped rulesets", no_arguments, run_list)
CHECK = Command("check", "compile rulesets and report every error", check_arguments, run_check)
COMPILE = Command("compile", "print a ruleset's compiled rules as JSON", compile_arguments, run_compile)
SCHEMA = Command("schema", "print the JSON Schema of the compiled rules", schema_arguments, run_schema)
FMT = Command("fmt", "print rulesets in canonical form", fmt_arguments, run_fmt)
