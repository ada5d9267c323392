"""The rules oracle's doors: contexts, caching and bad requests."""

import pytest

import tractor_rules as tr
from tractor_rules.engine import EngineError
from tractor_rules.rules import Rules


def test_contexts_are_cached_per_rules_level_and_trump():
    rules = Rules()
    assert rules.context(level="10", trump="S") is rules.context(level="10", trump="S")
    assert rules.context(level="10", trump="S") is not rules.context(level="10", trump="H")
    assert rules.context(level="10", trump="♠").trump == "S"


@pytest.mark.parametrize("level, trump", [("1", "S"), ("10", "X"), ("10", 3)])
def test_bad_level_or_trump(level, trump):
    with pytest.raises(EngineError):
        Rules().context(level=level, trump=trump)


def test_oracle_on_the_shipped_two_deck_ruleset():
    rules = tr.load("two-decks")
    ctx = rules.context(level="10", trump="S")
    assert ctx.cards("10S 10S JS JS") == ctx.cards("10♠ 10♠ J♠ J♠")
    assert not ctx.is_tractor("10S 10S JS JS")
    assert ctx.is_tractor("AS AS 10D 10D")
    (unit,) = ctx.units("9H 9H JH JH")
    assert (unit.width, unit.length, unit.cards) == (2, 2, ctx.cards("JH JH 9H 9H"))
    assert ctx.follow_error("KH KH 3H 2C", "AH AH", "KH KH") is None
    assert ctx.winner("AH AH", ["KH KH", "2S 2S"]) == 2
    assert ctx.throw_options("QH KH KH", ["AH 2C"]) == [ctx.cards("QH")]
    assert ctx.kitty_multiplier("AH AH KH KH") == 8
    assert rules.level_change(0) == ("banker", 3)
    assert rules.advance("2", 2) == "4"
    assert rules.declaration("BJ BJ", "10").trump is None
    assert rules.fallback_trump("2S 3H 4D 5C 6S 7H 8D 9C", "10") == "D"
    assert rules.next_banker(0, "banker") == 2


def test_a_throw_stands_only_if_no_part_is_beaten():
    ctx = tr.load("two-decks").context(level="10", trump="S")
    assert ctx.throw_options("AH KH KH", ["AH 2C", "QH QH", "JH"]) == []
    assert ctx.throw_options("AH KH KH", ["AH AH"]) == [ctx.cards("KH KH")]  # AA beats KK


def test_a_lead_asked_again_in_any_form_gives_the_same_answers():
    ctx = tr.load("two-decks").context(level="10", trump="S")
    hand = "KH KH JH 2H 5C 3C"
    for lead in ("AH AH", ctx.cards("AH AH"), ("AH", "AH"), ["AH", "AH"], "AH AH"):
        assert ctx.follow_error(hand, lead, "KH KH") is None
        assert "pair" in ctx.follow_error(hand, lead, "KH 2H")
        assert ctx.winner(lead, ["KH KH", "5C 3C", "JH 2H"]) == 0


def test_a_lead_holding_something_unreadable_is_refused_in_words():
    ctx = tr.load("two-decks").context(level="10", trump="S")
    with pytest.raises(tr.CardNotationError, match="expected a card"):
        ctx.follow_error("KH KH", (["AH"], "AH"), "KH KH")
    with pytest.raises(tr.CardNotationError, match="too many 'AH'"):
        ctx.follow_error("KH KH KH", ("AH", "AH", "AH"), "KH KH KH")
    # a refused lead is not remembered: asking again is refused again
    with pytest.raises(tr.CardNotationError, match="too many 'AH'"):
        ctx.winner(("AH", "AH", "AH"), ["KH KH KH"])
