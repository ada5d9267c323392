"""Card notation and card codes."""

from dataclasses import replace

import pytest

from tractor_rules.errors import CardNotationError, RulesetError
from tractor_rules.rules import Rules

CTX = Rules().context(level="10", trump="S")


def test_notation_forms_read_the_same_cards():
    plain = CTX.cards("10S 10S JS JS")
    assert CTX.cards("10S,10S, JS  JS") == plain
    assert CTX.cards("TS ts js JS") == plain
    assert CTX.cards("10♠ 10♠ J♠ J♠") == plain
    assert CTX.cards("♠10 ♠10 ♠J ♠J") == plain
    assert CTX.cards("♠10♠10♠J♠J") == plain
    assert CTX.cards(["10S", "10S", "JS JS"]) == plain
    assert CTX.cards(plain) == plain


def test_cards_are_hashable_and_identical_cards_equal():
    a, b, c = CTX.cards("QH QH QD")
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert len({a, b, c}) == 2
    assert str(a) == "QH" and a.rank == "Q" and a.suit == "H"


def test_jokers():
    bj, sj = CTX.cards("BJ SJ")
    assert str(bj) == "BJ" and str(sj) == "SJ"
    assert bj.is_joker and sj.is_joker and bj.suit is None
    assert CTX.cards("bj") == (bj,)


@pytest.mark.parametrize("bad, named", [("ZZ", "'ZZ'"), ("1S", "'1S'"), ("10X", "'10X'"), ("QQ", "'QQ'"),
                                        ("S", "'S'"), ("11H", "'11H'")])
def test_bad_notation_names_the_token(bad, named):
    with pytest.raises(CardNotationError) as err:
        CTX.cards(f"10S {bad} JS")
    assert named in str(err.value)
    assert isinstance(err.value, RulesetError) and isinstance(err.value, ValueError)


def test_cards_are_checked_against_the_deck():
    base = Rules()
    short = base.context(level="10", trump="S")
    with pytest.raises(CardNotationError, match="only 2"):
        short.cards("AS AS AS")
    no_jokers = replace(base, table=replace(base.table, jokers=False)).context(level="10", trump="S")
    with pytest.raises(CardNotationError, match="no jokers"):
        no_jokers.cards("BJ")
    stripped = replace(base, table=replace(base.table, removed_ranks=("2", "3"))).context(level="10", trump="S")
    with pytest.raises(CardNotationError, match="no 3s"):
        stripped.cards("3H")
    assert stripped.cards("4H") == short.cards("4H")
