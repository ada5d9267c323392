"""A hand nobody declares in, scored without being played (``nobody declares: scored as OUTCOME``,
Shandong's 庄家亮主失败, D36 of the gallery): compiled to the fallback "scored" with its outcome,
refused where it cannot work (E209 written with other ways, E306 without a first-hand redeal, with
called partners, without a ladder; E314 when game points miss its outcome), played by the engine
(the deal stands, nothing else happens, the outcome's levels and next banker follow), logged and
replayed, kept by the JSON form, and said on the sheet (en, zh) with the level the engine climbs to."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import codes
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import house_rules_set_off, replay_hand
from tractor_rules.errors import RulesetError
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules
from player_kinds import EVERY_KIND, SEARCH

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D36 = GALLERY / "D36-declaring-failed.tractor"
#: D36 with a ladder of pairs only, so that nobody declares in many hands
HARD = '''extends: "{d36}"
ruleset: "hard to declare"

declare
  ladder: 2 level cards < 2 small jokers < 2 big jokers
{extra}'''


def hard(extra: str = "") -> Rules:
    return tr.loads(HARD.format(d36=D36, extra=extra), origin=str(GALLERY / "house.tractor"))


def refused(text: str) -> tuple[str, str]:
    with pytest.raises(RulesetError) as caught:
        tr.loads(text, origin=str(GALLERY / "house.tractor"))
    first = caught.value.diagnostics[0]
    return first.code, first.message


def scored_hands(rules: Rules, kind: str, seeds: range) -> list:
    found = []
    for seed in seeds:
        players = make_players(kind, rules.table.players, random.Random(seed))
        record = play_hand(rules, players, random.Random(seed), level="5", banker=seed % 4)
        assert replay_hand(json.dumps(record.to_log()), rules) == [], seed
        if record.trump_by == "scored":
            found.append(record)
    return found


# --- the language ----------------------------------------------------------------------------------


def test_the_way_compiles_to_its_outcome():
    fb = tr.load(str(D36)).declaring.fallback
    assert (fb.kind, fb.side, fb.levels) == ("scored", "attackers", 3)
    assert tr.load(str(D36)).declaring.first_fallback == "redeal"
    swap = hard("  nobody declares: scored as swap\n").declaring.fallback
    assert (swap.kind, swap.side, swap.levels) == ("scored", "attackers", 0)
    assert tr.load("two-decks").declaring.fallback.kind == "kitty-card"


@pytest.mark.parametrize("extra, code, words", [
    ("  nobody declares: kitty card 3, otherwise scored as attackers +3\n", codes.CONTRADICTORY_STATEMENT,
     "a hand scored without being played is decided by nothing else"),
    ("  nobody declares: scored as attackers +3, otherwise redeal\n", codes.CONTRADICTORY_STATEMENT,
     "a hand scored without being played is decided by nothing else"),
    ("  first hand nobody declares: as later hands\n", codes.DECLARING,
     "in the first hand nobody banks yet, so it cannot be scored without being played"),
    ("  nobody declares: scored as attackers + points / 40\n", codes.OUTCOME_NUMBER,
     "a fixed number of levels goes here"),
    ("  nobody declares: scored as banker +101\n", codes.OUT_OF_RANGE, "a level change must be from 0 to 100"),
])
def test_a_way_that_cannot_work_is_refused(extra, code, words):
    got, message = refused(HARD.format(d36=D36, extra=extra))
    assert got == code and message.startswith(words), message


def test_called_partners_and_a_game_nobody_declares_in_are_refused():
    code, message = refused(f'extends: "{D36}"\nruleset: "friends"\n\ntable\n  players: 5\n'
                            "  partners: by calling 1 card\n  deal: 20 each, kitty 8\n")
    assert code == codes.DECLARING and "called partners" in message
    code, message = refused(f'extends: "{D36}"\nruleset: "nobody"\n\ndeclare\n  ladder: none\n')
    assert code == codes.DECLARING and "nobody can declare" in message


def test_game_points_must_price_the_outcome():
    stakes = ("\nstakes\n  game points: banker +1 = 1, banker +2 = 2, banker +3 = 3, swap = 1, attackers +1 = 2, "
              "attackers +2 or more = 3\n")
    assert tr.loads(f'extends: "{D36}"\nruleset: "priced"\n{stakes}', origin=str(GALLERY / "h.tractor")).stakes
    code, message = refused(f'extends: "{D36}"\nruleset: "unpriced"\n' + stakes.replace(
        "attackers +2 or more = 3", "attackers +2 = 3"))
    assert code == codes.STAKES and "'attackers +3'" in message


# --- the engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_a_hand_nobody_declares_in_is_not_played_and_scores_its_outcome(kind):
    rules = hard()
    found = scored_hands(rules, kind, range(4 if kind == SEARCH else 40))
    assert found or kind == SEARCH
    for record in found:
        assert record.trump is None and record.tricks == [] and record.declarations == []
        assert record.level_change == ("attackers", 3) and record.attacker_points == 0
        assert record.next_banker == (record.banker + 1) % 4  # the attackers' turn to bank
        assert all(len(hand) == rules.table.hand_size for hand in record.hands)
        assert record.to_log()["trump_by"] == "scored"


def test_the_replay_finds_a_scored_hand_that_is_not_the_rules():
    rules = hard()
    record = scored_hands(rules, "random", range(40))[0]
    log = record.to_log()
    assert replay_hand(json.dumps(dict(log, level_change=["attackers", 2])), rules) == [
        "the level change is ['attackers', 3], not ['attackers', 2]"]
    assert replay_hand(json.dumps(dict(log, next_banker=record.banker)), rules) == [
        f"the next banker is seat {(record.banker + 1) % 4}, not {record.banker}"]
    assert replay_hand(json.dumps(dict(log, trump="S")), rules)[0].startswith("trump: none")
    assert "trump_by: 'scored', but these rules play every hand" in replay_hand(
        json.dumps(dict(log, ruleset=tr.load("two-decks").name)), tr.load("two-decks"))
    played = next(r for r in [play_hand(rules, make_players("greedy", 4, random.Random(s)), random.Random(s),
                                        level="5", banker=0) for s in range(40)] if r.trump_by == "declared")
    assert replay_hand(json.dumps(dict(played.to_log(), trump_by="scored")), rules)


def test_house_rules_after_a_hand_do_not_fire_in_a_hand_not_played():
    rules = hard("\nlevels\n  when points = 0: bankers +1 level\n")
    record = scored_hands(rules, "random", range(40))[0]
    assert record.after_hand == () and record.to_log()["after_hand"] == []
    assert house_rules_set_off(record.to_log(), rules) == ()
    assert "do not apply to such a hand" in {i.key: i.text for i in build_sheet(rules, "en").items()}[
        "declaring.fallback"]


def test_a_match_climbs_the_attackers_three_levels_and_gives_them_the_bank(monkeypatch):
    rules = hard()
    match = Match(rules, make_players("random", 4, random.Random(2)), random.Random(2), max_hands=60)
    result = match.play()
    scored = [i for i, hand in enumerate(result.hands) if hand.trump_by == "scored"]
    assert scored and 0 not in scored  # the first hand is dealt again instead
    for i in scored:
        hand = result.hands[i]
        assert hand.level_change == ("attackers", 3)
        if i + 1 < len(result.hands):
            assert result.hands[i + 1].banker == hand.next_banker


# --- the JSON form and the sheet -------------------------------------------------------------------


def test_the_json_form_keeps_the_way_and_version_3_cannot_say_it():
    rules = tr.load(str(D36))
    data = rules.to_dict()
    assert (data["declaring"]["fallback"]["kind"], data["declaring"]["fallback"]["side"],
            data["declaring"]["fallback"]["levels"]) == ("scored", "attackers", 3)
    assert Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None


def test_the_sheet_says_the_outcome_and_where_it_takes_the_attackers():
    rules = tr.load(str(D36))
    en = {i.key: i.text for i in build_sheet(rules, "en").items()}
    assert en["declaring.fallback"] == ("If nobody declares during the deal, the hand is not played and ends with "
                                        "this outcome: attackers take the bank and go up 3 levels.")
    assert rules.advance("2", 3, as_banker=False) == "5"
    assert en["declaring.fallback_example"] == ("With nobody declaring, attackers at level 2 go up to level 5 and "
                                                "take the bank.")
    assert en["declaring.first_fallback"] == "If nobody declares in the first hand, the cards are redealt."
    zh = {i.key: i.text for i in build_sheet(rules, "zh").items()}
    assert zh["declaring.fallback"] == "如果发牌时无人亮主，这一局不打，直接按此结果计：闲家上台并升3级。"
    assert zh["declaring.fallback_example"] == "无人亮主时，打2的闲家升到5并上台。"


def test_the_rl_environment_ends_the_episode_of_a_hand_not_played():
    from tractor_rules.rl.env import TractorEnv

    env = TractorEnv(hard(), banker=1, level="5")
    for seed in range(40):
        env.reset(seed=seed)
        if env.record is not None and env.record.trump_by == "scored":
            break
    else:
        raise AssertionError("no hand nobody declared in")
    assert all(env.terminations.values())
    # seats 1 and 3 bank: the attackers, seats 0 and 2, go up 3 levels
    assert [env.rewards[agent] > 0 for agent in env.possible_agents] == [True, False, True, False]


def test_a_hand_declared_in_turn_that_nobody_declares_in_is_scored_too():
    # nobody declares in turn after the deal: the phase of declaring in turn ends the hand
    rules = hard("  in turn: when not the first hand\n")
    found = scored_hands(rules, "greedy", range(40))
    assert found, "some hand of 40 with a ladder of pairs only is declared by nobody"
    for record in found:
        assert record.tricks == [] and record.level_change == ("attackers", 3)
        assert record.to_log()["in_turn"]["turns"] and all(cards is None for _, cards in record.to_log()["in_turn"]["turns"])


# --- D44: the source's other choice, the attackers take the bank at their own level ----------------

D44 = GALLERY / "D44-attackers-bank-when-nobody-declares.tractor"


def test_d44_the_attackers_take_the_bank_without_going_up_and_the_next_hand_is_at_their_level():
    rules = tr.loads(f'extends: "{D44}"\nruleset: "hard to declare"\ndeclare\n'
                     "  ladder: 2 level cards < 2 small jokers < 2 big jokers\n", origin=str(GALLERY / "house.tractor"))
    fallback = rules.declaring.fallback
    assert (fallback.kind, fallback.side, fallback.levels) == ("scored", "attackers", 0)
    found = scored_hands(rules, "random", range(40))
    assert found
    for record in found:
        assert record.tricks == [] and record.level_change == ("attackers", 0)
        assert record.next_banker == (record.banker + 1) % 4  # the attackers bank next
    match = Match(rules, make_players("random", 4, random.Random(2)), random.Random(2), max_hands=60)
    result = match.play()
    scored = [i for i, hand in enumerate(result.hands) if hand.trump_by == "scored"]
    assert scored and 0 not in scored
    for i in scored:
        if i + 1 < len(result.hands):
            assert result.hands[i + 1].banker == result.hands[i].next_banker
    en = {i.key: i.text for i in build_sheet(tr.load(str(D44)), "en").items()}
    assert en["declaring.fallback"] == ("If nobody declares during the deal, the hand is not played and ends with "
                                        "this outcome: attackers take the bank.")
