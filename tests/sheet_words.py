"""What the tests of a rule's sheet sentences share: a sheet's words as one string."""

from __future__ import annotations

from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules


def sheet_text(rules: Rules, lang: str) -> str:
    """Every item of the rule sheet of ``rules`` in ``lang``, its text and its points, joined."""
    sheet = build_sheet(rules, lang)
    return " ".join(" ".join((item.text,) + item.points) for section in sheet.sections for item in section.items)
