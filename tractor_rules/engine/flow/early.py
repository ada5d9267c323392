"""Ending a hand early (``levels.end_early``): after each trick, while cards are left in the hands,
the rules' condition is asked of the hand so far; where it holds, no more tricks are played.

What the condition may read (``expressions.TRICK``): the attackers' ``points`` taken so far (their
trick points with the penalties so far, held at 0; the kitty not counted), the ``points left`` in
the players' hands, the ``cards left`` in each hand, the ``bid``, the table, the hand's level and
trump, and the fact ``the outcome is decided``.

The outcome is decided when no play of the cards left can change the level change the hand gives
(its side and its levels, and so who wins and who banks next).  The attackers' final score is
bounded by every value it can take: their points so far, plus any of the points left, plus the
kitty's points times any multiplier from 0 to the largest the last lead can earn with the cards
left (rbtying/shengji#301: a last trick the attackers win multiplies the kitty), plus any penalty
the tricks left can bring (each trick a failed throw of as many cards as are left); and a failed
throw that loses the hand (``hand-lost``) may still come while two cards are left.  Every such
score, read as the upgrade table reads it (``counted``) with either team winning the last trick,
must give the same level change.  A hand already lost by a failed throw is decided.  The bound is
taken over every whole number in steps of the points' common divisor; where that is more than
``MAX_SCORES`` scores, the outcome is not judged decided (the hand goes on).

A player's concession (``levels.concede``) is asked at the same moment, once ``end_early`` has not
ended the hand: its condition may read what ``end_early`` reads and the player's side (``a
banker``, ``an attacker``), and is asked of each player in turn from the trick's winner
(``Concession``); the first who accepts (``Player.concede``) ends the hand as ``end_early`` would.
What a player can tell of the outcome from their own seat (``outcome_seen``: the kitty's points
known only to whoever buried it) is what the engine's players decide by.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import gcd

from ...rules import Rules, expressions
from ...rules.kitty import Multiplier
from ...rules.table import Table
from ..deck.cards import Card
from ..errors import EngineError
from ..rulings.scoring import evaluate_formula, reads_table_levels, table_levels, table_score
from .outcome import outcome, penalties, point_table
from .record import TrickRecord
from .seats import banker_team
from .views import PlayerView

#: the most scores the judgement of a decided outcome reads; a wider range is not judged decided
MAX_SCORES = 20_000


@dataclass(frozen=True, slots=True)
class TrickFacts:
    """What ``levels.end_early`` may ask after a trick: the hand so far."""

    rules: Rules
    level: str | None
    trump: str | None
    #: the banker's team (with called partners, asked only once every call is answered: the team is
    #: the banker's whole team then)
    team: frozenset[int]
    #: the attackers' trick points so far, and the penalty points so far (added to the attackers)
    taken: int
    penalty: int
    #: the team that lost the hand by a failed throw so far ("banker", "attackers"), or None
    forfeit: str | None
    points_left: int
    cards_left: int
    kitty_points: int
    bid: int
    #: the players' levels the upgrade table may read (``rulings.scoring.table_levels``; None where
    #: not known)
    levels: Mapping[str, int] | None = None

    @property
    def points(self) -> int:
        """The attackers' points so far: their tricks' with the penalties, held at 0."""
        return max(self.taken + self.penalty, 0)

    def __getitem__(self, name: str) -> int:
        """The value of a quantity known after a trick."""
        if name == "points":
            return self.points
        if name == "points-left":
            return self.points_left
        if name == "cards-left":
            return self.cards_left
        if name == "bid":
            return self.bid
        if name == "decks":
            return self.rules.table.decks
        if name == "players":
            return self.rules.table.players
        raise EngineError(f"'{name}' is not known after a trick")

    def fact(self, name: str, args: tuple) -> bool:
        if name == "outcome-decided":
            return outcome_decided(self)
        if name == "level-is":
            return self.level == args[0]
        if name == "no-trump":
            return self.trump is None
        raise EngineError(f"'{name}' is not known after a trick")


def trick_facts(rules: Rules, level: str | None, trump: str | None, banker: int, friends: Sequence[int],
                tricks: Sequence[TrickRecord], won: Sequence[int], hands: Sequence[Sequence[Card]],
                kitty: Sequence[Card], points: Sequence[int], bid: int = 0, *,
                positions: Sequence[int] = ()) -> TrickFacts:
    """The hand so far after ``tricks``: ``won`` the points each seat took, ``hands`` the cards left,
    ``kitty`` the buried cards, ``points`` the points of each card code, ``positions`` each seat's
    level where a rule reads one."""
    team = banker_team(rules, banker, list(friends))
    penalty, forfeit = penalties(rules, tricks, team)
    return TrickFacts(rules, level, trump, team, sum(p for s, p in enumerate(won) if s not in team), penalty,
                      forfeit, sum(points[c] for hand in hands for c in hand), min(len(h) for h in hands),
                      sum(points[c] for c in kitty), bid,
                      table_levels(rules, positions, banker, team) if positions else None)


def _team_size_of(rules: Rules, points: int, points_left: int, cards_left: int, kitty_points: int,
                  forfeit: str | None, team_size: int | None) -> int:
    """The banker team's size for the oracle's questions on a hand's numbers, once the numbers are
    checked (an EngineError names the first that cannot be)."""
    if forfeit not in (None, "banker", "attackers"):
        raise EngineError(f"forfeit must be 'banker', 'attackers' or None, not {forfeit!r}")
    size = len(banker_team(rules, 0)) if team_size is None else team_size
    if not 1 <= size < rules.table.players:
        raise EngineError(f"a banker team of {size} players cannot sit at a table of {rules.table.players} "
                          "with attackers")
    if min(points, points_left, cards_left, kitty_points) < 0:
        raise EngineError("points, points left, cards left and kitty points are 0 or more")
    return size


def decided(rules: Rules, points: int, points_left: int, cards_left: int, *, kitty_points: int = 0,
            penalty: int = 0, forfeit: str | None = None, team_size: int | None = None, bid: int = 0) -> bool:
    """``Rules.outcome_decided``: the fact 'the outcome is decided' of a hand's numbers."""
    size = _team_size_of(rules, points, points_left, cards_left, kitty_points, forfeit, team_size)
    return outcome_decided(TrickFacts(rules, None, None, frozenset(range(size)), points, penalty, forfeit,
                                      points_left, cards_left, kitty_points, bid))


class Concession:
    """What ``levels.concede`` asks of each player after one trick: the hand so far (``facts``)
    and the player's side.  Whether the outcome is decided is worked out once for the trick, however
    many players are asked."""

    __slots__ = ("facts", "attacker", "_decided")

    def __init__(self, facts: TrickFacts):
        self.facts = facts
        self.attacker = False
        self._decided: bool | None = None

    def __getitem__(self, name: str) -> int:
        return self.facts[name]

    def fact(self, name: str, args: tuple) -> bool:
        if name == "player-attacker":
            return self.attacker
        if name == "player-banker":
            return not self.attacker
        if name == "outcome-decided":
            if self._decided is None:
                self._decided = outcome_decided(self.facts)
            return self._decided
        return self.facts.fact(name, args)

    def holds(self, seat: int) -> bool:
        """Whether ``seat`` may concede the hand now (never where ``levels.concede`` is empty)."""
        condition = self.facts.rules.levels.concede
        if not condition:
            return False
        self.attacker = seat not in self.facts.team
        return expressions.condition_holds(condition, self.fact, self)


def may_concede(rules: Rules, attacker: bool, points: int, points_left: int, cards_left: int, *,
                kitty_points: int = 0, penalty: int = 0, forfeit: str | None = None, team_size: int | None = None,
                bid: int = 0, level: str | None = None, trump: str | None = None) -> bool:
    """``Rules.may_concede``: whether a player (an attacker, or of the banker's team) may concede a
    hand of these numbers (the condition of ``levels.concede``)."""
    size = _team_size_of(rules, points, points_left, cards_left, kitty_points, forfeit, team_size)
    facts = TrickFacts(rules, level, trump, frozenset(range(size)), points, penalty, forfeit, points_left,
                       cards_left, kitty_points, bid)
    return Concession(facts).holds(rules.table.players - 1 if attacker else 0)


def outcome_seen(view: PlayerView) -> bool:
    """Whether the outcome is decided as ``view``'s seat can tell after a trick, the teams known:
    the points taken and the cards played are public; the kitty's points are known to whoever buried
    it, and for the others are bounded by the points not yet played (counted both as points left
    and as the kitty's, so that a judgement of decided holds whatever the kitty holds)."""
    public = view.public
    rules = view.rules
    if public.banker is None:
        return False
    points = point_table(rules)
    team = banker_team(rules, public.banker, list(public.friends))
    penalty, forfeit = penalties(rules, public.tricks, team)
    taken = sum(p for s, p in enumerate(public.points) if s not in team)
    unplayed = rules.table.total_points - sum(points[c] * k for c, k in enumerate(public.played))
    if view.kitty is not None:
        kitty_points = sum(points[c] for c in view.kitty)
        points_left = unplayed - kitty_points
    else:
        kitty_points = points_left = unplayed
    return outcome_decided(TrickFacts(rules, view.level, view.trump, team, taken, penalty, forfeit,
                                      max(points_left, 0), len(view.hand), max(kitty_points, 0), public.bid))


def ends_early(facts: TrickFacts) -> bool:
    """Whether the hand ends after this trick (``levels.end_early``; never where it is empty)."""
    condition = facts.rules.levels.end_early
    return bool(condition) and expressions.condition_holds(condition, facts.fact, facts)


def reads_decided(rules: Rules) -> bool:
    """Whether the rule for ending early, or for conceding, asks whether the outcome is decided."""
    return _reads_fact(rules.levels.end_early, "outcome-decided") or _reads_fact(rules.levels.concede,
                                                                                  "outcome-decided")


def _reads_fact(tree: tuple, name: str) -> bool:
    if not tree:
        return False
    if tree[0] == "fact":
        return tree[1] == name
    return any(isinstance(part, tuple) and _reads_fact(part, name) for part in tree[1:])


def outcome_decided(f: TrickFacts) -> bool:
    """Whether no play of the cards left can change the hand's level change (see the module)."""
    rules = f.rules
    team_size = len(f.team)
    if f.forfeit is not None:  # the first failed throw that loses the hand decides it
        return True
    left = f.cards_left
    leading = rules.leading
    low_penalty = high_penalty = 0
    forfeits: list[str] = []
    step = _card_step(rules.table)
    if leading.throws and left >= 2:
        for bankers in (True, False):
            rule = leading.throw_penalty_of(bankers)
            seats = team_size if bankers else rules.table.players - team_size
            if rule.kind == "hand-lost":
                forfeits.append("banker" if bankers else "attackers")
                continue
            if rule.kind == "per-attempt":
                most = rule.points * left
            elif rule.kind == "per-card":
                most = rule.points * left * seats
            else:
                continue
            step = gcd(step, rule.points)
            if bankers:
                high_penalty += most
            else:
                low_penalty -= most
    multiplier = largest_multiplier(rules.kitty, rules.table, left)
    base = f.taken + f.penalty
    low = base + low_penalty
    high = base + f.points_left + f.kitty_points * multiplier + high_penalty
    step = step or 1
    if (high - low) // step > MAX_SCORES:
        return False

    if f.levels is None and reads_table_levels(rules):
        return False  # the table reads the players' levels, not known here (a hand resumed by a search)

    def change(raw: int, last: str) -> tuple[str, int]:
        read = table_score(rules, max(raw, 0), bid=f.bid, raw_points=raw, kitty_points=f.kitty_points,
                           levels=f.levels)
        return outcome(rules, read, last_trick=last, team_size=team_size, bid=f.bid, levels=f.levels)

    first = change(low, "banker")
    if change(high, "attackers") != first or change(high, "banker") != first or change(low, "attackers") != first:
        return False
    for lost in forfeits:
        if outcome(rules, 0, lost, team_size=team_size, bid=f.bid, levels=f.levels) != first:
            return False
    for raw in range(low + step, high, step):
        if change(raw, "banker") != first or change(raw, "attackers") != first:
            return False
    return True


@lru_cache(maxsize=64)
def _card_step(table: Table) -> int:
    """The common divisor of the points of the cards (every trick's points are a multiple of it)."""
    step = 0
    for _, points in table.points:
        step = gcd(step, points)
    return step


@lru_cache(maxsize=256)
def largest_multiplier(kitty: Multiplier, table: Table, cards: int) -> int:
    """The largest multiplier of the kitty a last lead of at most ``cards`` cards can earn (at least
    as large as any it can: a bound)."""
    if kitty.kind == "none" or cards <= 0:
        return 0
    if kitty.kind == "formula":
        constants = {"decks": table.decks, "players": table.players}
        limit = kitty.cap if kitty.cap > 0 else 10**9
        return max(0, max(evaluate_formula(kitty.formula, size, total, limit, constants)
                          for size in range(1, min(cards, 64) + 1) for total in range(size, min(cards, 64) + 1)))
    rows = kitty.table
    fitting = [r.factor for r in rows if (r.length if r.rainbow else r.width * r.length) <= cards]
    most = max(fitting, default=max((r.factor for r in rows), default=1))
    if kitty.doubling:
        for r in rows:
            if r.length > 1 and not r.rainbow and r.width > 1 and cards // r.width > r.length:
                most = max(most, r.factor * 2 ** min(cards // r.width - r.length, 60))
    return most
