"""Which kinds of combination a throw may hold (``throws: allowed, without tractors``, ``throws:
allowed, of singles and pairs only``): the compiled fields and their JSON form, the oracle's lead
check and ``throw_options``, the engine refusing a barred throw, the computer players never leading
one, the replay refusing one in a log, and the kinds' ``thrown`` (the sheet: tests/render/test_sheet_throw_kinds.py)."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.errors import PlayError
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_player
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.tricks import barred_throw_part, lawful_throw
from tractor_rules.rules.kinds import rule_kinds, throw_words
from json_forms import assert_a_field_of_version_4
from test_game import Thrower  # the game tests' player that throws its longest side suit

NO_TRACTORS = 'extends: "two-decks"\nlead\n  throws: allowed, without tractors\n'
SINGLES_AND_PAIRS = 'extends: "two-decks"\nlead\n  throws: allowed, of singles and pairs only\n'
NO_BOMBS = 'extends: "four-decks"\ncombinations\n  bombs: 4+ identical cards\nlead\n  throws: allowed, without bombs\n'
NO_STRAIGHTS = ('extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards, pairs riding along\n'
                'lead\n  throws: allowed, without straights\n')
NO_RAINBOW_THROWS = ('extends: "two-decks"\ncombinations\n  rainbows: 5+ cards of one rank in four suits\n'
                     'lead\n  throws: allowed, without rainbows\n')


# --- the statement and its fields ------------------------------------------------------------------


def test_the_forms_compile_to_the_kinds_and_whether_only_those():
    assert (tr.loads(NO_TRACTORS).leading.throw_kinds, tr.loads(NO_TRACTORS).leading.throw_kinds_only) == (
        ("tractors",), False)
    only = tr.loads(SINGLES_AND_PAIRS).leading
    assert (only.throw_kinds, only.throw_kinds_only, only.throws) == (("singles", "pairs"), True, True)
    commas = tr.loads('extends: "two-decks"\nlead\n  throws: allowed, of singles, pairs only\n').leading
    assert commas == only


def test_plain_values_mean_what_they_meant_and_clear_a_parents_kinds(tmp_path):
    plain = tr.load("two-decks").leading
    assert (plain.throws, plain.throw_kinds, plain.throw_kinds_only) == (True, (), False)
    (tmp_path / "parent.tractor").write_text(SINGLES_AND_PAIRS)
    for value, throws in (("allowed", True), ("not allowed", False)):
        child = tmp_path / "child.tractor"
        child.write_text(f'extends: "parent.tractor"\nlead\n  throws: {value}\n')
        leading = tr.load(str(child)).leading
        assert (leading.throws, leading.throw_kinds, leading.throw_kinds_only) == (throws, (), False)
        assert leading == tr.loads(f'extends: "two-decks"\nlead\n  throws: {value}\n').leading


def test_the_kinds_are_fields_of_version_4_and_round_trip():
    assert_a_field_of_version_4(tr.loads(NO_TRACTORS), "leading", "throw_kinds", ["tractors"])
    assert_a_field_of_version_4(tr.loads(SINGLES_AND_PAIRS), "leading", "throw_kinds_only", True)


def test_a_json_document_with_kinds_and_no_throws_is_refused():
    data = tr.loads(NO_TRACTORS).to_dict()
    data["leading"]["throws"] = False
    with pytest.raises(tr.RulesetError, match="E375"):
        tr.Rules.from_dict(data)


def test_the_kinds_of_the_rules_and_whether_each_may_be_thrown():
    assert throw_words(tr.load("two-decks")) == ("singles", "pairs", "tractors")
    assert "bombs" in throw_words(tr.loads(NO_BOMBS))
    thrown = {(k.name, k.width): k.thrown for k in rule_kinds(tr.loads(NO_TRACTORS))}
    assert thrown == {("set", 1): True, ("set", 2): True, ("tractor", 2): False}
    only = {(k.name, k.width): k.thrown for k in rule_kinds(tr.loads('extends: "two-decks"\nlead\n'
                                                                      '  throws: allowed, of singles only\n'))}
    assert only == {("set", 1): True, ("set", 2): False, ("tractor", 2): False}
    assert all(k.thrown for k in rule_kinds(tr.load("two-decks")))
    assert not any(k.thrown for k in rule_kinds(tr.loads('extends: "two-decks"\nlead\n  throws: not allowed\n')))


# --- the oracle -------------------------------------------------------------------------------------


def test_a_throw_holding_a_barred_kind_is_no_legal_lead():
    ctx = tr.loads(NO_TRACTORS).context(level="2", trump="H")
    assert ctx.lead_error("QS QS JS JS AS") == (
        "in these rules a throw may not hold tractors, and QS QS JS JS is a tractor: lead it alone")
    assert ctx.lead_error("QS QS JS JS") is None  # one combination is no throw
    assert ctx.lead_error("AS KS KS 9S") is None  # a throw of singles and a pair
    with pytest.raises(PlayError, match="may not hold tractors"):
        ctx.throw_options("QS QS JS JS AS", ["3S", "4S", "5S"])
    assert ctx.throw_options("AS KS KS", ["3S", "4S", "5S"]) == []


def test_only_the_kinds_named():
    ctx = tr.loads(SINGLES_AND_PAIRS).context(level="2", trump="H")
    assert ctx.lead_error("QS QS JS JS AS") == (
        "in these rules a throw may hold only singles and pairs, and QS QS JS JS is a tractor: lead it alone")
    assert ctx.lead_error("AS AS KS 9S 9S") is None


def test_the_lead_check_says_the_other_reasons_too():
    ctx = tr.load("two-decks").context(level="2", trump="H")
    assert ctx.lead_error("QS QS JS JS AS") is None
    assert "one suit" in ctx.lead_error("AS KD")
    assert tr.loads('extends: "two-decks"\nlead\n  throws: not allowed\n').context("2", "H").lead_error(
        "AS KS") == "throws are not allowed in these rules: lead one combination"


def test_bombs_barred_from_throws():
    ctx = tr.loads(NO_BOMBS).context(level="2", trump="H")
    assert ctx.lead_error("AS AS AS AS KS") == (
        "in these rules a throw may not hold bombs, and AS AS AS AS is a bomb: lead it alone")
    assert ctx.lead_error("AS AS AS AS") is None
    assert ctx.lead_error("AS AS AS KS KS") is None  # a triple and a pair: no bomb


def test_straights_barred_from_throws():
    ctx = tr.loads(NO_STRAIGHTS).context(level="2", trump="H")
    rain = "3D 4D 5D 6D 7D"
    assert ctx.lead_error(rain) is None
    assert ctx.lead_error(rain + " 7D") is None  # a pair riding along: still one rain
    assert ctx.lead_error(rain + " AD") == (
        "in these rules a throw may not hold straights, and 7D 6D 5D 4D 3D is a straight: lead it alone")
    assert ctx.lead_error("AD KD KD") is None


def test_rainbows_barred_from_throws():
    ctx = tr.loads(NO_RAINBOW_THROWS).context(level="2", trump=None)
    one = "7S 7S 7H 7D 7C"
    assert ctx.lead_error(one) is None
    assert ctx.lead_error(one + " 9S 9S 9H 9D 9C").startswith("in these rules a throw may not hold rainbows")


def test_the_engine_reads_the_parts_it_throws_with():
    order = tr.loads(NO_TRACTORS).context(level="2", trump="H").order
    ctx = tr.loads(NO_TRACTORS).context(level="2", trump="H")
    throw = tuple(ctx.cards("QS QS JS JS AS"))
    kind, part = barred_throw_part(order, throw)
    assert kind == "tractors" and sorted(part) == sorted(ctx.cards("QS QS JS JS"))
    assert sorted(lawful_throw(order, throw)) == sorted(part)
    assert lawful_throw(order, tuple(ctx.cards("AS KS KS"))) == tuple(ctx.cards("AS KS KS"))


# --- the engine, the players, the replay -----------------------------------------------------------


def _hands(rules: tr.Rules, players, count: int):
    for seed in range(count):
        rng = random.Random(seed)
        yield play_hand(rules, players(seed), rng, level="2", banker=rng.randrange(rules.table.players))


def _leads(record, rules: tr.Rules):
    entry = json.loads(record.to_log())
    for trick in entry["tricks"]:
        yield trick


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_the_players_never_lead_a_barred_throw_and_the_hands_replay_clean(kind):
    rules = tr.loads(NO_TRACTORS)
    thrown = 0
    for record in _hands(rules, lambda seed: [make_player(kind, seed * 8 + i) for i in range(4)], 12):
        assert replay_hand(record.to_log(), rules) == []
        thrown += sum(1 for t in record.tricks if t.thrown)
    if kind == "random":
        assert thrown  # throws of singles and pairs still happen


def test_the_engine_refuses_a_player_that_throws_a_barred_kind():
    rules = tr.loads(SINGLES_AND_PAIRS)
    refused = 0
    for seed in range(40):
        rng = random.Random(seed)
        try:
            play_hand(rules, [Thrower(seed * 4 + i) for i in range(4)], rng, level="2", banker=0)
        except IllegalPlay as why:
            assert "a throw may hold only singles and pairs" in why.reason
            refused += 1
    assert refused


def test_the_replay_refuses_a_logged_throw_of_a_barred_kind():
    plain, barred = tr.load("two-decks"), tr.loads(NO_TRACTORS)
    for seed in range(200):
        rng = random.Random(seed)
        record = play_hand(plain, [Thrower(seed * 4 + i) for i in range(4)], rng, level="2", banker=0)
        log = record.to_log()
        assert replay_hand(log, plain) == []
        problems = replay_hand(log, barred)
        if any("may not hold tractors" in p for p in problems):
            return
    pytest.fail("no hand threw a tractor with other cards")
