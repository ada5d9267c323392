"""W134 (effect-never-fires) against the engine: each effect the linter says never changes anything
is taken out of the compiled rules, and hands scripted at every level (every outcome, last trick,
trump and declaring) then end the same with it and without it (each seat's level, the match's
status and winners, the next banker), while its rule fires in some of them; each effect beside it
that the linter leaves alone changes some hand.  Then whole matches of the linter's fixture, with
and without every effect it warns about, go the same way hand after hand."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from recorded_hands import match_after
from tractor_rules import facade
from tractor_rules.engine.flow.after_hand import facts_of, fired, next_banker_after
from tractor_rules.engine.flow.record import HandRecord, TrickRecord
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.rules import Rules

FIXTURE = Path(__file__).resolve().parents[1] / "lint" / "W134.tractor"
HEADER = 'ruleset: "House"\nextends: "two-decks"\nlevels\n'
#: the last trick's winning plays a scripted hand draws from
PLAYS = ("5S", "KS", "AH", "2C", "KH", "10D 10D")


def house(lines: str) -> tuple[str, Rules]:
    text = HEADER + lines
    return text, tr.loads(text, origin="house.tractor")


def warned(text: str) -> list[tuple[int, int]]:
    return [(d["line"], d["column"]) for d in facade.lint(text, "house.tractor")["diagnostics"] if d["code"] == "W134"]


def without(rules: Rules, at: int, k: int) -> Rules:
    """The rules with the ``k``-th effect of the ``at``-th house rule after a hand taken out."""
    triggers = list(rules.levels.after_hand)
    effects = triggers[at].effects
    triggers[at] = replace(triggers[at], effects=effects[:k] + effects[k + 1:])
    return replace(rules, levels=replace(rules.levels, after_hand=tuple(triggers)))


def scripted(rules: Rules, rng: random.Random, ladder: list[str]) -> tuple[list[int], HandRecord]:
    """Each seat's place on the ladder and a hand played at the banker team's level (the teams
    seated: both bankers at one level), with a drawn outcome, last trick, trump and way trump was
    set; its house rules after a hand set off, and its next banker named, as a played hand's are."""
    banker = rng.randrange(4)
    bankers, attackers = rng.randrange(len(ladder)), rng.randrange(len(ladder))
    seats = [bankers if (s - banker) % 2 == 0 else attackers for s in range(4)]
    beyond = ladder[bankers] == "beyond"
    level = "A" if beyond else ladder[bankers]
    trump = rng.choice(("S", "H", None))
    ctx = rules.context(level, trump)
    winner, play = rng.randrange(4), rng.choice(PLAYS)
    plays = [ctx.cards(play) if seat == winner else ctx.cards(" ".join(["3C"] * len(play.split())))
             for seat in range(4)]
    trick = TrickRecord(leader=winner, plays=plays[winner:] + plays[:winner], attempt=None, winner=winner, points=0)
    side = rng.choice(("banker", "attackers"))
    record = HandRecord(rules=rules, level=level, trump=trump, banker=banker, hands=[() for _ in range(4)], kitty=(),
                        tricks=[trick], attacker_points=0, kitty_points=0, kitty_multiplier=0,
                        level_change=(side, rng.randrange(4)), next_banker=rules.next_banker(banker, side),
                        banker_team=frozenset({banker, (banker + 2) % 4}), declarations=[], declarer=None,
                        trump_by=rng.choice(("declared", "fallback")), beyond=beyond)
    facts = facts_of(record)
    record.after_hand = fired(rules, facts)
    record.next_banker = next_banker_after(rules, facts, record.after_hand, record.next_banker)
    return seats, record


def ended(rules: Rules, seats: list[int], record: HandRecord) -> tuple:
    """Each seat's level, the match's status and winners, and the next banker after ``record``."""
    match = match_after(rules, seats, record)
    return [match.level_at(at) for at in match.levels], match.status, match.winners, match.banker


def compare(rules: Rules, at: int, k: int, hands: int = 400) -> tuple[int, int]:
    """Over scripted hands: how many set off rule ``at``, and in how many its ``k``-th effect
    changed how the hand ended."""
    bare = without(rules, at, k)
    ladder = Match(rules, [None] * 4, random.Random(0)).ladder
    rng = random.Random(at * 100 + k)
    fires = changed = 0
    for _ in range(hands):
        seats, record = scripted(rules, rng, ladder)
        bare_record = replace(record, rules=bare)  # the same hand, under the rules without the effect
        bare_facts = facts_of(bare_record)
        bare_record.after_hand = fired(bare, bare_facts)
        bare_record.next_banker = next_banker_after(bare, bare_facts, bare_record.after_hand,
                                                    bare.next_banker(record.banker, record.level_change[0]))
        fires += at in record.after_hand
        changed += ended(rules, seats, record) != ended(bare, seats, bare_record)
    return fires, changed


#: (the house rules, the effect the linter warns about: its rule and place, its line and column)
NEVER = {
    "back to the level it is played at": (
        "  when the level is 2 and the bankers lose: bankers back to 2\n", (0, 0), (4, 45)),
    "back to a level above the ones it is played at": (
        "  when (the level is 3 or the level is 4) and the bankers lose: bankers back to 5\n", (0, 0), (4, 65)),
    "to the level the bankers stay at": (
        "  when the level is 7 and the attackers win: bankers to 7\n", (0, 0), (4, 46)),
    "down from the first level": (
        "  when the level is 2 and the bankers lose and no-trump: bankers -1 level\n", (0, 0), (4, 58)),
    "knocked back to the level it is played at": (
        "  when the level is 6: bankers knocked back to 6\n", (0, 0), (4, 24)),
    "a change the same rule's 'to' undoes": (
        "  when the bankers win: bankers +1 level, winners to 5\n", (0, 0), (4, 25)),
    "a change a later rule's 'to' undoes": (
        "  when the attackers took KS: attackers +2 levels\n"
        "  when the attackers took KS or the attackers took KH: attackers to 3\n", (0, 0), (4, 31)),
    "a next banker always named again after": (
        "  when the attackers win: the next banker is the banker, the next banker is the next seat\n", (0, 0), (4, 27)),
    "the next banker the rules name already": (
        "  when the bankers win and nobody declared: the next banker is the banker's partner\n", (0, 0), (4, 45)),
    "winning a game the bankers win by the hand": (
        "  when the level is A and the bankers win: bankers win the game\n", (0, 0), (4, 44)),
    "winning a game already won": (
        "  when the level is 4 and the attackers win: attackers win the game, bankers win the game\n", (0, 1), (4, 70)),
    "no levels": ("  when the level is 5: attackers +0 levels\n", (0, 0), (4, 24)),
}

#: beside each: a rule the linter leaves alone, whose effect does change some hand
MATTERS = {
    "back to a level below the one it is played at": (
        "  when the level is 5 and the bankers lose: bankers back to 2\n", (0, 0)),
    "back to a level the bankers may be above": (
        "  when (the level is 3 or the level is 6) and the bankers lose: bankers back to 5\n", (0, 0)),
    "back to the level, the bankers going up first": (
        "  when the level is 2: bankers back to 2\n", (0, 0)),
    "to the level the bankers may have climbed from": (
        "  when the level is 7: bankers to 7\n", (0, 0)),
    "down from the first level of a later round": (
        "  rounds: 2\n  when the level is 2 and the bankers lose and no-trump: bankers -1 level\n", (0, 0)),
    "back to the last level from the extra level beyond it": (
        "  game end: beyond the last level\n  when the level is A and the bankers lose: bankers back to A\n", (0, 0)),
    "a climb past the last level, which wins, before a 'to'": (
        "  game end: past the last level\n  when the bankers win: bankers +1 level, bankers to 5\n", (0, 0)),
    "knocked back to a level below": (
        "  when the level is 7: bankers knocked back to 6\n", (0, 0)),
    "knocked back at the last level, where the bankers would win": (
        "  when the level is A: bankers knocked back to A\n", (0, 0)),
    "a change after the same rule's 'to'": (
        "  when the bankers win: winners to 5, bankers +1 level\n", (0, 1)),
    "a change a later rule's 'to' may not undo": (
        "  when the attackers took KS or the attackers took KH: attackers +2 levels\n"
        "  when the attackers took KS: attackers to 3\n", (0, 0)),
    "a next banker named again only sometimes": (
        "  when the attackers win: the next banker is the banker\n"
        "  when no-trump: the next banker is the next seat\n", (0, 0)),
    "another next banker than the rules name": (
        "  when the bankers win and nobody declared: the next banker is the banker\n", (0, 0)),
    "the next banker the rules name, after another one": (
        "  when no-trump: the next banker is the banker\n"
        "  when the bankers win: the next banker is the banker's partner\n", (1, 0)),
    # the losers win the game by such a rule: the engine does not make it inert
    "winning a game the team lost": (
        "  when the level is A and the attackers win: bankers win the game\n", (0, 0)),
    "winning a game won first only sometimes": (
        "  when the level is 4 and no-trump: attackers win the game\n"
        "  when the level is 4 and the attackers win: bankers win the game\n", (1, 0)),
    "some levels": ("  when the level is 5: attackers +1 levels\n", (0, 0)),
}


@pytest.mark.parametrize("case", sorted(NEVER))
def test_an_effect_the_linter_finds_never_changes_how_a_hand_ends(case):
    lines, (at, k), where = NEVER[case]
    text, rules = house(lines)
    assert warned(text) == [where]
    fires, changed = compare(rules, at, k)
    assert fires > 0 and changed == 0, (fires, changed)


@pytest.mark.parametrize("case", sorted(MATTERS))
def test_an_effect_with_room_to_fire_is_left_alone_and_changes_some_hand(case):
    lines, (at, k) = MATTERS[case]
    text, rules = house(lines)
    assert warned(text) == []
    fires, changed = compare(rules, at, k)
    assert changed > 0, (fires, changed)


def test_matches_of_the_fixture_go_the_same_way_without_the_effects_it_warns_about():
    text = FIXTURE.read_text(encoding="utf-8")
    rules = tr.loads(text, origin=str(FIXTURE))
    places = {(d["line"], d["column"]) for d in facade.lint(text, str(FIXTURE))["diagnostics"]}
    # the effects warned about, found by where each rule's effects are written
    bare = rules
    lines = text.splitlines()
    rule_lines = [n for n, line in enumerate(lines, 1) if line.startswith("  when ")]
    assert len(rule_lines) == len(rules.levels.after_hand)
    for at in reversed(range(len(rule_lines))):
        line = lines[rule_lines[at] - 1]
        starts = [line.index(": ") + 2]
        starts += [i + 2 for i, ch in enumerate(line) if ch == "," and i > starts[0]]
        for k in reversed(range(len(starts))):
            if (rule_lines[at], starts[k] + 1) in places:
                bare = without(bare, at, k)
    assert sum(len(t.effects) for t in rules.levels.after_hand) - sum(
        len(t.effects) for t in bare.levels.after_hand) == len(places) == 12
    for seed in range(3):
        matches = [Match(r, make_players("random", 4, random.Random(seed)), random.Random(seed), max_hands=40)
                   for r in (rules, bare)]
        while not matches[0].done:
            records = [m.step() for m in matches]
            assert records[0].after_hand == records[1].after_hand
            assert [m.levels for m in matches] == [matches[0].levels] * 2
            assert (matches[1].banker, matches[1].status, matches[1].winners) == (
                matches[0].banker, matches[0].status, matches[0].winners)
        assert matches[1].done
