"""The end of a hand: the attackers' points, the level change and the next banker.

The attackers' points are their trick points, plus the kitty's points times the multiplier of the
last lead if an attacker wins the last trick, plus or minus the penalties for failed throws (never
below 0); then ``rules.level_change``, told who won the last trick and how many players the banker's
team has (for the house rules that read them: a solo banker's own table, a bonus for a smaller
team, no level for a hold without the last trick).

Penalties (``leading.throw_penalty``; an attacker's is ``leading.attackers_throw_penalty`` where the
two sides' differ): a banker-team thrower's penalty is added to the attackers'
points, an attacker's is taken from them.  "hand-lost": the offending team loses the hand with
the smallest loss the thresholds give (the attackers' lowest row, or the bankers' highest row);
the first offence decides.

With called partners, points are credited to the teams as they stand at the end of the hand (a
friend's tricks won before being revealed count for the banker's team).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...rules import RANKS, Rules
from ..deck.cards import Card
from ..errors import EngineError
from ..rulings.scoring import lead_kitty_multiplier, table_levels, table_score, upgrade_table
from .after_hand import HandFacts, kitty_dug, next_banker_by
from .record import TrickRecord
from .seats import banker_team
from .views import Public


def point_table(rules: Rules) -> tuple[int, ...]:
    """The points of every card code (jokers and unlisted ranks 0)."""
    return _point_table(rules.table.points)


@lru_cache(maxsize=64)
def _point_table(scoring: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """``point_table`` for the table's points by rank (asked at every hand: kept)."""
    points = dict(scoring)
    return tuple(0 if code >= 52 else points.get(RANKS[code % 13], 0) for code in range(54))


@dataclass(frozen=True, slots=True)
class Score:
    """How a hand ended (the fields of ``HandRecord`` of the same names)."""

    attacker_points: int
    kitty_points: int
    kitty_multiplier: int
    penalty: int
    forfeit: str | None
    level_change: tuple[str, int]
    next_banker: int
    banker_team: frozenset[int]


def score(rules: Rules, public: Public, kitty: Sequence[Card], points: Sequence[int],
          declarer: int | None, bid: int = 0, *, early: bool = False, positions: Sequence[int] = ()) -> Score:
    """Score a hand whose tricks have all been played (``public.tricks``, ``public.points``),
    ``kitty`` buried, ``declarer`` the final declarer (None when trump came from the fallback),
    ``bid`` the auction's winning bid (0 without one).  ``early``: the hand ended early
    (``levels.end_early``), its last trick not played: the kitty is not dug (multiplier 0).
    ``positions``: each seat's level as the hand was played, where a rule reads one (the upgrade
    table's among them: ``table_levels``)."""
    banker, ctx = public.banker, public.ctx
    if banker is None or ctx is None:
        raise EngineError("a hand is scored once trump and the banker are known")
    team = banker_team(rules, banker, public.friends)
    attackers = sum(p for s, p in enumerate(public.points) if s not in team)
    kitty_points = sum(points[c] for c in kitty)
    last = public.tricks[-1] if public.tricks else None
    multiplier = 0
    if not early and last is not None and last.winner not in team and kitty_dug(
            rules, ctx, banker, team, [(t.winner, t.leader, t.plays) for t in public.tricks]):
        multiplier = lead_kitty_multiplier(rules, ctx.order, last.plays[0])
    attackers += kitty_points * multiplier
    penalty, forfeit = penalties(rules, public.tricks, team)
    attacker_points = max(attackers + penalty, 0)
    last_side = None if last is None else "banker" if last.winner in team else "attackers"
    levels = table_levels(rules, positions, banker, team) if positions else None
    read = table_score(rules, attacker_points, bid=bid, raw_points=attackers + penalty, kitty_points=kitty_points,
                       levels=levels)
    change = outcome(rules, read, forfeit, last_trick=last_side, team_size=len(team), bid=bid, levels=levels)
    return Score(attacker_points, kitty_points, multiplier, penalty, forfeit, change,
                 next_banker_of(rules, banker, change[0], team, declarer), team)


def penalties(rules: Rules, tricks: Sequence[TrickRecord], team: frozenset[int]) -> tuple[int, str | None]:
    """The penalty points for the failed throws (added to the attackers' points), and the team that
    lost the hand by them under "hand-lost"."""
    leading = rules.leading
    penalty = 0
    forfeit = None
    for t in tricks:
        if t.attempt is None:
            continue
        rule = leading.throw_penalty_of(t.leader in team)
        if rule.kind == "hand-lost":
            if forfeit is None:
                forfeit = "banker" if t.leader in team else "attackers"
            continue
        if rule.kind == "per-attempt":
            amount = rule.points
        elif rule.kind == "per-card":
            amount = rule.points * t.taken_back
        else:
            amount = 0
        penalty += amount if t.leader in team else -amount
    return penalty, forfeit


def outcome(rules: Rules, attacker_points: int, forfeit: str | None = None, *, last_trick: str | None = None,
            team_size: int | None = None, bid: int = 0, levels: Mapping[str, int] | None = None) -> tuple[str, int]:
    """The level change of a hand, ``attacker_points`` the number the table reads (``table_score``):
    by the upgrade table of a banker team of ``team_size`` (the
    side that won the last trick ``last_trick``), unless a team lost the hand by a penalty
    ("banker": that table's lowest attackers' row applies; "attackers": its highest bankers' row)."""
    rows = upgrade_table(rules, team_size)
    if forfeit == "banker":
        attacker_points = min((r for r in rows if r.side == "attackers"), key=lambda r: r.low).low
    elif forfeit == "attackers":
        attacker_points = max((r for r in rows if r.side == "banker"), key=lambda r: r.low).low
    return rules.level_change(attacker_points, last_trick=last_trick, team_size=team_size, bid=bid, levels=levels)


def next_banker_of(rules: Rules, banker: int, side: str, team: frozenset[int], declarer: int | None) -> int:
    """The next banker: the seat ``next banker:`` names, its clauses evaluated as the house rules
    after a hand they are sugar for (``Rules.next_banker_rules``: ``when the bankers win: the next
    banker is the banker's partner``, ...; ``trump maker``: ``when a hand ends: the next banker is
    the declarer`` after them, the declarer banking where somebody declared), on the hand's banker,
    its banker team (called partners: as the hand ended), who won and its declarer (None: nobody
    declared)."""
    facts = HandFacts(rules, None, banker, team, side, (), None, None, "", 0, 0, 0, declarer=declarer)
    return next_banker_by(rules.next_banker_rules(), facts, banker)
