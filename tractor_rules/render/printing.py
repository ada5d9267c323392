"""What every printed page shares, whatever is printed on it (a sheet, a card, a tracker): the
ruleset's name and the page number in the bottom margin.

The footer is drawn by the page margin boxes of CSS (``@page { @bottom-left { ... } }``, in
``templates/_page.j2``), so it is on every page Chromium prints, however the content breaks.  The
words are final text in the page's language; the templates turn them into CSS strings.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import _


@dataclass(frozen=True, slots=True)
class Page:
    #: the ruleset's name, at the bottom left of every page
    title: str
    #: the page number at the bottom right, with the placeholders ``%(page)s`` and ``%(pages)s``
    number: str


def page_for(title: str) -> Page:
    """The footer of the pages of a ruleset titled ``title``, in the language in force
    (``i18n.language``)."""
    return Page(title=title, number=_("page %(page)s of %(pages)s"))
