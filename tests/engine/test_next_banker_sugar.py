"""``next banker:`` is sugar for ``when``: each clause is the house rule after a hand ``when the
bankers win: the next banker is ROLE`` or ``when the attackers win: the next banker is ROLE``
(``Rotation.triggers``, ``Rules.next_banker_rules``), and the engine names the next banker by
evaluating those trees (``outcome.next_banker_of``).  Proved here for every clause on three tables
(two seated, one of called partners): the statement's derived trees are the very trees its written
``when`` form compiles to, and the two rulesets play the same hands, game after game, to the same
logs (but for the indexes of the house rules the written form sets off, which only it has); the
replay, which reads ``rotation`` itself and not the trees, passes every hand of both.  ``trump maker``
is the rule ``when a hand ends: the next banker is the declarer`` after the two, and plays to the
same outcomes as its written form."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.engine.flow.outcome import next_banker_of
from tractor_rules.render.render import render_sheet
from tractor_rules.rules import Condition, Effect, Rules, Trigger

HOLD = {"partner after a hold": "the banker's partner", "same banker after a hold": "the banker",
        "next of team after a hold": "the first of the winners after the banker"}
LOSS = {"next seat after a loss": "the next seat", "next of winners after a loss": "the first of the winners after the banker"}
#: the tables: four players opposite, six alternate, five with a called partner
TABLES = {"two-decks": "", "house-six-players": "", "house-finding-friends": ""}


def house(parent: str, text: str) -> Rules:
    return tr.loads(f'extends: "{parent}"\n{text}', origin="house.tractor")


def forms(parent: str, hold: str, loss: str) -> tuple[Rules, Rules]:
    """The ruleset with ``next banker: HOLD, LOSS``, and the one with its ``when`` form (the
    rotation left as the parent's, the house rules naming the next banker over it)."""
    stated = house(parent, f"levels\n  next banker: {hold}, {loss}\n")
    role = HOLD[hold]
    if hold == "partner after a hold" and not stated.table.seated:
        role = "the first of the winners after the banker"  # a called partner sits anywhere
    written = house(parent, f"levels\n  when the bankers win: the next banker is {role}\n"
                            f"  when the attackers win: the next banker is {LOSS[loss]}\n")
    return stated, written


def without_house_rules(line: str) -> dict:
    """A hand's log entry without what only a ruleset with house rules after a hand logs (the
    rules it set off, and how trump was set, logged for them)."""
    entry = json.loads(line)
    entry.pop("after_hand", None)
    entry.pop("trump_by", None)
    return entry


@pytest.mark.parametrize("parent", sorted(TABLES))
@pytest.mark.parametrize("hold", sorted(HOLD))
@pytest.mark.parametrize("loss", sorted(LOSS))
def test_the_statement_compiles_to_the_tree_of_its_when_form(parent, hold, loss):
    stated, written = forms(parent, hold, loss)
    assert stated.next_banker_rules() == written.levels.after_hand
    assert stated.levels.after_hand == ()  # the statement adds no house rule: its JSON is as it was
    assert stated.to_dict()["rotation"] == tr.Rules.from_dict(stated.to_dict()).to_dict()["rotation"]


@pytest.mark.parametrize("parent", sorted(TABLES))
@pytest.mark.parametrize("hold", sorted(HOLD))
@pytest.mark.parametrize("loss", sorted(LOSS))
def test_the_statement_and_its_when_form_play_to_the_same_logs(parent, hold, loss):
    stated, written = forms(parent, hold, loss)
    logs = []
    for rules in (stated, written):
        lines = [r.log_line for r in simulate(rules, 16, seed=11, players="random,greedy", log=True)]
        assert replay_log(lines, rules) == {}
        logs.append([without_house_rules(line) for line in lines])
    assert logs[0] == logs[1]
    # the hands go both ways: held and lost, so both clauses are read
    sides = {entry["level_change"][0] for entry in logs[0]}
    assert sides == {"banker", "attackers"}


def test_every_shipped_rotation_derives_one_rule_a_side():
    for name in tr.builtin_names():
        rules = tr.load(name)
        triggers = rules.next_banker_rules()
        assert [t.condition for t in triggers] == [("fact", "wins", "bankers"), ("fact", "wins", "attackers")]
        assert all(len(t.effects) == 1 and t.effects[0][0] == "next-banker" for t in triggers)


def test_the_trump_maker_banks_after_the_derived_rules():
    # 'trump maker' is the last rule: every hand somebody declared in is banked next by its declarer
    rules = house("two-decks", "levels\n  next banker: trump maker\n")
    assert rules.next_banker_rules()[-1] == Trigger(Condition(("fact", "always")), (Effect(("next-banker", "declarer")),))
    for result in simulate(rules, 12, seed=3, players="random", log=True):
        entry = json.loads(result.log_line)
        if entry.get("declarer") is not None:
            assert entry["next_banker"] == entry["declarer"]


#: ``next banker: trump maker`` and the house rule it is sugar for
TRUMP_MAKER = "levels\n  next banker: trump maker\n"
#: (``trump maker`` replaces the parent's clauses with the first version's, as every ``next banker:``
#: states the rotation whole: the written form states them)
DECLARER_BANKS = ("levels\n  next banker: partner after a hold, next seat after a loss\n"
                  "  when a hand ends: the next banker is the declarer\n")


def without_declaring_keys(line: str) -> dict:
    """A hand's log entry without what only the written form logs: the rules it set off, how trump
    was set, and the previous declarer (logged where a house rule names the declarer; the statement
    logs the declarer alone, as it always has)."""
    entry = without_house_rules(line)
    entry.pop("previous_declarer", None)
    return entry


@pytest.mark.parametrize("parent", sorted(TABLES))
def test_trump_maker_compiles_to_the_tree_of_its_when_form(parent):
    stated, written = house(parent, TRUMP_MAKER), house(parent, DECLARER_BANKS)
    assert stated.next_banker_rules() == written.next_banker_rules() + written.levels.after_hand
    assert stated.levels.after_hand == ()  # the statement adds no house rule: its JSON is as it was
    assert stated.to_dict()["rotation"]["declarer_banks"] is True
    assert tr.Rules.from_dict(stated.to_dict()) == stated


@pytest.mark.parametrize("parent", sorted(TABLES))
def test_trump_maker_and_its_when_form_play_to_the_same_outcomes(parent):
    """The two spellings play the same hands to the same outcomes, hand by hand: the same banker,
    declarer, level change and next banker, game after game.  Their logs differ by the keys only
    the written form logs (``without_declaring_keys``): a rule naming the declarer logs the
    previous declarer too, where the statement, read by the engine as the same tree but not a
    house rule, logs what it always logged (docs/design.md, "trump maker as sugar")."""
    logs = []
    for rules in (house(parent, TRUMP_MAKER), house(parent, DECLARER_BANKS)):
        lines = [r.log_line for r in simulate(rules, 16, seed=11, players="random,greedy", log=True)]
        assert replay_log(lines, rules) == {}
        logs.append([without_declaring_keys(line) for line in lines])
    assert logs[0] == logs[1]
    # somebody declared in most hands, and the declarer banked next (where nobody did, the
    # rotation's clauses decide: test_trump_maker_where_nobody_declared_keeps_the_rotation)
    declared = [e for e in logs[0] if e["declarer"] is not None]
    assert declared and all(e["next_banker"] == e["declarer"] for e in declared)


@pytest.mark.parametrize(("side", "declarer", "expected"), [
    ("banker", 3, 3), ("attackers", 2, 2), ("banker", 0, 0),
    ("banker", None, 2), ("attackers", None, 1),  # nobody declared: the partner after a hold, the next seat after a loss
])
def test_trump_maker_where_nobody_declared_keeps_the_rotation(side, declarer, expected):
    rules = house("two-decks", TRUMP_MAKER)
    assert next_banker_of(rules, 0, side, frozenset({0, 2}), declarer) == expected


def test_the_sheet_says_who_banks_after_a_hand_nobody_declared_in_as_it_is_played():
    # pairs only, so that many hands are declared by nobody: those pass the bank by the rotation
    rules = house("two-decks", "declare\n  ladder: 2 level cards < 2 small jokers < 2 big jokers\n"
                               "levels\n  next banker: trump maker\n")
    sheet = {lang: render_sheet(rules, format="txt", lang=lang) for lang in ("en", "zh")}
    assert "after a hand nobody declared in, the next player of the banker team in turn order banks if the " \
           "banker team held the bank, the player after the banker if the attackers took it" in " ".join(sheet["en"].split())
    assert "一局中无人亮主时，庄家一方守住则由庄家之后同方的下一位玩家坐庄，闲家上台则由庄家的下家坐庄" in "".join(sheet["zh"].split())
    declared = nobody = 0
    for result in simulate(rules, 40, seed=5, players="random", log=True):
        entry = json.loads(result.log_line)
        banker, (side, _) = entry["banker"], entry["level_change"]
        if entry["declarer"] is not None:
            declared += 1
            assert entry["next_banker"] == entry["declarer"]
        else:  # two against two, opposite: the banker team's next player sits two seats on
            nobody += 1
            assert entry["next_banker"] == ((banker + 2) % 4 if side == "banker" else (banker + 1) % 4)
    assert declared and nobody
