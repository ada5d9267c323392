"""What every command of ``tractor-rules`` shares: the exit codes, the default ruleset, the help's
epilog, the shape of a command (``Command``), loading a ruleset with the folders ``--allow-root``
names, reporting a ruleset's errors, opening the other files a command reads (``open_input``: only
regular files), and the stopping signals (SIGTERM and SIGHUP raise ``Terminated``).  Output files
are written through ``tractor_rules.outputs``."""

from __future__ import annotations

import argparse
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TextIO

from ..api import load, load_resolved
from ..errors import RulesetError
from ..language.resolve import Resolved
from ..resources import builtin_path
from ..rules import Rules

__all__ = ["DEFAULT_RULESET", "EPILOG", "EXIT_EPILOG", "EXIT_INPUT", "EXIT_OK", "EXIT_USAGE", "RULESET_EPILOG",
           "Command", "InputFileError", "Terminated", "add_allow_root", "allowed_roots", "load_resolved_ruleset",
           "load_ruleset", "no_arguments", "open_input", "reading_problem", "report", "takes_rulesets",
           "terminating_signals"]

DEFAULT_RULESET = "two-decks"
EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2

#: the help's word on RULESET, for the main help and the commands that take one
RULESET_EPILOG = """\
A RULESET is the name of a shipped ruleset (see 'tractor-rules list') or the path of a .tractor
file.  Without one, commands use the default ruleset, "two-decks".
"""
#: the help's word on exit statuses, for every command
EXIT_EPILOG = """\
exit status:
  0  success
  1  the input is wrong: a ruleset that does not compile, a file that fmt --check would change,
     a warning of lint
  2  the command is wrong: unknown command or option, missing argument
"""
EPILOG = f"{RULESET_EPILOG}\n{EXIT_EPILOG}"


@dataclass(frozen=True)
class Command:
    """One command of ``tractor-rules``: its name, its one-line help (also its description), the
    function that adds its arguments to its parser, and the function that runs it (its exit
    status).  A command module must stay cheap to import: ``run`` imports what only the command
    needs when it runs, and so does ``more_help``, which gives the text its ``--help`` shows
    before the exit statuses, only when the help is printed."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    more_help: Callable[[], str] | None = None


def takes_rulesets(parser: argparse.ArgumentParser) -> bool:
    """Whether a command's parser takes a RULESET, as an argument or an option's value (its help
    then says what a RULESET is)."""
    return any("RULESET" in str(action.metavar or "") for action in parser._actions)


def no_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a command that takes none."""


def add_allow_root(parser: argparse.ArgumentParser) -> None:
    """``--allow-root``, for a command that loads rulesets (see ``load_ruleset``)."""
    parser.add_argument("--allow-root", action="append", metavar="DIR",
                        help="let 'extends' also read .tractor files under DIR (repeatable; "
                             "see docs/security.md)")


def allowed_roots(args: argparse.Namespace, target: str) -> list[str | Path] | None:
    """The folders a ruleset's parents may come from: those ``--allow-root`` names and, with them,
    the folder of the file named on the command line; None (the default rules) without any."""
    roots = getattr(args, "allow_root", None)
    if not roots:
        return None
    own = Path(target).parent if builtin_path(target) is None or os.path.lexists(target) else None
    return [*roots, *([own] if own is not None else [])]


def load_ruleset(args: argparse.Namespace, target: str) -> Rules:
    """``load(target)`` with the folders ``--allow-root`` names: besides them, a file's parents may
    come from the folder of the file named on the command line (docs/security.md)."""
    return load(target, allowed_roots=allowed_roots(args, target))


def load_resolved_ruleset(args: argparse.Namespace, target: str) -> Resolved:
    """``load_resolved(target)``, with the folders of ``load_ruleset``."""
    return load_resolved(target, allowed_roots=allowed_roots(args, target))


def report(error: RulesetError) -> int:
    """Print a ruleset's errors on standard error (and their count when there are several); the
    exit status for them."""
    print(error.render(), file=sys.stderr)
    count = len(error.diagnostics)
    if count > 1:
        print(f"{count} errors", file=sys.stderr)
    return EXIT_INPUT


class InputFileError(Exception):
    """A file named on the command line that cannot be read; the message says why, in a few words
    (without the file's name)."""


def reading_problem(error: Exception) -> str:
    """What a command says, after the file's name, of an input file it could not read: an
    ``InputFileError`` from ``open_input``, or an ``OSError`` or ``UnicodeDecodeError`` met reading."""
    if isinstance(error, UnicodeDecodeError):
        return f"cannot read: not UTF-8 text (byte {error.start})"
    if isinstance(error, OSError):
        return f"cannot read: {error.strerror or error}"
    return str(error)


def open_input(path: str) -> TextIO:
    """The file ``path`` (a vector file, another engine's settings), opened to read UTF-8 text, as the
    ruleset loader opens rulesets: only a regular file is read; a pipe (which would wait for a
    writer forever), a device (which may never end), a socket or a folder is an ``InputFileError``,
    and so is a file that cannot be opened."""
    try:
        # O_NONBLOCK: opening a pipe with no writer must not wait for one
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise InputFileError("cannot read: it is a folder") from None
    except ValueError:
        raise InputFileError("cannot read: the name holds a NUL character") from None
    except OSError as exc:
        raise InputFileError(reading_problem(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputFileError("cannot read: it is a folder")
        if not stat.S_ISREG(mode):
            raise InputFileError("cannot read: not a regular file (a pipe, a device or a socket)")
        os.set_blocking(fd, True)
        return open(fd, encoding="utf-8", newline="")
    except BaseException:
        os.close(fd)
        raise


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like Ctrl-C does, so that every ``finally`` removes its
    temporary file."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


_CLEAN_EXIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def terminating_signals() -> Iterator[None]:
    """For the duration, SIGTERM and SIGHUP raise ``Terminated`` (in the main thread only, where
    handlers can be set; elsewhere nothing changes); their handlers are given back after."""
    previous = {}
    if threading.current_thread() is threading.main_thread():  # handlers can be set there only
        previous = {sig: signal.signal(sig, _raise_terminated) for sig in _CLEAN_EXIT_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
