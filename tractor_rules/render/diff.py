"""The differences between two rulesets, as rule sentences.

Both sheets are built; a rule item is a difference when it states a field path whose value differs
between the two rulesets and its words differ too.  A path that differs but that no changed sentence
shows (which would mean the sheet words two settings alike) is listed raw, so nothing is hidden.  A
path that neither sheet reads (a value that means nothing under the other settings, such as the
kitty card of a fallback that never turns one) changes nothing in the game and is not listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Rules
from .i18n import _, check_language, language
from .model import Item
from .render import check_format, environment
from .sheet import build_sheet
from .track import leaf_paths

DIFF_FORMATS = ("md", "txt")
#: not rules: the title is shown in the heading; files and sources say where values come from
NOT_RULES = ("name", "description", "translations", "files", "sources", "house_changes")
_MISSING = object()


@dataclass(frozen=True, slots=True)
class Change:
    section: str
    key: str
    #: the rule under A and under B; None where that ruleset has no such rule
    before: Item | None
    after: Item | None
    paths: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Raw:
    path: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class Diff:
    title: str
    a: str
    b: str
    changes: tuple[Change, ...]
    raw: tuple[Raw, ...]
    none: str
    absent: str
    raw_title: str

    def by_section(self) -> list[tuple[str, list[Change]]]:
        """The changes grouped under their section titles, in sheet order."""
        groups: list[tuple[str, list[Change]]] = []
        for change in self.changes:
            if groups and groups[-1][0] == change.section:
                groups[-1][1].append(change)
            else:
                groups.append((change.section, [change]))
        return groups


def _leaves(rules: Rules) -> dict[str, object]:
    return {p: v for p, v in leaf_paths(rules).items() if p.split(".")[0].split("[")[0] not in NOT_RULES}


def differing_paths(a: Rules, b: Rules) -> set[str]:
    """Leaf paths whose values differ (or that only one of the rulesets has)."""
    la, lb = _leaves(a), _leaves(b)
    return {p for p in la.keys() | lb.keys() if la.get(p, _MISSING) != lb.get(p, _MISSING)}


def _rules_by_key(sheet) -> dict[str, tuple[str, Item]]:
    return {item.key: (section.title, item) for section in sheet.sections for item in section.items
            if item.kind == "rule"}


def _same_words(x: Item, y: Item) -> bool:
    return (x.text, x.points, x.table) == (y.text, y.points, y.table)


def _label(rules: Rules) -> str:
    where = rules.files[0] if rules.files else ""
    return f"{rules.name} ({where})" if where else rules.name


def compare(a: Rules, b: Rules, lang: str = "en") -> Diff:
    """The rule items that differ between ``a`` and ``b``, in sheet order."""
    check_language(lang)
    differ = differing_paths(a, b)
    sheet_a, sheet_b = build_sheet(a, lang), build_sheet(b, lang)
    items_a, items_b = _rules_by_key(sheet_a), _rules_by_key(sheet_b)
    keys = list(items_a) + [k for k in items_b if k not in items_a]
    changes = []
    shown: set[str] = set()
    read: set[str] = set()
    for key in keys:
        sa, ia = items_a.get(key, (None, None))
        sb, ib = items_b.get(key, (None, None))
        paths = (ia.paths if ia else frozenset()) | (ib.paths if ib else frozenset())
        read |= paths
        touched = paths & differ
        if not touched or (ia is not None and ib is not None and _same_words(ia, ib)):
            continue
        changes.append(Change(str(sa or sb), key, ia, ib, tuple(sorted(touched))))
        shown |= touched
    la, lb = _leaves(a), _leaves(b)
    raw = tuple(Raw(p, repr(la.get(p, "—")), repr(lb.get(p, "—"))) for p in sorted((differ & read) - shown))
    with language(lang):
        return Diff(
            title=_("Differences between two rulesets"),
            a=_label(a),
            b=_label(b),
            changes=tuple(changes),
            raw=raw,
            none=_("No differences: the two rulesets play the same game."),
            absent=_("(no such rule)"),
            raw_title=_("Other differences in the compiled values"),
        )


def render_diff(a: Rules, b: Rules, format: str = "txt", lang: str = "en") -> str:
    """The rules of ``a`` and ``b`` that differ, each as its sentence under A and under B."""
    check_format(format, DIFF_FORMATS)
    check_language(lang)
    diff = compare(a, b, lang)
    return environment(format, lang).get_template(f"diff.{format}.j2").render(diff=diff)
