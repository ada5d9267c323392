"""Handlers for the ``declare`` section: the ladder of declarations, the suit order, overturning,
and what happens when nobody declares."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from ... import codes
from ... import rules as model
from ...rules import expressions, reinforces, same_rung, step_words
from ..syntax import Leaf, Node, Statement, as_leaf, as_node
from .core import YES_NO, Compiler, child_nodes, choice, handles, handles_choice, limits
from .expressions import condition_tree, phase_seat
from .scoring import outcome_of

# The model's Literal types for these fields, spelt out: ``rules`` names no alias for them.
StepKind = Literal["level", "small-joker", "big-joker", "joker"]
FallbackKind = Literal["kitty-card", "level-card", "highest-card", "redeal", "no-trump", "partner-names",
                       "level-card-or-joker", "suit", "scored", "player-level-card"]
Otherwise = Literal["no-trump", "redeal"]
WeakHand = Literal["no-trumps", "no-points"]
RedealBy = Literal["holder", "automatic"]

_STEP_KINDS: dict[str, StepKind] = {
    "level_step": "level",
    "small_joker_step": "small-joker",
    "big_joker_step": "big-joker",
    "joker_step": "joker",
}
#: the fallbacks that take no numbers
_FALLBACK_KINDS: dict[str, FallbackKind] = {
    "level_card": "level-card",
    "level_card_or_joker": "level-card-or-joker",
    "player_level_card": "player-level-card",
    "highest_card": "highest-card",
    "redeal": "redeal",
    "fallback_no_trump": "no-trump",
    "partner_names": "partner-names",
}


@handles("ladder")
def _ladder(c: Compiler, st: Statement) -> None:
    steps = _steps(c, st)
    if steps is not None:
        c.set("declaring.ladder", steps)


@handles("ladder_after_kitty")
def _ladder_after_kitty(c: Compiler, st: Statement) -> None:
    """``ladder after kitty: STEP < STEP ...``: the round of overturning after the kitty's own
    ladder, written as ``ladder:`` is (炒底只能用对子: the steps that may overturn then)."""
    steps = _steps(c, st)
    if steps is None:
        return
    if not steps:
        c.error(st, "with 'ladder after kitty: none' no declaration could overturn after the kitty: write "
                    "'overturn after kitty: no'", code=codes.LADDER_AFTER_KITTY_NONE)
        return
    c.set("declaring.ladder_after_kitty", steps)


def _steps(c: Compiler, st: Statement) -> tuple[model.DeclareStep, ...] | None:
    """The steps of a ladder statement (``ladder:``, ``ladder after kitty:``), weakest first;
    None when one is wrong (reported)."""
    steps: list[model.DeclareStep] = []
    ok = True
    tied = False
    for node in child_nodes(st.node):
        if node.kind in ("stronger", "tied"):
            tied = node.kind == "tied"
            continue
        count = c.number(node.args[0], *limits(model.DeclareStep, "count"), "a declaration's number of cards")
        extra = node.first("level_cards")
        level_cards = 0 if extra is None else c.number(extra.args[0], *limits(model.DeclareStep, "level_cards"),
                                                       "a declaration's number of level cards")
        if count is None or level_cards is None:
            ok = False
            continue
        colour = extra is not None and extra.first("same_colour") is not None
        step = model.DeclareStep(count, _STEP_KINDS[node.kind], level_cards, tied, colour)
        clash = [s for s in steps if same_rung(s, step)]
        if clash:
            c.error(node, f"'{step_words(step)}' is on the ladder already (as '{step_words(clash[0])}'): "
                          "a ladder is strictly ordered", code=codes.REPEATED_VALUE)
            ok = False
            continue
        if tied and steps and (reinforces(steps[-1], step) or reinforces(step, steps[-1])):
            c.error(node, f"'{step_words(step)}' and '{step_words(steps[-1])}' differ only by how many of the same "
                          "cards they show, so they cannot be as strong: write '<'", code=codes.CONTRADICTORY_STATEMENT)
            ok = False
            continue
        steps.append(step)
    return tuple(steps) if ok else None


@handles("first_dealer")
def _first_dealer(c: Compiler, st: Statement) -> None:
    """``first dealer: the first seat`` or ``highest cut card, suits S > H > C > D``: who draws first
    in the game's first hand."""
    rule = as_node(st.node.args[0])
    if rule.kind == "dealer_first_seat":
        c.set("declaring.first_dealer", "first-seat")
        c.set("declaring.cut_suits", ())
        return
    suits: list[str] = []
    for arg in rule.args:
        leaf = as_leaf(arg)
        if leaf.value in suits:
            c.error(leaf, f"suit {leaf.value} appears twice", code=codes.REPEATED_VALUE)
            return
        suits.append(str(leaf.value))
    if len(suits) != 4:
        c.error(st, f"a cut ranks all four suits; this one has {len(suits)}", code=codes.CONTRADICTORY_STATEMENT)
        return
    c.set("declaring.first_dealer", "cut")
    c.set("declaring.cut_suits", tuple(suits))


@handles("suit_order")
def _suit_order(c: Compiler, st: Statement) -> None:
    suits: list[str] = []
    for arg in st.node.args:
        leaf = as_leaf(arg)
        if leaf.value in suits:
            c.error(leaf, f"suit {leaf.value} appears twice", code=codes.REPEATED_VALUE)
            return
        suits.append(str(leaf.value))
    if suits and len(suits) != 4:
        c.error(st, f"a suit order ranks all four suits; this one has {len(suits)}", code=codes.CONTRADICTORY_STATEMENT)
        return
    c.set("declaring.suit_order", tuple(suits))


#: reinforce: (while standing, to take back after an overturn)
_REINFORCE = {
    "yes": (True, False),
    "no": (False, False),
    "retake_only": (False, True),
    "retake_too": (True, True),
}


@handles("reinforce")
def _reinforce(c: Compiler, st: Statement) -> None:
    """``reinforce: yes | no | only to take back | yes, and to take back``, or ``when CONDITION``:
    the standing declarer may reinforce only while the condition holds of them (not to take back)."""
    node = as_node(st.node.args[0])
    if node.kind not in _REINFORCE and node.kind not in YES_NO:
        condition = condition_tree(c, node, expressions.DEAL_OVERTURN)
        if condition is not None:
            c.set("declaring.reinforce", True)
            c.set("declaring.reinforce_to_retake", False)
            c.set("declaring.reinforce_when", model.Condition(condition))
        return
    standing, retake = choice(st.node.args[0], _REINFORCE)
    c.set("declaring.reinforce", standing)
    if retake:  # `yes` and `no` leave it at its default, as before taking back could be written
        c.set("declaring.reinforce_to_retake", retake)
    if c.get("declaring.reinforce_when"):  # a parent's condition goes with a plain value
        c.set("declaring.reinforce_when", model.Condition(()))


@handles("overturn")
def _overturn(c: Compiler, st: Statement) -> None:
    """``overturn: yes``, ``no`` or ``when CONDITION``: whether a stronger declaration overturns
    the standing one during the deal, and then only in a hand of which the condition holds."""
    node = as_node(st.node.args[0])
    if node.kind in YES_NO:
        c.set("declaring.overturn_in_deal", YES_NO[node.kind])
        if c.get("declaring.overturn_in_deal_when"):  # a parent's condition goes with a plain yes or no
            c.set("declaring.overturn_in_deal_when", model.Condition(()))
        return
    condition = condition_tree(c, node, expressions.DEAL_OVERTURN)
    if condition is not None:
        c.set("declaring.overturn_in_deal", True)
        c.set("declaring.overturn_in_deal_when", model.Condition(condition))


@handles("first_declaration")
def _first_declaration(c: Compiler, st: Statement) -> None:
    """``first declaration: when CONDITION``: who may make a deal's first declaration, a condition
    of the player who would declare, with no standing declaration to read (E371)."""
    condition = condition_tree(c, st.node.args[0], expressions.DEAL_OVERTURN)
    if condition is not None:
        c.set("declaring.first_declaration_when", model.Condition(condition))


@handles("in_turn")
def _in_turn(c: Compiler, st: Statement) -> None:
    """``in turn: yes``, ``no`` or ``when CONDITION``: whether the hand is declared in turn after
    the deal (轮流定主) instead of during it, and then only a hand of which the condition holds."""
    node = as_node(st.node.args[0])
    if node.kind in YES_NO:
        c.set("declaring.in_turn", YES_NO[node.kind])
        if c.get("declaring.in_turn_when"):  # a parent's condition goes with a plain yes or no
            c.set("declaring.in_turn_when", model.Condition(()))
        return
    condition = condition_tree(c, node, expressions.DECLARE)
    if condition is not None:
        c.set("declaring.in_turn", True)
        c.set("declaring.in_turn_when", model.Condition(condition))


@handles("first_overturner", "first_in_turn")
def _first_seat(c: Compiler, st: Statement) -> None:
    """``first to overturn after kitty: SEAT`` and ``first to declare in turn: SEAT``: the seat a
    round of declaring goes round the table from (a seat of ``rules.expressions.SEATS`` known then)."""
    phase, path = {"first_overturner": ("overturn", "declaring.overturn_first"),
                   "first_in_turn": ("declare-in-turn", "declaring.in_turn_first")}[st.kind]
    seat = phase_seat(c, st.node.args[0], phase)
    if seat is not None:
        c.set(path, seat)


handles_choice("overturn_own", "declaring.overturn_own", YES_NO)
handles_choice("give_up_bank", "declaring.give_up_bank", YES_NO)


@handles("exchange_with_declarer")
def _exchange_with_declarer(c: Compiler, st: Statement) -> None:
    """``exchange with the declarer: yes``, ``no``, ``after the deal`` (as ``yes``) or ``during the
    deal``: whether the exchange is made, and when (``declaring.exchange_timing``, set where it
    changes, so that a file writing 'yes' or 'no' keeps the default as it always had it)."""
    kind = as_node(st.node.args[0]).kind
    c.set("declaring.exchange_with_declarer", kind != "no")
    timing = "during-deal" if kind == "during_the_deal" else "after-deal"
    if timing != c.get("declaring.exchange_timing"):
        c.set("declaring.exchange_timing", timing)


handles_choice("declarations_face", "declaring.face_down", {"face_up": False, "face_down_until_buried": True})


@handles("overturn_after_kitty")
def _overturn_after_kitty(c: Compiler, st: Statement) -> None:
    """``overturn after kitty: yes``, ``no`` or ``when CONDITION``: whether the others may overturn
    after the kitty exchange, and then only a player of whom the condition holds when their turn
    comes."""
    node = as_node(st.node.args[0])
    once = st.node.first("once_round")
    if once is not None and node.kind == "no":
        c.error(once, "nobody overturns after the kitty here, so there is no round to go once: write "
                      "'overturn after kitty: yes, once round', or leave 'once round' out",
                code=codes.ONCE_ROUND_NEVER_PLAYED)
        return
    # written or not, the statement says how long the round goes (a parent's 'once round' goes
    # with a plain 'yes')
    if once is not None or c.get("declaring.overturn_rounds") != "until-all-pass":
        c.set("declaring.overturn_rounds", "once" if once is not None else "until-all-pass")
    if node.kind in YES_NO:
        c.set("declaring.overturn_after_kitty", YES_NO[node.kind])
        return
    condition = condition_tree(c, node, expressions.OVERTURN)
    if condition is not None:
        c.set("declaring.overturn_after_kitty", True)
        c.set("declaring.overturn_when", model.Condition(condition))


#: the ways of choosing trump that always decide (never pass to a later one)
_DECIDING = ("redeal", "no-trump", "partner-names", "suit", "scored")
#: the two ends a list may close with ("..., otherwise redeal"), kept as its ``otherwise``
_ENDS: tuple[Otherwise, ...] = ("no-trump", "redeal")


@handles("nobody_declares")
def _nobody_declares(c: Compiler, st: Statement) -> None:
    """``WAY (, skip jokers [back] to card N)? (, otherwise WAY (, skip ...)?)*``: the ways tried in turn."""
    steps: list[tuple[Node, model.Fallback]] = []
    for part in (as_node(a) for a in st.node.args):
        if part.kind in ("skip_forward", "skip_back"):
            if not steps or steps[-1][1].kind != "kitty-card" or steps[-1][1].skip_to:
                c.error(part, "'skip jokers' goes right after the kitty card it goes on from", code=codes.WRONG_ORDER)
                return
            step = _skip(c, part, steps[-1])
            if step is None:
                return
            steps[-1] = (steps[-1][0], step)
            continue
        way = as_node(part.args[0]) if part.kind == "or_else" else part
        if way.kind == "scored_as" and (steps or len(st.node.args) > 1):
            c.error(way, "a hand scored without being played is decided by nothing else: write "
                         "'nobody declares: scored as ...' alone", code=codes.CONTRADICTORY_STATEMENT)
            return
        if (part.kind == "or_else") != bool(steps):
            c.error(part, "the ways tried after the first each begin with 'otherwise'" if steps else
                    "the first way of choosing trump comes before any 'otherwise'", code=codes.WRONG_ORDER)
            return
        step = _way(c, way)
        if step is None:
            return
        steps.append((way, step))
    ways = [step for _, step in steps]
    otherwise: Otherwise = "no-trump"
    if len(ways) > 1 and ways[-1].kind in _ENDS:
        otherwise = "redeal" if ways.pop().kind == "redeal" else "no-trump"
    for node, step in steps[:-1]:
        if step.kind in _DECIDING:
            words = f"trump {step.suit}" if step.kind == "suit" else _WORDS[step.kind]
            c.error(node, f"'{words}' always decides, so nothing after it is ever tried",
                    code=codes.WRONG_ORDER)
            return
    first = ways[0]
    c.set("declaring.fallback", replace(first, otherwise=otherwise))
    if ways[1:] or c.get("declaring.fallback_then"):  # a parent's list is replaced, not added to
        c.set("declaring.fallback_then", tuple(ways[1:]))


#: a suit as the ruleset may write it
_SUIT_LETTERS: dict[str, Literal["S", "H", "D", "C"]] = {
    "S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: each way as the ruleset writes it
_WORDS = {"redeal": "redeal", "no-trump": "no-trump", "partner-names": "partner names trump"}


def _way(c: Compiler, node: Node) -> model.Fallback | None:
    if node.kind == "scored_as":
        side, levels = outcome_of(c, as_node(node.args[0]))
        return None if levels is None else model.Fallback("scored", 0, 0, side=side, levels=levels)
    if node.kind == "fixed_suit":
        suit = _SUIT_LETTERS[str(as_leaf(node.args[0]).value)]
        return model.Fallback("suit", 0, 0, suit=suit)
    if node.kind != "kitty_card":
        return model.Fallback(choice(node, _FALLBACK_KINDS), 0, 0)
    card = c.number(node.args[0], *limits(model.Fallback, "card"), "the kitty card")
    return None if card is None else model.Fallback("kitty-card", card, 0)


def _skip(c: Compiler, part: Node, step: tuple[Node, model.Fallback]) -> model.Fallback | None:
    """The kitty card ``step`` with how far past a joker to look: on to a later card, or back."""
    card = step[1].card
    leaf = part.args[0]
    last = c.number(leaf, *limits(model.Fallback, "skip_to"), "the last kitty card tried")
    if last is None:
        return None
    if part.kind == "skip_forward" and last <= card:
        c.error(leaf, f"skipping jokers goes on past card {card}, so the last card tried must come after it "
                      f"(or write 'skip jokers back to card {last}')", code=codes.WRONG_ORDER)
        return None
    if part.kind == "skip_back" and last >= card:
        c.error(leaf, f"skipping jokers back from card {card}, the last card tried must come before it",
                code=codes.WRONG_ORDER)
        return None
    return model.Fallback("kitty-card", card, last)


handles_choice("first_banker", "declaring.first_banker", {
    "first_declarer": "first-declarer",
    "final_declarer": "final-declarer",
    "dealer": "dealer",
    "contest_winner": "contest",
})
handles_choice("declaring_level", "declaring.level_cards", {"hand_level": "hand", "own_level": "own",
                                                                   "own_or_banker_level": "own-or-banker"})
handles_choice("first_hand_fallback", "declaring.first_fallback", {"first_redeal": "redeal", "first_same": "same"})


_WEAK_HANDS: dict[str, WeakHand] = {"without_trumps": "no-trumps", "without_points": "no-points"}
_WEAK_HAND_WORDS = {"without_trumps": "a hand without trumps", "without_points": "a hand without points"}


@handles("weak_hand_redeal")
def _weak_hand_redeal(c: Compiler, st: Statement) -> None:
    wanted: list[WeakHand] = []
    asker: RedealBy = "holder"
    cleared = False
    for node in child_nodes(st.node):
        if node.kind in ("holder_asks", "always"):
            asker = "holder" if node.kind == "holder_asks" else "automatic"
            continue
        if node.kind == "as_first_hand":
            cleared = True
            continue
        if node.kind not in _WEAK_HANDS:
            continue  # the condition
        kind = _WEAK_HANDS[node.kind]
        if kind in wanted:
            c.error(node, f"'{_WEAK_HAND_WORDS[node.kind]}' is listed twice", code=codes.REPEATED_VALUE)
            return
        wanted.append(kind)
    condition = None
    for node in child_nodes(st.node):
        if node.kind not in ("holder_asks", "always", "as_first_hand") and node.kind not in _WEAK_HANDS:
            condition = condition_tree(c, node, expressions.REDEAL)
            if condition is None:
                return
    c.set("declaring.redeal_hands", tuple(wanted))
    c.set("declaring.redeal_by", asker)
    # one way or the other: a parent's hands go with a child's condition, and the other way round
    if cleared or c.get("declaring.redeal_clears_bank"):
        c.set("declaring.redeal_clears_bank", cleared)
    if condition is not None or c.get("declaring.redeal_when"):
        c.set("declaring.redeal_when", model.Condition(condition if condition is not None else ()))
