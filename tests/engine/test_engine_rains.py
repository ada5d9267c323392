"""Straights with pairs riding along (``straights: N+ adjacent cards, pairs riding along``,
``combinations.straight_pairs``; Shandong's 雨, gallery C11): what is a rain, what a follower owes,
who wins, that a rain led is no throw, the kitty, the kinds, the JSON form, the sheet, and whole
hands played and replayed by every player kind, through the public oracle and the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.rains import find_rain, rain_leads, rain_of
from tractor_rules.engine.errors import PlayError
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_player
from tractor_rules.engine.records.replay import replay_hand

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "C11-straights.tractor"

#: the source's own example: 6789910JJQ, a straight of 7 cards with 9 and J riding along as pairs
RAIN = "QH JH JH 10H 9H 9H 8H 7H 6H"


@pytest.fixture(scope="module")
def rules() -> tr.Rules:
    return tr.load(str(GALLERY))


@pytest.fixture(scope="module")
def ctx(rules):
    return rules.context(level="2", trump="S")


def test_the_statement_sets_the_field_and_the_kind(rules):
    assert rules.combinations.straight_pairs is True
    straight = [k for k in rules.kinds() if k.name == "straight"]
    assert [(k.least, k.along) for k in straight] == [(5, "pairs")]
    plain = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\n', origin="s.tractor")
    assert plain.combinations.straight_pairs is False
    assert [k.along for k in plain.kinds() if k.name == "straight"] == ["nothing"]


def test_the_source_example_is_one_rain(ctx):
    rain = ctx.rain(RAIN)
    assert rain is not None
    assert (rain.size, rain.pairs, rain.length) == (9, 2, 7)
    assert rain.top == ctx.strength("QH")
    assert ctx.rain("8H 7H 7H 6H 5H 4H") is not None  # five cards, one riding pair: the smallest


@pytest.mark.parametrize("cards, why", [
    ("10H 9H 8H 7H 6H", "singles only: a plain straight"),
    ("10H 10H 9H 9H 8H 8H 7H 7H 6H 6H", "pairs only: a tractor"),
    ("KH JH JH 10H 9H 9H 8H 7H 6H", "a gap at Q"),
    ("9H 9H 8H 7H 6H", "four cards along: shorter than a straight"),
    ("10H 9H 9H 8H 7H 6D", "two suits"),
    ("10H 9H 8H 8H 7H 6H AH", "the A is not adjacent"),
])
def test_what_is_no_rain(ctx, cards, why):
    assert ctx.rain(cards) is None, why


def test_without_the_option_the_same_cards_are_a_throw():
    plain = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\n', origin="s.tractor")
    c = plain.context(level="2", trump="S")
    assert c.rain(RAIN) is None
    assert [u.shape for u in c.units(RAIN)] == [(1, 7), (1, 1), (1, 1)]  # the straight and two singles
    # a throw there: a higher single elsewhere beats its 9 or J
    assert c.throw_options(RAIN, ["AH", "", ""]) != []


def test_a_rain_led_is_one_combination_never_a_throw(ctx):
    assert ctx.throw_options(RAIN, ["AH AH KH KH", "AH", "10S 10S"]) == []


def test_a_follower_holding_a_rain_of_its_kind_must_play_one(ctx):
    hand = "3H 4H 4H 5H 6H 7H 7H 8H 9H AH KS"
    # the hand holds 3 4 5 6 7 8 9 with 4 and 7 twice: a straight of 7 cards with 2 pairs
    error = ctx.follow_error(hand, RAIN, "AH 9H 8H 7H 6H 5H 4H 3H 7H")
    assert error is not None and "a straight of 7 cards with 2 pairs riding along" in error
    assert ctx.follow_error(hand, RAIN, "9H 8H 7H 7H 6H 5H 4H 4H 3H") is None
    follow = ctx.legal_follow(hand, RAIN)
    assert ctx.rain(follow) is not None and ctx.rain(follow).same_kind(ctx.rain(RAIN))


def test_the_pairs_may_sit_anywhere_in_the_follow(ctx):
    hand = "3H 3H 4H 5H 6H 7H 8H 9H 9H AH"
    rain = ctx.rain(RAIN)
    assert ctx.follow_error(hand, RAIN, "9H 9H 8H 7H 6H 5H 4H 3H 3H") is None
    assert ctx.rain("9H 9H 8H 7H 6H 5H 4H 3H 3H").same_kind(rain)


def test_without_a_rain_of_its_kind_the_lead_asks_what_its_units_ask(ctx):
    # one pair only: no rain of 7 cards with 2 pairs; the straight of 7 is still owed
    hand = "3H 4H 5H 6H 7H 8H 9H 9H AH KH"
    error = ctx.follow_error(hand, RAIN, "AH KH 9H 9H 8H 7H 6H 5H 4H")
    assert error is not None and "straight of 7 cards" in error
    assert ctx.follow_error(hand, RAIN, "9H 8H 7H 6H 5H 4H 3H AH KH") is None
    # a rain of another kind (one pair) is no answer, but the straight in it is
    assert ctx.follow_error(hand, RAIN, "9H 9H 8H 7H 6H 5H 4H 3H AH") is None


def test_the_higher_rain_of_the_same_kind_wins(ctx):
    higher = "KH QH QH JH 10H 10H 9H 8H 7H"  # 9 cards, 2 pairs, top K
    other_pairs = "KH QH JH JH 10H 9H 9H 8H 7H"  # the pairs elsewhere: the same kind
    fewer_pairs = "AH KH QH JH 10H 10H 9H 8H 7H"  # 9 cards, 1 pair: another kind
    assert ctx.winner(RAIN, [higher]) == 1
    assert ctx.winner(RAIN, [fewer_pairs]) == 0
    assert ctx.winner(RAIN, [fewer_pairs, other_pairs, higher]) == 2  # equal tops: the earlier
    lower = "10H 9H 9H 8H 7H 7H 6H 5H 4H"
    assert ctx.winner(RAIN, [lower]) == 0


def test_a_rain_of_trumps_ruffs_a_side_suit_rain(ctx):
    trump_rain = "10S 9S 9S 8S 7S 6S 6S 5S 4S"  # spades are trumps here
    loose = "AS KS QS 10S 8S 6S 5S 4S 3S"
    assert ctx.winner(RAIN, ["KH QH QH JH 10H 10H 9H 8H 7H", trump_rain]) == 2
    assert ctx.winner(RAIN, [loose]) == 0  # trumps that are no rain of its kind: a discard
    higher_trump = "JS 10S 10S 9S 8S 7S 7S 6S 5S"
    assert ctx.winner(RAIN, [trump_rain, higher_trump]) == 2


def test_the_kitty_multiplier_of_a_rain(ctx):
    # 'straight of 5 cards = 5': a rain counts as the straight it runs along
    assert ctx.kitty_multiplier(RAIN) == 5
    assert ctx.kitty_multiplier("9H 8H 7H 7H 6H 6H 5H") == 5  # the tractor 7766 inside counts for nothing
    plain = tr.loads(GALLERY.read_text(encoding="utf-8").replace(", pairs riding along", ""), origin=str(GALLERY))
    assert plain.context(level="2", trump="S").kitty_multiplier("9H 8H 7H 7H 6H 6H 5H") == 8  # a tractor of 2 pairs


def test_the_engine_finds_rains_in_a_hand(ctx):
    order = ctx.order
    held = ctx.cards("3H 4H 5H 5H 6H 7H 7H 8H 8H 9H 10H 10H AH")
    largest = rain_leads(order, 1, held)
    assert largest is not None and rain_of(order, largest) is not None
    assert len(largest) == 12  # 3 to 10, four of them twice
    rng = random.Random(5)
    for _ in range(20):
        some = rain_leads(order, 1, held, rng)
        assert some is not None and rain_of(order, some) is not None
    want = rain_of(order, ctx.cards(RAIN))
    assert want is not None
    weakest = find_rain(order, 1, held, want, "fit")
    strongest = find_rain(order, 1, held, want, "high")
    assert weakest is not None and strongest is not None
    assert rain_of(order, weakest).top < rain_of(order, strongest).top
    assert find_rain(order, 1, ctx.cards("3H 4H 5H 6H 7H 8H 9H 9H"), want) is None  # one pair only


def test_the_json_form_round_trips_and_version_3_refuses_it(rules):
    from tractor_rules.codec import rules_to_dict_as

    data = rules.to_dict()
    assert data["combinations"]["straight_pairs"] is True
    assert tr.Rules.from_dict(data).combinations == rules.combinations
    assert rules_to_dict_as(rules, 3) is None
    older = rules_to_dict_as(tr.load("two-decks"), 3)
    assert older is not None and "straight_pairs" not in older["combinations"]
    assert tr.Rules.from_dict(older).combinations.straight_pairs is False


def test_the_sheet_says_it_with_an_example_the_engine_finds(rules):
    from tractor_rules.render.render import render_sheet

    text = " ".join(render_sheet(rules, "txt").split())
    assert "Pairs ride along: a card of a straight held twice may come along as a pair" in text
    assert ("a straight: 5 or more adjacent cards, a card held twice riding along as a pair (a rain), such as "
            "♥6 ♥5 ♥4 ♥3 ♥2") in text
    assert "♥6 ♥5 ♥4 ♥3 ♥2 ♥2 is one rain, a straight of 5 cards with a pair riding along; ♥7 ♥7 ♥6 ♥5 ♥4 ♥3" in text
    assert "♥6 ♥5 ♥4 ♥3 ♥2 ♥2 a straight of 5 cards with a pair riding along ×5" in text
    zh = "".join(render_sheet(rules, "txt", "zh").split())
    assert "带对：顺子中的牌有两张的，可以一起带上" in zh
    assert "♥6♥5♥4♥3♥2♥2是一个雨：5张的顺子带一对" in zh
    assert "5张的顺子带一个对子×5" in zh


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic", "search:2"])
def test_hands_play_and_replay_clean_with_rains_led(rules, kind):
    led = 0
    for seed in range(8 if kind != "search:2" else 2):
        players = [make_player(kind, seed * 10 + i) for i in range(rules.table.players)]
        record = play_hand(rules, players, random.Random(seed))
        assert replay_hand(record.to_log(), rules) == []
        c = rules.context(record.level, record.trump)
        led += sum(c.rain(t.plays[0]) is not None for t in record.tricks)
    if kind == "random":
        assert led  # rains were led


def test_with_suit_only_a_rain_asks_for_the_suit_only():
    text = GALLERY.read_text(encoding="utf-8") + "\nfollow\n  duty: suit only\n"
    c = tr.loads(text, origin=str(GALLERY)).context(level="2", trump="S")
    hand = "3H 4H 4H 5H 6H 7H 7H 8H 9H AH KS"
    assert c.follow_error(hand, RAIN, "AH 9H 8H 7H 6H 5H 4H 3H 7H") is None
    assert c.winner(RAIN, ["KH QH QH JH 10H 10H 9H 8H 7H"]) == 1  # still compared as rains


def test_a_rain_is_led_where_throws_are_not_allowed():
    text = GALLERY.read_text(encoding="utf-8") + "\nlead\n  throws: not allowed\n"
    no_throws = tr.loads(text, origin=str(GALLERY))
    c = no_throws.context(level="2", trump="S")
    assert c.throw_options(RAIN, ["AH", "", ""]) == []  # one combination: nothing to check
    with pytest.raises(PlayError, match="throws are not allowed"):
        c.throw_options("QH JH JH 10H 9H 9H 8H 7H 6H AH", ["", "", ""])  # a rain and one more card
    led = 0
    for seed in range(6):
        players = [make_player("random", seed * 10 + i) for i in range(no_throws.table.players)]
        record = play_hand(no_throws, players, random.Random(seed))
        assert replay_hand(record.to_log(), no_throws) == []
        ctx = no_throws.context(record.level, record.trump)
        led += sum(ctx.rain(t.plays[0]) is not None for t in record.tricks)
    assert led
