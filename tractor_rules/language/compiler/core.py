"""The compiler's core: the ``Compiler`` (errors with positions, values with the statement that set
them, the run over every statement), the handler registry, and the readers of written values that
every section shares.

The section modules (``table``, ``levels``, ...) register one handler per statement kind with
``@handles``; this module knows none of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from ... import codes
from ... import rules as model
from ...memo import ByContent
from ...errors import Diagnostic, Fix, RulesetError, RulesetSemanticError
from ...rules import expressions as ex
from ...rules.checks import not_a_rank
from ..resolve import Resolved, statement_key
from ..syntax import Leaf, Node, Position, Statement, as_leaf, as_node, source_lines
from ..shapes import plural_width_of, set_width_of

RANK_ORDER = {rank: i for i, rank in enumerate(model.RANKS)}
# the bounds of the language live with the rules they bound (``rules.bounded``): Rules.from_dict and
# the JSON Schema read the same ones
MAX_PLAYERS = model.MAX_PLAYERS
MAX_DECKS = model.MAX_DECKS
MAX_POINTS = model.MAX_POINTS
limits = model.limits

T = TypeVar("T")

Handler = Callable[["Compiler", Statement], None]
Finisher = Callable[["Compiler"], None]
Checker = Callable[["Compiler", model.Rules], None]
#: statement kind → the handler that reads it
HANDLERS: dict[str, Handler] = {}
#: steps that set what several statements make together (follow lists, the upgrade table), run in
#: the order registered once every statement is read
FINISHERS: list[Finisher] = []
#: checks of the built rules that relate several fields, each problem reported at the statement
#: to blame (registered by ``checking.py``, which needs this module's ``Compiler``)
CHECKERS: list[Checker] = []


def handles(*kinds: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for kind in kinds:
            HANDLERS[kind] = fn
        return fn

    return register


def finishes(fn: Finisher) -> Finisher:
    FINISHERS.append(fn)
    return fn


def checks(fn: Checker) -> Checker:
    CHECKERS.append(fn)
    return fn


def choice(node: Node | Leaf, table: Mapping[str, T]) -> T:
    """The value ``table`` gives the chosen alternative (the grammar names it by its alias)."""
    return table[as_node(node).kind]


YES_NO = {"yes": True, "no": False}


def handles_choice(kind: str, path: str, table: Mapping[str, object]) -> None:
    """Register the handler of a statement that picks one of fixed words, setting ``path`` to the
    value ``table`` gives the word."""

    def handler(c: Compiler, st: Statement) -> None:
        c.set(path, choice(st.node.args[0], table))

    HANDLERS[kind] = handler


def child_nodes(node: Node) -> list[Node]:
    """``node``'s parts, where the grammar allows only constructs there."""
    return [as_node(arg) for arg in node.args]


#: the sections written like ``upgrade`` → the table field each sets
UPGRADE_SECTIONS = {"upgrade": "thresholds", "solo_upgrade": "solo_thresholds"}


@dataclasses.dataclass
class UpgradeTable:
    """One upgrade table as its statements are read: its rows, or its 'steps:'."""

    rows: list[tuple[model.ThresholdRow, Statement, Node]] = dataclasses.field(default_factory=list)
    steps_statement: Statement | None = None
    pending_steps: tuple[int, bool, int, Statement] | None = None
    #: a row with an error of its own was dropped: checking the table's coverage would only
    #: repeat that error in other words
    broken: bool = False


class Compiler:
    def __init__(self, resolved: Resolved, parent: Callable[[], model.Rules | None] | None = None):
        self.resolved = resolved
        #: the parent's rules, compiled on their own when first asked for (``parent_rules``)
        self._parent = parent
        self.values: dict[str, Any] = {}
        self.sources: dict[str, model.Source] = {}
        #: (file, line, column) where a statement starts → its whole span, for errors about it
        self.spans: dict[tuple[str, int, int], Position] = {}
        self.diagnostics: list[Diagnostic] = []
        self.statement: Statement | None = None
        #: follow lists and upgrade rows are gathered across statements, then set once
        self.follow_lists: list[tuple[model.FollowList, Statement]] = []
        #: the house rules after each hand (``when ...``), in the order written
        self.triggers: list[tuple[model.Trigger, Statement]] = []
        #: each upgrade table by the field it sets ("thresholds", "solo_thresholds")
        self.upgrade_tables = {path: UpgradeTable() for path in UPGRADE_SECTIONS.values()}
        #: each file's lines, split once: an error per statement must not split the text each time
        self._lines: dict[str, list[str]] = {}
        #: cards the ``remove`` statement takes out of the pack: (card, copies or None for every
        #: copy, where and in which file it is written), counted once the decks are known
        self.card_removals: list[tuple[str, int | None, Node, str]] = []
        #: leads whose follow list an ``unset`` statement deletes (they get no list at all)
        self.unset_leads: list[model.LeadShape] = []
        #: the name and description in other languages: (text, language tag) → (value, statement)
        self.translated: dict[tuple[str, str], tuple[str, Statement]] = {}
        #: the values set by no statement of their own, but as the file's trump order makes them
        #: (``derive``)
        self.derived: set[str] = set()
        #: the numbers of the table written as rule expressions: field path → tree (``number``)
        self.written: dict[str, ex.Number] = {}

    def parent_rules(self) -> model.Rules | None:
        """The parent's rules, compiled on their own: what the statements this file inherits were
        written for (``inherit.py``).  None without ``extends``, or when the parent does not compile
        on its own."""
        return self._parent() if self._parent is not None else None

    # --- reporting ---------------------------------------------------------------------------

    def line_text(self, file: str, line: int) -> str:
        lines = self._lines.get(file)
        if lines is None:
            lines = self._lines[file] = source_lines(self.resolved.texts.get(file, ""))
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def error(self, where: Position | Leaf | Node | Statement | None, message: str, file: str | None = None,
              *, code: str, fixes: tuple[Fix, ...] = ()) -> None:
        """Report ``message`` (of ``codes`` ``code``) at what ``where`` spans, with the ``fixes`` that
        would mend it; nothing to point at means line 1 of the file."""
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
            self.diagnostics.append(Diagnostic(file, 1, 1, message, self.line_text(file, 1), code=code))
        else:
            self.diagnostics.append(
                Diagnostic(file, pos.line, pos.column, message, self.line_text(file, pos.line), pos.width,
                           code=code, end_line=pos.end_line, end_column=pos.end_column, fixes=fixes)
            )

    def error_at_field(self, paths: tuple[str, ...], message: str, *, code: str,
                       fixes: tuple[Fix, ...] = ()) -> None:
        """Report a problem with values that may come from any of ``paths`` (most to blame first):
        point at the first of them set in the file being compiled, else at the first set in a
        parent, else at the file's first line; ``fixes`` (edits of that file: ``statement_fix``)
        go with it when it is reported there.

        When the value most to blame comes from a parent and the problem is reported in the file
        (at a value of its own that the parent's no longer fits), the message names the parent's
        statement, its file and its line: the file's author never wrote it."""
        found = [self.sources[p] for p in paths if p in self.sources]
        root = self.resolved.files[0]
        mine = [src for src in found if src.file == root]
        src = mine[0] if mine else found[0] if found else model.Source(root, 1, 1)
        if mine and found[0].file != root:
            message += f"; it conflicts with {self.inherited_words(found[0])}"
        if src.file != root:
            fixes = ()
        # the span is the whole statement that set the value; the report's caret stays on its start
        end = self.spans.get((src.file, src.line, src.column))
        self.diagnostics.append(Diagnostic(
            src.file, src.line, src.column, message, self.line_text(src.file, src.line), code=code,
            end_line=end.end_line if end else src.line, end_column=end.end_column if end else src.column + 1,
            fixes=fixes))

    def inherited_words(self, src: model.Source) -> str:
        """An inherited statement and where it comes from: "'mandatory: A', inherited from
        two-decks.tractor, line 27"."""
        text = " ".join(self.line_text(src.file, src.line)[src.column - 1:].split())
        if len(text) > 80:
            text = text[:79] + "…"
        return f"'{text}', inherited from {src.file}, line {src.line}"

    def restate(self, section: str, statement: str) -> Fix:
        """The fix that writes ``statement`` (one line of ``section``) into the file being
        compiled: under the last statement of its section there, or in a new section at the end."""
        tree = self.resolved.root
        mine = [st for st in tree.statements if st.section == section]
        title = f"add '{statement}' to this file"
        if mine:
            line = max(st.pos.line for st in mine)  # a statement is one line
            column = len(self.line_text(tree.file, line)) + 1
            indent = " " * (min(st.pos.column for st in mine) - 1)
            return Fix(title, line, column, line, column, f"\n{indent}{statement}")
        header = next((pos for name, pos in tree.sections if name == section), None)
        if header is not None:
            column = len(self.line_text(tree.file, header.line)) + 1
            return Fix(title, header.line, column, header.line, column, f"\n  {statement}")
        lines = source_lines(tree.text)
        last_line = len(lines)
        column = len(lines[-1]) + 1
        before = "\n" if lines[-1] else ""  # a text that ends without a line break gets one first
        return Fix(title, last_line, column, last_line, column, f"{before}\n{section}\n  {statement}\n")

    def statement_fix(self, path: str, section: str, statement: str) -> Fix:
        """The fix that makes ``statement`` (one line of ``section``) the one that sets ``path``:
        the statement of this file that sets it, rewritten, or else ``statement`` added."""
        src = self.sources.get(path)
        if src is not None and src.file == self.resolved.files[0] and path not in self.derived:
            span = self.spans[(src.file, src.line, src.column)]
            return Fix(f"replace with '{statement}'", span.line, span.column, span.end_line, span.end_column, statement)
        return self.restate(section, statement)

    def derive(self, path: str, value: Any, cause: str) -> None:
        """Set ``path`` to ``value`` as a consequence of the statement that set ``cause`` (an
        inherited statement following the file's own, ``inherit.py``): errors about ``path`` then
        point at that statement, and the value counts as changed by this file."""
        self.values[path] = value
        self.sources[path] = self.sources[cause]
        self.derived.add(path)

    # --- setting values ----------------------------------------------------------------------

    def set(self, path: str, value: Any, where: Statement | None = None) -> None:
        st = where or self.statement
        assert st is not None
        self.values[path] = value
        self.note_source(path, st)

    def note_source(self, path: str, st: Statement) -> None:
        """Record ``st`` as the statement that set ``path``."""
        self.sources[path] = model.Source(st.file, st.pos.line, st.pos.column)
        self.spans[(st.file, st.pos.line, st.pos.column)] = st.pos

    def get(self, path: str) -> Any:
        """The value in force: set by a statement, else the default."""
        if path in self.values:
            return self.values[path]
        group, _, name = path.partition(".")
        default = getattr(model.Rules(), group)
        return getattr(default, name) if name else default

    def set_number(self, path: str, leaf: Leaf | Node, low: int, high: int, what: str) -> None:
        """Set ``path`` to the number ``leaf`` holds, unless it is out of range (reported)."""
        value = self.number(leaf, low, high, what, path)
        if value is not None:
            self.set(path, value)

    def set_numbers(self, fields: Mapping[str, tuple[Leaf | Node, int, int, str]]) -> bool:
        """Set every path of ``fields`` to its number (leaf, low, high, what), or, if any is out of
        range, none of them; every number out of range is reported."""
        read = {path: self.number(*spec, path) for path, spec in fields.items()}
        if any(value is None for value in read.values()):
            return False
        for path, value in read.items():
            self.set(path, value)
        return True

    # --- leaves ------------------------------------------------------------------------------

    def rank(self, leaf: Leaf | Node) -> str | None:
        value = str(as_leaf(leaf).value)
        if value not in RANK_ORDER:
            self.error(leaf, not_a_rank(value), code=codes.NOT_A_RANK)
            return None
        return value

    def distinct_ranks(self, node: Node, twice: str) -> list[str]:
        """The ranks of ``node`` in rank order, each once (``twice`` words the error for a repeat)."""
        ranks: list[str] = []
        for leaf in node.args:
            rank = self.rank(leaf)
            if rank is None:
                continue
            if rank in ranks:
                self.error(leaf, f"{rank} is {twice}", code=codes.REPEATED_VALUE)
                continue
            ranks.append(rank)
        return sorted(ranks, key=RANK_ORDER.__getitem__)

    def set_width(self, node: Leaf | Node, plural: bool) -> int | None:
        """The width a set word names ("pair", "triples", "set of 5"), checked to be one a deck
        count could produce; None (reported) when it is not."""
        node = as_node(node)
        if node.kind in ("set_of", "sets_of"):
            return self.number(node.args[0], 2 if plural else 1, MAX_DECKS, "a set's size")
        return plural_width_of(node) if plural else set_width_of(node)

    def number(self, leaf: Leaf | Node, low: int, high: int, what: str, written: str | None = None) -> int | None:
        """The whole number ``leaf`` writes, unless it is out of range (reported).  Where the
        grammar takes a number of the table (``expr``), it may be a rule expression of the decks
        and the players, worked out here with the values in force (the statements that hold one
        are read last: ``run``); ``written`` names the field its tree is kept for (the sheet's
        words, ``Rules.written``)."""
        literal = literal_of(leaf)
        if literal is not None:
            value = int(literal.value)
            if not low <= value <= high:
                self.error(leaf, f"{what} must be from {low} to {high}, not {value}", code=codes.OUT_OF_RANGE)
                return None
            return value
        from .expressions import number_tree  # the expression builders import this module

        tree = number_tree(self, leaf, ex.TABLE)
        if tree is None:
            return None
        known = {"decks": self.get("table.decks"), "players": self.get("table.players")}
        value = ex.evaluate_number(tree, known)
        if not low <= value <= high:
            self.error(leaf, f"{what} must be from {low} to {high}, not {value} (with {known['decks']} decks and "
                             f"{known['players']} players)", code=codes.OUT_OF_RANGE)
            return None
        if written is not None:
            self.written[written] = ex.Number(tree)
        return value

    def number_in(self, clause: Node | None, low: int, high: int, what: str) -> int | None:
        """The number an optional clause ("at most 3") holds: 0 without the clause, None (reported)
        when out of range."""
        if clause is None:
            return 0
        return self.number(clause.args[0], low, high, what)

    # --- the run -----------------------------------------------------------------------------

    def run(self) -> model.Rules:
        self._check_duplicates()
        # a number of the table written with the decks or the players is worked out with the values
        # in force once every other statement is read (a house file's 'decks: 3' counts in its
        # parent's 'deal: 100 / players each'); the statements of literal numbers keep their order
        statements = [st for st in self.resolved.statements if not reads_table(st)]
        statements += [st for st in self.resolved.statements if reads_table(st)]
        for st in statements:
            self.statement = st
            handler = HANDLERS.get(st.kind)
            if handler is None:  # pragma: no cover - grammar and compiler out of step
                self.error(st, f"statement '{st.kind}' is not understood", code=codes.NOT_UNDERSTOOD)
                continue
            handler(self, st)
        self.statement = None
        for finish in FINISHERS:
            finish(self)
        rules = self.build()
        for check in CHECKERS:
            check(self, rules)
        if self.diagnostics:
            raise RulesetSemanticError(self.diagnostics, self.resolved.files)
        return rules

    def _check_duplicates(self) -> None:
        first: dict[tuple, Statement] = {}
        for st in self.resolved.statements:
            key = statement_key(st)
            if st.section in UPGRADE_SECTIONS:
                if st.kind != "steps":  # many rows make one table; a second 'steps' is a clash
                    continue
                key = (st.section, "steps")
            if key in first:
                earlier = first[key]
                if "unset" in (st.kind, earlier.kind) and st.kind != earlier.kind:
                    self.error(st, f"{_unset_label(st, earlier)} is both unset and set in this file (line "
                                   f"{earlier.pos.line}): keep one", code=codes.DUPLICATE_STATEMENT)
                    continue
                if st.kind == "follow_list":
                    label = f"the follow list for '{key[2]}'"
                elif st.kind == "unset":
                    label = f"{_unset_label(st, earlier)} (unset)"
                else:
                    label = _statement_name(st, self.line_text(st.file, st.pos.line))
                self.error(st, f"{label} is already set on line {earlier.pos.line}", code=codes.DUPLICATE_STATEMENT)
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
        # (a row's number, "stakes.multipliers[0].above", "thresholds[5].every", is kept with its
        # field's statement; a part of a field, "kitty.cap", "thresholds.steps", with the field's)
        written = tuple(sorted((path, tree) for path, tree in self.written.items()
                               if path in self.values or path.split("[")[0] in self.values
                               or path.rsplit(".", 1)[0] in self.values))
        return dataclasses.replace(defaults, files=self.resolved.files, sources=sources, written=written, **kwargs)


#: the statements whose numbers are numbers of the table (``Compiler.number``)
TABLE_NUMBER_STATEMENTS = frozenset({"deal", "throw_penalty", "revoke_penalty", "smaller_team_bonus", "coins",
                                     "leaving", "stake_multiplier", "threshold", "steps", "multiplier",
                                     "game_end"})


def reads_table(st: Statement) -> bool:
    """Whether ``st`` writes a number of the table with a quantity in it (read after the others)."""
    return st.kind in TABLE_NUMBER_STATEMENTS and _has_quantity(st.node)


def _has_quantity(node: Node | Leaf) -> bool:
    from .expressions import QUANTITY_OF_RULE  # the expression builders import this module

    if isinstance(node, Leaf):
        return False
    return node.kind in QUANTITY_OF_RULE or any(_has_quantity(a) for a in node.args)


def literal_of(node: Node | Leaf) -> Leaf | None:
    """The number leaf a whole number written alone holds (an ``expr`` of one number: its
    ``add``/``mul``/``pow`` layers of one part, the ``num`` inside), or None for anything else."""
    while isinstance(node, Node):
        if node.kind in ("add", "mul", "pow", "num", "atom") and len(node.args) == 1:
            node = node.args[0]
        else:
            return None
    return node


def _unset_label(st: Statement, earlier: Statement) -> str:
    """The key that an ``unset`` and a statement of one file both name, in words."""
    unset = st if st.kind == "unset" else earlier
    target = as_node(unset.node.args[0])
    if target.kind == "unset_follow_list":
        return f"the follow list for '{statement_key(unset)[2]}'"
    return f"'{as_leaf(target.args[0]).value}'"


def _statement_name(st: Statement, line: str) -> str:
    """The statement's key as written ("range", "next banker"): the text before its colon."""
    start = st.pos.column - 1
    colon = line.find(":", start)
    key = " ".join(line[start:colon].split()) if colon > start else st.kind.replace("_", " ")
    return f"'{key}'"


#: the rules compiled from each chain of files, by their content (``memo``): the same files give the
#: same rules, an immutable object, and the engine's tables built for one are found again by its
#: identity.  Kept apart: a file's rules with its house changes, and a parent's rules on its own
#: (``None`` when a parent is incomplete on its own).
_RULES: ByContent[model.Rules] = ByContent(128)
_PARENTS: ByContent[model.Rules | None] = ByContent(32)


def _content(resolved: Resolved) -> tuple[tuple, int]:
    """What decides a compilation of ``resolved``, with the length of its texts: each file's
    identity, its name as messages give it and its text (the statements come from those alone)."""
    texts = tuple(resolved.texts[file] for file in resolved.files)
    return (resolved.keys, resolved.files, texts), sum(map(len, texts))


def compile_resolved(resolved: Resolved) -> model.Rules:
    """The rules object for a resolved ruleset; raises ``RulesetSemanticError`` with every problem.
    The same files give the same object (kept by their content while it is recent)."""
    key, length = _content(resolved)
    return _RULES.get(key, length, lambda: _compile(resolved))


def _compile_parent(resolved: Resolved) -> model.Rules | None:
    """A parent's rules on their own, or None when they do not compile on their own."""
    def make() -> model.Rules | None:
        try:
            return Compiler(resolved).run()
        except RulesetError:
            return None  # a parent incomplete on its own: everything the child sets is its own
    key, length = _content(resolved)
    return _PARENTS.get(key, length, make)


def _compile(resolved: Resolved) -> model.Rules:
    parent_resolved = resolved.parent
    if parent_resolved is None:
        return Compiler(resolved).run()
    compiled: list[model.Rules | None] = []

    def parent_rules() -> model.Rules | None:
        """The parent compiled once, when first needed (a child with errors may not need it)."""
        if not compiled:
            compiled.append(_compile_parent(parent_resolved))
        return compiled[0]

    rules = Compiler(resolved, parent_rules).run()
    parent = parent_rules()
    root = resolved.files[0]
    changed = tuple(
        path
        for path, src in rules.sources
        if src.file == root and (parent is None or rules.value_at(path) != parent.value_at(path))
    )
    changed += tuple(derived for derived, statement in model.DERIVED_VALUES.items()
                     if statement in changed
                     and (parent is None or rules.value_at(derived) != parent.value_at(derived)))
    return dataclasses.replace(rules, house_changes=changed)
