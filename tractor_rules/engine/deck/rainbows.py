"""Rainbows: the same rank in four suits led together (``combinations.rainbow_min``), as the
open-source server rbtying/shengji plays them (its ``CompoundFormats``).

- A lead is a rainbow when its cards, jokers excluded, group by rank, and every group holds at
  least ``rainbow_min`` cards of four different effective suits (a trump-suit card counts as a
  trump, so the level rank, all trumps, never makes one).  One rank is a rainbow; several ranks led
  together are a rainbow throw, each rank one part.
- A rainbow throw fails when another player holds, of some higher rank, at least as many cards as
  a part has (any suits); the leader is then held to a beaten part as ``leading.throw_failure``
  says, among the parts beaten by anyone or (``throw_decider`` "first") by the first player in
  turn who beats one; only opponents' cards count when only they stop throws.
- To follow a rainbow, a player who can give every part as many cards of one rank (any suits,
  jokers excluded; two parts may share a rank that has cards enough) must; otherwise any cards
  will do.  There is no suit to follow.
- The winner: each play's ranks are found by giving the parts, largest first, the highest rank
  with cards enough; the play with the higher ranks (compared highest first) wins, the earlier of
  equals.  A play that cannot give every part never wins.

Ranks compare in their natural order (2 lowest, A highest), whatever the level.  Every question is
a count per rank; the only search, assigning a few parts to thirteen ranks, is tiny.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import Card
from .order import Order

#: codes 0..51 are suit * 13 + rank; 52 and 53 are the jokers
_JOKERS = 52


def rainbow_parts(order: Order, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
    """The parts of a rainbow lead, lowest rank first; None if the cards are no rainbow."""
    least = order.rules.combinations.rainbow_min
    if not least or len(cards) < least:
        return None
    groups: dict[int, list[Card]] = {}
    for c in cards:
        if c >= _JOKERS:
            return None
        groups.setdefault(c % 13, []).append(c)
    suit_of = order.suit_of
    parts = []
    for rank in sorted(groups):
        group = groups[rank]
        if len(group) < least or len({suit_of[c] for c in group}) < 4:
            return None
        parts.append(tuple(group))
    return tuple(parts)


def rank_counts(cards: Iterable[Card]) -> Counter[int]:
    """Cards per rank (0 for 2 .. 12 for A), jokers left out."""
    return Counter(c % 13 for c in cards if c < _JOKERS)


def assign(counts: Counter[int], sizes: Sequence[int]) -> list[int] | None:
    """A rank for each part size (largest parts first) such that every rank has cards enough for
    the parts it is given, the lowest ranks preferred; None if there is none."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])
    left = dict(counts)
    ranks = [0] * len(sizes)

    def go(k: int) -> bool:
        if k == len(order):
            return True
        need = sizes[order[k]]
        for rank in sorted(left):
            if left[rank] >= need:
                left[rank] -= need
                ranks[order[k]] = rank
                if go(k + 1):
                    return True
                left[rank] += need
        return False

    return ranks if go(0) else None


def ranks_played(cards: Sequence[Card], sizes: Sequence[int]) -> tuple[int, ...] | None:
    """The ranks a play gives the parts: the largest part first, each the highest rank with cards
    enough left; highest first.  None if some part finds no rank."""
    left = rank_counts(cards)
    out = []
    for size in sorted(sizes, reverse=True):
        rank = max((r for r, k in left.items() if k >= size), default=None)
        if rank is None:
            return None
        left[rank] -= size
        out.append(rank)
    return tuple(sorted(out, reverse=True))


def beaten_parts(parts: Sequence[tuple[Card, ...]], others: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    """The parts of a rainbow throw that another hand beats: it holds, of a higher rank, at least
    as many cards as the part has."""
    counts = [rank_counts(hand) for hand in others]
    out = []
    for part in parts:
        rank = part[0] % 13
        if any(k >= len(part) and r > rank for c in counts for r, k in c.items()):
            out.append(part)
    return out


def follow_error(parts: Sequence[tuple[Card, ...]], hand: Sequence[Card], play: Sequence[Card]) -> str | None:
    """None if ``play`` may follow the rainbow; else why not (the play's size and its cards are
    checked by the caller)."""
    sizes = [len(p) for p in parts]
    if assign(rank_counts(play), sizes) is not None:
        return None
    if assign(rank_counts(hand), sizes) is None:
        return None
    wanted = " and ".join(f"{k} cards of one rank" for k in sorted(sizes, reverse=True))
    return f"the hand holds {wanted} (any suits), so the follow to a rainbow must play that too"


def choose_follow(parts: Sequence[tuple[Card, ...]], hand: Sequence[Card], size: int,
                  strength: Sequence[int], rng: random.Random | None = None) -> tuple[Card, ...]:
    """A legal follow to a rainbow: the lowest ranks that give every part, if the hand has them,
    then the weakest other cards (or random ones with ``rng``)."""
    sizes = [len(p) for p in parts]
    ranks = assign(rank_counts(hand), sizes)
    spare = sorted(hand, key=lambda c: (strength[c], c))
    chosen: list[Card] = []
    if ranks is not None:
        for rank, k in zip(ranks, sizes):
            of_rank = [c for c in spare if c < _JOKERS and c % 13 == rank][:k]
            chosen += of_rank
            for c in of_rank:
                spare.remove(c)
    need = size - len(chosen)
    if rng is not None:
        chosen += rng.sample(spare, need)
    else:
        chosen += spare[:need]
    return tuple(chosen)


def winner(parts: Sequence[tuple[Card, ...]], lead: Sequence[Card], follows: Sequence[Sequence[Card]]) -> int:
    """0 if the rainbow lead wins, i if the i-th follow does."""
    sizes = [len(p) for p in parts]
    best_i, best = 0, ranks_played(lead, sizes)
    for i, play in enumerate(follows, start=1):
        got = ranks_played(play, sizes)
        if got is not None and (best is None or got > best):
            best_i, best = i, got
    return best_i


def throw_options(order: Order, parts: Sequence[tuple[Card, ...]], throw: Sequence[Card],
                  others: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    """[] if the rainbow (throw) stands; else the plays the leader may be held to."""
    if len(parts) <= 1:
        return []
    leading = order.rules.leading
    if leading.throw_decider == "first":
        # the first other player in turn order who beats a part decides alone
        beaten = next((b for hand in others if (b := beaten_parts(parts, [hand]))), [])
    else:
        beaten = beaten_parts(parts, others)
    if not beaten:
        return []
    failure = leading.throw_failure
    if failure == "smallest-card":
        low = min(throw, key=lambda c: (c % 13, order.strength[c]))
        return [(low,)]
    if failure == "next-player-chooses":
        return [tuple(p) for p in beaten]
    if failure == "shortest-part":
        return [min(beaten, key=lambda p: len(p))]  # the fewest cards, then the lowest rank
    return [tuple(beaten[0])]  # the lowest rank beaten
