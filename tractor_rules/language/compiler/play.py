"""Handlers for the sections about the play of a trick: ``lead`` (throws and their penalty),
``follow`` (duty, follow lists, revokes) and ``ruff``."""

from __future__ import annotations

from typing import Literal

from ... import codes
from ... import rules as model
from ..syntax import Leaf, Node, Statement, as_leaf, as_node
from .core import (
    YES_NO,
    Compiler,
    child_nodes,
    choice,
    finishes,
    handles,
    handles_choice,
    limits,
)
from ..shapes import lead_shape_label
from ...rules import expressions as ex
from .expressions import condition_tree, phase_seat

#: a unit word of a follow list → (width, plural)
_UNIT_WIDTHS = {
    "single": (1, False),
    "singles": (1, True),
    "pair": (2, False),
    "pairs": (2, True),
    "triple": (3, False),
    "triples": (3, True),
    "quad": (4, False),
    "quads": (4, True),
}
#: the penalties that carry points
_POINT_PENALTIES: dict[str, Literal["per-attempt", "per-card"]] = {
    "per_attempt": "per-attempt",
    "per_card": "per-card",
    "revoke_points": "per-attempt",
}

# --- leading -------------------------------------------------------------------------------------


@handles("first_lead")
def _first_lead(c: Compiler, st: Statement) -> None:
    """``first lead: SEAT``: who leads the first trick (a seat of ``rules.expressions.SEATS`` known
    once the kitty is buried)."""
    seat = phase_seat(c, st.node.args[0], "play")
    if seat is not None:
        c.set("leading.first_lead", seat)

#: a kind's tree kind in ``throws: allowed, without ...`` → its word in ``rules.THROW_KINDS``
_THROW_KINDS = {f"kind_{word}": word for word in model.THROW_KINDS}


@handles("throws")
def _throws(c: Compiler, st: Statement) -> None:
    """``throws: allowed | not allowed``, and after ``allowed`` which kinds of combination a throw may
    hold: ``without KIND, ...`` or ``of KIND and KIND only``, each kind once, in the order written.
    A plain value over a parent's kinds sets them back to every kind."""
    allowed = as_node(st.node.args[0]).kind == "throws_allowed"
    kinds: tuple[str, ...] = ()
    only = False
    if len(st.node.args) > 1:
        listed = as_node(st.node.args[1])
        if not allowed:
            c.error(listed, "throws are not allowed, so no kind of combination can be part of one: write "
                            "'throws: not allowed' alone, or 'throws: allowed' with the kinds",
                    code=codes.THROW_KINDS_NOT_ALLOWED)
            return
        words: list[str] = []
        for node in child_nodes(listed):
            word = _THROW_KINDS[node.kind]
            if word in words:
                c.error(node, f"'{word}' is stated twice", code=codes.REPEATED_VALUE)
                return
            words.append(word)
        kinds, only = tuple(words), listed.kind == "throws_only"
    c.set("leading.throws", allowed)
    if kinds or c.get("leading.throw_kinds"):  # a parent's kinds go with a plain value
        c.set("leading.throw_kinds", kinds)
        c.set("leading.throw_kinds_only", only)
handles_choice("throw_check", "leading.throw_check", {
    "every_part": "every-part",
    "highest_card": "highest-card",
    "largest_part": "largest-part",
})
handles_choice("failed_throw", "leading.throw_failure", {
    "smallest_part": "smallest-part",
    "shortest_part": "shortest-part",
    "smallest_card": "smallest-card",
    "next_player_chooses": "next-player-chooses",
})

#: who stops a throw → (whose cards are checked, whose answer decides)
_STOPPERS: dict[str, tuple[str, str]] = {
    "any_player": ("others", "all"),
    "opponents": ("opponents", "all"),
    "first_player": ("others", "first"),
    "first_opponent": ("opponents", "first"),
}


@handles("throw_stoppers")
def _throw_stoppers(c: Compiler, st: Statement) -> None:
    stoppers, decider = choice(st.node.args[0], _STOPPERS)
    condition: tuple = ()
    if len(st.node.args) > 1:  # "... when CONDITION": only the players of whom it holds
        written = condition_tree(c, st.node.args[1], ex.THROW)
        if written is None:
            return
        condition = written
    c.set("leading.throw_stoppers", stoppers)
    c.set("leading.throw_decider", decider)
    if condition or c.get("leading.throw_stoppers_when"):  # a parent's condition goes with a plain value
        c.set("leading.throw_stoppers_when", model.Condition(condition))


def _penalty(c: Compiler, node: Node, path: str) -> model.Penalty | None:
    if node.kind == "no_penalty":
        return model.Penalty()
    if node.kind == "hand_lost":
        return model.Penalty("hand-lost", 0)
    points = c.number(node.args[0], *limits(model.Penalty, "points"), "a penalty", path)
    if points is None:
        return None
    return model.Penalty(choice(node, _POINT_PENALTIES), points)


_PENALTY_PATHS = {"throw_penalty": "leading.throw_penalty", "revoke_penalty": "following.revoke_penalty"}


@handles(*_PENALTY_PATHS)
def _set_penalty(c: Compiler, st: Statement) -> None:
    args = [as_node(a) for a in st.node.args]
    if st.kind == "throw_penalty" and len(args) == 2:
        _set_side_penalties(c, args)
        return
    penalty = _penalty(c, args[0], _PENALTY_PATHS[st.kind])
    if penalty is not None:
        c.set(_PENALTY_PATHS[st.kind], penalty)
        if st.kind == "throw_penalty":  # one cost for both sides: none of a parent's for the attackers
            _set_attackers_penalty(c, None)


def _set_side_penalties(c: Compiler, sides: list[Node]) -> None:
    """``bankers PENALTY, attackers PENALTY``, in either order, each side once."""
    if sides[0].kind == sides[1].kind:
        side = "bankers" if sides[0].kind == "bankers_penalty" else "attackers"
        c.error(sides[1], f"the {side}' penalty is stated twice; state one for the bankers and one for the "
                          "attackers", code=codes.REPEATED_VALUE)
        return
    paths = {"bankers_penalty": "leading.throw_penalty", "attackers_penalty": "leading.attackers_throw_penalty"}
    penalties = {node.kind: _penalty(c, as_node(node.args[0]), paths[node.kind]) for node in sides}
    bankers, attackers = penalties["bankers_penalty"], penalties["attackers_penalty"]
    if bankers is None or attackers is None:
        return
    c.set("leading.throw_penalty", bankers)
    # the same cost on both sides is one cost: the rules (and the sheet) say it once
    _set_attackers_penalty(c, None if attackers == bankers else attackers)


def _set_attackers_penalty(c: Compiler, penalty: model.Penalty | None) -> None:
    """Set the attackers' own cost; None (the same as the bankers') is set only over a parent's own
    cost, so that rules which never gave the sides different costs record nothing of it."""
    if penalty is not None or c.get("leading.attackers_throw_penalty") is not None:
        c.set("leading.attackers_throw_penalty", penalty)


# --- following -----------------------------------------------------------------------------------

#: an exemption's tree kind → its word in ``rules.EXEMPTIONS``
_EXEMPTIONS = {"bombs_from_suit": "bombs-from-suit", "tractors_from_breaking": "tractors-from-breaking"}
#: each exemption as a ruleset writes it
_EXEMPTION_WORDS = {"bombs-from-suit": "bombs from following suit", "tractors-from-breaking": "tractors from breaking"}


@handles("exempt")
def _exempt(c: Compiler, st: Statement) -> None:
    """``exempt: bombs from following suit, ...`` (or ``nothing``): each once, in the order written."""
    words: list[str] = []
    for node in child_nodes(st.node):
        word = _EXEMPTIONS[node.kind]
        if word in words:
            c.error(node, f"'{_EXEMPTION_WORDS[word]}' is stated twice", code=codes.REPEATED_VALUE)
            return
        words.append(word)
    c.set("following.exempt", tuple(words))

handles_choice("duty", "following.duty", {"lists": "lists", "tractors_only": "tractors", "suit_only": "suit"})
handles_choice("protect", "following.protect_longer_sets", YES_NO)
handles_choice("other_leads", "following.default", {
    "largest_first": "largest-first",
    "step_down": "step-down",
    "suit_only": "suit",
    "sets_counted": "sets",
})


def _count(c: Compiler, node: Node) -> model.Count | None:
    """A count of a follow list: "2", "n", "2n-1"; None (reported) if a number is out of range."""
    if node.kind == "number":
        value = c.number(node.args[0], 0, limits(model.Count, "plus")[1], "a count")
        return None if value is None else model.Count(0, value)
    args = list(node.args)
    per_n = 1
    if args and isinstance(args[0], Leaf) and args[0].kind == "int":
        factor = c.number(args.pop(0), *limits(model.Count, "per_n"), "the factor of n")
        if factor is None:
            return None
        per_n = factor
    plus = 0
    if args:
        sign, amount = args
        value = c.number(amount, 0, limits(model.Count, "plus")[1], "a count")
        if value is None:
            return None
        plus = value if as_leaf(sign).value == "+" else -value
    return model.Count(per_n, plus)


def _term(c: Compiler, node: Node) -> model.Term | None:
    count_node = node.first("number") or node.first("of_n")
    unit = as_node(node.args[-1])
    count = _count(c, count_node) if count_node is not None else None
    if count_node is not None and count is None:
        return None
    if unit.kind == "highest_single":
        # one card, the strongest of the suit held: there is only one highest, so no count
        if count_node is not None:
            c.error(count_node, "'highest single' is one card, the highest of the suit; write it without a "
                                "count, and add singles for more cards ('highest single + single')",
                    code=codes.FOLLOW_ENTRY)
            return None
        return model.Term(model.Count(0, 1), 1, highest=True)
    if unit.kind in _UNIT_WIDTHS:
        width, plural = _UNIT_WIDTHS[unit.kind]
        if count is None:
            count = model.Count(0, 0, greedy=True) if plural else model.Count(0, 1)
        return model.Term(count, width)
    # A plural without a number means "as many as the hand allows", a singular means one.
    greedy = model.Count(0, 0, greedy=True)
    if unit.kind in ("set_of", "sets_of"):
        set_width = c.number(unit.args[0], *limits(model.Term, "width"), "a set's size")
        if set_width is None:
            return None
        return model.Term(count or (greedy if unit.kind == "sets_of" else model.Count(0, 1)), set_width)
    if unit.kind == "rainbow":
        # the rainbow itself, the whole first entry of a list for rainbows (checked with the lists)
        if count_node is not None:
            c.error(count_node, "a follow list asks for one rainbow, the lead's own: write 'rainbow of n cards' "
                                "without a count", code=codes.RAINBOW_TERM)
            return None
        length = _count(c, as_node(unit.args[0]))
        if length is None:
            return None
        return model.Term(model.Count(0, 1), 1, length, rainbow=True)
    if unit.kind in ("straight", "straights"):
        # a straight: "straight of COUNT cards", a run of single cards (the engine's tractor of singles)
        length = _count(c, as_node(unit.args[0]))
        if length is None:
            return None
        return model.Term(count or (greedy if unit.kind == "straights" else model.Count(0, 1)), 1, length)
    # a tractor: "tractor of COUNT pairs"
    length_node, plural_node = map(as_node, unit.args)
    length = _count(c, length_node)
    tractor_width = c.set_width(plural_node, plural=True)
    if length is None or tractor_width is None:
        return None
    return model.Term(count or (greedy if unit.kind == "tractors" else model.Count(0, 1)), tractor_width, length)


def _pattern(c: Compiler, node: Node) -> model.Pattern | None:
    if node.kind == "any_cards":
        return model.Pattern(())
    if node.kind == "broken_down":
        return model.Pattern((), step_down=True)
    terms: list[model.Term] = []
    for term_node in child_nodes(node):
        term = _term(c, term_node)
        if term is None:
            return None
        if term.highest and any(t.highest for t in terms):
            c.error(term_node, "'highest single' is written twice in one entry; the suit has one highest "
                               "card (write 'highest single + single' for two cards)", code=codes.FOLLOW_ENTRY)
            return None
        terms.append(term)
    return model.Pattern(tuple(terms))


def lead_shape(c: Compiler, node: Node) -> model.LeadShape | None:
    if node.kind == "lead_set":
        width = c.set_width(node.args[0], plural=False)
        return None if width is None else model.LeadShape(width, 1)
    if node.kind == "lead_rainbow":
        # a rainbow of N cards (or of n: every rainbow), among trumps
        length_node = as_node(node.args[0])
        if length_node.kind == "any_length":
            return model.LeadShape(1, 0, rainbow=True)
        length = c.number(length_node.args[0], 4, model.MAX_TRACTOR, "a rainbow's cards")
        return None if length is None else model.LeadShape(1, length, rainbow=True)
    if node.kind == "lead_straight":
        # a straight of N cards (or of n: every straight), the lead shape of a tractor of singles
        length_node = as_node(node.args[0])
        if length_node.kind == "any_length":
            return model.LeadShape(1, 0)
        length = c.number(length_node.args[0], 2, model.MAX_TRACTOR, "a straight's length")
        return None if length is None else model.LeadShape(1, length)
    length_node, plural_node = map(as_node, node.args)
    width = c.set_width(plural_node, plural=True)
    if width is None:
        return None
    if length_node.kind == "any_length":
        return model.LeadShape(width, 0)
    length = c.number(length_node.args[0], 2, model.MAX_TRACTOR, "a tractor's length")
    return None if length is None else model.LeadShape(width, length)


@handles("follow_list")
def _follow_list(c: Compiler, st: Statement) -> None:
    lead_node, *entry_nodes = map(as_node, st.node.args)
    lead = lead_shape(c, lead_node)
    entries: list[model.Pattern] = []
    ok = True
    for entry_node in entry_nodes:
        pattern = _pattern(c, entry_node)
        if pattern is None:
            ok = False
            continue
        entries.append(pattern)
    if ok and lead is not None:
        c.follow_lists.append((model.FollowList(lead, tuple(entries)), st))


@finishes
def _finish_follow_lists(c: Compiler) -> None:
    # Lists are kept per lead: a lead the ruleset does not mention keeps its default list, if
    # that lead is a combination of this game at all.
    written = {fl.lead for fl, _ in c.follow_lists} | set(c.unset_leads)  # unset: no list at all
    set_widths = c.get("combinations.set_widths")
    tractor_widths = c.get("combinations.tractor_widths")
    defaults = tuple(
        fl
        for fl in model.Following().lists
        if fl.lead not in written
        and (fl.lead.width in set_widths if fl.lead.length == 1 else fl.lead.width in tractor_widths)
    )
    c.values["following.lists"] = defaults + tuple(fl for fl, _ in c.follow_lists)
    if c.follow_lists or c.unset_leads:
        for fl, st in c.follow_lists:
            c.note_source(f"following.lists[{lead_shape_label(fl.lead)}]", st)
        if c.follow_lists:
            c.note_source("following.lists", c.follow_lists[0][1])


# --- ruffing -------------------------------------------------------------------------------------

handles_choice("needs", "ruffing.requirement", {
    "counts": "counts",
    "types": "types",
    "shape": "shape",
    "any_trumps": "any",
})
handles_choice("compare", "ruffing.compare", {
    "largest_part": "largest-part",
    "every_part": "every-part",
    "highest_card": "highest-card",
    "part_by_part": "part-by-part",
})
