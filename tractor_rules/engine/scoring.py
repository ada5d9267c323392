"""Scoring between hands: the level change a score gives, climbing the levels, the next banker,
and the kitty multiplier.  All constant time (or linear in the table rows and ranks)."""

from __future__ import annotations

from ..rules import Multiplier, Rules, ThresholdRow
from .errors import EngineError
from .units import Unit


def level_change(rules: Rules, attacker_points: int, *, last_trick: str | None = None,
                 team_size: int | None = None) -> tuple[str, int]:
    """("banker", n) or ("attackers", n); ("attackers", 0) is a swap.  By the upgrade table of a
    banker team of ``team_size`` players (None: the usual size); a smaller banker team that holds
    gains ``levels.short_team_bonus`` more; with ``levels.hold_needs_last_trick``, bankers who hold
    without the last trick (``last_trick`` "attackers") gain nothing."""
    if last_trick not in (None, "banker", "attackers"):
        raise EngineError(f"last_trick must be 'banker', 'attackers' or None, not {last_trick!r}")
    if team_size is not None and not 1 <= team_size <= rules.table.players:
        raise EngineError(f"a banker team of {team_size} players cannot sit at a table of {rules.table.players}")
    side, levels = row_change(upgrade_table(rules, team_size), attacker_points)
    if side == "banker":
        if smaller_team(rules, team_size):
            levels += rules.levels.short_team_bonus
        if last_trick == "attackers" and rules.levels.hold_needs_last_trick:
            levels = 0
    return side, levels


def upgrade_table(rules: Rules, team_size: int | None) -> tuple[ThresholdRow, ...]:
    """The rows that score a banker team of ``team_size`` players: a solo banker's own table where
    the rules have one, else the usual table."""
    if team_size == 1 and rules.solo_thresholds and rules.table.partnership == "called":
        return rules.solo_thresholds
    return rules.thresholds


def smaller_team(rules: Rules, team_size: int | None) -> bool:
    """Whether a banker team of ``team_size`` players is smaller than usual: with called partners,
    fewer than the banker and one friend per called card (fixed teams are always whole)."""
    table = rules.table
    return team_size is not None and table.partnership == "called" and team_size < 1 + table.called_cards


def row_change(rows: tuple[ThresholdRow, ...], attacker_points: int) -> tuple[str, int]:
    """The outcome the rows of one upgrade table give the attackers' points, as written."""
    for row in rows:
        if attacker_points >= row.low and (row.high == -1 or attacker_points <= row.high):
            levels = row.levels
            if row.every > 0:
                levels += (attacker_points - row.low) // row.every
            if row.at_most > 0:
                levels = min(levels, row.at_most)
            return row.side, levels
    raise EngineError(f"no threshold row covers {attacker_points} attacker points")


def level_ladder(rules: Rules) -> tuple[str, ...]:
    """The levels played, low to high: the deck's ranks from the first level to the last, without
    the constant-trump ranks."""
    ranks = rules.table.ranks
    if rules.levels.first not in ranks or rules.levels.last not in ranks:
        raise EngineError(f"levels {rules.levels.first}..{rules.levels.last} are not ranks of this deck")
    constant = set(rules.trumps.constant_ranks)
    low, high = ranks.index(rules.levels.first), ranks.index(rules.levels.last)
    return tuple(r for r in ranks[low:high + 1] if r not in constant)


def advance(rules: Rules, level: str, steps: int, as_banker: bool = True) -> str | None:
    """The level ``steps`` up from ``level``, stopping at the first mandatory or defended level on
    the way; None if that goes past the last level.  ``as_banker``: the levels were won by holding
    the bank while playing ``level`` (False: won as attackers), which alone lets a team go past a
    defended level it stands at."""
    if steps < 0:
        raise EngineError("a team never goes down by advancing; steps must be 0 or more")
    ladder = level_ladder(rules)
    if level not in ladder:
        raise EngineError(f"{level!r} is not a level of these rules ({', '.join(ladder)})")
    at = ladder.index(level)
    defended = set(rules.levels.defended)
    if level in defended and not as_banker:
        return level  # attackers winning at a level they must defend stay there
    stops = set(rules.levels.mandatory) | defended
    for _ in range(steps):
        at += 1
        if at >= len(ladder):
            return None
        if ladder[at] in stops:
            break
    return ladder[at]


def beyond_level(rules: Rules) -> str | None:
    """The rank the extra level of ``game_end: beyond-last`` is played at: the last level's, or
    None (``beyond_trumps: jokers-only``: no level rank at all)."""
    return None if rules.levels.beyond_trumps == "jokers-only" else rules.levels.last


def _require_seated_teams(rules: Rules) -> None:
    """"opposite" and "alternate" seat the two teams alternately; called partners are not seated."""
    if rules.table.partnership == "called":
        raise EngineError("with called partners the teams are not known from the seats")


def next_banker(rules: Rules, banker: int, winner: str) -> int:
    """The next banker's seat, seats 0..players-1 in play order.  The partner of a seat is the next
    seat of its team (s + 2, opposite in a four-player game).  ``rotation.declarer_banks`` is left
    to the game loop, which knows the declarer."""
    players = rules.table.players
    if not 0 <= banker < players:
        raise EngineError(f"seat {banker} is not one of seats 0..{players - 1}")
    rot = rules.rotation
    if winner == "banker":
        if rot.after_hold == "same":
            return banker
        _require_seated_teams(rules)
        return (banker + 2) % players  # "partner" and "next-of-team": the next seat of the team
    if winner == "attackers":
        if rot.after_loss == "next-of-team":
            _require_seated_teams(rules)
        return (banker + 1) % players  # the next seat, an attacker when teams alternate
    raise EngineError(f"winner must be 'banker' or 'attackers', not {winner!r}")


# --- the kitty -----------------------------------------------------------------------------------

_MAX_EXPONENT = 4096


def _evaluate(tree: tuple | list, size: int, cards: int) -> int:
    op = tree[0]
    if op == "num":
        return int(tree[1])
    if op == "var":
        if tree[1] == "size":
            return size
        if tree[1] == "cards":
            return cards
        raise EngineError(f"unknown variable {tree[1]!r} in the kitty formula")
    a = _evaluate(tree[1], size, cards)
    b = _evaluate(tree[2], size, cards)
    if op == "add":
        return a + b
    if op == "mul":
        return a * b
    if op == "pow":
        if b > _MAX_EXPONENT and abs(a) > 1:
            raise EngineError("the kitty formula grows past any multiplier")
        return a**b
    raise EngineError(f"unknown operation {op!r} in the kitty formula")


def kitty_multiplier(kitty: Multiplier, units: list[Unit]) -> int:
    """The multiplier of the kitty's points when the attackers win the last trick, from the last
    lead's units (largest first): by the table, by the formula, or 0 when the kitty never scores."""
    if kitty.kind == "none" or not units:
        return 0
    top = units[0]
    if kitty.kind == "formula":
        value = _evaluate(kitty.formula, top.width * top.length, sum(len(u.cards) for u in units))
        return min(value, kitty.cap) if kitty.cap > 0 else value
    rows = {(r.width, r.length): r.factor for r in kitty.table}
    if top.shape in rows:
        return rows[top.shape]
    if top.is_tractor and kitty.doubling:
        listed = [r for r in kitty.table if r.width == top.width and 1 < r.length < top.length]
        if listed:
            longest = max(listed, key=lambda r: r.length)
            return longest.factor * 2 ** (top.length - longest.length)
    # a shape the table leaves out counts as the largest listed shape it contains
    below = [r for r in kitty.table
             if r.width <= top.width and r.length <= top.length and (r.length == 1 or top.is_tractor)]
    if not below:
        raise EngineError(f"the kitty table has no factor for a unit of {top.width} x {top.length}")
    return max(below, key=lambda r: (r.length > 1, r.width, r.length)).factor
