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


# --- a throw holding a rain ---------------------------------------------------------------------

#: the source's rain thrown with a pair of aces: two parts, the rain and the pair
THROW = RAIN + " AH AH"


def test_a_throw_reads_a_rain_it_holds_as_one_part(ctx):
    reading = ctx.rain_throw(THROW)
    assert reading is not None
    assert [(r.shape.size, r.shape.pairs, r.shape.top) for r in reading.rains] == [(9, 2, ctx.strength("QH"))]
    assert sorted(reading.rains[0].cards) == sorted(ctx.cards(RAIN))
    assert [u.shape for u in reading.units] == [(2, 1)]
    assert reading.largest() is reading.rains[0]  # nine cards against two
    assert ctx.rain_throw(RAIN) is None  # a rain alone is no throw
    assert ctx.rain_throw("9H 8H 7H 6H 5H KH KH") is None  # a straight and a pair: nothing rides along
    # the 9 held twice rides along: one rain of 6 cards, not a straight and a pair
    assert [r.shape.size for r in ctx.rain_throw("9H 9H 8H 7H 6H 5H KH KH").rains] == [6]
    # two rains (the 8 missing between them), the larger first, the higher of equals
    two = ctx.rain_throw("3H 3H 4H 5H 6H 7H 9H 10H 10H JH QH KH KH")
    assert two is not None and [r.shape.size for r in two.rains] == [7, 6]
    two = ctx.rain_throw("3H 3H 4H 5H 6H 7H 9H 10H 10H JH QH KH")
    assert two is not None and [r.shape.size for r in two.rains] == [6, 6] and two.units == ()
    assert [r.shape.top for r in two.rains] == [ctx.strength("KH"), ctx.strength("7H")]


def test_a_throw_holding_a_rain_fails_only_to_a_higher_rain_of_its_kind(ctx):
    # a straight longer and higher, pairs lower than the aces, a rain of another kind: none beats a part
    assert ctx.throw_options(THROW, ["AH KH QH JH 10H 9H 8H", "KH KH 3H 3H", "KH QH JH 10H 10H 9H 8H 7H 6H"]) == []
    assert ctx.throw_options(THROW, ["JH 10H 10H 9H 8H 8H 7H 6H 5H", "", ""]) == []  # its kind, lower
    # its kind with a higher top card: the rain is beaten, and the leader is held to it
    higher = "KH QH QH JH 10H 10H 9H 8H 7H"
    assert ctx.throw_options(THROW, ["", higher, ""]) == [ctx.cards(RAIN)]
    # without riding pairs the same cards are a straight and singles: a higher single beats the 9
    plain = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\n', origin="s.tractor")
    assert plain.context(level="2", trump="S").throw_options(THROW, ["KH", "", ""]) != []
    assert ctx.throw_options(THROW, ["KH", "", ""]) == []  # the rain's 9 and J are no singles here


def test_a_failed_throw_held_to_its_rain_is_led_as_a_rain(rules):
    # the table's engine: the throw's rain is beaten, so the leader plays the rain, one combination
    c = rules.context(level="2", trump="S")
    hands = [list(c.cards(THROW + " 3C")), list(c.cards("KH QH QH JH 10H 10H 9H 8H 7H 3C 4C 5C")),
             list(c.cards("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")), list(c.cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))]
    fc, attempt, thrown = _lead_with(rules, hands, THROW)
    assert attempt == c.cards(THROW) and thrown
    assert sorted(fc.lead) == sorted(c.cards(RAIN)) and fc.rain is not None and fc.rain_throw is None
    # standing, the throw is led whole, its rain read as a part
    hands[1] = list(c.cards("JH 10H 10H 9H 8H 8H 7H 6H 5H 3C 4C 5C"))
    fc, attempt, thrown = _lead_with(rules, hands, THROW)
    assert attempt is None and thrown and fc.lead == c.cards(THROW)
    assert fc.rain is None and fc.rain_throw is not None and fc.rain_throw.rains[0].shape == c.rain(RAIN)


def _lead_with(rules, hands, lead):
    """The engine's lead of ``lead`` by seat 0 at a table of these hands: its follow context, the
    failed throw and whether it was a throw."""
    from tractor_rules.engine.flow.trick_play import _Tricks
    from tractor_rules.engine.flow.kitty import Kitty
    from tractor_rules.engine.flow.views import Public

    class Leads:
        def lead(self, view):
            return view.ctx.cards(lead)

    public = Public(rules, 4, 0, "2", 0)
    public.ctx = rules.context(level="2", trump="S")
    tricks = _Tricks(rules, [Leads(), None, None, None], hands, public, Kitty([], 0), [0] * 54)
    return tricks._lead(0)


def test_a_follower_holding_a_rain_of_its_kind_must_play_it_in_the_throw(ctx):
    hand = "3H 4H 4H 5H 6H 7H 7H 8H 9H KH KH 10H 2D"
    assert ctx.follow_error(hand, THROW, "9H 8H 7H 7H 6H 5H 4H 4H 3H KH KH") is None
    error = ctx.follow_error(hand, THROW, "10H 9H 8H 6H 5H 4H 3H KH KH 4H 7H")
    assert error is not None and "a straight of 7 cards with 2 pairs riding along + a pair" in error
    error = ctx.follow_error(hand, THROW, "9H 8H 7H 7H 6H 5H 4H 4H 3H KH 10H")  # the rain, not the pair
    assert error is not None
    follow = ctx.legal_follow(hand, THROW)
    assert ctx.follow_error(hand, THROW, follow) is None and ctx.rain_throw(follow) is not None
    # no rain of its kind: what the rain's straight and singles ask, with the pair
    short = "3H 4H 5H 6H 7H 7H 8H 9H KH KH 10H QH 2D"
    assert ctx.follow_error(short, THROW, "9H 8H 7H 6H 5H 4H 3H KH KH 10H QH") is None
    error = ctx.follow_error(short, THROW, "9H 8H 7H 7H 6H 5H 4H 3H KH 10H QH")
    assert error is not None and "a straight of 7 cards + a pair" in error


def test_a_throw_holding_a_rain_is_won_by_rains_and_ruffed_only_with_one(ctx):
    higher_follow = "KH QH QH JH 10H 10H 9H 8H 7H 3H 3H"  # a higher rain, but a lower pair: the largest part wins
    assert ctx.winner(THROW, [higher_follow]) == 1
    assert ctx.winner(THROW, ["KH QH JH 10H 10H 9H 8H 7H 6H 3H 3H"]) == 0  # a rain of another kind
    trump_rain = "10S 9S 9S 8S 7S 6S 6S 5S 4S 3S 3S"  # spades are trumps: a rain of its kind and a pair
    assert ctx.winner(THROW, [higher_follow, trump_rain]) == 2
    no_rain = "AS AS KS KS QS QS JS JS 9S 8S 7S"  # trumps with a tractor and singles, no rain: a discard
    assert ctx.winner(THROW, [no_rain]) == 0
    higher_trump = "JS 10S 10S 9S 8S 7S 7S 6S 5S 4S 4S"
    assert ctx.winner(THROW, [trump_rain, higher_trump]) == 2  # the higher rain overtrumps


def test_the_kitty_of_a_throw_counts_its_rain_when_it_is_the_largest_part(ctx):
    assert ctx.kitty_multiplier(THROW) == 5  # the rain of nine cards: the straight's row
    # a tractor of four pairs (8 cards) beside a rain of six: the tractor counts, 16 doubled
    assert ctx.kitty_multiplier("9H 9H 8H 7H 6H 5H KH KH QH QH JH JH AH AH") != 5
    assert ctx.kitty_multiplier("9H 9H 8H 7H 6H 5H KH KH QH QH JH JH AH AH") == \
        ctx.kitty_multiplier("KH KH QH QH JH JH AH AH")


def test_the_oracle_and_the_engine_agree_on_random_throws_holding_rains(ctx):
    order = ctx.order
    rng = random.Random(3)
    hearts = [c for c in ctx.cards(" ".join(f"{r}H {r}H" for r in "3 4 5 6 7 8 9 10 J Q K A".split()))]
    checked = 0
    for _ in range(300):
        rng.shuffle(hearts)
        held = hearts[:12]
        rain = rain_leads(order, 1, held, rng)
        rest = [c for c in held if rain is not None and c not in rain]
        if rain is None or not rest:
            continue
        throw = (*rain, *rest[: rng.randint(1, len(rest))])
        reading = ctx.rain_throw(throw)
        if reading is None:
            continue
        follower = (*hearts[12:24], *ctx.cards("2D 3D"))
        for pick in (None, rng):
            play = ctx.legal_follow(follower, throw, pick)
            assert ctx.follow_error(follower, throw, play) is None
        assert ctx.winner(throw, [ctx.legal_follow(follower, throw)]) in (0, 1)
        checked += 1
    assert checked > 50


#: hands each player kind plays at C11's table (two seats of the kind, two random players, who
#: throw rains with other units now and then), every one replayed: the random players' first
#: throw holding a rain that stands comes at the 93rd hand (the first that fails at the 20th), so
#: they play 200; the other kinds follow their first such throw at the 24th hand, and play 50
SAMPLE = {"random": 200, "greedy": 50, "heuristic": 50, "search:1": 50}


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic", "search:1"])
def test_hands_with_throws_holding_rains_play_and_replay_clean(rules, kind):
    thrown = failed = 0
    for seed in range(SAMPLE[kind]):
        players = [make_player(kind if seat % 2 else "random", seed * 10 + seat) for seat in range(4)]
        record = play_hand(rules, players, random.Random(seed))
        assert replay_hand(record.to_log(), rules) == []
        c = rules.context(record.level, record.trump)
        for t in record.tricks:
            if c.rain_throw(t.attempt or t.plays[0]) is not None:
                thrown += 1
                failed += t.attempt is not None
    assert thrown  # throws held rains, which the kind followed
    if kind == "random":
        assert thrown > failed > 0  # some stood and some failed
