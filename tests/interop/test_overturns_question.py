"""The oracle's ``overturns`` over JSON-RPC: what a seat may overturn with during the deal and at
its turn in the round after the kitty, the same answer as from Python; wrong parameters are errors
of the question naming the parameter, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.interop.server import Dispatcher, RulesetStore

D57 = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "D57-round-after-kitty-without-single-cards.tractor"
HAND = "2S 2S 3C BJ BJ 2D"


def _call(dispatcher: Dispatcher, method: str, params: dict) -> dict:
    return json.loads(dispatcher.handle_bytes(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method,
                                                          "params": params}).encode()))


@pytest.fixture
def asked():
    dispatcher = Dispatcher(RulesetStore())
    handle = _call(dispatcher, "load", {"text": D57.read_text(encoding="utf-8"), "origin": "D57.tractor"})
    ruleset = handle["result"]["ruleset"]
    return lambda **params: _call(dispatcher, "overturns", {"ruleset": ruleset, "level": "2", **params})


def test_the_question_answers_as_python_does(asked):
    rules = tr.load(str(D57))
    during = asked(declared="2H", declarer=0, hand=HAND, seat=1, banker=0)["result"]["offers"]
    assert during == [" ".join(map(str, o.cards)) for o in rules.overturns("2H", HAND, "2", seat=1, declarer=0,
                                                                              banker=0)]
    after = asked(declared="2H", declarer=0, hand=HAND, seat=1, banker=0, after_kitty=True)["result"]
    assert after == {"offers": ["2S 2S", "BJ BJ"]}  # the round's ladder: pairs, never the single 2D
    # the standing declarer passes; the first hand has no round; nobody declared: every step
    assert asked(declared="2H", declarer=0, hand=HAND, seat=0, banker=0, after_kitty=True)["result"]["offers"] == []
    assert asked(declared="2H", declarer=0, hand=HAND, seat=1, banker=0, after_kitty=True,
                 first_hand=True)["result"]["offers"] == []
    nobody = asked(declared="", declarer=None, hand=HAND, seat=1, banker=0, after_kitty=True, trump="H")
    assert nobody["result"] == {"offers": ["2S 2S", "BJ BJ"]}
    # an overturn of the round stands: only what beats it on the round's ladder
    over = asked(declared="2S 2S", declarer=1, hand="SJ SJ 2D 2D", seat=2, banker=0, after_kitty=True, made=1,
                 declarations=[[0, "2H"], [1, "2S 2S"]])
    assert over["result"] == {"offers": ["SJ SJ"]}


@pytest.mark.parametrize("params, said", [
    ({"declared": "2H", "declarer": 0, "hand": HAND, "seat": 1, "after_kitty": True}, "'banker' is needed after the kitty"),
    ({"declared": "2H", "declarer": None, "hand": HAND, "seat": 1}, "'declarer' is needed during the deal"),
    ({"declared": "2H", "declarer": 0, "hand": HAND, "seat": 4, "banker": 0}, "'seat' is a seat from 0 to 3, not 4"),
    ({"declared": "2H", "declarer": 0, "hand": HAND, "seat": 1, "banker": 0, "after_kitty": 1},
     "'after_kitty' is true or false, not a number"),
    ({"declared": "2H", "declarer": 0, "hand": HAND, "seat": 1, "banker": 0, "declarations": [[0]]},
     "'declarations' is a list of [seat, cards] pairs"),
    ({"declared": "2H", "declarer": 0, "hand": HAND, "seat": 1, "banker": 0, "trump": "X", "after_kitty": True},
     "'trump' is one of"),
    ({"declared": "3H", "declarer": 0, "hand": HAND, "seat": 1, "banker": 0, "after_kitty": True},
     "3H is no declaration at level 2"),
])
def test_wrong_parameters_are_errors_of_the_question(asked, params, said):
    error = asked(**params)["error"]
    assert said in error["message"]
