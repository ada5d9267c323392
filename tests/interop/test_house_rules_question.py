"""The oracle's ``house_rules_set_off``: the house rules after a hand that a logged hand sets off,
from Python and over JSON-RPC, worked out from the hand and never read from its log line."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.interop.server import Dispatcher, RulesetStore

HONG_WU = ('ruleset: "Hong Wu"\ndescription: "x"\nextends: "two-decks"\n\nlevels\n'
           '  when the bankers lost 5H: bankers -1 level\n  when the attackers lost 5H: attackers -1 level\n'
           '  when points >= 120: the next banker is the winner of the last trick\n')


@pytest.fixture(scope="module")
def logged() -> list[dict]:
    rules = tr.loads(HONG_WU)
    match = Match(rules, [RandomPlayer(s) for s in range(4)], random.Random(11), max_hands=40)
    return [match.step().to_log() for _ in range(30)]


def test_the_oracle_works_out_the_rules_each_hand_set_off(logged):
    rules = tr.loads(HONG_WU)
    assert any(entry["after_hand"] for entry in logged)  # some hand sets a rule off
    for entry in logged:
        assert list(rules.house_rules_set_off(entry)) == entry["after_hand"]
        assert list(rules.house_rules_set_off(json.dumps(entry))) == entry["after_hand"]
        # the log's own answer is not read
        assert list(rules.house_rules_set_off({**entry, "after_hand": [0, 1, 2]})) == entry["after_hand"]


def test_a_hand_that_is_no_hand_of_the_rules_is_refused(logged):
    rules = tr.loads(HONG_WU)
    broken = {**logged[0], "attacker_points": logged[0]["attacker_points"] + 5}
    with pytest.raises(tr.RulesetError, match="the attackers have"):
        rules.house_rules_set_off(broken)
    with pytest.raises(tr.RulesetError, match="not JSON"):
        rules.house_rules_set_off("{")


def _call(dispatcher: Dispatcher, method: str, params: dict) -> dict:
    return json.loads(dispatcher.handle_bytes(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method,
                                                          "params": params}).encode()))


def test_the_question_over_json_rpc(logged):
    dispatcher = Dispatcher(RulesetStore())
    handle = _call(dispatcher, "load", {"text": HONG_WU, "origin": "hong-wu.tractor"})["result"]["ruleset"]
    for entry in logged[:10]:
        answer = _call(dispatcher, "house_rules_set_off", {"ruleset": handle, "hand": entry})
        assert answer["result"] == {"rules": entry["after_hand"]}
    wrong = _call(dispatcher, "house_rules_set_off", {"ruleset": handle, "hand": "a hand"})
    assert "'hand' is a hand of the game log (an object), not" in wrong["error"]["message"]
