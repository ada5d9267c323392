"""``unset: KEY``: a house file takes back a statement of its parents; the language's default then
holds (for a follow list: no list at all, so the general policy applies), the provenance records
the deletion, and the oracle answers by the default."""

from __future__ import annotations

import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.language.parser import parse, statement_kinds
from tractor_rules.render.diff import differing_paths

GALLERY = "examples/house-rules/C02-unset-inherited-list.tractor"


def house(body: str, parent: str = "three-decks") -> tr.Rules:
    return tr.loads(f'extends: "{parent}"\n\n{body}', origin="house.tractor")


def test_unset_a_statement_restores_the_default_and_records_it():
    parent = tr.load("house-mandatory-levels")
    assert parent.levels.knock_back  # "knock back: J to 2"
    rules = house("levels\n  unset: knock back\n", parent="house-mandatory-levels")
    assert rules.levels.knock_back == () == tr.Rules().levels.knock_back
    src = rules.source_of("levels.knock_back")
    assert src is not None and (src.file, src.line) == ("house.tractor", 4)
    assert rules.house_changes == ("levels.knock_back",)
    assert "levels.knock_back[0].level" in differing_paths(parent, rules)


def test_unset_a_statement_of_a_house_rule_with_several_fields():
    parent = tr.load("house-strict-throws")
    assert parent.leading.throw_penalty.kind == "per-card"
    rules = house("lead\n  unset: throw penalty\n", parent="house-strict-throws")
    assert rules.leading.throw_penalty == tr.Rules().leading.throw_penalty
    assert rules.house_changes == ("leading.throw_penalty",)


def test_unset_a_follow_list_changes_the_legal_follows(tmp_path):
    # the parent lets three loose cards answer a triple even with a pair in hand; without its list,
    # the general policy (largest units first) makes the pair go
    (tmp_path / "parent.tractor").write_text('extends: "three-decks"\nfollow\n  triple: triple > 3 singles\n')
    (tmp_path / "child.tractor").write_text('extends: "parent.tractor"\nfollow\n  unset: triple\n')
    before = tr.load(str(tmp_path / "parent.tractor")).context(level="10", trump="H")
    rules = tr.load(str(tmp_path / "child.tractor"))
    after = rules.context(level="10", trump="H")
    lead, hand = "KS KS KS", "5S 5S 9S 8S 7S"
    assert before.follow_error(hand, lead, "9S 8S 7S") is None
    assert after.follow_error(hand, lead, "9S 8S 7S") == "the hand holds a pair in spades, so the follow must play that too"
    assert after.follow_error(hand, lead, "5S 5S 9S") is None
    assert [fl.lead.label for fl in rules.following.lists] == ["pair", "tractor of n pairs", "tractor of n triples"]


def test_unset_a_built_in_follow_list():
    # "pair" has a list in the language itself: unset, the lead has no list at all
    rules = house("follow\n  unset: pair\n")
    assert [fl.lead.label for fl in rules.following.lists] == ["triple", "tractor of n pairs", "tractor of n triples"]
    assert "following.lists[pair]" in rules.house_changes
    alone = tr.loads("follow\n  unset: pair\n", origin="alone.tractor")
    assert [fl.lead.label for fl in alone.following.lists] == ["tractor of n pairs"]


def test_the_gallery_file_only_triples_form_tractors():
    rules = tr.load(GALLERY)
    assert rules.combinations.tractor_widths == (3,)
    assert [fl.lead.label for fl in rules.following.lists] == ["pair", "triple", "tractor of n triples"]
    ctx = rules.context(level="10", trump="H")
    assert not ctx.is_tractor("5S 5S 6S 6S")
    assert ctx.is_tractor("5S 5S 5S 6S 6S 6S")
    changed = set(rules.house_changes)
    assert {"following.lists[tractor of n pairs]", "following.lists[tractor of n triples]",
            "combinations.tractor_widths"} <= changed


def test_without_unset_the_inherited_list_is_an_error():
    with pytest.raises(tr.RulesetError, match="a list for 'tractor of n pairs', but there are no tractors of pairs"):
        house("combinations\n  tractors: 2+ adjacent triples\n\nfollow\n"
              "  tractor of n triples: tractor of n triples > n triples > pairs + singles\n")


@pytest.mark.parametrize("kind", [RandomPlayer, GreedyPlayer])
def test_hands_replay_clean(kind):
    rules = tr.load(GALLERY)
    rng = random.Random(5)
    for _ in range(3):
        players = [kind(rng.getrandbits(32)) for _ in range(4)]
        record = play_hand(rules, players, rng, banker=rng.randrange(4))
        assert replay_hand(record.to_log(), rules) == []


@pytest.mark.parametrize(("body", "message"), [
    ("follow\n  unset: knock back\n", "'knock back' is not a statement of the 'follow' section; it belongs to the 'levels' section"),
    ("combinations\n  unset: tractor of n pairs\n", "a follow list belongs to the 'follow' section"),
    ("follow\n  unset: duty\n  duty: priority lists\n", r"'duty' is both unset and set in this file \(line 4\): keep one"),
    ("follow\n  unset: tractor of n quads\n", "nothing to unset"),
])
def test_errors(body, message):
    with pytest.raises(tr.RulesetError, match=message):
        house(body)


def test_nothing_to_unset_without_a_parent():
    with pytest.raises(tr.RulesetError, match="no parent of this file sets 'duty', so there is nothing to unset"):
        tr.loads("follow\n  unset: duty\n", origin="alone.tractor")


def test_every_statement_key_can_be_unset():
    """The grammar's list of keys for ``unset`` is every statement key of the sections that take
    ``unset`` (not the upgrade tables: each is one rule, restated whole)."""
    sections = {section for section, key in statement_kinds() if key == "unset"}
    assert "upgrade" not in sections and "follow" in sections
    keys = {key for section, key in statement_kinds() if section in sections and key != "unset"}
    assert len(keys) > 40
    for key in keys:
        parse(f"follow\n  unset: {key}\n", "keys.tractor")
