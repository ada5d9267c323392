"""Two players for simulations: ``RandomPlayer`` (random legal plays) and ``GreedyPlayer`` (a simple
greedy).  Both decide from their ``PlayerView`` alone: their own hand and the public state.

``RandomPlayer(seed)``: declares (or overturns) with some probability when it can; asks for a
redeal of a weak hand half of the time; concedes a hand a third of the time it may, drawing from a
second stream of its seed (so that its other draws stay those of the same seed without the rule); buries random cards (of those the rules let it bury, as
far as they go); leads a random unit of a random suit, and sometimes throws several units of one
suit (half of the time its strongest ones, so that some throws stand), or, when the rules have
rainbows, half of the time a rainbow it holds (or two, as a throw); follows with a random legal
follow.

``GreedyPlayer``: declares its longest suit; asks for every redeal it may (the base player's
choice); buries its lowest non-point side cards, keeping pairs (those the rules let it bury
first); leads units nobody else can beat by the cards still unseen (several of them together as a
throw), else a low card of its longest side suit; follows by winning the trick as cheaply as it
can unless its partner is already winning, else plays low and discards low, sparing points.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import sub
from typing import TypeVar

from ...rules import SUITS, Rules
from ..deck.cards import CARDS, Card, deck_cards, pack_copies
from ..deck.draws import below, between, choice, sample
from ..deck.order import TRUMP, Order
from ..deck.pool import Pool
from ..deck.rainbows import rainbow_parts
from ..deck.rains import find_rain, rain_leads
from ..deck.units import Unit, decompose, decompose_suit
from ..flow.outcome import point_table
from ..flow.views import Offer, Player, PlayerView
from ..rulings.cards import card_holds, shown_in_declaring
from ..rulings.tricks import lawful_throw
from .kinds import make_players, parse_players, player_kind

__all__ = ["GreedyPlayer", "RandomPlayer", "make_players", "parse_players"]


def _rainbows_held(view: PlayerView) -> list[tuple[Card, ...]]:
    """Every rank of the hand that makes a rainbow on its own (all its cards)."""
    by_rank: dict[int, list[Card]] = {}
    for c in view.hand:
        if c < 52:
            by_rank.setdefault(c % 13, []).append(c)
    order = view.ctx.order
    return [tuple(cs) for _, cs in sorted(by_rank.items()) if rainbow_parts(order, tuple(cs)) is not None]


def _units_besides(order: Order, cards: Sequence[Card], rain: Sequence[Card], suit: int) -> list[Unit]:
    """The units of ``cards`` (of ``suit``) on faces other than the rain's: what may be thrown with
    it without running into it."""
    faces = set(rain)
    rest = tuple(c for c in cards if c not in faces)
    return decompose_suit(order, rest, suit) if rest else []


_P = TypeVar("_P", bound=Player)


def keeps_throw_kinds(lead: Callable[[_P, PlayerView], Sequence[Card]]) -> Callable[[_P, PlayerView], Sequence[Card]]:
    """A player's ``lead`` that never throws a kind of combination the rules bar from throws
    (``leading.throw_kinds``): such a throw is cut to its barred part, led alone (``lawful_throw``).
    Rules that name no kinds pay one attribute read a lead."""

    def checked(self: _P, view: PlayerView) -> Sequence[Card]:
        cards = lead(self, view)
        if view.rules.leading.throw_kinds:
            return lawful_throw(view.ctx.order, tuple(cards))
        return cards

    checked.__name__, checked.__doc__ = lead.__name__, lead.__doc__
    return checked


@player_kind("random", "random legal plays; throws often and badly")
class RandomPlayer(Player):
    """Random legal plays, from its own ``random.Random(seed)``."""

    def __init__(self, seed: int | None = None, *, declare_chance: float = 0.4, throw_chance: float = 0.12):
        self.rng = random.Random(seed)
        self.declare_chance = declare_chance
        self.throw_chance = throw_chance
        self.seed = seed
        #: the stream a concession is drawn from (``concede``), made when first asked: the plays
        #: drawn from ``rng`` stay those of the same seed without the rule
        self.concede_rng: random.Random | None = None

    def concede(self, view: PlayerView) -> bool:
        """A third of the time, from its own second stream (``concede_rng``)."""
        if self.concede_rng is None:
            self.concede_rng = random.Random(None if self.seed is None else f"concede {self.seed}")
        return self.concede_rng.random() < 1 / 3

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        if self.rng.random() < self.declare_chance:
            return choice(self.rng, offers)
        return None

    def redeal(self, view: PlayerView) -> bool:
        return self.rng.random() < 0.5

    def name_held_trump(self, view: PlayerView, suits: Sequence[str]) -> str:
        """Any of them."""
        return choice(self.rng, list(suits))

    def guess_trump(self, view: PlayerView) -> str | None:
        """A suit at random."""
        return choice(self.rng, SUITS)

    def give_up_bank(self, view: PlayerView) -> bool:
        """Now and then: one time in ten."""
        return self.rng.random() < 0.1

    def exchange_with_declarer(self, view: PlayerView, declarer: int,
                               took: tuple[Card, ...]) -> Sequence[Card] | None:
        """Half of the time, giving back a random trump above the aces and two random side cards."""
        from ..flow.exchange import give_back_options  # loaded only where the rules have the exchange

        if self.rng.random() < 0.5:
            return None
        above, side = give_back_options(view)
        if not above or len(side) < 2:
            return None
        return (choice(self.rng, above), *sample(self.rng, side, 2))

    def bid(self, view: PlayerView, offers: list[int]) -> int | None:
        """Pass a third of the time; else the least better bid, or now and then any of them."""
        roll = self.rng.random()
        if not offers or roll < 1 / 3:
            return None
        return offers[0] if roll < 0.8 else choice(self.rng, offers)

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        may_bury = buryable(view)
        if may_bury is None:
            return sample(self.rng, view.hand, count)
        allowed = [c for c in view.hand if may_bury(c)]
        if len(allowed) >= count:
            return sample(self.rng, allowed, count)
        # too few cards that may be buried: all of them, and the rest at random
        return allowed + sample(self.rng, [c for c in view.hand if not may_bury(c)], count - len(allowed))

    def call(self, view: PlayerView, count: int) -> Sequence[tuple[Card, int]]:
        faces = _callable(view)
        copies = pack_copies(view.rules.table)
        calls = []
        for _ in range(count):
            card = choice(self.rng, faces)
            calls.append((card, between(self.rng, 1, copies[card])))
        return calls

    @keeps_throw_kinds
    def lead(self, view: PlayerView) -> Sequence[Card]:
        rng = self.rng
        order = view.ctx.order
        if view.rules.combinations.rainbow_min:
            rainbows = _rainbows_held(view)
            if rainbows and rng.random() < 0.5:
                k = between(rng, 1, min(len(rainbows), 2)) if view.rules.leading.throws else 1
                return tuple(c for part in sample(rng, rainbows, k) for c in part)
        suit = order.suit_of[choice(rng, view.hand)]
        if view.rules.combinations.straight_pairs and rng.random() < 0.5:
            # half of the time a straight with pairs riding along, if a suit holds one (the suit
            # drawn first, then the others in their order)
            rain = None
            for held_suit in (suit, *sorted({order.suit_of[c] for c in view.hand} - {suit})):
                rain = rain_leads(order, held_suit, view.suit_cards(held_suit), rng)
                if rain is not None:
                    suit = held_suit
                    break
            if rain is not None:
                if view.rules.leading.throws and rng.random() < 0.5:
                    # half of the time a throw: the rain and some other units of the suit
                    others = _units_besides(order, view.suit_cards(suit), rain, suit)
                    if others:
                        k = between(rng, 1, min(len(others), 3))
                        if rng.random() < 0.5:
                            picked = sorted(others, key=lambda u: u.top, reverse=True)[:k]
                        else:
                            picked = sample(rng, others, k)
                        return (*rain, *(c for u in picked for c in u.cards))
                return rain
        units = decompose_suit(order, view.suit_cards(suit), suit)
        if len(units) > 1 and view.rules.leading.throws and rng.random() < self.throw_chance:
            k = between(rng, 2, min(len(units), 4))
            if rng.random() < 0.5:
                picked = sorted(units, key=lambda u: u.top, reverse=True)[:k]
            else:
                picked = sample(rng, units, k)
            return tuple(c for u in picked for c in u.cards)
        return choice(rng, units).cards

    def follow(self, view: PlayerView) -> Sequence[Card]:
        return view.legal_follow(self.rng)

    def choose_part(self, view: PlayerView, options: list[tuple[Card, ...]]) -> int:
        return below(self.rng, len(options))


def _callable(view: PlayerView) -> list[Card]:
    """The cards of the deck, jokers aside, that the banker may call in this hand; the jokers when
    the rules let no other card be called."""
    ctx = view.ctx
    shown = tuple(shown_in_declaring(view.public.declarations))
    faces = [c for c in deck_cards(view.rules.table) if ctx.call_error([c], shown) is None]
    return [c for c in faces if not c.is_joker] or faces


def buryable(view: PlayerView) -> Callable[[Card], bool] | None:
    """Whether the rules let this player bury a card (``kitty_exchange.buried_when``) as they
    bury; None when they let any card be buried."""
    condition = view.rules.kitty_exchange.buried_when
    if not condition:
        return None
    order, shown = view.ctx.order, shown_in_declaring(view.public.declarations)
    held = {c: card_holds(condition, order, c, shown) for c in set(view.hand)}
    return held.__getitem__


@player_kind("greedy", "wins each trick as cheaply as it can unless its partner is winning; leads sure winners")
class GreedyPlayer(Player):
    """A simple greedy player (deterministic; ``seed`` is accepted for symmetry and unused)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        #: the points and the pack's copies of each card code under the ruleset ``_tables_of``
        #: (the same ruleset hand after hand: worked out once, not at every decision)
        self._tables_of: Rules | None = None
        self._points: tuple[int, ...] = ()
        self._copies: tuple[int, ...] = ()

    def _tables(self, rules: Rules) -> None:
        self._tables_of, self._points, self._copies = rules, point_table(rules), pack_copies(rules.table)

    def _pts(self, view: PlayerView) -> tuple[int, ...]:
        rules = view.public.rules
        if self._tables_of is not rules:
            self._tables(rules)
        return self._points

    # --- declaring ----------------------------------------------------------------------------

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        counts = {s: 0 for s in SUITS}
        for c in view.hand:
            if c < 52:
                counts[SUITS[c // 13]] += 1
        longest = max(SUITS, key=lambda s: counts[s])
        standing = view.public.declarations[-1] if view.public.declarations else None
        if standing is not None:
            seat, cards = standing  # cards: those seen (none of a declaration face down)
            if seat != view.seat and seat in view.teammates():
                # the partner's declaration: reinforce it (亮主方加固, where the rules allow) when
                # its trump is this hand's longest suit, with as few cards as will do
                joined = [o for o in offers if o.joined and (o.trump is None or o.trump == longest)]
                return min(joined, key=lambda o: o.declaration.key) if joined else None
            if seat in view.teammates() or (cards and not cards[0].is_joker and cards[0].suit == longest):
                return None
        mine = [o for o in offers if o.trump == longest]
        if not mine:
            return None
        return min(mine, key=lambda o: o.declaration.key)

    # --- the kitty ----------------------------------------------------------------------------

    def _keep_key(self, view: PlayerView) -> Callable[[Card], tuple[bool, bool, bool, int, int]]:
        order = view.ctx.order
        pts = self._pts(view)
        hand = view.hand
        copies = {c: hand.count(c) for c in set(hand)}
        # lowest first: side cards before trumps, no points before points, singles before sets
        return lambda c: (order.suit_of[c] == TRUMP, pts[c] > 0, copies[c] > 1, order.strength[c], c)

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        key = self._keep_key(view)
        may_bury = buryable(view)
        if may_bury is None:
            return sorted(view.hand, key=key)[:count]
        return sorted(view.hand, key=lambda c: (not may_bury(c), key(c)))[:count]

    def call(self, view: PlayerView, count: int) -> Sequence[tuple[Card, int]]:
        order = view.ctx.order
        copies = pack_copies(view.rules.table)
        calls: list[tuple[Card, int]] = []
        callable_faces = _callable(view)
        allowed = set(callable_faces)
        # the top card of each side suit that may be called, the suits where this hand holds fewest
        # of it first; the copy after the banker's own (the first copy when those are not counted)
        top_of_suit = [next((c for group in order.bands[s] for c in group if c in allowed), None) for s in range(4)]
        tops = sorted((c for c in top_of_suit if c is not None), key=lambda c: (view.hand.count(c), c))
        own = view.rules.table.count_banker_copies
        for card in tops:
            if len(calls) == count:
                break
            calls.append((card, min(view.hand.count(card) + 1, copies[card]) if own else 1))
        faces = callable_faces
        i = 0
        while len(calls) < count:
            calls.append((faces[i % len(faces)], 1))
            i += 1
        return calls

    # --- leading ------------------------------------------------------------------------------

    def _unseen(self, view: PlayerView) -> list[int]:
        rules = view.public.rules
        if self._tables_of is not rules:
            self._tables(rules)
        unseen = list(map(sub, self._copies, view.public.played))
        for c in view.hand:
            unseen[c] -= 1
        for c in view.kitty or ():
            unseen[c] -= 1
        return unseen

    def _boss(self, view: PlayerView, unit: Unit, unseen: list[int]) -> bool:
        """Nobody else can hold a set of the unit's width above its top (so nothing beats it)."""
        order = view.ctx.order
        for band in order.bands[unit.suit]:
            if order.strength[band[0]] <= unit.top:
                break
            if any(unseen[f] >= unit.width for f in band):
                return False
        return True

    def _sure_rain(self, view: PlayerView, by_suit: Mapping[int, Sequence[Card]], unseen: list[int],
                   skip: Sequence[int] = ()) -> tuple[Card, ...] | None:
        """With pairs riding along straights: the largest rain of a side suit (not in ``skip``) whose
        top card nobody else can top, so that no rain of its kind in the suit beats it; or None."""
        if not view.rules.combinations.straight_pairs:
            return None
        order = view.ctx.order
        for suit in sorted(s for s in by_suit if s != TRUMP and s not in skip):
            rain = rain_leads(order, suit, by_suit[suit])
            if rain is not None:
                top = max(rain, key=lambda c: order.strength[c])
                if self._boss(view, Unit((top,), 1, 1, suit, order.strength[top]), unseen):
                    if view.rules.leading.throws:
                        # thrown with the suit's other units that nobody can beat (a rain among them)
                        bosses = [u for u in _units_besides(order, by_suit[suit], rain, suit)
                                  if self._boss(view, u, unseen)]
                        return (*rain, *(c for u in bosses for c in u.cards))
                    return rain
        return None

    @keeps_throw_kinds
    def lead(self, view: PlayerView) -> Sequence[Card]:
        order = view.ctx.order
        pts = self._pts(view)
        unseen = self._unseen(view)
        by_suit: dict[int, list[Card]] = {}
        for c in view.hand:
            by_suit.setdefault(order.suit_of[c], []).append(c)
        rain = self._sure_rain(view, by_suit, unseen)
        if rain is not None:
            return rain
        best: list[Unit] | None = None
        for suit in sorted(by_suit, key=lambda s: (s == TRUMP, s)):  # side suits first
            units = decompose(order, tuple(by_suit[suit]))
            bosses = [u for u in units if self._boss(view, u, unseen)]
            if not bosses:
                continue
            if len(bosses) == len(units) and len(units) > 1 and view.rules.leading.throws:
                return tuple(c for u in units for c in u.cards)  # the whole suit stands
            top = max(bosses, key=lambda u: (u.key, u.top))
            if best is None or top.key > best[0].key:
                best = [top]
        if best is not None:
            return best[0].cards
        side = {s: cs for s, cs in by_suit.items() if s != TRUMP}
        pool = max(side.values(), key=len) if side else by_suit[TRUMP]
        low = min(pool, key=lambda c: (pts[c] > 0, order.strength[c], c))
        return (low,)

    # --- following ----------------------------------------------------------------------------

    def _fill(self, view: PlayerView, chosen: list[Card], spare: list[Card], high: bool, points_first: bool) -> tuple[Card, ...]:
        order = view.ctx.order
        pts = self._pts(view)
        need = len(view.lead or ()) - len(chosen)
        if points_first:
            key = lambda c: (order.suit_of[c] == TRUMP, -pts[c], order.strength[c])  # noqa: E731
        elif high:
            key = lambda c: -order.strength[c]  # noqa: E731
        else:
            key = lambda c: (order.suit_of[c] == TRUMP, pts[c] > 0, order.strength[c])  # noqa: E731
        return tuple(chosen + sorted(spare, key=key)[:need])

    def _candidate(self, view: PlayerView, pick: str, points_first: bool = False) -> tuple[Card, ...]:
        fc = view.public.lead_context
        assert fc is not None
        if fc.rainbow is not None:
            return view.legal_follow()
        order = fc.order
        size = len(fc.lead)
        held = [c for c in view.hand if order.suit_of[c] == fc.suit]
        if len(held) <= size:
            rest = list(view.hand)
            for c in held:
                rest.remove(c)
            return self._fill(view, held, rest, False, points_first)
        # the follow context keeps the demand for held, and the check of the follow reads it
        # there instead of working it out again (what a follow must meet does not hang on pick)
        demand = fc.demand(held, pick)
        chosen = [CARDS[f] for f in demand.cards]
        rest = list(held)
        for c in chosen:
            rest.remove(c)
        return self._fill(view, chosen, rest, pick == "high", points_first)

    def _ruff(self, view: PlayerView) -> tuple[Card, ...] | None:
        """The lowest trumps in the lead's shape, when void in a side suit."""
        fc = view.public.lead_context
        assert fc is not None
        order = fc.order
        if fc.suit == TRUMP or any(order.suit_of[c] == fc.suit for c in view.hand):
            return None
        trumps = [c for c in view.hand if order.suit_of[c] == TRUMP]
        if len(trumps) < len(fc.lead):
            return None
        if fc.rain is not None:  # a rain led: a rain of its kind in trumps
            rain = find_rain(order, TRUMP, trumps, fc.rain)
            if rain is None:
                return None
            rest = list(trumps)
            for c in rain:
                rest.remove(c)
            return self._fill(view, list(rain), rest, False, False)
        rest = list(trumps)
        chosen: list[Card] = []
        units = fc.units
        if fc.rain_throw is not None:  # a throw holding rains: a rain of each one's kind in trumps
            for part in fc.rain_throw.rains:
                rain = find_rain(order, TRUMP, rest, part.shape)
                if rain is None:
                    return None
                for c in rain:
                    rest.remove(c)
                chosen += rain
            units = list(fc.rain_throw.units)
        shapes = [u.shape for u in units if u.shape != (1, 1)]
        taken = Pool(order, TRUMP, rest).take_all(shapes) if shapes else []
        if taken is None:
            return None
        for f in taken:
            rest.remove(CARDS[f])
            chosen.append(CARDS[f])
        return self._fill(view, chosen, rest, False, False)

    def follow(self, view: PlayerView) -> Sequence[Card]:
        fc = view.public.lead_context
        assert fc is not None
        pub = view.public
        mates = view.teammates()
        winning = view.winning_seat()
        last = len(pub.plays) == pub.players - 1
        if winning in mates:
            return self._candidate(view, "fit", points_first=last)
        if len(fc.lead) == 1:
            return self._first_winning_single(view, self._singles(view, ruff=True))
        return self._first_winning(view, self._multi(view))

    def _singles(self, view: PlayerView, ruff: bool) -> list[Card]:
        """The cards (one of each) that may follow a single lead, lowest first: those of the led
        suit, else, when ``ruff`` and the lead is a side suit, the trumps."""
        fc = view.public.lead_context
        assert fc is not None
        order = fc.order
        held = sorted({c for c in view.hand if order.suit_of[c] == fc.suit}, key=lambda c: order.strength[c])
        if not held and fc.suit != TRUMP and ruff:
            held = sorted({c for c in view.hand if order.suit_of[c] == TRUMP}, key=lambda c: order.strength[c])
        return held

    def _multi(self, view: PlayerView) -> list[tuple[Card, ...]]:
        """Plays that may win a lead of several cards: a ruff in its shape, and the highest follow."""
        ruff = self._ruff(view)
        return ([] if ruff is None else [ruff]) + [self._candidate(view, "high")]

    def _first_winning(self, view: PlayerView, options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...]:
        """The first of ``options`` that is legal and would win the trick now, else a low follow."""
        for play in options:
            if view.follow_error(play) is None and view.winner_if(play) == view.seat:
                return play
        return self._candidate(view, "fit")

    def _first_winning_single(self, view: PlayerView, held: list[Card]) -> tuple[Card, ...]:
        """``_first_winning`` over the single plays of ``held`` (cards of one suit, weakest
        first), with fewer questions to the oracle: a single card wins wherever a weaker card of
        its suit would (the contenders for a single lead compare by their card, under every
        ``ruffing.compare``: tests/engine/test_heuristic_shortcuts.py checks it of the engine), so
        the cards that would win are the strongest ones, and the first of them is found by
        halving; when the strongest would not win, none would.  It is then checked as
        ``_first_winning`` checks each play, and, if refused, the (stronger) cards after it."""
        seat = view.seat
        if not held or view.winner_if((held[-1],)) != seat:
            return self._candidate(view, "fit")
        low, high = 0, len(held) - 1  # the first card that would win is in held[low:high + 1]
        while low < high:
            middle = (low + high) // 2
            if view.winner_if((held[middle],)) == seat:
                high = middle
            else:
                low = middle + 1
        for card in held[low:]:  # each would win
            if view.follow_error((card,)) is None:
                return (card,)
        return self._candidate(view, "fit")

    def choose_part(self, view: PlayerView, options: list[tuple[Card, ...]]) -> int:
        strength = view.ctx.order.strength
        return min(range(len(options)), key=lambda i: max(strength[c] for c in options[i]))
