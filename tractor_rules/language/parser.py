"""Text → document: the syntax tree, the tokens, the comments and the syntax errors of one file.

The only module that knows Lark; every Lark error becomes a ``Diagnostic`` here, at this one
boundary.  The parser keeps going after an error: statements are one line each, so on an error it
goes back to the state it had at the start of that line, skips the line and carries on, and
``parse_document`` returns every syntax error of the file with what did parse.  ``parse`` is the
strict form the compiler uses: it raises ``RulesetSyntaxError`` with all of them.

Comments are collected by a lexer callback on the newline token (which holds them), so no second
scan of the text looks for them.
"""

from __future__ import annotations

import gc
import hashlib
import io
import json
import os
import re
import stat
import tempfile
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .. import codes
from ..errors import MAX_REPORTED, Diagnostic, Fix, RulesetSyntaxError
from ..resources import grammar_path
from ..rules import FORBIDDEN_IN_TEXT, MAX_FORMULA_OPERATORS
from .suggest import close_matches
from .syntax import (
    Comment,
    Document,
    Leaf,
    Node,
    Position,
    Statement,
    SyntaxNode,
    SyntaxToken,
    SyntaxTree,
    source_lines,
)

#: Bounds that keep any input from making the parser run away.
MAX_BYTES = 256 * 1024
MAX_NESTING = 16
MAX_DIGITS = 6
#: the operators of an expression, counted up to ``MAX_FORMULA_OPERATORS`` (``rules.expressions``)
_FORMULA_OPERATORS = frozenset({"+", "-", "*", "×", "/", "÷", "^", "min", "max", "and", "or", "not", "<", "<=", ">",
                                ">=", "=", "==", "!=", "≤", "≥", "≠"})
#: the statements that hold an expression, whose operators are counted
_EXPRESSION_STATEMENTS = frozenset({"multiplier", "when", "dug", "called", "buried", "counted"})
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
    "auction",
)

_FRIENDLY = {
    "INT": "a number",
    "STRING": 'a quoted string ("...")',
    "CARD": "a card such as 5H",
    "WORD": "a language code such as zh",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}
#: rules the grammar marks with "!" to keep their words: their text is the value
_WORD_RULES = {"rank": "rank", "suit": "suit", "suit_name": "word", "clockwise": "word", "sign": "word", "add_op": "word",
               "mul_op": "word", "comparator": "word"}
#: a WORD that reaches the tree is one the grammar takes as a value (a language tag): every other
#: word became a keyword or an error
_VALUE_TERMINALS = {"INT", "STRING", "CARD", "WORD"}
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
    # Every token stays in the tree, keywords and newlines too, so that the converter below places
    # each tree from its first token to its last (Lark's propagate_positions, worked out there
    # once instead of at every reduction) and the concrete tree holds the whole text.
    propagate_positions=False,
    keep_all_tokens=True,
    maybe_placeholders=False,
)


#: the newline tokens of the parse under way (they hold the comments), filled by the lexer callback;
#: a context variable, so that parses in several threads never mix their tokens
_NEWLINES: ContextVar[list[Token] | None] = ContextVar("tractor_rules_newlines", default=None)


def _note_newline(token: Token) -> Token:
    sink = _NEWLINES.get()
    if sink is not None:
        sink.append(token)
    return token


_LEXER_CALLBACKS = {"_NL": _note_newline}


_parser: Lark | None = None
#: held while the parser is built: threads that start together (a server's first requests) wait for
#: one build instead of each building their own
_parser_lock = threading.Lock()


def lark_parser() -> Lark:
    """The parser, built once per process (the Lark object is read-only once built: parses in several
    threads share it).

    Building the LALR tables takes most of a cold start, so they are cached between processes, in a
    folder private to the user only (never the shared temporary folder, where anyone could plant a
    file that unpickling would run): see ``_cache_folder`` and docs/security.md."""
    global _parser
    parser = _parser
    if parser is None:
        with _parser_lock:
            if _parser is None:
                _parser = _load_or_build_parser()
            parser = _parser
    return parser


def forget_parser() -> None:
    """Drop this process's parser, so that the next ``lark_parser()`` reads the cache file again."""
    global _parser
    with _parser_lock:
        _parser = None


def _parser_key(grammar: str) -> str:
    """What the parser's tables depend on: the grammar, Lark's version, its options, the layout."""
    return hashlib.sha256("\0".join([grammar, lark.__version__, repr(sorted(_LARK_OPTIONS.items())),
                                      str(_CACHE_FORMAT)]).encode("utf-8")).hexdigest()[:32]


def _load_saved(payload: bytes) -> Lark | None:
    """The parser saved in ``payload`` (``Lark.save``), or None when it cannot be read."""
    try:
        # Lark's own cache loader (``Lark.load`` takes no options; the lexer's postlex is
        # code, so it is given again rather than stored)
        with _collector_paused():
            return Lark.__new__(Lark)._load(io.BytesIO(payload), postlex=_WordsAsKeywords(),
                                            lexer_callbacks=_LEXER_CALLBACKS)
    except Exception:  # a cache from another version of a dependency: rebuilt by the caller
        return None


@contextmanager
def _collector_paused():
    """The cyclic garbage collector held off: loading the parser makes some 30,000 objects, none of
    them garbage, and the collector's passes in the middle of it, each walking everything the
    process holds so far, took a third of the load (of every command that parses a ruleset, of the
    language server's start).  It runs again, as before, once the load is over."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def saved_parser() -> bytes:
    """The parser's tables as Lark saves them, after the key of the grammar and Lark they were built
    for: the playground ships them, so that the browser reads them (``use_saved_parser``) instead of
    building them, which took most of the time of its first answer."""
    buffer = io.BytesIO()
    lark_parser().save(buffer)
    return _parser_key(grammar_path().read_text(encoding="utf-8")).encode("ascii") + b"\n" + buffer.getvalue()


def use_saved_parser(saved: bytes) -> bool:
    """Make the parser saved by ``saved_parser`` this process's parser, if it was built for this
    grammar and this Lark (else nothing changes: the parser is built when first needed).  The bytes
    are unpickled: they must come from where the code itself comes from."""
    global _parser
    key, _, payload = saved.partition(b"\n")
    if key != _parser_key(grammar_path().read_text(encoding="utf-8")).encode("ascii"):
        return False
    parser = _load_saved(payload)
    if parser is None:
        return False
    with _parser_lock:
        _parser = parser
    return True


def _load_or_build_parser() -> Lark:
    grammar = grammar_path().read_text(encoding="utf-8")
    key = _parser_key(grammar)
    folder = _cache_folder()
    path = folder / f"parser-{key}.bin" if folder is not None else None
    if path is not None:
        payload = _read_private(path)
        if payload is not None:
            parser = _load_saved(payload)
            if parser is not None:
                return parser
    parser = Lark(grammar, postlex=_WordsAsKeywords(), lexer_callbacks=_LEXER_CALLBACKS, **_LARK_OPTIONS)
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
def statement_keys() -> dict[str, tuple[str, ...]]:
    """Each statement's key ("next banker", "multiplier") → the sections it may be written in, to
    tell a user where a misplaced statement belongs.  Read from the grammar: a key is the keywords
    of a statement rule before its ':'."""
    keys: dict[str, tuple[str, ...]] = {}
    for section, key in statement_kinds():
        keys[key] = keys.get(key, ()) + (section,)
    return keys


#: the punctuation of statements and groups: every other symbol the grammar spells is an operator
_PUNCTUATION = frozenset({":", ",", "(", ")"})
#: the rules of a condition, whose words join and negate conditions (Lark names the helper rules of
#: their repetitions "__condition_star_N")
_CONDITION_RULES = ("condition", "conjunction", "negation")


@cache
def grammar_operators() -> tuple[str, ...]:
    """Every symbol the grammar spells that is neither a word, punctuation nor a suit ("<=", "≠",
    "÷", "+", "~"), longest first (so that "<=" wins over "<" in an alternation)."""
    found = {t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str"}
    found = {text for text in found if not text[:1].isalnum() and text not in _PUNCTUATION
             and text not in _SUIT_GLYPHS}
    return tuple(sorted(found, key=lambda text: (-len(text), text)))


@cache
def word_operators() -> tuple[str, ...]:
    """The words that join and negate conditions ("and", "or", "not"): the keywords of the
    condition rules."""
    found: set[str] = set()
    for rule in lark_parser().rules:
        name = rule.origin.name
        if name in _CONDITION_RULES or name.startswith(tuple(f"__{r}_" for r in _CONDITION_RULES)):
            for symbol in rule.expansion:
                text = _keyword_text(symbol.name) if symbol.is_term else None
                if text is not None and text[:1].isalpha():
                    found.add(text)
    return tuple(sorted(found))


@cache
def function_words() -> tuple[str, ...]:
    """The keywords written as a call, right before a '(' ("min", "max")."""
    found: set[str] = set()
    for rule in lark_parser().rules:
        for symbol, following in zip(rule.expansion, rule.expansion[1:]):
            if symbol.is_term and following.is_term and _keyword_text(following.name) == "(":
                text = _keyword_text(symbol.name)
                if text is not None and text[:1].isalpha():
                    found.add(text)
    return tuple(sorted(found))


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


#: the characters of a word that may be meant as a card
_CARD_CHARACTER = re.compile(r"[0-9A-Za-z♠♥♦♣]")
#: a word meant as a card: a number, a rank letter, or any capital, then one letter or suit symbol
#: (a word that neither starts like a rank nor ends like a suit, such as "NO", is left to the
#: parser's own message)
_CARD_LIKE = re.compile(r"(?:[0-9]{1,3}|[A-Z])[A-Za-z♠♥♦♣]")
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "T")
_SUITS = "SHDC♠♥♦♣"
#: how a card is written, said after what is wrong with one (docs/language.md, "Cards")
CARD_NOTATION = ("a card is a rank (2 to 10, J, Q, K or A) then a suit (S, H, D or C, or ♠ ♥ ♦ ♣), with no "
                 "space: 5H, 10S, A♣")


def card_problem(written: str) -> tuple[str, str | None] | None:
    """What is wrong with ``written`` as a card, and the card it was probably meant to be (None when
    that cannot be told); None when ``written`` is a card, or does not look like one."""
    if not _CARD_LIKE.fullmatch(written):
        return None
    rank, suit = written[:-1], written[-1]
    rank_ok, suit_ok = rank in _RANKS, suit in _SUITS
    if rank_ok and suit_ok:
        return None
    if not rank_ok and not (rank.isdigit() or rank in "JQKAT" or suit in _SUITS):
        return None  # neither part looks like a card's ("Xy"): the parser says what it expected
    problems = []
    meant_rank: str | None = rank
    if not rank_ok:
        if rank == "1":
            problems.append("there is no rank 1 (an ace is A)")
            meant_rank = "A"
        elif rank.isdigit():
            problems.append(f"there is no rank {rank}")
            meant_rank = None
        else:
            problems.append(f"'{rank}' is not a rank")
            meant_rank = None
    meant_suit: str | None = suit
    if not suit_ok:
        if suit.upper() in _SUITS:
            problems.append(f"a suit is a capital letter ({suit.upper()})")
            meant_suit = suit.upper()
        else:
            problems.append(f"'{suit}' is not a suit")
            meant_suit = None
    meant = meant_rank + meant_suit if meant_rank is not None and meant_suit is not None else None
    return f"'{written}' is not a card: {' and '.join(problems)}; {CARD_NOTATION}", meant


def _misplaced(written: str) -> str | None:
    """If ``written`` (a statement's whole key) is the key of a statement of some section, the
    message saying where that statement belongs."""
    sections = statement_keys().get(written)
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


def _diag(file: str, lines: list[str], line: int, column: int, message: str, code: str, width: int = 1,
          fixes: tuple[Fix, ...] = ()) -> Diagnostic:
    shown = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(file, line, column, message, shown, width, code=code, fixes=fixes)


def _syntax_diagnostic(file: str, text: str, lines: list[str], exc: UnexpectedInput,
                       expected: set[str]) -> Diagnostic:
    """The diagnostic for a Lark error, in the game's words; ``lines`` are the lines of ``text``;
    ``expected`` holds the terminals the parser would have taken there."""
    line, column = max(exc.line, 1), max(exc.column, 1)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        char = text[pos] if pos is not None and 0 <= pos < len(text) else "?"
        if char == '"':
            return _diag(file, lines, line, column, "unterminated string: a string ends with \" on the same line",
                         codes.UNTERMINATED_STRING)
        return _diag(file, lines, line, column, f"unexpected character {char!r}", codes.UNEXPECTED_CHARACTER)
    assert isinstance(exc, UnexpectedToken), exc
    token = exc.token
    if token.type == "$END":
        return _diag(file, lines, line, column, f"unexpected end of file, expected {_expected_list(expected)}",
                     codes.UNEXPECTED_END)
    assert token.line is not None and token.column is not None, token
    if token.type == "_NL":
        return _diag(file, lines, token.line, token.column,
                     f"this line ends too early: expected {_expected_list(expected)}", codes.LINE_ENDS_EARLY)
    found = str(token)
    width = max(1, len(found))
    keyword_expected = any(_keyword_text(n) == found for n in expected)
    line_text = lines[token.line - 1] if token.line <= len(lines) else ""
    key = _statement_key(line_text, token.column)
    if found in ("ruleset", "description", "extends") and not keyword_expected:
        message = f"'{found}' belongs at the top of the file, before the first section"
        return _diag(file, lines, token.line, token.column, message, codes.WRONG_SECTION, width)
    if key is not None and not keyword_expected:
        written, column = key
        misplaced = _misplaced(written)
        if misplaced is not None:
            return _diag(file, lines, token.line, column, misplaced, codes.WRONG_SECTION, len(written))
    words = [w for w in (_keyword_text(n) for n in expected) if w]
    named = _CARD_WORDS.get(found.lower())
    close = [named] if named in words else close_matches(found, words)
    if close:
        message = f"unknown word '{_shortened(found)}': did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
        fixes = tuple(Fix(f"replace with '{c}'", token.line, token.column, token.line, token.column + len(found), c)
                      for c in close)
        return _diag(file, lines, token.line, token.column, message, codes.UNKNOWN_WORD, width, fixes)
    section = _section_of(lines, token.line)
    unknown = None if key is None or key[1] == token.column or section is None else \
        _unknown_statement(file, lines, token.line, key, section)
    if unknown is not None:
        return unknown
    return _diag(file, lines, token.line, token.column, f"expected {_expected_list(expected)}, found '{_shortened(found)}'",
                 codes.UNEXPECTED_TOKEN, width)


#: the words that name players, as rule expressions and statements write them, longest first
#: (a wrong-kind error names the whole phrase)
_PLAYER_PHRASES = (
    "the first of the winners after the banker", "the winner of the last trick", "the banker's partner",
    "the next seat", "the bankers", "the attackers", "the winners", "the losers", "the banker", "the declarer",
    "an attacker", "a banker", "bankers", "attackers", "winners", "losers", "banker", "partner", "declarer",
)
#: the words that begin a condition and nothing else
_CONDITION_PHRASES = ("nobody declared", "no-trump", "the level is", "a hand ends", "the first hand", "not",
                      "the extra level")
#: the verbs that make a condition of a team ("the attackers win")
_TEAM_VERBS = ("win", "wins", "lose", "loses", "took", "lost", "played")
_COMPARATOR_SPELLINGS = frozenset({"<", "<=", ">", ">=", "=", "==", "!=", "≤", "≥", "≠"})
#: the words after a team that make an effect of it ("bankers +1 level", "attackers back to 2")
_EFFECT_WORDS = ("+", "-", "back", "knocked", "to")


def _effect_from_team(line: str, column: int) -> tuple[int, str, str] | None:
    """Where an effect starts whose team ends just before ``column`` (1-based) on ``line``: the
    team's column, the team as written and the effect's words up to the ':' or the next ','."""
    before = line[:column - 1].rstrip()
    for team in _PLAYER_PHRASES:
        if before.endswith(team) and (len(before) == len(team) or not before[-len(team) - 1].isalnum()):
            start = len(before) - len(team)
            words = line[start:].split("#", 1)[0].split(":", 1)[0].split(",", 1)[0].rstrip()
            return start + 1, team, words
    return None


def _phrase_at(line: str, column: int, phrases: tuple[str, ...]) -> str | None:
    """The first of ``phrases`` that ``line`` holds at ``column`` (1-based), as whole words."""
    rest = line[column - 1:]
    for phrase in phrases:
        if rest.startswith(phrase) and (len(rest) == len(phrase) or not (rest[len(phrase)].isalnum()
                                                                         or rest[len(phrase)] in "'-")):
            return phrase
    return None


def _wrong_kind(file: str, lines: list[str], token: Token, expected: set[str],
                before: set[str]) -> Diagnostic | None:
    """The diagnostic for a word of another kind where a number, a card or a condition goes: a
    condition (a comparison, "and", "nobody declared", "the attackers win") or a player ("the
    banker") where the statement takes a number; a player where it takes a card; an effect
    ("bankers +1 level") where it takes a condition.  ``expected``: what the parser
    takes at the token; ``before``: what it took just before it, where a number may have ended.
    None for any other error."""
    if token.type in ("$END", "_NL") or token.line is None or token.column is None:
        return None
    number_ends = any(_keyword_text(name) in ("+", "-", "*", "×", "/", "÷", "^") for name in before)
    takes_number = "INT" in expected
    takes_card = "CARD" in expected
    found = str(token)
    line_text = lines[token.line - 1] if token.line <= len(lines) else ""
    key = " ".join(line_text.split("#", 1)[0].split(":", 1)[0].split())
    known = key in statement_keys()

    def takes(kind: str) -> str:
        return f"'{key}' takes {kind} here" if known else f"{kind} goes here"

    listed = _expected_list(expected)
    if found in _EFFECT_WORDS and any(_keyword_text(name) in _TEAM_VERBS for name in expected):
        effect = _effect_from_team(line_text, token.column)
        if effect is not None:
            start, team, words = effect
            where = ("the effects come after the ':'" if line_text.split()[:1] == ["when"]
                     else takes("a condition"))
            said = (f"'{words}' is an effect where a condition goes: a condition says what happened "
                    f"('{team} lose'), and {where}")
            return _diag(file, lines, token.line, start, said, codes.WRONG_KIND, len(words))
    message = None
    width = len(found)
    if number_ends and (found in _COMPARATOR_SPELLINGS or found in ("and", "or")):
        joins = "compares two numbers" if found in _COMPARATOR_SPELLINGS else "joins two conditions"
        message = (f"a condition where a number goes: '{found}' {joins} into a condition (it holds or not), "
                   f"and {takes('a number')}: write the number alone")
    elif takes_number or takes_card:
        player = _phrase_at(line_text, token.column, _PLAYER_PHRASES)
        condition = _phrase_at(line_text, token.column, _CONDITION_PHRASES)
        if player is not None:
            after = line_text[token.column - 1 + len(player):].split()
            if after and after[0] in _TEAM_VERBS and takes_number and not takes_card:
                condition = f"{player} {after[0]}"
            elif takes_card:
                message = f"'{player}' names a player where a card goes: {takes('a card')}, such as 5H"
                width = len(player)
            else:
                message = f"'{player}' names a player where a number goes: {takes('a number')}: expected {listed}"
                width = len(player)
        if message is None and condition is not None and takes_number:
            message = f"'{condition}' is a condition where a number goes: {takes('a number')}: expected {listed}"
            width = len(condition)
    if message is None:
        return None
    return _diag(file, lines, token.line, token.column, message, codes.WRONG_KIND, max(1, width))


def _statement_key(line: str, column: int) -> tuple[str, int] | None:
    """The key of the statement on ``line`` (its words before the ':', blanks made single) and the
    column it starts at, when the place ``column`` is inside that key; None on a line without a
    key or past it."""
    code = line.split("#", 1)[0]
    colon = code.find(":")
    start = len(code) - len(code.lstrip())
    if colon < 0 or not start < column <= colon:
        return None
    written = " ".join(code[start:colon].split())
    return (written, start + 1) if written else None


def _section_of(lines: list[str], number: int) -> str | None:
    """The section that line ``number`` is written in: the nearest header above it (a line of its
    own that starts with a section's name and holds no ':'); None before the first."""
    for line in reversed(lines[: number - 1]):
        code = line.split("#", 1)[0]
        words = code.split()
        if words and ":" not in code and words[0] in SECTIONS:
            return words[0]
    return None


def _unknown_statement(file: str, lines: list[str], line: int, key: tuple[str, int], section: str) -> Diagnostic | None:
    """A statement key that no section has, whose first words the section took: "protect tractors"
    in 'follow', where the parser's own error would be about "tractors" alone.  Did you mean: the
    section's statements that start with the same word, else those spelt closest.  None when no
    statement is close: the key may then start one of the statements that have no fixed key (a
    follow list, an upgrade row), and the parser's own list of what it expected says more."""
    written, column = key
    keys = [k for s, k in statement_kinds() if s == section and k != "unset"]
    first = written.split()[0]
    close = [k for k in keys if k.split()[0] == first] or close_matches(written, keys)
    if not close:
        return None
    shown = _shortened(written)
    message = (f"'{shown}' is not a statement of the '{section}' section: did you mean "
               + " or ".join(f"'{c}'" for c in close) + "?")
    fixes = tuple(Fix(f"replace with '{c}'", line, column, line, column + len(written), c) for c in close)
    return _diag(file, lines, line, column, message, codes.UNKNOWN_WORD, len(written), fixes)


#: the longest token a message quotes whole; a longer one is cut (the caret still underlines it all)
_QUOTED = 40


def _shortened(token: str) -> str:
    """A token as a message quotes it: whole up to ``_QUOTED`` characters, else its start and "…",
    so that a message stays one short line whatever the input."""
    return token if len(token) <= _QUOTED else token[:_QUOTED] + "…"


def _too_large(file: str, text: str) -> Diagnostic | None:
    """Input too large for the parser, refused before Lark sees it."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        return Diagnostic(file, 1, 1, f"the file is {size} bytes; a ruleset may be at most {MAX_BYTES}",
                          code=codes.FILE_TOO_LARGE)
    return None


#: characters refused wherever they are, even in a comment: half of a surrogate pair (no character:
#: the text could not be written as UTF-8) and a carriage return with no line feed after it
_REFUSED_ANYWHERE = re.compile("[\ud800-\udfff]|\r(?!\n)")
#: what stands in for each while the rest of the text is parsed: a space (one for one, so columns
#: stay right, and ignored between words, so the character gets no second error)
_STAND_IN = " "


def _refused_characters(file: str, text: str) -> tuple[str, list[Diagnostic]]:
    """The text to parse, each refused character replaced by a stand-in, and a diagnostic for the
    first of each kind (with how many more there are).

    A lone carriage return is refused rather than read as a line end: the lexer would take it for
    part of the line, but Markdown, editors and ``str.splitlines`` end the line there, so a
    comment holding one would show as text that the compiler never read (the gallery page put
    what followed one outside its code block)."""
    if not _REFUSED_ANYWHERE.search(text):
        return text, []
    found: dict[str, list[int]] = {}
    for match in _REFUSED_ANYWHERE.finditer(text):
        kind = "\r" if match.group() == "\r" else "surrogate"
        found.setdefault(kind, []).append(match.start())
    lines = source_lines(text)
    out: list[Diagnostic] = []
    for kind, offsets in found.items():
        first = offsets[0]
        line = text.count("\n", 0, first) + 1
        column = first - (text.rfind("\n", 0, first) + 1) + 1
        more = f" ({len(offsets) - 1} more in this file)" if len(offsets) > 1 else ""
        if kind == "\r":
            message = ("a carriage return without a line feed after it (an old Mac line end): end lines "
                       f"with LF or CRLF{more}")
            code = codes.LONE_CARRIAGE_RETURN
        else:
            message = (f"U+{ord(text[first]):04X} is half of a surrogate pair, no character on its own: the "
                       f"text cannot be saved as UTF-8{more}")
            code = codes.LONE_SURROGATE
        out.append(_diag(file, lines, line, column, message, code))
    return _REFUSED_ANYWHERE.sub(_STAND_IN, text), out


def _token_position(token: Token) -> Position:
    # Lark types a token's position Optional (a token built by hand has none); a lexed one has it.
    line, column, end_line, end_column = token.line, token.column, token.end_line, token.end_column
    assert line is not None and column is not None and end_line is not None and end_column is not None, token
    return Position(line, column, end_line, end_column)


#: characters a string may not hold, even escaped (the rules' own list: ``Rules.from_dict`` refuses
#: them in the JSON form's texts too)
_FORBIDDEN_IN_STRINGS = FORBIDDEN_IN_TEXT


class _BadValue(Exception):
    """A value the grammar accepts but the language does not (a number too long, a bad escape):
    the statement holding it is left out of the tree, and the diagnostic reported."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


#: a ``\\uXXXX`` escape naming half of a surrogate pair
_SURROGATE_ESCAPE = re.compile(r"\\\\|\\u([dD][89a-fA-F][0-9a-fA-F]{2})")


def _lone_surrogate_escape(raw: str) -> tuple[int, str] | None:
    """Where in the string token ``raw`` an escape makes half of a surrogate pair with no other half
    beside it (``"\\ud800"``), and the escape; None when there is none.  A high half escaped
    right before a low half is one character (``"\\ud83c\\udca1"`` is 🂡)."""
    matches = [m for m in _SURROGATE_ESCAPE.finditer(raw) if m.group(1)]
    i = 0
    while i < len(matches):
        m = matches[i]
        high = int(m.group(1), 16) < 0xDC00
        following = matches[i + 1] if i + 1 < len(matches) else None
        if high and following is not None and following.start() == m.end() and int(following.group(1), 16) >= 0xDC00:
            i += 2
            continue
        return m.start(), m.group(0)
    return None


def _decode_string(file: str, text: list[str], token: Token, pos: Position) -> str:
    try:
        value = json.loads(str(token))
    except ValueError:
        raise _BadValue(_diag(file, text, pos.line, pos.column, "bad escape in string: use \\\" \\\\ \\n or \\uXXXX",
                              codes.BAD_ESCAPE, len(token))) from None
    lone = _lone_surrogate_escape(str(token))
    if lone is not None:
        # the text cannot be written out as UTF-8 (a sheet, a JSON export, a terminal would fail)
        offset, escape = lone
        raise _BadValue(_diag(file, text, pos.line, pos.column + offset,
                              f"'{escape}' is half of a surrogate pair, no character on its own: write the "
                              "character itself, or both halves of its pair", codes.LONE_SURROGATE, len(escape)))
    bad = next((c for c in value if c in _FORBIDDEN_IN_STRINGS), None) if not value.isprintable() else None
    if bad is not None:
        raise _BadValue(_diag(file, text, pos.line, pos.column,
                              f"a string cannot hold the control character U+{ord(bad):04X} (terminal escapes and "
                              "direction overrides are refused)", codes.CONTROL_CHARACTER, len(token)))
    return value


#: the position of a tree without a token (an empty list): Lark's "empty" meta
_NOWHERE = Position(0, 0, 0, 0)


class _Converter:
    """One parse's Lark tree as the package's trees: the statements' syntax trees (values only) and
    the concrete tree (every token).  Each token's position and ``SyntaxToken`` are made once and
    shared by both trees and the document's token list; each tree's position is worked out once, by
    ``place``, from its first and last token (newlines included), as Lark's ``propagate_positions``
    would at every reduction of the parse, most of which error recovery throws away."""

    def __init__(self, file: str, lines: list[str], tokens: list[Token]):
        self.file = file
        self.text = lines
        #: every token read (newlines too), by ``id`` of the Lark token: the tokens live as long
        #: as the conversion, and each token of the tree is one of them
        self._tokens: dict[int, SyntaxToken] = {
            id(token): SyntaxToken(token.type, str(token), _token_position(token)) for token in tokens}
        #: by ``id`` of the Lark tree, filled by ``place``
        self._places: dict[int, Position] = {}

    def token(self, token: Token) -> SyntaxToken:
        return self._tokens[id(token)]

    def place(self, tree: Tree) -> Position:
        """Where ``tree`` starts and ends (``_NOWHERE`` when it holds no token), and every tree below it."""
        tokens = self._tokens
        first = last = None
        for child in tree.children:
            pos = self.place(child) if isinstance(child, Tree) else tokens[id(child)].pos
            if pos is not _NOWHERE:
                if first is None:
                    first = pos
                last = pos
        if first is None or last is None:
            placed = _NOWHERE
        elif first is last:
            placed = first
        else:
            placed = Position(first.line, first.column, last.end_line, last.end_column)
        self._places[id(tree)] = placed
        return placed

    def leaf(self, token: Token) -> Leaf:
        pos = self.token(token).pos
        if token.type == "INT":
            digits = str(token).lstrip("0") or "0"
            if len(digits) > MAX_DIGITS:
                raise _BadValue(_diag(self.file, self.text, pos.line, pos.column,
                                      f"number {token} is too large (at most {MAX_DIGITS} digits)",
                                      codes.NUMBER_TOO_LARGE, len(token)))
            return Leaf("int", int(digits), pos)
        if token.type == "STRING":
            return Leaf("str", _decode_string(self.file, self.text, token, pos), pos)
        if token.type == "CARD":
            raw = str(token)
            rank = "10" if raw[:-1] == "T" else raw[:-1]
            return Leaf("card", rank + _SUIT_GLYPHS.get(raw[-1], raw[-1]), pos)
        return Leaf("word", str(token), pos)

    def node(self, tree: Tree) -> Node | Leaf:
        """The statement syntax tree of ``tree`` (placed by ``place`` first)."""
        kind = str(tree.data)
        if kind == "unset_words":
            # a statement key of one or more words ("knock back"): its text, spaced once
            tokens = [t for t in tree.children if isinstance(t, Token)]
            words = " ".join(str(t) for t in tokens)
            return Leaf("word", words, self._span(tokens))
        if kind == "team":
            # "the attackers" or "attackers": the team's word, its position spanning both
            tokens = [t for t in tree.children if isinstance(t, Token)]
            return Leaf("team", str(tokens[-1]), self._span(tokens))
        if kind in _WORD_RULES:
            token = tree.children[0]
            assert isinstance(token, Token), token
            value = str(token)
            if kind == "suit":
                value = _SUIT_GLYPHS.get(value, value)
            elif kind == "rank" and value == "T":
                value = "10"
            return Leaf(_WORD_RULES[kind], value, self.token(token).pos)
        args: list[Node | Leaf] = []
        for child in tree.children:
            if isinstance(child, Tree):
                args.append(self.node(child))
            elif child.type in _VALUE_TERMINALS:
                args.append(self.leaf(child))
        return Node(kind, tuple(args), self._places[id(tree)])

    def _span(self, tokens: list[Token]) -> Position:
        start, end = self.token(tokens[0]).pos, self.token(tokens[-1]).pos
        return Position(start.line, start.column, end.end_line, end.end_column)

    def placed(self, tree: Tree) -> Position:
        """Where ``tree`` starts and ends, as ``place`` found it."""
        return self._places[id(tree)]

    def concrete(self, tree: Tree, kept: list[Tree | Token] | None = None) -> SyntaxNode:
        """``tree`` (placed by ``place`` first) as the package's own concrete tree: every rule and
        every token, newlines left out; only the children ``kept`` when given (a part less the
        statements left out), its place still the whole tree's."""
        tokens = self._tokens
        children: list[SyntaxNode | SyntaxToken] = []
        for child in tree.children if kept is None else kept:
            if isinstance(child, Tree):
                children.append(self.concrete(child))
            elif child.type != "_NL":
                children.append(tokens[id(child)])
        return SyntaxNode(str(tree.data), tuple(children), self._places[id(tree)])


#: what follows the end of a skipped line: its newline, then blank lines, indentation and comments
_LINE_END = re.compile(r"(?:\r?\n[\t \f]*|#[^\n]*)+")


class _LineLimits:
    """The bounds each line of a text is held to as its tokens are read: at most
    ``MAX_FORMULA_OPERATORS`` operators in an expression's line, parentheses at most ``MAX_NESTING``
    deep.  ``start_line`` is told the first token of each line; ``past_a_bound`` every token of an
    expression's line (``formula``) and every parenthesis of the others."""

    __slots__ = ("depth", "operators", "formula", "previous")

    def __init__(self) -> None:
        self.depth = self.operators = 0
        #: the statement's key when the line holds an expression, else ""
        self.formula = self.previous = ""

    def start_line(self, token: Token) -> None:
        text = str(token)
        self.depth = self.operators = 0
        self.formula = text if token.type != "STRING" and text in _EXPRESSION_STATEMENTS else ""
        self.previous = ""

    def past_a_bound(self, token: Token) -> str | None:
        """"operators" or "nesting" when ``token`` goes past that bound, else None."""
        text = str(token)
        if self.formula and token.type != "STRING":
            # a comma between parentheses is one more operand of min or max; "=" in a
            # multiplier's line is a table row's, not a comparison
            counted = text in _FORMULA_OPERATORS or (text == "," and self.depth > 0)
            if counted and self.formula == "multiplier" and text in ("=", "=="):
                counted = False
            # "×" right after ":" or "=" is a factor copied from the sheet, reported by the
            # compiler; elsewhere it multiplies
            if counted and not (text == "×" and self.previous in (":", "=")):
                self.operators += 1
                if self.operators > MAX_FORMULA_OPERATORS:
                    return "operators"
        self.previous = text
        if token.type == "LPAR":
            self.depth += 1
            if self.depth > MAX_NESTING:
                return "nesting"
        elif token.type == "RPAR":
            self.depth -= 1
        return None


#: the tokens every line's bounds look at, whatever the line
_PARENTHESES = frozenset({"LPAR", "RPAR"})


class _RecoveringParse:
    """One run of the parser over a text, going on after each error (see the module docstring)."""

    def __init__(self, file: str, source: str, lines: list[str] | None = None):
        self.file = file
        self.source = source
        #: the lines diagnostics show: the text's own, even where a stand-in replaced a character
        self.lines = source_lines(source) if lines is None else lines
        self.diagnostics: list[Diagnostic] = []
        self.tokens: list[Token] = []
        #: an error on a line that looks like a section header hides the errors that follow
        #: until the next header: they would only say that statements are in the wrong section
        self.header_lost = False
        #: the parser's state where the line being read starts, and the index in ``tokens`` of the
        #: line's first token: what the parser would take at a point of the line is found again
        #: from them when an error needs it
        self.line_start: Any = None  # a ParserState of Lark's (its module moved between versions)
        self.line_first_token = 0

    def run(self) -> Tree:
        """The tree of what parses, every error recorded: a line with an error is skipped and the
        parser goes on from the state it had at the line's start."""
        parser = lark_parser()
        cursor = parser.parse_interactive(self.source)
        line_start = cursor.parser_state.copy(deepcopy_values=False)
        limits = _LineLimits()
        first_of_line = True
        tokens = self.tokens
        while True:
            # the parser state's own feed_token, bound once per run of lines without an error (the
            # cursor's adds a call and a test for the end of the text to each token)
            feed = cursor.parser_state.feed_token
            try:
                for token in cursor.lexer_thread.lex(cursor.parser_state):
                    if first_of_line:
                        line_start = cursor.parser_state.copy(deepcopy_values=False)
                        self.line_start, self.line_first_token = line_start, len(tokens)
                        limits.start_line(token)
                    bound = limits.past_a_bound(token) if limits.formula or token.type in _PARENTHESES else None
                    if bound == "operators":
                        self._formula_too_long(token)
                        raise _SkipLine(token)
                    if bound == "nesting":
                        self._nested_too_deep(token)
                        raise _SkipLine(token)
                    feed(token)
                    tokens.append(token)
                    if first_of_line and token.type != "_NL" and str(token) in SECTIONS:
                        self.header_lost = False
                    first_of_line = token.type == "_NL"
                return cursor.feed_eof(self.tokens[-1] if self.tokens else None)
            except (UnexpectedToken, UnexpectedCharacters) as exc:
                if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
                    self._record(exc, cursor)
                    cursor.parser_state = line_start.copy(deepcopy_values=False)
                    return cursor.feed_eof(self.tokens[-1] if self.tokens else None)
                self._record(exc, cursor)
                at = self._error_offset(exc)
                newline_token = isinstance(exc, UnexpectedToken) and exc.token.type == "_NL"
            except _SkipLine as skip:
                at, newline_token = skip.token.start_pos or 0, False
            cursor.parser_state = line_start.copy(deepcopy_values=False)
            first_of_line = True
            if not newline_token and not self._skip_line(cursor, at):
                return cursor.feed_eof(self.tokens[-1] if self.tokens else None)

    def _error_offset(self, exc: UnexpectedInput) -> int:
        if isinstance(exc, UnexpectedToken):
            return exc.token.start_pos or 0
        return exc.pos_in_stream or 0

    def _skip_line(self, cursor, at: int) -> bool:
        """Move the lexer past the end of the line holding offset ``at``; False at the end of the text."""
        newline = self.source.find("\n", at)
        if newline < 0:
            return False
        start = newline - 1 if newline and self.source[newline - 1] == "\r" else newline
        match = _LINE_END.match(self.source, start)
        assert match is not None
        counter = cursor.lexer_thread.state.line_ctr
        if match.end() > counter.char_pos:
            counter.feed(self.source[counter.char_pos : match.end()])
        return match.end() < len(self.source)

    def _record(self, exc: UnexpectedInput, cursor) -> None:
        if self.header_lost:
            return
        number = max(exc.line, 1)
        line = self.lines[number - 1] if number <= len(self.lines) else ""
        looks_like_header = bool(line) and not line[0].isspace() and ":" not in line.split("#")[0]
        if looks_like_header and line.split()[0] not in ("ruleset", "description", "extends"):
            self.header_lost = True
        expected: set[str] = set()
        if isinstance(exc, UnexpectedToken):
            # the terminals that would really advance the parser; past the report's length the
            # cheaper list Lark gives is enough (a hostile file can hold thousands of errors)
            cheap = len(self.diagnostics) >= MAX_REPORTED
            expected = set(exc.expected) if cheap else set(cursor.accepts() or exc.expected)
            card = None if cheap else self._wrong_card(exc.token, cursor)
            if card is not None:
                self.diagnostics.append(card)
                return
            kind = None if cheap or exc.token.start_pos is None else _wrong_kind(
                self.file, self.lines, exc.token, expected, self._accepts_at(cursor, exc.token.start_pos))
            if kind is None and not cheap:
                kind = self._wrong_kind_after_the(exc.token, cursor)
            if kind is not None:
                self.diagnostics.append(kind)
                return
        self.diagnostics.append(_syntax_diagnostic(self.file, self.source, self.lines, exc, expected))

    def _wrong_card(self, token: Token, cursor) -> Diagnostic | None:
        """The diagnostic for a card written wrong (``2X``, ``11H``, ``1S``), when the error is in a
        word that looks like a card and the grammar takes a card where that word starts.  The lexer
        reads such a word as a number and a letter (or a word), so the parser's own error would be
        about the letter, with a list of what it expected after the number."""
        if token.type in ("$END", "_NL") or token.start_pos is None or token.end_pos is None:
            return None
        start, end = token.start_pos, token.end_pos
        while start > 0 and _CARD_CHARACTER.match(self.source[start - 1]):
            start -= 1
        while end < len(self.source) and _CARD_CHARACTER.match(self.source[end]):
            end += 1
        written = self.source[start:end]
        problem = card_problem(written)
        if problem is None or self.line_start is None:
            return None
        if "CARD" not in self._accepts_at(cursor, start):
            return None
        line = self.source.count("\n", 0, start) + 1
        column = start - (self.source.rfind("\n", 0, start) + 1) + 1
        message, fixed = problem
        fixes = (Fix(f"replace with '{fixed}'", line, column, line, column + len(written), fixed),) if fixed else ()
        return _diag(self.file, self.lines, line, column, message, codes.UNEXPECTED_TOKEN, len(written), fixes)

    def _wrong_kind_after_the(self, token: Token, cursor) -> Diagnostic | None:
        """The wrong-kind diagnostic of a phrase that starts with the "the" just taken, where a
        number goes: the parser takes "the" as the start of a quantity ("the number of bankers",
        "the level of the attackers"), so the error falls on the word after it ("the banker")."""
        line_tokens = self.tokens[self.line_first_token:]
        if not line_tokens or str(line_tokens[-1]) != "the" or token.line != line_tokens[-1].line:
            return None
        the = line_tokens[-1]
        if the.start_pos is None:
            return None
        at_the = self._accepts_at(cursor, the.start_pos)
        return _wrong_kind(self.file, self.lines, the, at_the, at_the)

    def _accepts_at(self, cursor, start: int) -> set[str]:
        """The terminals the parser takes at offset ``start`` of the line under way: the line
        replayed up to it (the parser's own state at an error has already been reduced by the
        token it could not take)."""
        if self.line_start is None:
            return set()
        probe = cursor.copy(deepcopy_values=False)
        probe.parser_state = self.line_start.copy(deepcopy_values=False)
        for fed in self.tokens[self.line_first_token:]:
            if fed.start_pos is None or fed.start_pos >= start:
                break
            probe.feed_token(fed)
        return set(probe.accepts())

    def _formula_too_long(self, token: Token) -> None:
        if self.header_lost:
            return
        assert token.line is not None and token.column is not None
        self.diagnostics.append(_diag(self.file, self.lines, token.line, token.column,
                                      f"an expression has at most {MAX_FORMULA_OPERATORS} operators (+ - × ÷ ^, "
                                      "min, max, comparisons, and, or, not); this one has more",
                                      codes.FORMULA_TOO_LONG))

    def _nested_too_deep(self, token: Token) -> None:
        if self.header_lost:
            return
        assert token.line is not None and token.column is not None
        self.diagnostics.append(_diag(self.file, self.lines, token.line, token.column,
                                      f"parentheses nested more than {MAX_NESTING} deep", codes.NESTED_TOO_DEEP))


class _SkipLine(Exception):
    def __init__(self, token: Token):
        super().__init__()
        self.token = token


def _comments_of(newlines: list[Token]) -> list[Comment]:
    """The comments the newline tokens hold (a newline token is only blanks and comments)."""
    out: list[Comment] = []
    for token in newlines:
        assert token.line is not None and token.column is not None
        text = str(token)
        for match in re.finditer(r"#[^\n]*", text):
            before = text[: match.start()]
            breaks = before.count("\n")
            column = token.column + match.start() if not breaks else match.start() - before.rindex("\n")
            out.append(Comment(token.line + breaks, column, match.group().rstrip()))
    return out


def parse_document(text: str, file: str = "<string>") -> Document:
    """Parse ruleset text, going on after syntax errors: the document holds what parsed, every
    syntax error, the tokens and the comments.  Never raises for bad text."""
    if not isinstance(text, str):
        error = Diagnostic(file, 0, 0, "a ruleset must be text", code=codes.NOT_TEXT)
        return Document(file, "", SyntaxTree(file, "", (), (), ()), (), (), (error,))
    text = text.removeprefix(BOM)
    too_large = _too_large(file, text)
    if too_large is not None:
        return Document(file, text, SyntaxTree(file, text, (), (), ()), (), (), (too_large,))
    parsed, refused = _refused_characters(file, text)
    source = parsed if parsed.endswith("\n") else parsed + "\n"
    newlines: list[Token] = []
    sink = _NEWLINES.set(newlines)
    try:
        run = _RecoveringParse(file, source, source_lines(text + "\n") if refused else None)
        tree = run.run()
    finally:
        _NEWLINES.reset(sink)
    diagnostics = refused + list(run.diagnostics)
    converter = _Converter(file, run.lines, run.tokens)
    converter.place(tree)
    statements: list[Statement] = []
    sections: list[tuple[str, Position]] = []
    parts: list[SyntaxNode] = []
    for part in tree.children:
        if not isinstance(part, Tree):
            continue
        name = str(part.data)
        section = "" if name == "preamble" else name
        if section:
            sections.append((section, converter.placed(part)))
        kept: list[Tree | Token] = []
        for child in part.children:
            if isinstance(child, Tree):
                try:
                    node = converter.node(child)
                except _BadValue as bad:
                    diagnostics.append(bad.diagnostic)
                    continue
                assert isinstance(node, Node)
                statements.append(Statement(section, node, file))
            kept.append(child)
        parts.append(converter.concrete(part, kept))
    tokens = tuple(converter.token(t) for t in run.tokens if t.type != "_NL")
    syntax = SyntaxTree(file, text, tuple(statements), tuple(sections), tuple(_comments_of(newlines)))
    return Document(file, text, syntax, tuple(parts), tokens, tuple(sorted(diagnostics)))


def parse(text: str, file: str = "<string>") -> SyntaxTree:
    """Parse ruleset text.  Raises ``RulesetSyntaxError`` with every syntax error of the text."""
    document = parse_document(text, file)
    if document.diagnostics:
        raise RulesetSyntaxError(list(document.diagnostics))
    return document.tree


#: what the kinds of value terminals are called where the grammar expects one
VALUE_KINDS = {"INT": "number", "STRING": "string", "CARD": "card"}


def expected_after(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What the grammar accepts after ``text`` (a file's start up to a point between two words): the
    keywords as written ("opposite", "by", "J") and the kinds of value ("number", "string", "card",
    the names of ``VALUE_KINDS``).  None when ``text`` itself does not parse.  Editors complete
    with it."""
    found = expectation(text)
    return None if found is None else (found.words, found.kinds)


@dataclass(frozen=True)
class Expectation:
    """What the grammar accepts at a point: keywords as written, kinds of value (``VALUE_KINDS``),
    and the grammar rules that may start there ("quantity", "fact", "effect", "team")."""

    words: frozenset[str]
    kinds: frozenset[str]
    rules: frozenset[str]


def expectation(text: str) -> Expectation | None:
    """``expected_after`` with the rules that may start after ``text`` too; None when ``text``
    does not parse."""
    try:
        interactive = lark_parser().parse_interactive(text)
        interactive.exhaust_lexer()
        accepted = interactive.accepts()
        # the parser's table holds the rules it may go to next beside the terminals (lower case)
        rules = frozenset(name for name in interactive.choices() if not name.isupper())
    except (UnexpectedInput, lark.exceptions.LarkError):
        return None
    words = {word for word in (_keyword_text(name) for name in accepted) if word is not None}
    kinds = {VALUE_KINDS[name] for name in accepted if name in VALUE_KINDS}
    return Expectation(frozenset(words), frozenset(kinds), rules)
