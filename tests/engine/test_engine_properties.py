"""Engine invariants over random deals, for rule variants and every shipped ruleset.

Hypothesis draws a seed, a level and a trump; the deal itself comes from ``random.Random(seed)``
so that examples stay small and the runs derandomized.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_variants import SEED_002_LISTS, constant_twos, four_decks, three_decks, with_lists
from hypothesis import given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.engine.deck.cards import deck_cards
from tractor_rules.rules import Rules

VARIANTS = {
    "classic": Rules(),
    "seed-002-lists": with_lists(Rules(), *SEED_002_LISTS),
    "three-decks": three_decks(),
    "four-decks-identical": four_decks("identical"),
    "four-decks-largest": four_decks("largest"),
    "constant-twos": constant_twos(),
}
for _name in tr.builtin_names():
    VARIANTS[f"shipped:{_name}"] = tr.load(_name)

SETTINGS = settings(derandomize=True, max_examples=25, deadline=None)


def deal(rules, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    deck = list(deck_cards(rules.table)) * rules.table.decks
    rng.shuffle(deck)
    size = rules.table.hand_size
    return [tuple(deck[k * size:(k + 1) * size]) for k in range(rules.table.players)]


def situation(rules):
    return st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(rules.table.ranks),
                     st.sampled_from(["S", "H", "D", "C", None]))


def a_lead(ctx, hand, rng: random.Random) -> tuple:
    """One unit of the hand, or a throw of several units of one suit."""
    units = ctx.units(hand)
    suit = rng.choice(units).suit
    mine = [u for u in units if u.suit == suit]
    picked = rng.sample(mine, rng.randint(1, len(mine))) if rng.random() < 0.4 else [rng.choice(mine)]
    return tuple(c for u in picked for c in u.cards)


@pytest.mark.parametrize("name", list(VARIANTS))
@SETTINGS
@given(data=st.data())
def test_units_partition_the_play(name, data):
    rules = VARIANTS[name]
    seed, level, trump = data.draw(situation(rules))
    ctx = rules.context(level=level, trump=trump)
    rng = random.Random(seed)
    hand = deal(rules, seed)[0]
    play = rng.sample(hand, rng.randint(1, len(hand)))
    units = ctx.units(play)
    assert Counter(c for u in units for c in u.cards) == Counter(play)
    comb = rules.combinations
    for u in units:
        assert len(u.cards) == u.width * u.length
        assert len({ctx.suit_of(c) for c in u.cards}) == 1
        if u.is_tractor:
            assert u.width in comb.tractor_widths
            assert ctx.is_tractor(u.cards)
        else:
            assert len(set(u.cards)) == 1
            assert u.width in comb.set_widths or u.width == 1


@pytest.mark.parametrize("name", list(VARIANTS))
@SETTINGS
@given(data=st.data())
def test_generated_follows_are_legal_and_winner_in_range(name, data):
    rules = VARIANTS[name]
    seed, level, trump = data.draw(situation(rules))
    ctx = rules.context(level=level, trump=trump)
    rng = random.Random(seed)
    hands = deal(rules, seed)
    lead = a_lead(ctx, hands[0], rng)
    follows = []
    for hand in hands[1:]:
        for chooser in (rng, None):
            play = ctx.legal_follow(hand, lead, chooser)
            assert len(play) == len(lead)
            assert not Counter(play) - Counter(hand)
            assert ctx.follow_error(hand, lead, play) is None, (ctx, hand, lead, play)
        follows.append(play)
    assert 0 <= ctx.winner(lead, follows) <= len(follows)
    options = ctx.throw_options(lead, hands[1:])
    for option in options:
        assert not Counter(option) - Counter(lead)


@pytest.mark.parametrize("name", ["classic", "three-decks", "four-decks-identical"])
@SETTINGS
@given(data=st.data())
def test_random_plays_get_an_answer_and_legal_ones_follow_suit(name, data):
    rules = VARIANTS[name]
    seed, level, trump = data.draw(situation(rules))
    ctx = rules.context(level=level, trump=trump)
    rng = random.Random(seed)
    hands = deal(rules, seed)
    lead = a_lead(ctx, hands[0], rng)
    suit = ctx.suit_of(lead[0])
    for hand in hands[1:]:
        play = tuple(rng.sample(hand, len(lead)))
        error = ctx.follow_error(hand, lead, play)
        held = sum(ctx.suit_of(c) == suit for c in hand)
        played = sum(ctx.suit_of(c) == suit for c in play)
        if error is None:
            assert played == min(held, len(lead))
        else:
            assert isinstance(error, str) and error


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_winner_of_a_single_card_trick_is_the_strongest_of_the_led_suit_or_trump(seed):
    ctx = Rules().context(level="10", trump="H")
    rng = random.Random(seed)
    cards = rng.sample(list(deck_cards(Rules().table)), 4)
    lead, follows = cards[0], cards[1:]
    winner = ctx.winner([lead], [[c] for c in follows])
    played = [lead, *follows]
    suit = ctx.suit_of(lead)
    contenders = [i for i, c in enumerate(played) if ctx.suit_of(c) == "trump"] or \
                 [i for i, c in enumerate(played) if ctx.suit_of(c) == suit]
    best = max(contenders, key=lambda i: (ctx.strength(played[i]), -i))
    assert winner == best
