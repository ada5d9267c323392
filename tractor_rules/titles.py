"""A ruleset's title: its name and description in a sheet's language (``title_in``), and whether the
title still fits its game (``inherited_title``): a house rule that changes the table (the decks,
the players) but keeps the name and description its parent gave prints a false title ("Tractor
(two decks)" over a three-deck game).

Both answers read the compiled rules object only (which file set each value, and what the
ruleset's own file changes from its parent), so that both the language (a compile-time warning and
a lint code) and the rule sheets (a note under the title) ask the same function; the sheets may not
import the language, so it sits beside the ``rules`` package rather than inside the language
package.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules, Source, Translation

#: the language of ``ruleset:`` and ``description:`` (other languages say ``ruleset in zh:``)
ENGLISH = "en"

#: the fields that make "the table": a ruleset's name and description are about them
TABLE_FIELDS = ("table.decks", "table.players")

#: each text of a ruleset's title and the ``sources`` path that records who set it
TITLE_TEXTS = ("name", "description")


@dataclass(frozen=True, slots=True)
class InheritedTitle:
    """A house rule that changes the table but keeps texts of its parent's title."""

    #: which texts come from a parent file: "name", "description" (in that order)
    texts: tuple[str, ...]
    #: the table fields this ruleset's own file changes ("table.decks", "table.players")
    changes: tuple[str, ...]
    #: where the ruleset's own file makes its first change of the table: the place to warn at
    where: Source
    #: the file each inherited text comes from, in the order of ``texts``
    origins: tuple[str, ...]

    def message(self, rules: Rules) -> str:
        """The warning in words: what changed, what was kept and from which file, what to write."""
        changed = ", ".join(f"{path.partition('.')[2]}: {_value(rules, path)}" for path in self.changes)
        kept = " and ".join(
            f'the name "{rules.name}"' if text == "name" else "the description" for text in self.texts
        )
        parents = ", ".join(sorted(set(self.origins)))
        wanted = " and ".join(f"a '{_KEYS[text]}'" for text in self.texts)
        return f"this file changes the table ({changed}) but keeps {kept} of {parents}: give it {wanted} of its own"


#: the statement that sets each text of the title
_KEYS = {"name": "ruleset", "description": "description"}


def inherited_title(rules: Rules) -> InheritedTitle | None:
    """The title texts a house rule inherits while it changes the table, or None when its title is
    its own, it changes nothing of the table, or it extends nothing."""
    if len(rules.files) < 2:
        return None  # not a house rule: whatever title it has is its own
    changes = tuple(path for path in TABLE_FIELDS if path in rules.house_changes)
    if not changes:
        return None
    own_file = rules.files[0]
    texts: list[str] = []
    origins: list[str] = []
    for text in TITLE_TEXTS:
        src = rules.source_of(text)
        # An empty description says nothing, so nothing false.
        if src is not None and src.file != own_file and getattr(rules, text):
            texts.append(text)
            origins.append(src.file)
    if not texts:
        return None
    where = min((src for path in changes if (src := rules.source_of(path)) is not None),
                key=lambda src: (src.line, src.column))
    return InheritedTitle(tuple(texts), changes, where, tuple(origins))


def _value(rules: Rules, path: str) -> object:
    group, _, name = path.partition(".")
    return getattr(getattr(rules, group), name)


@dataclass(frozen=True, slots=True)
class LocalTitle:
    """The title a sheet in one language prints."""

    name: str
    description: str
    #: the texts the ruleset gives in some language but not in this one ("name", "description"):
    #: shown as written in another language, and the sheet says so
    missing: tuple[str, ...]


def title_in(rules: Rules, language: str) -> LocalTitle:
    """The name and description in ``language`` ("en", "zh"; a ruleset's "zh-Hant" serves "zh" when
    it has no "zh"), else as written in another language (English first)."""
    own = _translation(rules, language)
    texts: dict[str, str] = {}
    missing: list[str] = []
    for text in TITLE_TEXTS:
        english = getattr(rules, text) if rules.source_of(text) is not None else ""
        others = [getattr(t, text) for t in rules.translations if getattr(t, text)]
        if language == ENGLISH:
            found = english
        else:
            found = getattr(own, text) if own is not None else ""
            others = [english, *others] if english else others
        if found:
            texts[text] = found
        elif others:
            texts[text] = others[0]
            missing.append(text)
        else:  # given in no language: the file's name, and no description
            texts[text] = getattr(rules, text)
    return LocalTitle(texts["name"], texts["description"], tuple(missing))


def _translation(rules: Rules, language: str) -> Translation | None:
    """The ruleset's texts in ``language``: its own tag, else the first of the same language with a
    script or a region ("zh-Hant" for "zh")."""
    exact = [t for t in rules.translations if t.language == language]
    near = [t for t in rules.translations if t.language.split("-")[0] == language]
    found = exact or near
    return found[0] if found else None
