"""How a hand's game points move between its sides (``stakes.share``, ``share:``): each player its
worth (the default, as before), or each loser paying each winner, San Da Ha's settlement of a lone
banker with each of three attackers (S12); in a played match, its log and the replay; the statement,
its JSON form and version, its error and its sheet sentences."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render import render_sheet

S12 = Path(__file__).parents[2] / "examples" / "house-rules" / "S12-san-da-ha-each-attacker-pays.tractor"
S10 = S12.with_name("S10-san-da-ha-stake-of-the-bid.tractor")


@pytest.fixture(scope="module")
def s12():
    return tr.load(S12)


def test_the_statement_compiles_and_needs_version_4(s12):
    assert s12.stakes.share == "pairwise"
    assert tr.load(S10).stakes.share == "each"
    assert tr.Rules.from_dict(s12.to_dict()) == s12
    assert s12.to_dict()["stakes"]["share"] == "pairwise"
    assert rules_to_dict_as(s12, 3) is None  # version 3 has no share
    assert rules_to_dict_as(tr.load("three-decks"), 3) is not None  # game points, the share of each player
    each = tr.loads(f'extends: "{S12.name}"\nstakes\n  share: each player\n', origin=str(S12.with_name("h.tractor")))
    assert each.stakes.share == "each"


def test_a_lone_banker_receives_the_bid_from_each_attacker_or_pays_each(s12):
    rng = random.Random(5)
    match = Match(s12, make_players("greedy", 4, rng), rng)
    totals, seen = [0, 0, 0, 0], set()
    for _ in range(16):
        record = match.step()
        line = record.to_log()
        worth = line["bid"]
        banker = line["banker"]
        won = line["level_change"][0] == "banker"
        expected = [(3 * worth if won else -3 * worth) if s == banker else (-worth if won else worth) for s in range(4)]
        assert line["table_points_change"] == expected
        assert line["table_points"] == totals
        totals = [t + d for t, d in zip(totals, expected)]
        seen.add(won)
        assert replay_hand(json.dumps(line), s12) == []
        # the change each player would have had without the share is caught
        each = [(worth if won else -worth) if s == banker else (-worth if won else worth) for s in range(4)]
        assert any("table points" in p for p in replay_hand(dict(line, table_points_change=each), s12))
        if match.done:
            break
    assert seen == {True, False}  # both a banker's win and a loss were settled
    assert match.table_points == totals


def test_without_game_points_the_share_is_refused():
    with pytest.raises(tr.RulesetSemanticError) as info:
        tr.loads('extends: "two-decks"\nstakes\n  share: each loser pays each winner\n', origin="house.tractor")
    assert (info.value.line, info.value.column, info.value.code) == (3, 3, "E330")


@pytest.mark.parametrize("lang, words", [
    ("en", "Each loser pays a hand's table points to each winner: a winner gains them once for every loser"),
    ("zh", "每个输家都要付给每个赢家一局的积分"),
])
def test_the_sheet_says_the_share(s12, lang, words):
    sheet = render_sheet(s12, "md", lang)
    assert words in sheet
    assert words not in render_sheet(tr.load(S10), "md", lang)
