"""Straights (``straights: N+ adjacent cards``, ``combinations.straight_min``): single cards adjacent
as a tractor's sets are, one combination, the engine's tractor of singles.  What is a straight, how
plays decompose, what a follower owes, who wins, throws, the kitty, and whole hands played and
replayed, through the public oracle."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_player
from tractor_rules.engine.records.replay import replay_hand

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "C11-straights.tractor"


@pytest.fixture(scope="module")
def rules() -> tr.Rules:
    return tr.load(str(GALLERY))


@pytest.fixture(scope="module")
def ctx(rules):
    return rules.context(level="10", trump="S")


def shapes(ctx, cards: str) -> list[tuple[int, int]]:
    return [u.shape for u in ctx.units(cards)]


def test_the_field_and_the_kinds(rules):
    assert rules.combinations.straight_min == 5
    straight = [k for k in rules.kinds() if k.name == "straight"]
    assert len(straight) == 1
    kind = straight[0]
    assert (kind.shape, kind.width, kind.least, kind.most) == ("run", 1, 5, 0)
    assert kind.demand == "units" and kind.kitty == 5 and kind.thrown
    assert not [k for k in tr.load("two-decks").kinds() if k.name == "straight"]


def test_five_adjacent_singles_are_a_straight(ctx):
    assert shapes(ctx, "3H 4H 5H 6H 7H") == [(1, 5)]
    assert ctx.is_tractor("3H 4H 5H 6H 7H")
    assert shapes(ctx, "3H 4H 5H 6H") == [(1, 1)] * 4  # four are not enough
    assert shapes(ctx, "3H 4H 5H 6H 8H") == [(1, 1)] * 5  # a gap
    assert shapes(ctx, "3H 4H 5H 6H 7H 8H 9H") == [(1, 7)]  # longer is one straight
    # the level rank's gap is bridged as for tractors: 8 9 J Q K of hearts at level 10
    assert shapes(ctx, "8H 9H JH QH KH") == [(1, 5)]
    # a wrap from A to 2 never
    assert shapes(ctx, "QH KH AH 2H 3H") == [(1, 1)] * 5


def test_without_straights_the_same_cards_are_singles():
    ctx = tr.load("two-decks").context(level="10", trump="S")
    assert shapes(ctx, "3H 4H 5H 6H 7H") == [(1, 1)] * 5


def test_a_straight_comes_after_tractors_and_before_sets(ctx):
    # the tractor of pairs first, then the straight from the rest
    assert shapes(ctx, "3H 3H 4H 4H 5H 6H 7H 8H 9H") == [(2, 2), (1, 5)]
    # largest units first: the pair gives one card to the straight
    assert shapes(ctx, "3H 3H 4H 5H 6H 7H") == [(1, 5), (1, 1)]


def test_identical_cards_together_keep_the_pair(rules):
    text = GALLERY.read_text(encoding="utf-8") + "\ncombinations\n  grouping: identical cards together\n"
    together = tr.loads(text, origin=str(GALLERY))
    ctx = together.context(level="10", trump="S")
    assert shapes(ctx, "3H 3H 4H 5H 6H 7H") == [(2, 1), (1, 1), (1, 1), (1, 1), (1, 1)]
    assert shapes(ctx, "3H 4H 5H 6H 7H 9H") == [(1, 5), (1, 1)]


def test_a_follower_with_a_straight_must_play_it(ctx):
    lead = "3H 4H 5H 6H 7H"
    hand = "8H 9H JH QH KH 2H 2H AC"
    error = ctx.follow_error(hand, lead, "8H 9H JH 2H 2H")
    assert error is not None and "straight of 5 cards" in error
    assert ctx.follow_error(hand, lead, "8H 9H JH QH KH") is None
    # without a straight, any five cards of the suit
    assert ctx.follow_error("8H 9H JH KH 2H 2H AC", lead, "2H 2H 8H 9H KH") is None
    assert set(ctx.legal_follow(hand, lead)) == set(ctx.cards("8H 9H JH QH KH"))


def test_a_pair_tractor_is_not_answered_by_a_straight(ctx):
    # to a tractor of pairs a run of singles is no tractor: any cards of the suit will do
    assert ctx.follow_error("3H 4H 5H 6H 7H 9H", "QH QH KH KH", "9H 3H 4H 5H") is None


def test_the_higher_straight_as_long_wins(ctx):
    lead = "3H 4H 5H 6H 7H"
    assert ctx.winner(lead, ["8H 9H JH QH KH", "2H 2H 8H 9H AH", "3C 4C 5C 6C 7C"]) == 1
    assert ctx.winner(lead, ["2H 2H 8H 9H AH", "3C 4C 5C 6C 7C", "AH KH QH JH 9H"]) == 3
    # a ruff must be a straight of trumps: five plain spades ruff, five loose trumps do not
    assert ctx.winner(lead, ["3S 4S 5S 6S 7S", "2C 3C 4C 5C 6C", "8H 9H JH QH KH"]) == 1
    assert ctx.winner(lead, ["3S 4S 5S 7S 9S", "2C 3C 4C 5C 6C", "2H 8H 9H JH QH"]) == 0


def test_a_throw_with_a_straight_fails_to_a_higher_straight(ctx):
    throw = "3H 4H 5H 6H 7H AH"
    assert ctx.throw_options(throw, ["2C 3C", "9H JH QH KH 2H"]) == []
    options = ctx.throw_options(throw, ["2C 3C", "8H 9H JH QH KH"])
    assert options == [tuple(ctx.cards("7H 6H 5H 4H 3H"))]


def test_the_kitty_multiplier_of_a_straight(ctx, rules):
    assert ctx.kitty_multiplier("3H 4H 5H 6H 7H") == 5
    assert ctx.kitty_multiplier("3H 4H 5H 6H 7H 8H 9H") == 5  # longer: the longest row, not doubled
    assert ctx.kitty_multiplier("3H 3H 4H 4H") == 8
    no_row = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\n', origin="s.tractor")
    assert no_row.context(level="10", trump="S").kitty_multiplier("3H 4H 5H 6H 7H") == 2  # as a single


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_hands_play_and_replay_clean(rules, kind):
    led = 0
    for seed in range(6):
        players = [make_player(kind, seed * 10 + i) for i in range(rules.table.players)]
        record = play_hand(rules, players, random.Random(seed))
        assert replay_hand(record.to_log(), rules) == []
        ctx = rules.context(record.level, record.trump)
        led += sum(any(u.width == 1 and u.length > 1 for u in ctx.units(t.plays[0])) for t in record.tricks)
    assert led  # straights were led


def test_the_sheet_lists_the_kinds_with_examples(rules):
    from tractor_rules.render.render import render_sheet

    # C11 lets pairs ride along (tests/engine/test_engine_rains.py); the same without them
    plain_straights = tr.loads(GALLERY.read_text(encoding="utf-8").replace(", pairs riding along", ""),
                               origin=str(GALLERY))
    text = " ".join(render_sheet(plain_straights, "txt").split())
    assert "a straight: 5 or more adjacent single cards, such as ♥6 ♥5 ♥4 ♥3 ♥2" in text
    assert "Straights: 5 or more single cards of one suit" in text
    assert "♥6 ♥5 ♥4 ♥3 ♥2 a straight of 5 cards ×5" in text  # the kitty's example table
    assert "ride along" not in text
    zh = "".join(render_sheet(plain_straights, "txt", "zh").split())
    assert "顺子：5张或更多相连的单张，例如♥6♥5♥4♥3♥2" in zh
    plain = " ".join(render_sheet(tr.load("two-decks"), "txt").split())
    assert "a tractor of pairs: 2 or more adjacent pairs, such as" in plain and "straight" not in plain


def test_the_json_form_round_trips_and_version_3_refuses_straights(rules):
    from tractor_rules.codec import rules_to_dict_as

    data = rules.to_dict()
    assert data["combinations"]["straight_min"] == 5
    assert tr.Rules.from_dict(data).combinations == rules.combinations
    assert rules_to_dict_as(rules, 3) is None  # version 3 has no straights
    older = rules_to_dict_as(tr.load("two-decks"), 3)
    assert older is not None and "straight_min" not in older["combinations"]
    assert tr.Rules.from_dict(older).combinations.straight_min == 0  # a version-3 document reads none
