"""The quick reference card and the score tracker print on exactly one page, A4 and Letter, in
every language, and the page carries the ruleset's name and its page number.  Printing takes
seconds a page, so a sample of rulesets is printed: four decks has the longest card (the most
follow lists), Finding Friends with six players the widest tracker (a level column per player),
two decks the common game.

One headless Chromium (Debian's, driven by Playwright; no browser is downloaded) prints every page
of the module.  Like the sheet's print test, this never skips: without Chromium it fails saying
how to install it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright
from pypdf import PdfReader
from test_sheet_print import A4, LETTER, PAGE_NUMBER, chromium, loosely, page_size, squeeze

import tractor_rules as tr
from tractor_rules.render import languages, render_sheet
from tractor_rules.render.card import build_card
from tractor_rules.render.tracker import build_tracker

SAMPLE = {"card": ("four-decks", "house-finding-friends"), "tracker": ("house-finding-friends", "two-decks")}
PAPERS = {"": A4, "#letter": LETTER}
CASES = [(kind, name, lang, fragment) for kind, names in SAMPLE.items() for name in names
         for lang in languages() for fragment in PAPERS]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[tuple[str, str, str, str], PdfReader]:
    """Every case printed to PDF by one browser."""
    folder = tmp_path_factory.mktemp("kinds")
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page()
            for kind, name, lang in dict.fromkeys(case[:3] for case in CASES):
                html = folder / f"{name}.{kind}.{lang}.html"
                html.write_text(render_sheet(tr.load(name), "html", lang, kind=kind), encoding="utf-8")
                for fragment in PAPERS:
                    page.goto(html.as_uri() + fragment)
                    pdf = folder / f"{name}.{kind}.{lang}{fragment.replace('#', '.')}.pdf"
                    pdf.write_bytes(page.pdf(prefer_css_page_size=True, print_background=True))
                    out[(kind, name, lang, fragment)] = PdfReader(pdf)
        finally:
            browser.close()
    return out


def _words(kind: str, name: str, lang: str) -> list[str]:
    """Words the printed page must show: the title and what the kind is, and its headings."""
    if kind == "card":
        card = build_card(tr.load(name), lang)
        return [card.title, card.heading, *(section.title for section in card.sections)]
    tracker = build_tracker(tr.load(name), lang)
    return [tracker.title, tracker.heading, *tracker.hand_columns, *tracker.level_columns]


@pytest.mark.parametrize("kind, name, lang, fragment", CASES)
def test_it_prints_on_exactly_one_page_of_the_paper_asked_for(printed, kind, name, lang, fragment):
    reader = printed[(kind, name, lang, fragment)]
    assert len(reader.pages) == 1, f"the {kind} of {name} ({lang}{fragment}) takes {len(reader.pages)} pages"
    assert page_size(reader.pages[0]) == PAPERS[fragment]


@pytest.mark.parametrize("kind, name, lang", [case[:3] for case in CASES if not case[3]])
def test_the_printed_page_shows_its_headings_the_name_and_the_page_number(printed, kind, name, lang):
    text = squeeze(printed[(kind, name, lang, "")].pages[0].extract_text())
    if lang == "zh" and "\x00" in text:
        pytest.fail("the Chinese page printed as boxes: install a Chinese font (`apt-get install -y fonts-noto-cjk`)")
    missing = [w for w in _words(kind, name, lang) if not loosely(w).search(text)]
    assert not missing, f"missing from the printed {kind}: {missing}"
    assert loosely(PAGE_NUMBER[lang].format(page=1, pages=1)).search(text)
