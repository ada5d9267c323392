"""The table of codes: every code is documented under its anchor, raised somewhere in the package,
and the error corpus and the docs' examples use codes of the table only."""

from __future__ import annotations

import re
from pathlib import Path

from tractor_rules import codes

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tractor_rules"


def constant_names() -> dict[str, str]:
    """code → the name of its constant in codes.py."""
    return {value: name for name, value in vars(codes).items()
            if name.isupper() and isinstance(value, str) and value in codes.CODES}


def test_every_code_is_documented_under_its_anchor():
    pages = {page: (ROOT / "docs" / page).read_text(encoding="utf-8") for page in ("errors.md", "lint.md")}
    for code, entry in codes.CODES.items():
        heading = re.compile(rf"^#+ {code} {re.escape(entry.name)} \{{ #{entry.anchor} \}}$", re.M)
        assert heading.search(pages[entry.page]), f"{code} has no section in docs/{entry.page}"


def test_every_code_is_raised_somewhere():
    sources = "\n".join(path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")
                        if path.name != "codes.py")
    names = constant_names()
    assert set(names) == set(codes.CODES)
    for code, name in names.items():
        assert re.search(rf"codes\.{name}\b", sources), f"{code} ({name}) is raised nowhere"


def test_the_corpus_uses_codes_of_the_table():
    seen = set()
    for path in (ROOT / "tests" / "bad").rglob("*.tractor"):
        seen.update(re.findall(r"^# expect: (?:[^:]+:)?\d+:\d+: ([EW]\d{3}):", path.read_text(encoding="utf-8"), re.M))
    assert seen and seen <= set(codes.CODES)
    # most kinds of error have a corpus file; the rest are tested where they need a file system
    # (resolution), a size (E012) or a Python argument (E014, E112)
    assert len(seen) >= 35


def test_codes_are_well_formed_and_severities_follow_the_letter():
    for code, entry in codes.CODES.items():
        assert re.fullmatch(r"[EW]\d{3}", code) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry.name)
        assert entry.severity == ("error" if code[0] == "E" else "warning")
