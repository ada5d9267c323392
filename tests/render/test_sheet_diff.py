"""``render_diff``: the rules that differ between two rulesets, as sentences, and nothing else."""

from __future__ import annotations

import pytest

import tractor_rules as tr
from tractor_rules.render import render_diff
from tractor_rules.render.diff import compare, differing_paths

CONSTANT_TWOS_FIELDS = ("levels.first", "trumps.order", "combinations.links", "combinations.no_trump_links")


def _field(path: str) -> str:
    return path.split("[")[0]


def test_constant_twos_differ_from_two_decks_in_exactly_its_own_statements():
    a, b = tr.load("two-decks"), tr.load("two-decks-constant-twos")
    assert {_field(p) for p in differing_paths(a, b)} == set(CONSTANT_TWOS_FIELDS)
    diff = compare(a, b)
    assert diff.raw == ()
    assert [c.key for c in diff.changes] == [
        "trumps.order", "trumps.constant", "order.side", "trumps.no_trump",
        "combinations.links", "combinations.no_trump_links", "levels.range"]
    for change in diff.changes:
        assert {_field(p) for p in change.paths} <= set(CONSTANT_TWOS_FIELDS)
        assert change.before is not None and change.after is not None
        assert change.before.text != change.after.text or change.before.points != change.after.points
    assert {_field(p) for c in diff.changes for p in c.paths} == set(CONSTANT_TWOS_FIELDS)


def test_the_constant_twos_diff_reads_as_rules():
    out = render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"))
    assert out.startswith("Differences between two rulesets\n")
    assert "A: Tractor (two decks) (two-decks.tractor)" in out
    assert "A: Both teams start at level 2" in out and "B: Both teams start at level 3" in out
    assert "   6. the 2s of the other suits, equal to each other" in out
    for unchanged in ("Declaring trump", "The kitty", "Following", "Ruffs", "Rotation", "kitty card 3"):
        assert unchanged not in out
    zh = render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"), lang="zh")
    assert "两套规则的差别" in zh and "B: 双方都从3打起" in zh


@pytest.mark.parametrize("other, keys", [
    ("two-decks-power-kitty", ["kitty.multiplier", "kitty.doubling"]),
    ("house-strict-throws", ["leading.throw_penalty"]),
    ("house-mandatory-levels", ["levels.mandatory", "levels.knock_back"]),
])
def test_each_house_rule_differs_in_its_own_rules(other, keys):
    assert [c.key for c in compare(tr.load("two-decks"), tr.load(other)).changes] == keys


def test_a_rule_present_on_one_side_only():
    diff = compare(tr.load("two-decks"), tr.load("two-decks-power-kitty"))
    doubling = next(c for c in diff.changes if c.key == "kitty.doubling")
    assert doubling.after is None
    out = render_diff(tr.load("two-decks"), tr.load("two-decks-power-kitty"), "md")
    assert "**B:** (no such rule)" in out


def test_the_same_rules_have_no_differences():
    out = render_diff(tr.load("two-decks"), tr.load("two-decks"), "md")
    assert "No differences: the two rulesets play the same game." in out


def test_the_diff_formats():
    with pytest.raises(ValueError, match="unknown format 'html': choose one of md, txt"):
        render_diff(tr.load("two-decks"), tr.load("one-deck"), "html")
    with pytest.raises(ValueError, match="unknown language"):
        render_diff(tr.load("two-decks"), tr.load("one-deck"), "txt", "xx")
    md = render_diff(tr.load("two-decks"), tr.load("one-deck"), "md")
    assert md.startswith("# Differences between two rulesets\n")
    assert "## The table and the deal" in md


def test_finding_friends_differs_from_its_parent_in_its_own_rules():
    parent, house = tr.load("three-decks"), tr.load("house-finding-friends")
    # items that only a ruleset with called partners has: what may be called, how copies count, how
    # a banker alone and a smaller team are scored
    assert [c.key for c in compare(parent, house).changes] == [
        "table.players", "table.deal", "rotation.after_hold", "rotation.after_loss",
        "table.call_limits", "table.count_banker_copies", "solo_thresholds", "levels.short_team_bonus"]
    out = render_diff(parent, house)
    assert "B: 6 players without fixed partners: after taking the kitty the banker calls 2" in out
    assert "B: Each player is dealt 26 cards" in out
    assert "Card order" not in out and "Combinations" not in out
