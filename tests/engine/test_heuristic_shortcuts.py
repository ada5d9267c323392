"""The heuristic player's shortcuts answer exactly as the plain questions they replace: the voids
kept from trick to trick, the sure winners read from each suit's bands once per decision, the
first winning single found by halving (the greedy player's too), which rests on a property of the
engine's trick winner (a single card wins wherever a weaker card of its suit would) that is
checked here too, and the greedy player's follow questions answered with the heuristic player's
own steps (tables of sort keys, the engine asked directly), at every follow of a few hands in
every shipped ruleset, in rulesets with bombs and rainbows, and under every way of comparing
contenders and of counting a ruff."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.engine.deck.cards import CARDS, Card
from tractor_rules.engine.deck.order import TRUMP
from tractor_rules.engine.flow.views import Offer, PlayerView
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.players.heuristic import (
    HeuristicPlayer,
    _by_suit,
    _lowest,
    _single_follows,
    _tables,
    _Unbeaten,
    shown_voids,
)
from tractor_rules.engine.rulings.follow import follow_error
from tractor_rules.engine.rulings.tricks import winner
from tractor_rules.rules import SUITS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def _boss_card(view: PlayerView, card: Card, unseen: list[int]) -> bool:
    """The plain question (the heuristic's before ``_Unbeaten``): no card above ``card`` in its
    suit is still out."""
    order = view.ctx.order
    for band in order.bands[order.suit_of[card]]:
        if order.strength[band[0]] <= order.strength[card]:
            return True
        if any(unseen[f] > 0 for f in band):
            return False
    return True


def _plain_sure_winners(player: HeuristicPlayer, view: PlayerView, by_suit: dict[int, list[Card]],
                        ruffed: set[int], throws: bool) -> tuple[tuple[Card, ...] | None, object]:
    """The plain question ``_sure_winners`` answers: every suit decomposed, each unit asked about
    with ``GreedyPlayer._boss``."""
    unseen = player._unseen(view)
    best = None
    for suit in sorted(by_suit):
        if suit != TRUMP and suit in ruffed:
            continue
        bosses = [u for u in view.units(by_suit[suit]) if player._boss(view, u, unseen)]
        if len(bosses) > 1 and throws and suit != TRUMP:
            return tuple(c for u in bosses for c in u.cards), best
        for u in bosses:
            rank = (u.key, u.width * u.length)
            if best is None or rank > best[0]:
                best = (rank, u.cards, u.suit, u.width)
    return None, best


class CheckedHeuristic(HeuristicPlayer):
    """The heuristic player, checking at each of its decisions that every shortcut agrees with
    the plain question, then deciding as usual."""

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.checked: Counter[str] = Counter()
        #: the greedy player's questions, asked without the heuristic player's shortcuts
        self.plain = GreedyPlayer()

    def _check_counting(self, view: PlayerView) -> None:
        assert self._voids(view) == shown_voids(view)
        assert self._teammates(view) == view.teammates()
        unseen = self._unseen(view)
        order = view.ctx.order
        assert _tables(order, self._pts(view)).trumps == tuple(c for c in range(54) if order.suit_of[c] == TRUMP)
        counter = self._unseen_counter(view)
        assert [counter(f) for f in range(54)] == unseen
        for unbeaten in (_Unbeaten(order, unseen.__getitem__), self._unbeaten(order, unseen.__getitem__),
                         self._unbeaten(order, counter)):
            for card in sorted(set(view.hand)):
                assert unbeaten.card(card) == _boss_card(view, card, unseen)
            for unit in view.units(view.hand):
                assert unbeaten.unit(unit) == self._boss(view, unit, unseen)
                self.checked["units"] += 1

    def _check_following(self, view: PlayerView) -> None:
        """The greedy player's follow questions the heuristic player answers in its own way, and
        the voids of the players still to play, read from the finished tricks alone."""
        pub = view.public
        later = [(pub.leader + k) % pub.players for k in range(len(pub.plays) + 1, pub.players)]
        finished, voids = self._voids_seen(view).finished(), shown_voids(view)
        assert all(finished[s] == voids[s] for s in later)
        fc = pub.lead_context
        assert fc is not None
        assert winner(fc.order, fc.lead, fc.units, fc.suit, []) == 0  # the lead alone wins
        plain = self.plain
        assert self._ruff(view) == plain._ruff(view)
        for pick in ("fit", "high"):
            for points_first in (False, True):
                assert self._candidate(view, pick, points_first) == plain._candidate(view, pick, points_first)
        for ruff in (False, True):
            assert self._singles(view, ruff) == plain._singles(view, ruff)
        options = plain._multi(view)
        assert self._multi(view) == options
        assert self._first_winning(view, options) == plain._first_winning(view, options)
        if len(fc.lead) > 1:
            assert self._follow_several(view) == plain._first_winning(view, options)
            self.checked["several"] += 1
        self.checked["follows"] += 1

    def _check_split(self, view: PlayerView) -> None:
        """The hand by suit read from the table's split answers as splitting the hand, in the same
        order of suits."""
        order = view.ctx.order
        by_suit: dict[int, list[Card]] = {}
        for c in view.hand:
            by_suit.setdefault(order.suit_of[c], []).append(c)
        assert view.by_suit is not None  # the table keeps the hands split
        for asked in (view, PlayerView(view.seat, view.hand, view.public, view.kitty)):
            split = _by_suit(asked, order.suit_of)
            assert list(split) == list(by_suit) and all(list(split[s]) == by_suit[s] for s in by_suit)
        self.checked["split"] += 1

    def _check_sure_winners(self, view: PlayerView) -> None:
        """The sure winners found without decomposing suits that cannot hold one, and with the
        singles of suits whose cards are all different read from the cards, under every ruffed
        suit and with throws allowed or not."""
        order = view.ctx.order
        by_suit: dict[int, list[Card]] = {}
        for c in view.hand:
            by_suit.setdefault(order.suit_of[c], []).append(c)
        unbeaten = self._unbeaten(order, self._unseen(view).__getitem__)
        for ruffed in (set(), {0}, {1, 3}):
            for throws in (False, True):
                found = self._sure_winners(order, by_suit, ruffed, unbeaten, throws)
                assert found == _plain_sure_winners(self, view, by_suit, ruffed, throws)
                self.checked["sure winners" if found != (None, None) else "none sure"] += 1

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        level = view.level
        for trump in (None, *SUITS):
            plain = sum(1 for c in view.hand
                        if c.is_joker or c.rank == level or (trump is not None and c.suit == trump))
            assert self._trumps_with(view, trump) == plain
        self.checked["declarations"] += 1
        return super().declare(view, offers)

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        """The cards buried with each face's key worked out once, as with a key per card."""
        order, pts, hand = view.ctx.order, self._pts(view), view.hand
        copies = {c: hand.count(c) for c in set(hand)}
        length = {s: sum(1 for c in hand if order.suit_of[c] == s) for s in range(TRUMP + 1)}
        unseen = self._unseen(view)

        def keep(c: Card) -> tuple[bool, bool, bool, bool, int, int, int]:
            suit = order.suit_of[c]
            boss = suit != TRUMP and _boss_card(view, c, unseen)
            return (suit == TRUMP, pts[c] > 0, copies[c] > 1, boss, length[suit], order.strength[c], c)

        buried = super().bury(view, count)
        assert list(buried) == sorted(hand, key=keep)[:count]
        self.checked["buried"] += 1
        return buried

    def lead(self, view: PlayerView) -> Sequence[Card]:
        self._check_counting(view)
        self._check_split(view)
        self._check_sure_winners(view)
        return super().lead(view)

    def follow(self, view: PlayerView) -> Sequence[Card]:
        self._check_counting(view)
        fc = view.public.lead_context
        assert fc is not None
        if fc.rainbow is None:
            self._check_following(view)
        if fc.rainbow is None and len(fc.lead) == 1:
            for card in set(view.hand):
                follows = _single_follows(fc, view.hand, card)
                assert follows == (follow_error(fc, view.hand, (card,)) is None)
                self.checked["single follows" if follows else "single refused"] += 1
            for ruff in (False, True):
                held = self._singles(view, ruff)
                wins = [view.winner_if((c,)) == view.seat for c in held]
                # weakest first: the cards that would lose, then the cards that would win
                assert wins == sorted(wins), (fc.lead, view.public.plays, held, wins)
                expected = self.plain._first_winning(view, [(c,) for c in held])
                assert self._first_winning(view, [(c,) for c in held]) == expected
                assert self._first_winning_single(view, held) == expected
                assert self.plain._first_winning_single(view, held) == expected
                self.checked["singles"] += 1
                self.checked["mixed" if any(wins) and not all(wins) else "same"] += 1
        return super().follow(view)


def _variant(rules: tr.Rules, compare: str, requirement: str) -> tr.Rules:
    return dataclasses.replace(rules, ruffing=dataclasses.replace(rules.ruffing, compare=compare,
                                                                   requirement=requirement))


def _rulesets() -> list[tuple[str, tr.Rules]]:
    out = [(name, tr.load(name)) for name in tr.builtin_names()]
    out += [(name, tr.load(str(EXAMPLES / f"{name}.tractor"))) for name in ("C06-mixed-bombs", "C07-rainbows")]
    two = tr.load("two-decks")
    out += [(f"two-decks {c} {r}", _variant(two, c, r))
            for c, r in (("highest-card", "any"), ("every-part", "shape"), ("largest-part", "types"))]
    return out


@pytest.mark.parametrize("name,rules", _rulesets(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_heuristic_shortcuts_answer_as_the_plain_questions(name, rules):
    players = [CheckedHeuristic() for _ in range(rules.table.players)]
    rng = random.Random(5)
    levels = [r for r in rules.table.ranks if r not in rules.trumps.constant_ranks]
    for hand in range(2):
        play_hand(rules, players, rng, level=levels[hand % len(levels)], banker=hand % rules.table.players)
    checked = sum((p.checked for p in players), Counter())
    assert checked["units"] > 0 and checked["singles"] > 0 and checked["follows"] > 0
    assert checked["sure winners"] > 0 and checked["none sure"] > 0
    assert checked["declarations"] > 0 and checked["buried"] > 0 and checked["several"] > 0
    assert checked["split"] > 0
    if rules.combinations.rainbow_min == 0:
        assert checked["single follows"] > 0 and checked["single refused"] > 0
    if rules.combinations.rainbow_min == 0:
        assert checked["mixed"] > 0, "no single lead where some cards would win and others not"


def test_the_checked_player_plays_as_the_heuristic_one():
    """The checks above ask questions only: the checked player's hands are the heuristic's."""
    rules = tr.load("two-decks")
    records = []
    for kind in (HeuristicPlayer, CheckedHeuristic):
        players = [kind() for _ in range(4)]
        record = play_hand(rules, players, random.Random(8), level="2", banker=1)
        records.append([(t.leader, t.plays) for t in record.tricks])
    assert records[0] == records[1]


@given(st.lists(st.integers(0, 53), min_size=1, max_size=30), st.lists(st.integers(0, 10), min_size=54, max_size=54),
       st.lists(st.integers(0, 200), min_size=54, max_size=54))
def test_the_card_given_up_first_is_the_least_by_points_strength_and_code(codes, points, strength):
    cards = [CARDS[c] for c in codes]
    assert _lowest(cards, points, strength) == min(cards, key=lambda c: (points[c] > 0, strength[c], c))
