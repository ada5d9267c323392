"""Plays built card by card: which cards may still join the cards chosen so far.

A lead or a follow is chosen one card at a time.  After each card the mask says which cards can
still be part of a legal play together with the ones already chosen, and whether the chosen cards
already are a legal play (the "done" action).  No combination of the hand is ever enumerated: a
card is offered when a *witness* (one legal play holding the chosen cards and that card) is found,
and the engine's own checks (``follow_error``, the lead's suit and units, ``rainbow_parts``) judge
every witness, so a card offered always leads to a legal play.

Witnesses are searched in this order, cheapest first:

- the exact cases with no search at all: a one-card lead or follow, a follow short of the led suit
  (all of it, then anything), a follow whose duty asks only for the suit, a lead of one suit when
  throws are allowed;
- the chosen cards joined with the cards the engine would demand of the hand (each of its picks),
  or with the other copies of a chosen card, then the lowest cards of the suit;
- a small depth-first search over the hand's faces, bounded by ``SEARCH_BUDGET`` checks per card.

The search is bounded so that a step never takes long; a legal card whose only witnesses the first
two steps miss and the bounded search does not reach is left out of the mask (the play can still be
made from the other cards offered).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.deck.cards import CARDS, Card
from ..engine.rulings.follow import Demand, FollowContext, SuitDuty, follow_error
from ..engine.rulings.tricks import barred_throw_part
from ..engine.deck.order import TRUMP, Order
from ..engine.deck.pool import Pool
from ..engine.deck.rainbows import rainbow_parts
from ..engine.deck.rains import rain_of
from ..engine.deck.units import decompose
from ..engine.flow.views import Offer

#: checks of a candidate play the depth-first search may make for one card
SEARCH_BUDGET = 4

#: the picks the engine is asked for when a demanded set of cards is joined with the chosen ones
_PICKS: tuple[str | random.Random, ...] = ("fit", "high", random.Random(0), random.Random(1))

Witness = tuple[Card, ...]


def _union(chosen: Sequence[Card], extra: Sequence[Card]) -> list[Card]:
    """The cards of ``chosen``, then those of ``extra`` beyond what ``chosen`` already holds."""
    need = Counter(extra)
    need.subtract(Counter(chosen))
    out = list(chosen)
    for c in extra:
        if need[c] > 0:
            out.append(c)
            need[c] -= 1
    return out


class PlayBuilder:
    """The legal plays of one decision, built card by card.  Subclasses say what a legal play is
    (``is_legal``) and give the exact shortcuts of their case (``quick``)."""

    def __init__(self, order: Order, hand: Sequence[Card]):
        self.order = order
        self.hand = tuple(hand)
        self.chosen: list[Card] = []
        #: a legal play holding the chosen cards (the last card's witness)
        self._witness: Witness | None = None
        self._allowed: dict[Card, Witness | None] | None = None
        self._done: bool | None = None

    # --- the interface ------------------------------------------------------------------------

    def is_legal(self, play: Sequence[Card]) -> bool:
        raise NotImplementedError

    def max_size(self) -> int:
        return len(self.hand)

    def quick(self, card: Card) -> bool | None:
        """Whether ``card`` may join the chosen cards, when the case answers without a search;
        None when it does not."""
        return None

    def candidates(self) -> list[Card]:
        """The cards a completion may be drawn from (by default the whole hand)."""
        return list(self.hand)

    def completions(self, start: list[Card]) -> list[list[Card]]:
        """Cards to add to ``start`` worth trying first (the witness search's heuristics)."""
        return []

    # --- the mask -----------------------------------------------------------------------------

    def allowed(self) -> dict[Card, Witness | None]:
        """Every card that may join the chosen cards now (one entry per face), with a witness
        where one was searched for."""
        if self._allowed is None:
            remaining = list(self.hand)
            for c in self.chosen:
                remaining.remove(c)
            found: dict[Card, Witness | None] = {}
            if len(self.chosen) < self.max_size():
                # the last card's witness still holds for its own other cards: a play begun along
                # a witness can always be finished, whatever the bounded search finds
                if self._witness is not None:
                    for card in _minus_safe(self._witness, self.chosen):
                        found[card] = self._witness
                for card in sorted(set(remaining)):
                    if card in found:
                        continue
                    quick = self.quick(card)
                    if quick is True:
                        found[card] = None
                    elif quick is None:
                        witness = self._search(card)
                        if witness is not None:
                            found[card] = witness
            self._allowed = found
        return self._allowed

    def done(self) -> bool:
        """Whether the chosen cards are a legal play already."""
        if self._done is None:
            self._done = bool(self.chosen) and self.is_legal(self.chosen)
        return self._done

    def add(self, card: Card) -> None:
        if card not in self.allowed():
            raise ValueError(f"{CARDS[card]} cannot join {' '.join(str(CARDS[c]) for c in self.chosen) or 'the play'}")
        self._witness = self.allowed()[CARDS[card]]
        self.chosen.append(CARDS[card])
        self._allowed = None
        self._done = None

    # --- the witness search -------------------------------------------------------------------

    def _search(self, card: Card) -> Witness | None:
        start = [*self.chosen, card]
        size = self.max_size()
        tried: set[tuple[Card, ...]] = set()
        for extra in self.completions(start):
            play = _union(start, extra)
            key = tuple(sorted(play))
            if len(play) <= size and key not in tried:
                tried.add(key)
                if self.is_legal(play):
                    return tuple(play)
        pool = Counter(self.candidates())
        pool.subtract(Counter(start))
        faces = sorted(c for c, n in pool.items() if n > 0)
        budget = [SEARCH_BUDGET]

        def extend(play: list[Card], first: int) -> Witness | None:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            if self.is_legal(play):
                return tuple(play)
            if len(play) >= size:
                return None
            for i in range(first, len(faces)):
                face = faces[i]
                if pool[face] > 0:
                    pool[face] -= 1
                    play.append(face)
                    got = extend(play, i)
                    play.pop()
                    pool[face] += 1
                    if got is not None:
                        return got
            return None

        return extend(start, 0)


class LeadBuilder(PlayBuilder):
    """A lead: one unit, or (when throws are allowed) several units of one suit, or a rainbow."""

    def __init__(self, order: Order, hand: Sequence[Card]):
        super().__init__(order, hand)
        rules = order.rules
        self.throws = rules.leading.throws
        #: the rules bar some kinds of combination from throws: a throw is checked part by part
        self.throw_kinds = bool(rules.leading.throw_kinds)
        self.rainbows = bool(rules.combinations.rainbow_min)
        #: rainbows among trumps are of one suit, the trumps: a lead of several units may be one
        self.trump_rainbows = self.rainbows and rules.combinations.rainbow_trumps

    def is_legal(self, play: Sequence[Card]) -> bool:
        if not play:
            return False
        play = tuple(play)
        suit_of = self.order.suit_of
        if len({suit_of[c] for c in play}) > 1:
            parts = rainbow_parts(self.order, play) if self.rainbows else None
            return parts is not None and (len(parts) == 1 or self.throws and self._kinds_kept(play))
        if self.throws:
            return not self.throw_kinds or self._kinds_kept(play)
        if self.trump_rainbows and (parts := rainbow_parts(self.order, play)) is not None:
            return len(parts) == 1
        # one unit, or a straight with pairs riding along (one combination, no throw)
        return len(decompose(self.order, play)) == 1 or rain_of(self.order, play) is not None

    def _kinds_kept(self, play: tuple[Card, ...]) -> bool:
        """Whether ``play`` holds no part of a kind the rules bar from throws."""
        return not self.throw_kinds or barred_throw_part(self.order, play) is None

    def quick(self, card: Card) -> bool | None:
        if not self.chosen:
            return True  # any card leads on its own
        suit_of = self.order.suit_of
        same_suit = all(suit_of[c] == suit_of[card] for c in self.chosen)
        if self.throws and same_suit and not self.throw_kinds:
            return True
        if not same_suit and not self.rainbows:
            return False
        return None

    def candidates(self) -> list[Card]:
        if self.rainbows:
            return list(self.hand)
        suit = self.order.suit_of[self.chosen[0]]
        return [c for c in self.hand if self.order.suit_of[c] == suit]

    def completions(self, start: list[Card]) -> list[list[Card]]:
        # the other copies of the chosen faces first: sets, and the sets of a tractor; with
        # rainbows, every card of the chosen ranks (jokers aside): a rainbow; with straights, the
        # runs of the hand's nodes through the chosen cards: straights, and rains
        out = [[c for c in self.candidates() if c in start]]
        if self.rainbows:
            ranks = {c % 13 for c in start if c < 52}
            out.append([c for c in self.candidates() if c < 52 and c % 13 in ranks])
        if self.order.rules.combinations.straight_min:
            out += _runs_through(self.order, self.hand, start)
        return out


def _runs_through(order: Order, hand: Sequence[Card], start: list[Card]) -> list[list[Card]]:
    """Plays of ``hand`` holding ``start`` (cards of one suit) that run along one line of the suit
    as a straight does: for every window of the hand's nodes through the chosen cards, as long as a
    straight or longer, one card a node (a straight), and with pairs riding along the chosen pairs,
    or one pair more, or every pair the hand holds there (rains).  Few windows: a line has at most
    sixteen nodes."""
    comb = order.rules.combinations
    suit_of = order.suit_of
    suit = suit_of[start[0]]
    if any(suit_of[c] != suit for c in start):
        return []
    held: dict[int, int] = {}
    for c in hand:
        if suit_of[c] == suit:
            held[c] = held.get(c, 0) + 1
    chosen: dict[int, int] = {}
    for c in start:
        chosen[c] = chosen.get(c, 0) + 1
    out: list[list[Card]] = []
    for line in order.lines[suit]:
        # per node: the chosen face (the one start holds there) or the hand's faces
        spots = [i for i, node in enumerate(line) if any(f in chosen for f in node)]
        if len(spots) != len({f for f in chosen}) or not spots:
            continue  # the chosen cards are not all on this line, one face a node
        faces: list[int | None] = []
        for node in line:
            mine = [f for f in node if f in chosen]
            ours = [f for f in node if held.get(f, 0)]
            faces.append(mine[0] if mine else (min(ours, key=lambda f: order.strength[f]) if ours else None))
        low, high = spots[0], spots[-1]
        while low > 0 and faces[low - 1] is not None:
            low -= 1
        while high + 1 < len(line) and faces[high + 1] is not None:
            high += 1
        if any(faces[i] is None for i in range(spots[0], spots[-1] + 1)):
            continue
        for a in range(low, spots[0] + 1):
            for b in range(max(spots[-1] + 1, a + comb.straight_min), high + 2):
                window = [f for f in faces[a:b] if f is not None]
                if len(window) != b - a:
                    continue
                out.append([CARDS[f] for f in window])  # a straight
                if not comb.straight_pairs:
                    continue
                given = {f for f in window if chosen.get(f, 0) >= 2}
                can = [f for f in window if held.get(f, 0) >= 2 and f not in given]
                for pairs in (given, given | set(can[:1]), given | set(can[: max(len(window) - len(given) - 1, 0)])):
                    if pairs and len(pairs) < len(window):
                        out.append([CARDS[f] for f in window] + [CARDS[f] for f in window if f in pairs])
    return out


class FollowBuilder(PlayBuilder):
    """A follow to the trick's lead, checked by the engine's ``follow_error``."""

    def __init__(self, fc: FollowContext, hand: Sequence[Card]):
        super().__init__(fc.order, hand)
        self.fc = fc
        self.size = len(fc.lead)
        suit_of = fc.order.suit_of
        self.rainbow = fc.rainbow is not None
        self.held = [c for c in self.hand if suit_of[c] == fc.suit] if not self.rainbow else []
        #: a bomb may be played in place of following (``following.exempt``): the plays are the
        #: follows the suit asks, and bombs of as many cards as the lead besides; every play is
        #: judged by ``follow_error`` itself
        self.free = fc.free_bombs and not self.rainbow
        #: the hand holds more of the led suit than the lead: a follow is of that suit only
        self.follows_in_suit = not self.rainbow and len(self.held) > self.size
        #: ... and so is every play, where no bomb may be played in place of following
        self.suit_only = self.follows_in_suit and not self.free
        self._demands: list[list[Card]] | None = None
        self._hand_demand: Demand | None = None
        #: whether the lead's size in copies of a card is a bomb this hand may play, by card
        self._bombs: dict[Card, bool] = {}

    def max_size(self) -> int:
        return self.size

    def is_legal(self, play: Sequence[Card]) -> bool:
        if not self.suit_only or self.fc.tractors_kept:
            return follow_error(self.fc, self.hand, tuple(play)) is None
        # follow_error's own last step, with the hand's demand worked out once for every
        # candidate (the candidates are drawn from the suit held, so they are of the suit, held)
        fc = self.fc
        if len(play) != self.size or any(fc.order.suit_of[c] != fc.suit for c in play):
            return False
        return fc.duty.met(Pool(fc.order, fc.suit, play), self._demand())

    def _demand(self) -> Demand:
        if self._hand_demand is None:
            self._hand_demand = self.fc.duty.demand(Pool(self.order, self.fc.suit, self.held))
        return self._hand_demand

    def quick(self, card: Card) -> bool | None:
        if self.rainbow:
            return None
        if not self.free:
            return self._quick_follow(card)
        # a follow the suit asks, or a bomb in its place: either makes the card fit
        if self._identical_bomb(card):
            return True
        follow = False if self.follows_in_suit and any(
            self.order.suit_of[c] != self.fc.suit for c in self.chosen) else self._quick_follow(card)
        if follow is True:
            return True
        # a bomb of sets joined may hold cards that are not all one card: the search decides
        return False if follow is False and not self.fc.order.rules.combinations.bomb_joins_sets else None

    def _identical_bomb(self, card: Card) -> bool:
        """Whether the cards chosen and ``card`` start a bomb of the lead's size in copies of
        ``card`` that this hand may play in place of following."""
        if any(c != card for c in self.chosen):
            return False
        if card not in self._bombs:
            bomb = (card,) * self.size
            self._bombs[card] = (self.hand.count(card) >= self.size
                                 and follow_error(self.fc, self.hand, bomb) is None)
        return self._bombs[card]

    def _quick_follow(self, card: Card) -> bool | None:
        """``quick`` for the follows the suit asks (no bomb in their place)."""
        in_suit = self.order.suit_of[card] == self.fc.suit
        if not self.follows_in_suit:
            # all of the suit, then anything: an off-suit card fits while room is left for the suit
            chosen_in_suit = sum(1 for c in self.chosen if self.order.suit_of[c] == self.fc.suit)
            room = self.size - len(self.chosen) - 1
            return in_suit or room >= len(self.held) - chosen_in_suit
        if not in_suit:
            return False
        if self.size == 1 or isinstance(self.fc.duty, SuitDuty):
            return True
        return None

    def candidates(self) -> list[Card]:
        return self.held if self.suit_only else list(self.hand)

    def _demanded(self) -> list[list[Card]]:
        """The cards the engine demands of the hand's suit, under each of its picks."""
        if self._demands is None:
            pool = Pool(self.order, self.fc.suit, self.held)
            found: list[list[Card]] = []
            for pick in _PICKS:
                cards = [CARDS[f] for f in self.fc.duty.demand(pool.copy(), pick).cards]
                if cards not in found:
                    found.append(cards)
            self._demands = found
        return self._demands

    def completions(self, start: list[Card]) -> list[list[Card]]:
        # follows the suit asks are completed from the suit where they are of the suit only (a
        # bomb in their place is found by ``quick``)
        held = self.held if self.follows_in_suit else self.candidates()
        strength = self.order.strength
        low = sorted(held, key=lambda c: strength[c])
        rest_after = lambda play: _minus_safe(low, play)  # noqa: E731
        out: list[list[Card]] = []
        copies = [c for c in held if c in start]
        if self.rainbow:
            # the chosen faces' copies; then the chosen ranks' cards (a rank to give a part), and the
            # trumps (what a follower without a rainbow among trumps owes), lowest first
            ranks = {c % 13 for c in start if c < 52}
            same = [c for c in held if c < 52 and c % 13 in ranks]
            trumps = [c for c in low if self.order.suit_of[c] == TRUMP]
            cores = [copies, same, same + trumps, trumps]
            if not isinstance(self.fc.duty, SuitDuty) and len(trumps) > self.size:
                # a follow list for rainbows: what its later entries demand of the trumps held
                pool = Pool.of_suit(self.order, TRUMP, trumps)
                for pick in _PICKS:
                    demanded = [CARDS[f] for f in self.fc.duty.demand(pool.copy(), pick).cards]
                    cores.append(demanded + _minus_safe(trumps, demanded))
            for core in cores:
                play = _union(start, core)[: max(self.size, len(start))]
                play = play + rest_after(play)[: max(self.size - len(play), 0)]
                if play not in out:
                    out.append(play)
            return out
        for core in [copies, *self._demanded(), *[copies + d for d in self._demanded()]]:
            play = _union(start, core)
            out.append(play + rest_after(play)[: max(self.size - len(play), 0)])
        # what the rest of the hand still gives, joined with the chosen cards
        rest = _minus_safe(held, start)
        if rest:
            demand = self.fc.duty.demand(Pool(self.order, self.fc.suit, rest))
            play = start + [CARDS[f] for f in demand.cards]
            out.append(play + rest_after(play)[: max(self.size - len(play), 0)])
        return out


def _minus_safe(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """``cards`` without one copy of each of ``taken`` that it holds."""
    rest = list(cards)
    for c in taken:
        if c in rest:
            rest.remove(c)
    return rest



class PickBuilder:
    """Cards picked one at a time for a decision that is not a play (burying the kitty, the cards
    given back in the exchange with the declarer): ``size`` cards of ``hand``, at most
    ``quotas[group]`` of each group, ``group_of(card)`` naming a card's group (a group without a
    quota: none of it).  The quotas add up to ``size``, so the mask is exact: a card is offered
    while its group has room, and ``done`` once ``size`` cards are chosen."""

    def __init__(self, hand: Sequence[Card], size: int, group_of: dict[Card, str], quotas: dict[str, int]):
        self.hand = tuple(hand)
        self.size = size
        self.group_of = group_of
        self.quotas = quotas
        self.chosen: list[Card] = []

    def max_size(self) -> int:
        return self.size

    def allowed(self) -> dict[Card, None]:
        if len(self.chosen) >= self.size:
            return {}
        taken = Counter(self.group_of[c] for c in self.chosen)
        left = Counter(self.hand)
        left.subtract(Counter(self.chosen))
        return {card: None for card in sorted(c for c, n in left.items() if n > 0)
                if taken[self.group_of[card]] < self.quotas.get(self.group_of[card], 0)}

    def done(self) -> bool:
        return len(self.chosen) == self.size

    def add(self, card: Card) -> None:
        if card not in self.allowed():
            raise ValueError(f"{CARDS[card]} cannot be picked now")
        self.chosen.append(CARDS[card])


class DeclareBuilder:
    """A declaration's cards picked one at a time: the cards of one of the declarations on offer
    (``offers``, each an ``Offer``), in any order, or none at all (a pass).  A card is offered
    while the cards chosen with it are part of some declaration on offer, so the mask is exact:
    ``done`` with nothing chosen (passing) or with exactly the cards of one."""

    def __init__(self, hand: Sequence[Card], offers: Sequence[Offer]):
        self.hand = tuple(hand)
        self.offers = [Counter(offer.cards) for offer in offers]
        self.chosen: list[Card] = []

    def max_size(self) -> int:
        return max((sum(offer.values()) for offer in self.offers), default=0)

    def allowed(self) -> dict[Card, None]:
        chosen = Counter(self.chosen)
        more: set[Card] = set()
        for offer in self.offers:
            if chosen <= offer:
                more.update(c for c, copies in offer.items() if chosen[c] < copies)
        return {card: None for card in sorted(more)}

    def done(self) -> bool:
        chosen = Counter(self.chosen)
        return not self.chosen or any(chosen == offer for offer in self.offers)

    def add(self, card: Card) -> None:
        if card not in self.allowed():
            raise ValueError(f"{CARDS[card]} cannot be declared now")
        self.chosen.append(CARDS[card])
