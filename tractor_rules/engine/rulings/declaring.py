"""Declaring trump during the deal, and the trump when nobody declares."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...rules import RANKS, DeclareStep, Fallback, Rules, expressions
from ..deck.cards import BIG_JOKER, SMALL_JOKER, Card, parse_cards
from ..errors import EngineError, NoTrumpFromKitty
from .turns import PlayerTurn


@dataclass(frozen=True, slots=True)
class Declaration:
    #: the rung of the step on ``rules.declaring.ladder`` (tied steps share one); a higher strength
    #: overturns a lower one
    strength: int
    #: the suit named, or None for no-trump
    trump: str | None
    count: int
    kind: str
    #: the suit's place in ``rules.declaring.suit_order`` (low to high), -1 when there is none;
    #: it breaks ties between declarations of the same step when the rules have a suit order
    suit_rank: int = -1
    #: the index of the step on the ladder
    step: int = -1
    #: level cards shown beside the jokers (a step such as "1 small joker + 1 level card")
    level_cards: int = 0

    @property
    def key(self) -> tuple[int, int]:
        """Sort declarations by this, weakest first; ``beats`` decides an overturn."""
        return (self.strength, self.suit_rank)

    def beats(self, other: "Declaration") -> bool:
        """Whether this declaration overturns ``other``: it is stronger, or of the same step and a
        higher suit.  Tied steps never overturn each other, whatever their suits."""
        if self.strength != other.strength:
            return self.strength > other.strength
        return self.step == other.step and self.suit_rank > other.suit_rank


def _kind_matches(step_kind: str, card: Card, level: str | None) -> bool:
    if step_kind == "level":
        return level is not None and card.rank == level
    if step_kind == "small-joker":
        return card == SMALL_JOKER
    if step_kind == "big-joker":
        return card == BIG_JOKER
    if step_kind == "joker":
        return card.is_joker
    raise EngineError(f"unknown declaration kind {step_kind!r}")


def rungs(ladder: tuple[DeclareStep, ...]) -> list[int]:
    """The strength of each step: its rung, counted from 0; a tied step shares the rung before it."""
    out: list[int] = []
    for step in ladder:
        if not out:
            out.append(0)
        else:
            out.append(out[-1] if step.tied else out[-1] + 1)
    return out


def declaration(rules: Rules, cards: str | Iterable[object], level: str | None,
                ladder: tuple[DeclareStep, ...] | None = None) -> Declaration | None:
    """None unless ``cards`` make a ladder step: ``count`` identical cards of its kind (and, for a
    joker step with level cards, that many identical level cards beside the jokers); else the
    strongest step they make.  Level cards name their suit; jokers alone name no-trump.  ``level``
    None (a hand with no level rank): only jokers alone can declare.  ``ladder``: the ladder to
    judge by (the round after the kitty's, ``declaring.ladder_after_kitty``); None: the deal's."""
    shown = parse_cards(cards, rules.table)
    if level is not None and level not in RANKS:
        raise EngineError(f"level {level!r} is not a rank")
    jokers = [c for c in shown if c.is_joker]
    plain = [c for c in shown if not c.is_joker]
    if not shown or len(set(jokers)) > 1 or len(set(plain)) > 1:
        return None
    if plain and plain[0].rank != level:
        return None
    card = jokers[0] if jokers else plain[0]
    if ladder is None:
        ladder = rules.declaring.ladder
    found = None
    for i, step in enumerate(ladder):
        if step.count == len(jokers or plain) and step.level_cards == (len(plain) if jokers else 0) \
                and _kind_matches(step.kind, card, level) \
                and not (step.same_colour and plain and not same_colour(jokers[0], plain[0])):
            found = i
    if found is None:
        return None
    step = ladder[found]
    trump = plain[0].suit if plain else None
    order = rules.declaring.suit_order
    suit_rank = order.index(trump) if trump is not None and trump in order else -1
    return Declaration(rungs(ladder)[found], trump, step.count, step.kind, suit_rank, found, step.level_cards)


def overturns_in_round(rules: Rules, shown: Sequence[Card], made: Declaration, standing: Sequence[Card],
                       level: str | None) -> bool:
    """Whether a declaration of the round after the kitty, ``shown`` making ``made`` on that
    round's ladder (``round_ladder``), overturns the declaration standing, of cards ``standing``:
    by the round's ladder where its step is on it (a stronger rung, or the same step in a higher
    suit); a declaration of the deal whose step the round's ladder lacks is overturned by the
    round's steps stronger than it on the deal's ladder, and by those the deal's ladder lacks."""
    decl = rules.declaring
    if not decl.ladder_after_kitty:
        standing_made = declaration(rules, standing, level)
        return standing_made is None or made.beats(standing_made)
    in_round = declaration(rules, standing, level, decl.ladder_after_kitty)
    if in_round is not None:
        return made.beats(in_round)
    dealt = declaration(rules, standing, level)
    shown_in_deal = declaration(rules, shown, level)
    return dealt is None or shown_in_deal is None or shown_in_deal.beats(dealt)


def same_colour(joker: Card, card: Card) -> bool:
    """Whether ``joker`` is of the colour of ``card``'s suit: the big joker is the red one (hearts,
    diamonds), the small joker the black one (spades, clubs)."""
    return (joker == BIG_JOKER) == (card.suit in ("H", "D"))


#: a way of choosing trump that found nothing in the kitty: the next way is tried
_PASS = "pass"


def fallback_trump(rules: Rules, kitty: str | Iterable[object], level: str | None) -> str | None:
    """The trump when nobody declares: a suit letter, or None for no-trump.

    The ways (``declaring.fallback``, then ``declaring.fallback_then``) are tried in turn; when none
    names a suit, the first's ``otherwise`` decides.  "kitty-card": the suit of kitty card ``card``;
    a joker there moves on card by card to ``skip_to`` (0: no skipping; below ``card``: backwards).
    "level-card": the suit of the first level card in the kitty (and "player-level-card", with
    only ``level`` known: ``turn_kitty`` finds the banker too).  "level-card-or-joker": the first
    kitty card that is a level card (its suit) or a joker (no-trump).  "highest-card": the suit of
    the highest kitty card (level cards above aces, jokers left out; the first of equal cards).
    "no-trump": None; "suit": that suit.  "redeal", "partner-names" and "scored" (and ``otherwise`` "redeal") cannot be answered
    from the kitty: ``NoTrumpFromKitty`` is raised, its ``.kind`` saying which.
    """
    fb = rules.declaring.fallback
    cards = parse_cards(kitty, rules.table)
    for way in (fb, *rules.declaring.fallback_then):
        found = _by_way(way, cards, level)
        if found != _PASS:
            return found
    if fb.otherwise == "redeal":
        raise NoTrumpFromKitty("redeal", "nobody declared and the kitty names no suit: the rules say redeal")
    return None


def _by_way(way: Fallback, cards: Sequence[Card], level: str | None) -> str | None:
    """What one way of choosing trump gives: a suit, None (no-trump), or ``_PASS``."""
    if way.kind == "no-trump":
        return None
    if way.kind == "suit":
        return way.suit
    if way.kind == "redeal":
        raise NoTrumpFromKitty("redeal", "nobody declared: the rules say redeal")
    if way.kind == "partner-names":
        raise NoTrumpFromKitty("partner-names", "nobody declared: the banker's partner names the trump")
    if way.kind == "scored":
        raise NoTrumpFromKitty("scored", "nobody declared: the hand is scored without being played")
    if way.kind == "kitty-card":
        first = way.card
        if len(cards) < first:
            raise EngineError(f"the kitty has {len(cards)} cards; the rules turn card {first}")
        if way.skip_to and way.skip_to < first:  # back towards the first card
            tried = cards[way.skip_to - 1:first][::-1]
        else:
            tried = cards[first - 1:max(way.skip_to, first)]
        return next((card.suit for card in tried if not card.is_joker), _PASS)
    if way.kind in ("level-card", "player-level-card"):
        # "player-level-card" where only the hand's level is known: every player at that level
        return next((card.suit for card in cards if card.rank == level), _PASS)
    if way.kind == "level-card-or-joker":
        for card in cards:
            if card.is_joker:
                return None
            if card.rank == level:
                return card.suit
        return _PASS
    if way.kind == "highest-card":
        plain = [c for c in cards if not c.is_joker]
        if not plain:
            return _PASS
        return max(plain, key=lambda c: (c.rank == level, RANKS.index(c.rank))).suit
    raise EngineError(f"unknown fallback {way.kind!r}")


@dataclass(frozen=True, slots=True)
class Turned:
    """The kitty's cards turned to find the banker when nobody declared (翻底牌定庄,
    ``declaring.fallback`` "player-level-card"): the cards turned, in order, and the seat at the
    level of the last (None when no kitty card is of any player's level, every card turned), with
    the dealer and each seat's level they were read with."""

    cards: tuple[Card, ...]
    banker: int | None
    dealer: int
    levels: tuple[str | None, ...]


def turn_kitty(kitty: Sequence[Card], seat_levels: Sequence[str | None], dealer: int) -> Turned:
    """Turn ``kitty``'s cards from the first until one is of some seat's level (``seat_levels``):
    that seat banks, the first at that level in turn from ``dealer`` (the dealer first)."""
    n = len(seat_levels)
    for i, card in enumerate(kitty):
        if card.is_joker or card.rank not in seat_levels:
            continue
        seat = next(s for s in ((dealer + k) % n for k in range(n)) if seat_levels[s] == card.rank)
        return Turned(tuple(kitty[:i + 1]), seat, dealer, tuple(seat_levels))
    return Turned(tuple(kitty), None, dealer, tuple(seat_levels))


class _PlayerTurn(PlayerTurn):
    """A turn while the bank is decided (overturning after the kitty, asking for a redeal, declaring
    over another during the deal): it also knows whether the hand is the game's first."""

    __slots__ = ()
    first_hand: bool

    def own_fact(self, name: str, args: tuple) -> bool | None:
        return self.first_hand if name == "first-hand" else None


@dataclass(frozen=True, slots=True)
class OverturnTurn(_PlayerTurn):
    """What ``declaring.overturn_when`` may ask of a player's turn to overturn after the kitty: who
    they are, the hand, and the round so far."""

    rules: Rules
    #: the player is not on the banker's team as known then (called partners: not the banker)
    attacker: bool
    #: the game's first hand (its banker found by declaring)
    first_hand: bool
    #: overturns made after the kitty so far this hand
    overturns: int
    #: the declaration standing, or None when nobody has declared
    standing: Declaration | None
    level: str | None
    trump: str | None
    #: the player is on the standing declarer's team, not the declarer; or on the other team (fixed
    #: teams; the banker stands for the declarer when nobody declared)
    partner: bool = False
    opponent: bool = False
    #: the player is the previous declarer (whose declaration the standing one overturned last),
    #: or on their team, not them (fixed teams); and whether nobody was overturned (no previous
    #: declarer)
    previous: bool = False
    previous_partner: bool = False
    none_overturned: bool = True

    WHEN = "when a player may overturn"

    def quantity(self, name: str) -> int | None:
        if name == "overturns":
            return self.overturns
        if name == "declared-level-cards":
            d = self.standing
            return 0 if d is None else d.count if d.kind == "level" else d.level_cards
        return None

    def own_fact(self, name: str, args: tuple) -> bool | None:
        if name == "declarer-partner":
            return self.partner
        if name == "declarer-opponent":
            return self.opponent
        if name == "nobody-declared":  # no declaration stands: trump came from the kitty's way
            return self.standing is None
        previous = _previous_fact(self, name)
        if previous is not None:
            return previous
        return _PlayerTurn.own_fact(self, name, args)


def _previous_fact(turn: "OverturnTurn | DeclareTurn", name: str) -> bool | None:
    """A fact of the player against the previous declarer (``expressions.PREVIOUS_FACTS``), or None
    for any other."""
    if name == "previous-declarer":
        return turn.previous
    if name == "previous-declarer-partner":
        return turn.previous_partner
    if name == "nobody-overturned":
        return turn.none_overturned
    return None


def previous_declarer(shown: Sequence[tuple[int, object]], declarer: int) -> int | None:
    """The previous declarer: the seat whose declaration ``declarer``, standing, overturned last,
    read from ``shown`` (the hand's declarations, (seat, cards), in order, the standing one last):
    the last seat before the standing declarer's own declarations at the end; None when every
    declaration is the standing declarer's (their first, reinforced or not)."""
    for seat, _ in reversed(shown):
        if seat != declarer:
            return seat
    return None


def previous_relation(rules: Rules, seat: int, previous: int | None) -> tuple[bool, bool, bool]:
    """Whether ``seat`` is the previous declarer, whether a partner of theirs (on their team, not
    them: fixed teams only), and whether nobody was overturned (``previous`` None)."""
    if previous is None:
        return False, False, True
    partner = rules.table.seated and seat != previous and seat % 2 == previous % 2
    return seat == previous, partner, False


def declarer_relation(rules: Rules, seat: int, declarer: int) -> tuple[bool, bool]:
    """Whether ``seat`` is a partner of ``declarer`` (on their team, not them) and whether an
    opponent (on the other team): with fixed teams, the seats of each parity; else neither."""
    if not rules.table.seated:
        return False, False
    return seat != declarer and seat % 2 == declarer % 2, seat % 2 != declarer % 2


def overturn_turn(rules: Rules, seat: int, bankers: frozenset[int], first_hand: bool, made: int,
                  standing: tuple[int, Declaration] | None, banker: int, level: str | None,
                  trump: str | None, previous: int | None = None) -> OverturnTurn:
    """The turn of ``seat`` to overturn after the kitty: ``bankers`` the banker's team as known then,
    ``made`` the overturns so far, ``standing`` the declaration standing and its seat (None: nobody
    declared, and the banker stands for the declarer), ``previous`` the previous declarer (the seat
    the standing declarer overturned last; None: nobody was overturned)."""
    partner, opponent = declarer_relation(rules, seat, banker if standing is None else standing[0])
    was, was_partner, none = previous_relation(rules, seat, previous)
    return OverturnTurn(rules, seat not in bankers, first_hand, made, None if standing is None else standing[1],
                        level, trump, partner, opponent, was, was_partner, none)


@dataclass(frozen=True, slots=True)
class RedealTurn(_PlayerTurn):
    """What ``declaring.redeal_when`` may ask of a player once trump is known, before the kitty is
    taken: who they are, what they were dealt, and the redeals so far this hand."""

    rules: Rules
    #: the player is not on the banker's team as known then (called partners: not the banker)
    attacker: bool
    #: the game's first hand (its banker found by declaring)
    first_hand: bool
    #: the points of the player's dealt cards
    points: int
    #: the trumps among the player's dealt cards, at the hand's level and trump
    trumps: int
    #: the deals thrown in before this one for a player's asking
    redeals: int
    level: str | None
    trump: str | None

    WHEN = "when a player may ask for a redeal"

    def quantity(self, name: str) -> int | None:
        if name == "held-points":
            return self.points
        if name == "held-trumps":
            return self.trumps
        if name == "redeals":
            return self.redeals
        return None


def may_ask_redeal(turn: RedealTurn) -> bool:
    """Whether the player may ask for a redeal (``declaring.redeal_when``; nobody where it is empty)."""
    condition = turn.rules.declaring.redeal_when
    return bool(condition) and expressions.condition_holds(condition, turn.fact, turn)


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What ``declaring.overturn_in_deal_when`` (and ``declaring.in_turn_when``) may ask while
    declaring during the deal: the hand,
    known before its first card (the same for every player)."""

    rules: Rules
    #: the game's first hand (no banker yet: declaring finds one)
    first_hand: bool
    level: str | None

    def __getitem__(self, name: str) -> int:
        """The value of a quantity known then."""
        if name == "decks":
            return self.rules.table.decks
        if name == "players":
            return self.rules.table.players
        raise EngineError(f"'{name}' is not known while declaring")

    def fact(self, name: str, args: tuple) -> bool:
        if name == "first-hand":
            return self.first_hand
        if name == "level-is":
            return self.level == args[0]
        raise EngineError(f"'{name}' is not known while declaring")


def may_overturn_in_deal(rules: Rules, first_hand: bool, level: str | None) -> bool:
    """Whether a declaration may overturn another during the deal of a hand (``declaring.
    overturn_in_deal`` and its condition; ``first_hand``: the game's first, ``level`` its level).
    A condition that reads the player who would overturn is asked at each declaration instead
    (``DeclareTurn``): the hand may overturn, as far as the hand goes."""
    decl = rules.declaring
    if not decl.overturn_in_deal:
        return False
    if not decl.overturn_in_deal_when or expressions.reads_the_turn(decl.overturn_in_deal_when):
        return True
    facts = DealFacts(rules, first_hand, level)
    return expressions.condition_holds(decl.overturn_in_deal_when, facts.fact, facts)


def declares_in_turn(rules: Rules, first_hand: bool, level: str | None) -> bool:
    """Whether a hand is declared in turn after the deal (``declaring.in_turn`` and its condition,
    asked with what is known before the deal, as ``may_overturn_in_deal``)."""
    decl = rules.declaring
    if not decl.in_turn:
        return False
    if not decl.in_turn_when:
        return True
    facts = DealFacts(rules, first_hand, level)
    return expressions.condition_holds(decl.in_turn_when, facts.fact, facts)


def cut_strength(rules: Rules, card: Card) -> tuple[int, int]:
    """A cut card's strength (``declaring.first_dealer`` "cut"): its rank, 2 low, A high, the small
    joker then the big one above it; then its suit by ``declaring.cut_suits`` (the highest first)."""
    if card.is_joker:
        return (len(RANKS) + (1 if card == BIG_JOKER else 0), 0)
    suits = rules.declaring.cut_suits
    return (RANKS.index(card.rank), len(suits) - suits.index(card.suit) if card.suit in suits else 0)


def cut_winner(rules: Rules, cuts: Sequence[tuple[int, Card]]) -> tuple[int, ...]:
    """The seats whose cut is the highest of ``cuts`` (seat, card): one, or several who cut
    identical cards and cut again."""
    best = max(cut_strength(rules, card) for _, card in cuts)
    return tuple(seat for seat, card in cuts if cut_strength(rules, card) == best)


def may_overturn(turn: OverturnTurn) -> bool:
    """Whether the player whose turn it is may overturn after the kitty (``declaring.overturn_when``;
    every player may where it is empty)."""
    return expressions.condition_holds(turn.rules.declaring.overturn_when, turn.fact, turn)


def asks_each_declaration(rules: Rules) -> bool:
    """Whether a rule on declaring during the deal is asked at each declaration: a condition on
    overturning that reads the player who would overturn, one on reinforcing, or one on who may
    make the first declaration (the log then lists the deal's declarations, and the replay checks
    each)."""
    decl = rules.declaring
    return (bool(decl.reinforce_when) or bool(decl.first_declaration_when) or decl.overturn_in_deal
            and expressions.reads_the_turn(decl.overturn_in_deal_when)) and not rules.auction.on


@dataclass(frozen=True, slots=True)
class DeclareTurn(_PlayerTurn):
    """What ``declaring.overturn_in_deal_when`` (where it reads the player) and ``declaring.
    reinforce_when`` may ask of a player who would declare over the standing declaration during
    the deal: who they are, and the declaring so far."""

    rules: Rules
    #: the player is not on the banker's team as known before the deal (in a hand whose banker
    #: the declaring finds, nobody banks yet: every player is an attacker)
    attacker: bool
    #: the game's first hand (its banker found by declaring)
    first_hand: bool
    #: the declarations of this deal made over another player's (overturns and take-backs)
    overturns: int
    #: the level cards the standing declaration shows
    level_cards: int
    #: the player is on the standing declarer's team, not the declarer (fixed teams)
    partner: bool
    #: the player is on the other team than the standing declarer (fixed teams)
    opponent: bool
    level: str | None
    trump: str | None = None
    #: the player is the previous declarer (whose declaration the standing one overturned last),
    #: or on their team, not them (fixed teams); and whether nobody was overturned
    previous: bool = False
    previous_partner: bool = False
    none_overturned: bool = True
    #: the player is the standing declarer
    declarer: bool = False

    WHEN = "when a player may overturn or reinforce during the deal"

    def quantity(self, name: str) -> int | None:
        if name == "overturns":
            return self.overturns
        if name == "declared-level-cards":
            return self.level_cards
        return None

    def own_fact(self, name: str, args: tuple) -> bool | None:
        if name == "declarer-partner":
            return self.partner
        if name == "declarer-opponent":
            return self.opponent
        if name == "declarer":
            return self.declarer
        if name == "no-trump":
            raise EngineError(f"'{name}' is not known {self.WHEN}")
        previous = _previous_fact(self, name)
        if previous is not None:
            return previous
        return _PlayerTurn.own_fact(self, name, args)


def declare_turn(rules: Rules, seat: int, declarer: int, shown: Sequence[tuple[int, Sequence[Card]]], *,
                 bankers: frozenset[int] | None, first_hand: bool, level: str | None) -> DeclareTurn:
    """The turn of ``seat`` to declare over the declaration ``declarer`` made last of ``shown`` (the
    deal's declarations so far, (seat, cards), in order); ``bankers``: the banker's team as known
    before the deal (None: nobody banks yet)."""
    overturns = sum(1 for i in range(1, len(shown)) if shown[i][0] != shown[i - 1][0])
    level_cards = sum(1 for card in shown[-1][1] if not card.is_joker) if shown else 0
    partner, opponent = declarer_relation(rules, seat, declarer)
    was, was_partner, none = previous_relation(rules, seat, previous_declarer(shown, declarer))
    return DeclareTurn(rules, bankers is None or seat not in bankers, first_hand, overturns, level_cards,
                       partner, opponent, level, None, was, was_partner, none, declarer=seat == declarer)


def may_declare_first(rules: Rules, seat: int, *, bankers: frozenset[int] | None, first_hand: bool,
                      level: str | None) -> bool:
    """Whether ``seat`` may make the deal's first declaration, none standing (``declaring.
    first_declaration_when``; ``bankers`` the banker's team as known before the deal, None: nobody
    banks yet); an empty condition allows it."""
    condition = rules.declaring.first_declaration_when
    if not condition:
        return True
    turn = DeclareTurn(rules, bankers is None or seat not in bankers, first_hand, 0, 0, False, False, level)
    return expressions.condition_holds(condition, turn.fact, turn)


def may_declare_over(turn: DeclareTurn, reinforcing: bool) -> bool:
    """Whether the player may overturn the standing declaration during the deal (``reinforcing``
    False: ``declaring.overturn_in_deal_when``, where it reads the player) or reinforce it (True:
    ``declaring.reinforce_when``); an empty condition allows it."""
    decl = turn.rules.declaring
    condition = decl.reinforce_when if reinforcing else decl.overturn_in_deal_when
    return not condition or expressions.condition_holds(condition, turn.fact, turn)
