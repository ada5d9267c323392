"""The rules on cards on the sheet: which cards the banker may call and which a player may bury, in
English and Chinese.  A rule that only refuses cards by their own facts reads as a list (the
sentence ``called cards: not ...`` has always had, word for word); any other is said whole, of "the
card"; the burial rule says what a player who holds too few cards does."""

from __future__ import annotations

import dataclasses

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet

FRIENDS = 'ruleset: "House"\nextends: "house-finding-friends"\n\n'
TWO_DECKS = 'ruleset: "House"\nextends: "two-decks"\n\n'


def item(rules: tr.Rules, key: str, lang: str = "en") -> str:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}[key]


def called(condition: str) -> tr.Rules:
    return tr.loads(FRIENDS + f"table\n  called cards: {condition}\n", "x.tractor")


def buried(condition: str) -> tr.Rules:
    return tr.loads(TWO_DECKS + f"kitty\n  buried cards: {condition}  # lint: ignore W108\n", "x.tractor")


# what the sheets said before the limits became conditions (tractor-rules at 71835f5)
BEFORE = {
    "not trumps, not the highest card": (
        "The banker may not call trumps or the highest card of a suit (an ace, or a king when aces are trumps); "
        "what is trump is known by then.",
        "庄家不能叫主牌或一门花色中最大的牌（A；A是主牌时则为K）；叫牌时主牌已经确定。"),
    "not trumps": ("The banker may not call trumps; what is trump is known by then.", "庄家不能叫主牌；叫牌时主牌已经确定。"),
    "any": ("The banker may call any card, trumps included.", "庄家可以叫任何牌，主牌也可以叫。"),
}


@pytest.mark.parametrize("limits", list(BEFORE))
def test_the_limits_read_as_they_always_have(limits):
    rules = called(limits)
    assert (item(rules, "table.call_limits"), item(rules, "table.call_limits", "zh")) == BEFORE[limits]


@pytest.mark.parametrize("limits", [("trumps", "highest"), ("trumps",), ()])
def test_a_document_holding_the_limits_reads_as_the_condition_does(limits):
    compiled = called(", ".join({"trumps": "not trumps", "highest": "not the highest card"}[x] for x in limits)
                      or "any")
    document = dataclasses.replace(compiled, table=dataclasses.replace(compiled.table, called_when=(),
                                                                       call_limits=limits))
    for lang in ("en", "zh"):
        assert item(document, "table.call_limits", lang) == item(compiled, "table.call_limits", lang)


def test_a_rule_of_refusals_reads_as_a_list_of_cards():
    rules = called("when not a K and not a heart and not a level card and not a joker and not shown in declaring")
    assert item(rules, "table.call_limits") == (
        "The banker may not call cards of rank K, ♥ cards, level cards, jokers or cards shown in declaring; what "
        "is trump is known by then.")
    assert item(rules, "table.call_limits", "zh") == "庄家不能叫K、♥花色的牌、级牌、王或亮主时亮出过的牌；叫牌时主牌已经确定。"


def test_any_other_rule_is_said_whole_of_the_card():
    rules = called("when not a trump and (not a point card or a K and the level is A)")
    assert item(rules, "table.call_limits") == (
        "The banker may call a card only when the card is not a trump and (the card scores no points or (the card "
        "is a K and the hand is played at level A)); what is trump is known by then.")
    assert item(rules, "table.call_limits", "zh") == (
        "庄家只能叫满足以下条件的牌：该牌不是主牌，并且（该牌不是分牌，或者（该牌是K，并且本局打A））；叫牌时主牌已经确定。")


def test_the_burial_rule_and_its_shortfall():
    rules = buried("when not a point card and not a trump")
    assert item(rules, "kitty.buried_when") == (
        "A player who takes the kitty may not bury cards that score points or trumps; one who holds too few other "
        "cards buries every one they may and makes up the rest with cards of their choice.")
    assert item(rules, "kitty.buried_when", "zh") == "拿底牌的玩家不能扣分牌或主牌；其他牌不够时，先扣下所有可扣的牌，其余由其自选补足。"
    rules = buried("when a heart or a joker")
    assert item(rules, "kitty.buried_when") == (
        "A player who takes the kitty may bury a card only when the card is a ♥ card or the card is a joker; one "
        "who holds too few such cards buries every one of them and makes up the rest with cards of their choice.")
    assert item(rules, "kitty.buried_when", "zh") == (
        "拿底牌的玩家只能扣满足以下条件的牌：该牌是♥花色的牌，或者该牌是王；这样的牌不够时，全部扣下，其余由其自选补足。")


def test_the_rules_on_cards_are_marked_as_house_rules_and_absent_without_them():
    rules = buried("when not a point card")
    assert {i.key: i.house for i in build_sheet(rules, "en").items()}["kitty.buried_when"]
    assert "kitty.buried_when" not in {i.key for i in build_sheet(tr.load("two-decks"), "en").items()}
    assert {i.key: i.house for i in build_sheet(called("when not shown in declaring"), "en").items()}[
        "table.call_limits"]
