"""Playing what a reader accepted: a hand at every level a game can reach.  Every ruleset that
compiles, and every JSON document that ``Rules.from_dict`` reads, must deal, declare and play there
(a cut pack once compiled and then stopped at its first hand at level 2 only)."""

from __future__ import annotations

import random

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_player
from tractor_rules.engine.rulings.scoring import beyond_level, level_ladder


def play_every_level(rules: tr.Rules, seed: int, players: str = "random") -> list[tuple[str | None, bool]]:
    """Play a hand at each level a game of ``rules`` can reach: the levels of its ladder, each as a
    first hand (the banker found by declaring) and as a later hand (a banker already seated), and
    the extra level of ``game end: beyond the last level``.  The (level, beyond) pairs played."""
    levels: list[tuple[str | None, bool]] = [(level, False) for level in level_ladder(rules)]
    if rules.levels.game_end == "beyond-last":
        levels.append((beyond_level(rules), True))
    for level, beyond in levels:
        for banker in (None, seed % rules.table.players):
            seats = [make_player(players, seed + seat) for seat in range(rules.table.players)]
            record = play_hand(rules, seats, random.Random(seed), level=level, banker=banker, beyond=beyond)
            assert record.level == level and record.tricks, (level, beyond, banker)
    return levels
