"""What the card and the tracker hold beyond the common rules: the ruleset's own house rules, how
Finding Friends calls its friends, and on the card, where the page has room, the declaring ladder,
tractors and throws.  Whether the page has room is estimated (``render/fit.py``); that the pages
the estimate finds fullest do print on one page is tests/render/test_kinds_print.py."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet
from tractor_rules.render.card import FILL_ORDER, HOUSE, SIZES, Card, build_card, fill, fits
from tractor_rules.render.sheet import build_sheet
from tractor_rules.render.tracker import MIN_ROWS, PAGE_HEIGHT, ROWS, Tracker, build_tracker, height

ROOT = Path(__file__).resolve().parents[2]
GALLERY = sorted((ROOT / "examples" / "house-rules").glob("*.tractor"))
EVERY = [*tr.builtin_names(), *(str(path) for path in GALLERY)]


#: the tests of every ruleset and gallery file read the same cards and trackers: built once for the
#: module (they are frozen), on the one worker that runs it, instead of three times over
pytestmark = pytest.mark.xdist_group("kinds-contents")


def load(name: str) -> tr.Rules:
    return tr.load(name)


@cache
def card_and_tracker(name: str, lang: str) -> tuple[tr.Rules, Card, Tracker]:
    rules = tr.load(name)
    return rules, build_card(rules, lang), build_tracker(rules, lang)


def card_keys(card) -> list[str]:
    return [item.key for section in card.sections for item in section.items]


def house_keys(rules: tr.Rules, lang: str) -> list[str]:
    return [item.key for item in build_sheet(rules, lang).items() if item.house]


# --- the ruleset's own house rules ---------------------------------------------------------------


@pytest.mark.parametrize("path", GALLERY, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_gallery_files_card_and_tracker_hold_its_own_rule(path, lang):
    rules, card, tracker = card_and_tracker(str(path), lang)
    own = house_keys(rules, lang)
    assert own
    assert set(own) <= set(card_keys(card))
    # the upgrade table, and the number it reads (its title says it), are the tracker's own
    on_tracker = {item.key for item in tracker.house} | ({"thresholds", "counted"} if tracker.outcome else set())
    if tracker.house_more:  # too many for the page: the first of them, and a line counting the others
        assert tracker.house and {item.key for item in tracker.house} <= set(own)
    else:
        assert set(own) <= on_tracker


def test_the_defended_levels_are_on_their_card_and_tracker_in_words():
    rules = tr.load(ROOT / "examples" / "house-rules" / "L02-defend-levels.tractor")
    defended = "Levels 5, 10, K and A must be defended"
    card = build_card(rules)
    assert card.sections[0].key == HOUSE and card.sections[0].title == "House rules"
    assert card.sections[0].items[0].text.startswith(defended)
    for kind, fmt in (("card", "txt"), ("card", "md"), ("card", "html"), ("tracker", "html")):
        assert defended in render_sheet(rules, fmt, kind=kind)
    zh = render_sheet(rules, "html", "zh", kind="tracker")
    assert "本桌规则" in zh and "必须坐庄打过" in zh


def test_a_house_rule_the_card_holds_in_its_own_section_keeps_its_badge_there():
    rules = tr.load("house-finding-friends")
    card = build_card(rules)
    sections = {section.key: section for section in card.sections}
    assert {item.key for item in sections["friends"].items if item.house} >= {"table.players"}
    assert all(not item.house for item in sections[HOUSE].items)
    assert "table.players" not in {item.key for item in sections[HOUSE].items}


def test_a_house_rule_the_card_leaves_out_of_its_parts_is_in_its_house_section():
    # the penalty for a wrong follow is not on the card, unless the house file sets it
    rules = tr.loads('extends: "two-decks"\nruleset: "R"\nfollow\n  revoke penalty: 10 points\n', "r.tractor")
    card = build_card(rules)
    assert [item.key for item in card.sections[0].items] == ["following.revoke_penalty"]
    assert "following.revoke_penalty" not in card_keys(build_card(tr.load("two-decks")))


def test_without_house_rules_neither_has_a_house_section_and_the_tracker_keeps_its_rows():
    rules = tr.load("two-decks")
    assert HOUSE not in {section.key for section in build_card(rules).sections}
    tracker = build_tracker(rules)
    assert tracker.house == () and tracker.rows == ROWS
    assert "House rules" not in render_sheet(rules, "html", kind="tracker")


# --- Finding Friends -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_finding_friends_card_says_how_friends_are_called(lang):
    rules = tr.load("house-finding-friends")
    card = build_card(rules, lang)
    friends = next(section for section in card.sections if section.key == "friends")
    assert [item.key for item in friends.items] == ["table.players", "table.call_limits", "table.count_banker_copies",
                                                    "winning.friends_tricks"]
    assert friends.title == ("Finding friends" if lang == "en" else "找朋友")
    text = render_sheet(rules, "txt", lang, kind="card")
    words = " ".join(text.split()) if lang == "en" else "".join(text.split())
    assert ("the banker calls 2 cards" if lang == "en" else "庄家拿底牌后叫2张牌") in words
    assert "friends" not in {section.key for section in build_card(tr.load("two-decks"), lang).sections}


# --- the room left on the card -------------------------------------------------------------------


def test_the_card_fills_its_empty_room_with_the_ladder_tractors_and_throws_in_that_order():
    assert FILL_ORDER == ("declaring", "combinations", "leading")
    two = build_card(tr.load("two-decks"))
    assert "declaring.ladder" in card_keys(two) and "leading.throws" in card_keys(two)
    ladder = next(item for item in build_sheet(tr.load("two-decks")).items() if item.key == "declaring.ladder")
    assert ladder in [item for section in two.sections for item in section.items]
    assert "During the deal a player declares trump" in render_sheet(tr.load("two-decks"), "txt", kind="card")
    # the optional parts sit where a hand meets them: after the card order, before following
    keys = [section.key for section in two.sections]
    assert keys.index("order") < keys.index("declaring") < keys.index("leading") < keys.index("following")
    # four decks' follow lists leave no room in English
    full = build_card(tr.load("four-decks"))
    assert not {"declaring", "combinations", "leading"} & {section.key for section in full.sections}


def test_a_game_without_tractors_has_no_tractor_part():
    card = build_card(tr.load("one-deck"))
    assert "combinations" not in {section.key for section in card.sections}
    assert {"declaring", "leading"} <= {section.key for section in card.sections}


@pytest.mark.parametrize("name", EVERY, ids=lambda n: Path(n).stem)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_card_and_tracker_is_estimated_to_fit_one_page(name, lang):
    _, card, tracker = card_and_tracker(name, lang)
    assert fits(card) and card.size in SIZES, (fill(card), card.size)
    assert MIN_ROWS <= tracker.rows <= ROWS
    assert tracker.rows == ROWS or tracker.house  # rows give way to house rules only
    # without house rules, and at its fewest rows, a tracker may be estimated over the page: the
    # estimate runs long, and the print test prints those trackers
    assert height(tracker) <= PAGE_HEIGHT or tracker.rows in (MIN_ROWS, ROWS)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_house_rules_too_many_for_the_page_are_printed_as_far_as_they_fit_and_counted(lang):
    """F5's eight follow lists leave no room for the fewest rows: the tracker prints the first of
    them, in the sheet's order, and says how many more the sheet holds, on one page."""
    rules = tr.load(ROOT / "examples" / "house-rules" / "F5-follow-duties-add-up.tractor")
    tracker = build_tracker(rules, lang)
    sheet_rules = [item.text for item in build_sheet(rules, lang).items()
                   if item.house and item.key not in ("thresholds", "counted")]  # the tracker's own table shows those
    assert 0 < len(tracker.house) < len(sheet_rules)
    assert [item.text for item in tracker.house] == sheet_rules[:len(tracker.house)]
    left = len(sheet_rules) - len(tracker.house)
    assert tracker.house_more == {"en": f"… and {left} more house rules: see the rule sheet.",
                                  "zh": f"……另有 {left} 条本桌规则，见规则表。"}[lang]
    assert height(tracker) <= PAGE_HEIGHT and tracker.rows >= MIN_ROWS
    assert tracker.house_more in render_sheet(rules, "html", lang, kind="tracker")
    # a tracker whose house rules fit prints them all, with no such line
    assert build_tracker(tr.load(ROOT / "examples" / "house-rules" / "D19-level-cards-up-to-three.tractor"),
                         lang).house_more == ""


def test_a_card_too_full_for_its_text_takes_a_smaller_one_rather_than_a_second_page():
    rules = tr.load(ROOT / "examples" / "house-rules" / "FF06-solo-banker-table.tractor")
    card = build_card(rules)
    assert card.size < SIZES[0] and fits(card)
    assert f"font-size: {card.size}pt" in render_sheet(rules, "html", kind="card")
    assert build_card(tr.load("two-decks")).size == SIZES[0]


def test_the_print_test_prints_the_fullest_pages():
    from test_kinds_print import SAMPLE  # the print test's own list

    for lang in ("en", "zh"):
        cards = {name: card_and_tracker(name, lang)[1] for name in EVERY}
        fullest = max(fill(card) for card in cards.values())
        assert any(fill(cards[name]) == fullest for name in SAMPLE["card"])
        smallest = min(card.size for card in cards.values())
        assert any(cards[name].size == smallest for name in SAMPLE["card"])
        # a tracker without house rules has the layout two decks prints; the others vary with them
        trackers = {name: card_and_tracker(name, lang)[2] for name in EVERY}
        housed = {name: tracker for name, tracker in trackers.items() if tracker.house}
        tallest = max(height(tracker) for tracker in housed.values())
        assert any(height(housed[name]) == tallest for name in SAMPLE["tracker"] if name in housed)
        fewest = min(tracker.rows for tracker in housed.values())
        assert any(housed[name].rows == fewest for name in SAMPLE["tracker"] if name in housed)
