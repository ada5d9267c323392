"""Every shipped ruleset compiles, and its values are those of RULES.md, field by field."""

from __future__ import annotations

import dataclasses

import pytest

import tractor_rules as tr
from tractor_rules.rules import (
    Count,
    DeclareStep,
    Fallback,
    FollowList,
    LeadShape,
    LinkTier,
    MultiplierRow,
    Pattern,
    Term,
    TrumpTier,
)

SHIPPED = tr.builtin_names()
CLASSIC_ORDER = (
    TrumpTier("big-joker"),
    TrumpTier("small-joker"),
    TrumpTier("level-in-trump-suit"),
    TrumpTier("level-in-other-suits"),
    TrumpTier("trump-suit"),
)


def one(n: int) -> Count:
    return Count(0, n)


def rows_of(rules: tr.Rules) -> list[tuple]:
    return [(r.low, r.high, r.side, r.levels, r.every, r.at_most) for r in rules.thresholds]


def test_the_shipped_rulesets_are_the_ones_promised():
    for name in (
        "one-deck",
        "two-decks",
        "two-decks-constant-twos",
        "two-decks-power-kitty",
        "three-decks",
        "four-decks",
    ):
        assert name in SHIPPED
    assert any(tr.load(n).files[1:] for n in SHIPPED if n.startswith("house-")), "a house rule made with extends"


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_ruleset_compiles_and_its_deal_adds_up(name):
    rules = tr.load(name)
    t = rules.table
    assert t.players * t.hand_size + t.kitty_size == t.decks * 54
    assert rules.name and rules.description
    assert rules.files[0] == f"{name}.tractor"


@pytest.mark.parametrize(
    "name, decks, hand, kitty, total",
    [
        ("one-deck", 1, 12, 6, 100),
        ("two-decks", 2, 25, 8, 200),
        ("three-decks", 3, 39, 6, 300),
        ("four-decks", 4, 51, 12, 400),
    ],
)
def test_deal_sizes_of_rules_md_section_2(name, decks, hand, kitty, total):
    t = tr.load(name).table
    assert (t.decks, t.hand_size, t.kitty_size, t.players) == (decks, hand, kitty, 4)
    assert t.points == (("5", 5), ("10", 10), ("K", 10))
    assert t.total_points == total
    assert t.partnership == "opposite" and t.direction == "counterclockwise"


def test_two_decks_field_by_field():
    r = tr.load("two-decks")
    assert r.name == "Tractor (two decks)"
    assert (r.levels.first, r.levels.last, r.levels.mandatory) == ("2", "A", ("A",))
    assert r.trumps.order == CLASSIC_ORDER
    assert r.trumps.constant_ranks == ()
    assert r.trumps.no_trump == "jokers-and-levels"
    c = r.combinations
    assert (c.set_widths, c.tractor_widths, c.tractor_min_length, c.tractor_max_length) == ((1, 2), (2,), 2, 0)
    assert c.bridge_gaps is True
    assert c.links == (
        (
            LinkTier("big-joker"),
            LinkTier("small-joker"),
            LinkTier("level-in-trump-suit"),
            LinkTier("level-in-other-suits"),
            LinkTier("top-of-trump-suit"),
        ),
    )
    assert c.no_trump_links == ((LinkTier("big-joker"), LinkTier("small-joker"), LinkTier("level")),)
    assert c.grouping == "largest" and c.bomb_width == 0
    # Seed 003's ladder: 1 level card < 2 level cards < 2 small jokers < 2 big jokers.
    assert r.declaring.ladder == (
        DeclareStep(1, "level"),
        DeclareStep(2, "level"),
        DeclareStep(2, "small-joker"),
        DeclareStep(2, "big-joker"),
    )
    assert (r.declaring.reinforce, r.declaring.overturn_own) == (True, False)
    # Seed 002: the 3rd kitty card, skipping jokers up to the 7th.
    assert r.declaring.fallback == Fallback("kitty-card", 3, 7, "no-trump")
    assert r.declaring.first_banker == "first-declarer"
    assert (r.leading.throws, r.leading.throw_check, r.leading.throw_failure) == (True, "every-part", "smallest-part")
    # Seed 002's follow duties.
    assert r.following.lists == (
        FollowList(LeadShape(2, 1), (Pattern((Term(one(1), 2),)), Pattern((Term(one(2), 1),)))),
        FollowList(
            LeadShape(2, 0),
            (
                Pattern((Term(one(1), 2, Count(1, 0)),)),
                Pattern((Term(Count(1, 0), 2),)),
                Pattern((Term(Count(0, 0, True), 2), Term(Count(0, 0, True), 1))),
            ),
        ),
    )
    assert (r.ruffing.requirement, r.ruffing.compare) == ("counts", "largest-part")
    # Seed 002: single ×2, pair ×4, tractor ×8, three-pair tractor ×16, and so on by analogy.
    assert r.kitty.kind == "table" and r.kitty.doubling
    assert r.kitty.table == (
        MultiplierRow(1, 1, 2),
        MultiplierRow(2, 1, 4),
        MultiplierRow(2, 2, 8),
        MultiplierRow(2, 3, 16),
    )
    # RULES.md §10, two decks.
    assert rows_of(r) == [
        (0, 0, "banker", 3, 0, 0),
        (5, 35, "banker", 2, 0, 0),
        (40, 75, "banker", 1, 0, 0),
        (80, 115, "attackers", 0, 0, 0),
        (120, 155, "attackers", 1, 0, 0),
        (160, -1, "attackers", 2, 40, 0),
    ]
    assert (r.rotation.after_hold, r.rotation.after_loss) == ("partner", "next-seat")


def test_one_deck_steps_of_twenty():
    r = tr.load("one-deck")
    assert r.combinations.set_widths == (1,)
    assert r.combinations.tractor_widths == ()
    assert rows_of(r) == [
        (0, 0, "banker", 3, 0, 0),
        (5, 15, "banker", 2, 0, 0),
        (20, 35, "banker", 1, 0, 0),
        (40, 55, "attackers", 0, 0, 0),
        (60, -1, "attackers", 1, 20, 0),
    ]
    # Seed 003: the kitty's points are doubled.
    assert r.kitty.kind == "formula" and r.kitty.formula == ("num", 2)
    assert all(step.count == 1 or step.kind != "level" for step in r.declaring.ladder)


def test_three_decks_is_seed_000():
    r = tr.load("three-decks")
    assert r.combinations.set_widths == (1, 2, 3)
    assert r.combinations.tractor_widths == (2, 3)
    # Seed 000's ladder: one 10 < two 10s < two jokers < three 10s < three jokers.
    assert r.declaring.ladder == (
        DeclareStep(1, "level"),
        DeclareStep(2, "level"),
        DeclareStep(2, "joker"),
        DeclareStep(3, "level"),
        DeclareStep(3, "joker"),
    )
    # "0 is big light, under 60 small light, 120 takes over, 180 takes over +1, 240 +2".
    assert rows_of(r) == [
        (0, 0, "banker", 3, 0, 0),
        (5, 55, "banker", 2, 0, 0),
        (60, 115, "banker", 1, 0, 0),
        (120, 175, "attackers", 0, 0, 0),
        (180, -1, "attackers", 1, 60, 0),
    ]
    # Seed 000: 2 to the power of the cards in the largest combination, at most 64.
    assert (r.kitty.kind, r.kitty.formula, r.kitty.cap) == ("formula", ("pow", ("num", 2), ("var", "size")), 64)
    lists = {fl.lead: fl.entries for fl in r.following.lists}
    # Seed 000: lead of a triple: triple > pair + one > three singles.
    assert lists[LeadShape(3, 1)] == (
        Pattern((Term(one(1), 3),)),
        Pattern((Term(one(1), 2), Term(one(1), 1))),
        Pattern((Term(one(3), 1),)),
    )
    titanic = lists[LeadShape(3, 0)]
    assert titanic[0] == Pattern((Term(one(1), 3, Count(1, 0)),))
    assert titanic[1] == Pattern((Term(one(1), 2, Count(1, 0)), Term(Count(1, 0), 1)))
    assert titanic[2] == Pattern((Term(Count(1, 0), 3),))
    s = r.stakes
    assert [(g.side, g.levels, g.points, g.or_more) for g in s.game_points] == [
        ("banker", 1, 2, False),
        ("banker", 2, 3, False),
        ("banker", 3, 4, False),
        ("attackers", 0, 2, False),
        ("attackers", 1, 3, False),
        ("attackers", 2, 4, True),
    ]
    assert [(m.above, m.factor) for m in s.multipliers] == [(80, 2), (300, 3)]
    assert (s.coins, s.banker_base, s.attackers_base, s.winner_percent) == (True, 1, 2, 90)


def test_four_decks_is_seed_001():
    r = tr.load("four-decks")
    assert r.combinations.set_widths == (1, 2, 3, 4)
    assert r.combinations.tractor_widths == (2, 3, 4)
    assert r.combinations.grouping == "identical"
    # The 10-step ladder of seed 001, weakest first.
    assert [(s.count, s.kind) for s in r.declaring.ladder] == [
        (1, "level"),
        (2, "level"),
        (2, "small-joker"),
        (2, "big-joker"),
        (3, "level"),
        (3, "small-joker"),
        (3, "big-joker"),
        (4, "level"),
        (4, "small-joker"),
        (4, "big-joker"),
    ]
    # Seed 001: the 3rd kitty card; a joker there means no-trump.
    assert r.declaring.fallback == Fallback("kitty-card", 3, 0, "no-trump")
    assert r.ruffing.requirement == "types"
    # Seed 001: 0 → +3; under 80 → +2; 80-159 → +1; 160-239 swap; 240-319 +1; ... 480+ → +4.
    assert rows_of(r) == [
        (0, 0, "banker", 3, 0, 0),
        (5, 75, "banker", 2, 0, 0),
        (80, 155, "banker", 1, 0, 0),
        (160, 235, "attackers", 0, 0, 0),
        (240, -1, "attackers", 1, 80, 4),
    ]
    lists = {fl.lead: fl.entries for fl in r.following.lists}
    assert len(lists[LeadShape(4, 2)]) == 18
    assert lists[LeadShape(4, 2)][0] == Pattern((Term(one(1), 4, one(2)),))
    assert lists[LeadShape(4, 2)][-1] == Pattern((Term(one(8), 1),))
    # Seed 003's list for a triple; for two consecutive triples its list with a tractor of pairs +
    # two singles above two triples (the order the "largest units first" default gives them).
    assert lists[LeadShape(3, 1)] == (Pattern((Term(one(1), 3),)), Pattern((Term(one(1), 2), Term(one(1), 1))),
                                      Pattern((Term(one(3), 1),)))
    assert len(lists[LeadShape(3, 2)]) == 8
    assert lists[LeadShape(3, 2)][1] == Pattern((Term(one(1), 2, one(2)), Term(one(2), 1)))
    assert lists[LeadShape(3, 2)][2] == Pattern((Term(one(2), 3),))
    assert lists[LeadShape(4, 1)] == (
        Pattern((Term(one(1), 4),)),
        Pattern((Term(one(1), 3), Term(one(1), 1))),
        Pattern((Term(one(2), 2),)),
        Pattern((Term(one(1), 2), Term(one(2), 1))),
        Pattern((Term(one(4), 1),)),
    )
    assert (r.stakes.leave_penalty, r.stakes.leave_others) == (8, 1)
    assert r.kitty.kind in ("table", "formula")  # seed 001 is silent; the file states its choice


def _without(rules: tr.Rules, *paths: str) -> dict:
    data = rules.to_dict()
    for key in ("name", "description", "translations", "files", "sources", "house_changes"):
        data.pop(key)
    for path in paths:
        group, _, field = path.partition(".")
        if field:
            data[group].pop(field)
        else:
            data.pop(group)
    return data


def test_constant_twos_changes_only_levels_order_and_links():
    base = tr.load("two-decks")
    r = tr.load("two-decks-constant-twos")
    assert r.files == ("two-decks-constant-twos.tractor", "two-decks.tractor")
    assert r.levels.first == "3"
    assert r.trumps.order == (
        TrumpTier("big-joker"),
        TrumpTier("small-joker"),
        TrumpTier("level-in-trump-suit"),
        TrumpTier("level-in-other-suits"),
        TrumpTier("rank-in-trump-suit", "2"),
        TrumpTier("rank-in-other-suits", "2"),
        TrumpTier("trump-suit"),
    )
    assert r.trumps.constant_ranks == ("2",)
    assert _without(r, "levels.first", "trumps.order", "combinations.links", "combinations.no_trump_links") == _without(
        base, "levels.first", "trumps.order", "combinations.links", "combinations.no_trump_links"
    )


def test_power_kitty_changes_only_the_kitty():
    base = tr.load("two-decks")
    r = tr.load("two-decks-power-kitty")
    assert (r.kitty.kind, r.kitty.formula, r.kitty.cap) == ("formula", ("pow", ("num", 2), ("var", "size")), 64)
    assert _without(r, "kitty") == _without(base, "kitty")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_value_set_in_a_file_remembers_where(name):
    rules = tr.load(name)
    assert rules.sources
    for path, src in rules.sources:
        assert src.file in rules.files
        assert src.line >= 1 and src.column >= 1
    # The file's own statements win over its parents'.
    own = {path for path, src in rules.sources if src.file == rules.files[0]}
    if len(rules.files) > 1:
        assert own, "an extends file sets something of its own"
    assert rules.source_of("no.such.field") is None


def test_a_house_rule_overrides_statement_by_statement(tmp_path):
    (tmp_path / "house.tractor").write_text(
        'ruleset: "Our table"\nextends: "two-decks"\n\nlevels\n  mandatory: 5, 10, K, A\n', encoding="utf-8"
    )
    rules = tr.load(tmp_path / "house.tractor")
    base = tr.load("two-decks")
    assert rules.levels.mandatory == ("5", "10", "K", "A")
    assert rules.source_of("levels.mandatory").file.endswith("house.tractor")
    assert rules.source_of("levels.mandatory").line == 5
    assert rules.source_of("levels.first").file == "two-decks.tractor"
    assert rules.name == "Our table" and rules.description == base.description
    # its own name drops the parent's Chinese name (it named the parent's game); the description stays
    assert [(t.language, t.name, t.description) for t in rules.translations] == [
        ("zh", "", base.translations[0].description)]
    assert dataclasses.replace(rules, name=base.name, files=base.files, sources=base.sources,
                               levels=base.levels, house_changes=(), translations=base.translations) == base


def test_a_child_upgrade_table_replaces_the_parents_whole(tmp_path):
    (tmp_path / "steps.tractor").write_text('extends: "two-decks"\nupgrade\n  steps: 20 per deck\n', encoding="utf-8")
    rules = tr.load(tmp_path / "steps.tractor")
    assert rows_of(rules) == rows_of(tr.load("two-decks"))[:4] + [(120, -1, "attackers", 1, 40, 0)]


def test_follow_lists_are_overridden_per_lead(tmp_path):
    (tmp_path / "f.tractor").write_text('extends: "two-decks"\nfollow\n  pair: pair > any cards\n', encoding="utf-8")
    rules = tr.load(tmp_path / "f.tractor")
    lists = {fl.lead: fl.entries for fl in rules.following.lists}
    assert lists[LeadShape(2, 1)] == (Pattern((Term(one(1), 2),)), Pattern(()))
    assert LeadShape(2, 0) in lists  # the parent's tractor list still holds
    assert rules.source_of("following.lists[pair]").file.endswith("f.tractor")
    assert rules.source_of("following.lists[tractor of n pairs]").file == "two-decks.tractor"


def test_relative_extends_starts_from_the_childs_folder(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base.tractor").write_text('extends: "one-deck"\nlevels\n  mandatory: 10, A\n', encoding="utf-8")
    (tmp_path / "rules" / "child.tractor").write_text('extends: "base.tractor"\nlevels\n  range: 2 to K\n  mandatory: 10\n',
                                                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rules = tr.load("rules/child.tractor")
    assert rules.files == ("rules/child.tractor", "rules/base.tractor", "one-deck.tractor")
    assert (rules.levels.last, rules.levels.mandatory, rules.table.decks) == ("K", ("10",), 1)


def test_loads_with_an_origin_resolves_relative_parents(tmp_path):
    (tmp_path / "base.tractor").write_text('extends: "two-decks"\nlead\n  throws: not allowed\n', encoding="utf-8")
    rules = tr.loads('extends: "base.tractor"\n', origin=str(tmp_path / "house.tractor"))
    assert rules.leading.throws is False


def test_a_file_with_no_statements_is_the_classic_game_named_after_the_file(tmp_path):
    path = tmp_path / "empty.tractor"
    path.write_text("# nothing yet\n", encoding="utf-8")
    rules = tr.load(path)
    assert rules.name == "empty"
    assert _without(rules) == _without(tr.load("two-decks"))


def test_house_changes_list_what_a_file_changes_not_what_it_restates(tmp_path):
    assert tr.load("two-decks").house_changes == ()
    # constant twos writes 'range: 3 to A': the first level changes, the last (A) is restated
    twos = tr.load("two-decks-constant-twos")
    assert "levels.first" in twos.house_changes and "levels.last" not in twos.house_changes
    assert {"trumps.order", "combinations.links"} <= set(twos.house_changes)
    # Finding Friends' deal line restates the kitty of 6
    friends = tr.load("house-finding-friends")
    assert "table.hand_size" in friends.house_changes and "table.kitty_size" not in friends.house_changes
    (tmp_path / "same.tractor").write_text('extends: "two-decks"\nlead\n  throws: allowed\n  throw penalty: 5 per attempt\n',
                                           encoding="utf-8")
    same = tr.load(tmp_path / "same.tractor")
    assert same.source_of("leading.throws").file.endswith("same.tractor")
    assert same.house_changes == ("leading.throw_penalty",)
