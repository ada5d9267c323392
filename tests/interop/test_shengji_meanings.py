"""Each rbtying/shengji setting that ``export --to shengji`` and ``import --from shengji`` map,
pinned to what rbtying's own code does with it.

The expected values come from rbtying/shengji's source and tests, never from this package's import
or export: each case names the file and the function or test it is taken from (rbtying/shengji
at commit 15b0b5ee for mechanics/src/trick.rs and ordered_card.rs; mechanics/src/scoring.rs as of
1e959a91, mechanics/src/bidding.rs as of 43d14ae1; the level changes of
core/src/game_state/play_phase.rs ``PlayPhase::compute_player_level_deltas`` and
``check_jacks_last_trick`` with the tests of core/src/game_state/mod.rs).  A ruleset is imported
from settings, and the imported rules are asked the question rbtying's test asks; the export of a
ruleset stating rbtying's rule must give the setting back, with nothing lost.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

import tractor_rules as tr
from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.flow.after_hand import HandFacts, own_change_after
from tractor_rules.engine.flow.match import BEYOND, Match
from tractor_rules.interop import shengji
from tractor_rules.interop.targets import TARGETS

ROOT = Path(__file__).resolve().parents[2]
DEFAULTS = ROOT / "examples" / "interop" / "rbtying-defaults.tractor"
GALLERY = ROOT / "examples" / "house-rules"


def compile_text(text: str) -> tr.Rules:
    return tr.loads(text, "<shengji>", allowed_roots=[])


def imported(players: int = 4, **settings) -> tr.Rules:
    return compile_text(shengji.import_ruleset(settings, players).text)


def exported(rules: tr.Rules) -> tuple[dict, list[str]]:
    return TARGETS["shengji"].export(rules)


def house(text: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'ruleset: "house"\nextends: "{parent}"\n{text}', origin="house.tractor")


# --- levels: a match's climb, as the engine's Match moves it ------------------------------------------


class Table:
    """The levels of a four-player match (seats 0 and 2 the landlord's team) moved hand by hand by
    the engine's own ``Match.step``, each hand's outcome given."""

    def __init__(self, rules: tr.Rules, monkeypatch):
        self.match = Match(rules, [None] * 4, random.Random(0))
        self.monkeypatch = monkeypatch

    def level(self, seat: int) -> str:
        at = self.match.ladder[self.match.levels[seat]]
        return "NT" if at == BEYOND else at

    def set(self, seat: int, level: str) -> None:
        self.match.levels[seat] = self.match.ladder.index(BEYOND if level == "NT" else level)

    def hand(self, side: str, levels: int, last_trick: tuple[str, int] | None = None) -> None:
        """One hand banked by seat 0: ``side`` gains ``levels``; ``last_trick``: (the winning single
        card, its seat)."""
        ctx = self.match.rules.context("2", "S")
        tricks = []
        if last_trick is not None:
            card, seat = last_trick
            tricks = [SimpleNamespace(winning_play=ctx.cards(card), winner=seat)]
        record = SimpleNamespace(level_change=(side, levels), banker_team=frozenset({0, 2}), tricks=tricks,
                                 next_banker=0, after_hand=())  # (what a match reads of a hand's record)
        self.match.banker = 0
        self.monkeypatch.setattr(match_module, "play_hand", lambda *a, **k: record)
        self.match.step()

    @property
    def won(self) -> bool:
        return self.match.status == "won"


def climb(rules: tr.Rules, monkeypatch, side: str, hands: int) -> list[str]:
    """The level of the gaining side after each of ``hands`` hands of +2 (the landlord always
    banking): rbtying's tests of must-defend sequences; "won" once a team has won."""
    table, seen = Table(rules, monkeypatch), []
    seat = 0 if side == "banker" else 1
    for _ in range(hands):
        if table.won:
            seen.append("won")
            continue
        table.hand(side, 2)
        seen.append("won" if table.won else table.level(seat))
    return seen


# core/src/game_state/mod.rs test_must_defend_sequence_landlord_advancing_skip_by_2 (max rank NT):
# Unrestricted 4 6 8 10 Q A NT, then the landlord team passes NT (a new game at 3);
# DefendPoints 4 5 7 9 10 Q K A NT, then passes NT
@pytest.mark.parametrize("policy, sequence", [
    ("Unrestricted", ["4", "6", "8", "10", "Q", "A", "NT", "won"]),
    ("DefendPoints", ["4", "5", "7", "9", "10", "Q", "K", "A", "NT", "won"]),
])
def test_the_landlord_climbing_by_two_as_rbtying_tests_it(monkeypatch, policy, sequence):
    rules = imported(advancement_policy=policy, max_rank="NT")
    assert climb(rules, monkeypatch, "banker", len(sequence)) == sequence


# test_must_defend_sequence_non_landlord_advancing: attackers +2 a hand stick at A (Unrestricted,
# "Get stuck at A b/c not landlord") and at 5 (DefendPoints, "Get stuck at 5 because not landlord")
@pytest.mark.parametrize("policy, sequence", [
    ("Unrestricted", ["4", "6", "8", "10", "Q", "A", "A"]),
    ("DefendPoints", ["4", "5", "5"]),
])
def test_attackers_climbing_by_two_stick_where_rbtying_sticks(monkeypatch, policy, sequence):
    rules = imported(advancement_policy=policy, max_rank="NT")
    assert climb(rules, monkeypatch, "attackers", len(sequence)) == sequence


def test_fully_unrestricted_is_played_up_to_a_and_the_rest_is_lost(monkeypatch):
    # the same tests, FullyUnrestricted: 4 6 8 10 Q A for either side, then +2 from A passes NT
    # and wins the game (rank 2 again) even as attackers: no statement says that, so the import
    # names it and an export of the same rules reports it
    rules = imported(advancement_policy="FullyUnrestricted", max_rank="NT")
    assert climb(rules, monkeypatch, "banker", 6) == ["4", "6", "8", "10", "Q", "A"]
    assert climb(rules, monkeypatch, "attackers", 6) == ["4", "6", "8", "10", "Q", "A"]
    lost = shengji.import_ruleset({"advancement_policy": "FullyUnrestricted"}, 4).lost
    assert len(lost) == 1 and lost[0].startswith("advancement_policy FullyUnrestricted: ")
    settings, report = exported(rules)
    assert settings["advancement_policy"] == "FullyUnrestricted" and report == lost


def test_the_landlord_must_defend_no_trump_to_win(monkeypatch):
    # test_must_defend_sequence_landlord_must_defend_to_win: a teammate at NT does not pass it
    # while the landlord plays a lower rank ([4, 2, NT, 2]); both at NT, the team wins
    table = Table(imported(max_rank="NT"), monkeypatch)
    table.set(2, "NT")
    table.hand("banker", 2)
    assert [table.level(s) for s in range(4)] == ["4", "2", "NT", "2"] and not table.won
    table.set(0, "NT")
    table.hand("banker", 2)
    assert table.won


@pytest.mark.parametrize("max_rank, levels", [("NT", ("2", "A", "beyond-last", "jokers-only")),
                                              ("A", ("2", "A", "last", "no-trump")),
                                              ("K", ("2", "K", "last", "no-trump"))])
def test_max_rank_is_the_last_level(max_rank, levels):
    # mechanics/src/player.rs Player::advance: ranks go up to max_rank, past it a game is won;
    # Rank::NoTrump (mechanics/src/types.rs Rank::successor: A, then NT) is played with
    # Trump::NoTrump { number: None }: only the jokers are trumps
    rules = imported(max_rank=max_rank)
    lv = rules.levels
    assert (lv.first, lv.last, lv.game_end, lv.beyond_trumps if lv.game_end == "beyond-last" else "no-trump") == levels
    settings, lost = exported(rules)
    assert settings["max_rank"] == max_rank and lost == []


def test_the_default_room_plays_one_level_more_than_two_decks():
    # MaxRank::default() is Rank::NoTrump (core/src/settings.rs): a ruleset that ends at A is not
    # what a default room plays, and the loss report says so
    settings, lost = exported(tr.load("two-decks"))
    assert settings["max_rank"] == "A"
    default_room = imported()
    assert default_room.levels.game_end == "beyond-last"
    _, lost = exported(house("levels\n  game end: beyond the last level, jokers only\n"))
    assert any(line.startswith("levels.defended: ") for line in lost)  # attackers at A pass A here


# --- the Jack variation ------------------------------------------------------------------------


def jack_table(rules, monkeypatch) -> Table:
    table = Table(rules, monkeypatch)
    for seat in (0, 2):
        table.set(seat, "J")
    return table


@pytest.mark.parametrize("side, levels, landlord_team, attackers", [
    # test_jack_variation_landlord_loses: nobody goes up; the landlord team goes back to 2
    ("attackers", 0, "2", "2"),
    # test_jack_variation_landlord_advances_multiple: the landlord team held with +2: 2, then 4
    ("banker", 2, "4", "2"),
    # test_jack_variation_non_landlord_advances: the attackers go up 2, the landlord team to 2
    ("attackers", 2, "2", "4"),
])
def test_single_jack_as_rbtying_tests_it(monkeypatch, side, levels, landlord_team, attackers):
    # play_phase.rs check_jacks_last_trick: at level J, a player outside the landlord's team wins
    # the last trick with one card, a J (BackToTwoSetting::compute); whatever the outcome
    table = jack_table(imported(jack_variation="SingleJack"), monkeypatch)
    table.hand(side, levels, last_trick=("JS", 1))
    assert (table.level(0), table.level(2), table.level(1)) == (landlord_team, landlord_team, attackers)


def test_single_jack_needs_an_attacker_and_one_card(monkeypatch):
    # check_jacks_last_trick: "the rule can only applies if the non-landord team wins the last
    # trick"; BackToTwoSetting::compute: cards.len() == 1
    rules = imported(jack_variation="SingleJack")
    table = jack_table(rules, monkeypatch)
    table.hand("attackers", 0, last_trick=("JS", 2))  # the landlord's partner wins it
    assert table.level(0) == "J"
    table = jack_table(rules, monkeypatch)
    table.hand("attackers", 0, last_trick=("QS", 1))
    assert table.level(0) == "J"


def test_a_ruleset_stating_rbtyings_single_jack_exports_single_jack():
    rules = tr.load(str(GALLERY / "L04-single-jack.tractor"))
    settings, lost = exported(rules)
    assert settings["jack_variation"] == "SingleJack"
    assert [line for line in lost if line.startswith("levels.knock_back")] == []


def test_the_classic_jack_rule_is_not_single_jack():
    # losing at J to a single J (the classic rule, L05's "on any loss" likewise) is not rbtying's
    # rule: Disabled, and the knock back is named lost
    for rules in (house("levels\n  knock back: J to 2\n"), tr.load(str(GALLERY / "L05-lose-at-jack.tractor"))):
        settings, lost = exported(rules)
        assert settings["jack_variation"] == "Disabled"
        assert any(line.startswith("levels.knock_back: ") for line in lost)


# --- the bonus level -----------------------------------------------------------------------------


FRIENDS = {"game_mode": {"FindingFriends": {"num_friends": 1}}}


def test_the_bonus_level_is_rbtyings_default_in_finding_friends():
    # mechanics/src/scoring.rs test_level_deltas: default parameters, two decks, 0 points and a
    # smaller landlord team: landlord +4 (3 and the bonus); GameScoreResult::new gives it only when
    # the landlord won
    rules = imported(**FRIENDS)
    assert rules.level_change(0, team_size=1) == ("banker", 4)
    assert rules.level_change(0, team_size=2) == ("banker", 3)
    assert rules.level_change(80, team_size=1) == ("attackers", 0)
    settings, lost = exported(rules)
    assert settings["game_scoring_parameters"]["bonus_level_policy"] == "BonusLevelForSmallerLandlordTeam"
    assert lost == []


def test_three_decks_bonus_as_rbtying_tests_it():
    # test_level_deltas, three decks: 0 points → +4, 50 points → +3, with the bonus
    rules = imported(players=6, num_decks=3, kitty_size=6, game_mode={"FindingFriends": {"num_friends": 2}})
    assert rules.level_change(0, team_size=2) == ("banker", 4)
    assert rules.level_change(50, team_size=2) == ("banker", 3)


def test_finding_friends_without_the_bonus_exports_no_bonus_level():
    rules = house("table\n  partners: by calling 1 card\n", DEFAULTS.as_posix())
    settings, lost = exported(rules)
    assert settings["game_scoring_parameters"]["bonus_level_policy"] == "NoBonusLevel"
    assert lost == []
    assert imported(**FRIENDS, game_scoring_parameters={"bonus_level_policy": "NoBonusLevel"}
                    ).level_change(0, team_size=1) == ("banker", 3)


def test_the_gallery_bonus_rule_exports_rbtyings_bonus():
    settings, _ = exported(tr.load(str(GALLERY / "L11-smaller-team-bonus.tractor")))
    assert settings["game_scoring_parameters"]["bonus_level_policy"] == "BonusLevelForSmallerLandlordTeam"


#: Finding Friends with rbtying's settings but its bonus level (two decks, one called card), and the
#: bonus written three ways: the statement, the house rule it is sugar for, and a rule without
#: "the bankers win", which gives the attackers the level too
FRIENDS_TABLE = "table\n  partners: by calling 1 card\n"
BONUS = {
    "statement": "levels\n  bonus for a smaller banker team: +1\n",
    "sugar": "levels\n  bonus for a smaller banker team: none\n"
             "  when the bankers win and the banker team is smaller than usual: the hand gives 1 more level\n",
    "reversed": "levels\n  bonus for a smaller banker team: none\n"
                "  when the banker team is smaller than usual and the bankers win: the hand gives 1 more level\n",
    "either side": "levels\n  bonus for a smaller banker team: none\n"
                   "  when the banker team is smaller than usual: the hand gives 1 more level\n",
}


def friends_with(bonus: str, more: str = "") -> tr.Rules:
    return house(FRIENDS_TABLE + BONUS[bonus] + more, DEFAULTS.as_posix())


@pytest.mark.parametrize("bonus", ["sugar", "reversed"])
def test_the_bonus_written_as_its_house_rule_exports_as_the_statement(bonus):
    stated, written = friends_with("statement"), friends_with(bonus)
    # the trees are the same once the statement is compiled to the rule it is sugar for
    assert {tuple(sorted(t.condition[1:])) for t in written.levels.after_hand} == {
        tuple(sorted(t.condition[1:])) for t in stated.levels.own_change_rules()}
    assert [t.effects for t in written.levels.after_hand] == [t.effects for t in stated.levels.own_change_rules()]
    plays = lambda rules: {k: v for k, v in rules.to_dict().items() if k not in ("sources", "house_changes")}
    assert plays(shengji.as_statements(written)) == plays(stated)
    assert exported(written) == exported(stated)
    settings, lost = exported(written)
    assert settings["game_scoring_parameters"]["bonus_level_policy"] == "BonusLevelForSmallerLandlordTeam"
    assert lost == []


def test_a_bonus_for_either_side_is_not_rbtyings_and_is_reported():
    """``when the banker team is smaller than usual: the hand gives 1 more level`` is not the
    statement's tree: it gives the attackers one more level too when they beat a smaller banker
    team, which rbtying's bonus (only when the landlord team won) never does."""
    rules = friends_with("either side")
    assert shengji.as_statements(rules) is rules
    # the attackers beat a banker alone: one more level here, none with the statement's own tree
    alone = HandFacts(rules, None, 0, frozenset({0}), "attackers", (), None, None, "", 120, 0, 1)
    assert own_change_after(rules, alone, ("attackers", 1)) == ("attackers", 2)
    sugar = friends_with("sugar")
    assert own_change_after(sugar, replace(alone, rules=sugar), ("attackers", 1)) == ("attackers", 1)
    settings, lost = exported(rules)
    assert settings["game_scoring_parameters"]["bonus_level_policy"] == "NoBonusLevel"
    assert lost == ['levels.after_hand[0]: "If the banker team is smaller than usual: the hand\'s own level change '
                    'gives its winners 1 more level." rbtying/shengji has no house rules after a hand']


def test_only_a_rule_rbtying_plays_as_the_statement_is_mapped():
    # two more levels (rbtying's bonus is one), or after another rule on the hand's own level change
    # (made after it), the rule stays a house rule, reported
    two = house(FRIENDS_TABLE + "levels\n  when the bankers win and the banker team is smaller than usual: the "
                "hand gives 2 more levels\n", DEFAULTS.as_posix())
    assert shengji.as_statements(two) is two
    assert exported(two)[0]["game_scoring_parameters"]["bonus_level_policy"] == "NoBonusLevel"
    after = house(FRIENDS_TABLE + "levels\n  when the level is A: the hand gives 1 level\n"
                  + BONUS["sugar"].split("\n", 1)[1], DEFAULTS.as_posix())
    assert shengji.as_statements(after) is after
    # another house rule after a hand stays, and is reported, the bonus mapped
    other = friends_with("sugar", "  when the attackers win and points >= 200: attackers +1 level\n")
    settings, lost = exported(other)
    assert settings["game_scoring_parameters"]["bonus_level_policy"] == "BonusLevelForSmallerLandlordTeam"
    assert len(lost) == 1 and lost[0].startswith("levels.after_hand[0]: ")


# --- the upgrade table: GameScoringParameters ----------------------------------------------------


@pytest.mark.parametrize("points, change", [
    # test_level_deltas (no bonus, two decks)
    (0, ("banker", 3)), (5, ("banker", 2)), (35, ("banker", 2)), (40, ("banker", 1)), (75, ("banker", 1)),
    (80, ("attackers", 0)), (115, ("attackers", 0)), (120, ("attackers", 1)), (155, ("attackers", 1)),
    (160, ("attackers", 2)), (195, ("attackers", 2)), (200, ("attackers", 3)), (240, ("attackers", 4)),
    (280, ("attackers", 5)),
])
def test_the_default_upgrade_table(points, change):
    assert imported().level_change(points) == change


@pytest.mark.parametrize("points, change", [
    # test_level_deltas_no_deadzone: deadzone_size 0
    (0, ("banker", 3)), (5, ("banker", 2)), (35, ("banker", 2)), (40, ("banker", 1)), (75, ("banker", 1)),
    (80, ("attackers", 1)), (115, ("attackers", 1)), (120, ("attackers", 2)),
])
def test_no_dead_zone(points, change):
    rules = imported(game_scoring_parameters={"deadzone_size": 0})
    assert rules.level_change(points) == change
    settings, lost = exported(rules)
    assert settings["game_scoring_parameters"]["deadzone_size"] == 0 and lost == []


def test_a_table_rbtying_cannot_give_is_named():
    # four-decks caps the attackers at +4; rbtying's windows go on for ever
    _, lost = exported(tr.load("four-decks"))
    assert "thresholds: 560 points give attackers +4 here; rbtying/shengji plays attackers +5" in lost


def test_bad_scoring_parameters_are_named():
    with pytest.raises(shengji.SettingsError, match="game_scoring_parameters: a step of 42 points"):
        shengji.import_ruleset({"game_scoring_parameters": {"step_size_per_deck": 21}}, 4)
    with pytest.raises(shengji.SettingsError, match="unknown field \"colour\""):
        shengji.import_ruleset({"game_scoring_parameters": {"colour": 1}}, 4)


# --- declaring -----------------------------------------------------------------------------------


def test_reinforce_while_equivalent_lets_the_standing_bidder_reinforce():
    # mechanics/src/bidding.rs test_valid_bids: with ReinforceWhileEquivalent, the standing bidder
    # of one C_2 may bid C_2 ×2 and ×3 ("We should only be able to reinforce our bid if we are
    # winning for ReinforceWhileWinning and ReinforceWhileEquivalent"); overturned by S_2 ×2, they
    # may bid C_2 ×2 ("If we can reinforce while equivalent, we can bid the same amount")
    rules = imported(bid_reinforcement_policy="ReinforceWhileEquivalent")
    assert (rules.declaring.reinforce, rules.declaring.reinforce_to_retake, rules.declaring.overturn_own) == \
        (True, True, False)
    settings, lost = exported(rules)
    assert settings["bid_reinforcement_policy"] == "ReinforceWhileEquivalent" and lost == []


def test_reinforcing_only_to_take_back_is_not_an_rbtying_policy():
    # every rbtying policy lets the standing bidder reinforce (test_valid_bids, the three policies)
    settings, lost = exported(house("declare\n  reinforce: only to take back\n", DEFAULTS.as_posix()))
    assert settings["bid_reinforcement_policy"] == "ReinforceWhileEquivalent"
    assert lost == ["declaring.reinforce: false here; rbtying/shengji plays true"]
    # the gallery's rule is rbtying's
    settings, lost = exported(tr.load(str(GALLERY / "D08-reinforce-to-retake.tractor")))
    assert settings["bid_reinforcement_policy"] == "ReinforceWhileEquivalent"
    assert not any(line.startswith("declaring.reinforce") for line in lost)


@pytest.mark.parametrize("policy, reinforce, overturn_own", [
    # test_valid_bids: ReinforceWhileWinning, winning with C_2: only C_2 ×2, ×3
    ("ReinforceWhileWinning", True, False),
    # OverturnOrReinforceWhileWinning: also S_2 ×2 and the jokers, over their own bid
    ("OverturnOrReinforceWhileWinning", True, True),
])
def test_the_other_reinforcement_policies(policy, reinforce, overturn_own):
    rules = imported(bid_reinforcement_policy=policy)
    d = rules.declaring
    assert (d.reinforce, d.reinforce_to_retake, d.overturn_own) == (reinforce, False, overturn_own)
    assert exported(rules)[0]["bid_reinforcement_policy"] == policy


def overturns(rules: tr.Rules, new: str, standing: str, level: str = "2") -> bool:
    """Whether a declaration of ``new`` overturns one of ``standing`` (another player's)."""
    shown, old = rules.declaration(new, level), rules.declaration(standing, level)
    assert shown is not None and old is not None, (new, standing)
    return shown.beats(old)


def test_three_level_cards_overturn_two_jokers_with_three_decks():
    # mechanics/src/bidding.rs test_valid_bids (JokerOrGreaterLength, BothTwoOrMore, three decks):
    # against S_2 ×2, and against SmallJoker ×2 ("We still need to do better if the conflicting
    # behavior is for jokers"), a hand of C_2 ×3 may bid C_2 ×3: more cards always overturn
    rules = imported(players=6, num_decks=3)
    assert overturns(rules, "2C 2C 2C", "2S 2S") and overturns(rules, "2C 2C 2C", "SJ SJ")
    assert overturns(rules, "2C 2C 2C", "BJ BJ")
    # of as many cards, jokers over level cards, the big over the small (Bid::valid_bids)
    assert overturns(rules, "SJ SJ SJ", "2C 2C 2C") and overturns(rules, "BJ BJ BJ", "SJ SJ SJ")
    assert not overturns(rules, "2C 2C", "2S 2S")
    settings, lost = exported(rules)
    assert (settings["bid_policy"], settings["joker_bid_policy"]) == ("JokerOrGreaterLength", "BothTwoOrMore")
    assert lost == shengji.import_ruleset({"num_decks": 3}, 6).lost  # only the follow order of three decks


@pytest.mark.parametrize("bid, joker, decks, steps", [
    # Bid::valid_bids: GreaterLength, "All bids must have more cards than the previous bids"
    ("GreaterLength", "BothTwoOrMore", 2, "1 level card < 2 level cards = 2 small jokers = 2 big jokers"),
    # BothNumDecks: jokers as many as the decks
    ("JokerOrGreaterLength", "BothNumDecks", 3,
     "1 level card < 2 level cards < 3 level cards < 3 small jokers < 3 big jokers"),
    # LJNumDecksHJNumDecksLessOne: the big joker one fewer than the decks, so one with two decks
    ("JokerOrGreaterLength", "LJNumDecksHJNumDecksLessOne", 2,
     "1 level card < 1 big joker < 2 level cards < 2 small jokers < 2 big jokers"),
    # Disabled: "If joker bids are disabled, don't allow any joker bids"
    ("JokerOrGreaterLength", "Disabled", 2, "1 level card < 2 level cards"),
    # one deck: a single level card, two jokers of a kind cannot be shown
    ("JokerOrGreaterLength", "BothTwoOrMore", 1, "1 level card"),
])
def test_the_bid_policies_are_ladders(bid, joker, decks, steps):
    assert shengji._ladder_text(shengji.rbtying_ladder(bid, joker, decks)) == steps
    settings = {"num_decks": decks, "bid_policy": bid, "joker_bid_policy": joker}
    room = shengji.import_ruleset(settings, 2 * decks if decks > 1 else 4)
    rules = compile_text(room.text)
    assert rules.declaring.ladder == shengji.rbtying_ladder(bid, joker, decks)
    exported_, lost = exported(rules)
    assert (exported_["bid_policy"], exported_["joker_bid_policy"], lost) == (bid, joker, room.lost)
    assert not any(line.startswith(("bid_policy", "declaring")) for line in lost)


def test_bids_of_as_many_cards_under_the_bid_policies():
    greater = imported(bid_policy="GreaterLength")
    assert not overturns(greater, "BJ BJ", "2S 2S") and not overturns(greater, "2C", "2S")
    one_big = imported(joker_bid_policy="LJNumDecksHJNumDecksLessOne")
    assert overturns(one_big, "BJ", "2S") and one_big.declaration("SJ", "2") is None
    assert imported(joker_bid_policy="Disabled").declaration("BJ BJ", "2") is None


def test_a_higher_suit_overturning_is_named_lost():
    # test_valid_bids_joker_or_higher_suit: against H_2 ×2, S_2 ×2 may bid (a higher suit); no
    # ladder and suit order say "of two cards or more" (the suit order would take singles too)
    imported_ = shengji.import_ruleset({"bid_policy": "JokerOrHigherSuit"}, 4)
    assert len(imported_.lost) == 1 and imported_.lost[0].startswith("bid_policy JokerOrHigherSuit: ")
    rules = compile_text(imported_.text)
    assert not overturns(rules, "2S 2S", "2H 2H")
    assert exported(rules) == ({**exported(rules)[0], "bid_policy": "JokerOrGreaterLength"}, [])
    # with one deck no two level cards are alike: JokerOrHigherSuit is JokerOrGreaterLength
    assert shengji.import_ruleset({"num_decks": 1, "bid_policy": "JokerOrHigherSuit"}, 4).lost == []


def test_taking_back_from_jokers_with_greater_length_is_named_lost():
    # Bid::valid_bids, ReinforceWhileEquivalent: the bid back is pushed only "if new_bid ==
    # *last_bid || !last_bid.card.is_joker()"; with GreaterLength two level cards and two jokers
    # are one step here, so taking back would pass
    lost = shengji.import_ruleset({"bid_policy": "GreaterLength", "bid_reinforcement_policy": "ReinforceWhileEquivalent"},
                                  4).lost
    assert len(lost) == 1 and lost[0].startswith("bid_reinforcement_policy ReinforceWhileEquivalent with bid_policy ")
    assert shengji.import_ruleset({"bid_reinforcement_policy": "ReinforceWhileEquivalent"}, 4).lost == []


def test_the_kitty_bid_policies():
    # core/src/game_state/draw_phase.rs DrawPhase::reveal_card: FirstCard, the first card turned
    # bids (test_interop_rbtying.py asks it); FirstCardOfLevelOrHighest, the first joker or level
    # card, and with neither the highest card: no statement says it
    first = imported()
    assert first.fallback_trump("7D 2S 5H 3C 4C 8D 9D JC", "2") == "D"
    other = shengji.import_ruleset({"kitty_bid_policy": "FirstCardOfLevelOrHighest"}, 4)
    assert len(other.lost) == 1 and other.lost[0].startswith("kitty_bid_policy FirstCardOfLevelOrHighest: ")
    rules = compile_text(other.text)
    assert rules.fallback_trump("7D 2S 5H 3C 4C 8D 9D JC", "2") == "S"
    settings, lost = exported(rules)
    assert settings["kitty_bid_policy"] == "FirstCardOfLevelOrHighest" and lost == other.lost


def test_kitty_theft():
    # core/src/game_state/exchange_phase.rs ExchangePhase::next_player and test
    # test_kitty_stealing_bid_sequence (core/src/game_state/mod.rs): with AllowKittyTheft the
    # others bid on after the exchanger is done, a new bidder takes the kitty, the landlord stays;
    # but not "if the winning bid was automatic" (autobid: the kitty named trump), which no
    # statement says
    theft = shengji.import_ruleset({"kitty_theft_policy": "AllowKittyTheft"}, 4)
    assert compile_text(theft.text).declaring.overturn_after_kitty
    assert theft.lost == ["kitty_theft_policy AllowKittyTheft: rbtying takes no bid after the kitty when nobody bid "
                          "and the kitty named trump; here a declaration may still overturn it"]
    assert not imported().declaring.overturn_after_kitty
    settings, lost = exported(tr.load(str(GALLERY / "D21-steal-the-kitty.tractor")))
    assert settings["kitty_theft_policy"] == "AllowKittyTheft" and theft.lost[0] in lost
    assert not any(line.startswith("declaring.overturn_after_kitty") for line in lost)


@pytest.mark.parametrize("policy, first_banker", [("ByWinningBid", "final-declarer"), ("ByFirstBid", "first-declarer")])
def test_the_first_landlord(policy, first_banker):
    # core/src/game_state/draw_phase.rs DrawPhase::advance: with no landlord yet, ByWinningBid
    # makes the winning bidder landlord, ByFirstBid the first bidder (Bid::first_and_winner)
    rules = imported(first_landlord_selection_policy=policy)
    assert rules.declaring.first_banker == first_banker
    assert exported(rules)[0]["first_landlord_selection_policy"] == policy


# --- following: TrickDrawPolicy (mechanics/src/trick.rs TrickFormat::is_legal_play) -----------------


@pytest.mark.parametrize("policy, legal", [
    # test_legal_play_pairs: to a led pair, a hand of 22 33 55 may not play 2 3 (NoProtections),
    # may with NoFormatBasedDraw
    ("NoProtections", False), ("LongerTuplesProtected", False), ("NoFormatBasedDraw", True),
    ("OnlyDrawTractorOnTractor", False),
])
def test_a_pair_draws_a_pair_unless_only_suit_is_followed(policy, legal):
    ctx = imported(trick_draw_policy=policy).context("4", "S")
    assert (ctx.follow_error("2S 2S 3S 3S 5S 5S", "7S 7S", "2S 3S") is None) == legal


@pytest.mark.parametrize("policy, legal", [
    # test_legal_play_pairs, "Check that we don't break longer tuples if that's not required": to
    # a led pair, a hand of 222 3 5 may play 3 5 with LongerTuplesProtected or NoFormatBasedDraw
    ("NoProtections", False), ("LongerTuplesProtected", True), ("NoFormatBasedDraw", True),
    ("LongerTuplesProtectedAndOnlyDrawTractorOnTractor", True),
])
def test_a_triple_is_protected(policy, legal):
    ctx = imported(players=6, num_decks=3, trick_draw_policy=policy).context("4", "S")
    assert (ctx.follow_error("2S 2S 2S 3S 5S", "7S 7S", "3S 5S") is None) == legal


def test_the_draw_policies_export():
    settings, lost = exported(tr.load(str(GALLERY / "F2-pairs-do-not-draw-pairs.tractor")))
    assert settings["trick_draw_policy"] == "NoFormatBasedDraw"
    assert not any(line.startswith("following.") for line in lost)
    # OnlyDrawTractorOnTractor leaves out only the tractor steps of a set of four or more: with
    # three decks or fewer it is NoProtections, with four it is named lost
    assert imported(trick_draw_policy="OnlyDrawTractorOnTractor").to_dict() == imported().to_dict()
    assert shengji.import_ruleset({"trick_draw_policy": "OnlyDrawTractorOnTractor"}, 4).lost == []
    lost = shengji.import_ruleset({"num_decks": 4, "trick_draw_policy": "OnlyDrawTractorOnTractor"}, 8).lost
    assert [line for line in lost if line.startswith("trick_draw_policy")] == [
        "trick_draw_policy OnlyDrawTractorOnTractor: rbtying asks no tractor of a follower to a led set of four cards "
        "or more; here such a lead draws a tractor of pairs before loose pairs"]


def test_a_quad_draws_a_tractor_of_pairs_before_loose_pairs():
    # ordered_card.rs test_subsequent_decomposition_ordering: [[4]] breaks down to [3] [1], then
    # [2, 2] (a tractor of two pairs), then [2] [2]: four-decks' own list for a quad takes any two
    # pairs, the import states rbtying's breakdown instead
    ctx = imported(players=8, num_decks=4).context("10", "H")
    hand = "5S 5S 6S 6S 9S 9S 3S"
    assert ctx.follow_error(hand, "AS AS AS AS", "5S 5S 9S 9S") is not None
    assert ctx.follow_error(hand, "AS AS AS AS", "5S 5S 6S 6S") is None


def test_a_triple_next_to_a_pair_is_named_lost():
    # ordered_card.rs full_decomposition_ordering: a tractor of two triples breaks down to a
    # triple next to a pair and a single ([3, 2] [1]); no statement asks for that
    lost = shengji.import_ruleset({"num_decks": 3}, 6).lost
    assert len(lost) == 1 and lost[0].startswith("the follow order with 3 decks: ")
    # with no tractor of triples (tractor_requirements min_count 4), nothing breaks down so
    assert shengji.import_ruleset({"num_decks": 3, "tractor_requirements": {"min_count": 4, "min_length": 2}}, 6).lost \
        == []


# --- penalties -----------------------------------------------------------------------------------


def test_a_failed_throw_costs_ten_points_and_scores_below_zero_are_lost():
    # play_phase.rs finish_trick: TenPointsPerAttempt adds 10 to the thrower's penalties;
    # calculate_points takes an attacker's from the attackers' points, so they may fall below 0,
    # and scoring.rs test_level_deltas scores -40 as landlord +4, -80 as +5
    assert shengji.rbtying_level_change(shengji.DEFAULT_SCORING, 2, 200, -40) == ("banker", 4)
    assert shengji.rbtying_level_change(shengji.DEFAULT_SCORING, 2, 200, -80) == ("banker", 5)
    assert shengji.rbtying_level_change(shengji.DEFAULT_SCORING, 2, 200, -35) == ("banker", 3)
    penalty = shengji.import_ruleset({"throw_penalty": "TenPointsPerAttempt"}, 4)
    rules = compile_text(penalty.text)
    assert (rules.leading.throw_penalty.kind, rules.leading.throw_penalty.points) == ("per-attempt", 10)
    assert penalty.lost == ["throw_penalty TenPointsPerAttempt: rbtying counts the attackers' points below 0 after "
                            "their penalties (-45 points give banker +4); here they stop at 0"]
    settings, lost = exported(tr.load(str(GALLERY / "P05-ten-points-per-failed-throw.tractor")))
    assert settings["throw_penalty"] == "TenPointsPerAttempt" and penalty.lost[0] in lost


@pytest.mark.parametrize("policy, last_lead, multiplier", [
    # play_phase.rs finish_trick: Times, 2 × the largest unit of the last trick; Power, 2 to it
    ("Times", "AS AS KS KS", 8), ("Power", "AS AS KS KS", 16), ("Power", "AS", 2), ("Power", "AS AS", 4),
])
def test_the_kitty_penalties(policy, last_lead, multiplier):
    rules = imported(kitty_penalty=policy)
    assert rules.context("10", "H").kitty_multiplier(last_lead) == multiplier
    assert exported(rules) == ({**exported(rules)[0], "kitty_penalty": policy}, [])


# --- the table -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, decks, kitty, hand", [
    # PropagatedState::num_decks: players / 2 when unset; initialize_phase.rs: the kitty is what
    # is left over, and players more while it is under 5 cards
    (4, 2, 8, 25), (5, 2, 8, 20), (6, 3, 6, 26), (8, 4, 8, 26),
])
def test_the_default_decks_and_kitty(players, decks, kitty, hand):
    mode = {"game_mode": {"FindingFriends": {"num_friends": None}}} if players % 2 else {}
    table = imported(players=players, **mode).table
    assert (table.decks, table.kitty_size, table.hand_size) == (decks, kitty, hand)


def test_point_cards_are_called_at_level_a_in_rbtying():
    # core/src/game_state/exchange_phase.rs set_friends and test_set_friends: PointCardNotAllowed
    # lets a landlord at level A call C_K; the condition on a card says so, and nothing is lost
    settings = {**FRIENDS, "friend_selection_policy": "PointCardNotAllowed"}
    imported_ruleset = shengji.import_ruleset(settings, 4)
    assert imported_ruleset.lost == []
    rules = compile_text(imported_ruleset.text)
    king = ("all", ("fact", "card-rank", "K"), ("fact", "level-is", "A"))
    assert rules.table.called_when == ("all", ("not", ("fact", "card-trump")),
                                       ("any", ("not", ("fact", "card-points")), king))
    assert exported(rules)[1] == []
    assert shengji.import_ruleset({**settings, "max_rank": "K"}, 4).lost == []


# --- comparing plays: ThrowEvaluationPolicy (mechanics/src/trick.rs Trick::winner) -------------------


@pytest.mark.parametrize("policy, winners", [
    # TrickUnitLength: comparisons sorted by unit size, equal ones skipped: the first unit that
    # differs decides (10 6 4 beats 10 5 3); a throw's singles are skipped when it holds a pair
    ("TrickUnitLength", (2, 1)),
    # All: every unit higher (6 > 5 and 4 > 3, but 10 = 10)
    ("All", (1, 1)),
    # Highest: the highest card, 10 = 10
    ("Highest", (1, 1)),
])
def test_two_ruffs_tied_on_the_top_card(policy, winners):
    rules = imported(throw_evaluation_policy=policy)
    ctx = rules.context("2", "H")
    singles = ctx.winner("AS KS QS", ["10H 5H 3H", "10H 6H 4H", "4C 5C 6C"])
    pair_and_single = ctx.winner("AS AS 9S", ["10H 10H 3H", "10H 10H 4H", "4C 5C 6C"])
    assert (singles, pair_and_single) == winners
    settings, lost = exported(rules)
    assert settings["throw_evaluation_policy"] == policy and lost == []


def test_largest_part_of_the_lead_is_named_lost():
    # no rbtying policy keeps the earlier of two ruffs tied on the largest part
    settings, lost = exported(house("ruff\n  needs: the lead's shape\n", "two-decks"))
    assert settings["throw_evaluation_policy"] == "TrickUnitLength"
    assert 'ruffing.compare: "largest-part" here; rbtying/shengji plays "part-by-part"' in lost


# --- combinations --------------------------------------------------------------------------------


def test_tractor_requirements():
    # mechanics/src/trick.rs find_tractors_from_start: count ≥ min_count, path length ≥ min_length
    assert imported().context("2", "H").is_tractor("5S 5S 6S 6S")
    longer = imported(tractor_requirements={"min_count": 2, "min_length": 3})
    ctx = longer.context("2", "H")
    assert not ctx.is_tractor("5S 5S 6S 6S") and ctx.is_tractor("5S 5S 6S 6S 7S 7S")
    assert exported(longer)[0]["tractor_requirements"] == {"min_count": 2, "min_length": 3}


def test_a_play_is_split_into_its_largest_unit():
    # mechanics/src/trick.rs TrickFormat::from_cards: of the splits TrickUnit::find_plays gives
    # (test_play_formats: 22233 is 2233 + 2 or 222 + 33), the one whose largest unit, a tractor
    # before a set, is largest: four decks split AAAA KKK as the tractor KKKAAA and an A, where
    # four-decks keeps identical cards together
    ctx = imported(players=8, num_decks=4).context("10", "H")
    assert [(u.width, u.length) for u in ctx.units("AS AS AS AS KS KS KS")] == [(3, 2), (1, 1)]
    three = imported(players=6, num_decks=3).context("10", "H")
    assert [(u.width, u.length) for u in three.units("2S 2S 2S 3S 3S")] == [(2, 2), (1, 1)]


def test_rainbows_and_bombs():
    # CompoundFormats.rainbows: None, no rainbows; Some(n), a lead of n cards of one number in four
    # suits (mechanics/src/trick.rs)
    rules = imported(compound_formats={"rainbows": 5})
    assert rules.combinations.rainbow_min == 5
    assert exported(rules)[0]["compound_formats"] == {"rainbows": 5}
    assert imported().combinations.rainbow_min == 0


# --- bombs: BombPolicy (mechanics/src/trick.rs of the versions that have it, later than 15b0b5ee) -------
# is_bomb: four identical cards or more; TrickFormat::is_legal_play: AllowBombs, a bomb is always a
# legal follow; AllowBombsSuitFollowing, a bomb of the led suit or of trumps is, one of another suit
# only from a hand void in the led suit; Trick::_defeats: a bomb beats any other play, of two bombs
# the more cards, then compare_effective (trumps, then types.rs Trump::suit_ordinal's suit order,
# then the rank).  The cases are rbtying's tests test_bomb_* and test_*_bomb_*, TRUMP being level 4
# with spades trump, or level 4 with hearts trump where the test says so.


def bombs(policy: str) -> tr.Rules:
    return imported(players=8, num_decks=4, bomb_policy=policy)


@pytest.mark.parametrize("trump, lead, follows, winner", [
    # test_bomb_beats_tractor
    ("S", "8S 8S 9S 9S", ["2S 2S 2S 2S", "3S 5S 6S 7S", "3S 5S 6S 7S"], 1),
    # test_higher_bomb_beats_lower_bomb
    ("S", "8S 8S 9S 9S", ["2S 2S 2S 2S", "3S 3S 3S 3S", "5S 6S 7S 10S"], 2),
    # test_trump_bomb_beats_non_trump_bomb (hearts trump)
    ("H", "8S 8S 9S 9S", ["2S 2S 2S 2S", "3H 3H 3H 3H", "5S 6S 7S 10S"], 2),
    # test_three_identical_cards_not_a_bomb
    ("S", "8S 8S 9S", ["2S 2S 2S", "3S 5S 6S", "3S 5S 6S"], 0),
    # test_leader_bomb_not_beaten_by_lower_bomb, test_higher_bomb_beats_leader_bomb
    ("S", "JH JH JH JH", ["2H 2H 2H 2H", "5C 6C 7C 8C", "5C 6C 7C 8C"], 0),
    ("S", "2H 2H 2H 2H", ["JH JH JH JH", "5C 6C 7C 8C", "5C 6C 7C 8C"], 1),
])
@pytest.mark.parametrize("policy", ["AllowBombs", "AllowBombsSuitFollowing"])
def test_bombs_win_as_rbtying_tests_them(policy, trump, lead, follows, winner):
    assert bombs(policy).context("4", trump).winner(lead, follows) == winner


def test_no_bombs_as_rbtying_tests_it():
    # test_bomb_not_allowed_when_policy_disabled: the tractor keeps the trick
    rules = bombs("NoBombs")
    assert rules.combinations.bomb_width == 0
    assert rules.context("4", "S").winner("8S 8S 9S 9S", ["2S 2S 2S 2S", "3S 5S 6S 7S", "3S 5S 6S 7S"]) == 0
    assert exported(rules)[0]["bomb_policy"] == "NoBombs"


def test_allow_bombs_lets_a_bomb_of_any_suit_be_played_and_win():
    # is_legal_play: "BombPolicy::AllowBombs => return true"; _defeats: "bomb always beats a non-bomb"
    rules = bombs("AllowBombs")
    ctx = rules.context("4", "H")
    assert ctx.follow_error("2D 2D 2D 2D 3S", "8S 8S 9S 9S", "2D 2D 2D 2D") is None
    assert ctx.winner("8S 8S 9S 9S", ["2D 2D 2D 2D", "3S 5S 6S 7S", "3S 5S 6S 7S"]) == 1
    settings, lost = exported(rules)
    assert settings["bomb_policy"] == "AllowBombs"
    assert [line for line in lost if "bomb" in line] == shengji.import_ruleset(
        {"num_decks": 4, "bomb_policy": "AllowBombs"}, 8).lost[:1]


def test_allow_bombs_ranks_side_suits_by_rank_here_and_by_suit_in_rbtying():
    # types.rs Trump::suit_ordinal, diamonds trump: spades 1, hearts 2, clubs 3; compare_effective
    # compares that before the rank, so rbtying gives the trick to 2H 2H 2H 2H over the led AS AS AS AS
    # (winner 1); here the higher card keeps it, and the difference is lost
    assert bombs("AllowBombs").context("4", "D").winner(
        "AS AS AS AS", ["2H 2H 2H 2H", "3C 5C 6C 7C", "3C 5C 6C 7C"]) == 0
    lost = shengji.import_ruleset({"num_decks": 4, "bomb_policy": "AllowBombs"}, 8).lost
    assert lost[0].startswith("bomb_policy AllowBombs: between bombs of as many cards, rbtying puts trumps first, "
                              "then the side suits in a fixed order")


def test_bombs_following_suit_as_rbtying_tests_them():
    rules = bombs("AllowBombsSuitFollowing")
    assert rules.following.exempt == ()
    hearts = rules.context("4", "H")
    # test_bomb_suit_following_same_suit_allowed
    assert rules.context("4", "S").winner("8S 8S 9S 9S", ["2S 2S 2S 2S", "3S 5S 6S 7S", "3S 5S 6S 7S"]) == 1
    # test_bomb_suit_following_off_suit_rejected_when_has_led_suit
    assert hearts.follow_error("2D 2D 2D 2D 3S", "8S 8S 9S 9S", "2D 2D 2D 2D") is not None
    assert exported(rules)[0]["bomb_policy"] == "AllowBombsSuitFollowing"


def test_what_rbtying_plays_otherwise_with_bombs_following_suit_is_lost():
    rules = bombs("AllowBombsSuitFollowing")
    hearts = rules.context("4", "H")
    lost = shengji.import_ruleset({"num_decks": 4, "bomb_policy": "AllowBombsSuitFollowing"}, 8).lost
    # test_bomb_suit_following_trump_bomb_allowed: "Trump bomb allowed even though P2 has spades",
    # and it wins; here the spade is owed
    assert hearts.follow_error("3H 3H 3H 3H 5S", "8S 8S 9S 9S", "3H 3H 3H 3H") is not None
    # is_legal_play: a bomb of the led suit is legal whatever the lead's shape; here the tractor is owed
    assert hearts.follow_error("2S 2S 2S 2S QS QS KS KS", "8S 8S 9S 9S", "2S 2S 2S 2S") is not None
    assert "a bomb of trumps even by a player who still holds the led suit" in lost[0]
    assert "whatever the lead's shape asks for" in lost[0]
    # test_bomb_suit_following_off_suit_allowed_when_void: rbtying gives the trick to 2D 2D 2D 2D
    # (winner 1); here a bomb of another side suit beats nothing
    assert hearts.winner("8S 8S 9S 9S", ["2D 2D 2D 2D", "3S 5S 6S 7S", "3S 5S 6S 7S"]) == 0
    assert lost[1].startswith("bomb_policy AllowBombsSuitFollowing: rbtying lets a bomb of another side suit, played "
                              "by a player void in the led suit, beat the trick")


@pytest.mark.parametrize("text, parent, policy, line", [
    # a bomb width rbtying cannot state: its bombs are four identical cards or more
    ("combinations\n  bombs: 3+ identical cards\n", "four-decks", "AllowBombsSuitFollowing",
     "combinations.bomb_width: 3 here; rbtying/shengji plays 4"),
    # two decks never hold rbtying's bomb
    ("combinations\n  bombs: 2+ identical cards\n", "two-decks", "NoBombs",
     "combinations.bomb_width: 2 here; rbtying/shengji plays 0"),
    # joined sets (rbtying/shengji issue 262, gallery C06)
    ("combinations\n  bombs: 4+ identical cards, may join adjacent sets\n", "four-decks", "AllowBombsSuitFollowing",
     "combinations.bomb_joins_sets: true here; rbtying/shengji plays false"),
    # rainbows as bombs (gallery C09): rbtying's rainbows are leads, never bombs
    ("combinations\n  rainbows: 4+ cards of one rank in four suits, as bombs\n", "one-deck", "NoBombs",
     "combinations.rainbow_bombs: true here; rbtying/shengji plays false"),
])
def test_bombs_rbtying_cannot_play_are_lost_at_export(text, parent, policy, line):
    settings, lost = exported(house(text, parent))
    assert settings["bomb_policy"] == policy
    assert line in lost


def test_the_free_bombs_of_the_gallery_export_allow_bombs():
    # F7 states rbtying's AllowBombs: what is lost of its bombs is the import's line, nothing more
    settings, lost = exported(tr.load(str(GALLERY / "F7-free-bombs.tractor")))
    assert settings["bomb_policy"] == "AllowBombs"
    assert [line for line in lost if "bomb" in line] == [shengji._BOMBS_LOST["AllowBombs"][0]]


def test_multiple_join_policy():
    # play_phase.rs finish_trick: with Unrestricted a called card played by a teammate is spent
    # ("double-join!"); with NoDoubleJoin it waits for the next copy: 'join twice: no'
    assert shengji.import_ruleset({**FRIENDS, "multiple_join_policy": "Unrestricted"}, 4).lost == []
    imported = shengji.import_ruleset({**FRIENDS, "multiple_join_policy": "NoDoubleJoin"}, 4)
    assert imported.lost == [] and "  join twice: no" in imported.text.splitlines()
    assert compile_text(imported.text).table.join_twice is False


# --- the default room ----------------------------------------------------------------------------


def test_the_default_room_states_every_default():
    text = shengji.import_ruleset({}, 4).text
    for setting in shengji.SETTINGS:
        if setting not in ("friend_selection_policy", "game_mode"):  # Finding Friends only; the table
            assert f"# {setting}" in text or f"{setting} " in text, setting
    assert shengji.differences(compile_text(text).to_dict(), tr.load(str(DEFAULTS)).to_dict()) == []


def test_not_rules_are_named_with_what_they_are():
    notes = shengji.check_keys({"chat_link": None, "hide_played_cards": False, "play_takeback_policy": "x",
                                "game_visibility": "Unlisted"})
    assert notes == ["chat_link (not a rule of the game: the room's chat link)",
                     "game_visibility (not a rule of the game: whether the room is listed)",
                     "hide_played_cards (not a rule of the game: what the screen shows)",
                     "play_takeback_policy (not a rule of the game: taking moves back)"]
    for rule in ("max_rank", "game_scoring_parameters", "multiple_join_policy", "bomb_policy",
                 "tractor_requirements", "compound_formats"):
        assert rule in shengji.SETTINGS and rule not in shengji.NOT_RULES
