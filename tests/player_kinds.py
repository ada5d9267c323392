"""The kinds of player that the engine's "every kind of player" tests seat, and the hands they play
(a helper module).

Those tests prove that each kind of player makes only legal moves under a rule and that its hands
replay clean.  The search player's moves are the heuristic player's candidates, each weighed by
playouts in sampled worlds of the hidden hands; the number of playouts a decision changes how
well it weighs them, not which code decides: 4 playouts still sample worlds, play candidates out
and choose among them at every lead and follow, at a sixth of the cost of the default 24 (a hand
of two decks: 1.6 CPU seconds with 24, 0.25 with 4).  How well the search plays is tested with its
default in tests/engine/test_search.py."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tractor_rules.engine.game import HandRecord, play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rules import Rules

#: the search player as these tests seat it
SEARCH = "search:4"

#: every built-in kind of player
EVERY_KIND = ("random", "greedy", "heuristic", SEARCH)


def hands_that_replay_clean(rules: Rules, kind: str, hands: int, *, level: str = "5") -> Iterator[HandRecord]:
    """``hands`` hands of ``rules`` played by players of ``kind``, seed by seed from 0, the banker
    going round the table; each hand's log is asserted to replay clean before its record is
    yielded (the test then looks for what its rule did in it)."""
    for seed in range(hands):
        players = make_players(kind, rules.table.players, random.Random(seed))
        record = play_hand(rules, players, random.Random(seed), level=level, banker=seed % rules.table.players)
        assert replay_hand(json.dumps(record.to_log()), rules) == [], f"seed {seed}"
        yield record


def first_hand(rules: Rules, players: Callable[[int], Sequence[Any]], found: Callable[[HandRecord, Sequence[Any]], bool],
               *, seeds: range = range(200), level: str = "5", banker: int | None = None) -> tuple[HandRecord, Sequence[Any]]:
    """The first hand, seed by seed, that shows what a test looks for, with its players:
    ``players(seed)`` seats the table, ``found(record, players)`` says whether the hand shows it;
    ``banker`` is the banker's seat (None: going round the table with the seed).  The seeds are
    the test's to choose, as few as find the hand; none finding it fails the test."""
    for seed in seeds:
        seated = players(seed)
        at = seed % rules.table.players if banker is None else banker
        record = play_hand(rules, seated, random.Random(seed), level=level, banker=at)
        if found(record, seated):
            return record, seated
    raise AssertionError(f"no hand of seeds {seeds.start}..{seeds.stop - 1} shows what the test looks for")


class Diary(RandomPlayer):
    """A random player that, during the deal, makes only the first declaration, and after the
    kitty declares whenever it may, with the first (the weakest) declaration it is offered, so that
    many overturns are left for after the kitty; noting in ``notes`` who was asked to declare and
    who buried, in order."""

    def __init__(self, seed: int, notes: list[tuple[str, int]]):
        super().__init__(seed)
        self.notes = notes

    def declare(self, view, offers):
        self.notes.append(("declare", view.seat))
        after_kitty = any(kind == "bury" for kind, _ in self.notes)
        return offers[0] if after_kitty or not view.public.declarations else None

    def bury(self, view, count):
        self.notes.append(("bury", view.seat))
        return super().bury(view, count)
