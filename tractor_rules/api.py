"""Loading rulesets, like the json module: ``load`` a shipped name or a file, ``loads`` text."""

from __future__ import annotations

import os
from pathlib import Path

from .codec import schema as _schema
from .errors import Diagnostic, RulesetResolutionError
from .language.compiler import compile_resolved
from .language.resolve import Source, builtin_source, file_source, resolve
from .language.suggest import did_you_mean
from .resources import RULESET_SUFFIX, builtin_names
from .rules import Rules

__all__ = ["builtin_names", "load", "loads", "schema"]


def load(name_or_path: str | os.PathLike[str]) -> Rules:
    """A shipped ruleset by name ("two-decks"), or a ``.tractor`` file by path."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise RulesetResolutionError(
            Diagnostic("<argument>", 0, 0, f"expected a ruleset name or a path, not {type(name_or_path).__name__}")
        )
    if isinstance(name_or_path, str) and name_or_path in builtin_names():
        source = builtin_source(name_or_path)
        assert source is not None
        return compile_resolved(resolve(source))
    path = Path(name_or_path)
    if not path.exists() and isinstance(name_or_path, str) and not name_or_path.endswith(RULESET_SUFFIX) \
            and "/" not in name_or_path and os.sep not in name_or_path:
        raise RulesetResolutionError(
            Diagnostic(name_or_path, 0, 0,
                       f"no shipped ruleset or file of that name{did_you_mean(name_or_path, builtin_names())}")
        )
    return compile_resolved(resolve(file_source(path, str(name_or_path))))


def loads(text: str, origin: str = "<string>") -> Rules:
    """Compile ruleset text.  ``origin`` names it in messages; relative ``extends`` paths start from
    its folder (the working directory when no file name is given)."""
    if not isinstance(text, str):
        raise RulesetResolutionError(Diagnostic(str(origin), 0, 0, f"expected ruleset text, not {type(text).__name__}"))
    folder = Path(origin).resolve().parent if origin != "<string>" else None
    key = str(Path(origin).resolve()) if origin != "<string>" else "<string>"
    return compile_resolved(resolve(Source(text, origin, folder, key)))


def schema() -> dict:
    """The JSON Schema of ``Rules.to_dict()``."""
    return _schema()
