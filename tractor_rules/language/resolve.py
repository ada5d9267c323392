"""``extends``: find a ruleset's parents and merge their statements, statement by statement.

A child's statement replaces the parent's statement with the same key: most statements are keyed
by section and kind; follow lists by the lead they apply to; the upgrade table is one rule, so any
upgrade row in a child replaces all of the parent's rows.
"""

from __future__ import annotations

import os
import pickle
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .. import codes
from ..errors import Diagnostic, RulesetResolutionError, RulesetSyntaxError
from ..resources import RULESET_SUFFIX, builtin_names, builtin_path, rulesets_dir
from ..memo import ByContent
from .parser import BOM, MAX_BYTES, parse, statement_kinds
from .shapes import describe_lead
from .suggest import did_you_mean, quoted
from .syntax import Leaf, Node, Statement, SyntaxTree, as_leaf, as_node, line_of

MAX_DEPTH = 16


@dataclass(frozen=True)
class Trust:
    """Which files ``extends`` may read besides the shipped rulesets (docs/security.md).

    ``roots`` None: a parent file must lie in the folder of the file that names it, or below it.
    Otherwise only files under one of ``roots`` are parents (none: shipped names only).  In every
    case a parent file is a regular file whose name ends in ``.tractor``, symbolic links resolved.
    """

    roots: tuple[Path, ...] | None = None

    @classmethod
    def of(cls, allowed_roots: "Iterable[str | os.PathLike[str]] | None") -> "Trust":
        if allowed_roots is None:
            return cls(None)
        if isinstance(allowed_roots, (str, bytes, os.PathLike)):
            allowed_roots = [allowed_roots]  # one folder given bare
        roots: list[Path] = []
        for root in allowed_roots:
            if not isinstance(root, (str, os.PathLike)):
                raise RulesetResolutionError(Diagnostic(
                    "<argument>", 0, 0, f"allowed_roots holds folders, not {type(root).__name__}",
                    code=codes.BAD_ARGUMENT))
            try:
                roots.append(Path(root).resolve())
            except (OSError, ValueError, RuntimeError) as exc:
                raise RulesetResolutionError(
                    Diagnostic("<argument>", 0, 0, f"allowed root {quoted(str(root))} cannot be used: {_why(exc)}",
                               code=codes.BAD_ARGUMENT)
                ) from None
        return cls(tuple(roots))

    def folders_for(self, child: "Source") -> tuple[Path, ...]:
        """The folders a path written in ``child`` may reach."""
        if child.key.startswith("builtin:"):
            return (rulesets_dir().resolve(),)  # a shipped ruleset reaches only its siblings
        if self.roots is not None:
            return self.roots
        return (child.folder.resolve(),) if child.folder is not None else ()


def _why(exc: BaseException) -> str:
    """An OS error as a few words ("File name too long"); a NUL in a name as such."""
    if isinstance(exc, ValueError):
        return "the name holds a NUL character"
    if isinstance(exc, RuntimeError):
        return "symbolic links go round in a circle"
    strerror = getattr(exc, "strerror", None)
    return str(strerror or exc)


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
    #: each file's identity, in the order of ``files``: its resolved path, or "builtin:NAME"
    keys: tuple[str, ...] = ()


def builtin_source(name: str) -> Source | None:
    path = builtin_path(name)
    if path is None:
        return None
    text = path.read_text(encoding="utf-8").removeprefix(BOM)
    return Source(text, f"{name}{RULESET_SUFFIX}", path.parent, f"builtin:{name}")


def read_ruleset_bytes(path: Path, shown: str) -> bytes:
    """The bytes of a ruleset file, reading no more than the size limit allows: only a regular file
    is read (a pipe would block, a device never ends), its size is checked before reading, and at
    most ``MAX_BYTES + 1`` bytes are read (a file may grow while it is read)."""

    def fail(message: str) -> RulesetResolutionError:
        return RulesetResolutionError(Diagnostic(shown, 0, 0, message, code=codes.FILE_UNREADABLE))

    def too_large(size: str) -> RulesetSyntaxError:
        return RulesetSyntaxError(Diagnostic(shown, 1, 1, f"the file is {size} bytes; a ruleset may be at most {MAX_BYTES}",
                                             code=codes.FILE_TOO_LARGE))

    try:
        # O_NONBLOCK: opening a pipe with no writer must not wait for one
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise fail("no such file") from None
    except IsADirectoryError:
        raise fail("is a folder, not a ruleset file") from None
    except (OSError, ValueError) as exc:
        raise fail(f"cannot read: {_why(exc)}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise fail("is a folder, not a ruleset file")
        if not stat.S_ISREG(info.st_mode):
            raise fail("is not a regular file (a device, a pipe or a socket); a ruleset is read only from a file")
        if info.st_size > MAX_BYTES:
            raise too_large(str(info.st_size))
        chunks: list[bytes] = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise too_large(f"more than {MAX_BYTES}")
        return b"".join(chunks)
    except OSError as exc:
        raise fail(f"cannot read: {_why(exc)}") from None
    finally:
        os.close(fd)


def file_source(path: Path, shown_as: str | None = None) -> Source:
    shown = str(shown_as or path)
    data = read_ruleset_bytes(path, shown)
    try:
        text = data.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", "replace")) + 1
        shown_line = data[line_start:].split(b"\n", 1)[0].decode("utf-8", "replace")
        raise RulesetSyntaxError(
            Diagnostic(str(shown_as or path), line, column,
                       f"the file is not UTF-8 text: byte 0x{data[exc.start]:02x} here; save it as UTF-8", shown_line,
                       code=codes.NOT_UTF8)
        ) from None
    resolved = path.resolve()
    return Source(text, shown, resolved.parent, str(resolved))


def statement_key(st: Statement) -> tuple:
    if st.kind == "unset":
        return _unset_key(st)
    if st.kind == "follow_list":
        return ("follow", "follow_list", lead_label(st.node.args[0]))
    if st.kind == "trigger":  # one per condition: a house file restating a condition replaces its effects
        return (st.section, st.kind, _shape(st.node.args[0]))
    if st.section in ("upgrade", "solo_upgrade") and st.kind != "counted":  # each a table: any row replaces all the parent's
        return (st.section,)
    tag = st.node.first("in_language")
    if tag is not None:  # `ruleset in zh:` is a statement of its own beside `ruleset:`
        return (st.section, st.kind, str(as_leaf(tag.args[0]).value).lower())
    return (st.section, st.kind)


def _shape(node: Node | Leaf) -> tuple:
    """A syntax tree without its positions: the same however it is spaced."""
    if isinstance(node, Leaf):
        return (node.kind, node.value)
    return (node.kind, *(_shape(a) for a in node.args))


def _unset_key(st: Statement) -> tuple:
    """``unset: KEY`` has the key of the statement it takes back, so that it replaces it as any
    restatement would; a KEY that is no statement of its section keys nothing else."""
    target = as_node(st.node.args[0])
    if target.kind == "unset_follow_list":
        label = lead_label(target.args[0])
        return ("follow", "follow_list", label) if st.section == "follow" else ("unset", st.section, label)
    key = str(as_leaf(target.args[0]).value)
    kind = statement_kinds().get((st.section, key))
    return (st.section, kind) if kind is not None else ("unset", st.section, key)


def lead_label(node: Node | Leaf) -> str:
    """A lead key as words, the same however it was spelt: "pair", "tractor of n pairs"."""

    return describe_lead(node)


def _parent_source(child: Source, ref: str, st: Statement, text: str, trust: Trust) -> Source:
    leaf = st.node.args[0]
    pos = leaf.pos

    def fail(message: str, code: str) -> RulesetResolutionError:
        return RulesetResolutionError(
            Diagnostic(child.file, pos.line, pos.column, message, line_of(text, pos.line), pos.width, code=code,
                       end_line=pos.end_line, end_column=pos.end_column)
        )

    if not ref:
        raise fail("extends needs the name of a shipped ruleset or the path of a .tractor file", codes.EXTENDS_EMPTY)
    looks_like_path = "/" in ref or "\\" in ref or ref.endswith(RULESET_SUFFIX)
    if not looks_like_path:
        source = builtin_source(ref)
        if source is None:
            raise fail(f"no shipped ruleset is called {quoted(ref)}{did_you_mean(ref, builtin_names())}", codes.UNKNOWN_RULESET)
        return source
    # Only this file's own line is ever quoted: a parent that is refused is never opened, so no
    # message can show what another file holds, nor say whether a file outside exists.
    if not ref.endswith(RULESET_SUFFIX):
        raise fail(f"extends reads only {RULESET_SUFFIX} files: {quoted(ref)} is not one", codes.NOT_A_RULESET_FILE)
    folders = trust.folders_for(child)
    if not folders:
        raise fail(f"only shipped rulesets may be extended here, not the file {quoted(ref)}", codes.SHIPPED_ONLY)
    base = child.folder if child.folder is not None else Path.cwd()
    path = base / ref
    try:
        real = path.resolve()
    except (OSError, ValueError, RuntimeError) as exc:
        raise fail(f"cannot read {quoted(ref)}: {_why(exc)}", codes.PARENT_UNREADABLE) from None
    if not any(real.is_relative_to(folder) for folder in folders):
        where = "the folder of this ruleset" if trust.roots is None and not child.key.startswith("builtin:") \
            else "the folders rulesets may be read from"
        raise fail(f"{quoted(ref)} is outside {where}; extends reads only files in it and below", codes.OUTSIDE_ALLOWED_FOLDERS)
    if not real.name.endswith(RULESET_SUFFIX):
        raise fail(f"extends reads only {RULESET_SUFFIX} files: {quoted(ref)} is a link to another kind of file", codes.NOT_A_RULESET_FILE)
    try:
        exists = real.exists()
    except (OSError, ValueError) as exc:
        raise fail(f"cannot read {quoted(ref)}: {_why(exc)}", codes.PARENT_UNREADABLE) from None
    if not exists:
        raise fail(f"cannot find {quoted(ref)} (looked for {path if str(path).isprintable() else quoted(str(path))})", codes.PARENT_NOT_FOUND)
    # Name the parent as the user would: relative to the child's own name.
    shown = str(Path(child.file).parent / ref) if not child.key.startswith("builtin:") else ref
    try:
        return file_source(real, shown)
    except RulesetResolutionError as error:
        raise fail(f"cannot read {quoted(ref)}: {error.message}", codes.PARENT_UNREADABLE) from None


#: shipped rulesets' syntax trees parsed elsewhere (``use_saved_shipped_trees``), by (text, file)
_saved_trees: dict[tuple[str, str], SyntaxTree] = {}


#: syntax trees by (text, file): a tree is immutable, and most rulesets extend one of a few parents
_TREES: ByContent[SyntaxTree] = ByContent(128)


def _parse_once(text: str, file: str) -> SyntaxTree:
    """The syntax tree of ``text`` named ``file``, parsed once per process while it is kept
    (``memo``): a shipped ruleset's may come from ``use_saved_shipped_trees``."""
    saved = _saved_trees.get((text, file))
    if saved is not None:
        return saved
    return _TREES.get((text, file), len(text), lambda: parse(text, file))


def saved_shipped_trees() -> bytes:
    """The syntax trees of the shipped rulesets, pickled: the playground ships them, so that the
    browser's first answer does not parse the ruleset its text extends (a tenth of a second there)."""
    sources = [source for source in map(builtin_source, builtin_names()) if source is not None]
    return pickle.dumps({(source.text, source.file): parse(source.text, source.file) for source in sources})


def use_saved_shipped_trees(saved: bytes) -> int:
    """Take the trees ``saved_shipped_trees`` saved (by this version of tractor-rules: the bytes are
    unpickled, so they must come from where the code comes from) for the shipped rulesets of the
    same text; the number taken."""
    trees = pickle.loads(saved)
    _saved_trees.update(trees)
    _TREES.clear()
    return len(trees)


def resolve(source: Source, trust: Trust = Trust(), tree: SyntaxTree | None = None) -> Resolved:
    """Parse ``source`` and its chain of parents; merge their statements, the child's winning.
    ``trust`` says which files ``extends`` may read; ``tree`` is ``source`` already parsed (a
    document's tree: it is not parsed again)."""
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
                           line_of(first_child.text, leaf.pos.line), leaf.pos.width, code=codes.EXTENDS_CYCLE,
                           end_line=leaf.pos.end_line, end_column=leaf.pos.end_column)
            )
        if len(chain) >= MAX_DEPTH:
            child, tree = chain[-1]
            raise RulesetResolutionError(
                Diagnostic(child.file, 1, 1, f"more than {MAX_DEPTH} levels of extends", code=codes.EXTENDS_TOO_DEEP)
            )
        seen.append(current.key)
        if tree is None or current is not source:
            tree = _parse_once(current.text, current.file)
        chain.append((current, tree))
        extends = [st for st in tree.statements if st.section == "" and st.kind == "extends"]
        if len(extends) > 1:
            second = extends[1]
            raise RulesetResolutionError(
                Diagnostic(current.file, second.pos.line, second.pos.column,
                           f"'extends' is already set on line {extends[0].pos.line}: a ruleset has one parent",
                           line_of(current.text, second.pos.line), second.pos.width, code=codes.EXTENDS_TWICE,
                           end_line=second.pos.end_line, end_column=second.pos.end_column)
            )
        if not extends:
            current = None
        else:
            ext = extends[0]
            ref = as_leaf(ext.node.args[0])
            current = _parent_source(current, str(ref.value), ext, current.text, trust)

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
    return Resolved(statements, texts, tuple(src.file for src, _ in chain), chain[0][1], parent,
                    tuple(src.key for src, _ in chain))
