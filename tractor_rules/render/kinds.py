"""What a ruleset prints as: the rule sheet, the quick reference card, the score tracker.

One registry: the renderer picks a kind's templates and formats from it, and the command line's
help and the docs are checked against it.  A kind builds its template context from the rules in a
language; its templates are ``<kind>.<format>.j2``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..rules import Rules
from .i18n import language
from .printing import page_for
from .sheet import build_sheet

FORMATS = ("md", "html", "txt")


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    #: the formats it is written in, the default first
    formats: tuple[str, ...]
    #: the template context of a ruleset in a language
    context: Callable[[Rules, str], Mapping[str, object]]

    def template(self, format: str) -> str:
        return f"{self.name}.{format}.j2"


def _context(name: str, build: Callable[[Rules, str], Any]) -> Callable[[Rules, str], Mapping[str, object]]:
    """The context of a kind whose templates see what ``build`` makes as ``name``, and the page
    footer with its title as ``page``."""
    def context(rules: Rules, lang: str) -> Mapping[str, object]:
        built = build(rules, lang)
        with language(lang):
            return {name: built, "page": page_for(built.title)}
    return context


# The card and the tracker are loaded when one is first printed: a sheet (the playground's first
# answer) never needs their page fitting.

def _card(rules: Rules, lang: str) -> Any:
    from .card import build_card

    return build_card(rules, lang)


def _tracker(rules: Rules, lang: str) -> Any:
    from .tracker import build_tracker

    return build_tracker(rules, lang)


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    # the rule sheet: every rule, with examples
    Kind("sheet", FORMATS, _context("sheet", build_sheet)),
    # one page: card order, following, the kitty multiplier, the upgrade table
    Kind("card", ("html", "md", "txt"), _context("card", _card)),
    # a page to fill in at the table, one row per hand
    Kind("tracker", ("html",), _context("tracker", _tracker)),
)}


def kind_named(name: str) -> Kind:
    """The kind called ``name``; a ``ValueError`` naming the kinds otherwise."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"unknown kind {name!r}: choose one of {', '.join(KINDS)}") from None
