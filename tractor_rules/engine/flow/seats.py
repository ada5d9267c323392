"""Seat and team arithmetic: the order of play round the table, and who plays with whom.

Seats are numbered 0..n-1 in play order.  "opposite" and "alternate" seat the two teams
alternately (even seats, odd seats); "called" (Finding Friends) makes the banker's team the
banker and the friends found during the hand, so that team is known only as it is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...rules import Rules


def in_turn(first: int, n: int) -> list[int]:
    """All ``n`` seats in play order, ``first`` first."""
    return [(first + k) % n for k in range(n)]


def after(seat: int, n: int) -> list[int]:
    """The other seats in play order, from the one after ``seat``."""
    return [(seat + k) % n for k in range(1, n)]


def others(team: frozenset[int], n: int) -> frozenset[int]:
    """The seats not in ``team``."""
    return frozenset(s for s in range(n) if s not in team)


@lru_cache(maxsize=64)
def seated_team(seat: int, n: int) -> frozenset[int]:
    """The team of ``seat`` when the teams are seated alternately: the seats of its parity."""
    return frozenset(s for s in range(n) if s % 2 == seat % 2)


def banker_team(rules: Rules, banker: int, friends: Sequence[int] = ()) -> frozenset[int]:
    """The seats of the banker's team: the banker's parity for seated teams, else the banker and
    the friends found."""
    if not rules.table.seated:
        return frozenset({banker, *friends})
    return seated_team(banker, rules.table.players)


def known_partners(rules: Rules, leader: int, banker: int, friends: Sequence[int] = (),
                   teams_known: bool = True) -> frozenset[int]:
    """The seats the whole table knows to be ``leader``'s partners.  Seated teams are known from
    the start.  With called partners, the banker and the friends found so far are known partners
    of one another; the other players are known partners of one another only once ``teams_known``
    (every call resolved), and a friend not yet found is nobody's known partner."""
    n = rules.table.players
    if rules.table.seated:
        return seated_team(leader, n) - {leader}
    bankers = banker_team(rules, banker, friends)
    if leader in bankers:
        return bankers - {leader}
    if teams_known:
        return others(bankers, n) - {leader}
    return frozenset()


def seat_of(name: str, n: int, *, banker: int, burier: int | None = None, declarer: int | None = None,
            dealer: int | None = None) -> int:
    """The seat a phase's turn order starts from, ``name`` a seat of ``expressions.SEATS``: the
    banker, the burier, the declarer (the banker when nobody declared: None), the dealer, or the
    seat after one of them in the direction of play.  A seat the phase does not know (None) is the
    banker."""
    after = name.startswith("after-")
    anchor = {"banker": banker, "burier": burier, "declarer": declarer,
              "dealer": dealer}[name[6:] if after else name]
    seat = banker if anchor is None else anchor
    return (seat + 1) % n if after else seat


def first_leader(rules: Rules, banker: int, burier: int, declarer: int | None) -> int:
    """Who leads the first trick (``leading.first_lead``): the banker unless the rules name
    another seat; ``burier`` the last to bury the kitty, ``declarer`` the seat whose declaration
    stands (None: nobody declared)."""
    first = rules.leading.first_lead
    if first == "banker":
        return banker
    return seat_of(first, rules.table.players, banker=banker, burier=burier, declarer=declarer)
