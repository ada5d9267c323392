"""What the tests of the reinforcement-learning environment's mask share: every play an agent can
build card by card through the mask, and every pick (a burial, a declaration) for a pending
decision."""

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


def picks_through_mask(environment) -> set[tuple[int, ...]]:
    """Every pick an agent can build through the mask for the environment's pending decision (a
    burial, a declaration: as sorted codes; () where done is offered with nothing chosen)."""
    builder = environment._builder_for(environment._driver.pending)
    found: set[tuple[int, ...]] = set()

    def walk(chosen: list[int]) -> None:
        builder.chosen = [CARDS[c] for c in chosen]
        if builder.done():
            found.add(tuple(chosen))
        for card in builder.allowed():
            if not chosen or card >= chosen[-1]:
                walk([*chosen, int(card)])

    walk([])
    return found
