"""MkDocs hook: cards in the site's text are coloured as on the HTML sheet (♥♦ red, ♠♣ black).

A Markdown inline pattern, so code blocks and inline code (ruleset files, commands) stay as they
are; the colours themselves are in docs/extra.css."""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from mkdocs.config.defaults import MkDocsConfig

from tractor_rules.render.text import CARD, card_class


class _CardPattern(InlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> tuple[etree.Element, int, int]:  # noqa: N802
        span = etree.Element("span", {"class": card_class(m.group(1))})
        span.text = m.group(0)
        return span, m.start(0), m.end(0)


class SuitColours(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802
        # below the escapes, links and emphasis (priorities 180 and up), so a card inside them is
        # coloured too
        md.inlinePatterns.register(_CardPattern(CARD.pattern, md), "tractor-cards", 5)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.markdown_extensions.append(SuitColours())  # type: ignore[arg-type]
    return config
