"""Syntax tree → rules object.

Each statement kind has one handler that reads its node and sets fields of the rules (recording
the file, line and column that set them).  Errors are collected, never raised one by one; the
checks that relate several fields run afterwards (``checks.py``).  Every error of a file is reported
together, sorted by position.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import rules as model
from ..rules import width_name
from ..errors import Diagnostic, RulesetError, RulesetSemanticError
from .resolve import Resolved, statement_key
from .suggest import did_you_mean
from .syntax import Leaf, Node, Position, Statement, line_of

RANK_ORDER = {rank: i for i, rank in enumerate(model.RANKS)}
MAX_PLAYERS = 12
MAX_DECKS = 8
MAX_POINTS = 10_000
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
_PLURAL_WIDTHS = {"pairs": 2, "triples": 3, "quads": 4}
_SET_WIDTHS = {"single": 1, "pair": 2, "triple": 3, "quad": 4}


def _set_width(node: Node) -> int:
    if node.kind == "set_of":
        return int(node.args[0].value)  # type: ignore[union-attr]
    return _SET_WIDTHS[node.kind]


def _plural_width(node: Node) -> int:
    if node.kind == "sets_of":
        return int(node.args[0].value)  # type: ignore[union-attr]
    return _PLURAL_WIDTHS[node.kind]


def describe_lead(node: Node) -> str:
    """A follow list's lead in canonical words: "pair", "tractor of n pairs"."""
    if node.kind == "lead_set":
        return width_name(_set_width(node.args[0]))
    length_node, plural = node.args
    assert isinstance(length_node, Node) and isinstance(plural, Node)
    length = "n" if length_node.kind == "any_length" else str(length_node.args[0].value)  # type: ignore[union-attr]
    return f"tractor of {length} {width_name(_plural_width(plural), plural=True)}"


def lead_shape_label(shape: model.LeadShape) -> str:
    return shape.label


Handler = Callable[["Compiler", Statement], None]
HANDLERS: dict[str, Handler] = {}


def handles(*kinds: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for kind in kinds:
            HANDLERS[kind] = fn
        return fn

    return register


class Compiler:
    def __init__(self, resolved: Resolved):
        self.resolved = resolved
        self.values: dict[str, Any] = {}
        self.sources: dict[str, model.Source] = {}
        self.diagnostics: list[Diagnostic] = []
        self.statement: Statement | None = None
        #: follow lists and upgrade rows are gathered across statements, then set once
        self.follow_lists: list[tuple[model.FollowList, Statement]] = []
        self.threshold_rows: list[tuple[model.ThresholdRow, Statement, Node]] = []
        self.steps_statement: Statement | None = None
        self.pending_steps: tuple[int, bool, int, Statement] | None = None
        #: a row with an error of its own was dropped: checking the table's coverage would only
        #: repeat that error in other words
        self.thresholds_broken = False

    # --- reporting ---------------------------------------------------------------------------

    def line_text(self, file: str, line: int) -> str:
        return line_of(self.resolved.texts.get(file, ""), line)

    def error(self, where: Position | Leaf | Node | Statement | None, message: str, file: str | None = None) -> None:
        if isinstance(where, Statement):
            file = file or where.file
            pos: Position | None = where.pos
        elif isinstance(where, (Leaf, Node)):
            pos = where.pos
        else:
            pos = where
        if file is None:
            file = self.statement.file if self.statement else self.resolved.files[0]
        if pos is None or pos.line == 0:
            self.diagnostics.append(Diagnostic(file, 1, 1, message, self.line_text(file, 1)))
        else:
            self.diagnostics.append(
                Diagnostic(file, pos.line, pos.column, message, self.line_text(file, pos.line), pos.width)
            )

    def error_at_field(self, paths: tuple[str, ...], message: str) -> None:
        """Report a problem with values that may come from any of ``paths`` (most to blame first):
        point at the first of them set in the file being compiled, else at the first set in a
        parent, else at the file's first line."""
        found = [self.sources[p] for p in paths if p in self.sources]
        root = self.resolved.files[0]
        found.sort(key=lambda s: s.file != root)  # stable: keeps the order of ``paths``
        if found:
            src = found[0]
            self.diagnostics.append(
                Diagnostic(src.file, src.line, src.column, message, self.line_text(src.file, src.line))
            )
        else:
            self.diagnostics.append(Diagnostic(root, 1, 1, message, self.line_text(root, 1)))

    # --- setting values ----------------------------------------------------------------------

    def set(self, path: str, value: Any, where: Statement | None = None) -> None:
        st = where or self.statement
        assert st is not None
        self.values[path] = value
        self.sources[path] = model.Source(st.file, st.pos.line, st.pos.column)

    def get(self, path: str) -> Any:
        """The value in force: set by a statement, else the default."""
        if path in self.values:
            return self.values[path]
        group, _, name = path.partition(".")
        default = getattr(model.Rules(), group)
        return getattr(default, name) if name else default

    # --- leaves ------------------------------------------------------------------------------

    def rank(self, leaf: Leaf | Node) -> str | None:
        assert isinstance(leaf, Leaf), leaf
        value = str(leaf.value)
        if value not in RANK_ORDER:
            self.error(leaf, f"'{value}' is not a rank: ranks are 2 to 10, J, Q, K and A")
            return None
        return value

    def set_width(self, node: Leaf | Node, plural: bool) -> int | None:
        """The width a set word names ("pair", "triples", "set of 5"), checked to be one a deck
        count could produce; None (reported) when it is not."""
        assert isinstance(node, Node), node
        if node.kind in ("set_of", "sets_of"):
            return self.number(node.args[0], 2 if plural else 1, MAX_DECKS, "a set's size")
        return _plural_width(node) if plural else _set_width(node)

    def number(self, leaf: Leaf | Node, low: int, high: int, what: str) -> int | None:
        assert isinstance(leaf, Leaf), leaf
        value = int(leaf.value)
        if not low <= value <= high:
            self.error(leaf, f"{what} must be from {low} to {high}, not {value}")
            return None
        return value

    # --- the run -----------------------------------------------------------------------------

    def run(self) -> model.Rules:
        self._check_duplicates()
        for st in self.resolved.statements:
            self.statement = st
            handler = HANDLERS.get(st.kind)
            if handler is None:  # pragma: no cover - grammar and compiler out of step
                self.error(st, f"statement '{st.kind}' is not understood")
                continue
            handler(self, st)
        self.statement = None
        self._finish_follow_lists()
        self._finish_thresholds()
        rules = self.build()
        from .checks import check_rules

        check_rules(self, rules)
        if self.diagnostics:
            raise RulesetSemanticError(self.diagnostics, self.resolved.files)
        return rules

    def _check_duplicates(self) -> None:
        first: dict[tuple, Statement] = {}
        for st in self.resolved.statements:
            key = statement_key(st)
            if key == ("upgrade",):
                if st.kind != "steps":  # many rows make one table; a second 'steps' is a clash
                    continue
                key = ("upgrade", "steps")
            if key in first:
                earlier = first[key]
                if st.kind == "follow_list":
                    label = f"the follow list for '{key[2]}'"
                else:
                    label = _statement_name(st, self.line_text(st.file, st.pos.line))
                self.error(st, f"{label} is already set on line {earlier.pos.line}")
            else:
                first[key] = st

    def build(self) -> model.Rules:
        groups: dict[str, dict[str, Any]] = {}
        top: dict[str, Any] = {}
        for path, value in self.values.items():
            group, _, name = path.partition(".")
            if name:
                groups.setdefault(group, {})[name] = value
            else:
                top[path] = value
        defaults = model.Rules()
        kwargs: dict[str, Any] = dict(top)
        for group, fields in groups.items():
            kwargs[group] = dataclasses.replace(getattr(defaults, group), **fields)
        if "name" not in kwargs:
            kwargs["name"] = Path(self.resolved.files[0]).stem
        sources = tuple(sorted(self.sources.items()))
        return dataclasses.replace(defaults, files=self.resolved.files, sources=sources, **kwargs)

    def _finish_follow_lists(self) -> None:
        # Lists are kept per lead: a lead the ruleset does not mention keeps its default list, if
        # that lead is a combination of this game at all.
        written = {fl.lead for fl, _ in self.follow_lists}
        set_widths = self.get("combinations.set_widths")
        tractor_widths = self.get("combinations.tractor_widths")
        defaults = tuple(
            fl
            for fl in model.Following().lists
            if fl.lead not in written
            and (fl.lead.width in set_widths if fl.lead.length == 1 else fl.lead.width in tractor_widths)
        )
        self.values["following.lists"] = defaults + tuple(fl for fl, _ in self.follow_lists)
        if self.follow_lists:
            first = self.follow_lists[0][1]
            for fl, st in self.follow_lists:
                self.sources[f"following.lists[{lead_shape_label(fl.lead)}]"] = model.Source(
                    st.file, st.pos.line, st.pos.column
                )
            self.sources["following.lists"] = model.Source(first.file, first.pos.line, first.pos.column)

    def _finish_thresholds(self) -> None:
        if self.steps_statement is not None and self.threshold_rows:
            self.error(self.steps_statement, "write either 'steps:' or upgrade rows, not both")
            return
        if self.threshold_rows:
            rows = sorted(self.threshold_rows, key=lambda r: r[0].low)
            self.set("thresholds", tuple(r for r, _, _ in rows), rows[0][1])
            for index, (_, st, _) in enumerate(rows):
                self.sources[f"thresholds[{index}]"] = model.Source(st.file, st.pos.line, st.pos.column)
        elif self.pending_steps is not None:
            step, per_deck, cap, st = self.pending_steps
            if per_deck:
                step *= self.get("table.decks")
            granularity = score_granularity(self.get("table.points"))
            if step % granularity or step < 2 * granularity:
                self.error(st, f"a step of {step} points must be a multiple of {granularity} and at least {2 * granularity}")
                self.thresholds_broken = True
                return
            self.set("thresholds", standard_thresholds(step, granularity, cap), st)


def _statement_name(st: Statement, line: str) -> str:
    """The statement's key as written ("range", "next banker"): the text before its colon."""
    start = st.pos.column - 1
    colon = line.find(":", start)
    key = " ".join(line[start:colon].split()) if colon > start else st.kind.replace("_", " ")
    return f"'{key}'"


def _choice(node: Node | Leaf, table: dict[str, Any]) -> Any:
    assert isinstance(node, Node)
    return table[node.kind]


def _yes(node: Node | Leaf) -> bool:
    return _choice(node, {"yes": True, "no": False})


# --- preamble ------------------------------------------------------------------------------------


@handles("ruleset_name")
def _ruleset_name(c: Compiler, st: Statement) -> None:
    leaf = st.node.args[0]
    assert isinstance(leaf, Leaf)
    name = str(leaf.value).strip()
    if not name:
        c.error(leaf, "the ruleset's name is empty")
    elif len(name) > 200:
        c.error(leaf, f"the ruleset's name is {len(name)} characters long; at most 200")
    else:
        c.set("name", name)


@handles("description")
def _description(c: Compiler, st: Statement) -> None:
    leaf = st.node.args[0]
    assert isinstance(leaf, Leaf)
    text = str(leaf.value)
    if len(text) > 4000:
        c.error(leaf, f"the description is {len(text)} characters long; at most 4000")
    else:
        c.set("description", text.strip())


# --- table ---------------------------------------------------------------------------------------


@handles("players")
def _players(c: Compiler, st: Statement) -> None:
    n = c.number(st.node.args[0], 2, MAX_PLAYERS, "the number of players")
    if n is not None:
        c.set("table.players", n)


@handles("partners")
def _partners(c: Compiler, st: Statement) -> None:
    node = st.node.args[0]
    assert isinstance(node, Node)
    if node.kind == "called":
        n = c.number(node.args[0], 1, MAX_PLAYERS // 2, "the number of called cards")
        if n is not None:
            c.set("table.partnership", "called")
            c.set("table.called_cards", n)
    else:
        c.set("table.partnership", node.kind)
        c.set("table.called_cards", 0)


@handles("direction")
def _direction(c: Compiler, st: Statement) -> None:
    c.set("table.direction", str(st.node.args[0].value))  # type: ignore[union-attr]


@handles("decks")
def _decks(c: Compiler, st: Statement) -> None:
    n = c.number(st.node.args[0], 1, MAX_DECKS, "the number of decks")
    if n is not None:
        c.set("table.decks", n)


@handles("jokers")
def _jokers(c: Compiler, st: Statement) -> None:
    c.set("table.jokers", _yes(st.node.args[0]))


def _ranks(c: Compiler, st: Statement, twice: str) -> list[str]:
    """The statement's ranks in rank order, each once (``twice`` words the error for a repeat)."""
    ranks: list[str] = []
    for leaf in st.node.args:
        rank = c.rank(leaf)
        if rank is None:
            continue
        if rank in ranks:
            c.error(leaf, f"{rank} is {twice}")
            continue
        ranks.append(rank)
    return sorted(ranks, key=RANK_ORDER.__getitem__)


@handles("remove")
def _remove(c: Compiler, st: Statement) -> None:
    ranks = _ranks(c, st, "removed twice")
    if len(ranks) >= len(model.RANKS) - 1:
        c.error(st, "a deck needs at least two ranks left")
        return
    c.set("table.removed_ranks", tuple(ranks))


@handles("deal")
def _deal(c: Compiler, st: Statement) -> None:
    hand_leaf, kitty_leaf = st.node.args
    hand = c.number(hand_leaf, 1, 1000, "the hand size")
    kitty = c.number(kitty_leaf, 0, 1000, "the kitty size")
    if hand is not None and kitty is not None:
        c.set("table.hand_size", hand)
        c.set("table.kitty_size", kitty)


@handles("points")
def _points(c: Compiler, st: Statement) -> None:
    values: dict[str, int] = {}
    for point in st.node.args:
        assert isinstance(point, Node)
        rank_leaf, value_leaf = point.args
        rank = c.rank(rank_leaf)
        value = c.number(value_leaf, 0, MAX_POINTS, "a card's points")
        if rank is None or value is None:
            continue
        if rank in values:
            c.error(rank_leaf, f"{rank} is given points twice")
            continue
        values[rank] = value
    ordered = sorted(((r, v) for r, v in values.items() if v), key=lambda rv: RANK_ORDER[rv[0]])
    c.set("table.points", tuple(ordered))


# --- levels --------------------------------------------------------------------------------------


@handles("level_range")
def _level_range(c: Compiler, st: Statement) -> None:
    first_leaf, last_leaf = st.node.args
    first = c.rank(first_leaf)
    last = c.rank(last_leaf)
    if first is None or last is None:
        return
    if RANK_ORDER[first] > RANK_ORDER[last]:
        c.error(st, f"levels run upwards: {first} comes after {last}")
        return
    c.set("levels.first", first)
    c.set("levels.last", last)


@handles("mandatory")
def _mandatory(c: Compiler, st: Statement) -> None:
    c.set("levels.mandatory", tuple(_ranks(c, st, "listed twice")))


@handles("knock_back")
def _knock_back(c: Compiler, st: Statement) -> None:
    knocks: list[model.KnockBack] = []
    for knock in st.node.args:
        assert isinstance(knock, Node)
        level = c.rank(knock.args[0])
        to = c.rank(knock.args[1])
        if level is None or to is None:
            continue
        if RANK_ORDER[to] >= RANK_ORDER[level]:
            c.error(knock, f"knocking back goes down: {to} is not below {level}")
            continue
        if any(k.level == level for k in knocks):
            c.error(knock, f"{level} is knocked back twice")
            continue
        knocks.append(model.KnockBack(level, to))
    c.set("levels.knock_back", tuple(knocks))


@handles("next_banker")
def _next_banker(c: Compiler, st: Statement) -> None:
    after_hold = {"partner_after_hold": "partner", "same_after_hold": "same", "team_after_hold": "next-of-team"}
    after_loss = {"seat_after_loss": "next-seat", "winners_after_loss": "next-of-team"}
    seen: dict[str, Node] = {}
    for rule in st.node.args:
        assert isinstance(rule, Node)
        slot = "hold" if rule.kind in after_hold else "loss" if rule.kind in after_loss else "maker"
        if slot in seen:
            c.error(rule, f"this says twice who banks {'after a ' + slot if slot != 'maker' else ''}".rstrip())
            continue
        seen[slot] = rule
    if "maker" in seen and len(seen) > 1:
        c.error(st, "'trump maker' decides every hand; it cannot be combined with other rules")
        return
    c.set("rotation.declarer_banks", "maker" in seen)
    if "hold" in seen:
        c.set("rotation.after_hold", after_hold[seen["hold"].kind])
    if "loss" in seen:
        c.set("rotation.after_loss", after_loss[seen["loss"].kind])


@handles("game_end")
def _game_end(c: Compiler, st: Statement) -> None:
    rule = st.node.args[0]
    assert isinstance(rule, Node)
    if rule.kind == "end_after_hands":
        n = c.number(rule.args[0], 1, 10_000, "the number of hands")
        if n is not None:
            c.set("levels.game_end", "hands")
            c.set("levels.end_hands", n)
        return
    c.set("levels.game_end", {"end_at_last": "last", "end_beyond_last": "beyond-last"}[rule.kind])
    c.set("levels.end_hands", 0)


# --- trumps --------------------------------------------------------------------------------------

_TIER_KINDS = {
    "big_joker": "big-joker",
    "small_joker": "small-joker",
    "level_in_trump_suit": "level-in-trump-suit",
    "level_in_other_suits": "level-in-other-suits",
    "rank_in_trump_suit": "rank-in-trump-suit",
    "rank_in_other_suits": "rank-in-other-suits",
    "card": "card",
    "trump_suit": "trump-suit",
    "top_of_trump_suit": "top-of-trump-suit",
}


def tier_words(kind: str, rank: str | None = None, card: str | None = None) -> str:
    """A trump band in the language's words."""
    if kind in ("rank-in-trump-suit", "rank-in-other-suits"):
        return f"{rank} in {'trump suit' if kind == 'rank-in-trump-suit' else 'other suits'}"
    if kind == "card":
        return str(card)
    if kind == "rank":
        return str(rank)
    return kind.replace("-", " ")


def _tier(c: Compiler, node: Node) -> tuple[str, str | None, str | None] | None:
    kind = _TIER_KINDS[node.kind]
    rank = card = None
    if kind.startswith("rank-"):
        rank = c.rank(node.args[0])
        if rank is None:
            return None
    if kind == "card":
        card = str(node.args[0].value)  # type: ignore[union-attr]
        if card[:-1] not in RANK_ORDER:
            c.error(node, f"'{card}' is not a card")
            return None
    return kind, rank, card


@handles("order")
def _order(c: Compiler, st: Statement) -> None:
    tiers: list[model.TrumpTier] = []
    ok = True
    for node in st.node.args:
        assert isinstance(node, Node)
        tier = _tier(c, node)
        if tier is None:
            ok = False
            continue
        made = model.TrumpTier(*tier)
        if made in tiers:
            c.error(node, f"'{tier_words(*tier)}' appears twice in the order")
            ok = False
            continue
        tiers.append(made)
    if ok:
        c.set("trumps.order", tuple(tiers))


@handles("no_trump")
def _no_trump(c: Compiler, st: Statement) -> None:
    c.set("trumps.no_trump", _choice(st.node.args[0], {"jokers_and_levels": "jokers-and-levels", "jokers_only": "jokers-only"}))


# --- combinations --------------------------------------------------------------------------------


@handles("sets")
def _sets(c: Compiler, st: Statement) -> None:
    widths: list[int] = []
    for node in st.node.args:
        assert isinstance(node, Node)
        if node.kind == "set_of":
            width = c.number(node.args[0], 1, MAX_DECKS, "a set's size")
            if width is None:
                return  # reported; the sets stay as they were rather than shrink
        else:
            width = _SET_WIDTHS[node.kind]
        if width in widths:
            c.error(node, f"{width_name(width)} is listed twice")
            continue
        widths.append(width)
    c.set("combinations.set_widths", tuple(sorted(widths)))


@handles("tractors")
def _tractors(c: Compiler, st: Statement) -> None:
    if not st.node.args:
        c.set("combinations.tractor_widths", ())
        return
    length, *plurals = st.node.args
    assert isinstance(length, Node)
    low = c.number(length.args[0], 2, 50, "a tractor's least length")
    high = 0
    if length.kind == "between":
        high = c.number(length.args[1], 2, 50, "a tractor's greatest length")
        if low is not None and high is not None and high < low:
            c.error(length, f"the length range {low}-{high} is empty")
            return
    widths: list[int] = []
    for node in plurals:
        assert isinstance(node, Node)
        if node.kind == "sets_of":
            width = c.number(node.args[0], 2, MAX_DECKS, "the width of a tractor's sets")
            if width is None:
                return  # reported; the tractors stay as they were rather than shrink
        else:
            width = _PLURAL_WIDTHS[node.kind]
        if width in widths:
            c.error(node, f"{width_name(width, plural=True)} are listed twice")
            continue
        widths.append(width)
    if low is None or high is None:
        return
    c.set("combinations.tractor_widths", tuple(sorted(widths)))
    c.set("combinations.tractor_min_length", low)
    c.set("combinations.tractor_max_length", high)


@handles("level_gap")
def _level_gap(c: Compiler, st: Statement) -> None:
    c.set("combinations.bridge_gaps", _choice(st.node.args[0], {"bridged": True, "breaks": False}))


def _link_chains(c: Compiler, st: Statement, no_trump: bool) -> tuple[tuple[model.LinkTier, ...], ...] | None:
    chains: list[tuple[model.LinkTier, ...]] = []
    seen: list[model.LinkTier] = []
    ok = True
    for chain in st.node.args:
        assert isinstance(chain, Node)
        tiers: list[model.LinkTier] = []
        for node in chain.args:
            assert isinstance(node, Node)
            if not no_trump:
                inner = node.args[0] if node.kind == "link_tier" else node
                assert isinstance(inner, Node)
                tier = _tier(c, inner)
                if tier is None:
                    ok = False
                    continue
                made = model.LinkTier(*tier)
            elif node.kind == "rank_tier":
                rank = c.rank(node.args[0])
                if rank is None:
                    ok = False
                    continue
                made = model.LinkTier("rank", rank)
            else:
                made = model.LinkTier(node.kind.replace("_", "-"))
            if made in seen:
                c.error(node, f"'{tier_words(made.kind, made.rank, made.card)}' is linked twice")
                ok = False
                continue
            seen.append(made)
            tiers.append(made)
        chains.append(tuple(tiers))
    return tuple(chains) if ok else None


@handles("links")
def _links(c: Compiler, st: Statement) -> None:
    chains = _link_chains(c, st, no_trump=False)
    if chains is not None:
        c.set("combinations.links", chains)


@handles("no_trump_links")
def _no_trump_links(c: Compiler, st: Statement) -> None:
    chains = _link_chains(c, st, no_trump=True)
    if chains is not None:
        c.set("combinations.no_trump_links", chains)


@handles("grouping")
def _grouping(c: Compiler, st: Statement) -> None:
    c.set("combinations.grouping", _choice(st.node.args[0], {"identical": "identical", "largest": "largest"}))


@handles("bombs")
def _bombs(c: Compiler, st: Statement) -> None:
    if not st.node.args:
        c.set("combinations.bomb_width", 0)
        return
    width = c.number(st.node.args[0], 2, MAX_DECKS, "a bomb's number of identical cards")
    if width is not None:
        c.set("combinations.bomb_width", width)


# --- declaring -----------------------------------------------------------------------------------

_STEP_KINDS = {
    "level_step": "level",
    "small_joker_step": "small-joker",
    "big_joker_step": "big-joker",
    "joker_step": "joker",
}


def step_words(step: model.DeclareStep) -> str:
    plural = step.count != 1
    noun = {
        "level": "level card",
        "small-joker": "small joker",
        "big-joker": "big joker",
        "joker": "joker",
    }[step.kind]
    return f"{step.count} {noun}{'s' if plural else ''}"


@handles("ladder")
def _ladder(c: Compiler, st: Statement) -> None:
    steps: list[model.DeclareStep] = []
    ok = True
    for node in st.node.args:
        assert isinstance(node, Node)
        count = c.number(node.args[0], 1, MAX_DECKS * 2, "a declaration's number of cards")
        if count is None:
            ok = False
            continue
        step = model.DeclareStep(count, _STEP_KINDS[node.kind])
        clash = [s for s in steps if s.count == step.count and (s.kind == step.kind or "joker" in (s.kind, step.kind) and s.kind != "level" and step.kind != "level")]
        if clash:
            c.error(node, f"'{step_words(step)}' is on the ladder already (as '{step_words(clash[0])}'): a ladder is strictly ordered")
            ok = False
            continue
        steps.append(step)
    if ok:
        c.set("declaring.ladder", tuple(steps))


@handles("suit_order")
def _suit_order(c: Compiler, st: Statement) -> None:
    suits: list[str] = []
    for leaf in st.node.args:
        assert isinstance(leaf, Leaf)
        if leaf.value in suits:
            c.error(leaf, f"suit {leaf.value} appears twice")
            return
        suits.append(str(leaf.value))
    if suits and len(suits) != 4:
        c.error(st, f"a suit order ranks all four suits; this one has {len(suits)}")
        return
    c.set("declaring.suit_order", tuple(suits))


@handles("reinforce")
def _reinforce(c: Compiler, st: Statement) -> None:
    c.set("declaring.reinforce", _yes(st.node.args[0]))


@handles("overturn_own")
def _overturn_own(c: Compiler, st: Statement) -> None:
    c.set("declaring.overturn_own", _yes(st.node.args[0]))


@handles("overturn_after_kitty")
def _overturn_after_kitty(c: Compiler, st: Statement) -> None:
    c.set("declaring.overturn_after_kitty", _yes(st.node.args[0]))


def _otherwise(node: Node | None) -> str:
    if node is None:
        return "no-trump"
    return "redeal" if node.kind == "otherwise_redeal" else "no-trump"


@handles("nobody_declares")
def _nobody_declares(c: Compiler, st: Statement) -> None:
    rule = st.node.args[0]
    assert isinstance(rule, Node)
    otherwise_node = next((a for a in rule.args if isinstance(a, Node) and a.kind.startswith("otherwise")), None)
    otherwise = _otherwise(otherwise_node)
    ints = [a for a in rule.args if isinstance(a, Leaf)]
    if rule.kind == "kitty_card":
        card = c.number(ints[0], 1, 1000, "the kitty card")
        skip_to = card or 0
        if len(ints) > 1:
            skip_to = c.number(ints[1], 1, 1000, "the last kitty card tried")  # type: ignore[assignment]
            if card is not None and skip_to is not None and skip_to <= card:
                c.error(ints[1], f"skipping jokers goes on past card {card}, so the last card tried must come after it")
                return
        if card is None or skip_to is None:
            return
        fallback = model.Fallback("kitty-card", card, skip_to if len(ints) > 1 else 0, otherwise)
    else:
        kind = {
            "level_card": "level-card",
            "highest_card": "highest-card",
            "redeal": "redeal",
            "fallback_no_trump": "no-trump",
            "partner_names": "partner-names",
        }[rule.kind]
        fallback = model.Fallback(kind, 0, 0, otherwise)
    c.set("declaring.fallback", fallback)


@handles("first_banker")
def _first_banker(c: Compiler, st: Statement) -> None:
    c.set("declaring.first_banker", _choice(st.node.args[0], {"first_declarer": "first-declarer", "final_declarer": "final-declarer", "dealer": "dealer"}))


@handles("first_hand_fallback")
def _first_hand_fallback(c: Compiler, st: Statement) -> None:
    c.set("declaring.first_fallback", _choice(st.node.args[0], {"first_redeal": "redeal", "first_same": "same"}))


# --- leading -------------------------------------------------------------------------------------


@handles("throws")
def _throws(c: Compiler, st: Statement) -> None:
    c.set("leading.throws", _choice(st.node.args[0], {"throws_allowed": True, "throws_forbidden": False}))


@handles("throw_check")
def _throw_check(c: Compiler, st: Statement) -> None:
    c.set("leading.throw_check", _choice(st.node.args[0], {"every_part": "every-part", "highest_card": "highest-card", "largest_part": "largest-part"}))


@handles("failed_throw")
def _failed_throw(c: Compiler, st: Statement) -> None:
    c.set("leading.throw_failure", _choice(st.node.args[0], {"smallest_part": "smallest-part", "smallest_card": "smallest-card", "next_player_chooses": "next-player-chooses"}))


def _penalty(c: Compiler, node: Node) -> model.Penalty | None:
    if node.kind == "no_penalty":
        return model.Penalty()
    if node.kind == "hand_lost":
        return model.Penalty("hand-lost", 0)
    points = c.number(node.args[0], 1, MAX_POINTS, "a penalty")
    if points is None:
        return None
    kind = {"per_attempt": "per-attempt", "per_card": "per-card", "revoke_points": "per-attempt"}[node.kind]
    return model.Penalty(kind, points)


@handles("throw_penalty")
def _throw_penalty(c: Compiler, st: Statement) -> None:
    penalty = _penalty(c, st.node.args[0])
    if penalty is not None:
        c.set("leading.throw_penalty", penalty)


# --- following -----------------------------------------------------------------------------------


@handles("duty")
def _duty(c: Compiler, st: Statement) -> None:
    c.set("following.duty", _choice(st.node.args[0], {"lists": "lists", "tractors_only": "tractors", "suit_only": "suit"}))


@handles("protect")
def _protect(c: Compiler, st: Statement) -> None:
    c.set("following.protect_longer_sets", _yes(st.node.args[0]))


@handles("other_leads")
def _other_leads(c: Compiler, st: Statement) -> None:
    c.set("following.default", _choice(st.node.args[0], {"largest_first": "largest-first", "suit_only": "suit"}))


@handles("revoke_penalty")
def _revoke_penalty(c: Compiler, st: Statement) -> None:
    penalty = _penalty(c, st.node.args[0])
    if penalty is not None:
        c.set("following.revoke_penalty", penalty)


def _count(c: Compiler, node: Node) -> model.Count | None:
    if node.kind == "number":
        value = c.number(node.args[0], 0, 1000, "a count")
        return None if value is None else model.Count(0, value)
    args = list(node.args)
    per_n = 1
    if args and isinstance(args[0], Leaf) and args[0].kind == "int":
        per_n = c.number(args.pop(0), 1, 100, "the factor of n")  # type: ignore[assignment]
        if per_n is None:
            return None
    plus = 0
    if args:
        sign, amount = args
        value = c.number(amount, 0, 1000, "a count")
        if value is None:
            return None
        plus = value if sign.value == "+" else -value  # type: ignore[union-attr]
    return model.Count(per_n, plus)


def _term(c: Compiler, node: Node) -> model.Term | None:
    count_node = node.first("number") or node.first("of_n")
    unit = node.args[-1]
    assert isinstance(unit, Node)
    count = _count(c, count_node) if count_node is not None else None
    if count_node is not None and count is None:
        return None
    if unit.kind in _UNIT_WIDTHS:
        width, plural = _UNIT_WIDTHS[unit.kind]
        if count is None:
            count = model.Count(0, 0, greedy=True) if plural else model.Count(0, 1)
        return model.Term(count, width)
    # A plural without a number means "as many as the hand allows", a singular means one.
    greedy = model.Count(0, 0, greedy=True)
    if unit.kind in ("set_of", "sets_of"):
        width = c.number(unit.args[0], 1, MAX_DECKS, "a set's size")
        if width is None:
            return None
        return model.Term(count or (greedy if unit.kind == "sets_of" else model.Count(0, 1)), width)
    # a tractor: "tractor of COUNT pairs"
    length_node, plural_node = unit.args
    assert isinstance(length_node, Node) and isinstance(plural_node, Node)
    length = _count(c, length_node)
    width = c.set_width(plural_node, plural=True)
    if length is None or width is None:
        return None
    return model.Term(count or (greedy if unit.kind == "tractors" else model.Count(0, 1)), width, length)


def _pattern(c: Compiler, node: Node) -> model.Pattern | None:
    if node.kind == "any_cards":
        return model.Pattern(())
    terms = []
    for term_node in node.args:
        assert isinstance(term_node, Node)
        term = _term(c, term_node)
        if term is None:
            return None
        terms.append(term)
    return model.Pattern(tuple(terms))


def _lead_shape(c: Compiler, node: Node) -> model.LeadShape | None:
    if node.kind == "lead_set":
        inner = node.args[0]
        assert isinstance(inner, Node)
        if inner.kind == "set_of":
            width = c.number(inner.args[0], 1, MAX_DECKS, "a set's size")
            if width is None:
                return None
        else:
            width = _SET_WIDTHS[inner.kind]
        return model.LeadShape(width, 1)
    length_node, plural_node = node.args
    assert isinstance(length_node, Node) and isinstance(plural_node, Node)
    width = c.set_width(plural_node, plural=True)
    if width is None:
        return None
    if length_node.kind == "any_length":
        return model.LeadShape(width, 0)
    length = c.number(length_node.args[0], 2, 50, "a tractor's length")
    return None if length is None else model.LeadShape(width, length)


@handles("follow_list")
def _follow_list(c: Compiler, st: Statement) -> None:
    lead_node, *entry_nodes = st.node.args
    assert isinstance(lead_node, Node)
    lead = _lead_shape(c, lead_node)
    entries: list[model.Pattern] = []
    ok = lead is not None
    for entry_node in entry_nodes:
        assert isinstance(entry_node, Node)
        pattern = _pattern(c, entry_node)
        if pattern is None:
            ok = False
            continue
        entries.append(pattern)
    if ok:
        assert lead is not None
        c.follow_lists.append((model.FollowList(lead, tuple(entries)), st))


# --- ruffing -------------------------------------------------------------------------------------


@handles("needs")
def _needs(c: Compiler, st: Statement) -> None:
    c.set("ruffing.requirement", _choice(st.node.args[0], {"counts": "counts", "types": "types", "shape": "shape", "any_trumps": "any"}))


@handles("compare")
def _compare(c: Compiler, st: Statement) -> None:
    c.set("ruffing.compare", _choice(st.node.args[0], {"largest_part": "largest-part", "every_part": "every-part", "highest_card": "highest-card"}))


# --- the kitty -----------------------------------------------------------------------------------


def formula_tree(node: Node | Leaf) -> tuple:
    """The expression as nested tuples: ("num", 2), ("var", "size"), ("add"|"mul"|"pow", a, b)."""
    assert isinstance(node, Node)
    operands = [a for a in node.args if isinstance(a, Node)]
    if node.kind == "atom" or (node.kind in ("add", "mul", "pow") and len(operands) == 1):
        return formula_tree(operands[0])  # parentheses, or an operator with nothing to apply to
    if node.kind == "num":
        return ("num", int(node.args[0].value))  # type: ignore[union-attr]
    if node.kind in ("size", "cards"):
        return ("var", node.kind)
    if node.kind in ("add", "mul"):
        parts = [formula_tree(a) for a in node.args]
        tree = parts[0]
        for part in parts[1:]:
            tree = (node.kind, tree, part)
        return tree
    if node.kind == "pow":
        base, exponent = node.args
        return ("pow", formula_tree(base), formula_tree(exponent))
    raise AssertionError(node.kind)  # pragma: no cover - grammar and compiler out of step


@handles("multiplier")
def _multiplier(c: Compiler, st: Statement) -> None:
    rule = st.node.args[0]
    assert isinstance(rule, Node)
    if rule.kind == "no_multiplier":
        c.set("kitty", model.Multiplier("none", (), False, (), 0))
        return
    if rule.kind == "formula":
        expr = rule.args[0]
        cap = 0
        cap_node = rule.first("cap")
        if cap_node is not None:
            cap = c.number(cap_node.args[0], 1, 1_000_000_000, "the multiplier's cap")  # type: ignore[assignment]
            if cap is None:
                return
        c.set("kitty", model.Multiplier("formula", (), False, formula_tree(expr), cap))
        return
    rows: list[model.MultiplierRow] = []
    ok = True
    doubling = rule.first("doubling") is not None
    for row in rule.args:
        assert isinstance(row, Node)
        if row.kind == "doubling":
            continue
        key, factor_leaf = row.args
        assert isinstance(key, Node)
        factor = c.number(factor_leaf, 1, 1_000_000, "a multiplier")
        if key.kind == "key_set":
            inner = key.args[0]
            assert isinstance(inner, Node)
            width = _set_width(inner)
            length = 1
        else:
            length_leaf, plural = key.args
            length = c.number(length_leaf, 2, 50, "a tractor's length")  # type: ignore[assignment]
            width = c.set_width(plural, plural=True)  # type: ignore[assignment]
        if factor is None or length is None or width is None:
            ok = False
            continue
        made = model.MultiplierRow(width, length, factor)
        if any(r.width == width and r.length == length for r in rows):
            c.error(key, f"{_unit_words(width, length)} has two multipliers")
            ok = False
            continue
        rows.append(made)
    if ok:
        rows.sort(key=lambda r: (r.length > 1, r.width, r.length))
        c.set("kitty", model.Multiplier("table", tuple(rows), doubling, (), 0))


def _unit_words(width: int, length: int) -> str:
    if length == 1:
        return "a " + width_name(width)
    return f"a tractor of {length} {width_name(width, plural=True)}"


# --- upgrade -------------------------------------------------------------------------------------


@handles("threshold")
def _threshold(c: Compiler, st: Statement) -> None:
    before = len(c.diagnostics)
    _threshold_row(c, st)
    if len(c.diagnostics) > before:
        c.thresholds_broken = True


def _threshold_row(c: Compiler, st: Statement) -> None:
    score, outcome, *extras = st.node.args
    assert isinstance(score, Node) and isinstance(outcome, Node)
    ints = [int(a.value) for a in score.args]  # type: ignore[union-attr]
    low = ints[0]
    high = {"exactly": ints[0], "from_to": ints[-1], "and_above": -1}[score.kind]
    if score.kind == "from_to" and high < low:
        c.error(score, f"the range {low}-{high} is empty")
        return
    side, levels = _outcome(c, outcome)
    if levels is None:
        return
    every = at_most = 0
    every_node = st.node.first("every")
    at_most_node = st.node.first("at_most")
    if every_node is not None:
        step_leaf, every_leaf = every_node.args
        assert isinstance(step_leaf, Leaf) and isinstance(every_leaf, Leaf)
        if int(step_leaf.value) != 1:
            c.error(step_leaf, "an open row goes up one level at a time: write '+1 every N'")
            return
        every = c.number(every_leaf, 1, MAX_POINTS, "the points per extra level")  # type: ignore[assignment]
        if every is None:
            return
        if high != -1:
            c.error(every_leaf, "only an open row ('N+') can add levels every N points")
            return
    if at_most_node is not None:
        limit = at_most_node.args[0]
        assert isinstance(limit, Leaf)
        at_most = c.number(limit, 0, 100, "the most levels")  # type: ignore[assignment]
        if at_most is None:
            return
        if at_most < levels:
            c.error(limit, f"'at most +{at_most}' is below the row's own +{levels}")
            return
        if high != -1:
            c.error(limit, "'at most' limits an open row ('N+'); this row is closed")
            return
    row = model.ThresholdRow(low, high, side, levels, every, at_most)
    c.threshold_rows.append((row, st, score))


def _outcome(c: Compiler, node: Node) -> tuple[str, int | None]:
    if node.kind == "swap":
        return "attackers", 0
    levels = c.number(node.args[0], 0, 100, "a level change")
    return node.kind, levels


@handles("steps")
def _steps(c: Compiler, st: Statement) -> None:
    before = len(c.diagnostics)
    _steps_rule(c, st)
    if len(c.diagnostics) > before:
        c.thresholds_broken = True


def _steps_rule(c: Compiler, st: Statement) -> None:
    c.steps_statement = st
    step = c.number(st.node.args[0], 1, MAX_POINTS, "a step")
    cap = 0
    at_most_node = st.node.first("at_most")
    if at_most_node is not None:
        cap = c.number(at_most_node.args[0], 1, 100, "the attackers' most levels")  # type: ignore[assignment]
    if step is None or cap is None:
        return
    per_deck = st.node.first("per_deck") is not None
    c.pending_steps = (step, per_deck, cap, st)


def score_granularity(points: tuple[tuple[str, int], ...]) -> int:
    """Attackers' points always come in multiples of this (5 with the usual 5s, 10s and Ks)."""
    g = 0
    for _, value in points:
        g = math.gcd(g, value)
    return g or 5


def standard_thresholds(step: int, granularity: int, cap: int) -> tuple[model.ThresholdRow, ...]:
    """The usual table: 0 → bankers +3; under one step +2; under two +1; under three a swap; then
    the attackers +1 and one more every further step."""
    g = granularity
    rows = [
        model.ThresholdRow(0, 0, "banker", 3),
        model.ThresholdRow(g, step - g, "banker", 2),
        model.ThresholdRow(step, 2 * step - g, "banker", 1),
        model.ThresholdRow(2 * step, 3 * step - g, "attackers", 0),
        model.ThresholdRow(3 * step, -1, "attackers", 1, every=step, at_most=cap),
    ]
    return tuple(r for r in rows if r.high == -1 or r.high >= r.low)


# --- stakes --------------------------------------------------------------------------------------


@handles("game_points")
def _game_points(c: Compiler, st: Statement) -> None:
    rows: list[model.GamePoints] = []
    for row in st.node.args:
        assert isinstance(row, Node)
        outcome = row.args[0]
        assert isinstance(outcome, Node)
        side, levels = _outcome(c, outcome)
        points = c.number(row.args[-1], 0, MAX_POINTS, "game points")
        if levels is None or points is None:
            continue
        or_more = row.first("or_more") is not None
        if any(r.side == side and r.levels == levels for r in rows):
            c.error(outcome, "this outcome is given game points twice")
            continue
        rows.append(model.GamePoints(side, levels, points, or_more))
    c.set("stakes.game_points", tuple(rows))


@handles("stake_multiplier")
def _stake_multiplier(c: Compiler, st: Statement) -> None:
    steps: list[model.StakeStep] = []
    for node in st.node.args:
        assert isinstance(node, Node)
        factor = c.number(node.args[0], 1, 100, "a stake multiplier")
        above = c.number(node.args[1], 0, 1_000_000, "a table-points threshold")
        if factor is None or above is None:
            continue
        if steps and above <= steps[-1].above:
            c.error(node, f"thresholds go upwards: {above} is not above {steps[-1].above}")
            continue
        steps.append(model.StakeStep(above, factor))
    c.set("stakes.multipliers", tuple(steps))


@handles("coins")
def _coins(c: Compiler, st: Statement) -> None:
    banker, attackers, percent = st.node.args
    b = c.number(banker, 0, 100, "the bankers' base")
    a = c.number(attackers, 0, 100, "the attackers' base")
    p = c.number(percent, 1, 100, "the winner's share")
    if b is None or a is None or p is None:
        return
    c.set("stakes.coins", True)
    c.set("stakes.banker_base", b)
    c.set("stakes.attackers_base", a)
    c.set("stakes.winner_percent", p)


@handles("leaving")
def _leaving(c: Compiler, st: Statement) -> None:
    leaver, others = st.node.args
    lose = c.number(leaver, 0, MAX_POINTS, "the leaver's loss")
    gain = c.number(others, 0, MAX_POINTS, "the others' gain")
    if lose is not None and gain is not None:
        c.set("stakes.leave_penalty", lose)
        c.set("stakes.leave_others", gain)


def compile_resolved(resolved: Resolved) -> model.Rules:
    """The rules object for a resolved ruleset; raises ``RulesetSemanticError`` with every problem."""
    rules = Compiler(resolved).run()
    if resolved.parent is None:
        return rules
    try:
        parent = Compiler(resolved.parent).run()
    except RulesetError:
        parent = None  # a parent incomplete on its own: everything the child sets is its own
    root = resolved.files[0]
    changed = tuple(
        path
        for path, src in rules.sources
        if src.file == root and (parent is None or value_at(rules, path) != value_at(parent, path))
    )
    return dataclasses.replace(rules, house_changes=changed)


def value_at(rules: model.Rules, path: str) -> Any:
    """The value a ``sources`` path names: "table.decks", "thresholds[2]" (the whole table), or
    "following.lists[pair]" (that lead's list, None if there is none)."""
    head, _, index = path.partition("[")
    if head == "following.lists" and index:
        label = index[:-1]
        return next((fl for fl in rules.following.lists if fl.lead.label == label), None)
    value: Any = rules
    for part in head.split("."):
        value = getattr(value, part)
    return value


__all__ = ["compile_resolved", "describe_lead", "did_you_mean", "standard_thresholds"]
