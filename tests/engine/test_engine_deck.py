"""The deck card by card (``remove:`` with cards and jokers, ``table.removed_cards``): what the pack
holds, the deal arithmetic, the card notation, tractors across a card taken out, declaring, and
whole hands dealt, played and replayed from such a pack (pagat.com's Zhao Pengyou table of deals)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import pack, pack_copies
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand

GALLERY = "examples/house-rules/R06-nine-players-three-big-jokers.tractor"

# pagat.com, Zhao Pengyou: players, packs, the cards taken out, cards each, kitty
PAGAT_ROWS = [
    (8, 3, "1 big joker, small jokers", 19, 6, 158),
    (9, 3, "small jokers", 17, 6, 159),
    (11, 3, "1 big joker, 1 small joker", 14, 6, 160),
    (12, 4, "2 big jokers, small jokers", 17, 6, 210),
]


def zhao_pengyou(players: int, decks: int, remove: str, each: int, kitty: int) -> tr.Rules:
    text = (f'extends: "house-finding-friends"\n\ntable\n  players: {players}\n  partners: by calling 3 cards\n'
            f"  decks: {decks}\n  remove: {remove}\n  deal: {each} each, kitty {kitty}\n")
    if "big joker" in remove:
        # two big jokers at most: three identical jokers can no longer declare
        text += "\ndeclare\n  ladder: 1 level card < 2 level cards < 2 jokers < 3 level cards\n"
    return tr.loads(text, origin="zhao-pengyou.tractor")


@pytest.mark.parametrize(("players", "decks", "remove", "each", "kitty", "total"), PAGAT_ROWS)
def test_pagat_rows_deal_out_even(players, decks, remove, each, kitty, total):
    rules = zhao_pengyou(players, decks, remove, each, kitty)
    t = rules.table
    assert t.total_cards == total == players * each + kitty
    assert len(pack(t)) == total
    big, small = t.copies("BJ"), t.copies("SJ")
    assert (big, small) == {8: (2, 0), 9: (3, 0), 11: (2, 2), 12: (2, 0)}[players]
    counted = Counter(str(c) for c in pack(t))
    assert counted["BJ"] == big and counted["SJ"] == small
    assert t.total_points == decks * 100  # no point card is taken out


def test_removed_cards_are_counted_per_pack_in_deck_order():
    rules = tr.loads('extends: "two-decks"\ntable\n  remove: small jokers, 1 5S, 2 3C, KH\n  deal: 24 each, kitty 5\n'
                     "declare\n  ladder: 1 level card < 2 level cards < 2 big jokers\n  nobody declares: kitty card 1\n",
                     origin="house.tractor")
    assert rules.table.removed_cards == (("5S", 1), ("KH", 2), ("3C", 2), ("SJ", 2))
    assert rules.table.total_cards == 108 - 7 == 4 * 24 + 5
    # one 5 (5 points) and two kings (10 each) are out of the pack
    assert rules.table.total_points == 200 - 5 - 20
    copies = pack_copies(rules.table)
    ctx = rules.context(level="10", trump="H")
    assert copies[ctx.cards("5S")[0]] == 1 and copies[ctx.cards("5H")[0]] == 2


def test_ranks_keep_their_meaning_beside_cards():
    old = tr.loads('extends: "two-decks"\ntable\n  remove: 3, 4\n  deal: 21 each, kitty 8\n', origin="a.tractor")
    assert old.table.removed_ranks == ("3", "4") and old.table.removed_cards == ()
    assert old.table.total_cards == 92
    mixed = tr.loads('extends: "two-decks"\ntable\n  remove: 3, 4, 5S\n  deal: 21 each, kitty 6\n'
                     "declare\n  nobody declares: kitty card 1\n", origin="b.tractor")
    assert mixed.table.removed_ranks == ("3", "4") and mixed.table.removed_cards == (("5S", 2),)
    assert mixed.table.total_cards == 90 and mixed.table.total_points == 190


def test_every_copy_follows_the_number_of_decks_a_child_sets():
    # the parent takes "small jokers" out (every copy); the child plays four decks: all four go
    rules = zhao_pengyou(9, 3, "small jokers", 17, 6)
    assert rules.table.removed_cards == (("SJ", 3),)
    four = zhao_pengyou(12, 4, "small jokers, 2 big jokers", 17, 6)
    assert four.table.removed_cards == (("SJ", 4), ("BJ", 2))


def test_the_notation_knows_what_the_pack_holds():
    ctx = tr.load(GALLERY).context(level="10", trump="S")
    assert len(ctx.cards("BJ BJ BJ")) == 3
    with pytest.raises(tr.RulesetError, match="every SJ is taken out of this deck"):
        ctx.cards("SJ")
    two = zhao_pengyou(11, 3, "1 big joker, 1 small joker", 14, 6).context(level="10", trump="S")
    with pytest.raises(tr.RulesetError, match=r"too many 'BJ': 3 given, but the pack holds only 2"):
        two.cards("BJ BJ BJ")
    with pytest.raises(tr.RulesetError, match=r"too many 'AS': 4 given, but 3 decks hold only 3"):
        two.cards("AS AS AS AS")


def test_a_card_taken_out_altogether_leaves_no_gap_in_a_tractor():
    rules = tr.loads('extends: "two-decks"\ntable\n  remove: 7S, 2 2H\n  deal: 24 each, kitty 8\n', origin="h.tractor")
    ctx = rules.context(level="10", trump="H")
    assert ctx.is_tractor("8S 8S 6S 6S")
    assert not tr.load("two-decks").context(level="10", trump="H").is_tractor("8S 8S 6S 6S")
    # one copy out is not a gap: the card is still in the suit
    one = tr.loads('extends: "two-decks"\ntable\n  remove: 1 7S, 1 2H, 2 2C\n  deal: 24 each, kitty 8\n',
                   origin="h.tractor").context(level="10", trump="H")
    assert not one.is_tractor("8S 8S 6S 6S")
    with pytest.raises(tr.RulesetError, match="the pack holds only 1"):
        one.cards("7S 7S")


def test_big_jokers_link_straight_to_the_level_cards_without_small_jokers():
    ctx = tr.load(GALLERY).context(level="10", trump="S")
    # the small-joker band is empty: a big-joker pair and a trump-level pair are adjacent
    assert ctx.is_tractor("BJ BJ 10S 10S")
    assert not tr.load("three-decks").context(level="10", trump="S").is_tractor("BJ BJ 10S 10S")


def test_declaring_with_only_big_jokers():
    rules = tr.load(GALLERY)
    # "2 jokers" is either joker: here only the big ones remain, and they still declare no-trump
    made = rules.declaration("BJ BJ", "10")
    assert made is not None and made.trump is None


@pytest.mark.parametrize("kind", [RandomPlayer, GreedyPlayer])
def test_hands_deal_the_pack_and_replay_clean(kind):
    rules = tr.load(GALLERY)
    rng = random.Random(7)
    for _ in range(3):
        players = [kind(rng.getrandbits(32)) for _ in range(rules.table.players)]
        record = play_hand(rules, players, rng, banker=rng.randrange(9))
        dealt = Counter(str(c) for h in record.hands for c in h) + Counter(str(c) for c in record.kitty)
        assert sum(dealt.values()) == 159
        assert dealt["SJ"] == 0 and dealt["BJ"] == 3
        assert replay_hand(record.to_log(), rules) == []


def test_replay_catches_a_small_joker_smuggled_into_the_pack():
    rules = tr.load(GALLERY)
    rng = random.Random(3)
    players = [RandomPlayer(rng.getrandbits(32)) for _ in range(9)]
    log = play_hand(rules, players, rng, banker=0).to_log()
    kitty = log["kitty"].split()
    kitty[0] = "SJ"
    log["kitty"] = " ".join(kitty)
    problems = replay_hand(log, rules)
    assert any("unknown card 'SJ'" in p or "too many SJ" in p for p in problems), problems
