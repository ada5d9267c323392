"""The HTML sheets print: headless Chromium prints every shipped ruleset's sheet to PDF, in every
language, and the PDF must hold every section title on a sane number of A4 pages, each page with
the ruleset's name and its page number in the margin.

This test never skips: without Chromium it fails and says how to install it (Debian:
``apt-get install -y chromium``); without a Chinese font the Chinese sheets print as boxes, their
titles cannot be read back, and it fails naming the font package (``fonts-noto-cjk``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from pypdf import PdfReader

import tractor_rules as tr
from tractor_rules.render import languages, render_sheet
from tractor_rules.render.sheet import build_sheet

#: the sheets are printed once (the module's fixture), on the worker that runs the module
pytestmark = pytest.mark.xdist_group("sheet-print")

CASES = [(name, lang) for name in tr.builtin_names() for lang in languages()]
MAX_PAGES = 10  # a sheet, not a book: the longest (four decks) takes 7
A4 = (595, 842)
LETTER = (612, 792)


def chromium() -> str:
    for candidate in (shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("Chromium is not installed, so the HTML rule sheets cannot be printed and checked: install it "
                "with `apt-get install -y chromium` (Debian's package; the CI script installs it too)")


def print_to_pdf(html: Path, pdf: Path, fragment: str = "") -> None:
    with tempfile.TemporaryDirectory() as profile:
        command = [
            chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", f"--print-to-pdf={pdf}", "--no-pdf-header-footer",
            html.as_uri() + fragment,
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    if not pdf.is_file() or pdf.stat().st_size == 0:
        pytest.fail(f"Chromium printed nothing for {html.name} (exit {done.returncode}):\n{done.stderr[-2000:]}")


#: headless Chromium as Playwright starts it (Debian's; no browser is downloaded)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """Every shipped sheet printed once, by one Chromium driven by Playwright (as the card and the
    tracker are, tests/render/test_kinds_print.py): starting a Chromium for each of the 20 sheets
    took more time than printing them.  The page size is the sheet's own (its CSS), as when the
    command line prints, which the Letter test below does."""
    folder = tmp_path_factory.mktemp("sheets")
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page()
            for name, lang in CASES:
                html = folder / f"{name}.{lang}.html"
                html.write_text(render_sheet(tr.load(name), "html", lang), encoding="utf-8")
                page.goto(html.as_uri())
                pdf = folder / f"{name}.{lang}.pdf"
                pdf.write_bytes(page.pdf(prefer_css_page_size=True))
                out[(name, lang)] = pdf
        finally:
            browser.close()
    return out


def squeeze(text: str) -> str:
    """Text as compared: NFKC (PDF text may use CJK radicals for ideographs), without whitespace."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def loosely(text: str) -> re.Pattern[str]:
    """``text`` squeezed, each Chinese character also matching the CJK radicals: PDF text may spell
    页 with the radical ⻚, which NFKC leaves alone."""
    return re.compile("".join(f"[{re.escape(ch)}\u2e80-\u2fdf]" if ch >= "\u2e80" else re.escape(ch)
                              for ch in squeeze(text)))


PAGE_NUMBER = {"en": "page {page} of {pages}", "zh": "第 {page} 页，共 {pages} 页"}


def page_size(page) -> tuple[int, int]:
    return round(float(page.mediabox.width)), round(float(page.mediabox.height))


@pytest.mark.parametrize("name, lang", CASES)
def test_a_printed_sheet_holds_every_section_on_sane_a4_pages(printed, name, lang):
    reader = PdfReader(printed[(name, lang)])
    # each page's text extracted once (pypdf's extraction is most of the test's time)
    page_texts = [page.extract_text() for page in reader.pages]
    text = squeeze("".join(page_texts))
    if lang == "zh" and "\x00" in text:
        pytest.fail("the Chinese sheet printed as boxes: no Chinese font is installed; install one with "
                    "`apt-get install -y fonts-noto-cjk`")
    sheet = build_sheet(tr.load(name), lang)
    titles = [sheet.title, *(section.title for section in sheet.sections), sheet.labels.glossary]
    missing = [t for t in titles if squeeze(t) not in text]
    assert not missing, f"section titles missing from the PDF: {missing}"
    assert 1 <= len(reader.pages) <= MAX_PAGES
    assert all(page_size(page) == A4 for page in reader.pages)
    for number, page_text in enumerate(map(squeeze, page_texts), 1):
        footer = [sheet.title, PAGE_NUMBER[lang].format(page=number, pages=len(reader.pages))]
        assert all(loosely(words).search(page_text) for words in footer), f"page {number} lacks {footer}"


def test_the_letter_variant_prints_on_letter_paper(tmp_path):
    html = tmp_path / "sheet.html"
    html.write_text(render_sheet(tr.load("two-decks"), "html"), encoding="utf-8")
    print_to_pdf(html, tmp_path / "a4.pdf")
    print_to_pdf(html, tmp_path / "letter.pdf", "#letter")
    assert all(page_size(page) == A4 for page in PdfReader(tmp_path / "a4.pdf").pages)
    assert all(page_size(page) == LETTER for page in PdfReader(tmp_path / "letter.pdf").pages)
