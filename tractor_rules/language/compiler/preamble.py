"""Handlers for the preamble: the ruleset's name and description, in English (``ruleset:``,
``description:``) and in other languages (``ruleset in zh:``, ``description in zh:``).

A title is one file's: the file nearest the ruleset (itself, else its parent, ...) that gives any
text of the name owns every text of it, in every language, and the texts its parents gave are
dropped; the same holds for the description.  A house rule that renames its game in English
therefore never keeps its parent's Chinese name, which named another game.
"""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...rules.checks import TEXT_LIMITS
from ...rules.ruleset import language_tag
from ..syntax import Leaf, Statement, as_leaf
from .core import Compiler, finishes, handles

#: the longest text of each kind (the rules' own: ``Rules.from_dict`` reads the JSON form's against
#: them), and how a message names it
_LIMITS = TEXT_LIMITS
_WORDS = {"name": "the ruleset's name", "description": "the description"}


@handles("ruleset_name")
def _ruleset_name(c: Compiler, st: Statement) -> None:
    _title_text(c, st, "name")


@handles("description")
def _description(c: Compiler, st: Statement) -> None:
    _title_text(c, st, "description")


def _title_text(c: Compiler, st: Statement, text: str) -> None:
    leaf = as_leaf(st.node.args[-1])
    value = str(leaf.value).strip()
    tag_node = st.node.first("in_language")
    language = None if tag_node is None else _language(c, as_leaf(tag_node.args[0]))
    if tag_node is not None and language is None:
        return  # reported
    what = _WORDS[text] + ("" if language is None else f" in {language}")
    if text == "name" and not value:
        c.error(leaf, f"{what} is empty", code=codes.TEXT_TOO_LONG)
    elif len(value) > _LIMITS[text]:
        c.error(leaf, f"{what} is {len(value)} characters long; at most {_LIMITS[text]}", code=codes.TEXT_TOO_LONG)
    elif language is None:
        c.set(text, value)
    else:
        c.translated[(text, language)] = (value, st)


def _language(c: Compiler, leaf: Leaf) -> str | None:
    """The language tag written after ``in``, in its usual case ("zh-Hant", "pt-BR"); None, with an
    error, for English (the language of the untagged texts) or a tag that names no language."""
    tag, problem = language_tag(str(leaf.value))
    if problem:
        c.error(leaf, problem, code=codes.UNKNOWN_LANGUAGE)
        return None
    return tag


@finishes
def _titles(c: Compiler) -> None:
    """Keep each text's owner file only, then gather the translations."""
    files = c.resolved.files
    for text in _LIMITS:
        written: list[str] = [st.file for (kind, _), (_, st) in c.translated.items() if kind == text]
        if text in c.sources:
            written.append(c.sources[text].file)
        if not written:
            continue
        owner = min(written, key=files.index)
        if text in c.sources and c.sources[text].file != owner:
            del c.values[text], c.sources[text]
        for key, (_, st) in list(c.translated.items()):
            if key[0] == text and st.file != owner:
                del c.translated[key]
        kept = sorted((st.pos.line, st.pos.column, st) for (kind, _), (_, st) in c.translated.items()
                      if kind == text)
        if kept:
            c.note_source(f"translations.{text}", kept[0][2])
    languages = sorted({language for _, language in c.translated})
    if languages:
        c.values["translations"] = tuple(
            model.Translation(language, **{text: c.translated.get((text, language), ("", None))[0]
                                           for text in _LIMITS})
            for language in languages
        )

