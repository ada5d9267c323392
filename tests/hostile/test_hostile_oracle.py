"""Hostile calls to the rules oracle: every bad argument is a ``RulesetError`` (an ``EngineError`` or
a ``CardNotationError``), never a TypeError, ValueError or AttributeError from inside the engine."""

from __future__ import annotations

import pytest

import tractor_rules as tr

RULES = tr.load("two-decks")
CTX = RULES.context("2", "S")
STAKES = tr.load("three-decks")  # table stakes, coins and all

CALLS = {
    "cards(None)": lambda: CTX.cards(None),
    "cards(1.5)": lambda: CTX.cards(1.5),
    "cards({})": lambda: CTX.cards({}),
    "suit_of('5S,5S')": lambda: CTX.suit_of("5S,5S"),
    "suit_of('')": lambda: CTX.suit_of(""),
    "strength('5S 6S')": lambda: CTX.strength("5S 6S"),
    "is_trump(None)": lambda: CTX.is_trump(None),
    "ranking(None)": lambda: CTX.ranking(None),
    "ranking('X')": lambda: CTX.ranking("X"),
    "sort([None])": lambda: CTX.sort([None]),
    "units(b'5S')": lambda: CTX.units(b"5S"),
    "winner('5S', None)": lambda: CTX.winner("5S", None),
    "winner('5S', '6S')": lambda: CTX.winner("5S", "6S"),
    "follow_error(None, None, None)": lambda: CTX.follow_error(None, None, None),
    "legal_follow(rng=3)": lambda: CTX.legal_follow("5S 6S", "7S", 3),
    "throw_options('AS', None)": lambda: CTX.throw_options("AS", None),
    # partners that are no list of indexes reached frozenset() as a TypeError
    "throw_options(partners=-1)": lambda: CTX.throw_options("AS", ["5S"], -1),
    "throw_options(partners=1.5)": lambda: CTX.throw_options("AS", ["5S"], 1.5),
    "throw_options(partners=[[0]])": lambda: CTX.throw_options("AS", ["5S"], [[0]]),
    "throw_options(partners='0')": lambda: CTX.throw_options("AS", ["5S"], "0"),
    "kitty_multiplier(None)": lambda: CTX.kitty_multiplier(None),
    "level_change('')": lambda: RULES.level_change(""),
    "level_change(None)": lambda: RULES.level_change(None),
    "level_change(1.5)": lambda: RULES.level_change(1.5),
    "level_change(-5)": lambda: RULES.level_change(-5),
    "advance('2', None)": lambda: RULES.advance("2", None),
    "advance('2', '1')": lambda: RULES.advance("2", "1"),
    "next_banker(None, 'banker')": lambda: RULES.next_banker(None, "banker"),
    "next_banker(0, None)": lambda: RULES.next_banker(0, None),
    "declaration(None, '2')": lambda: RULES.declaration(None, "2"),
    "fallback_trump(None, '2')": lambda: RULES.fallback_trump(None, "2"),
    "context(3, 'S')": lambda: RULES.context(3, "S"),
    "context('2', 3)": lambda: RULES.context("2", 3),
    # unhashable: the context cache's key failed as a TypeError
    "context(['2'], 'S')": lambda: RULES.context(["2"], "S"),
    "context('2', ['S'])": lambda: RULES.context("2", ["S"]),
    # the table stakes: TypeError from inside, or an answer for nonsense (leaving("x") was ('', ''))
    "coins('banker', 2, None)": lambda: STAKES.coins("banker", 2, None),
    "coins('banker', None, 3)": lambda: STAKES.coins("banker", None, 3),
    "coins('banker', True, 3)": lambda: STAKES.coins("banker", True, 3),
    "coins('banker', -1, 3)": lambda: STAKES.coins("banker", -1, 3),
    "coins('banker', 1, 'x')": lambda: STAKES.coins("banker", 1, "x"),
    "coins('banker', 1, 2.5)": lambda: STAKES.coins("banker", 1, 2.5),
    "coins(None, 1, 3)": lambda: STAKES.coins(None, 1, 3),
    "coins without coins": lambda: RULES.coins("banker", 1, None),
    "leaving(None)": lambda: STAKES.leaving(None),
    "leaving('x')": lambda: STAKES.leaving("x"),
    "leaving(-1)": lambda: STAKES.leaving(-1),
    "leaving(1.5)": lambda: STAKES.leaving(1.5),
    "table_points('banker', None)": lambda: STAKES.table_points("banker", None),
    "table_points('banker', '1')": lambda: STAKES.table_points("banker", "1"),
    "table_points('banker', 1, None)": lambda: STAKES.table_points("banker", 1, None),
    "table_points('banker', 1, [None])": lambda: STAKES.table_points("banker", 1, [None]),
    "table_points('banker', 1, '12')": lambda: STAKES.table_points("banker", 1, "12"),
    "table_points(None, 1)": lambda: STAKES.table_points(None, 1),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_arguments_are_ruleset_errors(name: str):
    with pytest.raises(tr.RulesetError):
        CALLS[name]()


def test_good_stakes_still_answer():
    assert STAKES.coins("banker", 2, 3) == (8, 9)
    assert STAKES.coins("attackers", 0, 1) == (1, 2)
    assert STAKES.leaving(5) == (0, 0)
    assert STAKES.table_points("banker", 1) == 2
    assert STAKES.table_points("banker", 1, [100, 200]) == 4
    assert STAKES.table_points("banker", 1, (100, -20)) == 2  # table points go below zero
