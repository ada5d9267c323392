"""The documentation site's rule sheets are current: the committed pages equal fresh renders,
and every page is in the site's navigation."""

from __future__ import annotations

from pathlib import Path

from tractor_rules.render import site

DOCS = Path(__file__).resolve().parents[2] / "docs"
REFRESH = "refresh with: python -m tractor_rules.render.site docs/rulesets (and paste the nav it prints into mkdocs.yml)"


def test_committed_sheet_pages_are_current():
    folder = DOCS / "rulesets"
    wanted = site.pages()
    present = {p.name for p in folder.glob("*.md")}
    assert present == set(wanted), REFRESH
    for name, text in wanted.items():
        assert (folder / name).read_text(encoding="utf-8") == text, f"docs/rulesets/{name} is stale; {REFRESH}"


def test_every_sheet_page_is_in_the_nav():
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    for line in site.nav():
        assert line in config, f"mkdocs.yml lacks {line.strip()!r}; {REFRESH}"
