"""Scoring between hands: the level change a score gives, climbing the levels, the next banker,
and the kitty multiplier.  All constant time (or linear in the table rows and ranks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules import Multiplier, Rules, Table, ThresholdRow, expressions
from ..deck.cards import Card
from ..deck.order import Order
from ..deck.rainbows import rainbow_parts
from ..deck.rains import rain_of, throw_rains
from ..deck.units import Unit, decompose
from ..errors import EngineError


def table_score(rules: Rules, attacker_points: int, *, bid: int = 0, raw_points: int | None = None,
                kitty_points: int = 0, levels: Mapping[str, int] | None = None) -> int:
    """The number the upgrade table is read with: the attackers' points, or what ``counted``
    makes of the hand's quantities (``points - bid + 80``), held at 0 and above as the table's
    rows are.  ``levels``: the players' levels it may read (``table_levels``)."""
    if not rules.counted:
        return attacker_points
    values = {"points": attacker_points, "raw-points": attacker_points if raw_points is None else raw_points,
              "kitty-points": kitty_points, "bid": bid, "decks": rules.table.decks, "players": rules.table.players,
              **level_values(levels)}
    try:
        return max(0, expressions.evaluate_number(rules.counted, values))
    except KeyError as exc:
        raise EngineError(f"the number counted reads {_unknown(exc.args[0])}, which is not known here: give the "
                          "players' levels") from None


def table_levels(rules: Rules, positions: Sequence[int], banker: int, team: frozenset[int]) -> dict[str, int] | None:
    """The levels the upgrade table may read (``counted``, a row's levels) of a hand whose seats
    were at ``positions`` on the ladder (1 the first level; () where no rule reads one: None), the
    banker team ``team``: the bankers' (the banker's own), the attackers' (the highest of theirs),
    and the players' in the roles the table knows (``expressions.SCORE_ROLES``), each as ``the
    level of TEAM`` and ``the level of ROLE`` are after the hand."""
    n = rules.table.players
    if len(positions) != n:
        return None
    attackers = [positions[s] for s in range(n) if s not in team]
    levels = {"bankers": positions[banker], "attackers": max(attackers) if attackers else 0,
              "banker": positions[banker], "next-seat": positions[(banker + 1) % n]}
    if rules.table.seated:
        levels["partner"] = positions[(banker + 2) % n]
    return levels


def level_values(levels: Mapping[str, int] | None) -> dict[Any, int]:
    """``levels`` (``table_levels``: a team's or a role's name → its level) as the values of the
    quantities that read them (``("team-level", team)``, ``("player-level", role)``)."""
    if not levels:
        return {}
    return {(("team-level" if name in ("bankers", "attackers") else "player-level"), name): value
            for name, value in levels.items() if name in _LEVEL_NAMES}


#: the teams and the roles whose level the upgrade table may read
_LEVEL_NAMES = frozenset({"bankers", "attackers"}) | expressions.SCORE_ROLES


def _unknown(key: Any) -> str:
    return f"{key[0]!r} of {key[1]!r}" if isinstance(key, tuple) else repr(key)


def reads_table_levels(rules: Rules) -> bool:
    """Whether the upgrade table reads a team's or a player's level (``counted``, a row's levels).
    (Asked once a hand: a table without a number counted or written in a row, most, is answered
    by a look at each row, without walking or hashing a tree.)"""
    trees = [row.formula for table in (rules.thresholds, rules.solo_thresholds) for row in table if row.formula]
    if rules.counted:
        trees.append(rules.counted)
    return any(expressions.quantities_of(tree) & expressions.LEVEL_QUANTITIES for tree in trees)


def level_change(rules: Rules, attacker_points: int, *, last_trick: str | None = None,
                 team_size: int | None = None, bid: int = 0,
                 levels: Mapping[str, int] | None = None) -> tuple[str, int]:
    """("banker", n) or ("attackers", n); ("attackers", 0) is a swap.  By the upgrade table of a
    banker team of ``team_size`` players (None: the usual size); a smaller banker team that holds
    gains ``levels.short_team_bonus`` more; with ``levels.hold_needs_last_trick``, bankers who hold
    without the last trick (``last_trick`` "attackers") gain nothing."""
    if last_trick not in (None, "banker", "attackers"):
        raise EngineError(f"last_trick must be 'banker', 'attackers' or None, not {last_trick!r}")
    if team_size is not None and not 1 <= team_size <= rules.table.players:
        raise EngineError(f"a banker team of {team_size} players cannot sit at a table of {rules.table.players}")
    side, gained = row_change(upgrade_table(rules, team_size), attacker_points, row_values(rules, bid, levels))
    sugar = rules.levels
    if sugar.short_team_bonus or sugar.hold_needs_last_trick:  # (two reads: asked per score while a hand is played)
        # the bonus and the hold without the last trick, as the house rules they are sugar for
        gained = _own_change(rules, sugar.own_change_rules(), side, gained, last_trick, team_size, attacker_points,
                             bid)
    return side, gained


def _own_change(rules: Rules, own: tuple, side: str, levels: int, last_trick: str | None, team_size: int | None,
                points: int, bid: int) -> int:
    """The hand's own levels once the rules ``own`` (``Levels.own_change_rules``) whose condition
    holds have made their effects, in order: on what the level change knows (who won the hand and
    the last trick, the banker team's size); their trees ask nothing else."""
    players = rules.table.players

    def fact(name: str, args: tuple) -> bool:
        if name == "wins":
            return (args[0] == "bankers") == (side == "banker")
        if name == "last-trick":
            return last_trick is not None and (args[0] == "bankers") == (last_trick == "banker")
        if name == "smaller-team":
            return smaller_team(rules, team_size)
        raise EngineError(f"the level change reads no fact {name!r}")

    values = {"points": points, "bid": bid, "decks": rules.table.decks, "players": players, "levels": levels}
    for trigger in own:
        if expressions.condition_holds(trigger.condition, fact, values):
            for effect in trigger.effects:
                values["levels"] = levels = expressions.own_level_change(levels, effect, values)
    return levels


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


def row_values(rules: Rules, bid: int = 0, levels: Mapping[str, int] | None = None) -> dict[Any, int]:
    """The quantities a row's levels may read besides ``points``: the winning ``bid``, the table's
    decks and players, and the players' ``levels`` (``table_levels``)."""
    values: dict[Any, int] = {"bid": bid, "decks": rules.table.decks, "players": rules.table.players}
    if levels:
        values.update(level_values(levels))
    return values


def row_change(rows: tuple[ThresholdRow, ...], attacker_points: int,
               values: Mapping[Any, int] | None = None) -> tuple[str, int]:
    """The outcome the rows of one upgrade table give the attackers' points, as written.

    A row whose levels are a number (``formula``) is evaluated with ``points`` the score read and
    ``values`` the other quantities (``row_values``), held at 0 and up and at the row's cap.

    A row covers the scores from its own low end up to the next row's: the table is written in the
    steps the card points go in (5s, 10s), and a score between two rows, which only a penalty of
    some other number of points makes, counts in the row below it, as a player reading the table
    would count it ("less than 120 is a swap")."""
    if isinstance(attacker_points, bool) or not isinstance(attacker_points, int):
        raise EngineError(f"attacker points are a whole number, not {attacker_points!r}")
    if attacker_points < 0:
        raise EngineError(f"attacker points cannot be negative, not {attacker_points}")
    chosen = None
    for row in rows:
        if row.low <= attacker_points:
            chosen = row
    if chosen is None or (chosen is rows[-1] and chosen.high != -1 and attacker_points > chosen.high):
        # (a compiled table starts at 0 and ends with an open row; one built by hand may not)
        raise EngineError(f"no threshold row covers {attacker_points} attacker points")
    levels = chosen.levels
    if chosen.formula:
        known = {"bid": 0, **(values or {}), "points": attacker_points}
        try:
            levels = max(0, expressions.evaluate_number(chosen.formula, known))
        except KeyError as exc:
            raise EngineError(f"a row's levels read {_unknown(exc.args[0])}, which is not known here") from None
        levels = min(levels, chosen.at_most or MAX_ROW_LEVELS)
    if chosen.every > 0:
        levels += (attacker_points - chosen.low) // chosen.every
    if chosen.at_most > 0:
        levels = min(levels, chosen.at_most)
    return chosen.side, levels


#: the most levels a row whose levels are a number gives without a cap of its own (the compiler
#: refuses a row that can give more; a document read from JSON is held to it here)
MAX_ROW_LEVELS = 100


def level_ladder(rules: Rules) -> tuple[str, ...]:
    """The levels played, low to high: the ranks chosen (``levels.chosen``), or else the deck's
    ranks from the first level to the last, without the constant-trump ranks (unless they are
    levels too)."""
    ranks = rules.table.ranks
    if rules.levels.chosen:
        missing = [r for r in rules.levels.chosen if r not in ranks or r in rules.trumps.never_levels]
        if missing:
            raise EngineError(f"levels {', '.join(missing)} are not ranks of this deck that can be levels")
        return tuple(rules.levels.chosen)
    if rules.levels.first not in ranks or rules.levels.last not in ranks:
        raise EngineError(f"levels {rules.levels.first}..{rules.levels.last} are not ranks of this deck")
    constant = set(rules.trumps.never_levels)
    low, high = ranks.index(rules.levels.first), ranks.index(rules.levels.last)
    return tuple(r for r in ranks[low:high + 1] if r not in constant)


def advance(rules: Rules, level: str, steps: int, as_banker: bool = True) -> str | None:
    """The level ``steps`` up from ``level``, stopping at the first mandatory or defended level on
    the way; None if that goes past the last level.  ``as_banker``: the levels were won by holding
    the bank while playing ``level`` (False: won as attackers), which alone lets a team go past a
    defended level it stands at."""
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise EngineError(f"steps is a whole number, not {steps!r}")
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


def climb(rules: Rules, ladder: tuple[str, ...], at: int, steps: int, as_banker: bool = True) -> int | None:
    """``advance`` on a ladder that may go round (``levels.rounds``): ``at`` and the answer are
    positions, round after round (position ``p`` is level ``ladder[p % len(ladder)]`` of round
    ``p // len(ladder) + 1``); a climb past a round's last level goes on from the first level of the
    next round, stopping at mandatory and defended levels in every round; None if it goes past the
    last level of the last round.  With one round it is ``advance`` by index."""
    size = len(ladder)
    end = size * rules.levels.rounds if rules.levels.rounds else None
    defended = set(rules.levels.defended)
    if ladder[at % size] in defended and not as_banker:
        return at  # attackers winning at a level they must defend stay there
    stops = set(rules.levels.mandatory) | defended
    for _ in range(steps):
        at += 1
        if end is not None and at >= end:
            return None
        if ladder[at % size] in stops:
            break
    return at


def beyond_level(rules: Rules) -> str | None:
    """The rank the extra level of ``game_end: beyond-last`` is played at: the last level's, or
    None (``beyond_trumps: jokers-only``: no level rank at all)."""
    return None if rules.levels.beyond_trumps == "jokers-only" else rules.levels.last


def _require_seated_teams(rules: Rules) -> None:
    """"opposite" and "alternate" seat the two teams alternately; called partners are not seated."""
    if not rules.table.seated:
        raise EngineError("with called partners, or a banker alone, the teams are not known from the seats")


def next_banker(rules: Rules, banker: int, winner: str) -> int:
    """The next banker's seat, seats 0..players-1 in play order.  The partner of a seat is the next
    seat of its team (s + 2, opposite in a four-player game).  ``rotation.declarer_banks`` is left
    to the game loop, which knows the declarer."""
    players = rules.table.players
    if isinstance(banker, bool) or not isinstance(banker, int) or not 0 <= banker < players:
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

#: the largest multiplier a formula without a cap may give (the compiler checks it, for every size
#: a play can have; a ruleset read from JSON is held to it here)
MAX_FORMULA = 1_000_000_000


def _bounded_power(base: int, exponent: int, limit: int) -> int:
    """``min(base ** exponent, limit)`` without computing a power larger than ``limit``."""
    if base in (0, 1) or exponent == 0:
        return base**exponent
    value = 1
    for _ in range(exponent):
        value *= base
        if value >= limit:
            return limit
    return value


def evaluate_formula(tree: tuple | list, size: int, cards: int, limit: int,
                     constants: Mapping[str, int] | None = None) -> int:
    """The formula's value held to ``limit``: ``min(value, limit)``.  ``constants``: the values of
    the quantities a table fixes (``decks``, ``players``).

    A formula of adding, multiplying and raising to a power (whole numbers of 0 and more) never
    gets smaller at a step, so each step is held to the limit, and no step computes a number larger
    than it; one that subtracts, divides or takes a minimum is evaluated exactly (every step held
    within ``expressions.NUMBER_BOUND``), then held to the limit."""
    try:
        checked = expressions.number_tree(tree)
    except expressions.ExpressionError as exc:
        raise EngineError(f"the kitty formula is not a formula tree: {exc}"[:200]) from None
    values = {"size": size, "cards": cards, **(constants or {})}
    if not expressions.operators_of(checked) <= set(expressions.FIRST_OPERATORS):
        try:
            return min(expressions.evaluate_number(checked, values), limit)
        except KeyError as exc:
            raise EngineError(f"the kitty formula reads {exc.args[0]!r}, which is not known here") from None
    return _held_formula(checked, values, limit)


def _held_formula(tree: tuple, values: Mapping[str, int], limit: int) -> int:
    op = tree[0]
    if op == "num":
        return min(tree[1], limit)
    if op == "var":
        if tree[1] not in values:
            raise EngineError(f"the kitty formula reads {tree[1]!r}, which is not known here")
        return min(values[tree[1]], limit)
    a = _held_formula(tree[1], values, limit)
    b = _held_formula(tree[2], values, limit)
    if op == "add":
        return min(a + b, limit)
    if op == "mul":
        return min(a * b, limit)
    return _bounded_power(a, b, limit)


def kitty_multiplier(kitty: Multiplier, units: list[Unit], table: Table | None = None, rainbow: int = 0,
                     rain: int = 0) -> int:
    """The multiplier of the kitty's points when the attackers win the last trick, from the last
    lead's units (largest first): by the table, by the formula, or 0 when the kitty never scores.
    ``table``: the table whose decks and players a formula may read.  ``rainbow``: the cards of the
    largest part when the last lead is a rainbow (0 otherwise), which a rainbow's row of the table
    (the longest up to it) multiplies; without such a row a rainbow counts by its units.  ``rain``:
    the straight's cards when the last lead is a rain (a straight with pairs riding along), which
    the straights' rows multiply as they do a straight (the longest up to it); without one it
    counts by its units."""
    if kitty.kind == "none" or not units:
        return 0
    if rainbow and kitty.kind == "table":
        reached = [r for r in kitty.table if r.rainbow and r.length <= rainbow]
        if reached:
            return max(reached, key=lambda r: r.length).factor
    if rain and kitty.kind == "table":
        reached = [r for r in kitty.table if not r.rainbow and r.width == 1 and 1 < r.length <= rain]
        if reached:
            return max(reached, key=lambda r: r.length).factor
    top = units[0]
    if kitty.kind == "formula":
        size, cards = top.width * top.length, sum(len(u.cards) for u in units)
        constants = {"decks": table.decks, "players": table.players} if table is not None else None
        if kitty.cap > 0:
            return max(evaluate_formula(kitty.formula, size, cards, kitty.cap, constants), 0)
        value = max(evaluate_formula(kitty.formula, size, cards, MAX_FORMULA + 1, constants), 0)
        if value > MAX_FORMULA:
            raise EngineError(f"the kitty formula grows past {MAX_FORMULA:,}; it needs a cap ('at most N')")
        return value
    table_rows = [r for r in kitty.table if not r.rainbow]
    rows = {(r.width, r.length): r.factor for r in table_rows}
    if top.shape in rows:
        return rows[top.shape]
    # longer tractors double; a straight (a tractor of singles) takes the longest straight listed
    # up to its length, or a single's factor, as a shape the table leaves out does below
    if top.is_tractor and kitty.doubling and top.width > 1:
        listed = [r for r in table_rows if r.width == top.width and 1 < r.length < top.length]
        if listed:
            longest = max(listed, key=lambda r: r.length)
            return longest.factor * 2 ** (top.length - longest.length)
    # a shape the table leaves out counts as the largest listed shape it contains
    below = [r for r in table_rows
             if r.width <= top.width and r.length <= top.length and (r.length == 1 or top.is_tractor)]
    if not below:
        raise EngineError(f"the kitty table has no factor for a unit of {top.width} x {top.length}")
    return max(below, key=lambda r: (r.length > 1, r.width, r.length)).factor


def lead_kitty_multiplier(rules: Rules, order: Order, lead: Sequence[Card]) -> int:
    """``kitty_multiplier`` of a last lead as the engine reads it: its units, and its largest part
    when it is a rainbow, its straight's cards when it is a rain, or a throw whose largest part is
    a rain (``RainThrow.largest``: no other part has as many cards)."""
    parts = rainbow_parts(order, tuple(lead)) if rules.combinations.rainbow_min else None
    rainbow = max((len(p) for p in parts), default=0) if parts else 0
    rain = 0
    if rules.combinations.straight_pairs:
        shape = rain_of(order, tuple(lead))
        if shape is None and len({order.suit_of[c] for c in lead}) == 1:
            reading = throw_rains(order, tuple(lead))
            largest = None if reading is None else reading.largest()
            shape = None if largest is None else largest.shape
        rain = shape.length if shape is not None else 0
    return kitty_multiplier(rules.kitty, decompose(order, tuple(lead)), rules.table, rainbow, rain)
