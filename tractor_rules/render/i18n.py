"""Languages of the rule sheets: gettext catalogs kept as ``.po`` files.

A catalog is ``locale/<lang>/LC_MESSAGES/tractor_rules.po`` inside this package.  It is read with
Babel when first used and compiled in memory to a ``.mo`` (so no compiled file is ever shipped or
goes stale): adding a language is adding one ``.po`` file.  English is the source language and
needs no catalog.

The sheet builder translates with ``_``, ``ngettext`` and ``N_`` (which only marks a string for
extraction); they read the language set by ``language(...)`` for the current context, so the
builders need not pass a translator around.  Templates get the same translations through Jinja's
i18n extension.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "tractor_rules"
SOURCE_LANGUAGE = "en"

_current: ContextVar[gettext.NullTranslations] = ContextVar("tractor_rules_translations")


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> tuple[str, ...]:
    """English, then every language with a catalog, sorted."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


def check_language(lang: str) -> str:
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}: rule sheets are written in {', '.join(languages())}")
    return lang


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The translations for ``lang`` (English: the identity)."""
    check_language(lang)
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    with catalog_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buffer = BytesIO()
    write_mo(buffer, catalog)  # fuzzy entries are left out, as msgfmt does
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@contextmanager
def language(lang: str) -> Iterator[gettext.NullTranslations]:
    """Translate with ``lang`` inside the block."""
    token = _current.set(translations(lang))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _active() -> gettext.NullTranslations:
    try:
        return _current.get()
    except LookupError:
        return translations(SOURCE_LANGUAGE)


def _(message: str) -> str:
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog; it is translated later, where it is used."""
    return message


__all__ = ["N_", "_", "catalog_path", "check_language", "language", "languages", "ngettext", "translations"]
