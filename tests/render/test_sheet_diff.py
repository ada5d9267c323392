"""``render_diff``: the rules that differ between two rulesets, as sentences, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import render_diff
from tractor_rules.render.diff import compare, differing_paths, word_diff
from tractor_rules.rules import DERIVED_VALUES

CONSTANT_TWOS_FIELDS = ("levels.first", "trumps.order", "combinations.links", "combinations.no_trump_links")


def _field(path: str) -> str:
    """The statement's field a path belongs to (a worked-out value: the statement it comes from)."""
    return DERIVED_VALUES.get(path, path.split("[")[0])


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
    assert "~ Both teams start at level [-2-][+3+] and go up through the levels [-2,-] 3," in out
    assert "    + 6. the 2s of the other suits, equal to each other\n" in out
    for unchanged in ("Declaring trump", "The kitty", "Following", "Ruffs", "Rotation", "kitty card 3"):
        assert unchanged not in out
    zh = render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"), lang="zh")
    assert "两套规则的差别" in zh and "~ 双方都从[-2-][+3+]打起" in zh


def test_the_constant_twos_diff_fits_on_one_screen():
    for lang in ("en", "zh"):
        out = render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"), lang=lang)
        assert len(out.splitlines()) <= 40, lang
        assert max(len(line) for line in out.splitlines()) <= 80


def test_a_changed_list_shows_only_its_changed_items():
    out = render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"))
    # the trump order gains two tiers: the sentence once, the two new items, nothing else of it
    assert out.count("The trumps count as one suit of their own") == 1
    assert "the big jokers" not in out and "the level card of the trump suit" not in out
    # an item that only moved down the list is not a change
    assert "the other cards of the trump suit, from A down" not in out
    assert "+ 5. the 2 of the trump suit\n    + 6. the 2s of the other suits" in out


def test_the_summary_comes_first_and_sections_keep_the_sheets_order():
    out = render_diff(tr.load("two-decks"), tr.load("two-decks-constant-twos"))
    summary = " ".join(out.split("\n\n")[2].split())
    assert summary.startswith("B differs from A in 7 rules (Card order, Combinations, Scoring and levels): "
                              "6 sentences or items added, 1 removed, 3 reworded.")
    titles = [line for line, under in zip(out.splitlines(), out.splitlines()[1:]) if set(under) == {"-"}]
    assert titles == ["Card order", "Combinations", "Scoring and levels"]


def test_a_table_shows_its_changed_rows():
    out = render_diff(tr.load("two-decks"), tr.load("two-decks-power-kitty"))
    assert "    - a single | ×2\n    - a pair | ×4\n" in out
    assert "- A tractor longer than any listed doubles the factor" in out
    md = render_diff(tr.load("two-decks"), tr.load("two-decks-power-kitty"), "md")
    assert "    - `-` a single | ×2" in md
    assert "- `-` A tractor longer than any listed doubles the factor" in md


@pytest.mark.parametrize("a, b, marked", [
    ("Both teams start at level 2.", "Both teams start at level 3.", "Both teams start at level [-2-][+3+]."),
    ("the jokers and the level cards", "the jokers, the level cards and the constant trumps",
     "the jokers [-and-][+,+] the level cards [+and the constant trumps+]"),
    ("双方都从2打起", "双方都从3打起", "双方都从[-2-][+3+]打起"),
    ("There are no constant trumps.", "Constant trumps: the 2s are trumps in every hand.", None),
])
def test_word_diff(a, b, marked):
    assert word_diff(a, b) == marked


def test_the_docs_show_the_real_output():
    cli = (Path(__file__).resolve().parent.parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    assert render_diff(tr.load("two-decks"), tr.load("two-decks-power-kitty")) in cli


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
    assert [line.mark for line in doubling.lines] == ["-"]
    out = render_diff(tr.load("two-decks"), tr.load("two-decks-power-kitty"), "md")
    assert "- `-` A tractor longer than any listed" in out


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
    # items that only a ruleset with called partners has: what may be called, how copies count, the
    # levels kept per player, a friend's tricks, how a banker alone and a smaller team are scored
    assert [c.key for c in compare(parent, house).changes] == [
        # in the sheet's order: the house's own items where its sheet has them
        "table.players", "table.call_limits", "table.count_banker_copies", "table.deal",
        "winning.friends_tricks", "levels.range", "solo_thresholds", "levels.short_team_bonus",
        "rotation.after_hold", "rotation.after_loss"]
    out = render_diff(parent, house)
    assert "+ 6 players without fixed partners: after taking the kitty the banker calls 2" in out
    assert "- 4 players in two fixed teams" in out
    assert "~ Each player is dealt [-39-][+26+] cards; 6 cards are set aside" in out
    assert "Card order" not in out and "Combinations" not in out
