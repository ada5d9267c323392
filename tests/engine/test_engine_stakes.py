"""Table stakes (RULES.md §11): the worked examples of seed 000 and seed 001, on the shipped
rulesets that state them, and their place in a simulated match and its log."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand


@pytest.fixture(scope="module")
def three_decks():
    return tr.load("three-decks")


def test_game_points_of_seed_000(three_decks):
    # "an attackers' win scores 2, plus 1 per extra level; the banker team scores 2 per level
    # gained, plus 1 per extra level, at most 4": big light is +4.
    assert three_decks.table_points("banker", 3) == 4
    assert three_decks.table_points("banker", 1) == 2
    assert three_decks.table_points("attackers", 0) == 2
    assert three_decks.table_points("attackers", 1) == 3
    assert three_decks.table_points("attackers", 5) == 4


def test_stake_multiplier_of_seed_000(three_decks):
    # Four players at 90, banker big light, base ±4 → ±8; at 400 → ±12.
    assert three_decks.table_points("banker", 3, [90, 90, 90, 90]) == 8
    assert three_decks.table_points("banker", 3, [400, 400, 400, 400]) == 12
    # every player must be over the threshold
    assert three_decks.table_points("banker", 3, [400, 400, 400, 70]) == 4


def test_a_room_where_big_light_is_worth_six(three_decks):
    # "with a room where big light is ±6 → ±18 at triple"
    rows = tuple(dataclasses.replace(g, points=6) if (g.side, g.levels) == ("banker", 3) else g
                 for g in three_decks.stakes.game_points)
    room = dataclasses.replace(three_decks, stakes=dataclasses.replace(three_decks.stakes, game_points=rows))
    assert room.table_points("banker", 3, [400] * 4) == 18


def test_coins_of_seed_000(three_decks):
    # N = 1000, banker wins +2 levels: winner receives (2+1) × 1000 × 0.9 = 2700, loser pays 3000.
    assert three_decks.coins("banker", 2, 1000) == (2700, 3000)
    # the attackers' X is y + 2
    assert three_decks.coins("attackers", 1, 1000) == (2700, 3000)


def test_leaving_early_of_seed_001():
    # "the player who leaves loses 8 × the base points; each of the other three gains 1 ×"
    assert tr.load("four-decks").leaving(5) == (40, 5)


def test_rulesets_without_stakes_say_so():
    two = tr.load("two-decks")
    with pytest.raises(ValueError):
        two.table_points("banker", 1)
    with pytest.raises(ValueError):
        two.coins("banker", 1, 1000)
    assert two.leaving(10) == (0, 0)


def test_a_match_keeps_table_points_and_its_log_replays(three_decks):
    rng = random.Random(11)
    match = Match(three_decks, make_players("random", 4, rng), rng)
    totals = [0, 0, 0, 0]
    for _ in range(12):
        record = match.step()
        line = record.to_log()
        assert line["table_points"] == totals
        assert sum(line["table_points_change"]) == 0
        totals = [t + d for t, d in zip(totals, line["table_points_change"])]
        assert replay_hand(json.dumps(line), three_decks) == []
        tampered = dict(line, table_points_change=[d + 1 for d in line["table_points_change"]])
        assert any("table points" in p for p in replay_hand(tampered, three_decks))
        if match.done:
            break
    assert match.table_points == totals


def test_game_points_must_price_every_outcome():
    text = ('extends: "three-decks"\nstakes\n'
            '  game points: banker +1 = 2, banker +2 = 3, banker +3 = 4, swap = 2, attackers +1 = 3\n')
    with pytest.raises(tr.RulesetSemanticError) as info:
        tr.loads(text, origin="house.tractor")
    assert (info.value.line, info.value.column) == (3, 3)
    assert info.value.message == ("the game points give nothing for 'attackers +2' or more, "
                                  "which the upgrade table can produce")
