"""RULES.md §3: the order of cards, driven by ``rules.trumps``."""

from dataclasses import replace

from engine_variants import constant_twos

from tractor_rules.rules import Rules, TrumpTier, Trumps


def names(ranking):
    """A ranking as strings; equal cards joined by '='."""
    return ["=".join(str(c) for c in band) for band in ranking]


def test_level_10_without_constant_twos():
    ctx = Rules().context(level="10", trump="S")
    assert names(ctx.ranking("trump")) == [
        "BJ", "SJ", "10S", "10H=10D=10C", "AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S",
    ]
    for suit in "HDC":
        assert names(ctx.ranking(suit)) == [f"{r}{suit}" for r in "A K Q J 9 8 7 6 5 4 3 2".split()]


def test_level_10_with_constant_twos():
    ctx = constant_twos().context(level="10", trump="S")
    assert names(ctx.ranking("trump")) == [
        "BJ", "SJ", "10S", "10H=10D=10C", "2S", "2H=2D=2C", "AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S",
        "5S", "4S", "3S",
    ]
    assert names(ctx.ranking("H")) == [f"{r}H" for r in "A K Q J 9 8 7 6 5 4 3".split()]


def test_no_trump_jokers_and_level_cards():
    ctx = Rules().context(level="10", trump=None)
    assert names(ctx.ranking("trump")) == ["BJ", "SJ", "10S=10H=10D=10C"]
    assert names(ctx.ranking("S"))[:4] == ["AS", "KS", "QS", "JS"]
    assert ctx.is_trump("10D") and not ctx.is_trump("AS")


def test_no_trump_with_constant_twos_keeps_the_twos():
    ctx = constant_twos().context(level="10", trump=None)
    assert names(ctx.ranking("trump")) == ["BJ", "SJ", "10S=10H=10D=10C", "2S=2H=2D=2C"]


def test_no_trump_jokers_only_puts_level_cards_back_in_their_suits():
    base = Rules()
    rules = replace(base, trumps=replace(base.trumps, no_trump="jokers-only"))
    ctx = rules.context(level="10", trump=None)
    assert names(ctx.ranking("trump")) == ["BJ", "SJ"]
    assert names(ctx.ranking("H"))[:5] == ["AH", "KH", "QH", "JH", "10H"]
    assert ctx.is_tractor("JH JH 10H 10H")


def test_a_constant_card_on_top():
    base = Rules()
    order = (TrumpTier("card", card="5H"), *base.trumps.order)
    ctx = replace(base, trumps=Trumps(order=order)).context(level="10", trump="S")
    assert names(ctx.ranking("trump"))[:3] == ["5H", "BJ", "SJ"]
    assert "5H" not in names(ctx.ranking("H"))
    assert ctx.is_tractor("6H 6H 4H 4H")  # the hole left by ♥5 is bridged like the level's


def test_effective_suit_and_strength():
    ctx = Rules().context(level="10", trump="H")
    assert ctx.suit_of("10S") == "trump" and ctx.suit_of("2H") == "trump" and ctx.suit_of("AS") == "S"
    assert ctx.strength("10S") == ctx.strength("10C") < ctx.strength("10H")
    assert ctx.strength("2H") < ctx.strength("10C")
    assert ctx.sort("3S BJ AS 10C 2H") == ctx.cards("BJ 10C 2H AS 3S")
