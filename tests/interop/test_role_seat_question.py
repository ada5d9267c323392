"""The oracle's ``role_seat`` over JSON-RPC: the seat a role names in a logged hand, its fallbacks
tried in turn, the same answer as from Python; a role the hand's log cannot answer, or no role, is
an error of the question, never a traceback."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.interop.server import Dispatcher, RulesetStore

HOLDER_BANKS = ('ruleset: "The holder of 3H banks"\ndescription: "x"\nextends: "two-decks"\n\nlevels\n'
                '  when a hand ends: the next banker is the holder of 3H after the kitty, otherwise the next seat\n')
FALLBACK = ["otherwise", ["holder-after-kitty", "3H"], "next-seat"]


@pytest.fixture(scope="module")
def logged() -> list[dict]:
    rules = tr.loads(HOLDER_BANKS)
    match = Match(rules, [RandomPlayer(s) for s in range(4)], random.Random(5), max_hands=40)
    return [match.step().to_log() for _ in range(8)]


def _call(dispatcher: Dispatcher, method: str, params: dict) -> dict:
    return json.loads(dispatcher.handle_bytes(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method,
                                                          "params": params}).encode()))


@pytest.fixture
def asked(logged):
    dispatcher = Dispatcher(RulesetStore())
    handle = _call(dispatcher, "load", {"text": HOLDER_BANKS, "origin": "holder.tractor"})["result"]["ruleset"]
    return lambda role, hand: _call(dispatcher, "role_seat", {"ruleset": handle, "role": role, "hand": hand})


def test_the_question_names_the_seats_python_names_and_the_rule_banked(logged, asked):
    rules = tr.loads(HOLDER_BANKS)
    for entry in logged:
        assert asked("next-seat", entry)["result"] == {"seat": (entry["banker"] + 1) % 4}
        assert asked("banker", entry)["result"] == {"seat": entry["banker"]}
        holder = asked(["holder-after-kitty", "3H"], entry)["result"]["seat"]
        assert holder == rules.role_seat(["holder-after-kitty", "3H"], entry)
        assert holder is None or "3H" in entry["hands"][holder].split()
        # the rule's own role, its fallback tried where the holder is nobody: the next banker logged
        assert asked(FALLBACK, entry)["result"] == {"seat": entry["next_banker"]}


def test_a_role_the_question_cannot_answer_is_an_error_of_the_question(logged, asked):
    unknown = asked("somebody", logged[0])
    assert "not a role: 'somebody'" in unknown["error"]["message"]
    # the log of rules that never name the declarer does not say who declared
    declarer = asked("declarer", logged[0])
    assert "names the declarer after a hand" in declarer["error"]["message"]
    assert "'hand' is a hand of the game log (an object), not a string" in asked("banker", "a hand")["error"]["message"]
