"""One hand, from the shuffle to the score: each step is a module of its own, called in turn.

1. ``deal``: deal and declare; trump by the last declaration, else the fallback or a redeal;
   a redeal for a weak hand where the rules allow one; the first hand's banker.
2. ``kitty``: the kitty shown to the table where the rules say so; the banker exchanges it;
   overturns after it (炒地皮) where the rules allow.
3. ``friends``: with called partners, the banker's calls.
4. ``trick_play``: the tricks, the banker leading the first.
5. ``outcome``: the attackers' points, the level change and the next banker.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ...rules import Rules, Table
from ..deck.cards import Card, pack
from ..errors import EngineError
from .after_hand import facts_of, fired, next_banker_after
from .deal import deal, first_banker
from .friends import ask_calls
from .kitty import exchange, overturns
from .outcome import point_table, score
from .record import HandRecord
from .trick_play import play_tricks
from .views import Player, PlayerView


class Hand:
    """One hand being played.  ``play()`` runs it to the end and returns its ``HandRecord``."""

    def __init__(self, rules: Rules, players: Sequence[Player], rng: random.Random, *,
                 level: str | None, banker: int | None, beyond: bool = False):
        n = rules.table.players
        if len(players) != n:
            raise EngineError(f"these rules seat {n} players, not {len(players)}")
        if banker is not None and not 0 <= banker < n:
            raise EngineError(f"seat {banker} is not one of seats 0..{n - 1}")
        self.rules = rules
        self.players = list(players)
        self.rng = rng
        self.n = n
        self.level = level
        self.first_hand = banker is None
        self.banker = banker
        self.beyond = beyond
        self.points = point_table(rules)
        self.deck = _pack(rules.table)

    def play(self) -> HandRecord:
        rules = self.rules
        players = self.players
        dealt = deal(rules, players, self.rng, self.deck, level=self.level, banker=self.banker, beyond=self.beyond)
        hands, public, standing, trump_by = dealt.hands, dealt.public, dealt.standing, dealt.trump_by
        if self.banker is None:
            self.banker = first_banker(rules, dealt)
        banker = self.banker
        public.banker = banker
        public.ctx = rules.context(self.level, public.trump)

        shown = rules.kitty_exchange
        if shown.shown_before_burying:
            public.kitty_shown = tuple(dealt.kitty)
        kitty = exchange(players, banker, hands, dealt.kitty, public)
        if rules.declaring.overturn_after_kitty and not self.beyond:
            kitty, overturned = overturns(rules, players, hands, kitty, public, standing, first_hand=self.first_hand)
            if overturned is not standing:
                standing = overturned
                trump_by = "declared"
        if rules.table.partnership == "called":
            view = PlayerView(banker, hands[banker], public, kitty.seen_by(banker))
            public.called = ask_calls(rules, players[banker], view)
        start_hands = [tuple(h) for h in hands]

        play_tricks(rules, players, hands, public, kitty, self.points)
        if shown.shown_at_end:
            public.buried_shown = tuple(kitty.cards)
        declarer = standing.seat if standing is not None else None
        end = score(rules, public, kitty.cards, self.points, declarer)
        record = HandRecord(
            rules=rules, level=self.level, trump=public.trump, banker=banker, hands=start_hands,
            kitty=tuple(kitty.cards), tricks=public.tricks, attacker_points=end.attacker_points,
            kitty_points=end.kitty_points, kitty_multiplier=end.kitty_multiplier, level_change=end.level_change,
            next_banker=end.next_banker, banker_team=end.banker_team, declarations=public.declarations,
            declarer=declarer, called=public.called, redeals=dealt.redeals, trump_by=trump_by,
            penalty=end.penalty, forfeit=end.forfeit, beyond=self.beyond,
            weak_hands=[(w.seat, w.hand, w.trump) for w in dealt.weak_hands],
            kitty_shown=public.kitty_shown, buried_shown=public.buried_shown, buried_by=kitty.burier,
        )
        if rules.levels.after_hand:
            facts = facts_of(record)
            record.after_hand = fired(rules, facts)
            record.next_banker = next_banker_after(rules, facts, record.after_hand, record.next_banker)
        return record


@lru_cache(maxsize=64)
def _pack(table: Table) -> tuple[Card, ...]:
    """The whole pack in deck order (``cards.pack``), kept: every hand deals a copy of it."""
    return tuple(pack(table))


def play_hand(rules: Rules, players: Sequence[Player], rng: random.Random, *, level: str | None = None,
              banker: int | None = None, beyond: bool = False) -> HandRecord:
    """Play one hand.  ``banker`` None is a first hand (the banker is found by declaring);
    ``level`` defaults to the first level, except in the extra level ``beyond`` the last, where
    None is a hand with no level rank."""
    if level is None and not beyond:
        level = rules.levels.first
    return Hand(rules, players, rng, level=level, banker=banker, beyond=beyond).play()
