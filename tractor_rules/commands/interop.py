"""The commands for programs and engines other than this package (``tractor_rules.interop``):
write conformance ``vectors`` and ``verify`` an engine against them, ``serve`` the rules oracle
over JSON-RPC, ``export`` a ruleset to another engine's settings and ``import`` one from them.
The vectors and the server (and the engine they play with) are imported when their command runs."""

from __future__ import annotations

import argparse
import io
import json
import os
import stat
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..errors import RulesetError, terminal_safe
from ..interop.targets import TARGETS, ImportError_
from ..language.suggest import quoted
from ..outputs import write_output
from ..resources import RULESET_SUFFIX, builtin_names
from .common import (DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, EXIT_USAGE, Command, InputFileError, add_allow_root,
                     load_ruleset, open_input, reading_problem, report)

if TYPE_CHECKING:
    from ..interop.vectors import Verdict
    from ..rules import Rules

__all__ = ["EXPORT", "IMPORT", "SERVE", "VECTORS", "VERIFY"]

#: how many failing cases ``verify`` prints before it only counts them
MAX_SHOWN = 50


def vectors_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("ruleset", nargs="?", metavar="RULESET")
    parser.add_argument("--count", type=int, default=5000, metavar="N", help="cases to write (default 5000)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0); the same seed writes the same file")
    parser.add_argument("--schema", action="store_true", help="print the JSON Schema of a vector file's lines instead")
    parser.add_argument("-o", "--output", metavar="FILE.jsonl", help="write to FILE instead of standard output")


def run_vectors(args: argparse.Namespace) -> int:
    from ..interop.vectors import MAX_COUNT, dumps_lines, generate, schema  # the engine, only when it runs

    if args.schema:
        write_output(json.dumps(schema(), indent=2, ensure_ascii=False) + "\n", args.output)
        return EXIT_OK
    if not 1 <= args.count <= MAX_COUNT:
        print(f"tractor-rules vectors: --count is from 1 to {MAX_COUNT:,}, not {args.count}", file=sys.stderr)
        return EXIT_USAGE
    target = args.ruleset or DEFAULT_RULESET
    written_to = args.output if args.output not in (None, "-") else standard_output_file()
    named = _named_in_header(target, written_to)
    try:
        rules = load_ruleset(args, target)
        lines = generate(rules, named, args.count, args.seed)
    except RulesetError as error:
        return report(error)
    write_output(dumps_lines(lines), args.output)
    if target not in builtin_names():
        warning = _unverifiable(target, named, written_to)
        if warning is not None:
            print(f"tractor-rules vectors: {terminal_safe(warning)}", file=sys.stderr)
    return EXIT_OK


def _named_in_header(target: str, vector_file: str | None) -> str:
    """How a vector file's header names its ruleset: a shipped ruleset by name; a file by its path
    from the vector file's folder, where ``verify`` looks for it (as given when where the vectors go
    is not known: a pipe)."""
    if target in builtin_names() or vector_file is None:
        return target
    try:
        return Path(os.path.relpath(os.path.abspath(target), os.path.dirname(os.path.abspath(vector_file)))).as_posix()
    except ValueError:  # another drive (Windows): no relative path
        return target


def _unverifiable(target: str, named: str, vector_file: str | None) -> str | None:
    """What to tell the user when ``verify`` will not find the ruleset file ``target`` by the name
    the header gives it (``named``) by itself: when the vectors go where their folder is not known,
    or when the path leads out of the vector file's folder, which verify reads only when told
    (docs/security.md)."""
    if vector_file is None:
        return (f"the header names the ruleset as {quoted(named)}, from the current folder: verify finds it only "
                "when the vector file is in this folder (write the file with -o FILE to name the ruleset from "
                "the file's folder)")
    if Path(named).is_absolute() or named.split("/", 1)[0] == "..":
        folder = os.path.dirname(os.path.abspath(target))
        return (f"the header names the ruleset {quoted(named)}, outside the folder of {quoted(vector_file)}: verify "
                f"reads it only when told, with --allow-root {quoted(folder)} or --ruleset RULESET (or keep the "
                "ruleset in the vector file's folder or below it)")
    return None


def standard_output_file() -> str | None:
    """The path of the regular file standard output writes to (``> FILE``), where the system tells
    it (Linux's /proc/self/fd, macOS's F_GETPATH) and it is still that file; None for a pipe, a
    terminal, or when it cannot be told."""
    try:
        fd = sys.stdout.fileno()
        opened = os.fstat(fd)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    if not stat.S_ISREG(opened.st_mode):
        return None
    found: list[str] = []
    try:
        found.append(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        pass
    try:
        import fcntl

        if hasattr(fcntl, "F_GETPATH"):
            found.append(os.fsdecode(fcntl.fcntl(fd, fcntl.F_GETPATH, bytes(1024)).split(b"\0", 1)[0]))
    except (ImportError, OSError):
        pass
    for path in found:
        try:
            if os.path.samestat(os.stat(path), opened):
                return path
        except (OSError, ValueError):
            continue
    return None


def verify_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("file", metavar="FILE.jsonl", help="a vector file written by 'tractor-rules vectors'")
    parser.add_argument("--ruleset", metavar="RULESET",
                        help="the rules to check against (default: the ruleset the file's header names, "
                             "when verify may read it: see docs/security.md)")


def run_verify(args: argparse.Namespace) -> int:
    from ..interop.vectors import VectorFileError  # the engine, only when it runs

    shown = terminal_safe(args.file)
    try:
        with open_input(args.file) as handle:
            checked = _verify_lines(args, shown, _bounded_lines(handle))
    except (InputFileError, OSError, UnicodeDecodeError) as error:
        # reading only: the answers are printed below, where a write error is the command line's
        print(f"{shown}: {reading_problem(error)}", file=sys.stderr)
        return EXIT_INPUT
    except VectorFileError as error:
        print(f"{shown}: {terminal_safe(str(error))}", file=sys.stderr)
        return EXIT_INPUT
    if isinstance(checked, int):
        return checked
    rules, verdict = checked
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


def _bounded_lines(handle: TextIO) -> Iterator[str]:
    """The file's lines, none read past ``MAX_LINE`` characters (a longer one is cut, and the cut
    line fails as not JSON)."""
    from ..interop.vectors import MAX_LINE  # the engine, only when it runs

    while True:
        line = handle.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := handle.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
        yield line


class _HeaderRulesetRefused(Exception):
    """The ruleset a vector file's header names is not one ``verify`` may read."""


def header_ruleset(args: argparse.Namespace, vector_file: str, ref: str) -> str:
    """What to load for the ruleset a vector file's header names (``ref``), under the trust model of
    ``extends`` (docs/security.md): a vector file is anyone's, and its header must not make
    ``verify`` read (and quote) any file of the machine.  A shipped name is always allowed; a path
    starts from the vector file's folder, and must lead (links resolved) to a ``.tractor`` file in
    that folder or below it, or under a folder ``--allow-root`` names.  Anything else is refused
    without opening it, in the same words whether it exists or not."""
    if ref in builtin_names():
        return ref
    if not ref.endswith(RULESET_SUFFIX):
        raise _HeaderRulesetRefused(f"which is neither a shipped ruleset nor a {RULESET_SUFFIX} file")
    try:
        folder = Path(os.path.abspath(vector_file)).resolve().parent
        path = folder / ref
        real = path.resolve()
        roots = [folder, *(Path(root).resolve() for root in args.allow_root or ())]
    except (OSError, ValueError, RuntimeError):
        raise _HeaderRulesetRefused("which cannot be read") from None
    if not any(real.is_relative_to(root) for root in roots) or not real.name.endswith(RULESET_SUFFIX):
        where = "the vector file's folder" + (" and the --allow-root folders" if args.allow_root else "")
        raise _HeaderRulesetRefused(f"which is outside {where}; verify reads only rulesets in it and below, or under "
                                    "a folder --allow-root DIR names")
    return str(path)


def _verify_lines(args: argparse.Namespace, shown: str, lines: Iterator[str]) -> "int | tuple[Rules, Verdict]":
    """The rules and what ``verify`` found, or the exit status when the rules cannot be had (said on
    standard error)."""
    from ..interop.vectors import VectorFileError, read_header, verify  # the engine, only when it runs

    first = next(lines, None)
    if first is None:
        raise VectorFileError("the file is empty: a vector file starts with a header line")
    header = read_header(first)
    named = terminal_safe(quoted(header["ruleset"][:200]))
    if args.ruleset is not None:
        target = args.ruleset
    else:
        try:
            target = header_ruleset(args, args.file, header["ruleset"])
        except _HeaderRulesetRefused as refused:
            print(f"{shown}: line 1: the header names the ruleset {named}, {refused}: name the rules with "
                  "--ruleset RULESET", file=sys.stderr)
            return EXIT_INPUT
    try:
        rules = load_ruleset(args, target)
    except RulesetError as error:
        if args.ruleset is None:
            print(f"{shown}: the header names the ruleset {named}, which does not load (name the rules with "
                  "--ruleset):", file=sys.stderr)
        return report(error)

    def with_header() -> Iterator[str]:
        yield first
        yield from lines

    return rules, verify(rules, with_header())


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("--http", type=int, metavar="PORT",
                        help="answer HTTP POST requests on 127.0.0.1:PORT instead of standard input "
                             "(0: a free port, printed on standard error; needs tractor-rules[serve])")


def serve_methods() -> str:
    """The methods ``serve`` answers, for its help: from the server's own table, loaded (with the
    engine) only when the help is printed."""
    from ..interop.questions import QUESTIONS
    from ..interop.server import QUESTION_RULESET, methods

    width = max(len(name) for name in methods()) + 2
    lines = ["methods:"]
    for name, summary in methods().items():
        lines += textwrap.wrap(summary, 96, initial_indent=f"  {name:<{width}}", subsequent_indent=" " * (width + 2))
    lines += textwrap.wrap(f"The questions ({next(iter(QUESTIONS))} and the methods after it) also take "
                           f"\"ruleset\": {QUESTION_RULESET}.", 96)
    return "\n".join(lines)


#: what ``serve --http`` says when the extra that serves HTTP is not installed
SERVE_EXTRA = "tractor-rules serve: --http needs the serve extra: pip install 'tractor-rules[serve]'"


def run_serve(args: argparse.Namespace) -> int:
    from ..interop.server import Dispatcher, RulesetStore, serve_stdio  # the engine, only when it runs

    dispatcher = Dispatcher(RulesetStore(args.allow_root or ()))
    if args.http is None:
        serve_stdio(dispatcher, sys.stdin.buffer, sys.stdout.buffer)
        return EXIT_OK
    if not 0 <= args.http <= 65535:
        print(f"tractor-rules serve: --http is a port from 0 to 65535, not {args.http}", file=sys.stderr)
        return EXIT_USAGE
    try:
        from ..interop.http_server import bind, serve  # uvicorn and starlette, an optional extra
    except ImportError:
        print(SERVE_EXTRA, file=sys.stderr)
        return EXIT_INPUT
    try:
        sock = bind(args.http)
    except OSError as exc:
        print(f"tractor-rules serve: cannot listen on 127.0.0.1:{args.http}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT
    port = sock.getsockname()[1]
    print(f"tractor-rules serve: listening on http://127.0.0.1:{port}/", file=sys.stderr, flush=True)
    try:
        serve(dispatcher, sock)
    finally:
        sock.close()
    return EXIT_OK


def export_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("ruleset", nargs="?", metavar="RULESET")
    parser.add_argument("--to", required=True, choices=sorted(TARGETS), help="the engine whose settings to write")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a rule of the ruleset is lost")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run_export(args: argparse.Namespace) -> int:
    target = TARGETS[args.to]
    try:
        rules = load_ruleset(args, args.ruleset or DEFAULT_RULESET)
        settings, lost = target.export(rules)
    except RulesetError as error:
        return report(error)
    write_output(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", args.output)
    if not lost:
        return EXIT_OK
    played = target.played(settings, rules.table.players) if target.played is not None else None
    blocks = lost_in_words(rules, played, lost, target.title) if played is not None else \
        [[f"lost: {line}"] for line in lost]
    for block in blocks:
        for line in block:
            print(terminal_safe(line), file=sys.stderr)
    print(f"{len(blocks)} rule{'s' if len(blocks) != 1 else ''} of {terminal_safe(rules.name)} that "
          f"{target.title} cannot play", file=sys.stderr)
    return EXIT_INPUT if args.strict else EXIT_OK


def lost_in_words(rules: "Rules", played: "Rules", lost: list[str], title: str) -> list[list[str]]:
    """What an export loses, as the rule sheet words it: for each rule the engine plays otherwise,
    a block of lines, "lost: SECTION:" then the sentence (or the items of its list, the rows of its
    table) that differ, as this ruleset says it and as the engine (``title``) plays it.  The lines
    of ``lost`` (the export's own, "FIELD: VALUE here; ENGINE plays VALUE") that no such rule
    covers follow as they are: what the sheets do not word (the upgrade table's outcomes, a setting
    no statement can give, a value no sentence reads)."""
    from ..render.diff import change_pairs, compare  # the sheets, only when something is lost

    ours, theirs = "this ruleset:", f"{title}:"
    width = max(len(ours), len(theirs)) + 1
    blocks: list[list[str]] = []
    covered: set[str] = set()
    for change in compare(rules, played).changes:
        block = [f"lost: {change.section}:"]
        for pair in change_pairs(change.before, change.after):
            indent = "    " if pair.nested else "  "
            if pair.a == pair.b:  # a sentence whose list changed, shown once
                block.append(f"{indent}{pair.a}")
                continue
            for label, text in ((ours, pair.a), (theirs, pair.b)):
                if text is not None:
                    block.append(f"{indent}{label:<{width}}{text}")
        blocks.append(block)
        covered.update(change.paths)
    for line in lost:
        field = line.split(":", 1)[0]
        if not any(path == field or path.startswith((field + ".", field + "[")) for path in covered):
            blocks.append([f"lost: {line}"])
    return blocks


def import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="SETTINGS.json")
    parser.add_argument("--from", dest="source", required=True, choices=sorted(TARGETS),
                        help="the engine the settings come from")
    parser.add_argument("--players", type=int, metavar="N",
                        help="players at the table (default: as the settings say, else 4)")
    parser.add_argument("--name", default=None, metavar="NAME", help="the ruleset's name")
    parser.add_argument("-o", "--output", metavar="FILE.tractor", help="write to FILE instead of standard output")


def run_import(args: argparse.Namespace) -> int:
    from ..interop.vectors import MAX_LINE  # the engine, only when it runs

    shown = terminal_safe(args.file)
    try:
        with open_input(args.file) as handle:
            text = handle.read(MAX_LINE + 1)
    except (InputFileError, OSError, UnicodeDecodeError) as error:
        print(f"{shown}: {reading_problem(error)}", file=sys.stderr)
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
    write_output(ruleset, args.output)
    return EXIT_OK


VECTORS = Command("vectors", "write conformance test cases (JSON Lines) that another engine can run to prove it "
                  "plays a ruleset", vectors_arguments, run_vectors)
VERIFY = Command("verify", "check this package's engine against a vector file", verify_arguments, run_verify)
SERVE = Command("serve", "answer the rules oracle's questions as JSON-RPC 2.0 over standard input and output "
                "(one message per line) or HTTP", serve_arguments, run_serve, more_help=serve_methods)
EXPORT = Command("export", "write another engine's settings for a ruleset, and what it cannot play",
                 export_arguments, run_export)
IMPORT = Command("import", "write a ruleset from another engine's settings", import_arguments, run_import)
