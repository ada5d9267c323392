"""Whether a ruleset's title still fits its game: a house rule that changes the table (the decks,
the players) but keeps the name and description its parent gave prints a false title ("Tractor
(two decks)" over a three-deck game).

The answer reads the compiled rules object only (which file set each value, and what the
ruleset's own file changes from its parent), so that both the language (a compile-time warning and
a lint code) and the rule sheets (a note under the title) ask the same function; the sheets may not
import the language, so it sits beside ``rules.py`` rather than inside the language package.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules, Source

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
