"""The follow term "the highest single" (Shandong, 跟最大单张; gallery F6): short of the lead's kind,
the singles a follower plays include the strongest card of the suit the entry's sets leave."""

import random

import pytest

import tractor_rules as tr
from tractor_rules.rules import Count, Pattern, Term

SHANDONG = tr.loads(
    'extends: "two-decks"\n'
    "follow\n"
    "  pair: pair > highest single + single\n"
    "  tractor of n pairs: tractor of n pairs > n pairs > pairs + highest single + singles\n"
)


def ctx(level="10", trump="H"):
    return SHANDONG.context(level=level, trump=trump)


def test_the_compiled_term_is_one_single_marked_highest():
    pair_list = next(fl for fl in SHANDONG.following.lists if fl.lead.label == "pair")
    assert pair_list.entries[1] == Pattern((Term(Count(0, 1), 1, highest=True), Term(Count(0, 1), 1)))


def test_to_a_pair_without_a_pair_the_highest_card_of_the_suit_must_be_played():
    c = ctx()
    hand = "AS QS 9S 4S 3D"
    assert c.follow_error(hand, "7S 7S", "AS 4S") is None
    assert c.follow_error(hand, "7S 7S", "AS QS") is None
    refusal = c.follow_refusal(hand, "7S 7S", "QS 4S")
    assert refusal is not None and refusal.code == "shape"
    assert "the highest single (AS)" in refusal.message


def test_a_pair_held_still_comes_first():
    c = ctx()
    hand = "AS 9S 9S 4S"
    assert c.follow_error(hand, "7S 7S", "9S 9S") is None
    assert c.follow_error(hand, "7S 7S", "AS 4S") is not None


def test_short_of_the_suit_the_play_is_all_of_it_and_any_discard():
    c = ctx()
    # one spade: play it, and anything (the highest single asks nothing of a discard)
    assert c.follow_error("4S KD 3C", "7S 7S", "4S 3C") is None


def test_in_trumps_the_highest_is_by_the_trump_order():
    c = ctx(level="10", trump="H")
    # the small joker beats the level card of hearts, which beats the ace of hearts
    hand = "SJ 10H AH 5H 3H"
    assert c.follow_error(hand, "6H 6H", "SJ 3H") is None
    assert c.follow_error(hand, "6H 6H", "10H 3H") is not None
    # level cards of the other suits are equal to each other: any of them is the highest
    hand = "10S 10D AH 5H"
    assert c.follow_error(hand, "6H 6H", "10D 5H") is None
    assert c.follow_error(hand, "6H 6H", "10S 5H") is None
    assert c.follow_error(hand, "6H 6H", "AH 5H") is not None


def test_to_a_tractor_pairs_then_the_highest_single_then_singles():
    c = ctx(level="10", trump="H")
    lead = "8S 8S 7S 7S"
    hand = "KS KS QS 5S 4S"
    assert c.follow_error(hand, lead, "KS KS QS 4S") is None
    # the highest single is the highest card the pairs leave: ♠Q, not ♠K of the pair
    assert "the highest single (QS)" in c.follow_error(hand, lead, "KS KS 5S 4S")
    hand = "JS JS QS 5S 4S"
    assert c.follow_error(hand, lead, "JS JS QS 4S") is None
    assert c.follow_error(hand, lead, "JS JS 5S 4S") is not None
    # a hand without a pair plays the highest and three singles
    hand = "AS JS 9S 5S 4S"
    assert c.follow_error(hand, lead, "AS 9S 5S 4S") is None
    assert c.follow_error(hand, lead, "JS 9S 5S 4S") is not None


def test_three_decks_a_pair_out_of_a_triple_leaves_its_third_card_the_highest():
    rules = tr.loads(
        'extends: "three-decks"\n'
        "follow\n"
        "  tractor of n pairs: tractor of n pairs > n pairs > pairs + highest single + singles\n"
    )
    c = rules.context(level="10", trump="H")
    hand = "QS QS QS 9S 7S"
    assert c.follow_error(hand, "8S 8S 7S 7S", "QS QS QS 7S") is None
    assert c.follow_error(hand, "8S 8S 7S 7S", "QS QS 9S 7S") is not None


@pytest.mark.parametrize("seed", range(30))
def test_the_engines_follows_are_legal(seed):
    rng = random.Random(seed)
    c = ctx()
    suit = [f"{r}S" for r in "A K Q J 9 8 6 5 4 3 2".split()] * 2
    for _ in range(20):
        hand = " ".join(rng.sample(suit, 6) + ["3D"])
        for lead in ("7S 7S", "8S 8S 7S 7S"):
            assert c.follow_error(hand, lead, " ".join(map(str, c.legal_follow(hand, lead)))) is None
            play = c.legal_follow(hand, lead, random.Random(seed))
            assert c.follow_error(hand, lead, " ".join(map(str, play))) is None


def test_lists_without_the_term_keep_their_follows():
    plain = tr.load("two-decks").context(level="10", trump="H")
    assert plain.follow_error("AS QS 9S 4S", "7S 7S", "QS 4S") is None


@pytest.mark.parametrize("change", [{"width": 2}, {"count": {"per_n": 0, "plus": 2, "greedy": False}}])
def test_a_json_document_with_a_highest_single_of_another_shape_is_refused(change):
    data = SHANDONG.to_dict()
    pair_list = next(fl for fl in data["following"]["lists"] if (fl["lead"]["width"], fl["lead"]["length"]) == (2, 1))
    pair_list["entries"][1]["terms"][0].update(change)
    with pytest.raises(tr.RulesetError, match="asks for the highest single other than once, as one card") as info:
        tr.Rules.from_dict(data)
    assert info.value.diagnostics[0].code == "E309"
