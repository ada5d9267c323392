"""Who may make the first declaration of a deal (``first declaration: when ...``): the compiled
condition, its checks, the engine's offers, the log and the replay, the oracle, the sheet, and
D61 played by random and greedy players."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from json_forms import assert_a_field_of_version_4
from player_kinds import hands_that_replay_clean
from refusals import error_of

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.flow.seats import banker_team
from tractor_rules.interop.questions import ask
from tractor_rules import facade
from tractor_rules.render.sheet import build_sheet

ROOT = Path(__file__).resolve().parents[2]
D61 = ROOT / "examples" / "house-rules" / "D61-only-the-bankers-declare.tractor"


def declaring(*lines: str, parent: str = "two-decks") -> tr.Rules:
    body = "\n".join(f"  {line}" for line in lines)
    return tr.loads(f'extends: "{parent}"\ndeclare\n{body}\n')


def test_the_statement_compiles_to_a_condition_of_the_player():
    rules = declaring("first declaration: when an attacker")
    assert rules.declaring.first_declaration_when == ("fact", "player-attacker")
    assert tr.load("two-decks").declaring.first_declaration_when == ()


def test_the_condition_goes_through_json():
    rules = declaring("first declaration: when the first hand or a banker")
    assert_a_field_of_version_4(rules, "declaring", "first_declaration_when",
                                ["any", ["fact", "first-hand"], ["fact", "player-banker"]])


@pytest.mark.parametrize("words, read", [("not the previous declarer", "the previous declarer"),
                                         ("the declarer's opponent", "the declarer's opponent"),
                                         ("nobody was overturned", "nobody was overturned"),
                                         ("overturns = 0", "overturns"),
                                         ("declared level cards > 1", "declared level cards")])
def test_the_declarations_before_are_e371(words, read):
    said = str(error_of(f'extends: "two-decks"\ndeclare\n  first declaration: when {words}\n'))
    assert "E371" in said and f"'{read}' reads the declarations before" in said


def test_the_json_form_is_checked_as_the_language():
    data = tr.load("two-decks").to_dict()
    data["declaring"]["first_declaration_when"] = ["fact", "previous-declarer"]
    with pytest.raises(tr.RulesetError) as info:
        tr.Rules.from_dict(data)
    assert "E371" in {d.code for d in info.value.diagnostics}
    data["declaring"]["first_declaration_when"] = ["compare", ">", ["var", "points"], ["num", 3]]
    with pytest.raises(tr.RulesetError) as info:
        tr.Rules.from_dict(data)
    assert "E212" in {d.code for d in info.value.diagnostics}


def test_a_fact_of_the_play_is_not_known_while_declaring():
    said = str(error_of('extends: "two-decks"\ndeclare\n  first declaration: when points > 3\n'))
    assert "E212" in said


def test_the_oracle_answers_who_may_declare_first():
    rules = tr.load(str(D61))
    assert [rules.may_declare_first(seat, "2", banker=1) for seat in range(4)] == [False, True, False, True]
    assert all(rules.may_declare_first(seat, "2", first_hand=True) for seat in range(4))
    assert ask(rules, "may_declare_first", {"level": "2", "seat": 2, "banker": 1}) == {"may": False}
    assert ask(rules, "may_declare_first", {"level": "2", "seat": 3, "banker": 1}) == {"may": True}
    assert tr.load("two-decks").may_declare_first(2, "2", banker=1) is True


class Eager(RandomPlayer):
    """A random player that declares whenever it is offered a declaration, the first offered."""

    def declare(self, view, offers):
        return offers[0] if offers else None


def test_only_a_banker_is_offered_the_first_declaration_after_the_first_hand():
    rules = tr.load(str(D61))
    seen_attacker_offered = False
    firsts = 0
    for seed in range(40):
        record = play_hand(rules, [Eager(seed * 4 + s) for s in range(4)], random.Random(seed), level="2",
                           banker=seed % 4)
        logged = record.to_log()
        during = logged["deal_declaring"]
        assert during is not None and during["banker"] == seed % 4 and during["first_hand"] is False
        if during["declarations"]:
            firsts += 1
            first_seat = during["declarations"][0][0]
            assert first_seat in banker_team(rules, seed % 4)
        assert replay_log([json.dumps(logged)], rules) == {}
    assert firsts >= 20
    # without the statement, an eager attacker declares first in some of the same deals
    overturn_only = declaring("overturn: when the first hand or a banker")
    for seed in range(40):
        during = play_hand(overturn_only, [Eager(seed * 4 + s) for s in range(4)], random.Random(seed), level="2",
                           banker=seed % 4).to_log()["deal_declaring"]
        first = during["declarations"][0][0] if during["declarations"] else None
        seen_attacker_offered |= first is not None and first not in banker_team(overturn_only, seed % 4)
    assert seen_attacker_offered


def test_in_the_first_hand_anyone_declares_first():
    rules = tr.load(str(D61))
    firsts = set()
    for seed in range(30):
        logged = play_hand(rules, [Eager(seed * 4 + s) for s in range(4)], random.Random(seed), level="2",
                           banker=None).to_log()
        assert logged["deal_declaring"]["first_hand"] is True
        if logged["deal_declaring"]["declarations"]:
            firsts.add(logged["deal_declaring"]["declarations"][0][0])
        assert replay_log([json.dumps(logged)], rules) == {}
    assert len(firsts) >= 3


def test_the_replay_refuses_a_first_declaration_the_rule_does_not_allow():
    rules = tr.load(str(D61))
    for seed in range(40):
        logged = play_hand(rules, [Eager(seed * 4 + s) for s in range(4)], random.Random(seed), level="2",
                           banker=seed % 4).to_log()
        if logged["deal_declaring"]["declarations"]:
            break
    declarations = [list(d) for d in logged["deal_declaring"]["declarations"]]
    declarations[0][0] = (logged["deal_declaring"]["banker"] + 1) % 4
    forged = dict(logged, deal_declaring=dict(logged["deal_declaring"], declarations=declarations[:1]))
    (problems,) = replay_log([json.dumps(forged)], rules).values()
    assert any("made the first declaration" in p and "does not hold of them" in p for p in problems)


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_d61_plays_200_hands_and_replays_clean(kind):
    rules = tr.load(str(D61))
    records = list(hands_that_replay_clean(rules, kind, 200, level="2"))
    assert len(records) == 200
    made = 0
    for seed, record in enumerate(records):
        during = record.to_log()["deal_declaring"]
        bankers = banker_team(rules, seed % 4)
        for i, (seat, _) in enumerate(during["declarations"]):
            assert seat in bankers, (seed, i)  # the first and every overturn: the banker's side
            made += 1
    assert made >= 50


def sheet(rules: tr.Rules, lang: str) -> dict[str, str]:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}


def test_the_sheet_says_who_may_declare_first():
    rules = tr.load(str(D61))
    en, zh = sheet(rules, "en"), sheet(rules, "zh")
    assert en["declaring.first_declaration"].startswith("During the deal a player may make the first declaration, "
                                                        "while none stands, only when the hand is the game's first "
                                                        "or the player is on the banker's team")
    assert "第一个亮主" in zh["declaring.first_declaration"] and "庄家一方" in zh["declaring.first_declaration"]
    assert "declaring.first_declaration" not in sheet(tr.load("two-decks"), "en")


def w143(text: str) -> list[str]:
    return [d["message"] for d in facade.lint(text, "house.tractor")["diagnostics"] if d["code"] == "W143"]


def test_w143_finds_the_condition_where_nobody_declares():
    (found,) = w143('extends: "two-decks"\ndeclare\n  ladder: none\n  first declaration: when a banker\n')
    assert "nothing declares ('ladder: none')" in found
    auction = ROOT / "examples" / "house-rules" / "A01-san-da-ha-auction.tractor"
    (found,) = w143(f'extends: "{auction}"\ndeclare\n  first declaration: when a banker\n')
    assert "an auction decides the bank" in found
    assert not w143('extends: "two-decks"\ndeclare\n  first declaration: when a banker\n')


def test_w111_finds_the_statement_where_every_hand_is_declared_in_turn():
    text = 'extends: "two-decks"\ndeclare\n  in turn: yes\n  first declaration: when a banker\n'
    found = [d["message"] for d in facade.lint(text, "house.tractor")["diagnostics"] if d["code"] == "W111"]
    assert found == ["every hand is declared in turn after the deal, so 'first declaration' never applies: leave "
                     "it out, or write 'in turn: when ...'"]
    assert not w143(text)
