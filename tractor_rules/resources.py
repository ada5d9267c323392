"""Finding the grammar and the shipped rulesets, in a checkout and in an installed wheel alike.

In a wheel they live in ``tractor_rules/_data``; in a checkout (and an editable install) they are
the top-level ``grammar/`` and ``rulesets/`` folders beside the package.
"""

from __future__ import annotations

import importlib.machinery
import platform
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


@cache
def _shipped_names() -> tuple[str, ...]:
    """Names of the shipped rulesets, sorted, read from their folder once per process: the package's
    files do not change while it runs, and the names are looked up on every load, every request of
    the JSON-RPC server and every completion of the language server."""
    return tuple(sorted(p.name[: -len(RULESET_SUFFIX)] for p in rulesets_dir().glob("*" + RULESET_SUFFIX)))


def builtin_names() -> list[str]:
    """Names of the shipped rulesets, sorted (a new list: the caller's to change)."""
    return list(_shipped_names())


def builtin_path(name: str) -> Path | None:
    if name not in _shipped_names():
        return None
    return rulesets_dir() / (name + RULESET_SUFFIX)


def compiled_modules(package: Path = _PACKAGE) -> list[str]:
    """The modules of the package (its folder: ``package``) that are extension modules this Python
    imports, found by their files, without importing anything: the engine's hot modules, when the
    wheel was built with a C compiler (hatch_build.py).  An extension module is imported before a
    source beside it, so each one found is what runs."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for path in package.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None and path.is_file():
            module = path.relative_to(package.parent).with_name(path.name[: -len(suffix)])
            found.append(".".join(module.parts))
    return sorted(found)


def build_description(package: Path = _PACKAGE) -> str:
    """How this installation runs, for ``--version``: whether the engine is compiled or pure Python,
    and on which Python."""
    compiled = compiled_modules(package)
    count = len(compiled)
    engine = f"engine compiled ({count} module{'s' if count != 1 else ''})" if compiled else "engine in pure Python"
    return f"{engine}, {platform.python_implementation()} {platform.python_version()}"
