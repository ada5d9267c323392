"""The ``declaring`` section of the rules object: the ladder of declarations, overturning and
reinforcing, the trump when nobody declares, the first banker and redeals of weak hands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .base import MAX_DECKS, Suit, bounded, bounds, since
from .expressions import SIDE_FACTS, Condition, facts_of


#: the seats the round of overturning after the kitty may start from (``expressions.SEATS``)
OverturnSeat = Literal["banker", "after-banker", "burier", "after-burier", "after-declarer"]
#: the seats declaring in turn after the deal may start from
InTurnSeat = Literal["banker", "after-banker"]


@dataclass(frozen=True, slots=True)
class DeclareStep:
    """``count`` identical cards of one kind.  Level cards name their suit; jokers name no-trump.
    "joker" means either joker (a set of big or of small jokers, of equal strength).

    A joker step with ``level_cards`` shows that many identical level cards beside its jokers
    ("1 small joker + 1 level card"): the level cards name their suit.  A ``tied`` step (written
    ``=`` after the step before it) is as strong as that step: neither overturns the other."""

    count: int = field(metadata=bounds(1, 2 * MAX_DECKS))
    kind: Literal["level", "small-joker", "big-joker", "joker"]
    #: identical level cards shown with the jokers (joker kinds only); 0: jokers alone
    level_cards: int = bounded(1, 2 * MAX_DECKS, off=0, default=0, version=2)
    #: as strong as the step before it on the ladder
    tied: bool = since(2, default=False)
    #: the jokers and the level cards are of one colour (joker kinds with ``level_cards`` only):
    #: the big joker, the red one, with hearts or diamonds; the small, black one, with spades or clubs
    same_colour: bool = since(4, default=False)


def same_rung(a: DeclareStep, b: DeclareStep) -> bool:
    """Whether two steps are the same rung: equal counts of one kind, or of jokers where one of
    them is "either joker", with as many level cards beside them.  A ladder holds each rung once."""
    if a.count != b.count or a.level_cards != b.level_cards:
        return False
    return a.kind == b.kind or "joker" in (a.kind, b.kind) and a.kind != "level" and b.kind != "level"


def reinforces(a: DeclareStep, b: DeclareStep) -> bool:
    """Whether ``b`` shows the cards of ``a`` and more of them: one is ``a`` reinforced, so the two
    cannot be tied."""
    same_kind = a.kind == b.kind or "joker" in (a.kind, b.kind) and "level" not in (a.kind, b.kind)
    return same_kind and b.count >= a.count and b.level_cards >= a.level_cards and b != a


#: each kind of step's card in the language's words
_STEP_NOUNS: dict[str, str] = {
    "level": "level card",
    "small-joker": "small joker",
    "big-joker": "big joker",
    "joker": "joker",
}


def step_words(step: DeclareStep) -> str:
    """A step of the ladder in the language's words ("2 level cards", "1 small joker + 1 level
    card"): how the compiler and ``Rules.from_dict`` name it in their errors."""
    plural = step.count != 1
    words = f"{step.count} {_STEP_NOUNS[step.kind]}{'s' if plural else ''}"
    if step.level_cards:
        words += f" + {step.level_cards} level card{'s' if step.level_cards != 1 else ''}"
    if step.same_colour:
        words += " of the same colour"
    return words


@dataclass(frozen=True, slots=True)
class Fallback:
    """How trump is chosen when nobody declares during the deal.

    "kitty-card": the suit of kitty card ``card`` (1-based); a joker there moves on to the next card
    up to ``skip_to`` (0: no skipping; below ``card``: back towards the first card), and a joker
    beyond that means ``otherwise``.
    "level-card": the first level card in the kitty (``otherwise`` if none).
    "level-card-or-joker": the first kitty card that is a level card (its suit) or a joker (no-trump).
    "player-level-card": (翻底牌定庄) where each player declares at their own level, the kitty's
    cards are turned from the first until one is of some player's level: its suit is trump, the
    hand is played at that level, and the player at it (the first in turn from the dealer) banks;
    with none, the next way (the dealer banking at their level).  Only as the first way.
    "highest-card": the suit of the highest kitty card.
    "suit": ``suit`` is trump (a suit fixed for the game, with ``ladder`` empty: nobody declares).
    "redeal", "no-trump", "partner-names": as named.
    "scored": the hand is not played, and scores ``side`` going up ``levels`` (("attackers", 0): a
    swap), as a hand the upgrade table scores; the first hand (no banker yet) is dealt again.
    ``otherwise``: what happens when no way tried names a suit (this one, then ``Declaring.fallback_then``).
    """

    kind: Literal[
        "kitty-card", "level-card", "highest-card", "redeal", "no-trump", "partner-names", "level-card-or-joker",
        "suit", "scored", "player-level-card"
    ] = "kitty-card"
    #: 0 for the ways that turn no kitty card
    card: int = bounded(1, 1000, off=0, default=3)
    skip_to: int = bounded(1, 1000, off=0, default=7)
    otherwise: Literal["no-trump", "redeal"] = "no-trump"
    #: the suit of kind "suit"
    suit: Literal["", "S", "H", "D", "C"] = since(4, default="")
    #: the outcome of kind "scored": the side that goes up, and its levels
    side: Literal["banker", "attackers"] = since(4, default="attackers")
    levels: int = bounded(0, 100, default=0, version=4)


@dataclass(frozen=True, slots=True)
class Declaring:
    #: weakest first; a later step overturns an earlier one; empty: nobody declares
    ladder: tuple[DeclareStep, ...] = (
        DeclareStep(1, "level"),
        DeclareStep(2, "level"),
        DeclareStep(2, "small-joker"),
        DeclareStep(2, "big-joker"),
    )
    #: suits low to high breaking ties between two declarations of the same step (never between
    #: tied steps); empty: the earlier declaration stands
    suit_order: tuple[Suit, ...] = ()
    #: the standing declarer may show more of the same card
    reinforce: bool = True
    #: a player whose declaration was overturned may show more of the same card to make it as
    #: strong as the standing one, taking the declaration back (with ``reinforce``, rbtying's
    #: ReinforceWhileEquivalent)
    reinforce_to_retake: bool = since(2, default=False)
    overturn_own: bool = False
    #: with ``reinforce``, the standing declarer may reinforce only when this condition holds of
    #: them (evaluated at ``expressions.DEAL_OVERTURN``); empty: always
    reinforce_when: Condition = since(4, default=Condition(()))
    #: a stronger declaration overturns the standing one during the deal (no: the first stands)
    overturn_in_deal: bool = since(4, default=True)
    #: with ``overturn_in_deal``, a declaration overturns during the deal only when this condition
    #: holds (evaluated at ``expressions.DEAL_OVERTURN``): of the hand alone, once before its deal,
    #: or, where it reads the player who would overturn (``expressions.reads_the_turn``), at each
    #: declaration over another; empty: always
    overturn_in_deal_when: Condition = since(4, default=Condition(()))
    #: who may make the first declaration of a deal, when no declaration stands: only a player of
    #: whom this condition holds (evaluated at ``expressions.DEAL_OVERTURN``, of the player who
    #: would declare, with no standing declaration to read); empty: every player
    first_declaration_when: Condition = since(4, default=Condition(()))
    #: overturning after the kitty exchange (炒地皮), the kitty passing to the new declarer
    overturn_after_kitty: bool = False
    #: with ``overturn_after_kitty``, only a player of whom this condition holds when their turn
    #: comes may overturn (evaluated at ``expressions.OVERTURN``); empty: every player but the
    #: standing declarer
    overturn_when: Condition = since(4, default=Condition(()))
    #: with ``overturn_after_kitty``, the seat asked first (a seat of ``expressions.SEATS`` known
    #: at the round): "after-burier", the seat after the first to bury; the others, in turn from
    #: it, until every player has passed in a row
    overturn_first: OverturnSeat = since(4, default="after-burier")
    #: with ``overturn_after_kitty``, how long the round goes: "until-all-pass", round the table
    #: until every player has passed in a row; "once", round the table once (炒底一轮): each
    #: player from the first is asked once, up to the player before the first, and an overturn
    #: does not start the round again
    overturn_rounds: Literal["until-all-pass", "once"] = since(4, default="until-all-pass")
    #: with ``overturn_after_kitty``, the round's own ladder (weakest first, as ``ladder``): the
    #: declarations a player may overturn with after the kitty, judged by it (``round_ladder``);
    #: empty: the deal's ``ladder``.  A declaration of the deal whose step it lacks is overturned
    #: by its steps that are stronger on the deal's ladder, and by those the deal's ladder lacks
    ladder_after_kitty: tuple[DeclareStep, ...] = since(4, default=())
    #: declaring in turn (轮流定主): nobody declares during the deal; after it each player in turn,
    #: from the banker (the dealer in the game's first hand), may declare once, the first to declare
    #: banking and naming trump; nobody: the hand's banker keeps the bank and ``fallback`` chooses
    #: trump
    in_turn: bool = since(4, default=False)
    #: with ``in_turn``, a hand is declared in turn only when this condition holds of it (evaluated
    #: at ``expressions.DECLARE``, once a hand); empty: every hand
    in_turn_when: Condition = since(4, default=Condition(()))
    #: with ``in_turn``, the seat asked first: "banker" (the banker given, who deals; the dealer in
    #: the game's first hand) or "after-banker", the others in turn from it
    in_turn_first: InTurnSeat = since(4, default="banker")
    fallback: Fallback = field(default_factory=Fallback)
    #: the ways tried in turn after ``fallback`` when it names no suit, before its ``otherwise``
    #: ("first level card in kitty, otherwise highest kitty card"): each names a suit or no-trump,
    #: or passes to the next; their own ``otherwise`` is unused
    fallback_then: tuple[Fallback, ...] = since(4, default=())
    #: in the first hand (no banker yet)
    #: "dealer": the player who deals the first hand banks
    #: "contest" (version 4): nobody declares during the first hand's deal; after it every player
    #: takes part in a contest of chance (rock-paper-scissors, 猜拳), and the winner names trump, a
    #: suit of a level card they hold, and banks (the phase "contest"); a winner holding no level
    #: card still banks, trump then chosen as when nobody declares in the first hand
    first_banker: Literal["first-declarer", "final-declarer", "dealer", "contest"] = "first-declarer"
    #: once the deal is over, a banker against whom another team's declaration stands may give up
    #: the bank (弃庄): that declarer banks instead, the hand staying at its level (the phase
    #: "give-up"; ``Rules.bank_given_up_to``)
    give_up_bank: bool = since(4, default=False)
    #: whose level the declaring reads: "hand" (the hand's level, the banker's, for every player),
    #: or "own" (each player declares with the cards of their own level, a fixed team's level; the
    #: final declarer banks, the hand played at their level: every hand's banker is found by
    #: declaring, the first banker's way); "own-or-banker": as "own", and once someone has
    #: declared, also with the level cards of the banker that declaration makes (反庄): such a
    #: declaration changes only the trump, one with a player's own makes them the banker
    level_cards: Literal["hand", "own", "own-or-banker"] = since(4, default="hand")
    #: the exchange with the declarer (粘牌, Shandong): once the deal is over, where the standing
    #: declaration is three cards (a joker with a pair of level cards), the other players in turn
    #: after the declarer may, the first who will and once a hand, show a joker with a tractor and
    #: take those three cards, giving the declarer one trump above the aces and two side cards of
    #: their own; trump and the declarer stay (the phase "exchange")
    exchange_with_declarer: bool = since(4, default=False)
    #: when the exchange with the declarer is made: "after-deal" (once the deal is over, the phase
    #: "exchange"), or "during-deal" (粘牌 while the cards are dealt: at each chance the deal gives a
    #: player to declare, once they have declared or let it be, where the standing declaration is
    #: another's joker with a pair; the exchange closes the declaring, the declaration taken
    #: standing and nobody declaring again in that deal, so that it happens once a deal at most)
    exchange_timing: Literal["after-deal", "during-deal"] = since(4, default="after-deal")
    #: declarations face down (暗亮): during the deal a declaration's level cards lie face down and
    #: its jokers face up, so that the others see who declared, how many cards and which jokers,
    #: but not the suit (a stronger declaration is judged by its step, which they see); the banker
    #: takes the kitty and buries not knowing trump unless they made the standing declaration or it
    #: is of jokers alone; all are turned once the kitty is buried (the phase "reveal")
    face_down: bool = since(4, default=False)
    first_fallback: Literal["same", "redeal"] = "same"
    #: who draws first (deals) in the game's first hand: "first-seat" (seat 0), or "cut": each
    #: player cuts a card from the shuffled pack, the highest drawing first (A high, the small and
    #: the big joker above it; equal ranks by ``cut_suits``; players with identical cards cut again)
    first_dealer: Literal["first-seat", "cut"] = since(4, default="first-seat")
    #: with ``first_dealer`` "cut", the suits from the highest, breaking a tie of ranks
    cut_suits: tuple[Suit, ...] = since(4, default=())
    #: dealt hands that allow a redeal once trump is known, before the kitty exchange: "no-trumps"
    #: (not one trump), "no-points" (not one point card); empty: never
    redeal_hands: tuple[Literal["no-trumps", "no-points"], ...] = since(2, default=())
    #: who decides such a redeal: "holder" (the player holding the hand may ask for it) or
    #: "automatic" (the cards are always redealt)
    redeal_by: Literal["holder", "automatic"] = since(2, default="holder")
    #: a player of whom this condition holds once trump is known (evaluated at
    #: ``expressions.REDEAL``, asked of each player in turn from the banker) lets the cards be
    #: redealt, as ``redeal_by`` says; empty: only ``redeal_hands``.  It reads the player's role
    #: (an attacker, a banker), the points and trumps they were dealt, and the redeals so far
    redeal_when: Condition = since(4, default=Condition(()))
    #: a redeal for a weak hand clears the bank (完全造反): the deal after it has no banker and is
    #: declared as the game's first hand is, each player at their own level (their team's, with
    #: fixed teams), the banker found by ``first_banker`` at the final declarer's level
    redeal_clears_bank: bool = since(4, default=False)


def side_reinforces(decl: Declaring) -> bool:
    """Whether a partner of the standing declarer may be asked to reinforce their declaration (亮主方
    加固): the condition on reinforcing (``reinforce_when``) names a player of the declaring side
    (``expressions.SIDE_FACTS``: ``the declarer``, ``the declarer's partner``), and so says who of
    the side may; a condition that names neither, and ``reinforce: yes``, let the standing declarer
    alone reinforce.  The partner adds cards identical to the shown ones to the standing
    declaration, which stays its declarer's, as strong as all its cards together."""
    return decl.reinforce and bool(facts_of(decl.reinforce_when) & SIDE_FACTS)


def partner_named(decl: Declaring) -> bool:
    """Whether the condition on reinforcing names the declarer's partner (who needs fixed teams)."""
    return decl.reinforce and "declarer-partner" in facts_of(decl.reinforce_when)


def round_ladder(decl: Declaring) -> tuple[DeclareStep, ...]:
    """The ladder of the round of overturning after the kitty: its own (``ladder_after_kitty``),
    or the deal's where it has none."""
    return decl.ladder_after_kitty or decl.ladder
