"""Loading rulesets, like the json module: ``load`` a shipped name or a file, ``loads`` text.

Both take ``allowed_roots``: which files ``extends`` may read (docs/security.md).  By default a
parent file must lie in the folder of the file that names it (or below); a list of folders allows
those instead; an empty list allows shipped rulesets only.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from . import codes
from .errors import Diagnostic, RulesetResolutionError
from .language.compiler import compile_resolved
from .language.resolve import Resolved, Source, Trust, builtin_source, file_source, resolve
from .language.suggest import did_you_mean, quoted
from .resources import RULESET_SUFFIX, builtin_names
from .rules import Rules

__all__ = ["builtin_names", "load", "load_resolved", "loads", "schema", "text_source"]

Roots = Iterable[str | os.PathLike[str]] | None


def load(name_or_path: str | os.PathLike[str], *, allowed_roots: Roots = None) -> Rules:
    """A shipped ruleset by name ("two-decks"), or a ``.tractor`` file by path."""
    return compile_resolved(load_resolved(name_or_path, allowed_roots=allowed_roots))


def load_resolved(name_or_path: str | os.PathLike[str], *, allowed_roots: Roots = None) -> Resolved:
    """What ``load`` compiles: the ruleset's statements with its parents merged in, and each file's
    tree (the linter reads them); raises as ``load`` does."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise RulesetResolutionError(
            Diagnostic("<argument>", 0, 0, f"expected a ruleset name or a path, not {type(name_or_path).__name__}",
                       code=codes.BAD_ARGUMENT)
        )
    trust = Trust.of(allowed_roots)
    if isinstance(name_or_path, str) and name_or_path in builtin_names():
        source = builtin_source(name_or_path)
        assert source is not None
        return resolve(source, trust)
    shown = os.fspath(name_or_path)
    if not isinstance(shown, str):
        raise RulesetResolutionError(Diagnostic("<argument>", 0, 0, "expected a path as text, not bytes",
                                                    code=codes.BAD_ARGUMENT))
    shown_quoted = shown if shown.isprintable() else quoted(shown)
    try:
        source = file_source(Path(shown), shown_quoted)
    except RulesetResolutionError as error:
        bare_name = not shown.endswith(RULESET_SUFFIX) and "/" not in shown and os.sep not in shown
        if error.message == "no such file" and bare_name:
            raise RulesetResolutionError(
                Diagnostic(shown_quoted, 0, 0,
                           f"no shipped ruleset or file of that name{did_you_mean(shown, builtin_names())}",
                           code=codes.FILE_UNREADABLE)
            ) from None
        raise
    return resolve(source, trust)


def loads(text: str, origin: str | None = "<string>", *, allowed_roots: Roots = None) -> Rules:
    """Compile ruleset text.  ``origin`` names it in messages; relative ``extends`` paths start from
    its folder, and by default may reach only that folder and below.  Without an origin (or with
    ``origin=None``) the text may extend shipped rulesets only, unless ``allowed_roots`` names
    folders."""
    return compile_resolved(resolve(text_source(text, origin), Trust.of(allowed_roots)))


def text_source(text: str, origin: str | None) -> Source:
    """The source ``loads`` compiles: ``text`` named by ``origin`` (see ``loads``); raises
    ``RulesetResolutionError`` for arguments of the wrong type."""
    if origin is None:
        origin = "<string>"
    if not isinstance(origin, str):
        raise RulesetResolutionError(
            Diagnostic("<argument>", 0, 0, f"origin names the text: a string, not {type(origin).__name__}",
                       code=codes.BAD_ARGUMENT))
    if not isinstance(text, str):
        raise RulesetResolutionError(Diagnostic(origin, 0, 0, f"expected ruleset text, not {type(text).__name__}",
                                                code=codes.NOT_TEXT))
    if origin == "<string>":
        return Source(text, origin, None, "<string>")
    shown = origin if origin.isprintable() else quoted(origin)
    try:
        resolved = Path(origin).resolve()
    except (OSError, ValueError, RuntimeError):  # a name no file can have: it names the text only
        return Source(text, shown, None, shown)
    return Source(text, shown, resolved.parent, str(resolved))


def schema() -> dict:
    """The JSON Schema of ``Rules.to_dict()``."""
    from .codec import schema as codec_schema  # the codec is loaded by what writes or reads JSON only

    return codec_schema()
