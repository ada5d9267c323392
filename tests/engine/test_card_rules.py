"""Conditions on a card in the engine: each fact of a card judged at a hand's level and trump
(through the oracle), the burial rule and its shortfall (a player who holds too few cards they may
bury buries every one and the rest of their choice), every kind of player keeping to the rules on
called and buried cards, the game refusing a player who does not, the hand's log and the replay
that checks it."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import ExportError
from tractor_rules.rules.expressions import Condition
from player_kinds import SEARCH

TWO_DECKS = 'ruleset: "House"\nextends: "two-decks"\n\n'
FRIENDS = 'ruleset: "House"\nextends: "house-finding-friends"\n\n'


def burying(condition: str, header: str = TWO_DECKS, *more: str) -> tr.Rules:
    return tr.loads(header + f"kitty\n  buried cards: {condition}\n" + "".join(more), "x.tractor")


def calling(condition: str) -> tr.Rules:
    return tr.loads(FRIENDS + f"table\n  called cards: {condition}\n", "x.tractor")


# --- each fact of a card ------------------------------------------------------------------------------

FACT_CASES = [
    # (condition, level, trump, the cards it allows, the cards it refuses)
    ("a trump", "10", "H", "5H 10S SJ BJ AH", "AS 5D 9C"),
    ("a trump", "2", None, "2C 2H SJ", "AH 5D"),
    ("a point card", "10", "H", "KS 5D 10C 10H", "AS BJ QH"),
    ("a K", "10", "H", "KS KH", "QS BJ 10S"),
    ("an A", "A", "S", "AS AH", "KS SJ"),
    ("a heart", "10", "S", "5H 10H AH", "10S SJ 5D"),  # the printed suit: a level card keeps its own
    ("a level card", "10", "S", "10S 10H 10C", "9S JH BJ"),
    ("a joker", "2", "S", "BJ SJ", "2S AS"),
    ("the highest card of its suit", "10", "H", "AS AC BJ", "KS SJ AH 10H"),
    ("the highest card of its suit", "A", "H", "KS KC BJ", "AS QS KH"),  # aces are trumps: the king
    ("the highest card of its suit", "2", None, "AS AH BJ", "KS 2S"),
    ("the level is A", "A", "S", "3C BJ", ""),
    ("the level is A", "2", "S", "", "3C BJ"),
    ("no-trump", "2", None, "3C", ""),
    ("no-trump", "2", "S", "", "3C"),
    ("decks = 2", "2", "S", "3C", ""),
    ("a heart and not a trump", "10", "S", "5H AH", "10H 5S BJ"),
]


@pytest.mark.parametrize("condition, level, trump, allowed, refused", FACT_CASES)
def test_each_fact_of_a_card_at_the_hands_level_and_trump(condition, level, trump, allowed, refused):
    ctx = burying(f"when {condition}").context(level, trump)
    for card in allowed.split():
        assert ctx.bury_error(card) is None, card
    for card in refused.split():
        assert ctx.bury_error(card) is not None, card


def test_shown_in_declaring_asks_of_the_cards_face():
    ctx = burying("when not shown in declaring").context("10", "S")
    assert ctx.bury_error("10S") is None
    assert "was shown in declaring" in ctx.bury_error("10S", shown="10S 10S")
    assert ctx.bury_error("10H", shown="10S 10S") is None


@pytest.mark.parametrize("condition, card, reason", [
    ("not trumps", "5H", "5H is a trump, and trumps may not be called"),
    ("not point cards, not trumps", "KH", "KH scores points, and point cards may not be called"),
    ("not the highest card", "AS", "AS is the highest card of its suit, which may not be called"),
    ("when not a K", "KS", "KS may not be called: it is a K"),
    ("when a spade", "KH", "KH may not be called: it is not a spade"),
    ("when a 3 or not the level is 10", "KS", "KS does not meet the rule for the cards that may be called"),
    ("when a joker or a level card", "KS", "KS does not meet the rule for the cards that may be called"),
])
def test_a_refusal_says_the_part_of_the_rule_the_card_fails(condition, card, reason):
    assert calling(condition).context("10", "H").call_error(card) == reason


def test_a_refusal_by_a_fact_of_the_hand_names_the_hand():
    ctx = burying("when not a trump and the level is A").context("10", "H")
    assert ctx.bury_error("KS") == "KS may not be buried: the hand is not played at level A"
    ctx = burying("when not no-trump").context("10", None)
    assert ctx.bury_error("KS") == "KS may not be buried: the hand is played in no-trump"


# --- burying ---------------------------------------------------------------------------------------


def test_a_refused_card_is_buried_only_when_the_hand_keeps_none_that_may_be():
    ctx = burying("when not a trump").context("2", "S")
    hand = "3H 4H 5H 6H 7H 8H 9H 10H AS KS QS JS 10S BJ"
    assert ctx.burial_error(hand, "3H 4H 5H 6H 7H 8H 9H 10H") is None
    why = ctx.burial_error(hand, "3H 4H 5H 6H 7H 8H 9H AS")
    assert why == "AS is a trump, and trumps may not be buried, while the hand keeps 10H, which may be"
    short = "3H 4H 5H AS KS QS JS 10S 9S BJ"
    assert ctx.burial_error(short, "3H 4H 5H AS KS QS JS 10S") is None  # every heart buried, the rest chosen
    assert ctx.burial_error(short, "3H 4H AS KS QS JS 10S 9S") is not None  # 5H kept
    assert burying("any").context("2", "S").burial_error(hand, "AS KS QS JS 10S BJ 3H 4H") is None


class TrumpBurier(RandomPlayer):
    """Buries its trumps first, whatever the rules say."""

    def bury(self, view, count):
        return sorted(view.hand, key=lambda c: not view.ctx.is_trump(c))[:count]


def test_the_game_refuses_a_burial_the_rules_forbid():
    rules = burying("when not a trump")
    with pytest.raises(IllegalPlay, match="trumps may not be buried, while the hand keeps"):
        play_hand(rules, [TrumpBurier(s) for s in range(4)], random.Random(0), level="2", banker=0)
    assert play_hand(tr.load("two-decks"), [TrumpBurier(s) for s in range(4)], random.Random(0), level="2", banker=0)


@pytest.mark.parametrize("kind, hands", [("random", 12), ("greedy", 12), ("heuristic", 6), (SEARCH, 1)])
def test_every_kind_of_player_buries_what_the_rules_let_it_and_hands_replay_clean(kind, hands):
    rules = burying("when not a point card and not a trump")
    rng = random.Random(5)
    for _ in range(hands):
        record = play_hand(rules, make_players(kind, 4, rng), rng, level=rng.choice(["2", "10", "A"]),
                           banker=rng.randrange(4))
        ctx = rules.context(record.level, record.trump)
        kept = record.hands[record.banker]
        for card in record.kitty:
            # a refused card only when the banker kept nothing that could have been buried
            assert ctx.bury_error(card) is None or all(ctx.bury_error(c) is not None for c in kept)
        assert replay_hand(record.to_log(), rules) == []


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_a_player_who_holds_too_few_cards_it_may_bury_buries_all_of_them(kind):
    # only the jokers may be buried: there are 4, the kitty takes 8
    rules = burying("when a joker  # lint: ignore W108")
    rng = random.Random(6)
    for _ in range(6):
        record = play_hand(rules, make_players(kind, 4, rng), rng, level="2", banker=rng.randrange(4))
        assert not any(card.is_joker for card in record.hands[record.banker])
        assert replay_hand(record.to_log(), rules) == []


def test_overturners_bury_by_the_rule_and_the_log_names_the_last_burier():
    rules = burying("when not a trump  # lint: ignore W108", TWO_DECKS, "declare\n  overturn after kitty: yes\n")
    rng = random.Random(8)
    seen_other = False
    for _ in range(30):
        record = play_hand(rules, make_players("random", 4, rng), rng, level="2", banker=rng.randrange(4))
        log = record.to_log()
        assert log["buried_by"] == record.buried_by
        seen_other |= record.buried_by != record.banker
        assert replay_hand(log, rules) == []
    assert seen_other, "some hand was overturned after the kitty"


# --- calling --------------------------------------------------------------------------------------


class ShownCaller(RandomPlayer):
    """Calls a card shown in declaring, when one was."""

    def call(self, view, count):
        shown = [c for _, cards in view.public.declarations for c in cards if not c.is_joker]
        return [(shown[0], 1)] * count if shown else super().call(view, count)


def test_a_card_shown_in_declaring_may_not_be_called():
    rules = calling("when not shown in declaring")
    refused = 0
    for seed in range(6):
        try:
            play_hand(rules, [ShownCaller(s) for s in range(6)], random.Random(seed), level="2", banker=0)
        except IllegalPlay as why:
            assert "was shown in declaring" in str(why)
            refused += 1
    assert refused


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_players_call_no_shown_card_and_the_log_says_what_was_shown(kind):
    rules = calling("when not shown in declaring")
    rng = random.Random(2)
    for _ in range(8):
        record = play_hand(rules, make_players(kind, 6, rng), rng, level="2", banker=rng.randrange(6))
        shown = {c for _, cards in record.declarations for c in cards}
        assert not any(card in shown for card, _ in record.called)
        log = record.to_log()
        assert sorted(rules.context(record.level, record.trump).cards(log["shown_in_declaring"])) == sorted(shown)
        assert replay_hand(log, rules) == []


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_players_call_jokers_when_nothing_else_may_be_called(kind):
    rules = calling("when a joker")
    rng = random.Random(4)
    record = play_hand(rules, make_players(kind, 6, rng), rng, level="5", banker=1)
    assert record.called and all(card.is_joker for card, _ in record.called)
    assert replay_hand(record.to_log(), rules) == []


def test_rules_that_leave_nothing_to_call_are_refused_as_json_and_stop_a_hand_built_by_hand():
    rules = tr.load("house-finding-friends")
    never = ["all", ["fact", "card-trump"], ["not", ["fact", "card-trump"]]]
    data = {**rules.to_dict(), "table": {**rules.to_dict()["table"], "called_when": never}}
    with pytest.raises(ExportError, match=r"E213\]: table.called_when: 'called cards' leaves no card to call"):
        tr.Rules.from_dict(data)
    # rules a program builds itself are not checked until they are played
    broken = dataclasses.replace(rules, table=dataclasses.replace(
        rules.table, called_when=Condition(("all", ("fact", "card-trump"), ("not", ("fact", "card-trump"))))))
    with pytest.raises(EngineError, match="no card may be called in this hand"):
        play_hand(broken, make_players("random", 6, random.Random(0)), random.Random(0), level="2", banker=0)


# --- the log and the replay ------------------------------------------------------------------------


def _record(rules: tr.Rules, seed: int, players: int = 4):
    rng = random.Random(seed)
    return play_hand(rules, make_players("random", players, rng), rng, level="2", banker=0)


def test_the_log_holds_the_new_keys_only_where_the_rules_need_them():
    plain = _record(tr.load("two-decks"), 1).to_log()
    assert "shown_in_declaring" not in plain and "buried_by" not in plain
    buried = _record(burying("when not a point card"), 1).to_log()
    assert "shown_in_declaring" not in buried and "buried_by" not in buried
    shown = _record(burying("when not shown in declaring"), 1).to_log()
    assert "shown_in_declaring" in shown and "buried_by" not in shown


def test_the_replay_catches_a_refused_card_buried_while_an_allowed_one_was_kept():
    rules = burying("when not a trump  # lint: ignore W108")
    record = _record(rules, 3)
    entry = json.loads(json.dumps(record.to_log()))
    ctx = rules.context(record.level, record.trump)
    hand, kitty = list(ctx.cards(entry["hands"][0])), list(ctx.cards(entry["kitty"]))
    trump = next(c for c in hand if ctx.is_trump(c))
    plain = next(c for c in kitty if not ctx.is_trump(c))
    hand[hand.index(trump)], kitty[kitty.index(plain)] = plain, trump
    entry["hands"][0], entry["kitty"] = " ".join(map(str, hand)), " ".join(map(str, kitty))
    problems = replay_hand(entry, rules)
    assert f"the kitty buried by seat 0: {trump} is a trump, and trumps may not be buried, while the hand keeps" \
        in " | ".join(problems)


def test_the_replay_wants_what_was_shown_exactly_where_a_rule_asks():
    rules = calling("when not shown in declaring")
    entry = _record(rules, 2, players=6).to_log()
    missing = {k: v for k, v in entry.items() if k != "shown_in_declaring"}
    assert "shown_in_declaring: missing, but a rule on called or buried cards asks what was shown" \
        in replay_hand(missing, rules)
    plain = _record(tr.load("two-decks"), 2).to_log()
    assert "shown_in_declaring: logged, but no rule asks what was shown" \
        in replay_hand({**plain, "shown_in_declaring": ""}, tr.load("two-decks"))


def test_the_replay_catches_a_call_of_a_shown_card():
    rules = calling("when not shown in declaring")
    for seed in range(10):
        record = _record(rules, seed, players=6)
        if record.declarations:
            break
    entry = json.loads(json.dumps(record.to_log()))
    shown = entry["shown_in_declaring"].split()[0]
    entry["called"][0][0] = shown
    assert any(p.startswith(f"called: {shown}: ") and "was shown in declaring" in p for p in replay_hand(entry, rules))


def test_a_document_of_limits_plays_as_the_condition_it_stands_for():
    condition = calling("not trumps, not point cards")
    limits = dataclasses.replace(condition, table=dataclasses.replace(
        condition.table, called_when=(), call_limits=("trumps", "points")))
    logs = []
    for rules in (condition, limits):
        rng = random.Random(11)
        logs.append([play_hand(rules, make_players("greedy", 6, rng), rng, level="A", banker=2).to_log()
                     for _ in range(3)])
    assert logs[0] == logs[1]
