"""The rule sheets of the shipped rulesets, as pages of the documentation site.

    python -m tractor_rules.render.site docs/rulesets

writes one page per shipped ruleset and language, and an index.  A test compares the committed
pages with fresh ones, so the site can never show a sheet the rulesets no longer produce.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..api import builtin_names, load
from ..resources import builtin_path
from .i18n import _, language
from .render import render_sheet

LANGUAGES = {"en": "English", "zh": "中文"}


def page_name(name: str, lang: str) -> str:
    return f"{name}.md" if lang == "en" else f"{name}.{lang}.md"


def print_command(name: str, lang: str) -> str:
    """The command that prints the sheet as shown: in its language."""
    return f"tractor-rules render {name} --format html" + ("" if lang == "en" else f" --lang {lang}")


def sheet_page(name: str, lang: str) -> str:
    """The page of one shipped ruleset in ``lang``: its sheet, then the ruleset file, every word
    around them in the page's language too (the file itself is as written)."""
    rules = load(name)
    path = builtin_path(name)
    assert path is not None
    others = " · ".join(
        f"[{label}]({page_name(name, other)})" for other, label in LANGUAGES.items() if other != lang
    )
    source = path.read_text(encoding="utf-8")
    with language(lang):
        links = _("Other languages: %(links)s. Print it: %(command)s.") % {
            "links": others, "command": f"`{print_command(name, lang)}`"}
        heading = _("The ruleset file")
        file = _("%(file)s:") % {"file": f"`{path.name}`"}
    return (
        render_sheet(rules, format="md", lang=lang)
        + f"\n---\n\n{links}\n"
        + f"\n## {heading}\n\n{file}\n\n```tractor\n{source}```\n"
    )


def index_page() -> str:
    lines = [
        "# Shipped rulesets",
        "",
        "The rule sheet of every ruleset that comes with tractor-rules, generated from the ruleset",
        "itself (`python -m tractor_rules.render.site docs/rulesets`). Each page ends with the",
        "ruleset file it was made from.",
        "",
        "| ruleset | sheet | 规则 |",
        "| --- | --- | --- |",
    ]
    for name in builtin_names():
        title = load(name).name
        lines.append(f"| `{name}` | [{title}]({page_name(name, 'en')}) | [中文]({page_name(name, 'zh')}) |")
    return "\n".join(lines) + "\n"


def pages() -> dict[str, str]:
    """File name → page text, for every page of the folder."""
    out = {"index.md": index_page()}
    for name in builtin_names():
        for lang in LANGUAGES:
            out[page_name(name, lang)] = sheet_page(name, lang)
    return out


def nav() -> list[str]:
    """The mkdocs.yml nav lines for the folder (docs/rulesets)."""
    lines = ["  - Shipped rulesets:", "      - rulesets/index.md"]
    for name in builtin_names():
        title = load(name).name
        lines.append(f"      - '{title}': rulesets/{page_name(name, 'en')}")
        lines.append(f"      - '{title} (中文)': rulesets/{page_name(name, 'zh')}")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tractor_rules.render.site FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    wanted = pages()
    for stale in folder.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    for file_name, text in wanted.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    print("\n".join(nav()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
