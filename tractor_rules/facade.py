"""One facade for every front end: the command line, the language server, the JSON-RPC server and
the playground in the browser call these functions and get plain JSON-able dicts back.

Every function takes ruleset text and the name it goes by (``origin``, as for ``tractor_rules.loads``)
and never raises for bad ruleset text: problems come back as diagnostics, each a dict::

    {"file", "line", "column", "end_line", "end_column", "severity": "error" | "warning",
     "code": "E001" | "W101" | ..., "message", "fixes": [{"title", "line", "column", "end_line",
     "end_column", "replacement"}]}

Lines and columns are 1-based, columns count code points (an editor converts to UTF-16 at its own
edge), ends are exclusive.  A diagnostic of a parent file names that file.  Arguments that are not
ruleset text (an unknown ``fmt``, ``lang`` or ``kind``, a lint code that does not exist) are the
caller's mistake and raise ``ValueError``.

The text is parsed once per call: the compiler, the formatter and the linter read the same
document.  Nothing here does I/O beyond what ``extends`` reads, so it runs in the browser too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .api import Roots, text_source
from .errors import Diagnostic, RulesetError
from .language.compiler import compile_resolved
from .language.format import format_document
from .language.lint import compile_warnings, selection
from .language.lint import lint as run_linters
from .language.parser import parse_document
from .language.resolve import Resolved, Trust, resolve
from .language.syntax import Document, Leaf, Node
from .rules import Rules

__all__ = ["check", "compile", "format", "lint", "parse", "render", "tokens"]

#: how ``tokens`` names a terminal of the grammar; any other terminal is a keyword or punctuation
_TOKEN_TYPES = {"INT": "number", "STRING": "string", "CARD": "card", "WORD": "word"}


@dataclass
class Analysis:
    """What one call knows about a text: its document, the ruleset resolved and compiled (when it
    gets that far), and every diagnostic so far."""

    document: Document | None
    resolved: Resolved | None
    rules: Rules | None
    diagnostics: list[Diagnostic]


def analyse(text: str, origin: str | None = "<string>", *, allowed_roots: Roots = None) -> Analysis:
    """Parse ``text`` once, then resolve and compile it if it parses; never raises for bad text."""
    try:
        source = text_source(text, origin)
    except RulesetError as error:
        return Analysis(None, None, None, list(error.diagnostics))
    document = parse_document(source.text, source.file)
    if document.diagnostics:
        return Analysis(document, None, None, list(document.diagnostics))
    try:
        resolved = resolve(source, Trust.of(allowed_roots), tree=document.tree)
    except RulesetError as error:
        return Analysis(document, None, None, list(error.diagnostics))
    try:
        rules = compile_resolved(resolved)
    except RulesetError as error:
        return Analysis(document, resolved, None, list(error.diagnostics))
    return Analysis(document, resolved, rules, compile_warnings(resolved, rules))


def _dicts(diagnostics: Iterable[Diagnostic]) -> list[dict[str, Any]]:
    return [d.to_dict() for d in diagnostics]


def check(text: str, origin: str | None = "<string>", *, allowed_roots: Roots = None) -> dict[str, Any]:
    """Every error of the text (all its syntax errors, or every semantic error of it and its
    parents) and the compiler's warnings: ``{"diagnostics": [...]}``."""
    return {"diagnostics": _dicts(analyse(text, origin, allowed_roots=allowed_roots).diagnostics)}


def compile(text: str, origin: str | None = "<string>", *, allowed_roots: Roots = None) -> dict[str, Any]:
    """The compiled rules as ``Rules.to_dict()`` (None when there are errors) and the diagnostics."""
    analysis = analyse(text, origin, allowed_roots=allowed_roots)
    rules = analysis.rules.to_dict() if analysis.rules is not None else None
    return {"rules": rules, "diagnostics": _dicts(analysis.diagnostics)}


def format(text: str, origin: str | None = "<string>") -> dict[str, Any]:
    """The canonical text (None when the text has syntax errors) and the syntax errors."""
    try:
        source = text_source(text, origin)
    except RulesetError as error:
        return {"text": None, "diagnostics": _dicts(error.diagnostics)}
    document = parse_document(source.text, source.file)
    if document.diagnostics:
        return {"text": None, "diagnostics": _dicts(document.diagnostics)}
    return {"text": format_document(document), "diagnostics": []}


def render(text: str, origin: str | None = "<string>", *, lang: str = "en", fmt: str = "html",
           kind: str = "sheet", allowed_roots: Roots = None) -> dict[str, Any]:
    """What the text prints as (``kind`` "sheet", "card" or "tracker"; ``fmt`` "md", "html" or
    "txt", as far as the kind is written in it; ``lang`` "en", "zh", ...), None when the text does
    not compile, and the diagnostics."""
    # The sheets (Jinja, the catalogs, the engine for their examples) are loaded by the first
    # render only: the language server and `check` ask for diagnostics, never for a sheet.
    from .render import render_sheet
    from .render.i18n import check_language
    from .render.render import kind_format

    kind_format(kind, fmt)
    check_language(lang)
    analysis = analyse(text, origin, allowed_roots=allowed_roots)
    output = (render_sheet(analysis.rules, format=fmt, lang=lang, kind=kind)
              if analysis.rules is not None else None)
    return {"output": output, "diagnostics": _dicts(analysis.diagnostics)}


def parse(text: str, origin: str | None = "<string>") -> dict[str, Any]:
    """The syntax tree of the lines that parse (``tree``: sections, statements with their parts,
    comments; each with its range) and the syntax errors."""
    try:
        source = text_source(text, origin)
    except RulesetError as error:
        return {"tree": None, "diagnostics": _dicts(error.diagnostics)}
    document = parse_document(source.text, source.file)
    tree = document.tree
    return {
        "tree": {
            "file": tree.file,
            "sections": [{"name": name, **_range(pos)} for name, pos in tree.sections],
            "statements": [{"section": st.section, **_node(st.node)} for st in tree.statements],
            "comments": [{"text": c.text, "line": c.line, "column": c.column, "end_line": c.line,
                          "end_column": c.column + len(c.text)} for c in tree.comments],
        },
        "diagnostics": _dicts(document.diagnostics),
    }


def tokens(text: str) -> list[dict[str, Any]]:
    """The tokens of the text in order, for highlighting: ``type`` is "keyword", "number",
    "string", "card", "word" (a word the language does not know), "punctuation" or "comment".
    The tokens of a line with a syntax error are there up to the error."""
    if not isinstance(text, str):
        raise ValueError(f"tokens() takes ruleset text, not {type(text).__name__}")
    document = parse_document(text)
    found = [{"type": _TOKEN_TYPES.get(t.type, "keyword" if t.text[:1].isalpha() else "punctuation"),
              "text": t.text, **_range(t.pos)} for t in document.tokens]
    found += [{"type": "comment", "text": c.text, "line": c.line, "column": c.column, "end_line": c.line,
               "end_column": c.column + len(c.text)} for c in document.comments]
    return sorted(found, key=lambda t: (t["line"], t["column"]))


def lint(text: str, origin: str | None = "<string>", select: Iterable[str] | None = None,
         ignore: Iterable[str] | None = None, *, allowed_roots: Roots = None) -> dict[str, Any]:
    """The linter's warnings (``select`` / ``ignore``: codes or code prefixes such as "W1"); a text
    that does not compile gets its errors instead, since there is nothing to lint."""
    chosen = selection(select, ignore)  # a bad code is the caller's mistake: raised before any work
    analysis = analyse(text, origin, allowed_roots=allowed_roots)
    if analysis.rules is None or analysis.resolved is None:
        return {"diagnostics": _dicts(analysis.diagnostics)}
    return {"diagnostics": _dicts(run_linters(analysis.resolved, analysis.rules, chosen))}


def _range(pos) -> dict[str, int]:
    return {"line": pos.line, "column": pos.column, "end_line": pos.end_line, "end_column": pos.end_column}


def _node(node: Node | Leaf) -> dict[str, Any]:
    if isinstance(node, Leaf):
        return {"kind": node.kind, "value": node.value, **_range(node.pos)}
    return {"kind": node.kind, **_range(node.pos), "args": [_node(arg) for arg in node.args]}
