"""The search player (engine/players/search.py), the worlds it imagines (engine/players/worlds.py), and the
engine's resumed trick loop it plays its guesses out with (``trick_play.resume_tricks``)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import pack
from tractor_rules.engine.rulings.follow import FollowContext
from tractor_rules.engine.game import Public, play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.players.heuristic import HeuristicPlayer, shown_voids
from tractor_rules.cli import main
from tractor_rules.engine.players.kinds import make_player, parse_players, player_kinds
from tractor_rules.engine.flow.kitty import Kitty
from tractor_rules.engine.flow.outcome import point_table
from tractor_rules.engine.players.search import SearchPlayer
from tractor_rules.engine.flow.trick_play import resume_tricks
from tractor_rules.engine.players.worlds import World, WorldSampler


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


class _CheckedSampler:
    """Draws worlds from a real sampler and checks each against what the view has seen."""

    def __init__(self, view, sampler: WorldSampler, owner: CheckedSearch):
        self.view = view
        self.sampler = sampler
        self.owner = owner

    def sample(self) -> World:
        world = self.sampler.sample()
        view = self.view
        pub = view.public
        n = pub.players
        hands = world.hands
        assert hands[view.seat] == view.hand
        # every other seat holds as many cards as this one, counting its play to this trick
        assert {len(h) for s, h in enumerate(hands) if s != view.seat} == {len(view.hand)}
        played = Counter({code: copies for code, copies in enumerate(pub.played) if copies})
        everything = Counter(int(c) for h in hands for c in h) + Counter(int(c) for c in world.kitty) + played
        assert everything == Counter(int(c) for c in pack(view.rules.table))
        assert len(world.kitty) == view.rules.table.kitty_size
        if view.kitty is not None:
            assert world.kitty == view.kitty  # the banker knows what it buried (or was shown it)
            self.owner.known_kitty += len(world.kitty)
        # the cards each seat has played to this trick are in its guessed hand
        for k, play in enumerate(pub.plays):
            assert not Counter(play) - Counter(hands[(pub.leader + k) % n])
        # nobody holds a card of a suit it has shown to be void in (beyond its play to this trick)
        suit_of = view.ctx.order.suit_of
        in_trick = {(pub.leader + k) % n: Counter(play) for k, play in enumerate(pub.plays)}
        for seat, suits in shown_voids(view).items():
            if seat != view.seat:
                kept = Counter(hands[seat]) - in_trick.get(seat, Counter())
                assert not [c for c in kept.elements() if suit_of[c] in suits], (seat, suits)
        # a declarer other than the banker keeps the cards it showed and has not played
        for seat, cards in pub.declarations:
            if seat in (view.seat, pub.banker):
                continue
            shown = Counter(cards)
            for t in pub.tricks:
                shown.subtract(t.plays[(seat - t.leader) % n])
            assert not +shown - Counter(hands[seat]), (seat, cards)
        # a kitty shown (or turned) before it was taken: what its taker has not played is in its hand or the kitty
        taker = pub.buried_by
        seen = pub.kitty_shown if pub.kitty_shown is not None else pub.kitty_turned
        if seen and taker not in (None, view.seat):
            kept = Counter(seen)
            for t in [*pub.tricks, type("Playing", (), {"leader": pub.leader, "plays": pub.plays})]:
                if (taker - t.leader) % n < len(t.plays):
                    kept.subtract(t.plays[(taker - t.leader) % n])
            assert not +kept - Counter(hands[taker]) - Counter(world.kitty), (taker, +kept)
            self.owner.kept_kitty_cards += sum((+kept).values())
        self.owner.worlds += 1
        return world


class CheckedSearch(SearchPlayer):
    """A search player that checks every world it imagines and counts each decision's playouts."""

    def __init__(self, seed, rollouts):
        super().__init__(seed, rollouts)
        self.worlds = 0
        #: the shown kitty's cards its taker still held, summed over the worlds checked
        self.kept_kitty_cards = 0
        #: the kitty's cards the worlds placed as this player knew them (buried or shown), summed
        self.known_kitty = 0
        self.playouts: list[int] = []

    def _sampler(self, view):
        return _CheckedSampler(view, super()._sampler(view), self)

    def _best(self, view, candidates):
        before = self._counted = 0
        play = super()._best(view, candidates)
        self.playouts.append(self._counted - before)
        return play

    def _rollout(self, view, world, play):
        self._counted += 1
        return super()._rollout(view, world, play)


@pytest.mark.parametrize("name", tr.builtin_names())
def test_the_search_player_plays_legal_hands_in_every_shipped_ruleset(name):
    """One hand of each shipped ruleset, search players at two seats: the engine checks every
    play, the players check every world they imagine, and no decision exceeds its budget."""
    rules = tr.load(name)
    n = rules.table.players
    searchers = [CheckedSearch(seat, rollouts=3) for seat in range(2)]
    players = [*searchers, *(HeuristicPlayer() for _ in range(n - 2))]
    record = play_hand(rules, players, random.Random(7), banker=0)
    assert sum(len(t.plays[0]) for t in record.tricks) == rules.table.hand_size
    assert all(len(play) == len(t.plays[0]) for t in record.tricks for play in t.plays)
    if rules.table.partnership == "called":  # the teams are hidden: it plays as the heuristic player
        assert all(p.worlds == 0 for p in searchers)
    else:
        assert sum(p.worlds for p in searchers) > 0
        assert max(max(p.playouts) for p in searchers) == 3


def test_the_worlds_keep_a_shown_kitty_with_the_player_who_took_it():
    """K06: the kitty is shown to every player before the banker takes it.  The attackers'
    worlds put the shown cards the banker has not played in the banker's hand or back in the
    kitty (the checked sampler asserts it of every world), never with a third seat."""
    rules = tr.load(str(Path(__file__).resolve().parents[2] / "examples/house-rules/K06-kitty-shown.tractor"))
    searchers = [CheckedSearch(seat, rollouts=2) for seat in (1, 3)]
    record = play_hand(rules, [HeuristicPlayer(), searchers[0], HeuristicPlayer(), searchers[1]],
                       random.Random(5), level="2", banker=0)
    assert record.kitty_shown is not None
    assert all(p.worlds > 0 for p in searchers)
    assert sum(p.kept_kitty_cards for p in searchers) > 0


def test_the_worlds_put_a_kitty_shown_to_some_of_the_table_where_each_seat_saw_it():
    """``shown: before burying to the attackers and after burying to the banker's partner``: the
    attackers' worlds keep the dealt kitty's cards the banker has not played with the banker or in
    the kitty; the partner's worlds hold the buried cards it was shown as the kitty, and no seat
    that was shown nothing finds the kitty in its view (the checked sampler asserts each world)."""
    rules = tr.loads('extends: "two-decks"\nkitty\n  shown: before burying to the attackers and after burying to '
                     "the banker's partner\n", origin="house.tractor")
    searchers = [CheckedSearch(seat, rollouts=2) for seat in (1, 2)]
    record = play_hand(rules, [HeuristicPlayer(), searchers[0], searchers[1], HeuristicPlayer()],
                       random.Random(5), level="2", banker=0)
    assert [s.seats for s in record.showings] == [(1, 3), (2,)]
    assert all(p.worlds > 0 for p in searchers)
    assert searchers[0].kept_kitty_cards > 0  # the attacker's worlds kept the shown kitty with the banker
    assert searchers[1].known_kitty == len(record.kitty) * searchers[1].worlds  # the partner's: the buried cards


#: each player declares at their own level; when nobody declares, the kitty's cards are turned
#: until one is of some player's level (翻底牌定庄, D27 of the gallery)
TURNED = ('extends: "two-decks"\ndeclare\n  level cards: each player\'s own\n  first banker: final declarer\n'
          "  nobody declares: first kitty card at a player's level, otherwise kitty card 8, skip jokers back to card 1\n")


def test_the_worlds_keep_the_kitty_cards_turned_to_find_the_banker_with_the_player_who_took_them():
    """Nobody declares, so the kitty's cards are turned until one is of a player's level: every
    player saw them, and the worlds of a player who did not take the kitty put those the taker
    has not played in its hand or back in the kitty."""
    rules = tr.loads(TURNED, origin="house.tractor")
    searchers = [CheckedSearch(seat, rollouts=2) for seat in (1, 3)]
    for player in searchers:
        player.declare = lambda view, offers: None
    players = [GreedyPlayer(), searchers[0], GreedyPlayer(), searchers[1]]
    for player in players[::2]:
        player.declare = lambda view, offers: None
    record = play_hand(rules, players, random.Random(4), level="9", banker=1, seat_levels=["5", "9", "5", "9"])
    assert record.turned is not None and record.banker not in (None, 3)
    assert sum(p.kept_kitty_cards for p in searchers) > 0


def _hand(rules, players, seed=11):
    return play_hand(rules, players, random.Random(seed), level="2", banker=1)


def test_the_search_player_is_deterministic_for_a_seed():
    rules = tr.load("one-deck")
    first = _hand(rules, [SearchPlayer(5, rollouts=6), HeuristicPlayer(), SearchPlayer(6, rollouts=6),
                          HeuristicPlayer()])
    again = _hand(rules, [SearchPlayer(5, rollouts=6), HeuristicPlayer(), SearchPlayer(6, rollouts=6),
                          HeuristicPlayer()])
    assert first.tricks == again.tricks and first.attacker_points == again.attacker_points


def test_the_search_player_respects_its_budget():
    """Each decision plays at most its budget of playouts; the counters say what was played; a
    budget of one playout leaves one candidate, the heuristic play, so the hand is the heuristic
    player's hand."""
    rules = tr.load("one-deck")
    searcher = CheckedSearch(3, rollouts=5)
    _hand(rules, [searcher, HeuristicPlayer(), HeuristicPlayer(), HeuristicPlayer()])
    assert searcher.playouts and max(searcher.playouts) <= 5
    assert searcher.rollouts_played == sum(searcher.playouts)
    assert searcher.most_in_one_decision == max(searcher.playouts)

    single = CheckedSearch(3, rollouts=1)
    searched = _hand(rules, [single, HeuristicPlayer(), HeuristicPlayer(), HeuristicPlayer()])
    plain = _hand(rules, [HeuristicPlayer() for _ in range(4)])
    assert searched.tricks == plain.tricks
    assert single.rollouts_played == 0

    with pytest.raises(ValueError, match="at least 1 playout"):
        SearchPlayer(1, rollouts=0)


def test_the_search_player_is_a_registered_kind():
    kind = player_kinds()["search"]
    assert kind.factory is SearchPlayer and "playouts a decision" in kind.summary
    assert isinstance(kind.make(4), SearchPlayer)


def test_a_budget_is_written_after_the_kind():
    assert parse_players("heuristic, search:48") == ["heuristic", "search:48"]
    player = make_player("search:7", 1)
    assert isinstance(player, SearchPlayer) and player.rollouts == 7
    assert make_player("search", 1).rollouts == SearchPlayer().rollouts
    for spec, words in [("search:0", "whole number of playouts a decision, at least 1"),
                        ("search:x", "as in 'search:48'"), ("search:", "whole number"),
                        ("heuristic:3", "player 'heuristic' takes no budget (only search does)"),
                        ("clever:3", "unknown player 'clever'")]:
        with pytest.raises(ValueError, match=re.escape(words)):
            parse_players(f"greedy,{spec}")


def test_the_commands_refuse_a_bad_budget_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "one-deck", "--players", "heuristic,search:-1", "--hands", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("argument --players: 'search:-1': the budget after 'search:' is a whole number of "
                            "playouts a decision, at least 1 (as in 'search:48')")
    assert main(["players"]) == 0
    assert "search[:N]" in capsys.readouterr().out
