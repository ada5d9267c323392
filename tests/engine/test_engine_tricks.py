"""RULES.md §7 (throws), §8 (ruffs and overtrumps), §9 (who wins) and §14."""

from dataclasses import replace

import pytest
from engine_variants import four_decks

from tractor_rules.engine import PlayError
from tractor_rules.rules import Rules


def variant(**changes):
    base = Rules()
    parts = {}
    for path, value in changes.items():
        section, name = path.split("__")
        parts[section] = replace(parts.get(section, getattr(base, section)), **{name: value})
    return replace(base, **parts)


CTX = Rules().context(level="10", trump="H")


# --- §8 ruffs --------------------------------------------------------------------------------


def test_ruff_needs_the_leads_tractors_and_pairs():
    # trump 998872 ruffs side AK5544 (tractor + two singles) ...
    assert CTX.winner("AS KS 5S 5S 4S 4S", ["9H 9H 8H 8H 7H 2H"]) == 1
    # ... but not AA5544 (tractor + pair: 72 is no pair): a discard, which cannot win
    assert CTX.winner("AS AS 5S 5S 4S 4S", ["9H 9H 8H 8H 7H 2H"]) == 0


def test_overtrump_by_the_leads_largest_part():
    # to 544, 977 ruffs and 884 overtrumps (88 > 77)
    assert CTX.winner("5S 4S 4S", ["9H 7H 7H"]) == 1
    assert CTX.winner("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H"]) == 2
    # to 567 (three singles), 977 ruffs and 884 cannot overtrump (8 < 9)
    assert CTX.winner("5S 6S 7S", ["9H 7H 7H", "8H 8H 4H"]) == 1


def test_any_trump_beats_side_cards_and_discards_never_win():
    assert CTX.winner("AS", ["2H"]) == 1
    assert CTX.winner("KS", ["AS", "2H", "BJ"]) == 3
    assert CTX.winner("KS", ["2D", "AC"]) == 0  # off-suit discards
    assert CTX.winner("5S 5S", ["AS KS", "2H 3D"]) == 0  # no pair, and a mixed play


def test_identical_cards_the_first_wins():
    assert CTX.winner("AS", ["AS"]) == 0
    assert CTX.winner("3S", ["10S", "10C"]) == 1  # off-suit level cards are equal trumps
    assert CTX.winner("QS QS", ["AS AS", "AS AS"]) == 1


def test_following_in_suit_must_match_the_shape_to_win():
    assert CTX.winner("QS QS", ["AS KS"]) == 0
    assert CTX.winner("QS QS", ["AS AS"]) == 1
    assert CTX.winner("9S 9S 8S 8S", ["AS AS KS KS"]) == 1
    assert CTX.winner("9S 9S 8S 8S", ["AS AS QS QS"]) == 0


def test_trump_lead():
    assert CTX.winner("3H 3H", ["2H 2H", "10S 10S", "BJ SJ"]) == 2
    assert CTX.winner("3H", ["AS"]) == 0


def test_ruff_requirement_types_and_shape_and_any():
    lead = "AS KS KS"  # pair + single
    assert variant(ruffing__requirement="any").context(level="10", trump="H").winner(lead, ["2H 3H 4H"]) == 1
    assert variant(ruffing__requirement="types").context(level="10", trump="H").winner(lead, ["2H 3H 4H"]) == 0
    assert variant(ruffing__requirement="types").context(level="10", trump="H").winner(lead, ["2H 2H 4H"]) == 1
    shape = variant(ruffing__requirement="shape").context(level="10", trump="H")
    assert shape.winner("AS AS KS KS", ["3H 3H 5H 5H"]) == 0  # two pairs, not a tractor
    assert shape.winner("AS AS KS KS", ["3H 3H 4H 4H"]) == 1


def test_compare_highest_card_and_every_part():
    high = variant(ruffing__compare="highest-card").context(level="10", trump="H")
    assert high.winner("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H"]) == 1
    every = variant(ruffing__compare="every-part").context(level="10", trump="H")
    assert every.winner("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H"]) == 1  # 88 > 77 but 4 < 9
    assert every.winner("5S 4S 4S", ["9H 7H 7H", "8H 8H JH"]) == 2


def test_bombs_beat_any_other_play():
    rules = replace(four_decks(), combinations=replace(four_decks().combinations, bomb_width=4))
    ctx = rules.context(level="10", trump="H")
    lead = "AS AS KS KS"  # a tractor
    assert ctx.winner(lead, ["3S 3S 3S 3S"]) == 1
    assert ctx.winner(lead, ["3S 3S 3S 3S", "2H 2H 2H 2H"]) == 2
    assert ctx.winner("AS AS AS AS", ["3S 3S 3S 3S"]) == 0


def test_seed_section_14_throw_then_ruff():
    # level 4, ♠ trump: P1 throws ♥8♥8 ♥7 ♥2 while P4 holds ♥3: P1 is held to ♥2
    ctx = Rules().context(level="4", trump="S")
    p2, p3, p4 = "2H 9D", "3S 5C", "3H 6D"
    assert ctx.throw_options("8H 8H 7H 2H", [p2, p3, p4]) == [ctx.cards("2H")]
    # then P2 plays ♥2, P3 (void) ruffs ♠3, P4 plays ♥3: P3 wins
    assert ctx.winner("2H", ["2H", "3S", "3H"]) == 2


# --- §7 throws -------------------------------------------------------------------------------


@pytest.mark.parametrize("elsewhere, held", [
    ("JS", "9S"),
    ("QS QS", "4S 4S"),
    ("5S 5S", "4S 4S"),
    ("3S 3S 2S", None),
])
def test_throw_98844(elsewhere, held):
    ctx = Rules().context(level="10", trump="H")
    options = ctx.throw_options("9S 8S 8S 4S 4S", [elsewhere, "2D", "3C"])
    assert options == ([] if held is None else [ctx.cards(held)])


@pytest.mark.parametrize("elsewhere, held", [("JS", "9S"), ("QS QS QS QS", "4S 4S 4S"), ("5S 5S 5S", "4S 4S 4S")])
def test_throw_98888444_with_four_decks(elsewhere, held):
    ctx = four_decks().context(level="10", trump="H")
    assert ctx.throw_options("9S 8S 8S 8S 8S 4S 4S 4S", [elsewhere]) == [ctx.cards(held)]


def test_throw_q44_next_player_chooses():
    ctx = variant(leading__throw_failure="next-player-chooses").context(level="10", trump="H")
    throw = "QS 4S 4S"
    assert ctx.throw_options(throw, ["KS"]) == [ctx.cards("QS")]
    assert ctx.throw_options(throw, ["6S 6S"]) == [ctx.cards("4S 4S")]
    assert sorted(ctx.throw_options(throw, ["KS 6S 6S"])) == sorted([ctx.cards("QS"), ctx.cards("4S 4S")])
    assert ctx.throw_options(throw, ["JS 3S 3S"]) == []


def test_throw_held_to_the_smallest_card():
    ctx = variant(leading__throw_failure="smallest-card").context(level="10", trump="H")
    assert ctx.throw_options("9S 8S 8S 4S 4S", ["QS QS"]) == [ctx.cards("4S")]


def test_throw_checks_highest_card_and_largest_part():
    throw = "AS KS KS 3S"
    high = variant(leading__throw_check="highest-card").context(level="10", trump="H")
    assert high.throw_options(throw, ["5S"]) == []  # nobody holds a card above the ace
    largest = variant(leading__throw_check="largest-part").context(level="10", trump="H")
    assert largest.throw_options(throw, ["5S"]) == []  # only KK is judged
    assert largest.throw_options(throw, ["QS QS 5S"]) == []
    every = Rules().context(level="10", trump="H")
    assert every.throw_options(throw, ["5S"]) == [every.cards("3S")]


def test_throw_tractor_beaten_by_a_higher_tractor_of_at_least_its_length():
    ctx = Rules().context(level="10", trump="H")
    throw = "QS QS JS JS AS"
    assert ctx.throw_options(throw, ["KS KS"]) == []  # a pair does not beat a tractor
    assert ctx.throw_options(throw, ["KS KS QS QS"]) == [ctx.cards("QS QS JS JS")]
    assert ctx.throw_options(throw, ["9S 9S 8S 8S 7S 7S"]) == []  # longer but lower


def test_single_units_are_not_throws_and_throws_may_be_forbidden():
    ctx = Rules().context(level="10", trump="H")
    assert ctx.throw_options("9S 9S", ["QS QS"]) == []
    no_throws = variant(leading__throws=False).context(level="10", trump="H")
    with pytest.raises(PlayError):
        no_throws.throw_options("AS KS", ["2S"])


def test_an_unbeaten_throw_wins_unless_matched_higher_or_ruffed():
    ctx = Rules().context(level="10", trump="H")
    throw = "AS AS KS"
    assert ctx.winner(throw, ["QS QS JS", "3S 2S 4D"]) == 0  # QQ < AA
    assert ctx.winner(throw, ["QS QS JS", "3H 3H 2H"]) == 2  # a ruff with a pair and a single
    assert ctx.winner(throw, ["QS QS JS", "3H 4H 2H"]) == 0  # no pair: a discard
