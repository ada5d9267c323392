"""The search player (engine/search.py) and the engine's resumed trick loop it plays its guesses
out with (``trick_play.resume_tricks``)."""

from __future__ import annotations

import random
from collections import Counter

import tractor_rules as tr
from tractor_rules.engine.cards import pack
from tractor_rules.engine.follow import FollowContext
from tractor_rules.engine.game import Public, play_hand
from tractor_rules.engine.heuristic import HeuristicPlayer
from tractor_rules.engine.kitty import Kitty
from tractor_rules.engine.outcome import point_table
from tractor_rules.engine.search import SearchPlayer
from tractor_rules.engine.trick_play import resume_tricks


def test_resumed_tricks_replay_the_rest_of_a_hand():
    """Deterministic players resumed from the middle of a trick, with the true hands, play the
    hand's remaining tricks exactly as they were played."""
    rules = tr.load("two-decks")
    record = play_hand(rules, [HeuristicPlayer() for _ in range(4)], random.Random(3), level="2", banker=0)
    ctx = rules.context(record.level, record.trump)
    k = 5
    hands = [list(h) for h in record.hands]
    public = Public(rules, 4, 0, record.level, 0, trump=record.trump, ctx=ctx)
    public.points = [0] * 4
    for trick in record.tricks[:k]:
        for seat, play in zip([(trick.leader + i) % 4 for i in range(4)], trick.plays):
            for c in play:
                hands[seat].remove(c)
                public.played[c] += 1
        public.points[trick.winner] += trick.points
        public.tricks.append(trick)
    current = record.tricks[k]
    public.leader = current.leader
    public.plays = list(current.plays[:2])
    public.lead_context = FollowContext(ctx.order, current.plays[0])
    resume_tricks(rules, [HeuristicPlayer() for _ in range(4)], hands, public, Kitty(list(record.kitty), 0),
                  point_table(rules))
    assert [(t.leader, t.plays, t.winner) for t in public.tricks[k:]] == [
        (t.leader, t.plays, t.winner) for t in record.tricks[k:]]
    assert not any(hands)


class CheckedSearch(SearchPlayer):
    """A search player that checks every guess it makes against the cards of the pack."""

    guesses = 0

    def _determinize(self, view):
        hands, kitty = super()._determinize(view)
        pub = view.public
        played = Counter(c for code, copies in enumerate(pub.played) for c in [code] * copies)
        assert hands[view.seat] == list(view.hand)
        # every other seat holds as many cards as this one, counting its play to this trick
        assert {len(h) for s, h in enumerate(hands) if s != view.seat} == {len(view.hand)}
        everything = Counter(int(c) for h in hands for c in h) + Counter(int(c) for c in kitty) + played
        assert everything == Counter(int(c) for c in pack(view.rules.table))
        assert len(kitty) == view.rules.table.kitty_size
        CheckedSearch.guesses += 1
        return hands, kitty


def test_the_search_player_plays_legal_hands_on_consistent_guesses():
    rules = tr.load("one-deck")
    players = [CheckedSearch(1, samples=2), HeuristicPlayer(), CheckedSearch(2, samples=2), HeuristicPlayer()]
    record = play_hand(rules, players, random.Random(4), level="2", banker=1)
    assert sum(len(t.plays[0]) for t in record.tricks) == rules.table.hand_size
    assert all(len(play) == len(t.plays[0]) for t in record.tricks for play in t.plays)
    assert CheckedSearch.guesses > 0
