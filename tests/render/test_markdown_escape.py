"""The Markdown sheet escapes only where Markdown would misread: run through Python-Markdown (what
the site uses), escaped text shows exactly as written, in every place a sheet puts text; and text
with nothing Markdown would misread is left as it is, for people who read the .md file."""

from __future__ import annotations

import html
import re

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.render import render_sheet
from tractor_rules.render.text import md_cell, md_escape, md_inline

EXTENSIONS = ["tables", "attr_list", "fenced_code", "admonition"]
TAG = re.compile(r"<[^>]+>")


def shown(markup: str) -> tuple[str, list[str]]:
    """The text a reader sees, blanks collapsed, and the tags around it."""
    out = markdown.markdown(markup, extensions=EXTENSIONS)
    tags = [t for t in TAG.findall(out)]
    return " ".join(html.unescape(TAG.sub(" ", out)).split()), tags


# what makes Markdown markup, with letters, digits, blanks and a few sheet characters
TEXT = st.text(alphabet="\\`*_{}[]()<>#+-=.!|&;:~ \n\tab1♥×拖", max_size=40)


@settings(max_examples=100)
@given(TEXT)
def test_a_paragraph_shows_as_written(text):
    seen, tags = shown(md_escape(text))
    assert seen == " ".join(text.split())
    assert set(tags) <= {"<p>", "</p>"}


@settings(max_examples=100)
@given(TEXT)
def test_a_heading_shows_as_written(text):
    seen, tags = shown("# " + md_inline(text))
    assert seen == " ".join(text.split())
    assert [t.split()[0].strip("<>") for t in tags] in (["h1", "/h1"], [])


@settings(max_examples=100)
@given(TEXT)
def test_a_list_item_and_a_quoted_item_show_as_written(text):
    for prefix in ("- ", "1. ", "> - "):
        seen, tags = shown(prefix + md_inline(text))
        assert seen == " ".join(text.split())
        assert {t for t in tags} <= {"<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>", "<blockquote>", "</blockquote>"}


@settings(max_examples=100)
@given(TEXT, TEXT)
def test_a_table_cell_shows_as_written(left, right):
    seen, tags = shown(f"| a | b |\n| --- | --- |\n| {md_cell(left)} | {md_cell(right)} |\n")
    assert seen == " ".join(["a", "b", *left.split(), *right.split()])
    assert sum(t == "<td>" for t in tags) == 2


@pytest.mark.parametrize("text", [
    "Tractor (two decks)",
    "Cards are written suit then rank (♥10 is the ten of hearts); BJ (big) and SJ (small).",
    "5 + 5 = 10 - 0, ×2 for a pair! A & B; 2 < 3 > 1 {four decks} ~ rbtying/shengji",
    "trick.rs and ordered_card.rs, 3333 44 beats AAKKQQ.",
    "升级 (拖拉机): 抠底 ×2",
])
def test_text_markdown_would_not_misread_is_left_as_written(text):
    assert md_escape(text) == md_inline(text) == md_cell(text) == text


@pytest.mark.parametrize("text, escaped", [
    ("# x", "\\# x"),
    ("- item", "\\- item"),
    ("12. one", "12\\. one"),
    ("a *b* _c_", "a \\*b\\* \\_c\\_"),
    ("[a](javascript:x)", "\\[a](javascript:x)"),
    ("<img src=x>", "&lt;img src=x>"),
    ("a | b", "a \\| b"),
])
def test_only_what_markdown_would_misread_is_escaped(text, escaped):
    assert (md_cell(text) if "|" in text else md_escape(text)) == escaped


def test_the_shipped_sheets_escape_nothing_needlessly():
    for name in tr.builtin_names():
        for lang in ("en", "zh"):
            sheet = render_sheet(tr.load(name), "md", lang)
            assert "\\(" not in sheet and "\\)" not in sheet, name
            assert not re.search(r"\\[^\[\]*_`|#.>+-]", sheet), name
