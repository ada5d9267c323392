"""Turning the kitty's cards to find the banker (翻底牌定庄, ``declaring.fallback`` "player-level-card",
D27 of the gallery): where each player declares at their own level and nobody declares, the kitty's
cards are turned from the first until one is of some player's level; that player banks at it, the
first at that level in turn from the dealer, and its suit is trump; with none, the dealer banks at
their level and the ways after it choose trump.  The language, the check and the lint, the
engine's deal and match with every kind of player, the log and its replay, the JSON form and the
sheet."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.deck.cards import parse_cards
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.declaring import turn_kitty
from tractor_rules.errors import RulesetError
from player_kinds import EVERY_KIND, SEARCH

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D27 = GALLERY / "D27-turn-kitty-for-banker.tractor"
OWN = ('extends: "two-decks"\ndeclare\n  level cards: each player\'s own\n  first banker: final declarer\n'
       "  nobody declares: first kitty card at a player's level, otherwise kitty card 8, skip jokers back to card 1\n")
LEVELS = ["5", "9", "5", "9"]


class Quiet(GreedyPlayer):
    """A greedy player who never declares, so that every hand is one nobody declares in."""

    def declare(self, view, offers):
        return None


def quiet(players):
    """``players`` made never to declare: their other choices stay their own."""
    for p in players:
        p.declare = lambda view, offers: None
    return players


@pytest.fixture(scope="module")
def d27() -> tr.Rules:
    return tr.load(D27)


@pytest.fixture(scope="module")
def own() -> tr.Rules:
    return tr.loads(OWN, origin="house.tractor")


# --- the language ----------------------------------------------------------------------------------


def test_the_way_is_written_in_nobody_declares(d27, own):
    fb = d27.declaring.fallback
    assert fb.kind == "player-level-card"
    assert [(w.kind, w.card, w.skip_to) for w in d27.declaring.fallback_then] == [("kitty-card", 6, 1)]
    assert d27.declaring.first_fallback == "same"
    assert own.declaring.fallback.kind == "player-level-card"


@pytest.mark.parametrize("text, line, words", [
    ('extends: "two-decks"\ndeclare\n  nobody declares: first kitty card at a player\'s level\n', 3,
     "every player declares at the hand's level"),
    ('extends: "two-decks"\ndeclare\n  level cards: each player\'s own\n  first banker: final declarer\n'
     "  nobody declares: kitty card 1, otherwise first kitty card at a player's level\n", 5,
     "before any 'otherwise'"),
])
def test_impossible_uses_are_refused_with_E324(text, line, words):
    with pytest.raises(RulesetError) as info:
        tr.loads(text, origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E324", line, 3)
    assert words in diagnostic.message


def test_lint_warns_of_a_level_card_looked_for_after_the_turning():
    from tractor_rules import facade

    text = OWN.replace("otherwise kitty card 8, skip jokers back to card 1", "otherwise first level card in kitty")
    found = facade.lint(text, "house.tractor")["diagnostics"]
    assert [(d["line"], d["code"]) for d in found] == [(5, "W115")]
    assert facade.lint(OWN, "house.tractor")["diagnostics"] == []


# --- the turning ----------------------------------------------------------------------------------------


def test_the_kitty_is_turned_until_a_card_of_some_players_level(own):
    cards = parse_cards("3S BJ 9H 5D 2C", own.table)
    turned = turn_kitty(cards, LEVELS, dealer=2)
    # 9H is seat 1's and seat 3's level: seat 3 comes first in turn from the dealer, seat 2
    assert [str(c) for c in turned.cards] == ["3S", "BJ", "9H"] and turned.banker == 3
    assert turn_kitty(cards, LEVELS, dealer=1).banker == 1  # the dealer first
    assert turn_kitty(cards, ["5", "7", "5", "7"], dealer=1).banker == 2
    none = turn_kitty(cards, ["K", "Q", "K", "Q"], dealer=0)
    assert none.banker is None and len(none.cards) == 5


def test_nobody_declares_and_the_turned_card_names_banker_level_and_trump(own):
    seen = set()
    for seed in range(30):
        record = play_hand(own, [Quiet() for _ in range(4)], random.Random(seed), level="9", banker=1,
                           seat_levels=LEVELS)
        turned = record.turned
        assert record.declarer is None and turned is not None and turned.dealer == 1
        if turned.banker is None:
            assert record.banker == 1 and record.level == "9"
            assert all(c.is_joker or c.rank not in LEVELS for c in turned.cards)
            seen.add("none")
        else:
            last = turned.cards[-1]
            assert all(c.is_joker or c.rank not in LEVELS for c in turned.cards[:-1])
            assert record.banker == turned.banker and record.level == last.rank and record.trump == last.suit
            assert turned.banker == (1 if last.rank == "9" else 2)
            assert last in record.hands[record.banker] or last in record.kitty  # it stays in the kitty
            seen.add(last.rank)
        assert replay_hand(json.dumps(record.to_log()), own) == []
    assert {"5", "9"} <= seen


def test_where_someone_declares_nothing_is_turned(own):
    record = play_hand(own, [GreedyPlayer() for _ in range(4)], random.Random(2), level="9", banker=1,
                       seat_levels=LEVELS)
    assert record.declarer is not None and record.turned is None
    log = record.to_log()
    assert log["turned"] is None and replay_hand(json.dumps(log), own) == []


def test_a_ruleset_without_the_way_turns_nothing_and_logs_nothing():
    rules = tr.load(GALLERY / "D26-overturn-at-own-level.tractor")
    record = play_hand(rules, [Quiet() for _ in range(4)], random.Random(3), level="9", banker=1,
                       seat_levels=LEVELS)
    assert record.turned is None and "turned" not in record.to_log()
    assert record.banker == 1 and record.level == "9"


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_turned_hands_that_replay_clean(d27, own, kind):
    # the search player, slow on three decks, plays the two-deck game's one hand
    rules = own if kind == SEARCH else d27
    players = quiet(make_players(kind, rules.table.players, random.Random(4)))
    match = Match(rules, players, random.Random(5), max_hands=1 if kind == SEARCH else 12)
    result = match.play()
    assert result.hands
    for record in result.hands:
        log = record.to_log()
        assert log["turned"] is not None and log["declarer"] is None
        assert replay_hand(json.dumps(log), rules) == []
    if kind == SEARCH:
        return
    # and declaring as they will, every hand replays too
    match = Match(d27, make_players(kind, d27.table.players, random.Random(6)), random.Random(7), max_hands=8)
    for record in match.play().hands:
        assert replay_hand(json.dumps(record.to_log()), d27) == []


def test_in_a_match_the_first_hand_turns_too_and_the_level_is_the_bankers(d27):
    match = Match(d27, quiet(make_players("greedy", 4, random.Random(1))), random.Random(8), max_hands=30)
    first = True
    while not match.done:
        before = [match.level_at(i) for i in match.levels]
        record = match.step()
        assert record.level == before[record.banker]
        if first:
            assert record.turned is not None  # 'first hand nobody declares: as later hands'
            first = False


def test_the_replay_checks_the_turned_cards(own):
    record = next(r for seed in range(40)
                  if (r := play_hand(own, [Quiet() for _ in range(4)], random.Random(seed), level="9", banker=1,
                                     seat_levels=LEVELS)).turned.banker not in (None, 1))
    log = record.to_log()
    assert replay_hand(json.dumps(log), own) == []
    turned = log["turned"]

    def problems(**change):
        return " ".join(replay_hand(json.dumps(dict(log, turned=dict(turned, **change))), own))

    # the banker is seat 2, the one seat at level 5; with seat 0 the one at 5, seat 0 comes first from the dealer
    assert log["banker"] == 2 and "so seat 0 banks" in problems(levels=["5", "9", "9", "9"])
    assert "the turning stops there" in problems(cards="5S " + turned["cards"])
    assert "makes the hand's level" in " ".join(replay_hand(json.dumps(dict(log, level="9")), own))
    assert "needed where the kitty's cards are turned" in " ".join(
        replay_hand(json.dumps({k: v for k, v in log.items() if k != "turned"}), own))
    plain = play_hand(tr.load("two-decks"), [GreedyPlayer() for _ in range(4)], random.Random(1), level="5",
                      banker=0).to_log()
    assert "do not turn the kitty's cards" in " ".join(
        replay_hand(json.dumps(dict(plain, turned=None)), tr.load("two-decks")))


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(d27):
    data = d27.to_dict()
    assert data["declaring"]["fallback"]["kind"] == "player-level-card"
    assert tr.Rules.from_dict(data) == d27
    assert rules_to_dict_as(d27, 3) is None


# --- the sheet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["the kitty's cards are turned one by one from the first until one is of some player's level",
            "If nobody declares, the banker is found by turning the kitty's cards.",
            "If nobody declares in the first hand, the banker and the trump are found as in any other hand.",
            "If no kitty card is of any player's level, the player who deals is the banker, at their level",
            "but for those turned to find the banker when nobody declared",
            "or by turning the kitty's cards if nobody declares",
            "If nobody declares, the kitty's cards are turned one by one until one is of some player's level"]),
    ("zh", ["从第一张起逐张翻开底牌", "无人亮主时，翻底牌定庄。", "和其他各局一样定庄家和主",
            "如果没有一张底牌是某家的级", "为找出庄家而翻开的底牌除外", "无人亮主时翻底牌定庄；",
            "无人亮主时，逐张翻开底牌"]),
])
def test_the_sheet_says_the_kitty_is_turned(d27, lang, words):
    text = sheet_text(d27, lang)
    for word in words:
        assert word in text
        assert word not in sheet_text(tr.load(GALLERY / "D26-overturn-at-own-level.tractor"), lang)
