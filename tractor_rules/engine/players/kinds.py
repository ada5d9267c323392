"""The registry of player kinds: every kind of computer player a simulation, a tournament or a
balance report can seat is registered here once, by name, with a one-line summary, so that the
command line's choices and help texts, the docs and the error messages all derive from it.

    @player_kind("greedy", "wins each trick as cheaply as it can, else plays low")
    class GreedyPlayer(Player): ...

A kind is a ``Player`` class whose constructor takes a seed (``cls(seed)``).  A kind may also take
a budget, a whole number written after its name ("search:48"), given to its constructor as its
second argument (``cls(seed, 48)``); ``budget`` names what it counts.  The built-in kinds
live in the modules of ``BUILTIN_MODULES`` and register themselves when imported; the registry
imports them the first time it is asked, so that importing the registry stays cheap and a kind's
module is never imported twice over.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..flow.views import Player

__all__ = ["PlayerKind", "make_player", "make_players", "parse_players", "player_kind", "player_kinds"]

#: the modules that hold the built-in kinds, in the order their kinds are listed
BUILTIN_MODULES = ("tractor_rules.engine.players.basic", "tractor_rules.engine.players.heuristic", "tractor_rules.engine.players.search")


@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A kind of player: its name on the command line, what it does in a line, and its class."""

    name: str
    summary: str
    factory: type[Player]
    #: what the kind's budget counts ("playouts a decision"), when it takes one
    budget: str | None = None

    def make(self, seed: int | None, budget: int | None = None) -> Player:
        if budget is None:
            return self.factory(seed)  # type: ignore[call-arg]
        return self.factory(seed, budget)  # type: ignore[call-arg]


_KINDS: dict[str, PlayerKind] = {}
_loaded = False


def player_kind(name: str, summary: str, budget: str | None = None) -> Callable[[type[Player]], type[Player]]:
    """Register the decorated ``Player`` class as the kind ``name`` (``budget``: what the budget
    its constructor takes counts, when it takes one)."""

    def register(cls: type[Player]) -> type[Player]:
        known = _KINDS.get(name)
        if known is not None and known.factory is not cls:
            raise ValueError(f"two player kinds are named {name!r}")
        _KINDS[name] = PlayerKind(name, summary, cls, budget)
        return cls

    return register


def player_kinds() -> dict[str, PlayerKind]:
    """Every registered kind, by name, the built-in kinds first."""
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN_MODULES:
            importlib.import_module(module)
    return dict(_KINDS)


def _names() -> str:
    names = list(player_kinds())
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]


def _split(kind: str) -> tuple[PlayerKind, int | None]:
    """The registered kind a player's name stands for ("search", "search:48"), and its budget;
    ValueError for an unknown kind or a budget that is not a whole number of at least 1, or that
    the kind does not take."""
    name, colon, written = kind.partition(":")
    name = name.strip()
    found = player_kinds().get(name)
    if found is None:
        raise ValueError(f"unknown player {name!r}: use {_names()}")
    if not colon:
        return found, None
    if found.budget is None:
        takers = [k.name for k in player_kinds().values() if k.budget is not None]
        also = f" (only {', '.join(takers)} does)" if takers else ""
        raise ValueError(f"player {name!r} takes no budget{also}: write {name!r} alone")
    written = written.strip()
    if not written.isdigit() or not written.isascii() or int(written) < 1:
        raise ValueError(f"{kind!r}: the budget after '{name}:' is a whole number of {found.budget}, "
                         f"at least 1 (as in '{name}:48')")
    return found, int(written)


def parse_players(spec: str) -> list[str]:
    """The kinds named by a players spec (one kind, or kinds separated by commas, one per seat,
    repeated round the table; a kind that takes a budget may carry one, "search:48"); ValueError
    for an empty spec, an unknown kind or a bad budget."""
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    if not kinds:
        raise ValueError(f"no players named: use {_names()}, or a comma-separated list of them")
    for kind in kinds:
        _split(kind)
    return kinds


def make_player(kind: str, seed: int | None) -> Player:
    """A player of ``kind`` (as ``parse_players`` accepts it: "heuristic", "search:48")."""
    found, budget = _split(kind)
    return found.make(seed, budget)


def seat_kinds(spec: str, count: int) -> list[str]:
    """The kind of each of ``count`` seats: the spec's kinds repeated round the table."""
    kinds = parse_players(spec)
    return [kinds[seat % len(kinds)] for seat in range(count)]


def make_players(spec: str, count: int, rng: random.Random) -> list[Player]:
    """Players from a spec (see ``parse_players``): "greedy,random" seats greedy players at even
    seats.  Each player's seed is drawn from ``rng``, seat by seat."""
    return [make_player(kind, rng.getrandbits(64)) for kind in seat_kinds(spec, count)]
