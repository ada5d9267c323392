"""A ladder that goes round (``rounds: N`` and ``rounds: unlimited`` in ``levels``): past the last
level a team goes on from the first in its next round; mandatory and defended levels stop it in
every round; knock back, ``back to`` and ``to`` move it within its own round; the game's end is
read at the last round's last level, and a ladder without end needs another end (E316).  Through
the compiler, the climb on positions (``scoring.climb``), scripted matches (the match loop applies
the rules to given outcomes) and whole games."""

from __future__ import annotations

import random

import pytest

import tractor_rules as tr
from tractor_rules import codes
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.rulings.scoring import climb, level_ladder
from tractor_rules.engine.flow.record import HandRecord
from tractor_rules.errors import RulesetError
from tractor_rules.rules import Rules


def house(levels: str, parent: str = "two-decks") -> Rules:
    return tr.loads(f'extends: "{parent}"\nruleset: "house"\n\nlevels\n{levels}\n')


SHORT = "  range: 2, 5, 10\n  mandatory: none\n"
TWICE = house(SHORT + "  rounds: 2")


class Script:
    """Stands in for ``play_hand``: each hand's banker team and outcome come from a list (banker
    seat, side, steps), the level each hand is played at kept; the house rules after a hand (each
    written "when the attackers win") are set off by every hand the attackers win."""

    def __init__(self, outcomes: list[tuple[int, str, int]]):
        self.outcomes = list(outcomes)
        self.levels: list[str | None] = []

    def __call__(self, rules, players, rng, *, level, banker, beyond):
        seat, side, steps = self.outcomes.pop(0)
        assert banker in (None, seat)
        self.levels.append(level)
        return HandRecord(
            rules=rules, level=level, trump=None, banker=seat, hands=[], kitty=(), tricks=[],
            attacker_points=0, kitty_points=0, kitty_multiplier=0, level_change=(side, steps),
            next_banker=rules.next_banker(seat, side), banker_team=frozenset(range(seat % 2, 4, 2)),
            declarations=[], declarer=None, beyond=beyond,
            after_hand=tuple(range(len(rules.levels.after_hand))) if side == "attackers" else (),
        )


def scripted(monkeypatch, rules: Rules, outcomes: list[tuple[int, str, int]]) -> tuple[Match, Script]:
    script = Script(outcomes)
    monkeypatch.setattr(match_module, "play_hand", script)
    return Match(rules, make_players("random", 4, random.Random(0)), random.Random(0)), script


def where(match: Match, seat: int) -> tuple[str, int]:
    """A seat's level and round."""
    at = match.levels[seat]
    return match.level_at(at), match.round_of(at)


# --- the compiled field and the climb on positions -------------------------------------------------


def test_rounds_compile_to_a_count_and_unlimited_to_0():
    assert TWICE.levels.rounds == 2
    assert house("  rounds: unlimited\n  game end: after 30 hands").levels.rounds == 0
    assert tr.load("two-decks").levels.rounds == 1


@pytest.mark.parametrize("text", ["0", "101"])
def test_a_number_of_rounds_out_of_range_is_refused(text):
    with pytest.raises(RulesetError) as caught:
        house(f"  rounds: {text}")
    assert caught.value.diagnostics[0].code == codes.OUT_OF_RANGE


def test_a_climb_past_the_last_level_goes_on_in_the_next_round():
    ladder = level_ladder(TWICE)
    assert ladder == ("2", "5", "10")
    assert climb(TWICE, ladder, 2, 1) == 3          # 10 of round 1 → 2 of round 2
    assert climb(TWICE, ladder, 1, 3) == 4          # 5 → 10 → 2 → 5 of round 2
    assert climb(TWICE, ladder, 5, 1) is None       # past 10 of the last round
    endless = house(SHORT + "  rounds: unlimited\n  game end: after 9 hands")
    assert climb(endless, ladder, 299, 2) == 301    # round after round


def test_mandatory_and_defended_levels_stop_a_team_in_every_round():
    rules = house("  range: 2, 5, 10\n  mandatory: 5\n  defend: 10\n  rounds: 3")
    ladder = level_ladder(rules)
    assert climb(rules, ladder, 3, 5) == 4                        # mandatory 5 of round 2
    assert climb(rules, ladder, 4, 5) == 5                        # defended 10 of round 2
    assert climb(rules, ladder, 5, 1, as_banker=False) == 5       # attackers stay at it
    assert climb(rules, ladder, 5, 1) == 6                        # bankers pass it: 2 of round 3


def test_one_round_climbs_as_the_oracle_does():
    rules = tr.load("two-decks")
    ladder = level_ladder(rules)
    for at, level in enumerate(ladder):
        for steps in range(5):
            for as_banker in (True, False):
                got = climb(rules, ladder, at, steps, as_banker)
                expected = rules.advance(level, steps, as_banker)
                assert (None if got is None else ladder[got]) == expected


# --- scripted matches ------------------------------------------------------------------------------


def test_match_goes_on_from_the_first_level_and_wins_at_the_last_rounds_last(monkeypatch):
    match, script = scripted(monkeypatch, TWICE, [
        (0, "banker", 2),     # seats 0 and 2: 2 → 10
        (2, "banker", 1),     # they hold at 10 in round 1: on to 2 of round 2, no win
        (0, "banker", 2),     # 2 → 10 of round 2
        (2, "banker", 1),     # they hold at the last round's last level: they win
    ])
    seen = []
    while not match.done:
        match.step()
        seen.append(where(match, 0))
    assert seen == [("10", 1), ("2", 2), ("10", 2), ("10", 2)]
    assert script.levels == ["2", "10", "2", "10"]
    assert match.status == "won" and match.winners == frozenset({0, 2})


def test_attackers_go_round_too_unless_the_last_level_is_defended(monkeypatch):
    match, _ = scripted(monkeypatch, TWICE, [(0, "attackers", 4)])
    match.step()
    assert where(match, 1) == ("5", 2)  # 2 → 5 → 10 → 2 → 5
    defended = house(SHORT + "  defend: 10\n  rounds: 2")
    match, _ = scripted(monkeypatch, defended, [(0, "attackers", 4), (1, "attackers", 1)])
    match.step()
    assert where(match, 1) == ("10", 1)
    match.step()  # winning as attackers at 10: they stay, to pass it they must hold the bank there
    assert where(match, 1) == ("10", 1)


def test_knock_back_and_back_to_move_a_team_within_its_round(monkeypatch):
    rules = house(SHORT + "  rounds: 2\n  knock back: 10 to 5 on any loss\n"
                  "  when the attackers win: losers back to 2")
    match, _ = scripted(monkeypatch, rules, [
        (0, "banker", 3),     # seats 0 and 2: 2 → 2 of round 2
        (2, "banker", 2),     # → 10 of round 2
        (0, "attackers", 1),  # they lose at 10 of round 2: knocked back to 5, then back to 2, of round 2
    ])
    for _ in range(2):
        match.step()
    assert where(match, 0) == ("10", 2)
    match.step()
    assert where(match, 0) == ("2", 2)
    assert where(match, 1) == ("5", 1)


def test_down_steps_cross_back_into_the_round_before(monkeypatch):
    rules = house(SHORT + "  rounds: 2\n  when the attackers win: losers - 2 levels")
    match, _ = scripted(monkeypatch, rules, [(0, "banker", 3), (2, "attackers", 1)])
    match.step()
    assert where(match, 0) == ("2", 2)
    match.step()
    assert where(match, 0) == ("5", 1)


def test_after_a_number_of_hands_a_later_round_is_higher(monkeypatch):
    rules = house(SHORT + "  rounds: unlimited\n  game end: after 2 hands")
    match, _ = scripted(monkeypatch, rules, [(0, "banker", 3), (2, "attackers", 2)])
    match.play()
    # seats 0 and 2 at 2 of round 2 are above seats 1 and 3 at 10 of round 1
    assert where(match, 0) == ("2", 2) and where(match, 1) == ("10", 1)
    assert match.status == "won" and match.winners == frozenset({0, 2})


def test_past_the_last_level_wins_only_past_the_last_round(monkeypatch):
    rules = house(SHORT + "  rounds: 2\n  game end: past the last level")
    match, _ = scripted(monkeypatch, rules, [(0, "attackers", 3), (1, "banker", 3)])
    match.step()
    assert match.status == "playing" and where(match, 1) == ("2", 2)
    match.step()
    assert match.status == "won" and match.winners == frozenset({1, 3})


# --- whole games, the check and the JSON form ------------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_games_that_go_round_end_in_the_last_round(kind):
    for seed in range(3):
        match = Match(TWICE, make_players(kind, 4, random.Random(seed)), random.Random(seed))
        result = match.play()
        assert result.status == "won"
        assert all(result.rounds[s] == 2 and result.levels[s] == "10" for s in result.winners)
        assert {r.level for r in result.hands} <= {"2", "5", "10"}


def test_a_ladder_without_end_needs_another_end():
    with pytest.raises(RulesetError) as caught:
        house("  rounds: unlimited")
    assert caught.value.diagnostics[0].code == codes.ENDLESS_GAME
    assert house("  rounds: unlimited\n  when points >= 200: attackers win the game").levels.rounds == 0


def test_the_json_form_keeps_rounds_and_version_3_refuses_them():
    again = Rules.from_dict(TWICE.to_dict())
    assert again.levels.rounds == 2
    assert rules_to_dict_as(TWICE, 3) is None
    assert "rounds" not in str(rules_to_dict_as(tr.load("two-decks"), 3))
    assert "rounds" in str(TWICE.to_dict())


# --- the sheet -------------------------------------------------------------------------------------


def sentences_of(rules: Rules, lang: str) -> dict[str, str]:
    from tractor_rules.render.sheet import build_sheet

    return {i.key: i.text for i in build_sheet(rules, lang).items()}


def test_the_sheet_says_how_often_the_levels_go_round():
    en = sentences_of(TWICE, "en")
    assert en["levels.rounds"].startswith("The levels are climbed 2 times: a team that goes up past level 10 before "
                                          "the last round goes on from level 2 in its next round")
    assert "The levels go round 2 times: past level 10 the climb goes on from level 2" in en["overview.object"]
    assert "圈" in sentences_of(TWICE, "zh")["levels.rounds"]
    assert "levels.rounds" not in {k for k, v in sentences_of(tr.load("two-decks"), "en").items() if v}
    back = house(SHORT + "  rounds: 2\n  knock back: 10 to 5")
    assert sentences_of(back, "en")["levels.rounds"].endswith("moves it within its own round.")


def test_with_called_partners_the_sheet_speaks_of_players():
    rules = house("  rounds: unlimited\n  game end: after 20 hands", parent="house-finding-friends")
    text = sentences_of(rules, "en")["levels.rounds"]
    assert text.startswith("The levels go round without end: a player who goes up past level A goes on from level 2")
    assert "玩家" in sentences_of(rules, "zh")["levels.rounds"]


# --- L30: ten points a level for seven players, the levels going round without end -----------------

#: rbtying/shengji#141 (docs/house-rules.md, L30): four decks, seven players; below 160 points the
#: bankers go up one level for every 10 points the attackers fall short, from 170 the attackers one
#: for every 10 points past 160; a clean sweep gives the bankers one level more; each player keeps
#: a level of their own, going round past A (level 24 plays J); the source names no end: 30 hands
TEN_POINTS_A_LEVEL = """\
ruleset: "Finding Friends (four decks, seven players), ten points a level"
description: "Seven players, four decks; every 10 points from 160 is a level, and the levels go round past A."
ruleset in zh: "找朋友（四副牌，七人，十分一级）"
description in zh: "七人，四副牌；以160分为界，每10分一级，打过A后从2重新打起。"
extends: "four-decks"

table
  players: 7
  partners: by calling 2 cards
  deal: 30 each, kitty 6

levels
  rounds: unlimited
  mandatory: none
  next banker: same banker after a hold, next of winners after a loss
  game end: after 30 hands
  when points = 0: bankers +1 level

upgrade
  0-5:     banker +16
  10-15:   banker +15
  20-25:   banker +14
  30-35:   banker +13
  40-45:   banker +12
  50-55:   banker +11
  60-65:   banker +10
  70-75:   banker +9
  80-85:   banker +8
  90-95:   banker +7
  100-105: banker +6
  110-115: banker +5
  120-125: banker +4
  130-135: banker +3
  140-145: banker +2
  150-155: banker +1
  160-165: swap
  170+:    attackers +1, +1 every 10
"""


def test_ten_points_a_level_compiles_and_plays_round_after_round():
    rules = tr.loads(TEN_POINTS_A_LEVEL, origin="L30.tractor")
    assert rules.levels.rounds == 0 and rules.table.partnership == "called"
    assert rules.level_change(110) == ("banker", 5) and rules.level_change(230) == ("attackers", 7)
    match = Match(rules, make_players("random", 7, random.Random(5)), random.Random(5))
    result = match.play()
    assert len(result.hands) == 30 and result.status in ("won", "drawn")
    assert max(result.rounds) >= 2  # 30 hands of up to 16 levels take someone round past A
    best = max(match.levels)
    assert result.winners == frozenset(s for s, at in enumerate(match.levels) if at == best)
    # a player's level is their rank in their round: position 22 (level 24 in the source's count) is J
    assert match.level_at(22) == "J" and match.round_of(22) == 2
