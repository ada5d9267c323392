"""``extends``: find a ruleset's parents and merge their statements, statement by statement.

A child's statement replaces the parent's statement with the same key: most statements are keyed
by section and kind; follow lists by the lead they apply to; the upgrade table is one rule, so any
upgrade row in a child replaces all of the parent's rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import Diagnostic, RulesetResolutionError, RulesetSyntaxError
from ..resources import RULESET_SUFFIX, builtin_names, builtin_path
from .parser import parse
from .suggest import did_you_mean, quoted
from .syntax import Leaf, Node, Statement, SyntaxTree, as_leaf, line_of

MAX_DEPTH = 16


@dataclass(frozen=True)
class Source:
    """A ruleset text and the name it goes by in messages."""

    text: str
    file: str
    #: the folder relative ``extends`` paths start from (None: the working directory)
    folder: Path | None
    #: identity for cycle detection (a resolved path, or "builtin:NAME")
    key: str


@dataclass(frozen=True)
class Resolved:
    """A ruleset with its parents merged in: the statements in force, and every file's text."""

    statements: tuple[Statement, ...]
    texts: dict[str, str]
    files: tuple[str, ...]
    root: SyntaxTree
    #: the parent with its own parents merged in (None without extends): what the root file's
    #: statements are measured against to tell a change from a restatement
    parent: "Resolved | None" = None


def builtin_source(name: str) -> Source | None:
    path = builtin_path(name)
    if path is None:
        return None
    return Source(path.read_text(encoding="utf-8"), f"{name}{RULESET_SUFFIX}", path.parent, f"builtin:{name}")


def file_source(path: Path, shown_as: str | None = None) -> Source:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RulesetResolutionError(Diagnostic(str(shown_as or path), 0, 0, "no such file")) from None
    except IsADirectoryError:
        raise RulesetResolutionError(Diagnostic(str(shown_as or path), 0, 0, "is a folder, not a ruleset file")) from None
    except OSError as exc:
        raise RulesetResolutionError(Diagnostic(str(shown_as or path), 0, 0, f"cannot read: {exc.strerror}")) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", "replace")) + 1
        shown_line = data[line_start:].split(b"\n", 1)[0].decode("utf-8", "replace")
        raise RulesetSyntaxError(
            Diagnostic(str(shown_as or path), line, column,
                       f"the file is not UTF-8 text: byte 0x{data[exc.start]:02x} here; save it as UTF-8", shown_line)
        ) from None
    return Source(text, str(shown_as or path), path.resolve().parent, str(path.resolve()))


def statement_key(st: Statement) -> tuple:
    if st.kind == "follow_list":
        return ("follow", "follow_list", lead_label(st.node.args[0]))
    if st.section in ("upgrade", "solo_upgrade"):  # each a table: any row replaces all the parent's
        return (st.section,)
    return (st.section, st.kind)


def lead_label(node: Node | Leaf) -> str:
    """A lead key as words, the same however it was spelt: "pair", "tractor of n pairs"."""
    from .compiler import describe_lead  # the compiler owns the meaning of lead keys

    return describe_lead(node)


def _parent_source(child: Source, ref: str, st: Statement, text: str) -> Source:
    leaf = st.node.args[0]
    pos = leaf.pos

    def fail(message: str) -> RulesetResolutionError:
        return RulesetResolutionError(
            Diagnostic(child.file, pos.line, pos.column, message, line_of(text, pos.line), pos.width)
        )

    if not ref:
        raise fail("extends needs the name of a shipped ruleset or the path of a .tractor file")
    looks_like_path = "/" in ref or "\\" in ref or ref.endswith(RULESET_SUFFIX)
    if not looks_like_path:
        source = builtin_source(ref)
        if source is None:
            raise fail(f"no shipped ruleset is called {quoted(ref)}{did_you_mean(ref, builtin_names())}")
        return source
    base = child.folder if child.folder is not None else Path.cwd()
    path = base / ref
    if not path.is_file():
        raise fail(f"cannot find {quoted(ref)} (looked for {path if str(path).isprintable() else quoted(str(path))})")
    # Name the parent as the user would: relative to the child's own name.
    shown = str(Path(child.file).parent / ref) if not child.key.startswith("builtin:") else ref
    return file_source(path, shown)


def resolve(source: Source) -> Resolved:
    """Parse ``source`` and its chain of parents; merge their statements, the child's winning."""
    chain: list[tuple[Source, SyntaxTree]] = []
    seen: list[str] = []
    current: Source | None = source
    while current is not None:
        if current.key in seen:
            names = " → ".join([s.file for s, _ in chain] + [current.file])
            first_child, tree = chain[-1]
            st = tree.preamble("extends")
            assert st is not None
            leaf = st.node.args[0]
            raise RulesetResolutionError(
                Diagnostic(first_child.file, leaf.pos.line, leaf.pos.column,
                           f"extends goes round in a circle: {names}",
                           line_of(first_child.text, leaf.pos.line), leaf.pos.width)
            )
        if len(chain) >= MAX_DEPTH:
            child, tree = chain[-1]
            raise RulesetResolutionError(
                Diagnostic(child.file, 1, 1, f"more than {MAX_DEPTH} levels of extends")
            )
        seen.append(current.key)
        tree = parse(current.text, current.file)
        chain.append((current, tree))
        ext = tree.preamble("extends")
        if ext is None:
            current = None
        else:
            ref = as_leaf(ext.node.args[0])
            current = _parent_source(current, str(ref.value), ext, current.text)

    return _merge(chain)


def _merge(chain: list[tuple[Source, SyntaxTree]]) -> Resolved:
    """The statements in force for ``chain`` (a file first, then its parents)."""
    merged: dict[tuple, list[Statement]] = {}
    order: list[tuple] = []
    # Oldest ancestor first, so that each child replaces what its parents set.
    for src, tree in reversed(chain):
        fresh: dict[tuple, list[Statement]] = {}
        for st in tree.statements:
            if st.kind == "extends":
                continue
            fresh.setdefault(statement_key(st), []).append(st)
        for key, sts in fresh.items():
            if key not in merged:
                order.append(key)
            merged[key] = sts
    statements = tuple(st for key in order for st in merged[key])
    texts = {src.file: src.text for src, _ in chain}
    parent = _merge(chain[1:]) if len(chain) > 1 else None
    return Resolved(statements, texts, tuple(src.file for src, _ in chain), chain[0][1], parent)
