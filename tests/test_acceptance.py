"""Acceptance suite: every worked example of RULES.md §3, §4, §5, §7, §8, §9, §10, §11 and §14.

Each test goes through the public API only (``import tractor_rules as tr``: ``tr.load``,
``tr.loads``, ``rules.context(...)`` and the oracle methods of docs/api.md, and the documented
fields of the ``Rules`` object), on the shipped ruleset the example holds for.  The ruleset, the
level and the trump are named in each test id or docstring; the RULES.md sentence each test encodes
is quoted in a comment beside it.  Where an example needs a variant no shipped ruleset states, the
variant is written as a house rule in the ruleset language with ``tr.loads('extends: ...')``.

These tests assert what RULES.md says.  If one fails, the engine (or a shipped ruleset) disagrees
with the rules of the game; the test is not to be weakened.
"""

from __future__ import annotations

import pytest

import tractor_rules as tr

# --------------------------------------------------------------------------------------------------
# helpers (public API only)
# --------------------------------------------------------------------------------------------------


def ctx_of(name: str, level: str = "10", trump: str | None = "H"):
    """The oracle context of a shipped ruleset (level 10, ♥ trump unless stated, as RULES.md)."""
    return tr.load(name).context(level=level, trump=trump)


def n(card: str, count: int) -> str:
    """``count`` copies of one card, in notation: n("9S", 3) == "9S 9S 9S"."""
    return " ".join([card] * count)


def bag(ctx, cards) -> list:
    """A play as a sorted multiset of cards, to compare plays whatever their order."""
    return sorted(ctx.cards(cards))


def options(ctx, throw: str, others: list[str]) -> list[list]:
    """The plays a failed throw may be held to, each as a multiset, in a canonical order."""
    return sorted(sorted(o) for o in ctx.throw_options(throw, others))


def shapes(ctx, cards: str) -> list[tuple]:
    """The units of a play as (cards, width, length), in a canonical order."""
    return sorted((sorted(u.cards), u.width, u.length) for u in ctx.units(cards))


def unit(ctx, cards: str, width: int, length: int) -> tuple:
    return (bag(ctx, cards), width, length)


def assert_order(ctx, groups: list[list[str]]) -> None:
    """``groups`` run from strongest to weakest; cards of one group are equal.

    Each card of a group beats each card of the next group whichever is played first, and among
    equal cards the one played first wins (RULES.md §3: "the one played first beats the later
    ones")."""
    for high_group, low_group in zip(groups, groups[1:]):
        for high in high_group:
            for low in low_group:
                assert ctx.winner(low, [high]) == 1, f"{high} should beat an earlier {low}"
                assert ctx.winner(high, [low]) == 0, f"{low} should not beat an earlier {high}"
    for group in groups:
        for first in group:
            for second in group:
                assert ctx.winner(first, [second]) == 0, f"{first} played first should beat {second}"


def level_chain(rules, start: str, steps: int) -> list[str]:
    """The levels a team plays when it goes up ``steps`` every hand from ``start``."""
    played, level = [], start
    while True:
        level = rules.advance(level, steps)
        if level is None:
            return played
        played.append(level)
        if level == rules.levels.last:
            return played


SIDE_RANKS_NO_10 = ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"]


# ==================================================================================================
# §3. Order of cards
# ==================================================================================================


def test_s3_order_level_10_not_constant_twos_two_decks_hearts_trump():
    """two-decks, level 10, ♥ trump (2 is not a constant trump, seeds 000, 002)."""
    ctx = ctx_of("two-decks")
    # "Trumps, high to low: big joker, small joker, 10 of the trump suit, 10s of the other suits
    # (equal to each other), then trump-suit A K Q J 9 8 7 6 5 4 3 2."
    assert_order(ctx, [["BJ"], ["SJ"], ["10H"], ["10S", "10D", "10C"]]
                 + [[r + "H"] for r in SIDE_RANKS_NO_10])
    # "Side suits, high to low: A K Q J 9 8 7 6 5 4 3 2 (the level rank is gone from them)."
    assert_order(ctx, [[r + "S"] for r in SIDE_RANKS_NO_10])
    assert_order(ctx, [[r + "C"] for r in SIDE_RANKS_NO_10])


def test_s3_trump_suit_10_beats_off_suit_10s_which_are_equal_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump."""
    ctx = ctx_of("two-decks")
    # "10 of the trump suit, 10s of the other suits (equal to each other)"
    assert ctx.winner("10S", ["10C", "10H", "10D"]) == 2
    # "equal-ranking off-suit level cards: the one played first beats the later ones"
    assert ctx.winner("10C", ["10S", "10D"]) == 0
    assert ctx.winner("10D", ["10C", "10S"]) == 0


def test_s3_side_suit_has_no_10_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump: ♠10 is not a spade any more."""
    ctx = ctx_of("two-decks")
    # "Side suits ... (the level rank is gone from them)": holding only ♠10, a hand is void in
    # spades and may discard.
    assert ctx.follow_error("10S 3D", lead="AS", play="3D") is None
    # ... and ♠10, a trump, ruffs the ♠A.
    assert ctx.winner("AS", ["KS", "10S", "QS"]) == 2
    # the lowest trump still beats the best side card
    assert ctx.winner("AS", ["2H"]) == 1


def test_s3_order_level_10_constant_twos():
    """two-decks-constant-twos, level 10, ♥ trump."""
    ctx = ctx_of("two-decks-constant-twos")
    # "Trumps: big joker, small joker, trump-suit 10, other 10s, trump-suit 2, other 2s, then
    # trump-suit A K Q J 9 8 7 6 5 4 3."
    assert_order(ctx, [["BJ"], ["SJ"], ["10H"], ["10S", "10D", "10C"], ["2H"], ["2S", "2D", "2C"]]
                 + [[r + "H"] for r in SIDE_RANKS_NO_10[:-1]])
    # "Side suits: A K Q J 9 8 7 6 5 4 3."
    assert_order(ctx, [[r + "D"] for r in SIDE_RANKS_NO_10[:-1]])
    # the 2s are gone from the side suits: holding only ♠2 and ♠10 in spades is being void
    assert ctx.follow_error("2S 10S 4D", lead="3S", play="4D") is None
    assert ctx.winner("3S", ["AS", "2S"]) == 2


@pytest.mark.parametrize("name, groups", [
    # "No-trump: trumps are only the jokers and the level cards (and constant 2s); level cards of
    # all suits rank equally."
    ("two-decks", [["BJ"], ["SJ"], ["10S", "10H", "10D", "10C"]]),
    ("two-decks-constant-twos", [["BJ"], ["SJ"], ["10S", "10H", "10D", "10C"],
                                 ["2S", "2H", "2D", "2C"]]),
], ids=["two-decks-level-10-no-trump", "two-decks-constant-twos-level-10-no-trump"])
def test_s3_no_trump_order(name, groups):
    ctx = ctx_of(name, trump=None)
    assert_order(ctx, groups)
    # the lowest of these trumps ruffs the best side card
    assert ctx.winner("AH", [groups[-1][-1]]) == 1
    # and the side suits keep their plain cards, A high
    assert_order(ctx, [["AH"], ["KH"], ["QH"], ["JH"], ["9H"]])


def test_s3_identical_cards_first_played_wins_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump."""
    ctx = ctx_of("two-decks")
    # "Identical cards (same suit and rank from different decks ...): the one played first beats
    # the later ones."
    assert ctx.winner("AS", ["AS", "KS"]) == 0
    assert ctx.winner("KS", ["AS", "AS"]) == 1
    assert ctx.winner("KS KS", ["AS AS"]) == 1
    assert ctx.winner("BJ", ["SJ", "BJ"]) == 0


def test_s3_identical_pairs_first_played_wins_three_decks_level_10_hearts():
    """three-decks, level 10, ♥ trump: three copies, two of them later."""
    ctx = ctx_of("three-decks")
    assert ctx.winner("5S", ["KS", "KS", "KS"]) == 1


def test_s3_levels_run_2_to_A_two_decks():
    """two-decks: "Levels run 2, 3, ..., K, A." """
    rules = tr.load("two-decks")
    assert rules.levels.first == "2" and rules.levels.last == "A"
    assert level_chain(rules, "2", 1) == ["3", "4", "5", "6", "7", "8", "9", "10",
                                          "J", "Q", "K", "A"]


def test_s3_constant_twos_first_level_is_3():
    """two-decks-constant-twos: "With constant 2s the first level is 3"."""
    rules = tr.load("two-decks-constant-twos")
    assert rules.levels.first == "3" and rules.levels.last == "A"
    assert level_chain(rules, "3", 1) == ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


# ==================================================================================================
# §4. Combinations
# ==================================================================================================


@pytest.mark.parametrize("name, cards, width, length", [
    # "single | one card | all"
    ("one-deck", "AS", 1, 1),
    ("two-decks", "AS", 1, 1),
    # "pair | two identical cards | 2+ decks"
    ("two-decks", "AS AS", 2, 1),
    # "triple | three identical cards | 3+ decks"
    ("three-decks", n("AS", 3), 3, 1),
    # "quad ("bomb", four of a kind) | four identical cards | 4 decks"
    ("four-decks", n("AS", 4), 4, 1),
    # "tractor | 2+ adjacent pairs, same suit or all trump | 2+ decks"
    ("two-decks", "AS AS KS KS", 2, 2),
    # "consecutive triples ("Titanic", bulldozer) | 2+ adjacent triples | 3+ decks"
    ("three-decks", n("AS", 3) + " " + n("KS", 3), 3, 2),
    # "consecutive quads | 2+ adjacent quads | 4 decks"
    ("four-decks", n("AS", 4) + " " + n("KS", 4), 4, 2),
], ids=["single-one-deck", "single-two-decks", "pair-two-decks", "triple-three-decks",
        "quad-four-decks", "tractor-two-decks", "titanic-three-decks", "consecutive-quads-four-decks"])
def test_s4_combination_table(name, cards, width, length):
    """Level 10, ♥ trump, spades."""
    ctx = ctx_of(name)
    assert shapes(ctx, cards) == [unit(ctx, cards, width, length)]


@pytest.mark.parametrize("name, cards", [
    ("one-deck", "AS AS"),  # one deck has one ♠A: no pair
    ("two-decks", n("AS", 3)),  # two decks: no triple
    ("three-decks", n("AS", 4)),  # three decks: no quad
])
def test_s4_combinations_need_the_decks(name, cards):
    """"pair ... 2+ decks", "triple ... 3+ decks", "quad ... 4 decks": a deck has one of each card."""
    ctx = ctx_of(name)
    with pytest.raises(tr.CardNotationError):
        ctx.cards(cards)


def test_s4_seed_001_strength_order_of_lead_types_four_decks():
    """four-decks, level 10, ♥ trump; a throw of every type, in spades.

    "consecutive quads > consecutive triples > tractor > quad > triple > pair > single": the units
    of a play come largest first (docstring of ``ctx.units``)."""
    ctx = ctx_of("four-decks")
    throw = " ".join([n("AS", 4), n("KS", 4), n("QS", 3), n("JS", 3), "9S 9S 8S 8S",
                      n("6S", 4), "5S", n("4S", 3), "2S 2S"])
    got = [(u.width, u.length) for u in ctx.units(throw)]
    assert got == [(4, 2), (3, 2), (2, 2), (4, 1), (3, 1), (2, 1), (1, 1)]


@pytest.mark.parametrize("cards, parts", [
    # "AAAAKKK is AAAA+KKK (not A+AAAKKK)"
    (n("AS", 4) + " " + n("KS", 3), [(n("AS", 4), 4, 1), (n("KS", 3), 3, 1)]),
    # "JJQQQ is JJ+QQQ"
    ("JS JS " + n("QS", 3), [("JS JS", 2, 1), (n("QS", 3), 3, 1)]),
    # "445555 is 44+5555"
    ("4S 4S " + n("5S", 4), [("4S 4S", 2, 1), (n("5S", 4), 4, 1)]),
], ids=["AAAAKKK", "JJQQQ", "445555"])
def test_s4_grouping_identical_cards_together_four_decks(cards, parts):
    """four-decks, level 10, ♥ trump: "identical cards are always kept together"."""
    ctx = ctx_of("four-decks")
    assert shapes(ctx, cards) == sorted(unit(ctx, c, w, l) for c, w, l in parts)


# --- adjacency: two decks, level 10, ♥ trump (seeds 000, 002, 003) and §14 ----------------------

TRACTORS_TWO_DECKS_L10_H = [
    # "Side suit, level 10: KKQQ, JJ99 (the 10 is gone from the suit, so J and 9 touch), 554433."
    ("KS KS QS QS", 2),
    ("JS JS 9S 9S", 2),  # §14: "♠J♠J♠9♠9 is a tractor (the level gap is bridged)"
    ("5S 5S 4S 4S 3S 3S", 3),
    # "(seed 002 prints "JJQQ", a slip: JJ and QQ of one suit touch)"
    ("JS JS QS QS", 2),
    # "a pair of big jokers with a pair of small jokers" / §14 "big-joker pair + small-joker pair is"
    ("BJ BJ SJ SJ", 2),
    # "a pair of small jokers with a pair of trump-suit 10s" / §14 "small-joker pair + ♥10♥10 is"
    ("SJ SJ 10H 10H", 2),
    # "a pair of trump-suit 10s with a pair of off-suit 10s" / §14 "♥10♥10 + ♠10♠10 is"
    ("10H 10H 10S 10S", 2),
    ("10H 10H 10C 10C", 2),
    # "a pair of off-suit 10s with a pair of trump-suit A" / §14 "♠10♠10 + ♥A♥A is"
    ("10S 10S AH AH", 2),
    ("10D 10D AH AH", 2),
    # "so pair trump-10 + pair off-10 + pair trump-A is a 3-pair tractor."
    ("10H 10H 10S 10S AH AH", 3),
    # plain trump-suit cards
    ("AH AH KH KH", 2),
    ("JH JH 9H 9H", 2),
]

NOT_TRACTORS_TWO_DECKS_L10_H = [
    # "Not tractors: 554, 544, 5533, JJQ"
    "5S 5S 4S",
    "5S 4S 4S",
    "5S 5S 3S 3S",
    "JS JS QS",
    # "two pairs of off-suit 10s of different suits (they are equal, not adjacent)"
    # §14: "♠10♠10 + ♣10♣10 is not a tractor (equal rank)"
    "10S 10S 10C 10C",
    # "JJ1010 in a side suit (the 10 is a trump)" / §14 "♠J♠J♠10♠10 is not (♠10 is trump)"
    "JS JS 10S 10S",
    # "AA22 (no wrap-around)" / §14 "♥A♥A♥2♥2 is not (no wrap-around)"
    "AS AS 2S 2S",
    "AH AH 2H 2H",
]


@pytest.mark.parametrize("cards, length", TRACTORS_TWO_DECKS_L10_H)
def test_s4_s14_tractors_two_decks_level_10_hearts(cards, length):
    """two-decks, level 10, ♥ trump."""
    ctx = ctx_of("two-decks")
    assert ctx.is_tractor(cards)
    assert shapes(ctx, cards) == [unit(ctx, cards, 2, length)]


@pytest.mark.parametrize("cards", NOT_TRACTORS_TWO_DECKS_L10_H)
def test_s4_s14_not_tractors_two_decks_level_10_hearts(cards):
    """two-decks, level 10, ♥ trump."""
    ctx = ctx_of("two-decks")
    assert not ctx.is_tractor(cards)


@pytest.mark.parametrize("cards, parts", [
    ("5S 5S 4S", [("5S 5S", 2, 1), ("4S", 1, 1)]),
    ("5S 4S 4S", [("4S 4S", 2, 1), ("5S", 1, 1)]),
    ("5S 5S 3S 3S", [("5S 5S", 2, 1), ("3S 3S", 2, 1)]),
    ("JS JS QS", [("JS JS", 2, 1), ("QS", 1, 1)]),
    ("10S 10S 10C 10C", [("10S 10S", 2, 1), ("10C 10C", 2, 1)]),
    ("JS JS 10S 10S", [("JS JS", 2, 1), ("10S 10S", 2, 1)]),
    ("AS AS 2S 2S", [("AS AS", 2, 1), ("2S 2S", 2, 1)]),
])
def test_s4_non_tractors_split_into_sets_two_decks_level_10_hearts(cards, parts):
    """two-decks, level 10, ♥ trump: the non-tractors of §4 are pairs and singles."""
    ctx = ctx_of("two-decks")
    assert shapes(ctx, cards) == sorted(unit(ctx, c, w, l) for c, w, l in parts)


# "Seed 003 with level 10 and ♠ trump: tractors are ♥2233, ♥99JJ, ♠2233, ♠99JJ, ♠AA+♦1010,
# ♣1010+♠1010, ♠1010+small-joker pair, small-joker pair+big-joker pair. Not tractors: ♥991010 (the
# 10 is trump), ♠1010JJ (the level 10 does not touch J), ♦1010♣1010 (equal cards, not adjacent)."
@pytest.mark.parametrize("cards, expected", [
    ("2H 2H 3H 3H", True),
    ("9H 9H JH JH", True),
    ("2S 2S 3S 3S", True),
    ("9S 9S JS JS", True),
    ("AS AS 10D 10D", True),
    ("10C 10C 10S 10S", True),
    ("10S 10S SJ SJ", True),
    ("SJ SJ BJ BJ", True),
    ("9H 9H 10H 10H", False),
    ("10S 10S JS JS", False),
    ("10D 10D 10C 10C", False),
])
def test_s4_seed_003_tractors_two_decks_level_10_spades(cards, expected):
    """two-decks, level 10, ♠ trump (seed 003's list)."""
    ctx = ctx_of("two-decks", trump="S")
    assert ctx.is_tractor(cards) is expected


# "No-trump (seed 003): two pairs of level cards cannot form a tractor, but a pair of small jokers
# forms a tractor with any pair of level cards."
@pytest.mark.parametrize("cards, expected", [
    ("10S 10S 10H 10H", False),
    ("10D 10D 10C 10C", False),
    ("SJ SJ 10S 10S", True),
    ("SJ SJ 10H 10H", True),
    ("SJ SJ 10C 10C", True),
    ("BJ BJ SJ SJ", True),
])
def test_s4_no_trump_tractors_two_decks_level_10(cards, expected):
    """two-decks, level 10, no-trump."""
    ctx = ctx_of("two-decks", trump=None)
    assert ctx.is_tractor(cards) is expected


# "Titanic examples (seed 000, level 5): 333444; 444666 (the 5 is gone); off-suit 555 + trump-suit
# 555; big-joker triple + small-joker triple; off-suit 555 + trump-suit AAA; trump-suit 555 +
# small-joker triple. Not Titanic: 555666 (level 5 is not in the suit), and in no-trump 555555 of
# two suits."
@pytest.mark.parametrize("trump, cards, expected", [
    ("H", n("3S", 3) + " " + n("4S", 3), True),
    ("H", n("4S", 3) + " " + n("6S", 3), True),
    ("H", n("5S", 3) + " " + n("5H", 3), True),
    ("H", n("BJ", 3) + " " + n("SJ", 3), True),
    ("H", n("5S", 3) + " " + n("AH", 3), True),
    ("H", n("5H", 3) + " " + n("SJ", 3), True),
    ("H", n("5S", 3) + " " + n("6S", 3), False),
    (None, n("5S", 3) + " " + n("5H", 3), False),
], ids=["333444", "444666", "off555+trump555", "BJBJBJ+SJSJSJ", "off555+trumpAAA",
        "trump555+SJSJSJ", "not-555666", "not-no-trump-555555"])
def test_s4_titanic_three_decks_level_5(trump, cards, expected):
    """three-decks, level 5, ♥ trump (or no-trump)."""
    ctx = ctx_of("three-decks", level="5", trump=trump)
    assert ctx.is_tractor(cards) is expected
    if expected:
        assert shapes(ctx, cards) == [unit(ctx, cards, 3, 2)]


def test_s14_tractor_of_triples_three_decks_level_4_spades():
    """three-decks, level 4, ♠ trump: "♥3♥3♥3♥5♥5♥5 is a tractor of triples"."""
    ctx = ctx_of("three-decks", level="4", trump="S")
    cards = n("3H", 3) + " " + n("5H", 3)
    assert ctx.is_tractor(cards)
    assert shapes(ctx, cards) == [unit(ctx, cards, 3, 2)]


def test_s14_222_33_units_three_decks_level_4_spades():
    """three-decks, level 4, ♠ trump: "♥2♥2♥2♥3♥3 reads as the tractor ♥2♥2♥3♥3 plus a single ♥2"."""
    ctx = ctx_of("three-decks", level="4", trump="S")
    cards = "2H 2H 2H 3H 3H"
    assert shapes(ctx, cards) == sorted([unit(ctx, "2H 2H 3H 3H", 2, 2), unit(ctx, "2H", 1, 1)])


# ==================================================================================================
# §5. Declaring trump
# ==================================================================================================


@pytest.mark.parametrize("name", ["two-decks", "three-decks", "four-decks"])
@pytest.mark.parametrize("joker", ["SJ", "BJ"])
def test_s5_a_single_joker_cannot_declare(name, joker):
    # "Jokers declare no-trump, and only in sets (a single joker cannot declare: seeds 001, 003)."
    assert tr.load(name).declaration(joker, level="10") is None


@pytest.mark.parametrize("name", ["one-deck", "two-decks", "three-decks", "four-decks"])
def test_s5_first_level_card_names_its_suit(name):
    # "the first player to show a level card names its suit as trump"
    rules = tr.load(name)
    for suit in "SHDC":
        assert rules.declaration("10" + suit, level="10").trump == suit
    assert rules.declaration("9S", level="10") is None  # not a level card
    assert rules.declaration("7D", level="7").trump == "D"


@pytest.mark.parametrize("name", ["two-decks", "three-decks", "four-decks"])
def test_s5_joker_sets_declare_no_trump(name):
    # "Jokers declare no-trump"
    rules = tr.load(name)
    assert rules.declaration("SJ SJ", level="10").trump is None
    assert rules.declaration("BJ BJ", level="10").trump is None


def _strengths(rules, steps, level="10"):
    out = []
    for cards in steps:
        d = rules.declaration(cards, level=level)
        assert d is not None, f"{cards} should declare"
        out.append(d.strength)
    return out


def test_s5_ladder_three_decks_seed_000():
    """three-decks: "one 10 < two 10s < two jokers (no-trump) < three 10s < three jokers (no-trump)"."""
    rules = tr.load("three-decks")
    s = _strengths(rules, ["10S", "10S 10S", "SJ SJ", "10S 10S 10S", n("SJ", 3)])
    assert s == sorted(s) and len(set(s)) == 5
    # "two jokers" / "three jokers": of either kind
    assert rules.declaration("BJ BJ", "10").strength == rules.declaration("SJ SJ", "10").strength
    assert rules.declaration(n("BJ", 3), "10").strength == rules.declaration(n("SJ", 3), "10").strength
    assert rules.declaration(n("BJ", 3), "10").trump is None
    assert rules.declaration(n("10D", 3), "10").trump == "D"


def test_s5_ladder_two_decks_seed_003():
    """two-decks: "one level card < two level cards < two small jokers < two big jokers"."""
    rules = tr.load("two-decks")
    s = _strengths(rules, ["10S", "10S 10S", "SJ SJ", "BJ BJ"])
    assert s == sorted(s) and len(set(s)) == 4
    # "after a pair of level cards, only a pair of jokers can overturn, to no-trump"
    pair = rules.declaration("10S 10S", "10").strength
    for suit in "SHDC":
        assert rules.declaration(f"10{suit} 10{suit}", "10").strength <= pair
        assert rules.declaration(f"10{suit}", "10").strength < pair
    for jokers in ("SJ SJ", "BJ BJ"):
        d = rules.declaration(jokers, "10")
        assert d.strength > pair and d.trump is None


def test_s5_ladder_two_decks_some_rules_continue_house_rule():
    """three-decks based house rule: seed 003's continued ladder "< three level cards < three small
    jokers < three big jokers" (three identical cards need three decks)."""
    rules = tr.loads(
        'extends: "three-decks"\n\n'
        "declare\n"
        "  ladder: 1 level card < 2 level cards < 2 small jokers < 2 big jokers < 3 level cards"
        " < 3 small jokers < 3 big jokers\n",
        origin="seed-003-long-ladder.tractor")
    s = _strengths(rules, ["10S", "10S 10S", "SJ SJ", "BJ BJ", n("10S", 3), n("SJ", 3), n("BJ", 3)])
    assert s == sorted(s) and len(set(s)) == 7


def test_s5_ladder_four_decks_seed_001():
    """four-decks: "one 10 < two 10s < two small jokers < two big jokers < three 10s < three small
    jokers < three big jokers < four 10s < four small jokers < four big jokers"."""
    rules = tr.load("four-decks")
    steps = ["10S", "10S 10S", "SJ SJ", "BJ BJ", n("10S", 3), n("SJ", 3), n("BJ", 3),
             n("10S", 4), n("SJ", 4), n("BJ", 4)]
    s = _strengths(rules, steps)
    assert s == sorted(s) and len(set(s)) == 10
    assert [rules.declaration(c, "10").trump for c in steps] == ["S"] * 2 + [None] * 2 + ["S"] \
        + [None] * 2 + ["S"] + [None] * 2


def test_s5_some_rules_forbid_no_trump_house_rule():
    """two-decks based house rule: "Some rules forbid no-trump declarations altogether (seed 003)"."""
    rules = tr.loads('extends: "two-decks"\n\ndeclare\n  ladder: 1 level card < 2 level cards\n',
                     origin="no-no-trump.tractor")
    assert rules.declaration("SJ SJ", "10") is None
    assert rules.declaration("BJ BJ", "10") is None
    assert rules.declaration("10S 10S", "10").trump == "S"


@pytest.mark.parametrize("name", ["two-decks", "three-decks", "four-decks"])
def test_s5_reinforce_but_not_overturn_oneself(name):
    # "A player cannot overturn themself but may reinforce (show the same card again to lift their
    # declaration)."
    rules = tr.load(name)
    assert rules.declaring.reinforce is True
    assert rules.declaring.overturn_own is False
    one = rules.declaration("10S", "10")
    two = rules.declaration("10S 10S", "10")
    assert two.trump == one.trump and two.strength > one.strength


def test_s5_earliest_wins_among_equals_two_decks():
    """two-decks: seed 002 "says the earliest wins among equals"; "After a declaration, nobody may
    show one of the same or lower strength"."""
    rules = tr.load("two-decks")
    assert rules.declaring.suit_order == ()
    strengths = {rules.declaration(f"10{s} 10{s}", "10").strength for s in "SHDC"}
    assert len(strengths) == 1


@pytest.mark.parametrize("kitty, expected", [
    # "seed 002: the suit of the 3rd kitty card is trump"
    ("3H 5D 7C 8S 9S JD QD KD", "C"),
    # "if it is a joker, try the 4th, 5th, 6th and 7th in turn"
    ("3H 5D BJ 7C 8S 9S JD QD", "C"),
    ("3H 5D SJ BJ 8S 9S JD QD", "S"),
    ("3H 5D SJ BJ SJ 9D JD QD", "D"),
    ("3H 5D SJ BJ SJ BJ JH QD", "H"),
], ids=["card-3", "joker-then-4th", "jokers-then-5th", "jokers-then-6th", "jokers-then-7th"])
def test_s5_fallback_two_decks_seed_002(kitty, expected):
    """two-decks, level 10, nobody declares."""
    assert tr.load("two-decks").fallback_trump(kitty, level="10") == expected


@pytest.mark.parametrize("kitty, expected", [
    # "seed 001: the suit of the 3rd kitty card"
    ("3H 5D 7C 8S 9S JD QD KD 2C 2C 4S 6S", "C"),
    # "if it is a joker, play no-trump"
    ("3H 5D SJ 7C 8S 9S JD QD KD 2C 4S 6S", None),
    ("3H 5D BJ 7C 8S 9S JD QD KD 2C 4S 6S", None),
], ids=["card-3", "small-joker-no-trump", "big-joker-no-trump"])
def test_s5_fallback_four_decks_seed_001(kitty, expected):
    """four-decks, level 10, nobody declares."""
    assert tr.load("four-decks").fallback_trump(kitty, level="10") == expected


@pytest.mark.parametrize("name", ["three-decks", "one-deck"])
def test_s5_fallback_seed_003_first_kitty_card_and_first_hand_redeal(name):
    # "seed 003: turn the first kitty card; in the first hand (no banker yet) redeal instead"
    rules = tr.load(name)
    assert rules.fallback_trump("7C 3H 5D 8S 9S JD", level="10") == "C"
    assert rules.declaring.first_fallback == "redeal"


def test_s5_fallback_partner_names_trump_house_rule():
    """two-decks based house rule: "in some rules the banker's partner names trump verbally"."""
    rules = tr.loads('extends: "two-decks"\n\ndeclare\n  nobody declares: partner names trump\n',
                     origin="partner-names.tractor")
    with pytest.raises(ValueError) as info:
        rules.fallback_trump("3H 5D 7C 8S 9S JD QD KD", level="10")
    assert info.value.kind == "partner-names"


@pytest.mark.parametrize("name", ["one-deck", "two-decks", "three-decks", "four-decks"])
def test_s5_first_hand_grab_the_banker(name):
    # "First hand: whoever declares first becomes the banker ("grab the banker")."
    assert tr.load(name).declaring.first_banker == "first-declarer"


# ==================================================================================================
# §7. Leading and following: throws
# ==================================================================================================


@pytest.mark.parametrize("name, throw, parts", [
    # "Examples in a side suit: AAK, AKK, AQQJJ, 98844"
    ("two-decks", "AS AS KS", [("AS AS", 2, 1), ("KS", 1, 1)]),
    ("two-decks", "AS KS KS", [("KS KS", 2, 1), ("AS", 1, 1)]),
    ("two-decks", "AS QS QS JS JS", [("QS QS JS JS", 2, 2), ("AS", 1, 1)]),
    ("two-decks", "9S 8S 8S 4S 4S", [("8S 8S", 2, 1), ("4S 4S", 2, 1), ("9S", 1, 1)]),
    # "four decks: AAAAKKK, AAAKKKK, AQQQQJJJJ, 98888444"
    ("four-decks", n("AS", 4) + " " + n("KS", 3), [(n("AS", 4), 4, 1), (n("KS", 3), 3, 1)]),
    ("four-decks", n("AS", 3) + " " + n("KS", 4), [(n("AS", 3), 3, 1), (n("KS", 4), 4, 1)]),
    ("four-decks", "AS " + n("QS", 4) + " " + n("JS", 4),
     [("AS", 1, 1), (n("QS", 4) + " " + n("JS", 4), 4, 2)]),
    ("four-decks", "9S " + n("8S", 4) + " " + n("4S", 3),
     [("9S", 1, 1), (n("8S", 4), 4, 1), (n("4S", 3), 3, 1)]),
], ids=["AAK", "AKK", "AQQJJ", "98844", "AAAAKKK", "AAAKKKK", "AQQQQJJJJ", "98888444"])
def test_s7_throw_examples_units_and_standing(name, throw, parts):
    """Level 10, ♥ trump, spades; nobody else holds a spade that beats a part: the throw stands."""
    ctx = ctx_of(name)
    assert shapes(ctx, throw) == sorted(unit(ctx, c, w, l) for c, w, l in parts)
    others = ["3D 4C 6C", "7D 8D", "2C 3C"]
    # "An unbeaten throw wins." / "A throw stands only if no other player can beat any of its parts"
    assert ctx.throw_options(throw, others) == []


@pytest.mark.parametrize("elsewhere, held_to", [
    # "98844 with another player holding the J of that suit: the leader plays the 9"
    ("JS 3D", "9S"),
    # "98844 with another player holding QQ or 55: the leader plays 44"
    ("QS QS 3D", "4S 4S"),
    ("5S 5S 3D", "4S 4S"),
], ids=["J-elsewhere", "QQ-elsewhere", "55-elsewhere"])
def test_s7_throw_98844_two_decks_level_10_hearts(elsewhere, held_to):
    """two-decks, level 10, ♥ trump, spades.

    "a QQ elsewhere beats the single 9, the pair 88 and the pair 44 of 98844 at once; the lowest of
    them, 44, is played"."""
    ctx = ctx_of("two-decks")
    assert options(ctx, "9S 8S 8S 4S 4S", ["2C 6D", elsewhere, "7C 7C"]) == [bag(ctx, held_to)]


@pytest.mark.parametrize("elsewhere, held_to", [
    # "98888444 (four decks) with a J elsewhere: 9"
    ("JS 3D", "9S"),
    # "with QQQQ or 555 elsewhere: 444"
    (n("QS", 4) + " 3D", n("4S", 3)),
    (n("5S", 3) + " 3D", n("4S", 3)),
], ids=["J-elsewhere", "QQQQ-elsewhere", "555-elsewhere"])
def test_s7_throw_98888444_four_decks_level_10_hearts(elsewhere, held_to):
    """four-decks, level 10, ♥ trump, spades."""
    ctx = ctx_of("four-decks")
    assert options(ctx, "9S " + n("8S", 4) + " " + n("4S", 3),
                   ["2C 6D", elsewhere, "7C 7C"]) == [bag(ctx, held_to)]


NEXT_PLAYER_CHOOSES = ('extends: "two-decks"\n\n'
                       "lead\n"
                       "  failed throw: next player chooses\n")


@pytest.mark.parametrize("others, held_to", [
    # "Q44 with a higher single elsewhere but no higher pair: Q"
    (["KS 3D", "2C", "6D"], ["QS"]),
    # "a higher pair but no higher single: 44"
    (["6S 6S 3D", "2C", "6D"], ["4S 4S"]),
    # "both: the next player chooses which (seed 003)"
    (["KS 3D", "6S 6S", "6D"], ["QS", "4S 4S"]),
    (["KS 6S 6S", "2C", "6D"], ["QS", "4S 4S"]),
], ids=["higher-single", "higher-pair", "both-two-players", "both-one-player"])
def test_s7_throw_Q44_next_player_chooses_house_rule(others, held_to):
    """two-decks based house rule "failed throw: next player chooses" (seed 003), level 10, ♥ trump."""
    rules = tr.loads(NEXT_PLAYER_CHOOSES, origin="seed-003-throws.tractor")
    ctx = rules.context(level="10", trump="H")
    assert options(ctx, "QS 4S 4S", others) == sorted(bag(ctx, h) for h in held_to)


def test_s7_throw_Q44_smallest_beaten_part_two_decks():
    """two-decks, level 10, ♥ trump (seed 002: "the smallest of the cards it wanted to connect")."""
    ctx = ctx_of("two-decks")
    assert options(ctx, "QS 4S 4S", ["KS 3D", "2C", "6D"]) == [bag(ctx, "QS")]
    assert options(ctx, "QS 4S 4S", ["6S 6S 3D", "2C", "6D"]) == [bag(ctx, "4S 4S")]
    assert options(ctx, "QS 4S 4S", ["KS 3D", "6S 6S", "6D"]) == [bag(ctx, "4S 4S")]


def test_s7_failed_throw_may_be_penalised_house_strict_throws():
    """house-strict-throws: "A failed throw may also be penalised." (10 points per card taken back)."""
    rules = tr.load("house-strict-throws")
    assert (rules.leading.throw_penalty.kind, rules.leading.throw_penalty.points) == ("per-card", 10)
    assert tr.load("two-decks").leading.throw_penalty.kind == "none"


def test_s14_throw_8872_level_4_spades_then_the_trick():
    """two-decks, level 4, ♠ trump.

    "P1 throws ♥8♥8 ♥7 ♥2 while P4 holds ♥3: the ♥2 part is beatable, so P1 plays ♥2 alone; P2 plays
    ♥2, P3 (void) ruffs ♠3, P4 plays ♥3: P3 wins."""
    ctx = ctx_of("two-decks", level="4", trump="S")
    p2, p3, p4 = "2H 6C 9D", "3S 6D 9C", "3H 7C 8D"
    assert options(ctx, "8H 8H 7H 2H", [p2, p3, p4]) == [bag(ctx, "2H")]
    # the follows are legal ...
    assert ctx.follow_error(p2, lead="2H", play="2H") is None
    assert ctx.follow_error(p3, lead="2H", play="3S") is None
    assert ctx.follow_error(p4, lead="2H", play="3H") is None
    # ... and the ruff wins
    assert ctx.winner("2H", ["2H", "3S", "3H"]) == 2


# ==================================================================================================
# §7. Following
# ==================================================================================================


def test_s7_follow_suit_trump_counts_as_one_suit_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump: "follow suit while you can (trump counts as one suit)"."""
    ctx = ctx_of("two-decks")
    # ♥A led: ♠10 and the small joker are trumps, so they must be played
    assert ctx.follow_error("10S 3D", lead="AH", play="3D") is not None
    assert ctx.follow_error("10S 3D", lead="AH", play="10S") is None
    assert ctx.follow_error("SJ 3D", lead="10C", play="SJ") is None
    assert ctx.follow_error("SJ 3D", lead="10C", play="3D") is not None


def test_s7_lacking_cards_play_all_and_fill_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump: "If you lack enough cards of the suit, play all of them and fill
    with anything."""
    ctx = ctx_of("two-decks")
    hand = "9S 5S 3D 4D 6C"
    assert ctx.follow_error(hand, lead="KS KS QS QS", play="9S 5S 3D 4D") is None
    assert ctx.follow_error(hand, lead="KS KS QS QS", play="9S 5S 3D 6C") is None
    assert ctx.follow_error(hand, lead="KS KS QS QS", play="9S 3D 4D 6C") is not None


def test_s7_follow_the_same_number_of_cards_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump: "Following: play the same number of cards"."""
    ctx = ctx_of("two-decks")
    hand = "9S 9S 5S 3D"
    assert ctx.follow_error(hand, lead="KS KS", play="9S 9S") is None
    assert ctx.follow_error(hand, lead="KS KS", play="9S") is not None
    assert ctx.follow_error(hand, lead="KS KS", play="9S 9S 5S") is not None


def test_s7_pair_from_a_tractor_counts_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump: "to a pair, play a pair if you have one (a pair out of a tractor
    counts)"."""
    ctx = ctx_of("two-decks")
    hand = "9S 9S 8S 8S 3S 4D"
    assert ctx.follow_error(hand, lead="KS KS", play="9S 9S") is None
    assert ctx.follow_error(hand, lead="KS KS", play="8S 8S") is None
    assert ctx.follow_error(hand, lead="KS KS", play="9S 3S") is not None
    assert ctx.follow_error(hand, lead="KS KS", play="9S 8S") is not None


@pytest.mark.parametrize("hand, good, bad", [
    # "to a tractor, play a tractor if you have one"
    ("9S 9S 8S 8S 5S 5S 3S", "9S 9S 8S 8S", "9S 9S 5S 5S"),
    # "else pairs"
    ("9S 9S 5S 5S 3S 2S", "9S 9S 5S 5S", "9S 9S 5S 3S"),
    # "else the suit's cards" (as many pairs as held, then singles)
    ("9S 9S 7S 5S 3S", "9S 9S 7S 3S", "9S 7S 5S 3S"),
    ("9S 7S 5S 3S 2S", "9S 7S 5S 3S", "9S 7S 5S 4D"),
], ids=["tractor", "pairs", "pair-and-singles", "singles"])
def test_s7_follow_a_tractor_two_decks_level_10_hearts(hand, good, bad):
    """two-decks, level 10, ♥ trump, ♠K♠K♠Q♠Q led."""
    ctx = ctx_of("two-decks")
    hand = hand + " 4D 6C"
    assert ctx.follow_error(hand, lead="KS KS QS QS", play=good) is None
    assert ctx.follow_error(hand, lead="KS KS QS QS", play=bad) is not None


def test_s7_follow_single_three_decks_level_10_hearts():
    """three-decks, level 10, ♥ trump: seed 003 "single: single > discard"."""
    ctx = ctx_of("three-decks")
    assert ctx.follow_error("3S 4D", lead="AS", play="3S") is None
    assert ctx.follow_error("3S 4D", lead="AS", play="4D") is not None


@pytest.mark.parametrize("hand, good, bad", [
    # "pair: pair (also from a triple) > two singles > discard"
    ("8S 8S 8S 6S 5S 4D", "8S 8S", "8S 6S"),
    ("8S 6S 5S 4D", "8S 6S", "8S 4D"),
], ids=["pair-from-triple", "two-singles"])
def test_s7_follow_pair_three_decks_level_10_hearts(hand, good, bad):
    """three-decks, level 10, ♥ trump, ♠K♠K led (seed 003's pair list)."""
    ctx = ctx_of("three-decks")
    assert ctx.follow_error(hand, lead="KS KS", play=good) is None
    assert ctx.follow_error(hand, lead="KS KS", play=bad) is not None


@pytest.mark.parametrize("hand, good, bad", [
    # seed 003 "triple: triple > pair + single > three singles > discard"; seed 000 "Lead of a
    # triple: triple > pair + one > three singles."
    ("8S 8S 8S 6S 6S 5S 4D", "8S 8S 8S", "8S 8S 6S"),
    ("8S 8S 6S 5S 4D", "8S 8S 6S", "8S 6S 5S"),
    ("8S 6S 5S 3S 4D", "8S 6S 5S", "8S 6S 4D"),
], ids=["triple", "pair+single", "three-singles"])
def test_s7_follow_triple_three_decks_level_10_hearts(hand, good, bad):
    """three-decks, level 10, ♥ trump, ♠K♠K♠K led."""
    ctx = ctx_of("three-decks")
    assert ctx.follow_error(hand, lead=n("KS", 3), play=good) is None
    assert ctx.follow_error(hand, lead=n("KS", 3), play=bad) is not None


@pytest.mark.parametrize("hand, good, bad", [
    # seed 003 "two pairs tractor: tractor > two pairs > pair + two singles > four singles > discard"
    ("9S 9S 8S 8S 5S 5S 3S", "9S 9S 8S 8S", "9S 9S 5S 5S"),
    ("9S 9S 5S 5S 3S 2S", "9S 9S 5S 5S", "9S 9S 5S 3S"),
    ("9S 9S 7S 5S 3S", "9S 9S 7S 5S", "9S 7S 5S 3S"),
    ("9S 7S 5S 3S 2S", "9S 7S 5S 3S", "9S 7S 5S 4D"),
], ids=["tractor", "two-pairs", "pair+two-singles", "four-singles"])
def test_s7_follow_two_pair_tractor_three_decks_level_10_hearts(hand, good, bad):
    """three-decks, level 10, ♥ trump, ♠K♠K♠Q♠Q led (seed 003's list)."""
    ctx = ctx_of("three-decks")
    hand = hand + " 4D 6C"
    assert ctx.follow_error(hand, lead="KS KS QS QS", play=good) is None
    assert ctx.follow_error(hand, lead="KS KS QS QS", play=bad) is not None


TITANIC_LEAD = n("KS", 3) + " " + n("QS", 3)


@pytest.mark.parametrize("hand, good, bad", [
    # seed 000: "Titanic > a tractor + any two > two triples > triple + pair + single > triple +
    # three singles > two pairs + two > one pair + four > six singles"
    (n("9S", 3) + " " + n("8S", 3) + " 3S", n("9S", 3) + " " + n("8S", 3), n("9S", 3) + " 8S 8S 3S"),
    ("9S 9S 8S 8S " + n("5S", 3) + " 3S", "9S 9S 8S 8S 5S 3S", n("5S", 3) + " 9S 9S 3S"),
    (n("9S", 3) + " " + n("6S", 3) + " 3S", n("9S", 3) + " " + n("6S", 3), n("9S", 3) + " 6S 6S 3S"),
    (n("9S", 3) + " 6S 6S 4S 3S", n("9S", 3) + " 6S 6S 3S", n("9S", 3) + " 6S 4S 3S"),
    (n("9S", 3) + " 6S 4S 3S 2S", n("9S", 3) + " 6S 4S 3S", "9S 9S 6S 4S 3S 2S"),
    ("9S 9S 6S 6S 4S 3S 2S", "9S 9S 6S 6S 4S 3S", "9S 9S 6S 4S 3S 2S"),
    ("9S 9S 7S 6S 4S 3S 2S", "9S 9S 7S 6S 4S 3S", "9S 7S 6S 4S 3S 2S"),
    ("AS 9S 7S 6S 4S 3S 2S", "AS 9S 7S 6S 4S 3S", "AS 9S 7S 6S 4S 4D"),
], ids=["titanic", "tractor+any-two", "two-triples", "triple+pair+single", "triple+three-singles",
        "two-pairs+two", "one-pair+four", "six-singles"])
def test_s7_follow_titanic_three_decks_seed_000(hand, good, bad):
    """three-decks, level 10, ♥ trump, ♠K♠K♠K♠Q♠Q♠Q led (seed 000's Titanic list)."""
    ctx = ctx_of("three-decks")
    hand = hand + " 4D 6C"
    assert ctx.follow_error(hand, lead=TITANIC_LEAD, play=good) is None
    assert ctx.follow_error(hand, lead=TITANIC_LEAD, play=bad) is not None


SEED_003_TITANIC = ('extends: "three-decks"\n\n'
                    "follow\n"
                    "  tractor of 2 triples: tractor of 2 triples > 2 triples > triple + pair + single"
                    " > triple + 3 singles > tractor of 2 pairs + 2 singles > 2 pairs + 2 singles"
                    " > pair + 4 singles > 6 singles\n")
TRACTOR_ABOVE_TRIPLE_PAIR = ('extends: "three-decks"\n\n'
                             "follow\n"
                             "  tractor of 2 triples: tractor of 2 triples > 2 triples"
                             " > tractor of 2 pairs + 2 singles > triple + pair + single"
                             " > triple + 3 singles > 2 pairs + 2 singles > pair + 4 singles"
                             " > 6 singles\n")


# hands that tell the three readings apart (three decks, ♠K♠K♠K♠Q♠Q♠Q led):
TWO_TRIPLES_AND_A_TRACTOR = n("9S", 3) + " " + n("5S", 3) + " 4S 4S 4D 6C"  # 555+44 is 5544
TRIPLE_PAIR_AND_A_TRACTOR = n("9S", 3) + " 6S 6S 5S 5S 3S 4D 6C"


@pytest.mark.parametrize("text, hand, good, bad", [
    # seed 003: "consecutive triples > two triples > triple + pair + single > triple + three singles
    # > tractor + two singles > two pairs + two singles > pair + four singles > six singles > discard"
    (SEED_003_TITANIC, TWO_TRIPLES_AND_A_TRACTOR, n("9S", 3) + " " + n("5S", 3),
     "5S 5S 4S 4S 9S 9S"),
    (SEED_003_TITANIC, TRIPLE_PAIR_AND_A_TRACTOR, n("9S", 3) + " 6S 6S 3S", "6S 6S 5S 5S 9S 3S"),
    # "Some rules rank tractor + two singles above triple + pair + single"
    (TRACTOR_ABOVE_TRIPLE_PAIR, TWO_TRIPLES_AND_A_TRACTOR, n("9S", 3) + " " + n("5S", 3),
     "5S 5S 4S 4S 9S 9S"),
    (TRACTOR_ABOVE_TRIPLE_PAIR, TRIPLE_PAIR_AND_A_TRACTOR, "6S 6S 5S 5S 9S 3S", n("9S", 3) + " 6S 6S 3S"),
    # "some rank it above two triples" (seed 000: the shipped three-decks)
    (None, TWO_TRIPLES_AND_A_TRACTOR, "5S 5S 4S 4S 9S 9S", n("9S", 3) + " " + n("5S", 3)),
    (None, TRIPLE_PAIR_AND_A_TRACTOR, "6S 6S 5S 5S 9S 3S", n("9S", 3) + " 6S 6S 3S"),
], ids=["seed-003-two-triples", "seed-003-triple+pair+single",
        "house-tractor-above-triple+pair-two-triples", "house-tractor-above-triple+pair-tractor",
        "three-decks-seed-000-two-triples", "three-decks-seed-000-tractor"])
def test_s7_follow_titanic_variants(text, hand, good, bad):
    """Level 10, ♥ trump, ♠K♠K♠K♠Q♠Q♠Q led: seed 003's list and its two variants (house rules on
    three-decks; the last is the shipped three-decks, seed 000)."""
    rules = tr.load("three-decks") if text is None else tr.loads(text, origin="titanic-list.tractor")
    ctx = rules.context(level="10", trump="H")
    assert ctx.follow_error(hand, lead=TITANIC_LEAD, play=good) is None
    assert ctx.follow_error(hand, lead=TITANIC_LEAD, play=bad) is not None


@pytest.mark.parametrize("hand, good, bad", [
    # seed 001 "Lead of a quad: quad > triple + single > two pairs > pair + two singles > four singles."
    (n("9S", 4) + " 5S", n("9S", 4), n("9S", 3) + " 5S"),
    (n("9S", 3) + " 5S 5S 3S", n("9S", 3) + " 3S", "9S 9S 5S 5S"),
    ("9S 9S 5S 5S 3S", "9S 9S 5S 5S", "9S 9S 5S 3S"),
    ("9S 9S 5S 4S 3S", "9S 9S 5S 3S", "9S 5S 4S 3S"),
    ("9S 7S 5S 4S 3S", "9S 7S 5S 4S", "9S 7S 5S 4D"),
], ids=["quad", "triple+single", "two-pairs", "pair+two-singles", "four-singles"])
def test_s7_follow_quad_four_decks(hand, good, bad):
    """four-decks, level 10, ♥ trump, ♠K♠K♠K♠K led."""
    ctx = ctx_of("four-decks")
    hand = hand + " 4D 6C"
    assert ctx.follow_error(hand, lead=n("KS", 4), play=good) is None
    assert ctx.follow_error(hand, lead=n("KS", 4), play=bad) is not None


CONSECUTIVE_QUADS_LEAD = n("KS", 4) + " " + n("QS", 4)


def q(*parts: str) -> str:
    return " ".join(parts)


@pytest.mark.parametrize("hand, good, bad", [
    # 1. two consecutive quads
    (q(n("9S", 4), n("8S", 4), "3S"), q(n("9S", 4), n("8S", 4)), q(n("9S", 4), n("8S", 3), "3S")),
    # 2. two consecutive triples + two singles
    (q(n("9S", 3), n("8S", 3), "5S 4S 3S"), q(n("9S", 3), n("8S", 3), "5S 4S"),
     q(n("9S", 3), "8S 8S 5S 4S 3S")),
    # 3. a tractor + two pairs
    ("9S 9S 8S 8S 6S 6S 4S 4S 3S", "9S 9S 8S 8S 6S 6S 4S 4S", "9S 9S 8S 8S 6S 6S 4S 3S"),
    # 4. a tractor + a pair + two singles
    ("9S 9S 8S 8S 6S 6S 4S 3S 2S", "9S 9S 8S 8S 6S 6S 4S 3S", "9S 9S 8S 8S 6S 4S 3S 2S"),
    # 5. a tractor + four singles
    ("9S 9S 8S 8S 6S 5S 4S 3S 2S", "9S 9S 8S 8S 6S 5S 4S 3S", "9S 9S 8S 6S 5S 4S 3S 2S"),
    # 6. two quads
    (q(n("9S", 4), n("6S", 4), "3S"), q(n("9S", 4), n("6S", 4)), q(n("9S", 4), n("6S", 3), "3S")),
    # 7. a quad + two pairs
    (q(n("9S", 4), "6S 6S 4S 4S 3S"), q(n("9S", 4), "6S 6S 4S 4S"), q(n("9S", 4), "6S 6S 4S 3S")),
    # 8. a quad + a pair + two singles
    (q(n("9S", 4), "6S 6S 4S 3S 2S"), q(n("9S", 4), "6S 6S 4S 3S"), q(n("9S", 4), "6S 4S 3S 2S")),
    # 9. a quad + four singles
    (q(n("9S", 4), "6S 4S 3S 2S AS"), q(n("9S", 4), "6S 4S 3S 2S"), q(n("9S", 3), "6S 4S 3S 2S AS")),
    # 10. two triples + two singles
    (q(n("9S", 3), n("6S", 3), "4S 3S 2S"), q(n("9S", 3), n("6S", 3), "4S 3S"),
     q(n("9S", 3), "6S 6S 4S 3S 2S")),
    # 11. a triple + two pairs + a single
    (q(n("9S", 3), "6S 6S 4S 4S 2S AS"), q(n("9S", 3), "6S 6S 4S 4S 2S"),
     q(n("9S", 3), "6S 6S 4S 2S AS")),
    # 12. a triple + a pair + three singles
    (q(n("9S", 3), "7S 6S 6S 4S 2S AS"), q(n("9S", 3), "6S 6S 4S 2S AS"),
     q(n("9S", 3), "7S 6S 4S 2S AS")),
    # 13. a triple + five singles
    (q(n("9S", 3), "7S 6S 4S 3S 2S AS"), q(n("9S", 3), "7S 6S 4S 2S AS"),
     "9S 9S 7S 6S 4S 3S 2S AS"),
    # 14. four pairs
    ("9S 9S 7S 7S 5S 5S 3S 3S AS", "9S 9S 7S 7S 5S 5S 3S 3S", "9S 9S 7S 7S 5S 5S 3S AS"),
    # 15. three pairs + two singles
    ("9S 9S 7S 7S 5S 5S 3S 2S AS", "9S 9S 7S 7S 5S 5S 3S 2S", "9S 9S 7S 7S 5S 3S 2S AS"),
    # 16. two pairs + four singles
    ("9S 9S 7S 7S 5S 4S 3S 2S AS", "9S 9S 7S 7S 5S 4S 3S 2S", "9S 9S 7S 5S 4S 3S 2S AS"),
    # 17. a pair + six singles
    ("9S 9S 7S 5S 4S 3S 2S AS JS", "9S 9S 7S 5S 4S 3S 2S AS", "9S 7S 5S 4S 3S 2S AS JS"),
    # 18. eight singles
    ("9S 7S 6S 5S 4S 3S 2S AS JS", "9S 7S 6S 5S 4S 3S 2S AS", "9S 7S 6S 5S 4S 3S 2S 4D"),
], ids=[f"entry-{i}" for i in range(1, 19)])
def test_s7_follow_two_consecutive_quads_four_decks(hand, good, bad):
    """four-decks, level 10, ♥ trump, ♠KKKK QQQQ led: seed 001's eighteen-entry list, as read in
    RULES.md §7 ("1. two consecutive quads ... 18. eight singles")."""
    ctx = ctx_of("four-decks")
    hand = hand + " 4D 6C"
    assert ctx.follow_error(hand, lead=CONSECUTIVE_QUADS_LEAD, play=good) is None
    assert ctx.follow_error(hand, lead=CONSECUTIVE_QUADS_LEAD, play=bad) is not None


# --- §14 follows ----------------------------------------------------------------------------------


def test_s14_follow_pair_JJ_level_9_clubs_holding_A_1010_6_two_decks():
    """two-decks, level 9, ♣ trump, ♥J♥J led: "holding ♥A ♥10♥10 ♥6 you must play ♥10♥10"."""
    ctx = ctx_of("two-decks", level="9", trump="C")
    hand = "AH 10H 10H 6H 3D 4S"
    assert ctx.follow_error(hand, lead="JH JH", play="10H 10H") is None
    assert ctx.follow_error(hand, lead="JH JH", play="AH 6H") is not None
    assert ctx.follow_error(hand, lead="JH JH", play="AH 10H") is not None


def test_s14_follow_pair_JJ_level_9_clubs_holding_888_6_5_three_decks():
    """three-decks, level 9, ♣ trump, ♥J♥J led (three ♥8 need three decks): "holding ♥8♥8♥8 ♥6 ♥5
    you must play ♥8♥8"."""
    ctx = ctx_of("three-decks", level="9", trump="C")
    hand = "8H 8H 8H 6H 5H 3D"
    assert ctx.follow_error(hand, lead="JH JH", play="8H 8H") is None
    assert ctx.follow_error(hand, lead="JH JH", play="6H 5H") is not None
    assert ctx.follow_error(hand, lead="JH JH", play="8H 6H") is not None


def test_s14_follow_pair_JJ_level_9_clubs_longer_tuples_protected_house_rule():
    """three-decks based house rule "protect longer sets: yes", level 9, ♣ trump, ♥J♥J led: "(unless
    longer tuples are protected)": then ♥8♥8♥8 need not be split."""
    rules = tr.loads('extends: "three-decks"\n\nfollow\n  protect longer sets: yes\n',
                     origin="protected.tractor")
    ctx = rules.context(level="9", trump="C")
    hand = "8H 8H 8H 6H 5H 3D"
    assert ctx.follow_error(hand, lead="JH JH", play="6H 5H") is None
    assert ctx.follow_error(hand, lead="JH JH", play="6H 3D") is not None


def test_s14_follow_pair_JJ_level_9_clubs_only_K_in_hearts_two_decks():
    """two-decks, level 9, ♣ trump, ♥J♥J led: "holding only ♥K in hearts you play ♥K and any card"."""
    ctx = ctx_of("two-decks", level="9", trump="C")
    hand = "KH 3D 4S 7C"
    for other in ("3D", "4S", "7C"):
        assert ctx.follow_error(hand, lead="JH JH", play="KH " + other) is None
    assert ctx.follow_error(hand, lead="JH JH", play="3D 4S") is not None


def test_s14_follow_pair_JJ_level_9_clubs_void_with_9h_two_decks():
    """two-decks, level 9, ♣ trump, ♥J♥J led: "holding ♣9 ♠9 ♥9 ♦K you are void in hearts (♥9 is
    trump) and play any two"."""
    ctx = ctx_of("two-decks", level="9", trump="C")
    hand = "9C 9S 9H KD"
    for play in ("9C 9S", "9H KD", "9S KD", "9C 9H", "9S 9H", "9C KD"):
        assert ctx.follow_error(hand, lead="JH JH", play=play) is None


def test_s14_tractor_AAKK_led_pairs_must_be_played_and_cannot_win_two_decks():
    """two-decks, level 10, ♥ trump: "A tractor ♠A♠A♠K♠K is led; holding ♠9♠9 ♠5♠5 ♠3 (no tractor)
    you must play ♠9♠9♠5♠5, which cannot win."""
    ctx = ctx_of("two-decks")
    hand = "9S 9S 5S 5S 3S 7D"
    assert ctx.follow_error(hand, lead="AS AS KS KS", play="9S 9S 5S 5S") is None
    assert ctx.follow_error(hand, lead="AS AS KS KS", play="9S 9S 5S 3S") is not None
    assert ctx.follow_error(hand, lead="AS AS KS KS", play="9S 5S 5S 3S") is not None
    assert ctx.winner("AS AS KS KS", ["9S 9S 5S 5S", "3D 4D 6D 7D", "2C 3C 4C 6C"]) == 0


# ==================================================================================================
# §8. Ruffing and overtrumping
# ==================================================================================================


def test_s8_void_may_ruff_or_discard_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump: "A player void in the led side suit may play trumps ("kill") or
    discard anything."""
    ctx = ctx_of("two-decks")
    hand = "9H 3D 4C"
    for play in ("9H", "3D", "4C"):
        assert ctx.follow_error(hand, lead="AS", play=play) is None
    assert ctx.winner("AS", ["9H", "3D", "4C"]) == 1
    assert ctx.winner("AS", ["3D", "4C", "KS"]) == 0


def test_s8_998872_ruffs_AK5544_but_not_AA5544_two_decks():
    """two-decks, level 10, ♥ trump: "Trump 998872 can ruff side AK5544 (tractor 5544 + two singles)
    but not side AA5544 (tractor + pair: 72 is no pair)."""
    ctx = ctx_of("two-decks")
    ruff = "9H 9H 8H 8H 7H 2H"
    assert ctx.winner("AS KS 5S 5S 4S 4S", [ruff, "3D 3D 4D 6D 7D 8D"]) == 1
    assert ctx.winner("AS AS 5S 5S 4S 4S", [ruff, "3D 3D 4D 6D 7D 8D"]) == 0


def test_s8_977_ruffs_544_and_884_overtrumps_two_decks():
    """two-decks, level 10, ♥ trump: "To a side lead 544, trump 977 ruffs; trump 884 then overtrumps
    it (88 > 77)."""
    ctx = ctx_of("two-decks")
    assert ctx.winner("5S 4S 4S", ["9H 7H 7H", "3D 6D 7D"]) == 1
    assert ctx.winner("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H"]) == 2
    assert ctx.winner("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H", "3C 6C 7C"]) == 2


def test_s8_977_ruffs_567_and_884_cannot_overtrump_two_decks():
    """two-decks, level 10, ♥ trump: "To a side throw 567 (three singles), trump 977 ruffs; trump 884
    cannot overtrump it (largest single 8 < 9)."""
    ctx = ctx_of("two-decks")
    assert ctx.winner("5S 6S 7S", ["9H 7H 7H", "8H 8H 4H"]) == 1
    assert ctx.winner("5S 6S 7S", ["3D 4D 6D", "9H 7H 7H", "8H 8H 4H"]) == 2


@pytest.mark.parametrize("name", ["three-decks", "four-decks"])
def test_s8_ruff_must_contain_every_combination_type_three_and_four_decks(name):
    """Level 10, ♥ trump: "with three and four decks the ruff must contain every combination type of
    the lead (seed 001). Otherwise it is a discard and cannot win."""
    ctx = ctx_of(name)
    lead = "AS AS AS KS"  # a triple and a single
    assert ctx.winner(lead, ["9H 9H 8H 7H", "3D 4D 6D 7D"]) == 0
    assert ctx.winner(lead, ["3H 3H 3H 2H", "3D 4D 6D 7D"]) == 1


# ==================================================================================================
# §9. Winning tricks and the kitty
# ==================================================================================================


def test_s9_winning_tricks_two_decks_level_10_hearts():
    """two-decks, level 10, ♥ trump."""
    ctx = ctx_of("two-decks")
    # "The trick goes to the best card(s) of the led shape in the led suit"
    assert ctx.winner("KS KS", ["AS AS", "3D 4D", "2C 2C"]) == 1
    # "Cards that do not follow shape, or off-suit non-trumps, never win."
    assert ctx.winner("KS KS", ["AS QS", "3D 4D", "2C 2C"]) == 0
    assert ctx.winner("KS", ["AD", "AC", "2S"]) == 0
    # "Among identical cards, the first played wins."
    assert ctx.winner("QS QS", ["AS AS", "AS AS"]) == 1
    # "An unbeaten throw wins."
    assert ctx.winner("AS AS KS", ["QS QS JS", "3D 4D 6D", "2C 3C 4C"]) == 0


@pytest.mark.parametrize("lead, factor", [
    # "seed 002: won with a single ×2, a pair ×4, a tractor ×8, a three-pair tractor ("three
    # tows") ×16, "and so on by analogy" (each further pair doubles again)"
    ("5S", 2),
    ("5S 5S", 4),
    ("5S 5S 4S 4S", 8),
    ("6S 6S 5S 5S 4S 4S", 16),
    ("7S 7S 6S 6S 5S 5S 4S 4S", 32),
    ("8S 8S 7S 7S 6S 6S 5S 5S 4S 4S", 64),
], ids=["single", "pair", "tractor", "three-pair-tractor", "four-pair-tractor", "five-pair-tractor"])
def test_s9_kitty_table_two_decks_seed_002(lead, factor):
    """two-decks, level 10, ♥ trump."""
    assert ctx_of("two-decks").kitty_multiplier(lead) == factor


# "seed 000 (two and three decks): 2 to the power of the number of cards in the largest combination
# of the last trick, at most 64: 444555 → 64; 445566 → 64; 4455 → 16; 555 → 8. For a throw, use its
# largest combination: AKQJ1098 + 77 → pair → ×4; AKQJ → single → ×2; AAJJ → pair → ×4 (AA and JJ
# do not touch)."
POWER_KITTY = [
    ("three-decks", "10", n("4S", 3) + " " + n("5S", 3), 64),
    ("three-decks", "10", "4S 4S 5S 5S 6S 6S", 64),
    ("two-decks-power-kitty", "10", "4S 4S 5S 5S 6S 6S", 64),
    ("three-decks", "10", "4S 4S 5S 5S", 16),
    ("two-decks-power-kitty", "10", "4S 4S 5S 5S", 16),
    ("three-decks", "10", n("5S", 3), 8),
    # the throws hold a 10 in the suit: not level 10 (level 2 here)
    ("two-decks-power-kitty", "2", "AS KS QS JS 10S 9S 8S 7S 7S", 4),
    ("three-decks", "2", "AS KS QS JS 10S 9S 8S 7S 7S", 4),
    ("two-decks-power-kitty", "2", "AS KS QS JS", 2),
    ("three-decks", "2", "AS KS QS JS", 2),
    ("two-decks-power-kitty", "2", "AS AS JS JS", 4),
    ("three-decks", "2", "AS AS JS JS", 4),
]


@pytest.mark.parametrize("name, level, lead, factor", POWER_KITTY,
                         ids=[f"{r}-level-{lv}-{lead.replace(' ', '')}" for r, lv, lead, _ in POWER_KITTY])
def test_s9_power_kitty_seed_000(name, level, lead, factor):
    """♥ trump, spades."""
    assert ctx_of(name, level=level).kitty_multiplier(lead) == factor


def test_s9_power_kitty_cap_64_three_decks():
    """three-decks, level 10, ♥ trump: "at most 64"."""
    ctx = ctx_of("three-decks")
    assert ctx.kitty_multiplier(n("7S", 3) + " " + n("6S", 3) + " " + n("5S", 3)) == 64
    assert ctx.kitty_multiplier("8S 8S 7S 7S 6S 6S 5S 5S") == 64


def test_s9_kitty_seed_003_doubled_one_deck():
    """one-deck, level 10, ♥ trump: "seed 003: the kitty's points are doubled"."""
    ctx = ctx_of("one-deck")
    assert ctx.kitty_multiplier("5S") == 2
    assert ctx.kitty_multiplier("AS KS") == 2


def test_s9_kitty_four_decks_states_its_choice():
    """four-decks, level 10, ♥ trump: "seed 001 (four decks) states no multiplier: the four-deck
    ruleset must choose one and say so" -- it chose 2 × size, agreeing with seed 002 on a single ×2,
    a pair ×4 and a two-pair tractor ×8."""
    rules = tr.load("four-decks")
    assert rules.source_of("kitty") is not None
    ctx = rules.context(level="10", trump="H")
    assert ctx.kitty_multiplier("5S") == 2
    assert ctx.kitty_multiplier("5S 5S") == 4
    assert ctx.kitty_multiplier("5S 5S 4S 4S") == 8


KITTY_30 = "KS 10H 5D 5C"


def kitty_points(rules, kitty: str) -> int:
    """The kitty's points by the ruleset's point cards (``rules.table.points``, rank -> points)."""
    values = dict(rules.table.points)
    rules.context(level="2", trump="H").cards(kitty)  # the notation is a real kitty of this deck
    return sum(values.get(token[:-1], 0) for token in kitty.split())


@pytest.mark.parametrize("name, lead, total", [
    # "with a single ×2 → 60"
    ("two-decks", "AS", 60),
    ("two-decks-power-kitty", "AS", 60),
    ("four-decks", "AS", 60),
    ("three-decks", "AS", 60),
    ("one-deck", "AS", 60),
    # "with a pair: 120 under 2/4/8 or 2×size"
    ("two-decks", "AS AS", 120),
    ("four-decks", "AS AS", 120),
    # "with a two-pair tractor: 240 under 2/4/8 or 2×size, 480 under 2^size"
    ("two-decks", "AS AS KS KS", 240),
    ("four-decks", "AS AS KS KS", 240),
    ("two-decks-power-kitty", "AS AS KS KS", 480),
    ("three-decks", "AS AS KS KS", 480),
])
def test_s14_kitty_of_30_points(name, lead, total):
    """Level 10, ♥ trump: "Kitty of ♠K ♥10 ♦5 ♣5 (30 points), attackers win the last trick"."""
    rules = tr.load(name)
    assert kitty_points(rules, KITTY_30) == 30
    assert 30 * rules.context(level="10", trump="H").kitty_multiplier(lead) == total


# ==================================================================================================
# §10. Level changes
# ==================================================================================================

TWO_DECKS_TABLE = [
    # "0 | banker team +3 levels ("big light")"
    (0, ("banker", 3)),
    # "5 – 35 | banker team +2 ("small light")"
    (5, ("banker", 2)), (35, ("banker", 2)),
    # "40 – 75 | banker team +1"
    (40, ("banker", 1)), (75, ("banker", 1)),
    # "80 – 115 | attackers become the banker team, no level change"
    (80, ("attackers", 0)), (115, ("attackers", 0)),
    # "120 – 155 | attackers take over and go up 1"
    (120, ("attackers", 1)), (155, ("attackers", 1)),
    # "160 – 195 | attackers take over and go up 2"
    (160, ("attackers", 2)), (195, ("attackers", 2)),
    # "each further 40 | one more level"
    (200, ("attackers", 3)), (235, ("attackers", 3)), (240, ("attackers", 4)),
    (280, ("attackers", 5)),
]


@pytest.mark.parametrize("name", ["two-decks", "two-decks-power-kitty", "two-decks-constant-twos",
                                  "house-mandatory-levels", "house-strict-throws"])
@pytest.mark.parametrize("points, outcome", TWO_DECKS_TABLE, ids=[str(p) for p, _ in TWO_DECKS_TABLE])
def test_s10_two_decks_thresholds(name, points, outcome):
    assert tr.load(name).level_change(points) == outcome


ONE_DECK_TABLE = [
    # "One deck: same shape with steps of 20 (threshold 40)."
    (0, ("banker", 3)), (5, ("banker", 2)), (15, ("banker", 2)), (20, ("banker", 1)),
    (35, ("banker", 1)), (40, ("attackers", 0)), (55, ("attackers", 0)), (60, ("attackers", 1)),
    (75, ("attackers", 1)), (80, ("attackers", 2)), (95, ("attackers", 2)), (100, ("attackers", 3)),
]


@pytest.mark.parametrize("points, outcome", ONE_DECK_TABLE, ids=[str(p) for p, _ in ONE_DECK_TABLE])
def test_s10_one_deck_thresholds(points, outcome):
    assert tr.load("one-deck").level_change(points) == outcome


THREE_DECKS_TABLE = [
    # "0 is big light"
    (0, ("banker", 3)),
    # "under 60 small light"
    (5, ("banker", 2)), (55, ("banker", 2)),
    # (the same shape: one step below the swap, banker +1)
    (60, ("banker", 1)), (115, ("banker", 1)),
    # "120 takes over"
    (120, ("attackers", 0)), (175, ("attackers", 0)),
    # "180 takes over +1"
    (180, ("attackers", 1)), (235, ("attackers", 1)),
    # "240 +2"
    (240, ("attackers", 2)), (295, ("attackers", 2)),
    # "each 60 above 120 adds a level"
    (300, ("attackers", 3)), (360, ("attackers", 4)),
]


@pytest.mark.parametrize("name", ["three-decks", "house-finding-friends"])
@pytest.mark.parametrize("points, outcome", THREE_DECKS_TABLE, ids=[str(p) for p, _ in THREE_DECKS_TABLE])
def test_s10_three_decks_thresholds(name, points, outcome):
    assert tr.load(name).level_change(points) == outcome


FOUR_DECKS_TABLE = [
    # "0 → banker +3"
    (0, ("banker", 3)),
    # "under 80 → +2"
    (5, ("banker", 2)), (75, ("banker", 2)),
    # "80–159 → +1"
    (80, ("banker", 1)), (155, ("banker", 1)),
    # "160–239 → swap, no level change"
    (160, ("attackers", 0)), (235, ("attackers", 0)),
    # "240–319 → attackers +1"
    (240, ("attackers", 1)), (315, ("attackers", 1)),
    # "320–399 → +2"
    (320, ("attackers", 2)), (395, ("attackers", 2)),
    # "400–479 → +3"
    (400, ("attackers", 3)), (475, ("attackers", 3)),
    # "480 or more → +4"
    (480, ("attackers", 4)), (560, ("attackers", 4)), (800, ("attackers", 4)),
    (2000, ("attackers", 4)),
]


@pytest.mark.parametrize("points, outcome", FOUR_DECKS_TABLE, ids=[str(p) for p, _ in FOUR_DECKS_TABLE])
def test_s10_four_decks_thresholds(points, outcome):
    assert tr.load("four-decks").level_change(points) == outcome


def test_s10_s14_mandatory_A_only_two_decks():
    """two-decks: "Mandatory levels, banker team winning +2 every hand from 2: with A mandatory only,
    4, 6, 8, 10, Q, A"."""
    rules = tr.load("two-decks")
    assert rules.levels.mandatory == ("A",)
    assert level_chain(rules, "2", 2) == ["4", "6", "8", "10", "Q", "A"]
    # "The game is won by the team that plays and wins its level A."
    assert rules.levels.last == "A" and rules.levels.game_end == "last"
    assert rules.advance("A", 1) is None
    assert rules.advance("Q", 3) == "A"


def test_s10_s14_mandatory_5_10_K_A_house_mandatory_levels():
    """house-mandatory-levels: "with 5, 10, K and A mandatory, 4, 5, 7, 9, 10, Q, K, A"; "A level
    that the rules mark as mandatory cannot be skipped by a jump (seed 002)."""
    rules = tr.load("house-mandatory-levels")
    assert level_chain(rules, "2", 2) == ["4", "5", "7", "9", "10", "Q", "K", "A"]
    assert rules.advance("4", 2) == "5"
    assert rules.advance("4", 3) == "5"
    assert rules.advance("2", 3) == "5"
    assert rules.advance("8", 3) == "10"
    assert rules.advance("J", 3) == "K"


@pytest.mark.parametrize("name", ["one-deck", "two-decks", "two-decks-constant-twos",
                                  "two-decks-power-kitty", "three-decks", "four-decks",
                                  "house-mandatory-levels", "house-strict-throws"])
def test_s10_next_banker(name):
    # "if the banker team keeps the bank, the banker's partner deals next; if the attackers take
    # over, the player after the banker (next seat in turn order) becomes banker."
    rules = tr.load(name)
    for banker in range(4):
        assert rules.next_banker(banker, "banker") == (banker + 2) % 4
        assert rules.next_banker(banker, "attackers") == (banker + 1) % 4


# ==================================================================================================
# §11. Table scoring and leaving early
# ==================================================================================================


@pytest.mark.parametrize("side, levels, points", [
    # "an attackers' win scores 2, plus 1 per extra level ... at most 4 for attackers"
    ("attackers", 0, 2), ("attackers", 1, 3), ("attackers", 2, 4), ("attackers", 3, 4),
    ("attackers", 5, 4),
    # "the banker team scores 2 per level gained, plus 1 per extra level" (a big light: base ±4)
    ("banker", 1, 2), ("banker", 2, 3), ("banker", 3, 4),
])
def test_s11_game_points_three_decks(side, levels, points):
    """three-decks (seed 000's online rooms)."""
    assert tr.load("three-decks").table_points(side, levels) == points


def test_s11_stake_multiplier_three_decks():
    """three-decks: "if all four players' game points are over 80 and under 300, a hand's points are
    doubled; over 300, tripled. Example: four players at 90, banker big light, base ±4 → ±8; at 400
    → ±12"."""
    rules = tr.load("three-decks")
    assert rules.table_points("banker", 3) == 4
    assert rules.table_points("banker", 3, [90] * 4) == 8
    assert rules.table_points("banker", 3, [400] * 4) == 12
    # "all four players": one player at 50 keeps the base
    assert rules.table_points("banker", 3, [90, 90, 90, 50]) == 4
    assert rules.table_points("banker", 3, [400, 400, 400, 90]) == 8
    # "over 80"
    assert rules.table_points("banker", 3, [80] * 4) == 4


def test_s11_room_with_big_light_6_house_rule():
    """three-decks based house rule: "Rooms may be configured differently (e.g. a big light worth
    +6)" ... "with a room where big light is ±6 → ±18 at triple"."""
    rules = tr.loads(
        'extends: "three-decks"\n\n'
        "stakes\n"
        "  game points: banker +1 = 2, banker +2 = 3, banker +3 = 6, swap = 2, attackers +1 = 3,"
        " attackers +2 or more = 4\n",
        origin="big-light-6.tractor")
    assert rules.table_points("banker", 3) == 6
    assert rules.table_points("banker", 3, [400] * 4) == 18


@pytest.mark.parametrize("side, levels, room, expected", [
    # "N = 1000, banker wins +2 levels: winner receives (2+1) × 1000 × 0.9 = 2700, loser pays 3000"
    ("banker", 2, 1000, (2700, 3000)),
    # "X is y + 1 when the banker team wins and y + 2 when the attackers win"
    ("banker", 3, 1000, (3600, 4000)),
    ("attackers", 0, 1000, (1800, 2000)),
    ("attackers", 1, 1000, (2700, 3000)),
    ("attackers", 2, 100, (360, 400)),
])
def test_s11_coins_three_decks(side, levels, room, expected):
    """three-decks (seed 000's coin rooms)."""
    assert tr.load("three-decks").coins(side, levels, room) == expected


@pytest.mark.parametrize("base, expected", [(1, (8, 1)), (5, (40, 5)), (10, (80, 10))])
def test_s11_leaving_early_four_decks(base, expected):
    """four-decks (seed 001): "the player who leaves loses 8 × the base points; each of the other
    three gains 1 × the base points"."""
    assert tr.load("four-decks").leaving(base) == expected
