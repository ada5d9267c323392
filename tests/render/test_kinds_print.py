"""The quick reference card and the score tracker print on exactly one page, A4 and Letter, in
every language, and the page carries the ruleset's name and its page number.  Printing takes
seconds a page, so a sample of rulesets is printed: four decks has the longest follow lists,
Finding Friends with six players the widest tracker (a level column per player), two decks the
common game, and the gallery files whose pages the estimate of ``render/fit.py`` finds fullest
(that estimate decides what else a card holds and how many rows a tracker keeps for the house
rules).  A timed match of 30 hands shows the tracker running over two pages, its headings and
footer on each.

One headless Chromium (Debian's, driven by Playwright; no browser is downloaded) prints every page
of the module.  Like the sheet's print test, this never skips: without Chromium it fails saying
how to install it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from pypdf import PdfReader
from test_sheet_print import A4, LETTER, PAGE_NUMBER, chromium, loosely, page_size, squeeze

import tractor_rules as tr
from tractor_rules.render import languages, render_sheet
from tractor_rules.render.card import build_card
from tractor_rules.render.tracker import build_tracker

#: the pages are printed once, by one browser (the module's fixture), on the worker that runs the module
pytestmark = pytest.mark.xdist_group("kinds-print")

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: what the page holds depends on the ruleset, and is estimated (render/fit.py): the sample holds
#: the pages the estimate finds fullest (checked by tests/render/test_kinds_contents.py), the card
#: squeezed into the smallest text and the tracker left with the fewest rows
SAMPLE = {
    "card": ("four-decks", "house-finding-friends", str(GALLERY / "K07-kitty-twice-the-cards.tractor"),
             str(GALLERY / "C06-mixed-bombs.tractor"), str(GALLERY / "FF06-solo-banker-table.tractor"),
             str(GALLERY / "A01-san-da-ha-auction.tractor"), str(GALLERY / "L30-ten-points-a-level.tractor")),
    "tracker": ("house-finding-friends", "two-decks", str(GALLERY / "FF06-solo-banker-table.tractor"),
                str(GALLERY / "D19-level-cards-up-to-three.tractor"), str(GALLERY / "L15-attackers-capped.tractor"),
                str(GALLERY / "A01-san-da-ha-auction.tractor"), str(GALLERY / "T06-constant-levels.tractor"),
                str(GALLERY / "L30-ten-points-a-level.tractor"), str(GALLERY / "D26-overturn-at-own-level.tractor"),
                str(GALLERY / "F5-follow-duties-add-up.tractor")),
}
PAPERS = {"": A4, "#letter": LETTER}
CASES = [(kind, name, lang, fragment) for kind, names in SAMPLE.items() for name in names
         for lang in languages() for fragment in PAPERS]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


#: a timed match of more hands than a page holds: its tracker runs over two pages
TIMED = ("timed", 'extends: "two-decks"\nruleset: "Timed match"\nlevels\n  game end: after 30 hands\n')


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[tuple[str, str, str, str], PdfReader]:
    """Every case, and the tracker of the timed match, printed to PDF by one browser."""
    folder = tmp_path_factory.mktemp("kinds")
    pages = {(kind, name, lang): render_sheet(tr.load(name), "html", lang, kind=kind)
             for kind, name, lang in dict.fromkeys(case[:3] for case in CASES)}
    pages[("tracker", TIMED[0], "en")] = render_sheet(tr.loads(TIMED[1], str(folder / "timed.tractor")), "html",
                                                      kind="tracker")
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page()
            for (kind, name, lang), text in pages.items():
                html = folder / f"{Path(name).stem}.{kind}.{lang}.html"
                html.write_text(text, encoding="utf-8")
                for fragment in PAPERS:
                    page.goto(html.as_uri() + fragment)
                    pdf = folder / f"{Path(name).stem}.{kind}.{lang}{fragment.replace('#', '.')}.pdf"
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


@pytest.mark.parametrize("fragment", PAPERS)
def test_a_timed_match_has_a_tracker_row_per_hand_over_two_pages_each_with_the_headings(printed, fragment):
    reader = printed[("tracker", TIMED[0], "en", fragment)]
    assert len(reader.pages) == 2
    extracted = [page.extract_text() for page in reader.pages]  # once a page: pypdf's extraction is slow
    texts = [squeeze(text) for text in extracted]
    for number, text in enumerate(texts, 1):
        assert loosely(PAGE_NUMBER["en"].format(page=number, pages=2)).search(text)
        assert squeeze("Timed match") in text and squeeze("Attackers' points") in text  # the header repeats
    rows = [int(n) for n in re.findall(r"\b(\d{1,2})\b", " ".join(extracted))]
    assert set(range(1, 31)) <= set(rows)
    assert "The game ends after 30 hands" in extracted[1].replace("\n", " ")
