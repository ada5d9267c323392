"""The Chinese pages are Chinese: every gallery house rule has a Chinese name and description (so
its Chinese sheet, card and tracker have a Chinese title), and the site's Chinese ruleset pages
have no English heading or line around the sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import site
from tractor_rules.render.sheet import build_sheet
from tractor_rules.titles import title_in

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "examples" / "house-rules"
GALLERY = sorted(FOLDER.glob("*.tractor"))
PAGE = ROOT / "docs" / "gallery.md"
CHINESE = re.compile(r"[\u4e00-\u9fff]")
#: an English word: three letters or more (ranks, suits and "BJ" are shorter)
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("path", GALLERY, ids=lambda p: p.stem)
def test_a_gallery_file_has_a_chinese_name_and_description(path):
    rules = tr.load(path)
    title = title_in(rules, "zh")
    assert title.missing == ()
    assert CHINESE.search(title.name) and CHINESE.search(title.description)
    assert "一墩" not in title.description  # 墩 reads as bridge: a trick is 一轮
    sheet = build_sheet(rules, "zh")
    assert sheet.title == title.name
    assert not any("照原文列出" in line for line in sheet.intro)  # "given only in another language"


def test_the_gallery_page_names_each_rule_in_chinese_too():
    # the page as committed: tests/test_gallery.py checks that it is what ``gallery.page`` makes
    page = PAGE.read_text(encoding="utf-8")
    for path in GALLERY:
        assert title_in(tr.load(path), "zh").name in page


def _outside_code(text: str) -> list[str]:
    lines, fenced = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


@pytest.mark.parametrize("name", tr.builtin_names())
def test_a_chinese_ruleset_page_has_no_english_heading_or_line_around_its_sheet(name):
    page = site.sheet_page(name, "zh")
    lines = _outside_code(page)
    headings = [line for line in lines if line.startswith("#")]
    assert headings and not [h for h in headings if ENGLISH_WORD.search(h)], headings
    assert "## 规则文件" in lines
    tail = page[page.rindex("\n---\n"):]
    assert "其他语言：[English]" in tail and f"`tractor-rules render {name} --format html --lang zh`" in tail
    assert "Other languages" not in page and "The ruleset file" not in page and "Print it" not in page
    english = site.sheet_page(name, "en")
    assert "## The ruleset file" in english and f"`tractor-rules render {name} --format html`." in english
