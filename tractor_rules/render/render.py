"""Jinja environments and the public ``render_sheet``, which prints any kind (``kinds.py``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import BaseLoader, ChoiceLoader, Environment, ModuleLoader, PackageLoader, StrictUndefined

from ..rules import Rules
from .i18n import check_language, translations
from .kinds import FORMATS, kind_named
from .text import FILTERS


def check_format(format: str, allowed: tuple[str, ...] = FORMATS) -> str:
    if format not in allowed:
        raise ValueError(f"unknown format {format!r}: choose one of {', '.join(allowed)}")
    return format


#: where the templates are read compiled to Python modules, one folder per format
#: (``compile_templates``), if anywhere (``use_compiled_templates``)
_compiled_templates: Path | None = None


@cache
def environment(format: str, lang: str) -> Environment:
    """One environment per format and language, so that its translations never change under it."""
    loader: BaseLoader = PackageLoader("tractor_rules.render", "templates")
    if _compiled_templates is not None:
        # a template the folder lacks is compiled from the package's
        loader = ChoiceLoader([ModuleLoader(_compiled_templates / format), loader])
    env = Environment(
        loader=loader,
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


def compile_templates(folder: Path) -> None:
    """Write every template, compiled by Jinja to a Python module, into ``folder``/<format>/ for
    each format (the environment's settings, such as HTML's escaping, are compiled in; its
    language is not).  A Python that compiles slowly (the playground's, in the browser) then
    imports them, with the bytecode compiled for them, instead of compiling each template
    (``use_compiled_templates``)."""
    for format in FORMATS:
        environment(format, "en").compile_templates(str(folder / format), zip=None, ignore_errors=False)


def use_compiled_templates(folder: Path | None) -> None:
    """Read the templates from the modules ``compile_templates`` wrote into ``folder`` (from these
    templates, with this version of Jinja), and from their sources only those it lacks; None: from
    their sources again.  Called before the first page is printed (the environments are made once,
    so this makes them again)."""
    global _compiled_templates
    _compiled_templates = folder
    environment.cache_clear()


def render_sheet(rules: Rules, format: str | None = None, lang: str = "en", kind: str = "sheet") -> str:
    """What ``rules`` print as: ``kind`` "sheet" (the rule sheet), "card" (the quick reference
    card) or "tracker" (the score tracker); ``format`` "md", "html" or "txt" (None: the kind's
    first, Markdown for the sheet, HTML for the others); ``lang`` "en" or "zh" (or any language
    with a catalog).  A ``ValueError`` names the choices for anything unknown."""
    printed = kind_named(kind)
    format = kind_format(kind, format)
    check_language(lang)
    context = printed.context(rules, lang)
    return environment(format, lang).get_template(printed.template(format)).render(**context)


def kind_format(kind: str, format: str | None) -> str:
    """The format ``kind`` is rendered in: ``format``, or the kind's own for None.  A
    ``ValueError`` names the choices for an unknown kind or format, or one the kind lacks."""
    printed = kind_named(kind)
    format = check_format(printed.formats[0] if format is None else format)
    if format not in printed.formats:
        raise ValueError(f"the {printed.name} is written in {_or(printed.formats)}, not {format}")
    return format


def _or(words: tuple[str, ...]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
