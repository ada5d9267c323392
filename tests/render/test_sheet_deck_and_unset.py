"""The sheet's sentences for the deck card by card, tractor lengths per width and deleted follow lists,
in English and Chinese, from the gallery files that use them."""

from __future__ import annotations

import re

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet

R06 = "examples/house-rules/R06-nine-players-three-big-jokers.tractor"
C03 = "examples/house-rules/C03-tractor-length-per-width.tractor"


def text(path: str, lang: str) -> str:
    # one line per paragraph: the txt sheet wraps lines (Chinese has no spaces to wrap at)
    return re.sub(r"\s*\n\s*", " " if lang == "en" else "", render_sheet(tr.load(path), "txt", lang))


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "3 decks of 54 cards each (the big and the small joker included): 162 cards in all. "
           "Taken out of the pack before the deal: 3 small jokers; 159 cards are played."),
    ("zh", "3副牌，每副54张（含大王和小王），共162张。发牌前从整副牌中取出：3张小王；实际使用159张牌。"),
])
def test_the_deck_sentence_counts_what_is_taken_out(lang, sentence):
    assert sentence in text(R06, lang)


def test_an_empty_joker_band_is_not_listed_in_the_trump_order():
    # the big jokers are next to the level cards: in the trump order and in the links alike
    sheet = text(R06, "en")
    assert sheet.count("1. the big jokers 2. the level card of the trump suit") == 2
    assert sheet.count("1. the big jokers 2. the level cards of every suit") == 1
    assert "1. the big jokers 2. the small jokers 3. the level card" in text("house-finding-friends", "en")


def test_single_cards_taken_out_are_named_with_their_copies():
    rules = tr.loads('extends: "two-decks"\ntable\n  remove: 1 5S, 2 3C\n  deal: 25 each, kitty 5\n'
                     "declare\n  nobody declares: kitty card 1\n", origin="h.tractor")
    en = re.sub(r"\s*\n\s*", " ", render_sheet(rules, "txt", "en"))
    assert "Taken out of the pack before the deal: 1 ♠5 and 2 × ♣3; 105 cards are played." in en
    assert "195 points in all" in en


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "A tractor is 3 or more adjacent pairs or 2 or more adjacent triples, all of one suit or all trumps."),
    ("zh", "拖拉机是同一花色（或全是主牌）的3个或更多相连的对子或2个或更多相连的三张。"),
])
def test_tractor_lengths_per_width(lang, sentence):
    assert sentence in text(C03, lang)


C02 = "examples/house-rules/C02-unset-inherited-list.tractor"


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "[house rule] There is no list for a tractor of n pairs: this game has no such lead."),
    ("zh", "[本桌规则] 没有跟n连对的优先顺序：本玩法没有这种牌型。"),
])
def test_a_deleted_follow_list_is_marked(lang, sentence):
    assert sentence in text(C02, lang)


def test_a_deleted_list_for_a_lead_that_still_exists(tmp_path):
    path = tmp_path / "house.tractor"
    path.write_text('extends: "three-decks"\n\nfollow\n  unset: triple\n', encoding="utf-8")
    en = text(str(path), "en")
    assert ("[house rule] To a triple there is no list of its own: as to any other lead, its combinations are "
            "matched largest first, each as closely as the cards of the suit allow.") in en
    assert "To a triple, in order of priority" not in en
