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

Rainbows among trumps (``combinations.rainbow_trumps``, Shandong's 闪 and 震): the cards of a
rainbow are all trumps and cover the four printed suits, so only the ranks that are trumps in every
suit (the level rank, the constant ranks) make one.  Every count above then counts, of a rank, only
trumps, and only when they cover the four suits; each part takes a rank of its own; ranks compare by
the trump order (a rank's weakest card: the level cards of the other suits above the constant
ranks); and a follower who cannot give the parts still follows trumps, as many as the lead or every
trump held.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import Card
from .order import TRUMP, Order

#: codes 0..51 are suit * 13 + rank; 52 and 53 are the jokers
_JOKERS = 52


def rainbow_parts(order: Order, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
    """The parts of a rainbow lead, lowest rank first; None if the cards are no rainbow."""
    comb = order.rules.combinations
    least = comb.rainbow_min
    if not least or len(cards) < least:
        return None
    groups: dict[int, list[Card]] = {}
    for c in cards:
        if c >= _JOKERS:
            return None
        groups.setdefault(c % 13, []).append(c)
    if comb.rainbow_trumps:
        # among trumps: every card a trump, each rank's cards of four printed suits
        suit_of = order.suit_of
        if any(suit_of[c] != TRUMP for c in cards):
            return None
        suits: Sequence[int] = [c // 13 for c in range(_JOKERS)]
    else:
        suits = order.suit_of
    parts = []
    for rank in sorted(groups, key=lambda r: rank_key(order, r)):
        group = groups[rank]
        if len(group) < least or len({suits[c] for c in group}) < 4:
            return None
        parts.append(tuple(group))
    return tuple(parts)


def rank_key(order: Order, rank: int) -> int:
    """How a rank compares in rainbows: its natural place (0 for 2 .. 12 for A), or among trumps
    the strength of its weakest card, so that ranks follow the trump order."""
    if not order.rules.combinations.rainbow_trumps:
        return rank
    strength = order.strength
    return min(strength[suit * 13 + rank] for suit in range(4))


def rank_counts(cards: Iterable[Card], order: Order | None = None) -> Counter[int]:
    """Cards per rank (0 for 2 .. 12 for A), jokers left out.  With ``order`` and rainbows among
    trumps: trumps per rank, only of the ranks whose trumps cover the four suits."""
    if order is None or not order.rules.combinations.rainbow_trumps:
        return Counter(c % 13 for c in cards if c < _JOKERS)
    suit_of = order.suit_of
    trumps = [c for c in cards if c < _JOKERS and suit_of[c] == TRUMP]
    counts = Counter(c % 13 for c in trumps)
    covered: dict[int, set[int]] = {}
    for c in trumps:
        covered.setdefault(c % 13, set()).add(c // 13)
    return Counter({r: k for r, k in counts.items() if len(covered[r]) == 4})


def assign(counts: Counter[int], sizes: Sequence[int], shared: bool = True) -> list[int] | None:
    """A rank for each part size (largest parts first) such that every rank has cards enough for
    the parts it is given, the lowest ranks preferred; None if there is none.  ``shared`` False:
    each part a rank of its own (rainbows among trumps)."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])
    left = dict(counts)
    ranks = [0] * len(sizes)

    def go(k: int) -> bool:
        if k == len(order):
            return True
        need = sizes[order[k]]
        for rank in sorted(left):
            if left[rank] >= need:
                left[rank] = left[rank] - need if shared else 0
                ranks[order[k]] = rank
                if go(k + 1):
                    return True
                left[rank] = left[rank] + need if shared else counts[rank]
        return False

    return ranks if go(0) else None


def _shared(order: Order | None) -> bool:
    """Whether two parts may take one rank: not among trumps, where each needs the four suits."""
    return order is None or not order.rules.combinations.rainbow_trumps


def ranks_played(cards: Sequence[Card], sizes: Sequence[int], order: Order | None = None) -> tuple[int, ...] | None:
    """The ranks a play gives the parts: the largest part first, each the highest rank with cards
    enough left; highest first (with ``order``, as ``rank_key`` compares them).  None if some part
    finds no rank."""
    left = rank_counts(cards, order)
    key = (lambda r: r) if order is None else (lambda r: rank_key(order, r))
    shared = _shared(order)
    out = []
    for size in sorted(sizes, reverse=True):
        rank = max((r for r, k in left.items() if k >= size), key=key, default=None)
        if rank is None:
            return None
        left[rank] = left[rank] - size if shared else 0
        out.append(key(rank))
    return tuple(sorted(out, reverse=True))


def beaten_parts(parts: Sequence[tuple[Card, ...]], others: Sequence[Sequence[Card]],
                 order: Order | None = None) -> list[tuple[Card, ...]]:
    """The parts of a rainbow throw that another hand beats: it holds, of a higher rank, at least
    as many cards as the part has (among trumps: trumps of four suits)."""
    counts = [rank_counts(hand, order) for hand in others]
    key = (lambda r: r) if order is None else (lambda r: rank_key(order, r))
    out = []
    for part in parts:
        rank = key(part[0] % 13)
        if any(k >= len(part) and key(r) > rank for c in counts for r, k in c.items()):
            out.append(part)
    return out


def gives_parts(parts: Sequence[tuple[Card, ...]], cards: Sequence[Card], order: Order | None = None) -> bool:
    """Whether ``cards`` give every part of the rainbow (as many cards of one rank each), as a
    follow to it must when the hand can."""
    return assign(rank_counts(cards, order), [len(p) for p in parts], _shared(order)) is not None


def follow_error(parts: Sequence[tuple[Card, ...]], hand: Sequence[Card], play: Sequence[Card],
                 order: Order | None = None) -> str | None:
    """None if ``play`` may follow the rainbow; else why not (the play's size and its cards are
    checked by the caller).  Among trumps, a follower who cannot give the parts still follows
    trumps."""
    sizes = [len(p) for p in parts]
    shared = _shared(order)
    if assign(rank_counts(play, order), sizes, shared) is not None:
        return None
    if assign(rank_counts(hand, order), sizes, shared) is None:
        if not shared:
            assert order is not None
            held = sum(1 for c in hand if order.suit_of[c] == TRUMP)
            given = sum(1 for c in play if order.suit_of[c] == TRUMP)
            if given < min(held, len(play)):
                return (f"the hand holds {held} trump{'s' if held != 1 else ''}, so the follow to a rainbow of "
                        f"trumps must play {min(held, len(play))} of them")
        return None
    if not shared:
        wanted = " and ".join(f"{k} trumps of one rank in four suits" for k in sorted(sizes, reverse=True))
        return f"the hand holds {wanted}, so the follow to a rainbow of trumps must play that too"
    wanted = " and ".join(f"{k} cards of one rank" for k in sorted(sizes, reverse=True))
    return f"the hand holds {wanted} (any suits), so the follow to a rainbow must play that too"


def choose_follow(parts: Sequence[tuple[Card, ...]], hand: Sequence[Card], size: int,
                  strength: Sequence[int], rng: random.Random | None = None,
                  order: Order | None = None) -> tuple[Card, ...]:
    """A legal follow to a rainbow: the lowest ranks that give every part, if the hand has them,
    then the weakest other cards (or random ones with ``rng``); among trumps, the trumps first."""
    sizes = [len(p) for p in parts]
    shared = _shared(order)
    ranks = assign(rank_counts(hand, order), sizes, shared)
    spare = sorted(hand, key=lambda c: (strength[c], c))
    chosen: list[Card] = []
    if ranks is not None:
        for rank, k in zip(ranks, sizes):
            if shared:
                of_rank = [c for c in spare if c < _JOKERS and c % 13 == rank][:k]
            else:
                assert order is not None
                of_rank = _four_suits_first([c for c in spare if c < _JOKERS and c % 13 == rank
                                             and order.suit_of[c] == TRUMP])[:k]
            chosen += of_rank
            for c in of_rank:
                spare.remove(c)
    need = size - len(chosen)
    if not shared and ranks is None:
        # among trumps, short of the parts: as many trumps as the lead, or all of them, first
        assert order is not None
        trumps = [c for c in spare if order.suit_of[c] == TRUMP]
        owed = min(len(trumps), need)
        picked = rng.sample(trumps, owed) if rng is not None else trumps[:owed]
        chosen += picked
        for c in picked:
            spare.remove(c)
        need -= owed
    if rng is not None:
        chosen += rng.sample(spare, need)
    else:
        chosen += spare[:need]
    return tuple(chosen)


def _four_suits_first(cards: list[Card]) -> list[Card]:
    """Cards of one rank with one of each printed suit first (each the first of its suit in the
    given order), then the others in the given order: the first four give a rainbow."""
    head: list[Card] = []
    rest: list[Card] = []
    seen: set[int] = set()
    for c in cards:
        if c // 13 in seen:
            rest.append(c)
        else:
            seen.add(c // 13)
            head.append(c)
    return head + rest


def winner(parts: Sequence[tuple[Card, ...]], lead: Sequence[Card], follows: Sequence[Sequence[Card]],
           order: Order | None = None) -> int:
    """0 if the rainbow lead wins, i if the i-th follow does."""
    sizes = [len(p) for p in parts]
    best_i, best = 0, ranks_played(lead, sizes, order)
    for i, play in enumerate(follows, start=1):
        got = ranks_played(play, sizes, order)
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
        beaten = next((b for hand in others if (b := beaten_parts(parts, [hand], order))), [])
    else:
        beaten = beaten_parts(parts, others, order)
    if not beaten:
        return []
    failure = leading.throw_failure
    if failure == "smallest-card":
        low = min(throw, key=lambda c: (rank_key(order, c % 13), order.strength[c]))
        return [(low,)]
    if failure == "next-player-chooses":
        return [tuple(p) for p in beaten]
    if failure == "shortest-part":
        return [min(beaten, key=lambda p: len(p))]  # the fewest cards, then the lowest rank
    return [tuple(beaten[0])]  # the lowest rank beaten
