"""MkDocs hook: the pages made from ruleset files (the house rules gallery, the shipped rulesets'
sheets) hold no active HTML.

Those pages carry text their authors wrote (names, descriptions, comments, whole files in code
blocks). Their builders escape it (``tractor_rules.render.gallery``, the sheets' Markdown filters),
and the compiler refuses what would slip past a code block; this hook checks the HTML the site
gets, so that a page edited by hand or a builder's regression fails the build instead of putting a
script on the site: no ``script``, ``iframe``, ``object``, ``embed`` or ``style`` element, no
``on...`` event attribute, no ``javascript:`` link."""

from __future__ import annotations

from html.parser import HTMLParser

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

#: the pages made from ruleset files, by their source path under docs/
GENERATED = ("gallery.md", "rulesets/")
_ACTIVE_ELEMENTS = frozenset({"script", "iframe", "object", "embed", "style"})


class _Active(HTMLParser):
    """The first piece of active HTML in a page, in words; None while there is none."""

    def __init__(self) -> None:
        super().__init__()
        self.found: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.found is not None:
            return
        if tag in _ACTIVE_ELEMENTS:
            self.found = f"a <{tag}> element"
            return
        for name, value in attrs:
            if name.startswith("on"):
                self.found = f"an event attribute {name!r} on <{tag}>"
            elif name in ("href", "src") and (value or "").strip().lower().startswith("javascript:"):
                self.found = f"a javascript: link on <{tag}>"


def active_html(html: str) -> str | None:
    """What active HTML ``html`` holds, in words, or None."""
    parser = _Active()
    parser.feed(html)
    parser.close()
    return parser.found


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    path = page.file.src_uri
    if path == GENERATED[0] or path.startswith(GENERATED[1]):
        found = active_html(html)
        if found is not None:
            raise PluginError(f"{path}: a page made from ruleset files holds {found}")
    return html
