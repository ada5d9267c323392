"""Completion: what the grammar accepts where the cursor is.  At the start of a line: the section
headers, the statement keys of the section the line is in (written with their colon), and any
other word a line may start with there (a follow list's lead); after a key: the words and values
its statement takes next, read from the grammar's parser state (``expected_after``), so completion
never offers what the parser would refuse."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..language.parser import expected_after, statement_kinds
from ..resources import RULESET_SUFFIX, builtin_names
from .document import SECTION_HEADERS, DocumentState

PREAMBLE_KEYS = ("ruleset", "description", "extends")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C", "♠", "♥", "♦", "♣")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_UNSET = re.compile(r"^\s*unset\s*:\s*$")
#: the word being typed: completion replaces it
_PARTIAL = re.compile(r"[A-Za-z0-9♠♥♦♣][A-Za-z0-9'-]*$")


@dataclass(frozen=True)
class Completion:
    label: str
    #: "section", "key", "keyword", "value" or "file"
    kind: str
    insert: str
    detail: str = ""


def _in_string_or_comment(prefix: str) -> tuple[bool, bool]:
    """Whether the end of ``prefix`` (a line up to the cursor) is inside a string, or a comment."""
    bare = _STRING.sub("", prefix)  # whole strings out: what is left of a '"' opens one
    before_quote = bare.split('"', 1)[0]
    if "#" in before_quote:
        return False, True
    return '"' in bare, False


def section_keys(section: str) -> list[str]:
    if not section:
        return list(PREAMBLE_KEYS)
    return sorted(key for (owner, key) in statement_kinds() if owner == section)


def complete(state: DocumentState, line: int, column: int) -> list[Completion]:
    prefix = state.line_text(line)[: column - 1]
    in_string, in_comment = _in_string_or_comment(prefix)
    if in_comment:
        return []
    if in_string:
        return _parents(state) if prefix.lstrip().startswith("extends") else []
    partial = _PARTIAL.search(prefix)
    before = prefix[: partial.start()] if partial else prefix
    section, _ = state.section_at(line - 1)
    header = next(words for words, name in SECTION_HEADERS.items() if name == section) if section else ""
    # the preamble is everything above the first section: it is given whole to the parser
    context = f"{header}\n{before}" if section else "\n".join(state.lines[: line - 1] + [before])
    expected = expected_after(context)
    if expected is None:
        return []
    words, kinds = expected
    if not before.strip():
        return _line_starts(section, words)
    if section != "follow" and _UNSET.match(before):  # the grammar takes any section's key; the compiler
        # this section's only (a follow list, named by its lead, goes through the grammar's words)
        return [Completion(key, "key", key, f"take back the parent's '{key}'") for key in section_keys(section)
                if key != "unset"]
    out = [Completion(w, "value" if w in RANKS or w in SUITS else "keyword", w) for w in sorted(words)]
    if {"J", "Q", "K", "A"} <= words:
        out += [Completion(rank, "value", rank, "rank") for rank in RANKS if rank not in words]
    if "card" in kinds:
        out.append(Completion("10H", "value", "10H", "a card: rank then suit (S H D C or ♠ ♥ ♦ ♣)"))
    return out


def _line_starts(section: str, words: frozenset[str]) -> list[Completion]:
    out: list[Completion] = []
    keys = section_keys(section)
    for key in keys:
        out.append(Completion(key, "key", f"{key}: ", f"a statement of {section or 'the preamble'}"))
    firsts = {key.split()[0] for key in keys}
    headers = {header.split()[0] for header in SECTION_HEADERS}
    for header in SECTION_HEADERS:
        out.append(Completion(header, "section", header, "a section"))
    out += [Completion(w, "keyword", w) for w in sorted(words - firsts - headers)]
    return out


def _parents(state: DocumentState) -> list[Completion]:
    """Shipped ruleset names, and the ruleset files beside the document."""
    out = [Completion(name, "value", name, "a shipped ruleset") for name in builtin_names()]
    if state.path is not None:
        folder = state.path.parent
        try:
            files = sorted(p.name for p in folder.iterdir() if p.name.endswith(RULESET_SUFFIX) and p != state.path)
        except OSError:
            files = []
        out += [Completion(name, "file", name, "a ruleset file in this folder") for name in files]
    return out
