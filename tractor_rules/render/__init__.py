"""Rule sheets: printable, bilingual rules generated from a compiled ruleset.

    from tractor_rules.render import render_sheet, render_diff
    render_sheet(rules, format="html", lang="zh")
    render_sheet(rules, lang="zh", kind="card")          # or "tracker"; see kinds.py
    render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"))
"""

from .diff import render_diff
from .i18n import languages
from .render import FORMATS, render_sheet
from .sheet import build_sheet

__all__ = ["FORMATS", "build_sheet", "languages", "render_diff", "render_sheet"]
