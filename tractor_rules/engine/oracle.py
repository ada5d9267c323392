"""The rules oracle: the stable questions another program may ask of a ruleset.

``make_context(rules, level, trump)`` gives a ``Context`` for one hand (``level`` None: a hand with no
level rank at all); the other functions answer
questions between hands.  Every argument that takes cards also takes notation strings.  Contexts
are cached per (rules object, level, trump), so asking ``rules.context(...)`` in a loop is cheap.
The caches are shared by every thread (the JSON-RPC server answers requests in threads): the
contexts' cache is changed under its lock, and a context's own caches (recent leads, hands found
good) by single steps (a set, a clear), each whole beside other threads' reads.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..errors import CardNotationError
from ..memo import ByIdentity
from ..rules import SUITS, Rules
from .deck.cards import SUIT_SYMBOLS, Card, PackCheck, only_cards, read_cards
from .deck.order import TRUMP, Order, build_order
from .deck.rainbows import rainbow_parts
from .deck.rains import RainShape, RainThrow, rain_of, throw_rains
from .deck.units import Unit, decompose
from .errors import EngineError
from .rulings.cards import burial_error, bury_error, call_error
from .rulings.declaring import Declaration, RedealTurn
from .rulings.declaring import declaration as _declaration
from .rulings.declaring import fallback_trump as _fallback_trump
from .rulings.follow import FollowContext, Refusal, SuitDuty, choose_follow, follow_refusal
from .rulings.scoring import advance, lead_kitty_multiplier, level_change, next_banker
from .rulings.tricks import barred_stoppers, barred_throw_message, set_winner, throw_options, winner

__all__ = [
    "Context", "Declaration", "advance", "declaration", "fallback_trump", "level_change",
    "make_context", "may_redeal", "next_banker", "redeal_turn",
]

Cards = str | Iterable[object]

_NOTHING = object()  # no lead asked about yet
#: hands a context remembers as checked: the next hands of a few tricks' followers
_KEPT_HANDS = 32
#: leads a context remembers: those of the last tricks asked about
_KEPT_LEADS = 64


def checked_cards(cards: object) -> Cards:
    """``cards`` if it is something cards can be read from (notation, a code, or an iterable of
    cards, codes and notation); else the error saying what was expected."""
    if type(cards) is tuple or type(cards) is list:  # the common case, before the slower checks
        return cards
    if isinstance(cards, str):
        return cards
    if isinstance(cards, int) and not isinstance(cards, bool):
        return (cards,)  # one card's code
    if isinstance(cards, Iterable) and not isinstance(cards, (bytes, dict)):
        return cards
    raise CardNotationError(f"expected cards (notation such as '5S 5S', or a list of cards), not {type(cards).__name__}")


def _sequence(value: object, what: str) -> Sequence:
    if type(value) is list or type(value) is tuple:
        return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise EngineError(f"{what} is a list (one entry per player), not {type(value).__name__}")
    return value


def declaration(rules: Rules, cards: Cards, level: str | None, after_kitty: bool = False) -> Declaration | None:
    """None if ``cards`` are no declaration at ``level``, else one with .strength and .trump;
    ``after_kitty``: on the ladder of the round after the kitty (``declaring.ladder_after_kitty``,
    the deal's where it has none)."""
    ladder = rules.declaring.ladder_after_kitty if after_kitty and rules.declaring.ladder_after_kitty else None
    return _declaration(rules, checked_cards(cards), level, ladder)


def fallback_trump(rules: Rules, kitty: Cards, level: str | None) -> str | None:
    """The trump when nobody declares: a suit letter, or None for no-trump."""
    return _fallback_trump(rules, checked_cards(kitty), level)


#: what a lead given as a tuple may hold to be known again by value: cards, and codes
_CARD_TYPES = frozenset({Card, int, bool})


def _known_by_value(lead: tuple[object, ...]) -> bool:
    """Whether a lead given as a tuple is known again by its value: it holds only cards and codes
    (another number may equal a code without being one)."""
    return only_cards(lead) or _CARD_TYPES.issuperset(map(type, lead))


class Context:
    """The card order and trick rules of one hand (``level``, None for no level rank; ``trump``,
    None for no-trump)."""

    __slots__ = ("rules", "level", "trump", "order", "_pack", "_faces", "_leads", "_last_lead", "_known_hands",
                 "_suit_faces")

    def __init__(self, rules: Rules, level: str | None, trump: str | None):
        self.rules = rules
        self.level = level
        self.trump = trump
        self.order: Order = build_order(rules, level, trump)
        self._pack = PackCheck.of(rules.table)
        self._faces = self._pack.faces
        # the follow context of recent leads: a trick asks about one lead several times
        self._leads: dict[object, FollowContext] = {}
        # the lead asked about last, as given (a tuple or notation), with its follow context: the
        # followers of a trick are asked about one after another, with the very same lead
        self._last_lead: tuple[object, FollowContext | None] = (_NOTHING, None)
        # hands known to be cards of the pack, by value: a follower's next hand is the hand it
        # followed from without its play, and that hand was checked already.  Only a tuple of Card
        # objects is looked up (another object may equal a card without being one)
        self._known_hands: set[tuple[Card, ...]] = set()
        # per effective suit, its faces (the faces of its bands: every card of the pack has a suit)
        self._suit_faces = tuple(frozenset(face for band in bands for face in band) for bands in self.order.bands)

    def __repr__(self) -> str:
        return f"<Context {self.rules.name!r} level {self.level or 'none'} trump {self.trump or 'none'}>"

    # --- cards and their order ----------------------------------------------------------------

    def cards(self, cards: Cards) -> tuple[Card, ...]:
        """Cards from notation (or cards), checked against the deck."""
        if type(cards) is list:
            # a hand kept as a list (the replay's): read as the tuple of its items, which the pack
            # check below answers without reading each card again
            cards = tuple(cards)
        if type(cards) is tuple:  # cards already, all in the pack: what reading and checking give
            if len(cards) == 1:  # one card played, or led: the most common question
                if type(cards[0]) is Card and cards[0] in self._faces:
                    return cards  # type: ignore[return-value]  # a Card, as checked
            elif self._pack.holds(cards, self._known_hands):
                return cards
        return self._pack.check(read_cards(checked_cards(cards)))

    def _one(self, card: Cards) -> Card:
        cards = self.cards(card)
        if len(cards) != 1:
            raise CardNotationError(f"expected one card, not {len(cards)}")
        return cards[0]

    def suit_of(self, card: Cards) -> str:
        """The effective suit: "S" "H" "D" "C", or "trump"."""
        c = self._one(card)
        suit = self.order.suit_of[c]
        return "trump" if suit == TRUMP else SUITS[suit]

    def is_trump(self, card: Cards) -> bool:
        return self.suit_of(card) == "trump"

    def strength(self, card: Cards) -> int:
        """Higher beats lower within one effective suit; equal cards have equal strength."""
        return self.order.strength[self._one(card)]

    def ranking(self, suit: str) -> list[tuple[Card, ...]]:
        """The cards of an effective suit ("S".."C" or "trump"), strongest first, equal cards
        grouped (the off-suit level cards share one group)."""
        if suit != "trump" and suit not in SUITS:
            raise EngineError(f"suit must be one of S, H, D, C or 'trump', not {suit!r}")
        index = TRUMP if suit == "trump" else SUITS.index(suit)
        return list(self.order.bands[index])

    def sort(self, cards: Cards) -> tuple[Card, ...]:
        """Trumps first, then suits S H D C; strongest first within each."""
        order = self.order
        return tuple(sorted(self.cards(cards), key=lambda c: (-(order.suit_of[c] == TRUMP),
                                                               order.suit_of[c], -order.strength[c])))

    # --- combinations -----------------------------------------------------------------------

    def units(self, cards: Cards) -> list[Unit]:
        """The play's units, largest first: ``.cards``, ``.width`` (1 single, 2 pair, ...),
        ``.length`` (1 a set, n a tractor of n sets)."""
        return decompose(self.order, self.cards(cards))

    def rainbow_parts(self, cards: Cards) -> list[tuple[Card, ...]] | None:
        """The parts of a rainbow lead (one rank each, lowest first), or None if the cards are no
        rainbow (or the rules have none)."""
        parts = rainbow_parts(self.order, self.cards(cards))
        return None if parts is None else list(parts)

    def rain(self, cards: Cards) -> RainShape | None:
        """The kind of a rain (a straight with pairs riding along: ``.size`` cards, ``.pairs``
        pairs, ``.length`` the straight's cards, ``.top`` its top card's strength), or None if the
        cards are no rain (or the rules have no riding pairs)."""
        return rain_of(self.order, self.cards(cards))

    def rain_throw(self, cards: Cards) -> RainThrow | None:
        """A throw (cards of one suit) read with the rains it holds as parts: ``.rains`` (each with
        ``.cards`` and ``.shape``, a rain's kind as ``rain`` gives it), largest first, and
        ``.units``, its other cards' units; None when it holds no rain besides other cards (or the
        rules have no riding pairs)."""
        played = self.cards(cards)
        if not played or len({self.order.suit_of[c] for c in played}) != 1 or rain_of(self.order, played) is not None:
            return None
        return throw_rains(self.order, played)

    def is_tractor(self, cards: Cards) -> bool:
        """Whether the cards are exactly one tractor (of pairs, triples, ...)."""
        units = self.units(cards)
        return len(units) == 1 and units[0].is_tractor

    # --- the exchange with the declarer (粘牌) ---------------------------------------------------

    def above_aces(self, card: Cards) -> bool:
        """Whether the card is a trump above the aces (大于A的主): a trump of a tier of
        ``trumps.order`` above the trump suit's own cards (a joker, a level card, a constant rank),
        where the trump suit's plain cards end with its ace; in no-trump, any trump."""
        c = self._one(card)
        order = self.order
        if order.suit_of[c] != TRUMP:
            return False
        tiers = self.rules.trumps.order
        plain = next((i for i, tier in enumerate(tiers) if tier.kind == "trump-suit"), None)
        if plain is None or self.trump is None:
            return True
        # a tier's cards have strength 100 + (tiers - index) * 16, the trump suit's plus its rank
        return order.strength[c] >= 100 + (len(tiers) - plain + 1) * 16

    def exchange_show_error(self, shown: Cards) -> str | None:
        """Why ``shown`` is not what the exchange with the declarer needs shown (a joker with a
        tractor: one joker and cards that are exactly one tractor of pairs), or None."""
        cards = self.cards(shown)
        jokers = [c for c in cards if c.is_joker]
        if not jokers:
            return "shows no joker"
        for joker in dict.fromkeys(jokers):
            rest = list(cards)
            rest.remove(joker)
            units = self.units(tuple(rest))
            if len(units) == 1 and units[0].is_tractor and units[0].width == 2:
                return None
        return "is not a joker with a tractor of pairs"

    def taken_error(self, cards: Cards) -> str | None:
        """Why ``cards``, a standing declaration, are not what the exchange with the declarer takes
        (three cards, a joker with a pair of level cards, a declaration of the ladder naming this
        context's trump), or None."""
        taken = self.cards(cards)
        if len(taken) != 3 or sum(c.is_joker for c in taken) != 1:
            return "are not three cards, a joker with a pair"
        made = self.rules.declaration(list(taken), self.level)
        if made is None or made.trump != self.trump:
            return "are not a declaration of a joker with a pair naming this trump"
        return None

    def give_back_error(self, cards: Cards) -> str | None:
        """Why ``cards`` are not what the exchange with the declarer gives back (one trump above the
        aces and two side cards), or None."""
        given = self.cards(cards)
        above = sum(1 for c in given if self.above_aces((c,)))
        side = sum(1 for c in given if self.order.suit_of[c] != TRUMP)
        if len(given) != 3 or above != 1 or side != 2:
            return f"{len(given)} cards, {above} of them trumps above the aces and {side} side cards, not one and two"
        return None

    # --- tricks -------------------------------------------------------------------------------

    def _lead(self, lead: Cards) -> FollowContext:
        last = self._last_lead  # one read: another thread may replace it meanwhile
        if last[0] is lead:
            return last[1]  # type: ignore[return-value]  # never None beside a lead
        # keyed by the lead as given when it can be (notation, or a tuple of cards), so that asking
        # about one lead again neither reads nor checks it again
        # (a tuple only of cards and codes: another number may equal a code without being one)
        given: object = lead if type(lead) is str or (type(lead) is tuple and _known_by_value(lead)) else None
        leads = self._leads
        fc = leads.get(given)
        if fc is None:
            key = self.cards(lead)
            fc = FollowContext(self.order, key)  # two threads may both build it: either serves
            # each change one step, safe beside other threads' reads and changes
            if len(leads) >= _KEPT_LEADS:
                leads.clear()
            leads[key] = fc
            if given is not None and given != key:
                leads[given] = fc
        if given is not None:  # read and found good; immutable: the same object is the same lead
            self._last_lead = (given, fc)
        return fc

    def _plainly_legal(self, fc: FollowContext, hand: tuple[Card, ...], card: Card) -> bool:
        """Whether ``card``, held in ``hand`` and played alone on a one-card lead, plainly may
        follow: either of the led suit under a duty asking for nothing but the suit, or of another
        suit from a hand holding none of the led suit.  What ``follow_refusal`` would say (None),
        for the plays most tricks see; every other play, legal or not, is left to it."""
        of_suit = self._suit_faces[fc.suit]
        if card in of_suit:
            return type(fc.duty) is SuitDuty
        return of_suit.isdisjoint(hand)

    def _played(self, hand: tuple[Card, ...], play: tuple[Card, ...]) -> None:
        """Remember the hand a legal follow leaves (``hand`` without ``play``, each card taken where
        the hand first holds it, as ``list.remove`` takes it) as checked: the player's hand at its
        next follow, when the caller checks a game's plays one after another."""
        left = list(hand)
        for card in play:
            left.remove(card)
        self._remember(tuple(left))

    def _remember(self, rest: tuple[Card, ...]) -> None:
        known = self._known_hands
        if len(known) >= _KEPT_HANDS:
            known.clear()  # one step, safe beside other threads' reads
        known.add(rest)

    def follow_error(self, hand: Cards, lead: Cards, play: Cards) -> str | None:
        """None if ``play`` may follow ``lead`` from ``hand`` (which includes the play); else the
        reason, in words."""
        refusal = self.follow_refusal(hand, lead, play)
        return None if refusal is None else refusal.message

    def follow_refusal(self, hand: Cards, lead: Cards, play: Cards) -> Refusal | None:
        """As ``follow_error``, with the reason's stable code: None if legal, else ``.code`` (one of
        ``engine.rulings.follow.REFUSAL_CODES``) and ``.message``."""
        fc = self._lead(lead)
        hand, play = self.cards(hand), self.cards(play)
        if len(play) == 1 and len(fc.lead) == 1:
            # one card on a one-card lead (most follows): looked for in the hand once, for the
            # plain check and for the hand it leaves
            card = play[0]
            try:
                at = hand.index(card)
            except ValueError:
                at = -1  # not in the hand: the full check says so
            if at >= 0 and self._plainly_legal(fc, hand, card):
                self._remember(hand[:at] + hand[at + 1:])
                return None
        refusal = follow_refusal(fc, hand, play)
        if refusal is None:
            self._played(hand, play)
        return refusal

    def legal_follow(self, hand: Cards, lead: Cards, rng: random.Random | None = None) -> tuple[Card, ...]:
        """A legal follow: the cards the duty demands and the lowest others; random with ``rng``."""
        if rng is not None and not isinstance(rng, random.Random):
            raise EngineError(f"rng is a random.Random or None, not {type(rng).__name__}")
        return choose_follow(self._lead(lead), self.cards(hand), rng)

    def winner(self, lead: Cards, follows: Sequence[Cards]) -> int:
        """0 if the lead wins the trick, i if the i-th follow does."""
        last = self._last_lead  # one read: another thread may replace it meanwhile
        if last[0] is lead:
            fc = last[1]
        else:
            cards = self.cards(lead)
            if cards and cards.count(cards[0]) == len(cards) and len(cards) in self.order.set_widths:
                # one set (most tricks are led so): its suit is all the winner asks of it, so no
                # follow context is worked out
                return set_winner(self.order, cards, self.order.suit_of[cards[0]], self._plays(follows))
            fc = self._lead(cards)
        assert fc is not None  # never None beside a lead
        return winner(self.order, fc.lead, fc.units, fc.suit, self._plays(follows))

    def _plays(self, follows: Sequence[Cards]) -> list[tuple[Card, ...]]:
        """The follows of a trick as cards, checked."""
        plays = _sequence(follows, "follows")
        faces = self._faces
        for play in plays:
            # a play of one card of the pack, given as a card, is taken as it is (as ``cards``
            # takes it, without a call for each: most tricks are of one card)
            if type(play) is not tuple or len(play) != 1 or type(play[0]) is not Card or play[0] not in faces:
                return [self.cards(f) for f in plays]
        return list(plays)

    def lead_error(self, lead: Cards) -> str | None:
        """None when ``lead`` may be led as the rules stand, whatever the other hands hold; else why
        not, in words: it is not of one suit (nor a rainbow), it is a throw where throws are not
        allowed, or a throw holding a kind of combination the rules bar from throws
        (``throws: allowed, without tractors``: "in these rules a throw may not hold tractors, and
        ♠Q ♠Q ♠J ♠J is of tractors: lead it alone").  Whether a throw stands against the other
        hands is ``throw_options``."""
        cards = self.cards(lead)
        order = self.order
        leading = self.rules.leading
        if not cards:
            return "the lead is empty"
        parts = rainbow_parts(order, cards)
        if parts is not None:
            thrown = len(parts) > 1
        else:
            if len({order.suit_of[c] for c in cards}) != 1:
                return f"a lead is of one suit (or all trumps), but {' '.join(map(str, cards))} is not"
            thrown = len(decompose(order, cards)) > 1 and not (
                self.rules.combinations.straight_pairs and rain_of(order, cards) is not None)
        if not thrown:
            return None
        if not leading.throws:
            return "throws are not allowed in these rules: lead one combination"
        return barred_throw_message(order, cards)

    def throw_options(self, throw: Cards, other_hands: Sequence[Cards],
                      partners: Iterable[int] | None = None, barred: Iterable[int] = ()) -> list[tuple[Card, ...]]:
        """[] if the throw stands against the other hands; else the plays the leader may be held to.

        ``other_hands``: the other players' hands in turn order, from the player after the leader
        (the order decides under ``throw stopped by: the first player who can``).  ``partners``: the
        indexes in ``other_hands`` of the leader's partners, whose cards do not count under
        ``throw stopped by: opponents``; None reads them from seated teams (every second hand,
        ``other_hands[1]``, ``[3]``, ...), and from nobody with called partners.  ``barred``: the
        indexes in ``other_hands`` of the players who may not stop the throw by the condition of
        ``throw stopped by: ... when ...`` (``throw_stoppers_barred`` works them out)."""
        hands = [self.cards(h) for h in _sequence(other_hands, "other_hands")]
        if partners is None:
            seated = self.rules.table.seated
            known = frozenset(range(1, len(hands), 2)) if seated else frozenset()
        else:
            # a number, a string or a list of lists would reach frozenset() as a TypeError
            listed = list(partners) if isinstance(partners, Iterable) and not isinstance(partners, (str, bytes)) else None
            if listed is None or any(type(i) is not int or not 0 <= i < len(hands) for i in listed):
                shown = sorted(listed, key=str)[:8] if listed is not None else type(partners).__name__
                raise EngineError(f"partners are indexes of other_hands (0 to {len(hands) - 1}), not {shown}")
            known = frozenset(listed)
        out = [i for i in barred if type(i) is int and 0 <= i < len(hands)] if barred else []
        return throw_options(self.order, self.cards(throw), hands, known, frozenset(out))

    def throw_stoppers_barred(self, leader: int, other_seats: Sequence[int], bankers: Iterable[int]) -> list[int]:
        """The indexes in ``other_seats`` (the other players' seats in turn order from ``leader``'s)
        of those the condition of ``throw stopped by: ... when ...`` bars from stopping the leader's
        throw; ``bankers``: the seats of the banker's team as the table knows it then.  Empty
        without a condition."""
        return sorted(barred_stoppers(self.rules, leader, list(other_seats), frozenset(bankers), self.level,
                                      self.trump))

    def call_error(self, card: Cards, shown: Cards = ()) -> str | None:
        """Finding Friends: None if the banker may call ``card`` in this hand, else the reason in
        words (``called cards: ...`` is judged at this hand's level and trump).  ``shown``: the
        cards shown in declaring this hand, which ``shown in declaring`` asks about."""
        return call_error(self.order, self._one(card), self._shown(shown))

    def bury_error(self, card: Cards, shown: Cards = ()) -> str | None:
        """None if ``card`` may be buried in this hand (``buried cards: ...``), else the reason in
        words; a player who keeps no card that may be buried buries any (``burial_error``)."""
        return bury_error(self.order, self._one(card), self._shown(shown))

    def burial_error(self, hand: Cards, buried: Cards, shown: Cards = ()) -> str | None:
        """None if a player holding ``hand`` (the kitty taken in) may bury ``buried`` in this hand,
        else the reason in words: a card that may not be buried is buried only when the hand keeps
        none that may be."""
        return burial_error(self.order, self.cards(hand), self.cards(buried), self._shown(shown))

    def _shown(self, shown: Cards) -> frozenset[Card]:
        return frozenset(self.cards(shown)) if shown else frozenset()

    def kitty_multiplier(self, last_lead: Cards) -> int:
        """The kitty's multiplier if the attackers win the last trick with this lead."""
        return lead_kitty_multiplier(self.rules, self.order, self.cards(last_lead))



#: each hand's card order and trick rules, by the rules object and the hand's level and trump
_CONTEXTS: ByIdentity[Rules, Context] = ByIdentity(128)


def _suit_letter(trump: object) -> str | None:
    if trump is None:
        return None
    if isinstance(trump, str):
        letter = SUIT_SYMBOLS.get(trump, trump.upper())
        if letter in SUITS:
            return letter
    raise EngineError(f"trump must be a suit (S, H, D, C) or None for no-trump, not {trump!r}")


def make_context(rules: Rules, level: str | None, trump: str | None) -> Context:
    if level is not None and not isinstance(level, str):  # a list would fail the key's hash as a TypeError
        raise EngineError(f"level must be a rank (2 to A) or None, not {type(level).__name__}")
    suit = _suit_letter(trump)
    return _CONTEXTS.get(rules, (level, suit), lambda: Context(rules, level, suit))


def redeal_turn(rules: Rules, hand: Cards, level: str | None, trump: str | None, *, attacker: bool,
                first_hand: bool, redeals: int) -> RedealTurn:
    """What ``declaring.redeal_when`` reads of a player's dealt ``hand`` at ``level`` with ``trump``:
    the points and the trumps it holds, with who the player is (``attacker``), whether the hand is
    the game's first, and the deals thrown in before (``redeals``)."""
    ctx = make_context(rules, level, trump)
    cards = ctx.cards(hand)
    points = dict(rules.table.points)
    return RedealTurn(rules, attacker, first_hand, sum(points.get(c.rank or "", 0) for c in cards),
                      sum(ctx.order.suit_of[c] == TRUMP for c in cards), redeals, level, trump)


def may_redeal(rules: Rules, hand: Cards, level: str | None, trump: str | None) -> bool:
    """Whether a dealt hand allows a redeal by ``declaring.redeal_hands``: it holds not one trump
    ("no-trumps") or not one point card ("no-points") at ``level`` with ``trump``."""
    wanted = rules.declaring.redeal_hands
    if not wanted:
        return False
    ctx = make_context(rules, level, trump)
    cards = ctx.cards(hand)
    if "no-trumps" in wanted and not any(ctx.order.suit_of[c] == TRUMP for c in cards):
        return True
    points = dict(rules.table.points)
    return "no-points" in wanted and not any(points.get(c.rank or "", 0) for c in cards)
