"""``bonus for a smaller banker team`` and ``banker goes up: only with the last trick`` are sugar for
``when``: each is the house rule after a hand ``when the bankers win and the banker team is smaller
than usual: the hand gives N more levels`` / ``when the bankers win and the attackers win the last
trick: the hand gives no levels`` (``Levels.own_change_rules``), whose effect is made on the hand's
own level change before it is applied; the level change evaluates those trees
(``rulings.scoring.level_change``), and a ruleset that writes the ``when`` form has its rules made by
``after_hand.own_change_after`` at the same place.  Proved here: the statements compile to the very
trees their ``when`` forms do, and the two rulesets play the same hands, game after game, to the same
logs (but for the indexes of the house rules the written form sets off, which only it has), each
replayed clean; the written rules do fire in those hands."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.engine.flow.after_hand import HandFacts, own_change_after
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.rules import Rules

#: tables with a banker team that can be smaller than usual: one called card at four, two at six
CALLED = {
    "four, one card": 'extends: "two-decks"\ntable\n  partners: by calling 1 card\n',
    # (its stakes' rows given for every level a house rule on the hand's own change can give)
    "six, two cards": ('extends: "house-finding-friends"\nstakes\n  game points: banker +0 = 1, banker +1 = 2, '
                       'banker +2 = 3, banker +3 or more = 4, swap = 2, attackers +1 = 3, attackers +2 or more = 4\n'),
}
ROTATION = "  next banker: same banker after a hold, next of winners after a loss\n"
BONUS = "when the bankers win and the banker team is smaller than usual: the hand gives {n} more level{s}"
LAST_TRICK = "when the bankers win and the attackers win the last trick: the hand gives no levels"


def forms(head: str, bonus: int, last_trick: bool) -> tuple[Rules, Rules]:
    """The ruleset with the statements, and the one with their ``when`` forms, in the order the
    level change makes them (the bonus, then the hold without the last trick)."""
    stated, written = head + "levels\n" + ROTATION, head + "levels\n" + ROTATION
    if bonus:
        stated += f"  bonus for a smaller banker team: +{bonus}\n"
        written += "  " + BONUS.format(n=bonus, s="s" if bonus > 1 else "") + "\n"
    if last_trick:
        stated += "  banker goes up: only with the last trick\n"
        written += f"  {LAST_TRICK}\n"
    return tr.loads(stated, origin="stated.tractor"), tr.loads(written, origin="written.tractor")


def without_house_rules(line: str) -> dict:
    """A hand's log entry without what only a ruleset with house rules after a hand logs."""
    entry = json.loads(line)
    entry.pop("after_hand", None)
    entry.pop("trump_by", None)
    return entry


CASES = [(table, bonus, last) for table in sorted(CALLED) for bonus, last in ((1, False), (2, True), (0, True))]


@pytest.mark.parametrize("table, bonus, last_trick", CASES)
def test_the_statements_compile_to_the_trees_of_their_when_forms(table, bonus, last_trick):
    stated, written = forms(CALLED[table], bonus, last_trick)
    assert stated.levels.own_change_rules() == written.levels.after_hand
    assert stated.levels.after_hand == ()  # the statements add no house rule: their JSON is as it was
    assert Rules.from_dict(stated.to_dict()) == stated


@pytest.mark.parametrize("table, bonus, last_trick", CASES)
def test_the_statements_and_their_when_forms_play_to_the_same_logs(table, bonus, last_trick):
    stated, written = forms(CALLED[table], bonus, last_trick)
    logs, fired = [], set()
    for rules in (stated, written):
        lines = [r.log_line for r in simulate(rules, 50, seed=5, players="random,greedy", log=True)]
        assert replay_log(lines, rules) == {}
        logs.append([without_house_rules(line) for line in lines])
        if rules is written:
            fired = {at for line in lines for at in json.loads(line)["after_hand"]}
    assert logs[0] == logs[1]
    # the hold without the last trick is made in some hands (the players never leave the banker's
    # team smaller than usual: the bonus is proved on every team size below)
    if last_trick:
        assert len(written.levels.after_hand) - 1 in fired


@pytest.mark.parametrize("table, bonus, last_trick", CASES)
def test_the_statements_and_their_when_forms_change_the_levels_alike_for_every_team_size(table, bonus, last_trick):
    # every score of the table, every side winning the last trick, every size of the banker team:
    # the statements' level change (the oracle's, which the engine's hand reads) and the table's
    # change with the written rules made on it (``own_change_after``, as the engine's hand makes
    # them) are the same
    stated, written = forms(CALLED[table], bonus, last_trick)
    players = stated.table.players
    made = set()
    for points in range(0, 260, 5):
        for last in ("banker", "attackers"):
            for size in range(1, players):
                team = frozenset(range(size))
                winner = 0 if last == "banker" else players - 1
                change = written.level_change(points, last_trick=last, team_size=size)
                facts = HandFacts(written, None, 0, team, change[0], ((winner, winner, ((0,),)),), None, None, "",
                                  points, 0, change[1])
                after = own_change_after(written, facts, change)
                assert stated.level_change(points, last_trick=last, team_size=size) == after
                made.add(after != change)
    assert made == {True, False}  # the written rules changed some outcomes, and left others


def test_a_hold_without_the_last_trick_on_a_fixed_table():
    # L12's rule on the two-deck game (no smaller team there): the same logs, the rule firing
    stated = tr.loads('extends: "two-decks"\nlevels\n  banker goes up: only with the last trick\n', origin="s.tractor")
    written = tr.loads(f'extends: "two-decks"\nlevels\n  {LAST_TRICK}\n', origin="w.tractor")
    assert stated.levels.own_change_rules() == written.levels.after_hand
    logs = [[without_house_rules(r.log_line) for r in simulate(rules, 60, seed=9, players="greedy", log=True)]
            for rules in (stated, written)]
    assert logs[0] == logs[1]
    assert any(entry["level_change"] == ["banker", 0] for entry in logs[0])


def test_rules_without_the_statements_derive_no_rule():
    for name in tr.builtin_names():
        assert tr.load(name).levels.own_change_rules() == ()


def test_the_hand_gives_reads_the_change_so_far_and_holds_it_at_zero_and_up():
    # 'levels' in the number is the change so far: the written rules in order, each on the last's
    rules = tr.loads('extends: "two-decks"\nlevels\n  when a hand ends: the hand gives levels * 2 levels\n'
                     '  when points >= 0: the hand gives 0 - 5 more levels\n', origin="h.tractor")
    for result in simulate(rules, 12, seed=2, players="random", log=True):
        entry = json.loads(result.log_line)
        table = rules.level_change(entry["attacker_points"])
        assert entry["level_change"] == [table[0], max(0, table[1] * 2 - 5)]


def test_a_condition_of_the_hands_own_change_cannot_read_the_levels_it_makes():
    with pytest.raises(tr.RulesetError) as info:
        tr.loads('extends: "two-decks"\nlevels\n  when levels > 1: the hand gives 1 level\n', origin="h.tractor")
    assert [d.code for d in info.value.diagnostics] == ["E357"]
    # read in the number given, it is the change so far: no error
    tr.loads('extends: "two-decks"\nlevels\n  when points > 100: the hand gives levels + 1 levels\n', origin="h.tractor")


def test_w137_a_hold_that_needs_the_last_trick_where_no_hold_gains_changes_no_hand():
    # the fixture of W137: with and without the rule, the same hands to the same logs
    from pathlib import Path

    from tractor_rules import facade

    fixture = (Path(__file__).resolve().parents[1] / "lint" / "W137.tractor").read_text(encoding="utf-8")
    assert [d["code"] for d in facade.lint(fixture, "house.tractor")["diagnostics"]] == ["W137"]
    with_rule = tr.loads(fixture, origin="house.tractor")
    without = tr.loads(fixture.replace("  banker goes up: only with the last trick\n", ""), origin="house.tractor")
    assert with_rule.levels.hold_needs_last_trick and not without.levels.hold_needs_last_trick
    logs = [[r.log_line for r in simulate(rules, 40, seed=4, players="greedy", log=True)] for rules in (with_rule, without)]
    assert logs[0] == logs[1]
    # where a hold gains levels, the rule changes some hands, and W137 says nothing
    gaining = tr.loads('extends: "two-decks"\nlevels\n  banker goes up: only with the last trick\n', origin="h.tractor")
    assert "W137" not in {d["code"] for d in facade.lint(
        'extends: "two-decks"\nlevels\n  banker goes up: only with the last trick\n', "house.tractor")["diagnostics"]}
    assert any(json.loads(r.log_line)["level_change"] == ["banker", 0]
               for r in simulate(gaining, 40, seed=4, players="greedy", log=True))
