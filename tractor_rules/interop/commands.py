"""The command-line commands of interop: ``vectors`` and ``verify`` (cli.py registers them)."""

from __future__ import annotations

import argparse
import json
import sys

from ..cli import DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, EXIT_USAGE, _load, _report, _write_output
from ..errors import RulesetError, terminal_safe
from ..language.suggest import quoted
from .vectors import MAX_COUNT, MAX_LINE, VectorFileError, dumps_lines, generate, read_header, schema, verify

#: how many failing cases ``verify`` prints before it only counts them
MAX_SHOWN = 50


def add_vectors_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("ruleset", nargs="?", metavar="RULESET")
    sub.add_argument("--count", type=int, default=5000, metavar="N", help="cases to write (default 5000)")
    sub.add_argument("--seed", type=int, default=0, metavar="S", help="random seed; the same seed writes the same file")
    sub.add_argument("--schema", action="store_true", help="print the JSON Schema of a vector file's lines instead")
    sub.add_argument("-o", "--output", metavar="FILE.jsonl", help="write to FILE instead of standard output")


def run_vectors(args: argparse.Namespace) -> int:
    if args.schema:
        _write_output(json.dumps(schema(), indent=2, ensure_ascii=False) + "\n", args.output)
        return EXIT_OK
    if not 1 <= args.count <= MAX_COUNT:
        print(f"tractor-rules vectors: --count is from 1 to {MAX_COUNT:,}, not {args.count}", file=sys.stderr)
        return EXIT_USAGE
    target = args.ruleset or DEFAULT_RULESET
    try:
        rules = _load(args, target)
        lines = generate(rules, target, args.count, args.seed)
    except RulesetError as error:
        return _report(error)
    _write_output(dumps_lines(lines), args.output)
    return EXIT_OK


def add_verify_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("file", metavar="FILE.jsonl", help="a vector file written by 'tractor-rules vectors'")
    sub.add_argument("--ruleset", metavar="RULESET",
                     help="the rules to check against (default: the ruleset the file's header names)")


def run_verify(args: argparse.Namespace) -> int:
    shown = terminal_safe(args.file)
    try:
        with open(args.file, encoding="utf-8", newline="") as handle:
            return _verify_lines(args, shown, _bounded_lines(handle))
    except IsADirectoryError:
        print(f"{shown}: cannot read: it is a folder", file=sys.stderr)
    except OSError as exc:
        print(f"{shown}: cannot read: {exc.strerror or exc}", file=sys.stderr)
    except UnicodeDecodeError as exc:
        print(f"{shown}: cannot read: not UTF-8 text (byte {exc.start})", file=sys.stderr)
    except VectorFileError as error:
        print(f"{shown}: {error}", file=sys.stderr)
    return EXIT_INPUT


def _bounded_lines(handle):
    """The file's lines, none read past ``MAX_LINE`` characters (a longer one is cut, and the cut
    line fails as not JSON)."""
    while True:
        line = handle.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := handle.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
        yield line


def _verify_lines(args: argparse.Namespace, shown: str, lines) -> int:
    first = next(lines, None)
    if first is None:
        raise VectorFileError("the file is empty: a vector file starts with a header line")
    header = read_header(first)
    target = args.ruleset or header["ruleset"]
    try:
        rules = _load(args, target)
    except RulesetError as error:
        if args.ruleset is None:
            print(f"{shown}: the header names the ruleset {quoted(target)}, which does not load "
                  "(name the rules with --ruleset):", file=sys.stderr)
        return _report(error)

    def with_header():
        yield first
        yield from lines

    verdict = verify(rules, with_header())
    for line, message in verdict.failures[:MAX_SHOWN]:
        print(f"{shown}:{line}: {terminal_safe(message)}")
    rest = len(verdict.failures) - MAX_SHOWN
    if rest > 0:
        print(f"... and {rest} more failing case{'s' if rest != 1 else ''}")
    if verdict.failures:
        print(f"{shown}: {verdict.checked} cases, {len(verdict.failures)} fail", file=sys.stderr)
        return EXIT_INPUT
    print(f"{shown}: {verdict.checked} cases, all pass ({terminal_safe(rules.name)})")
    return EXIT_OK


def add_serve_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--http", type=int, metavar="PORT",
                     help="answer HTTP POST requests on 127.0.0.1:PORT instead of standard input "
                          "(0: a free port, printed on standard error)")


def run_serve(args: argparse.Namespace) -> int:
    from .server import Dispatcher, RulesetStore, http_server, serve_stdio

    dispatcher = Dispatcher(RulesetStore(args.allow_root or ()))
    if args.http is None:
        serve_stdio(dispatcher, sys.stdin.buffer, sys.stdout.buffer)
        return EXIT_OK
    if not 0 <= args.http <= 65535:
        print(f"tractor-rules serve: --http is a port from 0 to 65535, not {args.http}", file=sys.stderr)
        return EXIT_USAGE
    try:
        server = http_server(dispatcher, args.http)
    except OSError as exc:
        print(f"tractor-rules serve: cannot listen on 127.0.0.1:{args.http}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT
    port = server.server_address[1]
    print(f"tractor-rules serve: listening on http://127.0.0.1:{port}/", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return EXIT_OK


def add_export_arguments(sub: argparse.ArgumentParser) -> None:
    from .targets import TARGETS

    sub.add_argument("ruleset", nargs="?", metavar="RULESET")
    sub.add_argument("--to", required=True, choices=sorted(TARGETS), help="the engine whose settings to write")
    sub.add_argument("--strict", action="store_true", help="exit 1 when a rule of the ruleset is lost")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run_export(args: argparse.Namespace) -> int:
    from .targets import TARGETS

    target = TARGETS[args.to]
    try:
        rules = _load(args, args.ruleset or DEFAULT_RULESET)
        settings, lost = target.export(rules)
    except RulesetError as error:
        return _report(error)
    _write_output(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", args.output)
    for line in lost:
        print(f"lost: {terminal_safe(line)}", file=sys.stderr)
    if lost:
        print(f"{len(lost)} rule{'s' if len(lost) != 1 else ''} of {terminal_safe(rules.name)} that "
              f"{target.title} cannot play", file=sys.stderr)
        return EXIT_INPUT if args.strict else EXIT_OK
    return EXIT_OK


def add_import_arguments(sub: argparse.ArgumentParser) -> None:
    from .targets import TARGETS

    sub.add_argument("file", metavar="SETTINGS.json")
    sub.add_argument("--from", dest="source", required=True, choices=sorted(TARGETS),
                     help="the engine the settings come from")
    sub.add_argument("--players", type=int, metavar="N", help="players at the table (default: as the settings say, else 4)")
    sub.add_argument("--name", default=None, metavar="NAME", help="the ruleset's name")
    sub.add_argument("-o", "--output", metavar="FILE.tractor", help="write to FILE instead of standard output")


def run_import(args: argparse.Namespace) -> int:
    from .targets import TARGETS, ImportError_

    shown = terminal_safe(args.file)
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read(MAX_LINE + 1)
    except IsADirectoryError:
        print(f"{shown}: cannot read: it is a folder", file=sys.stderr)
        return EXIT_INPUT
    except OSError as exc:
        print(f"{shown}: cannot read: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT
    except UnicodeDecodeError as exc:
        print(f"{shown}: cannot read: not UTF-8 text (byte {exc.start})", file=sys.stderr)
        return EXIT_INPUT
    if len(text) > MAX_LINE:
        print(f"{shown}: larger than {MAX_LINE:,} characters: not a settings file", file=sys.stderr)
        return EXIT_INPUT
    try:
        ruleset, notes = TARGETS[args.source].import_(text, args.players, args.name)
    except ImportError_ as error:
        print(f"{shown}: {terminal_safe(str(error))}", file=sys.stderr)
        return EXIT_INPUT
    for note in notes:  # "not imported: FIELD (why)", "lost: SETTING: why"
        print(f"{shown}: {terminal_safe(note)}", file=sys.stderr)
    _write_output(ruleset, args.output)
    return EXIT_OK
