"""Jinja environments and the public ``render_sheet``."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined

from ..rules import Rules
from .i18n import check_language, translations
from .sheet import build_sheet
from .text import FILTERS

FORMATS = ("md", "html", "txt")


def check_format(format: str, allowed: tuple[str, ...] = FORMATS) -> str:
    if format not in allowed:
        raise ValueError(f"unknown format {format!r}: choose one of {', '.join(allowed)}")
    return format


@cache
def environment(format: str, lang: str) -> Environment:
    """One environment per format and language, so that its translations never change under it."""
    env = Environment(
        loader=PackageLoader("tractor_rules.render", "templates"),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        # HTML escapes everything it prints; Markdown templates escape with the ``md`` filters
        autoescape=format == "html",
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(FILTERS)
    return env


def render_sheet(rules: Rules, format: str = "md", lang: str = "en") -> str:
    """The rule sheet of ``rules``: ``format`` "md", "html" or "txt", ``lang`` "en" or "zh" (or any
    language with a catalog)."""
    check_format(format)
    check_language(lang)
    sheet = build_sheet(rules, lang)
    return environment(format, lang).get_template(f"sheet.{format}.j2").render(sheet=sheet)
