"""RULES.md §4 and §14: tractors, adjacency and how plays decompose into units."""

from dataclasses import replace

import pytest
from engine_variants import four_decks, three_decks

from tractor_rules.rules import LinkTier, Rules


def shapes(ctx, cards):
    return [(str(u), u.width, u.length) for u in ctx.units(cards)]


# --- §4 adjacency, level 10 ------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["KH KH QH QH", "JH JH 9H 9H", "5H 5H 4H 4H 3H 3H"])
def test_side_suit_tractors(cards):
    assert Rules().context(level="10", trump="S").is_tractor(cards)


@pytest.mark.parametrize("cards", [
    "BJ BJ SJ SJ",  # big-joker pair with small-joker pair
    "SJ SJ 10S 10S",  # small jokers with trump-suit 10s
    "10S 10S 10H 10H",  # trump-suit 10s with off-suit 10s
    "10H 10H AS AS",  # off-suit 10s with trump-suit aces
    "10S 10S 10D 10D AS AS",  # three pairs
])
def test_trump_tractors_along_the_links(cards):
    assert Rules().context(level="10", trump="S").is_tractor(cards)


@pytest.mark.parametrize("cards", [
    "5H 5H 4H",  # 554
    "5H 4H 4H",  # 544
    "5H 5H 3H 3H",  # 5533
    "JH JH QH",  # JJQ
    "10H 10H 10D 10D",  # off-suit 10s are equal, not adjacent
    "JH JH 10H 10H",  # the 10 is a trump
    "AH AH 2H 2H",  # no wrap-around
])
def test_not_tractors(cards):
    assert not Rules().context(level="10", trump="S").is_tractor(cards)


def test_seed_003_list_level_10_spades_trump():
    ctx = Rules().context(level="10", trump="S")
    for cards in ["2H 2H 3H 3H", "9H 9H JH JH", "2S 2S 3S 3S", "9S 9S JS JS", "AS AS 10D 10D",
                  "10C 10C 10S 10S", "10S 10S SJ SJ", "SJ SJ BJ BJ"]:
        assert ctx.is_tractor(cards), cards
    for cards in ["9H 9H 10H 10H", "10S 10S JS JS", "10D 10D 10C 10C"]:
        assert not ctx.is_tractor(cards), cards


def test_no_trump_level_pairs_do_not_touch_but_small_jokers_touch_any():
    ctx = Rules().context(level="10", trump=None)
    assert not ctx.is_tractor("10S 10S 10H 10H")
    assert ctx.is_tractor("SJ SJ 10H 10H")
    assert ctx.is_tractor("SJ SJ 10C 10C")


def test_section_14_adjacency_level_10_hearts_trump():
    ctx = Rules().context(level="10", trump="H")
    assert ctx.is_tractor("JS JS 9S 9S")
    assert not ctx.is_tractor("JS JS 10S 10S")
    assert not ctx.is_tractor("10S 10S 10C 10C")
    assert ctx.is_tractor("10H 10H 10S 10S")
    assert ctx.is_tractor("10S 10S AH AH")
    assert ctx.is_tractor("SJ SJ 10H 10H")
    assert ctx.is_tractor("BJ BJ SJ SJ")
    assert not ctx.is_tractor("AH AH 2H 2H")


def test_gaps_not_bridged():
    base = Rules()
    ctx = replace(base, combinations=replace(base.combinations, bridge_gaps=False)).context(level="10", trump="S")
    assert not ctx.is_tractor("JH JH 9H 9H")
    assert ctx.is_tractor("QH QH JH JH")


def test_without_links_jokers_do_not_join():
    base = Rules()
    ctx = replace(base, combinations=replace(base.combinations, links=())).context(level="10", trump="S")
    assert not ctx.is_tractor("BJ BJ SJ SJ")
    assert not ctx.is_tractor("10H 10H AS AS")
    assert ctx.is_tractor("AS AS KS KS")


def test_tractor_lengths():
    base = Rules()
    longer = replace(base, combinations=replace(base.combinations, tractor_min_length=3))
    ctx = longer.context(level="10", trump="S")
    assert not ctx.is_tractor("KH KH QH QH")
    assert ctx.is_tractor("KH KH QH QH JH JH")
    capped = replace(base, combinations=replace(base.combinations, tractor_max_length=2))
    ctx = capped.context(level="10", trump="S")
    assert shapes(ctx, "KH KH QH QH JH JH") == [("KH KH QH QH", 2, 2), ("JH JH", 2, 1)]


def test_suit_hand_no_trump_link_chain_is_separate():
    base = Rules()
    rules = replace(base, combinations=replace(base.combinations, no_trump_links=(
        (LinkTier("big-joker"), LinkTier("small-joker"), LinkTier("level")),)))
    ctx = rules.context(level="10", trump=None)
    assert ctx.is_tractor("BJ BJ SJ SJ 10D 10D")


# --- Titanic (three decks, level 5) ----------------------------------------------------------


@pytest.mark.parametrize("cards", [
    "3H 3H 3H 4H 4H 4H",
    "4H 4H 4H 6H 6H 6H",  # the 5 is gone from the suit
    "5H 5H 5H 5S 5S 5S",  # off-suit 5s with trump-suit 5s
    "BJ BJ BJ SJ SJ SJ",
    "5H 5H 5H AS AS AS",  # off-suit 5s with trump-suit aces
    "5S 5S 5S SJ SJ SJ",  # trump-suit 5s with small jokers
])
def test_titanic(cards):
    ctx = three_decks().context(level="5", trump="S")
    units = ctx.units(cards)
    assert ctx.is_tractor(cards) and units[0].width == 3 and units[0].length == 2


def test_not_titanic():
    assert not three_decks().context(level="5", trump="S").is_tractor("5H 5H 5H 6H 6H 6H")
    assert not three_decks().context(level="5", trump=None).is_tractor("5H 5H 5H 5D 5D 5D")


# --- grouping ----------------------------------------------------------------------------------


def test_largest_grouping_splits_a_triple_for_a_tractor():
    ctx = three_decks().context(level="4", trump="S")
    assert ctx.is_tractor("3H 3H 3H 5H 5H 5H")
    assert shapes(ctx, "2H 2H 2H 3H 3H") == [("3H 3H 2H 2H", 2, 2), ("2H", 1, 1)]


def test_identical_grouping_keeps_identical_cards_together():
    ctx = four_decks("identical").context(level="10", trump="S")
    assert shapes(ctx, "AH AH AH AH KH KH KH") == [("AH AH AH AH", 4, 1), ("KH KH KH", 3, 1)]
    assert shapes(ctx, "JH JH QH QH QH") == [("QH QH QH", 3, 1), ("JH JH", 2, 1)]
    assert shapes(ctx, "4H 4H 5H 5H 5H 5H") == [("5H 5H 5H 5H", 4, 1), ("4H 4H", 2, 1)]
    assert shapes(ctx, "9H 8H 8H 8H 8H 4H 4H 4H") == [("8H 8H 8H 8H", 4, 1), ("4H 4H 4H", 3, 1), ("9H", 1, 1)]
    assert shapes(ctx, "AH AH AH AH KH KH KH KH") == [("AH AH AH AH KH KH KH KH", 4, 2)]


def test_largest_grouping_with_four_decks():
    ctx = four_decks("largest").context(level="10", trump="S")
    # tractors before sets: AAKK is a tractor of pairs, the other A A stay a pair
    assert shapes(ctx, "AH AH AH AH KH KH") == [("AH AH KH KH", 2, 2), ("AH AH", 2, 1)]


def test_units_of_plays_over_several_suits():
    ctx = Rules().context(level="10", trump="S")
    assert sorted(shapes(ctx, "AH AH 3D 2S")) == sorted([("AH AH", 2, 1), ("3D", 1, 1), ("2S", 1, 1)])


def test_off_suit_level_pairs_share_one_place_in_a_tractor():
    ctx = Rules().context(level="10", trump="S")
    units = ctx.units("10S 10S 10H 10H 10C 10C AS AS")
    assert [(u.width, u.length) for u in units] == [(2, 3), (2, 1)]
    assert units[0].cards[:2] == ctx.cards("10S 10S") and units[0].cards[-2:] == ctx.cards("AS AS")


# --- §7 throws read as units; §4 the strength order of lead types -----------------------------


@pytest.mark.parametrize("cards, expected", [
    ("AH AH KH", [("AH AH", 2, 1), ("KH", 1, 1)]),
    ("AH KH KH", [("KH KH", 2, 1), ("AH", 1, 1)]),
    ("AH QH QH JH JH", [("QH QH JH JH", 2, 2), ("AH", 1, 1)]),
    ("9H 8H 8H 4H 4H", [("8H 8H", 2, 1), ("4H 4H", 2, 1), ("9H", 1, 1)]),
])
def test_two_deck_throws(cards, expected):
    assert shapes(Rules().context(level="10", trump="S"), cards) == expected


@pytest.mark.parametrize("cards, expected", [
    ("AH AH AH AH KH KH KH", [("AH AH AH AH", 4, 1), ("KH KH KH", 3, 1)]),
    ("AH AH AH KH KH KH KH", [("KH KH KH KH", 4, 1), ("AH AH AH", 3, 1)]),
    ("AH QH QH QH QH JH JH JH JH", [("QH QH QH QH JH JH JH JH", 4, 2), ("AH", 1, 1)]),
    ("9H 8H 8H 8H 8H 4H 4H 4H", [("8H 8H 8H 8H", 4, 1), ("4H 4H 4H", 3, 1), ("9H", 1, 1)]),
])
def test_four_deck_throws(cards, expected):
    assert shapes(four_decks().context(level="10", trump="S"), cards) == expected


def test_seed_001_strength_order_of_lead_types():
    ctx = four_decks().context(level="2", trump="S")
    play = "AH AH AH AH KH KH KH KH 9H 9H 9H 8H 8H 8H 6H 6H 5H 5H 3H 3H 3H 3H JD JD JD QC QC 10C"
    kinds = [(u.width, u.length) for u in ctx.units(play)]
    # consecutive quads > consecutive triples > tractor > quad > triple > pair > single
    assert kinds == [(4, 2), (3, 2), (2, 2), (4, 1), (3, 1), (2, 1), (1, 1)]
