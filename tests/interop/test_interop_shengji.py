"""rbtying/shengji settings: ``export --to shengji`` with its loss report, ``import --from shengji``
writing a ruleset, and the round trips between them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.interop import shengji
from tractor_rules.interop.targets import TARGETS

ROOT = Path(__file__).resolve().parents[2]
DEFAULTS = ROOT / "examples" / "interop" / "rbtying-defaults.tractor"


def compile_text(text: str) -> tr.Rules:
    return tr.loads(text, "<shengji>", allowed_roots=[])


def test_rbtyings_defaults_export_with_nothing_lost(tmp_path, capsys):
    out = tmp_path / "settings.json"
    assert main(["export", "--to", "shengji", str(DEFAULTS), "--strict", "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    settings = json.loads(out.read_text(encoding="utf-8"))
    assert settings == {
        "game_mode": "Tractor", "num_decks": 2, "kitty_size": 8, "friend_selection_policy": "Unrestricted",
        "advancement_policy": "Unrestricted", "kitty_penalty": "Times", "throw_penalty": "None",
        "kitty_bid_policy": "FirstCard", "kitty_theft_policy": "NoKittyTheft", "trick_draw_policy": "NoProtections",
        "throw_evaluation_policy": "All", "first_landlord_selection_policy": "ByWinningBid",
        "bid_policy": "JokerOrGreaterLength", "joker_bid_policy": "BothTwoOrMore",
        "bid_reinforcement_policy": "ReinforceWhileWinning", "jack_variation": "Disabled",
        "multiple_join_policy": "Unrestricted", "max_rank": "NT",
        "game_scoring_parameters": {"step_size_per_deck": 20, "step_adjustments": {},
                                    "num_steps_to_non_landlord_turnover": 2, "deadzone_size": 1,
                                    "truncate_zero_crossing_window": True,
                                    "bonus_level_policy": "BonusLevelForSmallerLandlordTeam"},
        "tractor_requirements": {"min_count": 2, "min_length": 2}, "bomb_policy": "NoBombs",
        "compound_formats": {"rainbows": None}}


def test_importing_rbtyings_defaults_gives_the_rules_of_the_example(tmp_path, capsys):
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"game_mode": "Tractor", "num_decks": None, "kitty_size": None,
                                    "players": [{"id": i} for i in range(4)], "chat_link": None}), encoding="utf-8")
    out = tmp_path / "room.tractor"
    assert main(["import", "--from", "shengji", str(settings), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == [f"{settings}: not imported: chat_link (not a rule of the game: the room's chat link)",
                                f"{settings}: not imported: players (not a rule of the game: the room's players "
                                "(their number is the table's))"]
    text = out.read_text(encoding="utf-8")
    assert 'extends: "two-decks"' in text
    assert "  # kitty_penalty Times\n  multiplier: 2 × size\n" in text
    # every default is stated, the extra no-trump level after A included
    assert "  # max_rank NT\n  game end: beyond the last level, jokers only\n" in text
    assert "  120+: attackers +1, +1 every 40\n" in text
    imported, example = tr.load(str(out)), tr.load(str(DEFAULTS))
    assert shengji.differences(imported.to_dict(), example.to_dict()) == []
    assert shengji._table_difference(imported, example) == []


def test_a_ruleset_rbtying_cannot_play_lists_what_is_lost(capsys, tmp_path):
    """What is lost is said as the rule sheet says the rules: each rule rbtying plays otherwise, the
    ruleset's sentence and rbtying's, whole.  It was a line of compiled JSON per field, cut on both
    sides, so that a long list and rbtying's looked the same ("following.lists: [{"lead": ...…
    here; rbtying/shengji plays [{"lead": ...…")."""
    assert main(["export", "--to", "shengji", "two-decks", "-o", str(tmp_path / "s.json")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[err.index("lost: Leading and throws:") + 1:][:2] == [
        "  this ruleset:    If a throw fails, the leader plays only its beaten part with the lowest cards and takes "
        "the rest back.",
        "  rbtying/shengji: If a throw fails, only the first player after the leader, in turn, who can beat a part of "
        "it counts. The leader plays only the part with the fewest cards among those that player beats (of those, "
        "the one with the lowest cards), and takes the rest back."]
    # a list that changed: its sentence once, then each item as each side has it
    following = err.index("lost: Following:")
    assert err[following + 1:following + 4] == [
        "  To a tractor of n pairs, in order of priority:",
        "    this ruleset:    1. a tractor of n pairs",
        "    rbtying/shengji: 1. the lead broken down step by step: the most cards in the largest sets, then those "
        "sets in the longest tractors, in the fewest pieces"]
    assert not any("…" in line or " here; " in line or "{" in line for line in err)
    lost = [line for line in err if line.startswith("lost: ")]
    assert err[-1] == f"{len(lost)} rules of Tractor (two decks) that rbtying/shengji cannot play"
    assert main(["export", "--to", "shengji", "two-decks", "--strict", "-o", str(tmp_path / "s.json")]) == 1


def test_each_house_rule_after_a_hand_is_lost_in_the_sheets_words():
    """rbtying/shengji has no house rules after a hand: the export names each one, in the words of
    the rule sheet, and nothing is lost for a ruleset without them."""
    rules = tr.loads('extends: "two-decks"\nlevels\n  when the bankers lose and the bankers played 5H: '
                     "bankers -1 level\n  when a hand ends: the next banker is the player who took 5H\n")
    _, lost = TARGETS["shengji"].export(rules)
    assert [line for line in lost if line.startswith("levels.after_hand")] == [
        'levels.after_hand[0]: "If the bankers lose the hand and the bankers play ♥5 to a trick (whoever wins '
        'it): the bankers go down 1 level." rbtying/shengji has no house rules after a hand',
        'levels.after_hand[1]: "After every hand: the player who wins the first trick holding ♥5 banks the next '
        'hand (if no ♥5 was played, the next banker is as the other rules say)." rbtying/shengji has no house '
        "rules after a hand"]
    assert not [line for line in TARGETS["shengji"].export(tr.load("two-decks"))[1]
                if line.startswith("levels.after_hand")]


def test_what_no_sentence_words_is_lost_as_the_export_says_it():
    """A lost line that no rule of the sheet covers (the upgrade table's outcomes, a setting no
    statement can give) is kept as the export wrote it; one a rule covers gives way to the rule."""
    from tractor_rules.commands.interop import lost_in_words

    rules = tr.load("two-decks")
    lines = ["thresholds: 560 points give attackers +4 here; rbtying/shengji plays attackers +5",
             "advancement_policy FullyUnrestricted: why"]
    assert lost_in_words(rules, rules, lines, "rbtying/shengji") == [[f"lost: {line}"] for line in lines]
    played = tr.loads('extends: "two-decks"\n\nlead\n  throws: not allowed\n')
    blocks = lost_in_words(rules, played, ['leading.throws: "allowed" here; rbtying/shengji plays "none"'],
                           "rbtying/shengji")
    assert blocks[0][0] == "lost: Leading and throws:"
    assert [line.split(":")[0].strip() for line in blocks[0][1:]] == ["this ruleset", "rbtying/shengji"]
    assert not any("leading.throws" in line for block in blocks for line in block)


@pytest.mark.parametrize("name", tr.builtin_names())
def test_every_shipped_ruleset_exports_or_says_what_is_lost(name):
    rules = tr.load(name)
    settings, lost = TARGETS["shengji"].export(rules)
    assert set(settings) == set(shengji.SETTINGS)
    # what is not lost plays the same: the rules of the settings differ from the ruleset exactly
    # in the fields the report lists
    imported = shengji.import_ruleset(settings, rules.table.players)
    played = compile_text(imported.text)
    assert lost == (shengji.differences(rules.to_dict(), played.to_dict())
                    + shengji._table_difference(rules, played) + imported.lost)


VARIANTS = [
    {},
    {"kitty_penalty": "Power", "throw_penalty": "TenPointsPerAttempt"},
    {"advancement_policy": "DefendPoints", "jack_variation": "SingleJack"},
    {"advancement_policy": "FullyUnrestricted", "kitty_theft_policy": "AllowKittyTheft"},
    {"trick_draw_policy": "LongerTuplesProtected", "throw_evaluation_policy": "Highest"},
    {"throw_evaluation_policy": "TrickUnitLength", "first_landlord_selection_policy": "ByFirstBid"},
    {"bid_reinforcement_policy": "OverturnOrReinforceWhileWinning"},
    {"bid_reinforcement_policy": "ReinforceWhileEquivalent"},
    {"game_mode": {"FindingFriends": {"num_friends": 2}}, "num_decks": 3, "friend_selection_policy": "PointCardNotAllowed"},
    {"game_mode": {"FindingFriends": {"num_friends": 2}}, "num_decks": 3, "friend_selection_policy": "TrumpsIncluded"},
    {"game_mode": {"FindingFriends": {"num_friends": 1}}, "friend_selection_policy": "HighestCardNotAllowed"},
    {"game_mode": {"FindingFriends": {"num_friends": 2}}, "num_decks": 3, "multiple_join_policy": "NoDoubleJoin"},
    {"max_rank": "A"},
    {"max_rank": "K", "advancement_policy": "DefendPoints"},
    {"max_rank": "NT", "advancement_policy": "DefendPoints", "jack_variation": "SingleJack"},
    {"max_rank": "NT", "advancement_policy": "FullyUnrestricted"},
    {"throw_evaluation_policy": "TrickUnitLength", "bid_reinforcement_policy": "ReinforceWhileEquivalent"},
    {"game_scoring_parameters": {**shengji.DEFAULT_SCORING, "deadzone_size": 0}},
    {"game_scoring_parameters": {**shengji.DEFAULT_SCORING, "truncate_zero_crossing_window": False}},
    {"game_scoring_parameters": {**shengji.DEFAULT_SCORING, "step_adjustments": {"2": 10}}},
    {"game_mode": {"FindingFriends": {"num_friends": 1}},
     "game_scoring_parameters": {**shengji.DEFAULT_SCORING, "bonus_level_policy": "NoBonusLevel"}},
    {"tractor_requirements": {"min_count": 2, "min_length": 3}, "compound_formats": {"rainbows": 5}},
    {"trick_draw_policy": "NoFormatBasedDraw", "kitty_bid_policy": "FirstCardOfLevelOrHighest"},
    {"bid_policy": "GreaterLength", "joker_bid_policy": "LJNumDecksHJNumDecksLessOne"},
    {"joker_bid_policy": "Disabled", "bid_reinforcement_policy": "ReinforceWhileEquivalent"},
    {"num_decks": 3, "bid_policy": "GreaterLength", "joker_bid_policy": "BothNumDecks",
     "trick_draw_policy": "LongerTuplesProtected"},
    {"game_mode": {"FindingFriends": {"num_friends": 1}}, "friend_selection_policy": "PointCardNotAllowed",
     "max_rank": "K"},
    # rbtying's bombs are four identical cards or more: four decks
    {"num_decks": 4, "bomb_policy": "AllowBombs"},
    {"num_decks": 4, "bomb_policy": "AllowBombsSuitFollowing", "trick_draw_policy": "LongerTuplesProtected"},
    {"num_decks": 4, "bomb_policy": "NoBombs"},
]


@pytest.mark.parametrize("changes", VARIANTS, ids=[json.dumps(v)[:60] for v in VARIANTS])
def test_export_after_import_gives_the_settings_back(changes):
    players = {3: 6, 4: 8}.get(changes.get("num_decks"), 4)
    defaults = TARGETS["shengji"].export(tr.load(str(DEFAULTS)))[0]
    settings = {**defaults, **changes}
    if players == 6:
        settings["kitty_size"] = 6
    imported = shengji.import_ruleset(settings, players)
    rules = compile_text(imported.text)
    exported, lost = TARGETS["shengji"].export(rules)
    # what the import cannot state is lost both ways; everything else plays the same
    assert (exported, lost) == (settings, imported.lost)


@pytest.mark.parametrize("policy", ["AllowBombs", "AllowBombsSuitFollowing"])
def test_bombs_with_fewer_than_four_decks_are_none_and_nothing_is_lost(tmp_path, capsys, policy):
    """rbtying's least bomb is four identical cards (trick.rs is_bomb): two decks never hold one, so
    either policy plays as NoBombs there, and the ruleset written says so."""
    defaults = TARGETS["shengji"].export(tr.load(str(DEFAULTS)))[0]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**defaults, "bomb_policy": policy}), encoding="utf-8")
    out = tmp_path / "room.tractor"
    assert main(["import", "--from", "shengji", str(path), "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    text = out.read_text(encoding="utf-8")
    assert (f"  # bomb_policy {policy}: a bomb is four identical cards or more (trick.rs is_bomb), which 2 decks "
            "never hold\n  bombs: none\n") in text
    assert "  exempt: nothing\n" in text
    # the ruleset written plays as rbtying's room does, and exports the setting that says so
    exported, lost = TARGETS["shengji"].export(tr.load(str(out)))
    assert (exported, lost) == ({**defaults, "bomb_policy": "NoBombs"}, [])


@pytest.mark.parametrize("policy, exempt, lost", [
    ("AllowBombs", "bombs from following suit", 1),
    ("AllowBombsSuitFollowing", "nothing", 2),
])
def test_bombs_of_four_decks_are_imported_with_what_rbtying_plays_otherwise(tmp_path, capsys, policy, exempt, lost):
    settings = {**TARGETS["shengji"].export(tr.load(str(DEFAULTS)))[0], "num_decks": 4, "bomb_policy": policy}
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings), encoding="utf-8")
    out = tmp_path / "room.tractor"
    assert main(["import", "--from", "shengji", str(path), "--players", "8", "-o", str(out)]) == 0
    err = capsys.readouterr().err.splitlines()
    bombs = [line for line in err if line.startswith(f"{path}: lost: bomb_policy {policy}: ")]
    assert len(bombs) == lost and all(line.endswith("here only bombs of the led suit or of trumps beat")
                                      or "rank alone" in line or "follows as any play does" in line for line in bombs)
    text = out.read_text(encoding="utf-8")
    assert "  bombs: 4+ identical cards\n" in text and f"  exempt: {exempt}\n" in text
    rules = tr.load(str(out))
    assert rules.combinations.bomb_width == 4 and rules.following.free_bombs == (policy == "AllowBombs")
    # the export gives the policy back, losing what the import lost
    exported, lost_again = TARGETS["shengji"].export(rules)
    assert exported == settings
    assert lost_again == [line.split(": lost: ", 1)[1] for line in err]


@pytest.mark.parametrize("content, message", [
    ("{bad", "1:2: not JSON: Expecting property name enclosed in double quotes"),
    ("[1]", "expected a JSON object of rbtying/shengji settings"),
    ('{"colour": "red"}', 'unknown setting "colour": not a field of rbtying/shengji\'s PropagatedState that this '
                          'version knows'),
    ('{"kitty_penalty": "Triple"}', 'kitty_penalty: "Triple" cannot be imported (this version reads Times, Power)'),
    ('{"num_decks": -1}', "num_decks: a whole number or null, not -1"),
    ('{"num_decks": 7}', "num_decks: 7 decks; the shipped rulesets have 1 to 4"),
    ('{"kitty_size": 7}', "kitty_size: 7 cards do not leave 101 cards to deal evenly to 4 players (cards taken out of the deck "
                            "cannot be imported yet)"),
    ('{"game_mode": "Chess"}', 'game_mode: "Chess" is neither "Tractor" nor {"FindingFriends": ...}'),
    # before, only the settings mutant net met these (tests/hostile/test_hostile_reader_mutants.py), past its
    # 500th and 750th seeds
    ('{"game_mode": {"FindingFriends": {"num_friends": 0}}}', "game_mode: num_friends is a whole number of 1 or more, "
                                                               "not 0"),
    ('{"game_mode": {"FindingFriends": {"num_friends": 1}}, "friend_selection_policy": "Nope"}',
     'friend_selection_policy: "Nope" cannot be imported (this version reads Unrestricted, TrumpsIncluded, '
     'HighestCardNotAllowed, PointCardNotAllowed)'),
])
def test_bad_settings_are_one_clear_line(tmp_path, capsys, content, message):
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    out = tmp_path / "out.tractor"
    assert main(["import", "--from", "shengji", str(path), "-o", str(out)]) == 1
    assert capsys.readouterr().err == f"{path}: {message}\n"
    assert not out.exists()


def test_unreadable_settings_files(tmp_path, capsys):
    assert main(["import", "--from", "shengji", str(tmp_path / "missing.json")]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'missing.json'}: cannot read: No such file or directory\n"
    assert main(["import", "--from", "shengji", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"{tmp_path}: cannot read: it is a folder\n"


def test_the_targets_come_from_the_registry(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["export", "--to", "pagat", "two-decks"])
    assert exit_.value.code == 2
    assert "invalid choice: 'pagat' (choose from 'shengji')" in capsys.readouterr().err


@pytest.mark.parametrize("policy", ["AllowBombs", "AllowBombsSuitFollowing"])
def test_a_room_with_bombs_plays_200_hands_that_replay_clean(tmp_path, capsys, policy):
    """A four-deck room of eight with each bomb policy, imported from its settings file, plays 200
    hands of random and greedy players, and every hand's log replays under the ruleset written."""
    from tractor_rules.engine.records.replay import replay_log
    from tractor_rules.engine.records.simulate import simulate

    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"num_decks": 4, "bomb_policy": policy, "players": [{"id": i} for i in range(8)]}),
                        encoding="utf-8")
    out = tmp_path / "room.tractor"
    assert main(["import", "--from", "shengji", str(settings), "-o", str(out)]) == 0
    capsys.readouterr()
    rules = tr.load(str(out))
    assert (rules.table.players, rules.table.decks, rules.combinations.bomb_width) == (8, 4, 4)
    lines = [result.log_line for result in simulate(rules, 200, seed=3, players="random,greedy", log=True)]
    assert len(lines) == 200
    assert replay_log(lines, rules) == {}
    # the hands reach leads of four cards or more, the leads a bomb may answer
    tricks = [trick for line in lines for trick in json.loads(line)["tricks"]]
    assert sum(len(trick["plays"][0].split()) >= 4 for trick in tricks) > 10
