"""Text → syntax tree.  The only module that knows Lark; every Lark error becomes a
``RulesetSyntaxError`` here, at this one boundary."""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import tempfile
from functools import cache
from pathlib import Path
from typing import cast

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import Diagnostic, RulesetSyntaxError
from ..resources import grammar_path
from .suggest import close_matches
from .syntax import Comment, Leaf, Node, Position, Statement, SyntaxTree, line_of, source_lines

#: Bounds that keep any input from making the parser run away.
MAX_BYTES = 256 * 1024
MAX_NESTING = 16
MAX_DIGITS = 6
#: a byte-order mark, which some editors put at the start of a UTF-8 file: not part of the text
BOM = "\ufeff"

SECTIONS = (
    "table",
    "levels",
    "trumps",
    "combinations",
    "declare",
    "lead",
    "follow",
    "ruff",
    "kitty",
    "upgrade",
    "stakes",
)

_FRIENDLY = {
    "INT": "a number",
    "STRING": 'a quoted string ("...")',
    "CARD": "a card such as 5H",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}
#: rules the grammar marks with "!" to keep their words: their text is the value
_WORD_RULES = {"rank": "rank", "suit": "suit", "clockwise": "word", "sign": "word"}
_VALUE_TERMINALS = {"INT", "STRING", "CARD"}
#: ranks and suits spelt out in words, for "did you mean"
_CARD_WORDS = {
    "ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T",
    "spades": "S", "spade": "S", "hearts": "H", "heart": "H",
    "diamonds": "D", "diamond": "D", "clubs": "C", "club": "C",
}
_SUIT_GLYPHS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class _WordsAsKeywords:
    """Keeps the WORD terminal acceptable in every parser state, so that each word is lexed whole
    and turned into a keyword only when it spells one (Lark's "unless" callback).  Without it a
    misspelt keyword would be split into a keyword prefix and garbage."""

    always_accept = ("WORD",)

    def process(self, stream):
        return stream


_LARK_OPTIONS = dict(
    parser="lalr",
    lexer="contextual",
    propagate_positions=True,
    # Keywords stay in the tree so that every node's position spans its words too; the
    # converter below drops them.
    keep_all_tokens=True,
    maybe_placeholders=False,
)


@cache
def lark_parser() -> Lark:
    """The parser, built once per process.

    Building the LALR tables takes most of a cold start, so they are cached between processes, in a
    folder private to the user only (never the shared temporary folder, where anyone could plant a
    file that unpickling would run): see ``_cache_folder`` and docs/security.md."""
    grammar = grammar_path().read_text(encoding="utf-8")
    key = hashlib.sha256("\0".join([grammar, lark.__version__, repr(sorted(_LARK_OPTIONS.items())),
                                     str(_CACHE_FORMAT)]).encode("utf-8")).hexdigest()[:32]
    folder = _cache_folder()
    path = folder / f"parser-{key}.bin" if folder is not None else None
    if path is not None:
        payload = _read_private(path)
        if payload is not None:
            try:
                # Lark's own cache loader (``Lark.load`` takes no options; the lexer's postlex is
                # code, so it is given again rather than stored)
                return Lark.__new__(Lark)._load(io.BytesIO(payload), postlex=_WordsAsKeywords())
            except Exception:  # a cache from another version of a dependency: rebuilt below
                pass
    parser = Lark(grammar, postlex=_WordsAsKeywords(), **_LARK_OPTIONS)
    if path is not None:
        buffer = io.BytesIO()
        parser.save(buffer)
        _write_private(path, buffer.getvalue())
    return parser


#: bumped when the cache file's layout changes
_CACHE_FORMAT = 1


def _cache_folder() -> Path | None:
    """``$XDG_CACHE_HOME/tractor-rules`` (else ``~/.cache/tractor-rules``), created with mode 0700;
    None, and no caching, unless it is a real folder of this user that nobody else can write."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
        folder = root / "tractor-rules"
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except (OSError, RuntimeError, KeyError, ValueError):
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    return folder


def _read_private(path: Path) -> bytes | None:
    """The payload of a cache file, if the file is this user's own, writable by nobody else, and its
    content matches the hash written before it; else None.  Nothing is unpickled before this."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077 \
                or info.st_size > 16 * 1024 * 1024:
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    finally:
        os.close(fd)
    digest, _, payload = data.partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode("ascii") != digest:
        return None
    return payload


def _write_private(path: Path, payload: bytes) -> None:
    """Write a cache file atomically, mode 0600, its hash first; a failure only means no cache."""
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".parser-", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload)
        os.replace(tmp, path)
        tmp = ""
    except OSError:
        pass
    finally:
        if tmp:
            Path(tmp).unlink(missing_ok=True)


@cache
def _statement_keys() -> dict[str, tuple[str, ...]]:
    """Each statement's key ("next banker", "multiplier") → the sections it may be written in, to
    tell a user where a misplaced statement belongs.  Read from the grammar: a key is the keywords
    of a statement rule before its ':'."""
    keys: dict[str, tuple[str, ...]] = {}
    for section, key in statement_kinds():
        keys[key] = keys.get(key, ()) + (section,)
    return keys


@cache
def statement_kinds() -> dict[tuple[str, str], str]:
    """(section, a statement's key as written: "knock back") → the statement's kind ("knock_back"),
    for every statement of every section but the preamble (follow lists, keyed by their lead, and
    upgrade rows, by their scores, have no fixed key)."""
    parser = lark_parser()
    key_of: dict[str, str] = {}
    for rule in parser.rules:
        words: list[str] = []
        for symbol in rule.expansion:
            text = _keyword_text(symbol.name) if symbol.is_term else None
            if text == ":":
                if words and rule.origin.name not in key_of:
                    key_of[rule.origin.name] = " ".join(words)
                break
            if text is None or not text[0].isalpha():
                break
            words.append(text)
    kinds: dict[tuple[str, str], str] = {}
    for rule in parser.rules:
        owner = rule.origin.name
        if owner.startswith("_") and owner.endswith("_statement") and len(rule.expansion) == 1:
            section = owner[1 : -len("_statement")]
            if section == "preamble":
                continue  # the preamble has no header; misplacing it gets a message of its own
            kind = rule.expansion[0].name
            key = key_of.get(kind)
            if key is not None:
                kinds.setdefault((section, key), kind)
    return kinds


def _misplaced(found: str, line: str, column: int) -> str | None:
    """If the line from ``column`` starts with a statement key of some section, the message saying
    where that statement belongs."""
    colon = line.find(":", column - 1)
    written = " ".join(line[column - 1 : colon].split()) if colon >= column else found
    sections = _statement_keys().get(written)
    if sections is None:
        return None
    where = " or ".join(f"'{s}'" for s in sections)
    plural = "sections" if len(sections) > 1 else "section"
    return f"'{written}' is a statement of the {where} {plural}, not of this one"


def _keyword_text(terminal_name: str) -> str | None:
    try:
        pattern = lark_parser().get_terminal(terminal_name).pattern
    except KeyError:
        return None
    if pattern.type == "str":
        return pattern.value
    return None


def _describe_terminal(name: str) -> str | None:
    if name in _FRIENDLY:
        return _FRIENDLY[name]
    if name in ("WORD", "COMMENT"):
        return None
    text = _keyword_text(name)
    return f"'{text}'" if text is not None else name


def _expected_list(names: set[str]) -> str:
    described = sorted({d for d in (_describe_terminal(n) for n in names) if d})
    # Keywords first, then the general kinds ("a number", "the end of the line").
    described.sort(key=lambda d: (not d.startswith("'"), d))
    if len(described) > 14:
        described = described[:14] + ["..."]
    if not described:
        return "something else"
    if len(described) == 1:
        return described[0]
    return "one of " + ", ".join(described)


def _diag(file: str, text: str, line: int, column: int, message: str, width: int = 1) -> Diagnostic:
    return Diagnostic(file, line, column, message, line_of(text, line), width)


def _syntax_error(file: str, text: str, exc: UnexpectedInput) -> RulesetSyntaxError:
    line, column = max(exc.line, 1), max(exc.column, 1)
    if isinstance(exc, UnexpectedCharacters):
        pos = cast(int, exc.pos_in_stream)  # lark types it None on the base class; this error sets it
        char = text[pos] if 0 <= pos < len(text) else "?"
        if char == '"':
            message = "unterminated string: a string ends with \" on the same line"
        else:
            message = f"unexpected character {char!r}"
        return RulesetSyntaxError(_diag(file, text, line, column, message))
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = set(exc.accepts or exc.expected)
        if token.type == "$END":
            message = f"unexpected end of file, expected {_expected_list(expected)}"
            return RulesetSyntaxError(_diag(file, text, line, column, message))
        if token.type == "_NL":
            message = f"this line ends too early: expected {_expected_list(expected)}"
            return RulesetSyntaxError(_diag(file, text, token.line, token.column, message))
        found = str(token)
        message = f"expected {_expected_list(expected)}, found '{found}'"
        keyword_expected = any(_keyword_text(n) == found for n in expected)
        misplaced = None if keyword_expected else _misplaced(found, line_of(text, token.line), token.column)
        if found in ("ruleset", "description", "extends") and not keyword_expected:
            message = f"'{found}' belongs at the top of the file, before the first section"
        elif misplaced is not None:
            message = misplaced
        else:
            words = [w for w in (_keyword_text(n) for n in expected) if w]
            named = _CARD_WORDS.get(found.lower())
            close = [named] if named in words else close_matches(found, words)
            if close:
                message = f"unknown word '{found}': did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
        return RulesetSyntaxError(
            _diag(file, text, token.line, token.column, message, max(1, len(found)))
        )
    if isinstance(exc, UnexpectedEOF):
        message = f"unexpected end of file, expected {_expected_list(set(exc.expected))}"
        return RulesetSyntaxError(_diag(file, text, line, column, message))
    return RulesetSyntaxError(_diag(file, text, line, column, str(exc).splitlines()[0]))


def _preflight(file: str, text: str) -> None:
    """Reject input that is too large or nested too deeply before Lark sees it."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise RulesetSyntaxError(
            Diagnostic(file, 1, 1, f"the file is {size} bytes; a ruleset may be at most {MAX_BYTES}")
        )
    depth = 0
    in_string = in_comment = escaped = False
    line, column = 1, 0
    for char in text:
        column += 1
        if char == "\n":
            line, column = line + 1, 0
            in_string = in_comment = escaped = False
            continue
        if in_comment:
            continue
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == "#":
            in_comment = True
        elif char == '"':
            in_string = True
        elif char == "(":
            depth += 1
            if depth > MAX_NESTING:
                raise RulesetSyntaxError(
                    _diag(file, text, line, column, f"parentheses nested more than {MAX_NESTING} deep")
                )
        elif char == ")":
            depth = max(depth - 1, 0)


def _position(meta) -> Position:
    return Position(meta.line, meta.column, meta.end_line, meta.end_column)


def _token_position(token: Token) -> Position:
    # Lark types a token's position Optional (a token built by hand has none); a lexed one has it.
    line, column, end_line, end_column = token.line, token.column, token.end_line, token.end_column
    assert line is not None and column is not None and end_line is not None and end_column is not None, token
    return Position(line, column, end_line, end_column)


#: characters a string may not hold, even escaped: control characters other than tab and newline
#: (terminal escape sequences start with one) and the bidirectional overrides and isolates, which
#: would make a name shown on a terminal or a sheet read differently from what it holds
_FORBIDDEN_IN_STRINGS = frozenset(
    [chr(c) for c in range(0x20) if chr(c) not in "\t\n"] + [chr(0x7F)] + [chr(c) for c in range(0x80, 0xA0)]
    + [chr(c) for c in range(0x202A, 0x202F)] + [chr(c) for c in range(0x2066, 0x206A)]
)


def _decode_string(file: str, text: str, token: Token, pos: Position) -> str:
    try:
        value = json.loads(str(token))
    except ValueError:
        raise RulesetSyntaxError(
            _diag(file, text, pos.line, pos.column, "bad escape in string: use \\\" \\\\ \\n or \\uXXXX", len(token))
        ) from None
    bad = next((c for c in value if c in _FORBIDDEN_IN_STRINGS), None) if not value.isprintable() else None
    if bad is not None:
        raise RulesetSyntaxError(
            _diag(file, text, pos.line, pos.column,
                  f"a string cannot hold the control character U+{ord(bad):04X} (terminal escapes and "
                  "direction overrides are refused)", len(token))
        )
    return value


class _Converter:
    def __init__(self, file: str, text: str):
        self.file = file
        self.text = text

    def leaf(self, token: Token) -> Leaf:
        pos = _token_position(token)
        if token.type == "INT":
            digits = str(token).lstrip("0") or "0"
            if len(digits) > MAX_DIGITS:
                raise RulesetSyntaxError(
                    _diag(self.file, self.text, pos.line, pos.column,
                          f"number {token} is too large (at most {MAX_DIGITS} digits)", len(token))
                )
            return Leaf("int", int(digits), pos)
        if token.type == "STRING":
            return Leaf("str", _decode_string(self.file, self.text, token, pos), pos)
        if token.type == "CARD":
            raw = str(token)
            rank = "10" if raw[:-1] == "T" else raw[:-1]
            return Leaf("card", rank + _SUIT_GLYPHS.get(raw[-1], raw[-1]), pos)
        return Leaf("word", str(token), pos)

    def node(self, tree: Tree) -> Node | Leaf:
        kind = str(tree.data)
        if kind == "unset_words":
            # a statement key of one or more words ("knock back"): its text, spaced once
            tokens = [t for t in tree.children if isinstance(t, Token)]
            start, end = _token_position(tokens[0]), _token_position(tokens[-1])
            words = " ".join(str(t) for t in tokens)
            return Leaf("word", words, Position(start.line, start.column, end.end_line, end.end_column))
        if kind in _WORD_RULES:
            token = tree.children[0]
            assert isinstance(token, Token), token
            value = str(token)
            if kind == "suit":
                value = _SUIT_GLYPHS.get(value, value)
            elif kind == "rank" and value == "T":
                value = "10"
            return Leaf(_WORD_RULES[kind], value, _token_position(token))
        args: list[Node | Leaf] = []
        for child in tree.children:
            if isinstance(child, Tree):
                args.append(self.node(child))
            elif child.type in _VALUE_TERMINALS:
                args.append(self.leaf(child))
        pos = _position(tree.meta) if not tree.meta.empty else Position(0, 0, 0, 0)
        return Node(kind, tuple(args), pos)


def parse(text: str, file: str = "<string>") -> SyntaxTree:
    """Parse ruleset text.  Raises ``RulesetSyntaxError`` for anything the grammar rejects."""
    if not isinstance(text, str):
        raise RulesetSyntaxError(Diagnostic(file, 0, 0, "a ruleset must be text"))
    text = text.removeprefix(BOM)
    _preflight(file, text)
    source = text if text.endswith("\n") else text + "\n"
    try:
        tree = lark_parser().parse(source)
    except UnexpectedInput as exc:
        raise _syntax_error(file, source, exc) from None
    converter = _Converter(file, source)
    statements: list[Statement] = []
    sections: list[tuple[str, Position]] = []
    for part in tree.children:
        if not isinstance(part, Tree):
            continue
        name = str(part.data)
        section = "" if name == "preamble" else name
        if section:
            sections.append((section, _position(part.meta)))
        for child in part.children:
            if isinstance(child, Tree):
                node = converter.node(child)
                assert isinstance(node, Node)
                statements.append(Statement(section, node, file))
    return SyntaxTree(file, text, tuple(statements), tuple(sections), tuple(_comments(source)))


def _comments(text: str) -> list[Comment]:
    """Every comment with its position (strings are skipped, so a '#' inside one is not one)."""
    out: list[Comment] = []
    for number, line in enumerate(source_lines(text), start=1):
        in_string = escaped = False
        for index, char in enumerate(line):
            if in_string:
                if escaped:
                    escaped = False
                elif char == "\\":
                    escaped = True
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif char == "#":
                out.append(Comment(number, index + 1, line[index:].rstrip()))
                break
    return out


#: what the kinds of value terminals are called where the grammar expects one
VALUE_KINDS = {"INT": "number", "STRING": "string", "CARD": "card"}


def expected_after(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What the grammar accepts after ``text`` (a file's start up to a point between two words): the
    keywords as written ("opposite", "by", "J") and the kinds of value ("number", "string", "card",
    the names of ``VALUE_KINDS``).  None when ``text`` itself does not parse.  Editors complete
    with it."""
    try:
        interactive = lark_parser().parse_interactive(text)
        interactive.exhaust_lexer()
        accepted = interactive.accepts()
    except (UnexpectedInput, lark.exceptions.LarkError):
        return None
    words = {word for word in (_keyword_text(name) for name in accepted) if word is not None}
    kinds = {VALUE_KINDS[name] for name in accepted if name in VALUE_KINDS}
    return frozenset(words), frozenset(kinds)
