"""Layout filters for the templates: escaping for Markdown, suit colours for HTML, wrapping and
aligned tables for plain text (Chinese characters count two columns).  Presentation only: the
words are final before they get here."""

from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup, escape

from .model import Table

# --- Markdown ------------------------------------------------------------------------------------
# People read the .md sheet as text too, so a character is escaped only where Markdown (as the
# site's Python-Markdown reads it) would take it for markup, never just in case.

# what a backslash escapes (Python-Markdown's list, with the tables extension's "|")
_MD_ESCAPABLE = set("\\`*_{}[]()>#+-.!|")
# at the start of a line: a heading, a quote, a bullet, a numbered item
_MD_BLOCK_START = re.compile(r"(#|>|[-+*](?=\s|$)|\d+(?=[.)](?:\s|$)))")
# a line of "=" under a paragraph makes it a heading; the backslash cannot escape "="
_MD_SETEXT = re.compile(r"^(\s*)=(=*\s*)$")
_MD_HTML_START = re.compile(r"[A-Za-z/!?]")
_MD_ENTITY = re.compile(r"#?\w+;")
# attribute lists ("{: .class }", "{ #id }") at the end of a line
_MD_ATTRIBUTES = re.compile(r"\{[^{}\n]*\}\s*$")


def _md_escape_line(line: str, cells: bool) -> str:
    out: list[str] = []
    start = _MD_BLOCK_START.match(line)
    # the character that makes the block: the marker, or the "." / ")" after a number
    marker = -1 if not start else (start.end(1) if start.group(1)[0].isdigit() else 0)
    for i, char in enumerate(line):
        before = line[i - 1] if i else ""
        after = line[i + 1] if i + 1 < len(line) else ""
        if char in "`*":
            out.append("\\" + char)
        elif char == "\\":
            # a backslash escapes what follows it when that is escapable; a heading cannot end in one
            out.append("\\\\" if not after or after in _MD_ESCAPABLE else "\\")
        elif char == "_":
            # inside a word, "_" is a letter to Python-Markdown; at a word's edge it is emphasis
            out.append("_" if before.isalnum() and after.isalnum() else "\\_")
        elif char == "[":
            out.append("\\[" if "]" in line[i:] else "[")
        elif char == "<":
            out.append("&lt;" if _MD_HTML_START.match(after) else "<")
        elif char == "&":
            out.append("&amp;" if _MD_ENTITY.match(line, i + 1) else "&")
        elif char == "{":
            out.append("\\{" if _MD_ATTRIBUTES.match(line, i) else "{")
        elif char == "|" and cells:
            out.append("\\|")
        elif char == "#" and line[i:].rstrip().strip("#") == "":
            # closing hashes of a heading, which it would drop
            out.append("\\#")
        elif i == marker:
            out.append("\\" + char)
        else:
            out.append(char)
    return _MD_SETEXT.sub(r"\1&#61;\2", "".join(out))


def md_escape(text: object) -> str:
    """Text that Markdown shows as written: no emphasis, links, HTML, headings, lists, quotes or code
    can come out of it; characters Markdown would not misread stay as they are."""
    # four spaces or a tab would start a code block; leading blanks mean nothing else in Markdown
    return "\n".join(_md_escape_line(line.lstrip(), cells=False) for line in str(text).split("\n"))


def md_inline(text: object) -> str:
    """Escaped and on one line (a heading, a list item)."""
    return _md_escape_line(" ".join(str(text).split()), cells=False)


def md_cell(text: object) -> str:
    """Escaped, on one line and inside a table cell, where "|" ends the cell."""
    return _md_escape_line(" ".join(str(text).split()), cells=True)


# --- HTML ----------------------------------------------------------------------------------------

#: a card (or a bare suit glyph): the suit, then the rank if there is one
CARD = re.compile(r"([♥♦♠♣])(10|[2-9JQKA])?")


def card_class(suit: str) -> str:
    """The CSS classes of a card of ``suit`` (a glyph): hearts and diamonds red, spades and clubs
    black, on the HTML sheet and on the site alike."""
    return "card red" if suit in "♥♦" else "card black"


def suits_html(text: object) -> Markup:
    """Escaped text with every card (or bare suit glyph) coloured."""
    escaped = str(escape(str(text)))

    def colour(m: re.Match[str]) -> str:
        return f'<span class="{card_class(m.group(1))}">{m.group(0)}</span>'

    return Markup(CARD.sub(colour, escaped))


# --- CSS ----------------------------------------------------------------------------------------

#: what a CSS string may hold as written: letters and digits of any script, spaces, punctuation
#: with no meaning to CSS or HTML
_CSS_PUNCTUATION = frozenset(" ()-,.:;!?·，。、：；！？（）")
_COUNTER = re.compile(r"%\((page|pages)\)s")


def _css_quoted(text: str) -> str:
    # anything else as a hex escape: no quote, backslash, newline or "</style>" can come out of
    # user text (a ruleset's name) inside a style element, where HTML escaping does not apply
    return '"' + "".join(ch if ch.isalnum() or ch in _CSS_PUNCTUATION else f"\\{ord(ch):x} " for ch in text) + '"'


def css_string(text: object) -> Markup:
    """``text`` as a CSS string, safe inside a ``<style>`` element."""
    return Markup(_css_quoted(str(text)))


def css_counters(text: object) -> Markup:
    """A CSS ``content`` value: ``text`` with ``%(page)s`` and ``%(pages)s`` as the page counters."""
    parts = _COUNTER.split(str(text))
    values = [f"counter({part})" if odd else _css_quoted(part) for odd, part in
              ((i % 2 == 1, part) for i, part in enumerate(parts)) if odd or part]
    return Markup(" ".join(values))


# --- plain text ----------------------------------------------------------------------------------

_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_TOKEN = re.compile(rf"[{_CJK}]|[^\s{_CJK}]+|\s+")
# CJK punctuation that must not begin a line joins the token before it; an opening bracket, which
# must not end one, joins the token after it
_NO_LINE_START = set("，。；：、）」』！？％”")
_NO_LINE_END = set("（「『“")


def width(text: str) -> int:
    """Columns the text takes in a terminal."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


# a word stops where Chinese starts: each Chinese character is a word of its own
_WORD = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+|[^\w\s]|\s+")


def word_tokens(text: str) -> list[str]:
    """``text`` cut into words, punctuation marks (a Chinese character is a word of its own) and the
    blanks between them; joined back they give ``text``."""
    return _WORD.findall(text)


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    opening = ""
    for tok in _TOKEN.findall(" ".join(text.split())):
        if tokens and tok[0] in _NO_LINE_START and not opening:
            tokens[-1] += tok
        elif tok in _NO_LINE_END:
            opening += tok
        else:
            tokens.append(opening + tok)
            opening = ""
    if opening:
        tokens.append(opening)
    return tokens


def wrap_lines(text: str, columns: int = 78, first: str = "", rest: str = "") -> list[str]:
    """Greedy wrap by display width; Latin words stay whole, CJK text breaks between characters."""
    lines: list[str] = []
    line, used = first, width(first)
    fresh = True
    for tok in _tokens(text):
        if tok.isspace():
            if not fresh:
                line, used = line + " ", used + 1
            continue
        w = width(tok)
        if not fresh and used + w > columns:
            lines.append(line.rstrip())
            line, used = rest, width(rest)
        line, used = line + tok, used + w
        fresh = False
    lines.append(line.rstrip())
    return lines


def wrap_text(text: object, columns: int = 78, first: str = "", rest: str = "") -> str:
    return "\n".join(wrap_lines(str(text), columns, first, rest))


def _pad(text: str, columns: int) -> str:
    return text + " " * (columns - width(text))


def text_table(table: Table, indent: str = "") -> str:
    """Columns aligned by display width, a rule under the header."""
    rows = [table.header, *table.rows]
    widths = [max(width(str(row[i])) for row in rows) for i in range(len(table.header))]

    def line(row: tuple[str, ...]) -> str:
        return (indent + "  ".join(_pad(str(cell), w) for cell, w in zip(row, widths, strict=True))).rstrip()

    rule = indent + "  ".join("-" * w for w in widths)
    return "\n".join([line(table.header), rule, *(line(r) for r in table.rows)])


def underline(text: str, char: str) -> str:
    return char * width(text)


FILTERS = {
    "md": md_escape,
    "md_inline": md_inline,
    "md_cell": md_cell,
    "suits": suits_html,
    "css_string": css_string,
    "css_counters": css_counters,
    "wrap": wrap_text,
    "text_table": text_table,
    "underline": underline,
}
