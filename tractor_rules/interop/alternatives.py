"""The other right answers of a question, where the rules allow more than one: what a conformance
vector states under ``"also"`` beside its ``"expect"``.

Cards of equal strength on one node of the card order are *twins*: the off-suit level cards of a
suit hand (♠2 ♦2 ♣2 with hearts trump at 2), the level cards of a no-trump hand, the off-suit cards
of a constant trump rank.  They have one rank, so one point value, and the same neighbours, so the
rules never tell one from another: a question asked with ♠2 in place of ♣2 (and ♣2 in place of ♠2,
in every hand) has the same answers, with the two swapped.  Where an answer names cards, an engine
must still pick among twins, and two engines may pick differently and both be right:

- two equal pairs may join a tractor: ♥A♥A ♠2♠2 ♣2♣2 is the tractor ♠2♠2♥A♥A and the pair ♣2♣2, or
  ♣2♣2♥A♥A and ♠2♠2 (``units``);
- a failed throw cut to a part with an equal twin may be held to either (``throw_outcome``).

The other answers come from the engine, not from a list: for every relabelling σ of the twins the
question holds, the question is asked again with σ applied to all its cards (given in the order of
their codes, so that a choice the engine makes by the order of the cards given is made among the
twins in every order too), and the answer is read back with σ undone.  Each is a right answer to
the question asked: the engine's answer to the relabelled question, relabelled back.  The answers
are then written as the engine writes its own: units largest first, then strongest first, then by
effective suit (S, H, D, C, trumps), and twins' units in the order their cards come in the
question; a failed throw's options likewise.

Other questions have one answer: who wins, whether a follow is legal and why, a multiplier, a level
change and a seat name no card, and a relabelling of twins leaves them as they are; a suit's card
order names every card, twins together in one group.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator, Sequence

from ..engine.deck.cards import Card, pack_copies
from ..engine.oracle import Context
from ..rules import Rules
from .questions import QUESTIONS, Answer, Params, ask

#: the questions whose answers name cards chosen among twins: the only ones with other right answers
KINDS = ("units", "throw_outcome")
#: the most relabellings a question is asked again under.  The twins of a shipped ruleset's question
#: come in at most two groups of at most four cards (the level cards and the constant rank of a
#: no-trump hand): 4! × 4! = 576.  A ruleset with more groups has each group relabelled in turn
#: instead (the other groups left as they are): the answers of each group's choices
MAX_RELABELINGS = 720

Relabelling = dict[Card, Card]


def alternatives(rules: Rules, kind: str, params: Params, answer: Answer | None = None) -> list[Answer]:
    """The right answers to question ``kind`` with ``params`` other than ``answer``, each with the
    question's checked fields, in the order of their JSON text; [] when the question has one right
    answer.  ``answer`` is this package's (its checked fields), when the caller has asked already;
    else it is asked here, which raises as ``ask`` does for parameters the question refuses."""
    if answer is None:
        own = ask(rules, kind, params)  # checks the parameters (and an unknown kind) first
        answer = {k: own[k] for k in QUESTIONS[kind].checked}
    if kind not in KINDS:
        return []
    checked = QUESTIONS[kind].checked
    ctx = rules.context(params["level"], params["trump"])
    relabel, read_back, given = _QUESTIONS[kind](ctx, params)
    found: dict[str, Answer] = {}
    for sigma in relabellings(ctx, given):
        undo = {b: a for a, b in sigma.items()}
        other = ask(rules, kind, relabel(sigma))
        other = read_back({k: other[k] for k in checked}, undo)
        if other != answer:
            found.setdefault(json.dumps(other, sort_keys=True, ensure_ascii=False), other)
    return [found[text] for text in sorted(found)]


def right_answers(rules: Rules, kind: str, params: Params) -> list[Answer]:
    """Every right answer to the question: this package's first, then the others."""
    own = ask(rules, kind, params)
    answer = {k: own[k] for k in QUESTIONS[kind].checked}
    return [answer, *alternatives(rules, kind, params, answer)]


# --- twins and their relabellings --------------------------------------------------------------


def twins(ctx: Context, cards: Sequence[Card]) -> list[list[Card]]:
    """The groups of twins among ``cards`` (each group of two faces or more, in code order): faces
    of one effective suit, one strength and one rank, on one node of the card order (or each on a
    node of its own that touches no other: no tractor tells them apart either), of which the pack
    holds as many copies (``remove: 1 2C`` makes ♣2 no twin of ♠2: a hand may hold two ♠2, not
    two ♣2)."""
    order = ctx.order
    copies = pack_copies(ctx.rules.table)
    place: dict[int, object] = {}
    groups: dict[tuple[int, int, str | None, object, int], list[Card]] = {}
    for face in sorted(set(cards)):
        suit = order.suit_of[face]
        if face not in place:
            place.update(_places(ctx, suit))
        key = (suit, order.strength[face], face.rank, place[face], copies[face])
        groups.setdefault(key, []).append(face)
    return [group for group in groups.values() if len(group) > 1]


def _places(ctx: Context, suit: int) -> dict[int, object]:
    """Each face of an effective suit with its node: (line, node), or "alone" for a node that is a
    line of its own (it touches no other card)."""
    out: dict[int, object] = {}
    for li, line in enumerate(ctx.order.lines[suit]):
        for ni, node in enumerate(line):
            for face in node:
                out[face] = "alone" if len(line) == 1 else (li, ni)
    return out


def relabellings(ctx: Context, cards: Sequence[Card]) -> Iterator[Relabelling]:
    """The relabellings of the twins among ``cards``: every order of every group's faces, together
    (every group's in turn when together they are more than ``MAX_RELABELINGS``), the identity
    first."""
    groups = twins(ctx, cards)
    if not groups:
        return
    if math.prod(math.factorial(len(group)) for group in groups) <= MAX_RELABELINGS:
        for orders in itertools.product(*(itertools.permutations(group) for group in groups)):
            yield {a: b for group, order in zip(groups, orders) for a, b in zip(group, order)}
        return
    yield {}
    for group in groups:
        for order in itertools.permutations(group):
            yield dict(zip(group, order))


# --- the questions: their cards relabelled, their answers read back ----------------------------


def _written(ctx: Context, cards: object, sigma: Relabelling) -> str:
    """``cards`` relabelled by ``sigma``, in code order (no order the cards came in survives)."""
    return " ".join(map(str, sorted(sigma.get(c, c) for c in ctx.cards(cards))))  # type: ignore[arg-type]


def _undone(ctx: Context, text: str, undo: Relabelling) -> str:
    """Cards of an answer, relabelled back, in the places they had."""
    return " ".join(str(undo.get(c, c)) for c in ctx.cards(text))


def _listing(ctx: Context, given: Sequence[Card]) -> Callable[[str], tuple[int, ...]]:
    """The order the engine lists units in, as a key on a unit's cards: largest first (tractors,
    then wider, then longer), then strongest, then by effective suit, then twins' units in the order
    their first cards come in ``given``."""
    order = ctx.order

    def key(text: str) -> tuple[int, ...]:
        cards = ctx.cards(text)
        unit = ctx.units(cards)[0]  # a unit's cards, or an option's (one unit, or one card)
        first = cards[0]
        return (-(unit.length > 1), -unit.width, -unit.length, -order.strength[first], order.suit_of[first],
                given.index(first) if first in given else len(given))

    return key


Relabel = Callable[[Relabelling], Params]
ReadBack = Callable[[Answer, Relabelling], Answer]


def _units(ctx: Context, params: Params) -> tuple[Relabel, ReadBack, tuple[Card, ...]]:
    given = ctx.cards(params["cards"])
    key = _listing(ctx, given)

    def relabel(sigma: Relabelling) -> Params:
        return {**params, "cards": _written(ctx, given, sigma)}

    def read_back(answer: Answer, undo: Relabelling) -> Answer:
        units = [{**u, "cards": _undone(ctx, u["cards"], undo)} for u in answer["units"]]
        units.sort(key=lambda u: key(u["cards"]))
        return {**answer, "units": units}

    return relabel, read_back, given


def _throw_outcome(ctx: Context, params: Params) -> tuple[Relabel, ReadBack, tuple[Card, ...]]:
    given = ctx.cards(params["throw"])
    hands = [ctx.cards(h) for h in params["other_hands"]]
    key = _listing(ctx, given)

    def relabel(sigma: Relabelling) -> Params:
        return {**params, "throw": _written(ctx, given, sigma),
                "other_hands": [_written(ctx, hand, sigma) for hand in hands]}

    def read_back(answer: Answer, undo: Relabelling) -> Answer:
        options = sorted((_undone(ctx, o, undo) for o in answer["options"]), key=key)
        return {**answer, "options": options}

    return relabel, read_back, given


_QUESTIONS: dict[str, Callable[[Context, Params], tuple[Relabel, ReadBack, tuple[Card, ...]]]] = {
    "units": _units, "throw_outcome": _throw_outcome}
