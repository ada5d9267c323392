"""Rule sheets: printable, bilingual rules generated from a compiled ruleset.

    from tractor_rules.render import render_sheet, render_diff
    render_sheet(rules, format="html", lang="zh")
    render_sheet(rules, lang="zh", kind="card")          # or "tracker"; see kinds.py
    render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .i18n import languages
from .render import FORMATS, render_sheet
from .sheet import build_sheet

if TYPE_CHECKING:
    from .diff import render_diff

__all__ = ["FORMATS", "build_sheet", "languages", "render_diff", "render_sheet"]


def __getattr__(name: str) -> Any:
    # the diff is loaded when it is first asked for: printing a sheet (the playground's every
    # answer) never needs it
    if name == "render_diff":
        from .diff import render_diff

        return render_diff
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
