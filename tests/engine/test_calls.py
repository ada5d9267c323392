"""Finding Friends: which cards may be called (``called cards``, FF02), whether the banker's own
copies count toward a call (``called copies``, FF05) and whether a player already on the banker's
team answers a call (``join twice``, FF08): through the oracle, the game and the replay."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.flow.friends import FriendWatch
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer, make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.flow.views import Public

HOUSE = 'ruleset: "House"\nextends: "house-finding-friends"\n\ntable\n  {lines}\n'


def house(*lines: str) -> tr.Rules:
    return tr.loads(HOUSE.format(lines="\n  ".join(lines)), origin="house.tractor")


# --- FF02: the cards that may be called -----------------------------------------------------------


def test_by_default_any_card_may_be_called():
    ctx = tr.load("house-finding-friends").context("10", "H")
    assert all(ctx.call_error(c) is None for c in ("BJ", "10S", "5H", "AS", "KC"))


def test_trumps_depend_on_the_hands_level_and_trump():
    rules = house("called cards: not trumps")
    hearts_10 = rules.context("10", "H")
    assert "trump" in hearts_10.call_error("5H")  # the trump suit
    assert "trump" in hearts_10.call_error("10S")  # a level card
    assert "trump" in hearts_10.call_error("SJ")
    assert hearts_10.call_error("AS") is None and hearts_10.call_error("5C") is None
    spades_5 = rules.context("5", "S")
    assert spades_5.call_error("5H") is not None and spades_5.call_error("10H") is None
    no_trump = rules.context("2", None)
    assert no_trump.call_error("AH") is None and no_trump.call_error("2C") is not None


@pytest.mark.parametrize("limits, level, card, allowed", [
    ("not trumps, not the highest card", "10", "AS", False),
    ("not trumps, not the highest card", "10", "KS", True),
    ("not trumps, not the highest card", "A", "KS", False),  # aces are trumps: the king is highest
    ("not trumps, not the highest card", "A", "QS", True),
    ("not point cards", "10", "KS", False),
    ("not point cards", "10", "5D", False),
    ("not point cards", "10", "AS", True),
    ("not point cards", "10", "BJ", True),  # a joker scores nothing; trumps are not excluded here
    ("not the highest card", "10", "BJ", False),  # the highest trump
])
def test_the_limits(limits, level, card, allowed):
    ctx = house(f"called cards: {limits}").context(level, "H")
    assert (ctx.call_error(card) is None) is allowed


def test_every_limit_compiles_to_the_condition_it_stands_for():
    rules = house("called cards: not trumps, not the highest card, not point cards")
    written = house("called cards: when not a trump and not the highest card of its suit and not a point card")
    assert rules.table.called_when == written.table.called_when == (
        "all", ("not", ("fact", "card-trump")), ("not", ("fact", "card-highest")), ("not", ("fact", "card-points")))
    assert rules.table.call_limits == ()  # the form of versions 2 and 3, which the compiler writes no more
    assert house("called cards: any").table.call_condition == ()


class TrumpCaller(RandomPlayer):
    def call(self, view, count):
        trump = next(c for c in view.hand if view.ctx.is_trump(c))
        return [(trump, 1)] * count


def test_the_game_refuses_a_call_the_rules_forbid():
    rules = house("called cards: not trumps")
    with pytest.raises(IllegalPlay, match="trumps may not be called"):
        play_hand(rules, [TrumpCaller(s) for s in range(6)], random.Random(0), level="2", banker=0)
    # without the limit the same call is fine
    record = play_hand(tr.load("house-finding-friends"), [TrumpCaller(s) for s in range(6)], random.Random(0),
                       level="2", banker=0)
    assert record.called


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_players_call_only_what_may_be_called_and_hands_replay_clean(kind):
    rules = house("called cards: not trumps, not the highest card, not point cards")
    rng = random.Random(3)
    for _ in range(8):
        record = play_hand(rules, make_players(kind, 6, rng), rng, level=rng.choice(["2", "10", "A"]),
                           banker=rng.randrange(6))
        ctx = rules.context(record.level, record.trump)
        assert all(ctx.call_error(card) is None for card, _ in record.called)
        assert replay_hand(record.to_log(), rules) == []


def test_the_replay_catches_a_forbidden_call():
    rules = house("called cards: not trumps")
    rng = random.Random(4)
    record = play_hand(rules, [GreedyPlayer() for _ in range(6)], rng, level="3", banker=1)
    entry = json.loads(json.dumps(record.to_log()))
    entry["called"][0][0] = "BJ"
    assert any("trumps may not be called" in p for p in replay_hand(entry, rules))


# --- FF05: "the other ace" ------------------------------------------------------------------------


def _watch(rules: tr.Rules, call: tuple[str, int]) -> tuple[FriendWatch, Public]:
    ctx = rules.context("2", "S")
    (card,) = ctx.cards(call[0])
    public = Public(rules, players=6, dealer=0, level="2", banker=0, called=((card, call[1]),))
    return FriendWatch(public), public


def test_the_bankers_own_copy_counts_by_default():
    rules = tr.load("house-finding-friends")
    watch, public = _watch(rules, ("AC", 2))
    ace = rules.context("2", "S").cards("AC")
    watch.see(0, ace)  # the banker plays the first ♣A
    watch.see(3, ace)  # the second ♣A: seat 3 is the friend
    assert public.friends == [3]


def test_the_other_ace_skips_the_bankers_copies():
    rules = house("called copies: skip the banker's own")
    watch, public = _watch(rules, ("AC", 2))
    ace = rules.context("2", "S").cards("AC")
    watch.see(0, ace)  # the banker's ♣A is not counted
    watch.see(3, ace)  # so this ♣A is only the first
    assert public.friends == [] and not watch.all_resolved()
    watch.see(4, ace)  # the second counted ♣A
    assert public.friends == [4] and watch.all_resolved()


class AceCaller(GreedyPlayer):
    """Calls the first ♣A (the banker holds one, so by default that may be the banker's own)."""

    def call(self, view, count):
        return [(view.ctx.cards("AC")[0], 1)] * count


def test_the_other_ace_in_the_game_and_the_replay():
    skip = house("called copies: skip the banker's own")
    count = tr.load("house-finding-friends")
    rng = random.Random(9)
    differ = 0
    for _ in range(12):
        banker = rng.randrange(6)
        record = play_hand(skip, [AceCaller() for _ in range(6)], rng, level="2", banker=banker)
        assert replay_hand(record.to_log(), skip) == []
        # the friend is the first player other than the banker to play a ♣A
        plays = [((t.leader + k) % 6, p) for t in record.tricks for k, p in enumerate(t.plays)]
        ace = skip.context("2", "S").cards("AC")[0]
        by = next((seat for seat, p in plays if ace in p and seat != banker), None)
        assert record.banker_team == ({banker} if by is None else {banker, by})
        # replayed as if the banker's copies counted, a hand where the banker led a ♣A first
        # comes out with other teams, and the replay says so
        first = next((seat for seat, p in plays if ace in p), None)
        if first == banker and by is not None:
            differ += 1
            assert replay_hand(record.to_log(), replace(count, name=skip.name)) != []
    assert differ, "some banker played a ♣A before anyone else"


# --- FF08: each player joins once -------------------------------------------------------------------


def _watch_two(rules: tr.Rules) -> tuple[FriendWatch, Public, tuple]:
    ctx = rules.context("2", "S")
    ace, king = ctx.cards("AC")[0], ctx.cards("KD")[0]
    public = Public(rules, players=6, dealer=0, level="2", banker=0, called=((ace, 1), (king, 1)))
    return FriendWatch(public), public, (ace, king)


def test_by_default_a_teammate_answers_a_call_and_nobody_joins():
    watch, public, (ace, king) = _watch_two(tr.load("house-finding-friends"))
    watch.see(3, (ace,))  # seat 3 answers the ♣A
    watch.see(3, (king,))  # and the ♦K: spent on a friend
    watch.see(4, (king,))
    assert public.friends == [3] and watch.all_resolved()


def test_join_twice_no_leaves_the_call_to_the_next_copy():
    watch, public, (ace, king) = _watch_two(house("join twice: no"))
    watch.see(3, (ace,))
    watch.see(3, (king,))  # seat 3 is on the team: the ♦K call waits
    assert public.friends == [3] and not watch.all_resolved()
    watch.see(0, (king,))  # the banker too
    assert not watch.all_resolved()
    watch.see(4, (king,))  # the next copy, from outside the team, answers it
    assert public.friends == [3, 4] and watch.all_resolved()


def test_join_twice_no_still_counts_the_teams_copies_toward_the_number():
    rules = house("join twice: no")
    ctx = rules.context("2", "S")
    ace = ctx.cards("AC")[0]
    public = Public(rules, players=6, dealer=0, level="2", banker=0, called=((ace, 2),))
    watch = FriendWatch(public)
    watch.see(0, (ace,))  # the banker's copy is the first
    watch.see(2, (ace,))  # the second: seat 2 joins
    assert public.friends == [2]


class TwoCalls(GreedyPlayer):
    """Calls the first ♣A and the first ♦A: one player may well hold both."""

    def call(self, view, count):
        return [(view.ctx.cards("AC")[0], 1), (view.ctx.cards("AD")[0], 1)]


def test_join_twice_no_in_the_game_and_the_replay():
    once = house("join twice: no")
    twice = tr.load("house-finding-friends")
    rng = random.Random(13)
    larger = 0
    for _ in range(12):
        banker = rng.randrange(6)
        record = play_hand(once, [TwoCalls() for _ in range(6)], rng, level="2", banker=banker)
        assert replay_hand(record.to_log(), once) == []
        # the friends the default rule finds in the same plays
        public = Public(twice, players=6, dealer=0, level="2", banker=banker, called=record.called)
        watch = FriendWatch(public)
        for trick in record.tricks:
            for k, play in enumerate(trick.plays):
                watch.see((trick.leader + k) % 6, play)
        if {banker, *public.friends} != record.banker_team:
            # a teammate played an answering copy: here the next copy found one more friend
            larger += 1
            assert len(record.banker_team) > 1 + len(public.friends)
            assert replay_hand(record.to_log(), replace(twice, name=once.name)) != []
    assert larger, "some hand had a teammate play a called card first"


def test_join_twice_needs_called_partners():
    with pytest.raises(tr.RulesetError, match="'join twice' needs called partners"):
        tr.loads('extends: "two-decks"\n\ntable\n  join twice: no\n', origin="house.tractor")


# --- the rule sheet -------------------------------------------------------------------------------


def _sheet(rules: tr.Rules, lang: str) -> str:
    from tractor_rules.render import render_sheet

    words = render_sheet(rules, "txt", lang).split()
    return ("" if lang == "zh" else " ").join(words)  # Chinese lines wrap with no space


def test_the_sheet_states_what_may_be_called_and_how_copies_count():
    plain = tr.load("house-finding-friends")
    en, zh = _sheet(plain, "en"), _sheet(plain, "zh")
    assert "The banker may call any card, trumps included." in en
    assert "the banker's own included" in en
    assert "庄家可以叫任何牌" in zh and "庄家自己打出的也算" in zh
    rules = house("called cards: not trumps, not point cards", "called copies: skip the banker's own")
    en, zh = _sheet(rules, "en"), _sheet(rules, "zh")
    assert "The banker may not call trumps or cards that score points; what is trump is known by then." in en
    assert "leaving out those the banker plays (“the other ace”)" in en
    assert "庄家不能叫主牌或分牌" in zh and "不算庄家自己打出的" in zh
    assert "may call any card" not in _sheet(tr.load("two-decks"), "en")


def test_the_sheet_states_that_each_player_joins_once():
    said = "who plays the copy that answers a call does not take it: the next copy played by someone else answers it."
    assert said in _sheet(house("join twice: no"), "en")
    assert "由其他玩家打出的下一张来应叫" in _sheet(house("join twice: no"), "zh")
    assert "answers a call does not take it" not in _sheet(tr.load("house-finding-friends"), "en")
