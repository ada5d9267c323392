"""The oracle's ``lead_error`` over JSON-RPC: whether cards may be led as the rules stand, the same
answer as from Python (a throw holding a kind the rules bar from throws, a throw where none is
allowed, cards of several suits); bad cards are an error of the question, never a traceback."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.engine.oracle import make_context
from tractor_rules.interop.server import Dispatcher, RulesetStore

SINGLES_AND_PAIRS = ('ruleset: "Throws of singles and pairs"\ndescription: "x"\nextends: "two-decks"\n\nlead\n'
                     '  throws: allowed, of singles and pairs only\n')
NO_THROWS = 'ruleset: "No throws"\ndescription: "x"\nextends: "two-decks"\n\nlead\n  throws: not allowed\n'

LEADS = ["AS", "AS AS", "QS QS JS JS", "AS KS KS", "AS QS QS JS JS", "AS AH", "AS 9S 8S 8S"]


def _call(dispatcher: Dispatcher, method: str, params: dict) -> dict:
    return json.loads(dispatcher.handle_bytes(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method,
                                                          "params": params}).encode()))


@pytest.fixture(scope="module")
def dispatcher() -> Dispatcher:
    return Dispatcher(RulesetStore())


@pytest.mark.parametrize("text", [SINGLES_AND_PAIRS, NO_THROWS, None], ids=["singles-and-pairs", "no-throws", "two-decks"])
def test_the_question_answers_as_the_oracle_does(dispatcher, text):
    if text is None:
        handle, rules = "two-decks", tr.load("two-decks")
    else:
        handle = _call(dispatcher, "load", {"text": text, "origin": "house.tractor"})["result"]["ruleset"]
        rules = tr.loads(text)
    ctx = make_context(rules, level="2", trump="H")
    for lead in LEADS:
        answer = _call(dispatcher, "lead_error", {"ruleset": handle, "level": "2", "trump": "H", "lead": lead})
        why = ctx.lead_error(lead)
        assert answer["result"] == {"legal": why is None, "message": why}, lead


def test_what_each_rule_refuses(dispatcher):
    def asked(text: str, lead: str) -> dict:
        handle = _call(dispatcher, "load", {"text": text, "origin": "house.tractor"})["result"]["ruleset"]
        return _call(dispatcher, "lead_error", {"ruleset": handle, "level": "2", "trump": "H", "lead": lead})["result"]

    barred = asked(SINGLES_AND_PAIRS, "AS QS QS JS JS")
    assert barred["legal"] is False
    assert "a throw may hold only singles and pairs" in barred["message"]
    assert "lead it alone" in barred["message"]
    # one combination is no throw, whatever its kind; a throw of pairs and singles stands
    assert asked(SINGLES_AND_PAIRS, "QS QS JS JS") == {"legal": True, "message": None}
    assert asked(SINGLES_AND_PAIRS, "AS KS KS") == {"legal": True, "message": None}
    assert "throws are not allowed" in asked(NO_THROWS, "AS KS KS")["message"]
    assert "of one suit" in asked(NO_THROWS, "AS AH")["message"]


def test_bad_cards_are_an_error_of_the_question(dispatcher):
    answer = _call(dispatcher, "lead_error", {"ruleset": "two-decks", "level": "2", "trump": "H", "lead": "ZZ"})
    assert "error" in answer and "result" not in answer
    assert "ZZ" in answer["error"]["message"]
    missing = _call(dispatcher, "lead_error", {"ruleset": "two-decks", "level": "2", "trump": "H"})
    assert "lead" in missing["error"]["message"]
