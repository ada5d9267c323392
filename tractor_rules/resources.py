"""Finding the grammar and the shipped rulesets, in a checkout and in an installed wheel alike.

In a wheel they live in ``tractor_rules/_data``; in a checkout (and an editable install) they are
the top-level ``grammar/`` and ``rulesets/`` folders beside the package.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
RULESET_SUFFIX = ".tractor"


@cache
def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the installation is missing its {name}/ folder")


def grammar_path() -> Path:
    return _data_dir("grammar") / "ruleset.lark"


def rulesets_dir() -> Path:
    return _data_dir("rulesets")


def builtin_names() -> list[str]:
    """Names of the shipped rulesets, sorted."""
    return sorted(p.name[: -len(RULESET_SUFFIX)] for p in rulesets_dir().glob("*" + RULESET_SUFFIX))


def builtin_path(name: str) -> Path | None:
    if name not in builtin_names():
        return None
    return rulesets_dir() / (name + RULESET_SUFFIX)
