"""Invariants of whole hands over random deals of every shipped ruleset, checked through the public
rules oracle (not through the game loop's own code, nor the replay checker's)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.engine.deck.cards import deck_cards
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import make_players

RULESETS = {name: tr.load(name) for name in tr.builtin_names()}
SETTINGS = settings(max_examples=10, deadline=None)


def situation(rules):
    n = rules.table.players
    return st.tuples(
        st.integers(0, 2**32 - 1),
        st.sampled_from(["random", "greedy", "greedy,random"]),
        st.one_of(st.none(), st.integers(0, n - 1)),  # None: a first hand
        st.sampled_from([r for r in rules.table.ranks if r not in rules.trumps.constant_ranks]),
    )


def a_hand(rules, seed, kind, banker, level):
    rng = random.Random(seed)
    players = make_players(kind, rules.table.players, rng)
    if banker is None:
        return play_hand(rules, players, rng)
    return play_hand(rules, players, rng, level=level, banker=banker)


@pytest.mark.parametrize("name", list(RULESETS))
@SETTINGS
@given(data=st.data())
def test_hand_invariants(name, data):
    rules = RULESETS[name]
    seed, kind, banker, level = data.draw(situation(rules))
    record = a_hand(rules, seed, kind, banker, level)
    table = rules.table
    n = table.players
    ctx = rules.context(record.level, record.trump)
    points = dict(table.points)

    def value(cards):
        return sum(points.get(c.rank, 0) for c in cards if not c.is_joker)

    # cards conserved: the hands after the exchange and the kitty are the deck
    deck = Counter(c for c in deck_cards(table) for _ in range(table.decks))
    assert Counter(c for h in record.hands for c in h) + Counter(record.kitty) == deck
    assert all(len(h) == table.hand_size for h in record.hands)
    assert len(record.kitty) == table.kitty_size

    hands = [list(h) for h in record.hands]
    leader = record.banker
    total = 0
    for t in record.tricks:
        assert t.leader == leader
        assert len(t.plays) == n
        seats = [(t.leader + k) % n for k in range(n)]
        lead = t.plays[0]
        assert len({ctx.suit_of(c) for c in lead}) == 1
        for seat, play in zip(seats[1:], t.plays[1:]):
            # every follow legal by follow_error, from the hand as it was
            assert ctx.follow_error(hands[seat], lead, play) is None
        # one winner per trick, and it is the oracle's
        assert t.winner == seats[ctx.winner(lead, t.plays[1:])]
        assert t.points == sum(value(p) for p in t.plays)
        total += t.points
        for seat, play in zip(seats, t.plays):
            for c in play:
                hands[seat].remove(c)
        leader = t.winner
    assert not any(hands)
    # trick points plus the kitty's points are the deck's points
    assert total + value(record.kitty) == table.total_points
    assert record.kitty_points == value(record.kitty)
    # the attackers' points: their tricks, the kitty when they dig it, penalties
    team = record.banker_team
    dug = record.kitty_points * record.kitty_multiplier
    won = sum(t.points for t in record.tricks if t.winner not in team)
    assert record.attacker_points == max(won + dug + record.penalty, 0)
    if record.forfeit is None:
        assert record.level_change == rules.level_change(record.attacker_points)


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_game(name, seed):
    rules = RULESETS[name]
    one = a_hand(rules, seed, "random", None, None).to_log()
    two = a_hand(rules, seed, "random", None, None).to_log()
    assert one == two
