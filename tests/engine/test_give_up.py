"""Giving up the bank (``declaring.give_up_bank``, issue #26, L28 of the gallery): once the deal is
over, a banker against whom another team's declaration stands may give the bank to that declarer,
the hand staying at its level.  The language, the check and the lint, the engine's phase and its
players, the log and its replay, the match, the JSON form, the sheet and the learning environment."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.give_up import weak_for_the_bank
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.flow.views import PlayerView
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import RulesetError
from player_kinds import EVERY_KIND, SEARCH, first_hand, hands_that_replay_clean

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
L28 = GALLERY / "L28-give-up-the-bank.tractor"


@pytest.fixture(scope="module")
def give_up() -> tr.Rules:
    return tr.load(L28)


class Yielding(GreedyPlayer):
    """Gives up the bank whenever asked, and notes the views it was asked with."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[PlayerView] = []

    def give_up_bank(self, view: PlayerView) -> bool:
        self.asked.append(view)
        return True


class Keeping(GreedyPlayer):
    def give_up_bank(self, view: PlayerView) -> bool:
        return False


def _given_up_hand(rules: tr.Rules, banker: int = 0, seeds: range = range(60)):
    """A hand in which the banker gave the bank up, and its players."""
    return first_hand(rules, lambda seed: [Yielding() for _ in range(rules.table.players)],
                      lambda record, players: record.gave_up is not None, seeds=seeds, banker=banker)


# --- the language ----------------------------------------------------------------------------------


def test_the_statement_switches_the_phase_on(give_up):
    assert give_up.declaring.give_up_bank
    assert give_up.phases() == ("deal", "give-up", "bury", "play", "score")
    two_decks = tr.load("two-decks")
    assert not two_decks.declaring.give_up_bank and "give-up" not in two_decks.phases()
    off = tr.loads(f'extends: "{L28}"\ndeclare\n  give up the bank: no\n', origin=str(GALLERY / "house.tractor"))
    assert not off.declaring.give_up_bank and "give-up" not in off.phases()
    unset = tr.loads(f'extends: "{L28}"\ndeclare\n  unset: give up the bank\n', origin=str(GALLERY / "house.tractor"))
    assert not unset.declaring.give_up_bank


@pytest.mark.parametrize("extra, where", [
    ("declare\n  give up the bank: yes\n  ladder: none\n  nobody declares: trump S\n", "'ladder: none'"),
    ("declare\n  give up the bank: yes\nauction\n  bids: 80 down to 5 by 5\n", "an auction decides the bank"),
])
def test_giving_up_where_nobody_declares_is_refused_where_it_is_written(extra, where):
    with pytest.raises(RulesetError) as info:
        tr.loads('extends: "two-decks"\n' + extra, origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E319", 3, 3)
    assert where in diagnostic.message


def test_lint_warns_of_a_game_of_one_hand():
    from tractor_rules import facade

    text = 'extends: "two-decks"\ndeclare\n  give up the bank: yes\nlevels\n  game end: after 1 hands\n'
    found = [(d["line"], d["code"]) for d in facade.lint(text, "house.tractor")["diagnostics"]]
    assert found == [(3, "W110")]
    longer = text.replace("after 1 hands", "after 2 hands")
    assert facade.lint(longer, "house.tractor")["diagnostics"] == []


# --- the oracle --------------------------------------------------------------------------------------


def test_the_oracle_says_who_banks_when_the_bank_is_given_up(give_up):
    assert [give_up.bank_given_up_to(0, d) for d in (None, 0, 1, 2, 3)] == [None, None, 1, None, 3]
    assert [give_up.bank_given_up_to(1, d) for d in (0, 1, 2, 3)] == [0, None, 2, None]
    assert tr.load("two-decks").bank_given_up_to(0, 1) is None  # the rule is off
    friends = tr.loads('extends: "house-finding-friends"\ndeclare\n  give up the bank: yes\n', origin="house.tractor")
    n = friends.table.players
    assert [friends.bank_given_up_to(0, d) for d in range(n)] == [None] + list(range(1, n))


# --- the engine --------------------------------------------------------------------------------------


def test_the_banker_gives_the_bank_to_the_other_teams_standing_declarer(give_up):
    record, players = _given_up_hand(give_up)
    assert record.gave_up == 0 and record.banker == record.declarer and record.banker % 2 == 1
    assert record.level == "5" and record.trump_by == "declared"
    assert record.banker_team == {record.banker, (record.banker + 2) % 4}
    assert record.tricks[0].leader == record.banker  # the new banker took the kitty and leads
    (view,) = players[0].asked
    assert view.seat == 0 and len(view.hand) == give_up.table.hand_size and view.trump == record.trump


def test_the_bank_stays_when_the_banker_keeps_it_or_cannot_give_it_up(give_up):
    for seed in range(30):
        kept = play_hand(give_up, [Keeping() for _ in range(4)], random.Random(seed), level="5", banker=0)
        assert kept.gave_up is None and kept.banker == 0
        players = [Yielding() for _ in range(4)]
        record = play_hand(give_up, players, random.Random(seed), level="5", banker=0)
        offered = record.declarer is not None and record.declarer % 2 == 1
        assert bool(players[0].asked) == offered  # asked only against the other team's declaration
        assert (record.gave_up is not None) == offered
        assert all(not p.asked for p in players[1:])
    first = play_hand(give_up, [Yielding() for _ in range(4)], random.Random(3))  # the first hand
    assert first.gave_up is None


def test_a_ruleset_without_the_statement_plays_as_before(give_up):
    """The phase is not there, and no player is asked: the same seed gives the same hand."""
    two_decks = tr.load("two-decks")
    players = [Yielding() for _ in range(4)]
    record = play_hand(two_decks, players, random.Random(7), level="5", banker=0)
    assert record.gave_up is None and not any(p.asked for p in players)
    log = record.to_log()
    assert "gave_up" not in log and "declarer" not in log
    again = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(7), level="5", banker=0)
    assert again.to_log() == log


def test_a_player_gives_up_a_hand_weak_in_trumps(give_up):
    from tractor_rules.engine.flow.views import Public

    public = Public(give_up, 4, 0, "5", 0)
    public.trump, public.ctx = "S", give_up.context("5", "S")
    spades = [c for c in range(13)]  # ♠2..♠A: every one a trump
    hearts = [13 + c for c in range(13) if c != 3]  # ♥ without the 5: none a trump
    assert not weak_for_the_bank(PlayerView(0, tuple(spades + hearts[:12]), public))
    assert weak_for_the_bank(PlayerView(0, tuple(hearts + hearts[:13]), public))


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(give_up, kind):
    given = 0
    for record in hands_that_replay_clean(give_up, kind, 3 if kind == SEARCH else 40):
        log = record.to_log()
        assert log["gave_up"] == record.gave_up and log["declarer"] == record.declarer
        given += record.gave_up is not None
    if kind != SEARCH:
        assert given  # each kind does give the bank up now and then


def test_the_replay_checks_who_gave_the_bank_up_and_who_banks(give_up):
    record, _ = _given_up_hand(give_up)
    log = record.to_log()
    assert replay_hand(json.dumps(log), give_up) == []
    to_partner = dict(log, gave_up=(log["banker"] + 2) % 4)
    assert any("may not give up the bank" in p for p in replay_hand(json.dumps(to_partner), give_up))
    nobody = dict(log, declarer=None)
    assert any("nobody's declaration" in p for p in replay_hand(json.dumps(nobody), give_up))
    elsewhere = dict(log, gave_up=(log["banker"] + 3) % 4, declarer=(log["banker"] + 2) % 4)
    assert any("not to the banker" in p for p in replay_hand(json.dumps(elsewhere), give_up))
    unlogged = {k: v for k, v in log.items() if k != "gave_up"}
    assert any("gave_up, declarer: needed" in p for p in replay_hand(json.dumps(unlogged), give_up))
    two_decks = tr.load("two-decks")
    plain = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(1)).to_log()
    assert any("do not let the bank be given up" in p
               for p in replay_hand(json.dumps(dict(plain, gave_up=None)), two_decks))


def test_a_game_with_the_bank_given_up_plays_to_its_end(give_up):
    match = Match(give_up, [Yielding() for _ in range(4)], random.Random(2), max_hands=400)
    result = match.play()
    assert result.status == "won"
    given = [r for r in result.hands if r.gave_up is not None]
    assert given
    for before, record in zip(result.hands, result.hands[1:]):
        if record.gave_up is not None:
            assert record.gave_up == before.next_banker != record.banker
    for record in given:
        assert replay_hand(json.dumps(record.to_log()), give_up) == []


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(give_up):
    data = give_up.to_dict()
    assert data["declaring"]["give_up_bank"] is True
    assert tr.Rules.from_dict(data) == give_up
    assert rules_to_dict_as(give_up, 3) is None
    two_decks = tr.load("two-decks")
    old = rules_to_dict_as(two_decks, 3)
    assert old is not None and "give_up_bank" not in old["declaring"]
    assert not tr.Rules.from_dict(old).declaring.give_up_bank


# --- the sheet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["Giving up the bank: the banker may hand the bank to the player whose declaration stands",
            "the banker may give up the bank: that player becomes the banker, and the hand is played at the same level"]),
    ("zh", ["弃庄：若亮主有效的人不是庄家一方的", "庄家可以弃庄：由那个人做庄，这一局仍打原来的级别"]),
])
def test_the_sheet_says_the_bank_may_be_given_up(give_up, lang, words):
    for word in words:
        assert word in sheet_text(give_up, lang)
        assert word not in sheet_text(tr.load("two-decks"), lang)


def test_with_called_partners_the_sheet_says_any_other_player():
    friends = tr.loads('extends: "house-finding-friends"\ndeclare\n  give up the bank: yes\n', origin="house.tractor")
    text = sheet_text(friends, "en")
    assert "if another player holds the standing declaration, the banker may give up the bank" in text


# --- the reinforcement-learning environment ----------------------------------------------------------


def test_the_learning_environment_plays_hands_where_the_bank_may_be_given_up(give_up):
    """Giving up the bank is the engine's greedy player's decision: an agent only leads and follows,
    from the mask, and every hand ends replayable."""
    from episodes import play_random_hands

    from tractor_rules.rl import raw_env

    for record in play_random_hands(raw_env(give_up, level="5", banker=0), 4, seed=1):
        assert replay_hand(json.dumps(record.to_log()), give_up) == []


@pytest.mark.parametrize("their_level, wins", [("A", True), ("K", False)])
def test_holding_a_bank_given_up_wins_the_game_only_at_the_new_bankers_own_last_level(
        give_up, monkeypatch, their_level, wins):
    """Seats 0 and 2 bank at A and give the bank up to seat 1, whose team holds it: the game is won
    only if A is also the new bankers' own level."""
    from types import SimpleNamespace

    from tractor_rules.engine.flow import match as match_module

    match = Match(give_up, [GreedyPlayer() for _ in range(4)], random.Random(0), max_hands=10)
    top = match.ladder.index("A")
    match.levels = [top, match.ladder.index(their_level), top, match.ladder.index(their_level)]
    match.banker = 0
    record = SimpleNamespace(level_change=("banker", 1), banker_team=frozenset({1, 3}), tricks=[], banker=1,
                             next_banker=3, after_hand=(), gave_up=0, level="A")
    monkeypatch.setattr(match_module, "play_hand", lambda *a, **k: record)
    match.step()
    if wins:
        assert match.status == "won" and match.winners == frozenset({1, 3})
    else:  # they hold the bank and go up from their own level, K, to A
        assert match.status == "playing" and match.ladder[match.levels[1]] == "A"
