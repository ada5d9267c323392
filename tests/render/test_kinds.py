"""What a ruleset prints as besides its sheet: the quick reference card and the score tracker, the
kind registry behind ``render_sheet(kind=...)`` and ``render --kind``, and the page footer every
printed kind shares.  (That they print on one page is tests/render/test_kinds_print.py.)"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.cli import main
from tractor_rules.commands.sheets import RENDER_KINDS
from tractor_rules.render import render_sheet
from tractor_rules.render.card import CARD_PARTS, HOUSE, build_card
from tractor_rules.render.kinds import KINDS
from tractor_rules.render.sheet import build_sheet
from tractor_rules.render.text import css_counters, css_string
from tractor_rules.render.tracker import MAX_ROWS, MIN_ROWS, ROWS, build_tracker

HTML_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


# --- the registry and its front ends ---------------------------------------------------------------


def test_the_command_line_offers_exactly_the_registered_kinds():
    assert RENDER_KINDS == tuple(KINDS)


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_kind_renders_in_each_of_its_formats(kind, lang):
    rules = tr.load("two-decks")
    for fmt in KINDS[kind].formats:
        out = render_sheet(rules, fmt, lang, kind=kind)
        assert out.endswith("\n") and not out.endswith("\n\n")
        assert ("Tractor" if lang == "en" else "拖拉机") in out  # the title, in the sheet's language


def test_without_a_format_each_kind_takes_its_own_default():
    rules = tr.load("two-decks")
    assert render_sheet(rules).startswith("# Tractor")  # the sheet: Markdown, as before
    assert render_sheet(rules, kind="card").startswith("<!DOCTYPE html>")
    assert render_sheet(rules, kind="tracker").startswith("<!DOCTYPE html>")


def test_unknown_kinds_and_formats_a_kind_lacks_are_refused_naming_the_choices():
    rules = tr.load("two-decks")
    with pytest.raises(ValueError, match="unknown kind 'poster': choose one of sheet, card, tracker"):
        render_sheet(rules, kind="poster")
    with pytest.raises(ValueError, match="the tracker is written in html, not md"):
        render_sheet(rules, "md", kind="tracker")
    with pytest.raises(ValueError, match="unknown format 'pdf'"):
        render_sheet(rules, "pdf", kind="card")


def test_the_facade_renders_every_kind():
    text = 'extends: "two-decks"\nruleset: "Ours"\ndescription: "d"\n'
    for kind in KINDS:
        result = facade.render(text, "ours.tractor", lang="zh", kind=kind)
        assert result["diagnostics"] == []
        assert result["output"] == render_sheet(tr.loads(text, "ours.tractor"), "html", "zh", kind=kind)
    assert facade.render(text, fmt="txt", kind="card")["output"].startswith("Ours · Quick reference\n")
    with pytest.raises(ValueError, match="the tracker is written in html, not txt"):
        facade.render(text, fmt="txt", kind="tracker")
    with pytest.raises(ValueError, match="unknown kind 'poster'"):
        facade.render(text, kind="poster")


def test_render_kind_on_the_command_line(capsys, tmp_path):
    out = tmp_path / "card.html"
    assert main(["render", "four-decks", "--kind", "card", "--lang", "zh", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render_sheet(tr.load("four-decks"), "html", "zh", kind="card")
    assert main(["render", "--kind", "card", "--format", "txt"]) == 0
    assert capsys.readouterr().out == render_sheet(tr.load("two-decks"), "txt", kind="card")


def test_a_kind_in_a_format_it_lacks_is_one_line_and_exit_2_with_no_file(capsys, tmp_path):
    out = tmp_path / "tracker.md"
    assert main(["render", "--kind", "tracker", "--format", "md", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == "tractor-rules render: the tracker is written in html, not md\n"
    assert not out.exists()


def test_an_unknown_kind_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["render", "--kind", "poster"])
    assert stop.value.code == 2
    assert "invalid choice: 'poster'" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["card", "tracker"])
def test_the_printed_kinds_are_self_contained_pages_for_a4_and_letter(kind):
    out = render_sheet(tr.load("house-finding-friends"), "html", kind=kind)
    for outside in ("http:", "https:", "<script", "<link", "@import", "url(", "<img", "src="):
        assert outside not in out
    assert re.search(r"@page \{\s*size: A4;", out) and "@page letter { size: letter;" in out
    assert '<span id="letter"></span>' in out and "body:has(#letter:target) { page: letter; }" in out


# --- the card ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["two-decks", "four-decks", "house-finding-friends"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_card_says_what_the_sheet_says_for_the_rules_it_keeps(name, lang):
    sheet = build_sheet(tr.load(name), lang)
    card = build_card(tr.load(name), lang)
    sheet_items = {it.key: it for it in sheet.items()}
    order = [HOUSE, *(part.key for part in CARD_PARTS)]
    keys = [s.key for s in card.sections]
    assert keys == sorted(keys, key=order.index)  # the parts' order, the house rules first
    for section in card.sections:
        for item in section.items:
            assert item.kind == "rule"
            if section.key == HOUSE:  # under their own heading the house rules need no badge
                assert sheet_items[item.key].house and item == replace(sheet_items[item.key], house=False)
            else:
                assert item == sheet_items[item.key]  # the same words, list, table and house mark
    kept = {it.key for s in card.sections for it in s.items}
    # card order, every follow list, the kitty multiplier, the upgrade table
    assert {"trumps.order", "order.side", "kitty.multiplier", "thresholds"} <= kept
    assert {k for k, it in sheet_items.items() if k.startswith("following.lists.") and it.kind == "rule"} <= kept
    assert card.title == sheet.title


def test_the_card_is_in_the_language_asked_for():
    html = render_sheet(tr.load("four-decks"), "html", "zh", kind="card")
    for words in ("速查卡", "牌的大小", "跟牌", "底牌", "闲家得分", '"第 " counter(page)'):
        assert words in html
    assert '<html lang="zh-Hans">' in html


def test_the_card_marks_house_rules():
    card = build_card(tr.load("house-finding-friends"))
    marked = [it.key for s in card.sections for it in s.items if it.house]
    assert "solo_thresholds" in marked
    assert "house rule" in render_sheet(tr.load("house-finding-friends"), "txt", kind="card")


def test_the_card_in_text_and_markdown_escapes_and_wraps():
    rules = tr.loads('ruleset: "Ours *not emphasis* (x)"\ndescription: "d"\n', "ours.tractor")
    md = render_sheet(rules, "md", kind="card")
    assert md.splitlines()[0] == "# Ours \\*not emphasis\\* (x) · Quick reference"
    txt = render_sheet(rules, "txt", "zh", kind="card")
    assert txt.splitlines()[0] == "Ours *not emphasis* (x) · 速查卡"
    assert max(len(line) for line in txt.splitlines() if line.isascii()) <= 78


# --- the tracker ---------------------------------------------------------------------------------


def test_a_team_game_tracks_one_level_per_team():
    tracker = build_tracker(tr.load("two-decks"))
    assert tracker.level_columns == ("Seats 1, 3", "Seats 2, 4")
    assert tracker.hand_columns == ("Hand no.", "Banker", "Trump", "Attackers' points")
    assert tracker.start_level == "2" and tracker.rows == ROWS
    six = build_tracker(tr.load("house-six-players"))
    assert six.level_columns == ("Seats 1, 3, 5", "Seats 2, 4, 6")
    assert six.blanks == ("Date", *(f"Seat {n}" for n in range(1, 7)))


def test_finding_friends_tracks_levels_per_player_and_the_called_cards():
    tracker = build_tracker(tr.load("house-finding-friends"), "zh")
    assert tracker.level_columns == tuple(f"{n}号位" for n in range(1, 7))
    assert tracker.hand_columns == ("局", "庄家", "主", "叫的牌", "朋友", "闲家得分")
    html = render_sheet(tr.load("house-finding-friends"), "html", "zh", kind="tracker")
    assert html.count('<td class="level">2</td>') == 6  # everyone starts at 2
    # its house rules (the calls, the deal, who banks next...) take the room of a few rows
    assert html.count('<td class="num">') == tracker.rows and MIN_ROWS <= tracker.rows < ROWS


def test_a_timed_match_gets_one_row_per_hand_and_says_how_it_ends():
    rules = tr.loads('ruleset: "Timed"\ndescription: "d"\nlevels\n  game end: after 12 hands\n  range: 3 to A\n',
                     "timed.tractor")
    tracker = build_tracker(rules)
    assert tracker.rows == 12 and tracker.start_level == "3"
    assert "The game ends after 12 hands; the highest level wins." in tracker.notes
    assert "Levels, from the first: 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A." in tracker.notes
    long_match = tr.loads('ruleset: "Long"\ndescription: "d"\nlevels\n  game end: after 500 hands\n', "long.tractor")
    assert build_tracker(long_match).rows == MAX_ROWS  # a few pages; then a fresh tracker


def test_the_tracker_repeats_the_sheets_upgrade_table():
    rules = tr.load("four-decks")
    table = next(it.table for it in build_sheet(rules).items() if it.key == "thresholds")
    assert build_tracker(rules).outcome == table


# --- the page footer -----------------------------------------------------------------------------


def test_css_strings_cannot_leave_their_quotes_or_the_style_element():
    assert css_string('a"b\\c</style>\n拖 (x)') == '"a\\22 b\\5c c\\3c \\2f style\\3e \\a 拖 (x)"'
    assert css_string("x'{}*&") == '"x\\27 \\7b \\7d \\2a \\26 "'
    assert css_counters("page %(page)s of %(pages)s") == '"page " counter(page) " of " counter(pages)'
    assert css_counters("第 %(page)s 页，共 %(pages)s 页") == '"第 " counter(page) " 页，共 " counter(pages) " 页"'
    assert css_counters("%(page)s/%(pages)s") == 'counter(page) "\\2f " counter(pages)'


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_printed_kind_puts_the_name_and_page_number_in_the_margin(kind):
    title = 'Evil "name" </style><script>alert(1)</script>'
    rules = tr.loads(f'ruleset: "{title.replace(chr(34), chr(92) + chr(34))}"\ndescription: "d"\n', "evil.tractor")
    html = render_sheet(rules, "html", kind=kind)
    style = HTML_STYLE.search(html).group(1)
    assert f"@bottom-left {{ content: {css_string(title)};" in style
    assert '@bottom-right { content: "page " counter(page) " of " counter(pages);' in style
    assert "<script>" not in html and html.count("</style>") == 1
    zh = HTML_STYLE.search(render_sheet(rules, "html", "zh", kind=kind)).group(1)
    assert css_counters("第 %(page)s 页，共 %(pages)s 页") in zh
