"""What the tests of the reinforcement-learning environment's mask share: every play an agent can
build card by card through the mask."""

from __future__ import annotations

from collections.abc import Callable

from tractor_rules.engine.deck.cards import CARDS

from tractor_rules.rl.plays import PlayBuilder


def plays_through_mask(builder_of: Callable[[], PlayBuilder]) -> set[tuple[int, ...]]:
    """Every play the card-by-card mask lets an agent build (as sorted codes)."""
    found: set[tuple[int, ...]] = set()

    def walk(chosen: list[int]) -> None:
        builder = builder_of()
        for c in chosen:
            builder.add(CARDS[c])
        if builder.done():
            found.add(tuple(sorted(chosen)))
        for card in builder.allowed():
            if not chosen or card >= chosen[-1]:  # each multiset once
                walk([*chosen, card])

    walk([])
    return found
