"""rbtying/shengji's defaults (``examples/interop/rbtying-defaults.tractor``) against rbtying's own
examples, through the public oracle.

Each case names where it comes from in rbtying/shengji: the issue that asked for the rule (the
throw of 9S 8S8S 4S4S), its unit tests (core/src/trick.rs, core/src/scoring.rs, the friend
selection test of the exchange phase), and its code (core/src/game_state/play_phase.rs).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr

ROOT = Path(__file__).resolve().parent.parent
DEFAULTS = ROOT / "examples" / "interop" / "rbtying-defaults.tractor"


@pytest.fixture(scope="module")
def rules() -> tr.Rules:
    return tr.load(str(DEFAULTS))


def test_the_ruleset_compiles_formats_and_names_its_source(rules):
    from tractor_rules.language.format import is_formatted

    text = DEFAULTS.read_text(encoding="utf-8")
    assert is_formatted(text)
    assert "rbtying/shengji" in text.splitlines()[1]
    assert rules.name == "rbtying/shengji defaults"


# --- throws (core/src/trick.rs, Trick::play_cards) -------------------------------------------------


def test_the_first_player_who_can_beat_a_throw_decides(rules):
    # level 10, hearts trump; seat 1 (the player after the leader) holds JS 3C, seat 2 5S 5S 2D:
    # rbtying holds the leader to the 9S
    ctx = rules.context("10", "H")
    assert ctx.throw_options("9S 8S 8S 4S 4S", ["JS 3C", "5S 5S 2D", "6C"]) == [ctx.cards("9S")]
    # two-decks, judging every player's cards together, holds the leader to the 44
    classic = tr.load("two-decks").context("10", "H")
    assert classic.throw_options("9S 8S 8S 4S 4S", ["JS 3C", "5S 5S 2D", "6C"]) == [ctx.cards("4S 4S")]


def test_the_smallest_unit_that_player_beats_is_by_size_then_rank(rules):
    # one player beats the single 9 and both pairs: the single has the fewest cards
    ctx = rules.context("10", "H")
    assert ctx.throw_options("9S 8S 8S 4S 4S", ["QS QS", "2D", "6C"]) == [ctx.cards("9S")]


def test_play_throw_tractor_with_other_tractor_in_game(rules):
    # trick.rs test_play_throw_tractor_with_other_tractor_in_game: level 4, hearts trump; P1
    # throws QS QS KS KS AS; P2 ruffs with H2 H2 H3 H3 HA; P3 and P4 cannot beat a unit: the
    # throw stands and P2 wins; the largest unit has 4 cards.  (rbtying's test gives P3 AS AS and
    # eight 3S between P3 and P4, more than two decks hold: here P3 and P4 hold spades that beat
    # no unit either, a pair and a lower tractor among them.)
    ctx = rules.context("4", "H")
    throw = "QS QS KS KS AS"
    p2, p3, p4 = "2H 2H 3H 3H AH", "JS JS 3S 3S 5S", "5S 6S 6S 7S 7S"
    assert ctx.throw_options(throw, [p2, p3, p4]) == []
    assert ctx.winner(throw, [p2, p3, p4]) == 1
    assert ctx.kitty_multiplier(throw) == 8  # KittyPenalty::Times: 2 × 4


# --- the kitty (play_phase.rs finish_trick, KittyPenalty::Times) -----------------------------------


@pytest.mark.parametrize("last_lead, multiplier", [
    ("5S", 2), ("5S 5S", 4), ("5S 5S 6S 6S", 8), ("5S 5S 6S 6S 7S 7S", 12), ("AS KS", 2),
])
def test_the_kitty_counts_twice_the_largest_unit(rules, last_lead, multiplier):
    assert rules.context("10", "H").kitty_multiplier(last_lead) == multiplier


# --- the level changes (core/src/scoring.rs test_level_deltas, two decks, no bonus) ----------------


@pytest.mark.parametrize("points, change", [
    (0, ("banker", 3)), (5, ("banker", 2)), (35, ("banker", 2)), (40, ("banker", 1)), (75, ("banker", 1)),
    (80, ("attackers", 0)), (115, ("attackers", 0)), (120, ("attackers", 1)), (155, ("attackers", 1)),
    (160, ("attackers", 2)), (195, ("attackers", 2)), (200, ("attackers", 3)), (235, ("attackers", 3)),
    (240, ("attackers", 4)), (280, ("attackers", 5)),
])
def test_level_deltas(rules, points, change):
    assert rules.level_change(points) == change


# --- the next landlord (play_phase.rs finish_game) --------------------------------------------------


@pytest.mark.parametrize("banker", range(4))
def test_the_next_landlord_is_the_next_player_on_the_winning_side(rules, banker):
    assert rules.next_banker(banker, "banker") == (banker + 2) % 4
    assert rules.next_banker(banker, "attackers") == (banker + 1) % 4


# --- nobody bids (KittyBidPolicy::FirstCard) ---------------------------------------------------------


def test_nobody_bids_the_first_kitty_card_decides(rules):
    assert rules.fallback_trump("7D 5S 5H 3C 4C 8D 9D JC", "2") == "D"
    assert rules.fallback_trump("BJ 5S 5H 3C 4C 8D 9D JC", "2") is None  # a joker: no-trump


# --- Finding Friends (exchange_phase.rs, the friend selection test) --------------------------------

FINDING_FRIENDS = """\
ruleset: "rbtying/shengji defaults, Finding Friends"
extends: "{path}"

table
  players: 6
  partners: by calling 2 cards
  decks: 3
  deal: 26 each, kitty 6
  called cards: {limits}
"""

#: rbtying's FriendSelectionPolicy → the same limits in the language
POLICIES = {
    "Unrestricted": "not trumps",
    "TrumpsIncluded": "any",
    "HighestCardNotAllowed": "not trumps, not the highest card",
    "PointCardNotAllowed": "when not a trump and (not a point card or a K and the level is A)",
}

# (policy, the landlord's level card, which also names trump, the friends and whether allowed)
CASES = [
    ("Unrestricted", "7S", [("KC", True), ("3S", False), ("3C", True), ("AC", True)]),
    ("PointCardNotAllowed", "7S", [("KC", False), ("3S", False), ("3C", True), ("AC", True)]),
    ("PointCardNotAllowed", "AS", [("KC", True), ("3S", False), ("3C", True), ("AC", False)]),
    ("HighestCardNotAllowed", "7S", [("KC", True), ("3S", False), ("3C", True), ("AC", False)]),
    ("TrumpsIncluded", "7S", [("KC", True), ("3S", True), ("3C", True), ("AC", True)]),
]


@pytest.mark.parametrize("policy, bid, friends", CASES)
def test_friend_selection_policies(policy, bid, friends):
    text = FINDING_FRIENDS.format(path=DEFAULTS.as_posix(), limits=POLICIES[policy])
    ctx = tr.loads(text, origin="friends.tractor").context(bid[:-1], bid[-1])
    assert [(card, ctx.call_error(card) is None) for card, _ in friends] == friends


def test_the_import_writes_each_policy_in_these_words():
    from tractor_rules.interop import shengji

    assert {policy: shengji._CALL_LIMITS[policy] for policy in POLICIES} == POLICIES


def test_a_king_at_level_ace_only_with_rbtyings_own_point_policy():
    # rbtying's PointCardNotAllowed lets the banker call a king when aces are the level (its test:
    # landlord level A, KC allowed); "called cards: not trumps, not point cards" does not
    text = FINDING_FRIENDS.format(path=DEFAULTS.as_posix(), limits=POLICIES["PointCardNotAllowed"])
    assert tr.loads(text, origin="friends.tractor").context("A", "S").call_error("KC") is None
    assert tr.loads(text, origin="friends.tractor").context("7", "S").call_error("KC") is not None
    plain = FINDING_FRIENDS.format(path=DEFAULTS.as_posix(), limits="not trumps, not point cards")
    assert tr.loads(plain, origin="friends.tractor").context("A", "S").call_error("KC") is not None


# --- following (core/src/ordered_card.rs, subsequent_decomposition_ordering) --------------------


def test_a_throw_is_followed_in_rbtyings_decomposition_order(rules):
    # level 10, hearts trump; 5S5S 4S4S 3S3S AS stands; the follower holds KS KS QS QS 9S 9S 7S 7S
    # 2S 6D: rbtying wants a tractor of two pairs and a pair (and a card) before three loose pairs
    ctx = rules.context("10", "H")
    lead = "5S 5S 4S 4S 3S 3S AS"
    hand = "KS KS QS QS 9S 9S 7S 7S 2S 6D"
    assert ctx.follow_error(hand, lead, "9S 9S 7S 7S KS KS 2S") is not None
    assert ctx.follow_error(hand, lead, "KS KS QS QS 9S 9S 2S") is None
    # two-decks matches the throw's tractor set by set: three loose pairs will do
    assert tr.load("two-decks").context("10", "H").follow_error(hand, lead, "9S 9S 7S 7S KS KS 2S") is None


def test_a_tractor_of_any_length_is_followed_in_rbtyings_order(rules):
    ctx = rules.context("10", "H")
    hand = "9S 9S 8S 8S 5S 5S 4S 4S 2S 2S 6D"
    # to four pairs: two tractors of two pairs before a tractor of two pairs and two loose pairs
    assert ctx.follow_error(hand, "AS AS KS KS QS QS JS JS", "9S 9S 8S 8S 5S 5S 4S 4S") is None
    assert ctx.follow_error(hand, "AS AS KS KS QS QS JS JS", "9S 9S 8S 8S 5S 5S 2S 2S") is not None
