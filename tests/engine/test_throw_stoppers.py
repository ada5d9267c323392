"""Who stops a throw and whose answer decides it (``throw stopped by``), and the shortest beaten
part (``failed throw: shortest beaten part``): through the oracle, the game loop and the replay."""

from __future__ import annotations

import random

import pytest

import tractor_rules as tr
from tractor_rules.engine import EngineError
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.flow.seats import known_partners
from test_game import Thrower  # the game tests' player that throws its longest side suit


HOUSE = 'ruleset: "House"\nextends: "{parent}"\n\nlead\n  {lines}\n'


def house(*lines: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(HOUSE.format(parent=parent, lines="\n  ".join(lines)), origin="house.tractor")


# --- T2: the first player in turn who can beat a part decides ------------------------------------

# level 10, hearts trump; the throw 9S 8S8S 4S4S; seat 1 (the player after the leader) holds JS 3C,
# seat 2 holds 5S 5S 2D (rbtying/shengji trick.rs play_cards holds the leader to 9S)
THROW = "9S 8S 8S 4S 4S"
SEATS = ["JS 3C", "5S 5S 2D", "6C 7C"]


def test_today_the_lowest_beaten_part_over_all_players():
    ctx = tr.load("two-decks").context("10", "H")
    assert ctx.throw_options(THROW, SEATS) == [ctx.cards("4S 4S")]


def test_the_first_player_who_can_decides():
    rules = house("throw stopped by: the first player who can", "failed throw: shortest beaten part")
    ctx = rules.context("10", "H")
    assert ctx.throw_options(THROW, SEATS) == [ctx.cards("9S")]
    # the order of the other hands is the turn order: seat 2 first, its 55 beats the 44
    assert ctx.throw_options(THROW, [SEATS[1], SEATS[0], SEATS[2]]) == [ctx.cards("4S 4S")]
    # nobody beats anything: the throw stands
    assert ctx.throw_options(THROW, ["3C", "2D 2D", "6C"]) == []


def test_shortest_part_is_by_size_then_rank():
    # QQ beats the single 9, the pair 88 and the pair 44: the fewest cards is the 9, the lowest 44
    hands = ["QS QS 3C", "2D", "6C"]
    shortest = house("failed throw: shortest beaten part").context("10", "H")
    smallest = tr.load("two-decks").context("10", "H")
    assert shortest.throw_options(THROW, hands) == [shortest.cards("9S")]
    assert smallest.throw_options(THROW, hands) == [smallest.cards("4S 4S")]


def test_first_player_with_smallest_part_and_next_player_chooses():
    first_smallest = house("throw stopped by: the first player who can").context("10", "H")
    throw = "KS 8S 8S 4S 4S"
    # seat 1 beats only the K (with the A); seat 2 beats the 44 (55), which no longer counts
    hands = ["AS 3C", "5S 5S", "2D"]
    assert first_smallest.throw_options(throw, hands) == [first_smallest.cards("KS")]
    assert tr.load("two-decks").context("10", "H").throw_options(throw, hands) == [first_smallest.cards("4S 4S")]
    chooses = house("throw stopped by: the first player who can", "failed throw: next player chooses")
    assert chooses.context("10", "H").throw_options(throw, hands) == [first_smallest.cards("KS")]
    everyone_chooses = house("failed throw: next player chooses").context("10", "H")
    assert len(everyone_chooses.throw_options(throw, hands)) == 2


# --- P04: only opponents stop a throw -------------------------------------------------------------


def test_a_partners_cards_do_not_stop_the_throw():
    rules = house("throw stopped by: opponents")
    ctx = rules.context("10", "H")
    partner_beats = ["3C", "QS QS 2D", "6C"]  # other_hands[1] is the partner (seated opposite)
    assert ctx.throw_options(THROW, partner_beats) == []
    assert tr.load("two-decks").context("10", "H").throw_options(THROW, partner_beats) == [ctx.cards("4S 4S")]
    opponent_beats = ["3C", "2D", "QS QS 6C"]
    assert ctx.throw_options(THROW, opponent_beats) == [ctx.cards("4S 4S")]
    # partners named by the caller: here nobody is a partner, so the QQ counts
    assert ctx.throw_options(THROW, partner_beats, partners=[]) == [ctx.cards("4S 4S")]
    assert ctx.throw_options(THROW, opponent_beats, partners=[2]) == []


def test_the_first_opponent_who_can_decides():
    ctx = house("throw stopped by: the first opponent who can", "failed throw: shortest beaten part") \
        .context("10", "H")
    # the partner (other_hands[1]) would beat the 9; the first opponent who can is seat 3, with 55
    assert ctx.throw_options(THROW, ["3C", "JS 2D", "5S 5S"]) == [ctx.cards("4S 4S")]


def test_partners_must_be_indexes_of_the_other_hands():
    ctx = house("throw stopped by: opponents").context("10", "H")
    with pytest.raises(EngineError, match="indexes of other_hands"):
        ctx.throw_options(THROW, SEATS, partners=[3])


def test_the_partners_of_a_throw_in_finding_friends_are_those_the_table_knows():
    rules = tr.load("house-finding-friends")  # six players, two calls
    # the banker (0) and a found friend (3) are partners; seat 4 is nobody's known partner yet
    assert known_partners(rules, 0, 0, [3], teams_known=False) == {3}
    assert known_partners(rules, 3, 0, [3], teams_known=False) == {0}
    assert known_partners(rules, 4, 0, [3], teams_known=False) == frozenset()
    # once every call is resolved the attackers know one another
    assert known_partners(rules, 4, 0, [3], teams_known=True) == {1, 2, 5}
    # seated teams are known from the start
    assert known_partners(tr.load("two-decks"), 1, 0) == {3}


# --- the game loop and the replay -----------------------------------------------------------------


def _records(rules: tr.Rules, hands: int, seed: int = 0):
    rng = random.Random(seed)
    n = rules.table.players
    return [play_hand(rules, [Thrower(rng.random()) for _ in range(n)], rng, level="2", banker=rng.randrange(n))
            for _ in range(hands)]


@pytest.mark.parametrize("parent", ["two-decks", "house-finding-friends", "house-six-players"])
@pytest.mark.parametrize("stoppers", ["opponents", "the first player who can", "the first opponent who can"])
def test_hands_replay_clean(parent, stoppers):
    rules = house(f"throw stopped by: {stoppers}", "failed throw: shortest beaten part", parent=parent)
    for record in _records(rules, 6):
        assert replay_hand(record.to_log(), rules) == []


def test_a_throw_that_stood_only_because_a_partner_was_spared_is_caught_under_the_strict_rule():
    lenient = house("throw stopped by: opponents")
    strict = house("throw stopped by: any other player")
    flagged = 0
    for record in _records(lenient, 40, seed=2):
        problems = replay_hand(record.to_log(), strict)
        flagged += any("no attempt is logged" in p for p in problems)
    assert flagged, "some throw stood only thanks to the leader's partner"


def test_who_decides_is_checked_by_the_replay():
    first = house("throw stopped by: the first player who can", "failed throw: shortest beaten part")
    everyone = house("failed throw: shortest beaten part")
    caught = 0
    for record in _records(first, 40, seed=5):
        assert replay_hand(record.to_log(), first) == []
        caught += any("must be replaced by" in p for p in replay_hand(record.to_log(), everyone))
    assert caught, "some failed throw was cut differently by the first player who can"


def test_random_players_throw_legally_under_every_stopper_rule():
    for stoppers in ("opponents", "the first opponent who can"):
        rules = house(f"throw stopped by: {stoppers}")
        rng = random.Random(1)
        for _ in range(5):
            record = play_hand(rules, [RandomPlayer(rng.random()) for _ in range(4)], rng, level="3", banker=1)
            assert replay_hand(record.to_log(), rules) == []


# --- the rule sheet -------------------------------------------------------------------------------


def _sheet(rules: tr.Rules, lang: str) -> str:
    from tractor_rules.render import render_sheet

    words = render_sheet(rules, "txt", lang).split()
    return ("" if lang == "zh" else " ").join(words)  # Chinese lines wrap with no space


def test_the_sheet_states_who_stops_a_throw():
    first = house("throw stopped by: the first player who can", "failed throw: shortest beaten part")
    en, zh = _sheet(first, "en"), _sheet(first, "zh")
    assert "only the first player after the leader, in turn, who can beat a part of it counts" in en
    assert "the part with the fewest cards among those that player beats" in en
    assert "按出牌顺序第一个能压过其中一部分的玩家" in zh and "张数最少" in zh
    opponents = house("throw stopped by: opponents")
    en, zh = _sheet(opponents, "en"), _sheet(opponents, "zh")
    assert "no opponent of the leader can beat any of its parts" in en
    assert "The cards of the leader's partners never stop a throw." in en
    assert "首家的对家的牌永远不会挡住甩牌。" in zh
    friends = house("throw stopped by: the first opponent who can", parent="house-finding-friends")
    en, zh = _sheet(friends, "en"), _sheet(friends, "zh")
    assert "the banker and the friends found so far are partners" in en
    assert "only the first opponent after the leader" in en
    assert "庄家和已找到的朋友互为对家" in zh
    # the default states none of it
    plain = _sheet(tr.load("two-decks"), "en")
    assert "first player after the leader" not in plain and "partners never stop" not in plain
