"""Follow lists whose lead is a straight (Shandong, "领出闪/震/顺子：对应牌型 > 最大单张 > 垫牌";
gallery F9): `straight of n cards: straight of n cards > highest single + singles`, the lead and the
term compiled, read by the one follow check for a straight and for a rain short of its kind, the
players, the JSON form and the sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from player_kinds import EVERY_KIND, SEARCH, hands_that_replay_clean

import tractor_rules as tr
from tractor_rules import codec
from tractor_rules.engine.deck.rains import rain_of
from tractor_rules.engine.deck.units import decompose
from tractor_rules.engine.rulings.follow import FollowContext, follow_refusal
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Count, LeadShape, Pattern, Term

F9 = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / \
    "F9-straights-followed-by-the-highest-single.tractor"

LIST = "  straight of n cards: straight of n cards > highest single + singles\n"
STRAIGHTS = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\nfollow\n' + LIST)
PLAIN = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\n')
RAINS = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards, pairs riding along\n'
                 'follow\n' + LIST)
PLAIN_RAINS = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards, pairs riding along\n')


def test_the_lead_and_the_term_compile_to_a_tractor_of_singles():
    (fl,) = [fl for fl in STRAIGHTS.following.lists if fl.lead.width == 1]
    assert fl.lead == LeadShape(1, 0)
    assert fl.lead.label == "straight of n cards"
    assert LeadShape.from_label("straight of n cards") == LeadShape(1, 0)
    assert LeadShape.from_label("straight of 6 cards") == LeadShape(1, 6)
    assert fl.entries == (
        Pattern((Term(Count(0, 1), 1, Count(1, 0)),)),
        Pattern((Term(Count(0, 1), 1, highest=True), Term(Count(0, 0, greedy=True), 1))),
    )
    fixed = tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\nfollow\n'
                     '  straight of 6 cards: straight of 6 cards > straight of 5 cards + single > singles\n')
    (fl,) = [fl for fl in fixed.following.lists if fl.lead.width == 1]
    assert fl.lead == LeadShape(1, 6)
    assert fixed.source_of("following.lists[straight of 6 cards]") is not None


def test_a_straight_term_shorter_than_the_straights_is_refused():
    with pytest.raises(tr.RulesetError, match="E309"):
        tr.loads('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\nfollow\n'
                 '  straight of 6 cards: straight of 6 cards > 2 straights of 3 cards > singles\n')


def test_a_list_for_straights_needs_straights():
    with pytest.raises(tr.RulesetError, match="there are no straights"):
        tr.loads('extends: "two-decks"\nfollow\n' + LIST)


def test_to_a_straight_a_straight_as_long_else_the_highest_single():
    c = STRAIGHTS.context(level="10", trump="S")
    lead = "AH KH QH JH 9H"
    # no straight of five: the highest heart and four more
    hand = "8H 7H 6H 4H 3H 2H 5C"
    assert c.follow_error(hand, lead, "8H 6H 4H 3H 2H") is None
    refusal = c.follow_refusal(hand, lead, "7H 6H 4H 3H 2H")
    assert refusal is not None and refusal.code == "shape"
    assert "the highest single (8H)" in refusal.message
    # a straight held must be played
    hand = "8H 7H 6H 5H 4H 2H 5C"
    assert c.follow_error(hand, lead, "8H 7H 6H 5H 4H") is None
    refusal = c.follow_refusal(hand, lead, "8H 7H 6H 5H 2H")
    assert refusal is not None and "a straight of 5 cards" in refusal.message
    # short of the suit: all of it, and any discard
    assert c.follow_error("8H 6H 3C 4C 9D 10D", lead, "8H 6H 3C 4C 9D") is None


def test_without_the_list_a_straight_asks_only_a_straight():
    c = PLAIN.context(level="10", trump="S")
    assert c.follow_error("8H 7H 6H 4H 3H 2H 5C", "AH KH QH JH 9H", "7H 6H 4H 3H 2H") is None


def test_a_rain_short_of_its_kind_follows_the_list_of_a_straight_of_its_cards():
    c = RAINS.context(level="2", trump="H")
    lead = "5S 6S 6S 7S 8S 9S"  # six cards, one pair riding along
    assert rain_of(c.order, tuple(c.cards(lead))) is not None
    # a rain of its kind comes first
    hand = "AS KS QS QS JS 10S 4S 3S"
    refusal = c.follow_refusal(hand, lead, "AS QS QS JS 10S 4S")
    assert refusal is not None and "riding along" in refusal.message
    assert c.follow_error(hand, lead, "AS KS QS QS JS 10S") is None
    # then a straight of its six cards
    hand = "AS KS QS JS 10S 9S 3S"
    assert c.follow_error(hand, lead, "AS KS QS JS 10S 9S") is None
    assert c.follow_error(hand, lead, "AS KS QS JS 10S 3S") is not None
    # then the highest single and singles: a pair held no longer counts
    hand = "AS QS QS JS 10S 4S 3S"
    assert c.follow_error(hand, lead, "AS QS JS 10S 4S 3S") is None
    refusal = c.follow_refusal(hand, lead, "QS QS JS 10S 4S 3S")
    assert refusal is not None and "the highest single (AS)" in refusal.message
    # without the list the rain asks what its units (a straight and a single) ask: here nothing
    plain = PLAIN_RAINS.context(level="2", trump="H")
    assert plain.follow_error(hand, lead, "AS QS JS 10S 4S 3S") is None
    assert plain.follow_error(hand, lead, "QS QS JS 10S 4S 3S") is None


def test_the_engines_own_follow_meets_the_list():
    c = STRAIGHTS.context(level="10", trump="S")
    lead = "AH KH QH JH 9H"
    for hand in ("8H 7H 6H 4H 3H 2H 5C", "8H 7H 6H 5H 4H 2H 5C", "8H 6H 3C 4C 9D 10D"):
        play = c.legal_follow(hand, lead)
        assert c.follow_error(hand, lead, play) is None
    assert "8H" in map(str, c.legal_follow("8H 7H 6H 4H 3H 2H 5C", lead))


def _straight_leads(rules, record) -> int:
    """The tricks of ``record`` led by a straight or a rain (its duty then the list's)."""
    ctx = rules.context(record.level, record.trump)
    led = 0
    for trick in record.tricks:
        lead = trick.plays[0]
        units = decompose(ctx.order, lead)
        fc = FollowContext(ctx.order, lead)
        if fc.rain is not None:
            led += 1
        elif len(units) == 1 and units[0].width == 1 and units[0].length > 1:
            assert type(fc.duty).__name__ == "ListDuty"
            led += 1
    return led


#: hands each kind of player plays at F9's table: the heuristic player, the slowest of the three
#: to lead a straight or a rain, first does at its 18th hand (the random player at its 1st, the
#: greedy at its 3rd), and 40 hands hold six such hands of its; the search player, at a quarter of a
#: CPU second a hand, plays 10 (it leads one at its 3rd)
HANDS = {"random": 40, "greedy": 40, "heuristic": 40, SEARCH: 10}


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_f9_plays_and_replays_clean_with_every_kind(kind):
    """Hands by each kind of player, every hand's follows checked by the replay; each kind leads
    straights and rains, and they are followed legally."""
    rules = tr.load(str(F9))
    records = list(hands_that_replay_clean(rules, kind, HANDS[kind], level="2"))
    assert len(records) == HANDS[kind]
    assert sum(_straight_leads(rules, record) for record in records) > 0


def test_the_list_goes_through_json():
    rules = tr.load(str(F9))
    data = codec.rules_to_dict(rules)
    assert {"width": 1, "length": 0, "rainbow": False} in [fl["lead"] for fl in data["following"]["lists"]]
    assert codec.rules_from_dict(data) == rules


def _items(rules, lang):
    return {i.key: i for i in build_sheet(rules, lang).items()}


def test_the_sheet_says_the_list_and_the_straights_follow_it():
    rules = tr.load(str(F9))
    en, zh = _items(rules, "en"), _items(rules, "zh")
    assert en["following.lists.1xn"].text == "To a straight of n cards, in order of priority:"
    assert en["following.lists.1xn"].points == ("a straight of n cards",
                                                "the highest single of the suit + as many singles as the hand allows")
    assert zh["following.lists.1xn"].points == ("n张的顺子", "该花色最大的单张 + 手中能凑出的尽量多的单张")
    assert "as the follow list for straights says" in en["combinations.straight_min"].text
    assert "按“跟牌”一节中顺子的跟牌顺序跟牌" in zh["combinations.straight_min"].text
    assert "the follow list for a straight of as many cards as the rain" in en["combinations.straight_pairs"].text
    assert "按与雨张数相同的顺子的跟牌顺序跟牌" in zh["combinations.straight_pairs"].text
    # the example's second hand holds no straight, so it shows the highest single asked
    example = en["following.lists.1xn.example"].points
    assert example[1].endswith("♥8 ♥6 ♥4 ♥3 ♥2 is a legal reply, ♥7 ♥6 ♥4 ♥3 ♥2 is not")
    # without the list, the straights' sentence is as before
    plain = _items(PLAIN, "en")["combinations.straight_min"].text
    assert "a player who holds a straight as long must play one; otherwise any cards of the suit" in plain


@pytest.mark.parametrize(("parent", "label", "said"), [
    (F9, "straight of n cards", "To a straight of n cards there is no list of its own"),
    (F9.parent / "F10-flashes-followed-by-the-highest-single.tractor", "rainbow of n cards",
     "To a rainbow of n trumps there is no list of its own: a follower who holds its ranks plays them, else trumps."),
])
def test_a_house_file_takes_the_list_back_with_unset(tmp_path, parent, label, said):
    (tmp_path / "parent.tractor").write_text(parent.read_text(encoding="utf-8"), encoding="utf-8")
    house = tmp_path / "house.tractor"
    house.write_text(f'extends: "parent.tractor"\nruleset: "house"\nfollow\n  unset: {label}\n', encoding="utf-8")
    rules = tr.load(str(house))
    assert all(fl.lead.label != label for fl in rules.following.lists)
    assert any(said in item.text for item in build_sheet(rules, "en").items())
