"""The documentation site as a reader gets it: the HTML that `mkdocs build` writes (built once for
the whole run), not the Markdown it is made from.

- the examples' lists on the ruleset pages are lists;
- cards are coloured as on the HTML sheet (♥♦ red, ♠♣ black), outside code;
- the site's own search, run in node over the built index, finds Chinese words."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet

REPO = Path(__file__).resolve().parent.parent.parent
SEARCH_SCRIPT = Path(__file__).resolve().parent / "search.js"
RULESET_PAGES = sorted((REPO / "docs" / "rulesets").glob("*.md"))


#: one worker runs this module and the playground's, which read the same build of the site
pytestmark = pytest.mark.xdist_group("site")


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    """The site, built once for the whole run (tests/conftest.py)."""
    return built_site


def html_of(site: Path, page: Path) -> str:
    return (site / "rulesets" / page.stem / "index.html").read_text(encoding="utf-8")


class _Content(HTMLParser):
    """The page's main content: list items inside quotes, and every suit glyph of its text with the
    classes of the element around it (None inside code)."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str]] = []
        self._texts: list[list[str]] = []  # the text inside each open element
        self.quoted_items: list[str] = []
        self.quoted_paragraph_lines: list[str] = []
        self.glyphs: list[tuple[str, str | None]] = []
        self._main_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "hr", "input", "meta", "link"):
            return
        classes = dict(attrs).get("class") or ""
        if self._main_depth is None and dict(attrs).get("role") == "main":
            self._main_depth = len(self.open)
        self.open.append((tag, classes))
        self._texts.append([])

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1][0] != tag:
            return
        tags = [t for t, _ in self.open]
        text = "".join(self._texts.pop())
        if "blockquote" in tags:
            if tag == "li":
                self.quoted_items.append(text.strip())
            elif tag == "p":
                self.quoted_paragraph_lines.extend(text.splitlines())
        self.open.pop()
        if self._main_depth is not None and len(self.open) <= self._main_depth:
            self._main_depth = None

    def handle_data(self, data: str) -> None:
        for text in self._texts:
            text.append(data)
        if self._main_depth is None:
            return
        in_code = any(tag in ("pre", "code") for tag, _ in self.open)
        for glyph in re.findall("[♥♦♠♣]", data):
            self.glyphs.append((glyph, None if in_code else self.open[-1][1]))


def content(html: str) -> _Content:
    parsed = _Content()
    parsed.feed(html)
    return parsed


@pytest.mark.parametrize("page", [p for p in RULESET_PAGES if p.name != "index.md"], ids=lambda p: p.stem)
def test_the_examples_lists_are_lists(site, page):
    source_items = [line[4:] for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("> - ")]
    parsed = content(html_of(site, page))
    assert len(parsed.quoted_items) == len(source_items) > 0
    # no item ran into the sentence before it as "... - lead ♥A ♥A, ..."
    assert not [line for line in parsed.quoted_paragraph_lines if line.lstrip().startswith("- ")]


def test_an_example_list_reads_item_by_item(site):
    items = content(html_of(site, REPO / "docs" / "rulesets" / "two-decks.md")).quoted_items
    assert "lead ♥A ♥A, hand ♥K ♥K ♥2 ♣5 ♣3: ♥K ♥K is a legal reply, ♥K ♥2 is not" in items


@pytest.mark.parametrize("page", [p for p in RULESET_PAGES if p.name != "index.md"], ids=lambda p: p.stem)
def test_cards_are_coloured_outside_code(site, page):
    glyphs = content(html_of(site, page)).glyphs
    coloured = [(glyph, classes) for glyph, classes in glyphs if classes is not None]
    assert coloured, "a ruleset page shows cards"
    wrong = [(glyph, classes) for glyph, classes in coloured
             if classes != ("card red" if glyph in "♥♦" else "card black")]
    assert wrong == []


def test_the_site_colours_cards_as_the_html_sheet_does(site):
    sheet = render_sheet(tr.load("two-decks"), "html")
    red = re.search(r"--red: (#[0-9a-f]{6})", sheet).group(1)
    css = (site / "extra.css").read_text(encoding="utf-8")
    assert re.search(r"\.card\.red \{ color: " + red, css)
    assert '<link href="../../extra.css" rel="stylesheet"' in html_of(site, RULESET_PAGES[-1])
    # the text of ruleset files and commands is left alone
    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert 'class="card' not in "".join(re.findall(r"<pre.*?</pre>", cli, re.S))


# --- search --------------------------------------------------------------------------------------

CHINESE_WORDS = ["拖拉机", "抠底", "甩牌", "庄家"]


def search(site: Path, *queries: str) -> dict[str, list[str]]:
    node = shutil.which("node")
    assert node, "the search test runs the site's search in node (scripts/test installs nodejs)"
    done = subprocess.run([node, str(SEARCH_SCRIPT), str(site), *queries],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def found(site) -> dict[str, list[str]]:
    return search(site, *CHINESE_WORDS, "kitty", "抠底 甩牌", "xyzzyplugh")


def page_text(site: Path, location: str) -> str:
    return (site / location.split("#")[0] / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("word", CHINESE_WORDS)
def test_a_chinese_word_finds_the_pages_that_have_it(site, found, word):
    pages = {location.split("#")[0] for location in found[word]}
    zh_sheets = {f"rulesets/{p.stem}/" for p in RULESET_PAGES if p.stem.endswith(".zh")
                 and word in p.read_text(encoding="utf-8")}
    assert zh_sheets, f"the Chinese sheets use {word}"
    assert zh_sheets <= pages
    assert all(word in page_text(site, location) for location in pages)


def test_english_and_several_words_still_work(site, found):
    assert "rulesets/two-decks/" in {location.split("#")[0] for location in found["kitty"]}
    both = {location.split("#")[0] for location in found["抠底 甩牌"]}
    assert both >= {location.split("#")[0] for location in found["抠底"]}
    assert found["xyzzyplugh"] == []
