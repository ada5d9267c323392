"""A match: hands until a team wins (``levels.game_end``), the levels climbing and the bank
rotating as the rules say.

Levels are kept per seat (equal within a fixed team; per player with called partners or a banker
alone, where the teams change every hand); a hand is played at its banker's level (with an
auction, the level of the auction's winner, known once the cards are dealt; where each player
declares at their own level, the final declarer's, who banks).  ``rules.advance`` climbs them,
told whether the levels were won holding the bank (defended levels are passed only so); past the
last level a team stays at it ("last", "reach-last", "hands") or reaches the extra no-trump level
("beyond-last", played with no level rank at all when ``beyond_trumps`` is "jokers-only").  With
"reach-last" the first team whose level reaches the last level wins, bankers or attackers; with
"past-last" the first team that goes up past it.

A ladder that goes round (``levels.rounds``) is climbed that many times: a seat's level is a
position along the rounds (``scoring.climb``), a climb past a round's last level going on from the
first level of the next round; "the last level" of the game ends is the last round's, and with
rounds without end (0) no position is the last.  The ranks that knock-back rules and the effects
``back to`` and ``to`` name are those of the seat's own round (of the last round, for a seat at
the extra level beyond it): they never take a team back a round; ``down`` steps down the
positions, across rounds, to the first level of the first round at the lowest.  Knock
back (``levels.knock_back``): the banker team of a hand played at a rule's level goes back to the
rule's lower level when the rule's event happens (a loss, a loss to a single card, an attacker's
single card winning the last trick); this comes before the hand's own level change, so a banker
team that held climbs from the level it was sent back to.  Knock back is sugar for the house rules
after each hand: each knock-back rule is evaluated as the ``when`` rule it is a special case of
(``Levels.knock_back_rules``: ``the level is J and ...: the bankers knocked back to 2``), by the
code that evaluates ``levels.after_hand``; the effect ``knocked back to`` (``knock-back``) is the
one effect made before the hand's own level change, the knock-back rules' first, then those of the
house rules the hand set off, in the order written.  The other effects of the house rules after
each hand come after the level change: each rule the hand set off moves the levels of the teams it
names, or ends the game, in the order written.
Table stakes (rulesets with game points): each hand moves table points from its losers to its
winners.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...rules import Rules
from ...rules.expressions import OWN_CHANGE_EFFECTS, PLAYER_EFFECTS, STAKE_EFFECTS, Effect
from ..errors import EngineError
from ..rulings.scoring import beyond_level, climb, level_ladder
from ..rulings.stakes import hand_points, table_points_change
from .after_hand import (HandFacts, effect_seats, effects_in_order, facts_of, hand_quantities, holds,
                         knock_back_facts, number, stake_effects, stake_keys, worth_after)
from .hand import play_hand
from .record import HandRecord, reads_levels
from .seats import others
from .views import Player

#: a match stops after this many hands, finished or not
MAX_HANDS = 2000

#: the effects of the house rules after a hand made before the others: knocked back before the hand's
#: own level change, a team or one player
_KNOCKS = ("knock-back", "player-knock-back")
#: the effects the match does not make after the hand's own level change: made with the hand's record
#: (the next banker, the hand's own level change), before it (knocked back) or with the stakes
_MADE_ELSEWHERE = frozenset({"next-banker", *_KNOCKS}) | OWN_CHANGE_EFFECTS | STAKE_EFFECTS

#: the extra level of ``game_end: beyond-last``, played in no-trump (``scoring.beyond_level``)
BEYOND = "beyond"


@dataclass(slots=True)
class MatchResult:
    hands: list[HandRecord]
    #: the winning seats (a team), or None when the match stopped unfinished or drawn
    winners: frozenset[int] | None
    #: each seat's level at the end
    levels: list[str]
    #: "won", "drawn" (game_end "hands", level tie) or "unfinished" (the safety limit)
    status: str
    #: each seat's round at the end (``levels.rounds``: 1 the first time up the ladder)
    rounds: list[int] = field(default_factory=list)


class Match:
    """Hands until a team wins (``levels.game_end``), at most ``max_hands``.  ``step()`` plays one
    hand; ``play()`` plays them all."""

    def __init__(self, rules: Rules, players: Sequence[Player], rng: random.Random, max_hands: int = MAX_HANDS,
                 hand_rng: Callable[[int], random.Random] | None = None):
        """``hand_rng``, when given, gives the generator that shuffles the deck of each hand (by
        its index in the match) instead of ``rng``: every hand then has its own seed, so that the
        same deals come up under rules that draw differently from the generator."""
        self.rules = rules
        self.players = list(players)
        self.rng = rng
        self.hand_rng = hand_rng
        self.max_hands = max_hands
        #: the levels of one round, in order
        self.ranks = level_ladder(rules)
        #: the levels of every round in turn (one round when they go round without end), and the
        #: extra level beyond the last
        self.ladder = list(self.ranks) * max(rules.levels.rounds, 1)
        self.game_end = rules.levels.game_end
        if self.game_end == "beyond-last":
            self.ladder.append(BEYOND)
        self.endless = rules.levels.rounds == 0
        n = rules.table.players
        self.levels = [0] * n  # the position on the ladder (``ladder`` index, then round after round), per seat
        self.banker: int | None = None
        self.hands: list[HandRecord] = []
        self.winners: frozenset[int] | None = None
        self.status = "playing"
        #: the seats whose climb in the hand under way went past the last level
        self.passed: set[int] = set()
        #: each seat's table points (seed 000's stakes), when the ruleset has game points
        self.table_points = [0] * n if rules.stakes.game_points else []
        #: the knock-back rules as the house rules after a hand they are sugar for, derived once
        self._knock_rules = rules.levels.knock_back_rules()
        #: a house rule after each hand knocks a team back (before the hand's own level change)
        self._knocks_after_hand = any(e[0] in _KNOCKS for t in rules.levels.after_hand for e in t.effects)
        #: a rule reads a team's or a player's level: each hand is told the seats' levels
        self._reads_levels = reads_levels(rules)
        #: the game points read a quantity that only the hand's facts give (``_stakes``)
        self._stake_keys = stake_keys(rules)
        #: a house rule after a hand changes what the hand is worth at the table
        self._stake_effects = stake_effects(rules)

    @property
    def done(self) -> bool:
        return self.status != "playing"

    def _top(self) -> int | None:
        """The highest ladder index a team can hold; None on a ladder that goes round without end."""
        return None if self.endless else len(self.ladder) - 1

    def level_at(self, at: int) -> str:
        """The level (a rank, or ``BEYOND``) at position ``at``."""
        return self.ladder[at] if at < len(self.ladder) else self.ranks[at % len(self.ranks)]

    def round_of(self, at: int) -> int:
        """The round (1 the first time up the ladder) of position ``at``; the extra level beyond
        the last is of the last round."""
        if not self.endless:
            at = min(at, len(self.ranks) * self.rules.levels.rounds - 1)
        return at // len(self.ranks) + 1

    def _in_round(self, at: int, rank: str) -> int:
        """The position of level ``rank`` in the round of position ``at``."""
        return (self.round_of(at) - 1) * len(self.ranks) + self.ranks.index(rank)

    def _climb(self, seat: int, at: int, steps: int, as_banker: bool) -> int:
        """The ladder index ``steps`` up from ``at`` for ``seat`` (noted in ``passed`` when the climb
        goes past the last level)."""
        if steps <= 0:
            return at
        if self.level_at(at) == BEYOND:
            return at
        got = climb(self.rules, self.ranks, at, steps, as_banker)
        if got is None:
            self.passed.add(seat)
            return len(self.ladder) - 1  # past the last: stay at it, or the extra level beyond it
        return got

    def step(self) -> HandRecord:
        """Play the next hand, at its banker's level, and move the levels, the table points and
        the bank by its outcome."""
        if self.done:
            raise EngineError("the match is over")
        rules = self.rules
        at = self.levels[self.banker] if self.banker is not None else 0
        level: str | None = self.level_at(at)
        beyond = level == BEYOND
        if beyond:
            level = beyond_level(rules)
        rng = self.rng if self.hand_rng is None else self.hand_rng(len(self.hands))
        # the hand is played at the level of whoever wins the auction, or of the final declarer
        # where each player declares at their own level
        if rules.auction.on or rules.declaring.level_cards != "hand":
            record = self._play_hand(rng, level=level, banker=self.banker, beyond=beyond,
                                     seat_levels=[self.level_at(i) for i in self.levels])
            at, level = self.levels[record.banker], record.level
        else:
            clears = rules.declaring.redeal_clears_bank
            if clears:  # a redeal that clears the bank (完全造反) has each seat declare at its own level
                record = self._play_hand(rng, level=level, banker=self.banker, beyond=beyond,
                                         seat_levels=[self.level_at(i) for i in self.levels])
            else:
                record = self._play_hand(rng, level=level, banker=self.banker, beyond=beyond)
            if clears and record.bank_cleared:
                at, level = self.levels[record.banker], record.level
            elif rules.declaring.give_up_bank and record.gave_up is not None and self.levels[record.banker] != at:
                at = -1  # the bank given up: the new bankers play at another team's level, not their own
        self.hands.append(record)
        side, steps = record.level_change
        team = record.banker_team
        won = team if side == "banker" else others(team, rules.table.players)
        # knocked back first: a banker team that still goes up climbs from where it landed
        knocked = self._knock_back(record, level, beyond)
        if side == "banker" and at == self._top() and self.game_end not in ("hands", "past-last") and not knocked:
            self.winners = team
            self.status = "won"
        self.passed = set()
        for s in won:
            self.levels[s] = self._climb(s, self.levels[s], steps, as_banker=side == "banker")
        if record.after_hand:
            self._after_hand(record)
        if self.passed and self.status == "playing" and self.game_end == "past-last":
            self.winners = frozenset(self.passed)  # past the last level, as bankers or as attackers
            self.status = "won"
        if self.status == "playing" and self.game_end == "reach-last":
            self._end_on_reaching(won)
        if self.table_points:
            self._stakes(record, won)
        self.banker = record.next_banker
        if self.status == "playing" and self.game_end == "hands" and len(self.hands) >= max(rules.levels.end_hands, 1):
            self._end_by_levels()
        if self.status == "playing" and len(self.hands) >= self.max_hands:
            self.status = "unfinished"
        return record

    def _play_hand(self, rng: random.Random, **kwargs: Any) -> HandRecord:
        """``play_hand`` with these rules and players, told each seat's level as a position on the
        ladder (1 the first level) where a rule reads one; else called as it always was."""
        if self._reads_levels:
            kwargs["positions"] = [at + 1 for at in self.levels]
        return play_hand(self.rules, self.players, rng, **kwargs)

    def _after_hand(self, record: HandRecord) -> None:
        """The effects of the house rules the hand set off (``record.after_hand``), in order, after
        the hand's own level change."""
        facts = facts_of(record)
        for effect in effects_in_order(self.rules, record.after_hand):
            name = effect[0]
            if name in _MADE_ELSEWHERE:
                # the hand's record says it already (``after_hand.next_banker_after``, its level change:
                # ``after_hand.own_change_after``); knocked back before; its worth made with the stakes
                continue
            # one player's level (``the declarer + 1 level``) moves as a team's does, the team that player
            seats = effect_seats(effect, facts)
            player = name in PLAYER_EFFECTS
            name = PLAYER_EFFECTS.get(name, name)
            if name in ("up", "down"):
                steps = number(effect[2], facts)
                if name == "down":
                    steps = -steps
                as_banker = bool(seats) and seats <= record.banker_team if player else seats == record.banker_team
                for s in seats:
                    if steps > 0:
                        self.levels[s] = self._climb(s, self.levels[s], steps, as_banker=as_banker)
                    elif steps < 0:
                        self.levels[s] = max(self.levels[s] + steps, 0)
            elif name == "back-to":
                self._back_to(seats, Effect(effect))
            elif name == "to":
                if effect[2] not in self.ranks:
                    raise EngineError(f"{effect[2]} is not a level of these rules")
                for s in seats:
                    self.levels[s] = self._in_round(self.levels[s], effect[2])
            elif name == "wins-game":
                if self.status == "playing":
                    self.winners = seats
                    self.status = "won"
            else:
                raise EngineError(f"unknown effect {name!r}")

    def _stakes(self, record: HandRecord, won: frozenset[int]) -> None:
        """Move the table points by the hand's worth, from its losers to its winners, and note them
        in the record."""
        side, steps = record.level_change
        known = None
        if self._stake_keys:  # the hand's teams, levels, overturns: read from its facts
            quantities = hand_quantities(facts_of(record))
            known = {key: quantities[key] for key in self._stake_keys}
        house = None
        if self._stake_effects and record.after_hand:  # 'the hand is worth N game points'
            facts = facts_of(record)

            def house(worth: int) -> int:
                return worth_after(self.rules, facts, record.after_hand, worth)
        worth = hand_points(self.rules, side, steps, self.table_points, bid=record.bid,
                            points=record.attacker_points, kitty_points=record.kitty_points, values=known,
                            house=house)
        record.table_points = tuple(self.table_points)
        record.table_points_change = tuple(table_points_change(self.rules, worth, won))
        self.table_points = [p + d for p, d in zip(self.table_points, record.table_points_change)]

    def _knock_back(self, record: HandRecord, level: str | None, beyond: bool) -> bool:
        """Make the effects ``knocked back to`` of the hand, before its own level change: those of
        the knock-back rules whose condition holds of it (``Levels.knock_back_rules``, evaluated as
        the house rules after a hand are), then those of the house rules it set off, in order; a
        seat already below the level stays where it is.  Whether one of them named the banker team
        (which then does not win the game by this hand)."""
        knocks = self._knock_rules
        effects: list[tuple] = []
        facts: HandFacts | None = None
        if knocks:  # the hand played at ``level``, the match's (the extra level's rank when ``beyond``)
            facts = knock_back_facts(self.rules, record, level, beyond)
            effects = [effect for trigger in knocks if holds(trigger.condition, facts) for effect in trigger.effects]
        if record.after_hand and self._knocks_after_hand:
            facts = facts_of(record)
            effects += [e for e in effects_in_order(self.rules, record.after_hand) if e[0] in _KNOCKS]
        if not effects:
            return False
        assert facts is not None
        knocked = False
        for effect in effects:
            seats = effect_seats(effect, facts)
            self._back_to(seats, Effect(effect))
            knocked = knocked or bool(seats & record.banker_team)
        return knocked

    def _back_to(self, seats: frozenset[int], effect: Effect) -> None:
        """``back to`` and ``knocked back to``: each seat goes back to the effect's level, in its
        own round; one already below it stays."""
        if effect[2] not in self.ranks:
            raise EngineError(f"{effect[2]} is not a level of these rules")
        for s in seats:
            self.levels[s] = min(self.levels[s], self._in_round(self.levels[s], effect[2]))

    def _end_on_reaching(self, won: frozenset[int]) -> None:
        """``game_end: reach-last``: the hand's winners whose level has reached the last level win
        the game at once, whichever side they were on."""
        reached = frozenset(s for s in won if self.levels[s] == self._top())
        if reached:
            self.winners = reached
            self.status = "won"

    def _end_by_levels(self) -> None:
        """``game_end: hands``: the match ends after its hands; the highest level wins, a tie of
        every seat is a draw."""
        best = max(self.levels)
        top = frozenset(s for s, at in enumerate(self.levels) if at == best)
        if len(top) == len(self.levels):
            self.status = "drawn"
        else:
            self.winners = top
            self.status = "won"

    def play(self) -> MatchResult:
        while not self.done:
            self.step()
        return self.result()

    def result(self) -> MatchResult:
        return MatchResult(self.hands, self.winners, [self.level_at(i) for i in self.levels],
                           self.status if self.done else "unfinished", [self.round_of(i) for i in self.levels])


def play_match(rules: Rules, players: Sequence[Player], rng: random.Random, max_hands: int = MAX_HANDS) -> MatchResult:
    """Play a match to its end (or ``max_hands``)."""
    return Match(rules, players, rng, max_hands).play()
