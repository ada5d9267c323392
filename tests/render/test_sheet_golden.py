"""Rendered sheets compared with golden files, for every shipped ruleset × language × format.

Refresh them after an intended change with

    TRACTOR_RULES_UPDATE_GOLDEN=1 pytest tests/render

and review the changes with ``git diff tests/golden/sheets`` before committing (docs/sheets.md).
The cases come from ``tr.builtin_names()``: a newly shipped ruleset fails here until its golden files
are made.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import FORMATS, languages, render_diff, render_sheet

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "sheets"
UPDATE_ENV = "TRACTOR_RULES_UPDATE_GOLDEN"
REFRESH = (f"if the change is intended, refresh the golden files with `{UPDATE_ENV}=1 pytest tests/render` "
           "and review `git diff tests/golden/sheets` (docs/sheets.md)")
#: pairs whose differences are kept as golden files too
DIFFS = (("two-decks", "two-decks-constant-twos"),)
DIFF_FORMATS = ("txt", "md")


def updating() -> bool:
    return os.environ.get(UPDATE_ENV) == "1"


def sheet_cases() -> list[tuple[str, str, str]]:
    return [(name, lang, fmt) for name in tr.builtin_names() for lang in languages() for fmt in FORMATS]


def diff_cases() -> list[tuple[str, str, str, str]]:
    return [(a, b, lang, fmt) for a, b in DIFFS for lang in languages() for fmt in DIFF_FORMATS]


def sheet_file(name: str, lang: str, fmt: str) -> Path:
    return GOLDEN / f"{name}.{lang}.{fmt}"


def diff_file(a: str, b: str, lang: str, fmt: str) -> Path:
    return GOLDEN / f"diff.{a}.{b}.{lang}.{fmt}"


def check_golden(path: Path, actual: str) -> None:
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(actual.encode("utf-8"))
        return
    if not path.exists():
        pytest.fail(f"golden file {path.relative_to(GOLDEN.parent.parent.parent)} is missing (a newly shipped "
                    f"ruleset or a new language?): make it with `{UPDATE_ENV}=1 pytest tests/render`, then review "
                    "and commit it (docs/sheets.md)")
    expected = path.read_bytes().decode("utf-8")
    if actual != expected:
        lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden", "rendered",
                                          lineterm="", n=2))
        shown = "\n".join(lines[:80]) + ("\n..." if len(lines) > 80 else "")
        pytest.fail(f"{path.name} differs from its golden file:\n{shown}\n{REFRESH}")


@pytest.mark.parametrize("name, lang, fmt", sheet_cases())
def test_a_sheet_matches_its_golden_file(name, lang, fmt):
    check_golden(sheet_file(name, lang, fmt), render_sheet(tr.load(name), fmt, lang))


@pytest.mark.parametrize("a, b, lang, fmt", diff_cases())
def test_a_diff_matches_its_golden_file(a, b, lang, fmt):
    check_golden(diff_file(a, b, lang, fmt), render_diff(tr.load(a), tr.load(b), fmt, lang))


def test_no_golden_file_is_left_over():
    expected = {sheet_file(*case) for case in sheet_cases()} | {diff_file(*case) for case in diff_cases()}
    stale = sorted(p for p in GOLDEN.glob("*") if p.is_file() and p not in expected)
    if stale and updating():
        for path in stale:
            path.unlink()
        return
    assert not stale, (f"golden files of no shipped ruleset: {[p.name for p in stale]}; delete them or run "
                       f"`{UPDATE_ENV}=1 pytest tests/render`, which removes them")
