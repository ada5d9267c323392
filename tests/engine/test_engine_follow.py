"""RULES.md §7 and §14: follow duty, by priority lists and by the largest-first default."""

from dataclasses import replace

import pytest
from engine_variants import SEED_002_LISTS, FollowList, LeadShape, four_decks, pattern, term, three_decks, with_lists

import tractor_rules as tr
from tractor_rules.rules import Rules

TWO_DECKS = with_lists(Rules(), *SEED_002_LISTS)


def legal(ctx, hand, lead, play):
    return ctx.follow_error(hand, lead, play) is None


# --- the basic duty --------------------------------------------------------------------------


def test_same_number_of_cards_and_cards_from_the_hand():
    ctx = TWO_DECKS.context(level="10", trump="S")
    assert "2 cards" in ctx.follow_error("AH KH QH", "3H 3H", "AH")
    assert "not in the hand" in ctx.follow_error("AH KH QH", "3H 3H", "AH JH")


def test_short_of_the_suit_play_all_of_it_and_anything():
    ctx = TWO_DECKS.context(level="10", trump="S")
    hand = "KH 5D 6C 7C"
    assert legal(ctx, hand, "QH QH", "KH 5D")
    assert legal(ctx, hand, "QH QH", "KH 7C")
    assert "KH" in ctx.follow_error(hand, "QH QH", "5D 6C")


def test_follow_suit_while_you_can_trumps_are_one_suit():
    ctx = TWO_DECKS.context(level="10", trump="S")
    hand = "AS 10H 2S 5D 6D"
    # 10H is a trump (level card): to a spade lead it follows, like AS and 2S
    assert legal(ctx, hand, "KS 3S", "10H 2S")
    assert "only" in ctx.follow_error(hand, "KS 3S", "10H 5D")


# --- §14 examples ----------------------------------------------------------------------------


def test_following_a_pair_level_9_clubs_trump():
    ctx = TWO_DECKS.context(level="9", trump="C")
    assert legal(ctx, "AH 10H 10H 6H", "JH JH", "10H 10H")
    assert not legal(ctx, "AH 10H 10H 6H", "JH JH", "AH 6H")
    # only ♥K in hearts: ♥K and any card
    assert legal(ctx, "KH 5S 6S", "JH JH", "KH 6S")
    # ♥9 is a trump at level 9: void in hearts, any two
    assert legal(ctx, "9C 9S 9H KD", "JH JH", "9S KD")


def test_a_pair_out_of_a_triple_counts_unless_longer_sets_are_protected():
    rules = with_lists(three_decks(), *SEED_002_LISTS)
    ctx = rules.context(level="9", trump="C")
    hand = "8H 8H 8H 6H 5H"
    assert legal(ctx, hand, "JH JH", "8H 8H")
    assert not legal(ctx, hand, "JH JH", "6H 5H")
    protected = replace(rules, following=replace(rules.following, protect_longer_sets=True))
    ctx = protected.context(level="9", trump="C")
    assert legal(ctx, hand, "JH JH", "6H 5H")
    assert legal(ctx, hand, "JH JH", "8H 8H")


def test_a_tractor_lead_without_a_tractor_draws_pairs_and_cannot_win():
    ctx = TWO_DECKS.context(level="10", trump="H")
    hand = "9S 9S 5S 5S 3S 2D"
    assert legal(ctx, hand, "AS AS KS KS", "9S 9S 5S 5S")
    assert not legal(ctx, hand, "AS AS KS KS", "9S 9S 5S 3S")
    assert ctx.winner("AS AS KS KS", ["9S 9S 5S 5S"]) == 0


# --- seed 002 (two decks) --------------------------------------------------------------------


def test_pair_out_of_a_tractor_counts():
    ctx = TWO_DECKS.context(level="10", trump="S")
    hand = "KH KH QH QH 4H 3H"
    assert legal(ctx, hand, "AH AH", "KH KH")
    assert legal(ctx, hand, "AH AH", "QH QH")
    assert not legal(ctx, hand, "AH AH", "KH QH")


def test_tractor_then_pairs_then_suit():
    ctx = TWO_DECKS.context(level="10", trump="S")
    lead = "AH AH KH KH"
    assert legal(ctx, "QH QH JH JH 5H 5H 2C", lead, "QH QH JH JH")
    assert not legal(ctx, "QH QH JH JH 5H 5H 2C", lead, "QH QH 5H 5H")
    assert legal(ctx, "QH QH 7H 7H 5H 5H", lead, "7H 7H 5H 5H")
    assert not legal(ctx, "QH QH 7H 7H 5H 5H", lead, "QH QH 7H 5H")
    # one pair only: the pair and any two hearts
    assert legal(ctx, "QH QH 7H 6H 5H", lead, "QH QH 7H 5H")
    assert not legal(ctx, "QH QH 7H 6H 5H", lead, "QH 7H 6H 5H")


def test_pairs_plus_singles_takes_as_many_pairs_as_the_hand_has():
    ctx = TWO_DECKS.context(level="10", trump="S")
    lead = "AH AH KH KH QH QH"
    hand = "9H 9H 6H 6H 4H 3H 2H"
    assert legal(ctx, hand, lead, "9H 9H 6H 6H 4H 3H")
    assert not legal(ctx, hand, lead, "9H 9H 6H 4H 3H 2H")
    assert "2 pairs" in ctx.follow_error(hand, lead, "9H 9H 6H 4H 3H 2H")


# --- seed 003 / seed 000 lists (three decks) --------------------------------------------------


SEED_003_TRIPLE = FollowList(LeadShape(3, 1), (pattern(term(3)), pattern(term(2), term(1)), pattern(term(1, 3))))
SEED_000_TITANIC = FollowList(LeadShape(3, 2), (
    pattern(term(3, 1, 2)),
    pattern(term(2, 1, 2), term(1, 2)),
    pattern(term(3, 2)),
    pattern(term(3), term(2), term(1)),
    pattern(term(3), term(1, 3)),
    pattern(term(2, 2), term(1, 2)),
    pattern(term(2), term(1, 4)),
    pattern(term(1, 6)),
))


def test_triple_lead_seed_003():
    ctx = with_lists(three_decks(), SEED_003_TRIPLE).context(level="10", trump="S")
    lead = "AH AH AH"
    assert legal(ctx, "QH QH QH 5H 5H 4H", lead, "QH QH QH")
    assert not legal(ctx, "QH QH QH 5H 5H 4H", lead, "5H 5H 4H")
    assert legal(ctx, "QH QH 7H 5H", lead, "QH QH 5H")
    assert not legal(ctx, "QH QH 7H 5H", lead, "QH 7H 5H")
    assert legal(ctx, "QH 7H 5H 4H", lead, "QH 7H 4H")


def test_titanic_lead_seed_000_prefers_a_tractor_to_two_triples():
    ctx = with_lists(three_decks(), SEED_000_TITANIC).context(level="10", trump="S")
    lead = "AH AH AH KH KH KH"
    hand = "QH QH QH 9H 9H 9H 7H 7H 6H 6H 3H"
    assert legal(ctx, hand, lead, "7H 7H 6H 6H QH 3H")
    assert not legal(ctx, hand, lead, "QH QH QH 9H 9H 9H")
    assert legal(ctx, "QH QH QH 9H 9H 9H 5H", lead, "QH QH QH 9H 9H 9H")
    assert legal(ctx, "QH QH QH 9H 9H 5H 2H", lead, "QH QH QH 9H 9H 2H")
    assert not legal(ctx, "QH QH QH 9H 9H 5H 2H", lead, "QH QH QH 9H 5H 2H")
    # Titanic first, when the hand has one
    assert legal(ctx, "QH QH QH JH JH JH 2H", lead, "QH QH QH JH JH JH")
    assert not legal(ctx, "QH QH QH JH JH JH 2H", lead, "QH QH JH JH JH 2H")


def test_a_fixed_length_list_wins_over_the_n_list():
    fixed = FollowList(LeadShape(2, 2), (pattern(term(1, 4)),))  # this house lets anything follow
    ctx = with_lists(Rules(), *SEED_002_LISTS, fixed).context(level="10", trump="S")
    assert legal(ctx, "QH QH JH JH 2H", "AH AH KH KH", "QH JH JH 2H")
    assert not legal(ctx, "QH QH JH JH 9H 9H 8H 8H 2H", "AH AH KH KH QH QH", "QH QH JH JH 9H 2H")


# --- the largest-first default (four decks: seed 001's list falls out of it) ------------------


def test_four_deck_quad_lead_by_default():
    ctx = four_decks().context(level="2", trump="S")
    lead = "AH AH AH AH"
    assert legal(ctx, "QH QH QH 9H 9H 4H", lead, "QH QH QH 4H")  # triple + single
    assert not legal(ctx, "QH QH QH 9H 9H 4H", lead, "QH QH 9H 9H")
    assert legal(ctx, "QH QH 9H 9H 4H", lead, "QH QH 9H 9H")  # two pairs
    assert not legal(ctx, "QH QH 9H 9H 4H", lead, "QH QH 9H 4H")
    assert legal(ctx, "QH QH 9H 5H 4H", lead, "QH QH 9H 4H")  # pair + two singles


def test_four_deck_two_consecutive_quads_by_default():
    ctx = four_decks().context(level="2", trump="S")
    lead = "AH AH AH AH KH KH KH KH"
    # entry 2: two consecutive triples + two singles
    assert legal(ctx, "QH QH QH JH JH JH 9H 8H 7H", lead, "QH QH QH JH JH JH 9H 7H")
    assert not legal(ctx, "QH QH QH JH JH JH 9H 8H 7H", lead, "QH QH JH JH JH 9H 8H 7H")
    # entry 3 (a tractor + two pairs, pairs out of quads) comes before entry 6 (two quads)
    hand = "QH QH JH JH 8H 8H 8H 8H 5H 5H 5H 5H"
    assert legal(ctx, hand, lead, "QH QH JH JH 8H 8H 5H 5H")
    assert not legal(ctx, hand, lead, "8H 8H 8H 8H 5H 5H 5H 5H")
    # entry 6: two quads, when there is no tractor
    hand = "QH QH QH QH 9H 9H 9H 9H 7H"
    assert legal(ctx, hand, lead, "QH QH QH QH 9H 9H 9H 9H")
    assert not legal(ctx, hand, lead, "QH QH QH 9H 9H 9H 9H 7H")
    # entry 11: a triple + two pairs + a single
    hand = "QH QH QH 9H 9H 9H 9H 7H 5H"
    assert legal(ctx, hand, lead, "QH QH QH 9H 9H 9H 9H 7H")


def test_throw_is_matched_unit_by_unit_largest_first():
    ctx = TWO_DECKS.context(level="10", trump="S")
    lead = "AH AH KH"  # a throw: pair + single
    assert legal(ctx, "QH QH 5H 4H", lead, "QH QH 4H")
    assert not legal(ctx, "QH QH 5H 4H", lead, "QH 5H 4H")
    lead = "AH AH KH KH 7H 7H"  # tractor + pair
    assert legal(ctx, "QH QH JH JH 5H 5H 3H", lead, "QH QH JH JH 5H 5H")
    assert not legal(ctx, "QH QH JH JH 5H 5H 3H", lead, "QH QH JH 5H 5H 3H")


# --- other duties ------------------------------------------------------------------------------


def test_duty_suit_enforces_only_the_suit():
    base = TWO_DECKS
    ctx = replace(base, following=replace(base.following, duty="suit")).context(level="10", trump="S")
    assert legal(ctx, "QH QH 5H 4H", "AH AH", "5H 4H")
    assert not legal(ctx, "QH QH 5H 4C", "AH AH", "5H 4C")


def test_duty_tractors_only_a_tractor_draws_a_tractor():
    base = TWO_DECKS
    ctx = replace(base, following=replace(base.following, duty="tractors")).context(level="10", trump="S")
    assert legal(ctx, "QH QH 5H 4H", "AH AH", "5H 4H")
    assert not legal(ctx, "QH QH JH JH 4H", "AH AH KH KH", "QH QH JH 4H")
    assert legal(ctx, "QH QH 9H 9H 4H", "AH AH KH KH", "QH 9H 9H 4H")


def test_default_suit_for_unlisted_leads():
    base = TWO_DECKS
    ctx = replace(base, following=replace(base.following, default="suit")).context(level="10", trump="S")
    assert legal(ctx, "QH QH 5H 4H", "AH AH KH", "QH 5H 4H")  # a throw: only suit
    assert not legal(ctx, "QH QH 5H 4H", "AH AH", "QH 5H")  # the pair has its list


def test_legal_follow_picks_the_demanded_cards():
    ctx = TWO_DECKS.context(level="10", trump="S")
    assert sorted(ctx.legal_follow("QH QH JH JH 5H 5H 2C", "AH AH KH KH")) == sorted(ctx.cards("QH QH JH JH"))
    assert sorted(ctx.legal_follow("KH 5D 6C 7C", "QH QH")) == sorted(ctx.cards("KH 5D"))


def test_shipped_two_decks_ruleset():
    ctx = tr.load("two-decks").context(level="10", trump="H")
    assert legal(ctx, "9S 9S 5S 5S 3S 2D", "AS AS KS KS", "9S 9S 5S 5S")
    assert not legal(ctx, "9S 9S 5S 5S 3S 2D", "AS AS KS KS", "9S 9S 5S 3S")


@pytest.mark.parametrize("bad_lead", ["AH AS", ""])
def test_a_lead_must_be_one_suit(bad_lead):
    from tractor_rules.engine import PlayError

    ctx = TWO_DECKS.context(level="10", trump="S")
    with pytest.raises(PlayError):
        ctx.follow_error("2H 3H", bad_lead, "2H 3H")
