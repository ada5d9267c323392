"""The differences between two rulesets, as rule sentences: only what changed.

Both sheets are built; a rule item is a difference when it states a field path whose value differs
between the two rulesets and its words differ too.  A path that differs but that no changed sentence
shows (which would mean the sheet words two settings alike) is listed raw, so nothing is hidden.  A
path that neither sheet reads (a value that means nothing under the other settings, such as the
kitty card of a fallback that never turns one) changes nothing in the game and is not listed.

A changed rule is shown by its changed parts only: a sentence only one side has, a sentence reworded
(word by word when most words stay, else the old and the new sentence), and the items of its list
or the rows of its table that are added, removed or changed; never a whole list twice.  A summary
paragraph comes first; sections keep the sheet's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from difflib import SequenceMatcher

from ..rules import DERIVED_VALUES, NOT_PLAY_FIELDS, Rules
from .i18n import _, check_language, language, ngettext
from .model import Item, Table
from .render import check_format, environment
from .sheet import build_sheet
from .text import word_tokens
from .track import leaf_paths

DIFF_FORMATS = ("md", "txt")
_MISSING = object()
#: a reworded sentence is shown word by word when at least this share of its words stay
SIMILAR = 0.5


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a change: ``mark`` "-" (only A says it), "+" (only B), "~" (reworded, ``text``
    holds the word diff) or " " (unchanged, shown because its list or table changed); ``nested``
    for an item of a list or a row of a table."""

    mark: str
    text: str
    nested: bool = False


@dataclass(frozen=True, slots=True)
class Change:
    section: str
    key: str
    #: the rule under A and under B; None where that ruleset has no such rule
    before: Item | None
    after: Item | None
    paths: tuple[str, ...]
    #: what changed, line by line
    lines: tuple[Line, ...] = ()


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
    raw_title: str
    #: one paragraph: how many rules differ, where, and how to read the marks
    summary: str

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
    return {p: v for p, v in leaf_paths(rules).items() if p.split(".")[0].split("[")[0] not in NOT_PLAY_FIELDS}


def differing_paths(a: Rules, b: Rules) -> set[str]:
    """Leaf paths whose values differ (or that only one of the rulesets has)."""
    la, lb = _leaves(a), _leaves(b)
    for path in DERIVED_VALUES:  # a sentence may state a value worked out from the fields
        la[path], lb[path] = reduce(getattr, path.split("."), a), reduce(getattr, path.split("."), b)
    return {p for p in la.keys() | lb.keys() if la.get(p, _MISSING) != lb.get(p, _MISSING)}


def _rules_by_key(sheet) -> dict[str, tuple[str, str, Item]]:
    """Rule key → (section key, section title, item), in sheet order."""
    return {item.key: (section.key, section.title, item) for section in sheet.sections
            for item in section.items if item.kind == "rule"}


def _same_words(x: Item, y: Item) -> bool:
    return (x.text, x.points, x.table) == (y.text, y.points, y.table)


def word_diff(a: str, b: str) -> str | None:
    """``b`` with the words it changes from ``a`` marked as [-removed-][+added+]; None when fewer
    than half the words stay (the two are then better read whole)."""
    ta, tb = word_tokens(" ".join(a.split())), word_tokens(" ".join(b.split()))
    matcher = SequenceMatcher(None, ta, tb, autojunk=False)
    kept = sum(1 for op, i1, i2, _j1, _j2 in matcher.get_opcodes() if op == "equal" for t in ta[i1:i2] if t.strip())
    words = max(sum(1 for t in ta if t.strip()), sum(1 for t in tb if t.strip()), 1)
    if kept / words < SIMILAR:
        return None
    # runs of changed words with only blanks between them read as one change
    hunks: list[list[str]] = []  # [old, new] of a change, or [text] unchanged
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        old, new = "".join(ta[i1:i2]), "".join(tb[j1:j2])
        if op != "equal":
            if len(hunks) >= 2 and len(hunks[-2]) == 2 and len(hunks[-1]) == 1 and not hunks[-1][0].strip():
                blank = hunks.pop()[0]
                hunks[-1] = [hunks[-1][0] + blank + old, hunks[-1][1] + blank + new]
            elif hunks and len(hunks[-1]) == 2:
                hunks[-1] = [hunks[-1][0] + old, hunks[-1][1] + new]
            else:
                hunks.append([old, new])
        else:
            hunks.append([old])
    out: list[str] = []
    for hunk in hunks:
        if len(hunk) == 1:
            out.append(hunk[0])
            continue
        old, new = hunk
        if not old.strip() and not new.strip():
            out.append(new)  # only blanks changed
            continue
        # the blanks at the edges of a change stay outside its marks
        edged = old if old.strip() else new
        lead, trail = edged[: len(edged) - len(edged.lstrip())], edged[len(edged.rstrip()):]
        removed = f"[-{old.strip()}-]" if old.strip() else ""
        added = f"[+{new.strip()}+]" if new.strip() else ""
        out.append(lead + removed + added + trail)
    return "".join(out)


def _reworded(a: str, b: str, nested: bool) -> list[Line]:
    marked = word_diff(a, b)
    if marked is not None:
        return [Line("~", marked, nested)]
    return [Line("-", a, nested), Line("+", b, nested)]


@dataclass(frozen=True, slots=True)
class Pair:
    """One part of a change as each ruleset words it: ``a`` under A, ``b`` under B (None where that
    ruleset does not say it; equal for a sentence shown because its list or table changed);
    ``nested`` for an item of a list or a row of a table."""

    a: str | None
    b: str | None
    nested: bool = False


def _items(a: list[str], b: list[str], keys_a: list[str], keys_b: list[str], numbered: bool) -> list[Pair]:
    """The items of two lists (numbered, as on the sheet) or the rows of two tables that differ,
    matched by ``keys``; an item that only moved down the list is no change."""

    def shown(items: list[str], index: int) -> str:
        return f"{index + 1}. {items[index]}" if numbered else items[index]

    pairs_out: list[Pair] = []
    matcher = SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        pairs = list(zip(range(i1, i2), range(j1, j2))) if op in ("equal", "replace") else []
        for i, j in pairs:
            if a[i] != b[j]:
                pairs_out.append(Pair(shown(a, i), shown(b, j), True))
        pairs_out += [Pair(shown(a, i), None, True) for i in range(i1 + len(pairs), i2)]
        pairs_out += [Pair(None, shown(b, j), True) for j in range(j1 + len(pairs), j2)]
    return pairs_out


def _row(cells: tuple[str, ...]) -> str:
    return " | ".join(cells)


def _table_pairs(a: Table | None, b: Table | None) -> list[Pair]:
    rows_a = [_row(r) for r in a.rows] if a else []
    rows_b = [_row(r) for r in b.rows] if b else []
    header = [] if a is None or b is None or a.header == b.header else [Pair(_row(a.header), _row(b.header), True)]
    # rows are matched by their first cell (the card, the unit, the score band)
    keys_a = [r[0] for r in a.rows] if a else []
    keys_b = [r[0] for r in b.rows] if b else []
    return header + _items(rows_a, rows_b, keys_a, keys_b, numbered=False)


def change_pairs(before: Item | None, after: Item | None) -> tuple[Pair, ...]:
    """What changed from ``before`` to ``after`` (either may be None), part by part, each as A and B
    word it: the rule's sentence, then the items of its list and the rows of its table that differ."""
    if before is None or after is None:
        item = after if before is None else before
        assert item is not None
        rows = [_row(r) for r in item.table.rows] if item.table else []
        points = [f"{n}. {text}" for n, text in enumerate(item.points, 1)]
        texts = [(item.text, False), *((x, True) for x in points + rows)]
        return tuple(Pair(None, text, nested) if before is None else Pair(text, None, nested) for text, nested in texts)
    pairs = [Pair(before.text, after.text)]
    pairs += _items(list(before.points), list(after.points), list(before.points), list(after.points), numbered=True)
    pairs += _table_pairs(before.table, after.table)
    return tuple(pairs)


def change_lines(before: Item | None, after: Item | None) -> tuple[Line, ...]:
    """What changed from ``before`` to ``after`` (either may be None), line by line."""
    lines: list[Line] = []
    for pair in change_pairs(before, after):
        if pair.a is None:
            assert pair.b is not None, pair  # a part said by neither is no part
            lines.append(Line("+", pair.b, pair.nested))
        elif pair.b is None:
            lines.append(Line("-", pair.a, pair.nested))
        elif pair.a == pair.b:
            lines.append(Line(" ", pair.a, pair.nested))
        else:
            lines += _reworded(pair.a, pair.b, pair.nested)
    return tuple(lines)


def _label(rules: Rules) -> str:
    where = rules.files[0] if rules.files else ""
    return f"{rules.name} ({where})" if where else rules.name


def compare(a: Rules, b: Rules, lang: str = "en") -> Diff:
    """The rule items that differ between ``a`` and ``b``, in sheet order."""
    check_language(lang)
    differ = differing_paths(a, b)
    sheet_a, sheet_b = build_sheet(a, lang), build_sheet(b, lang)
    items_a, items_b = _rules_by_key(sheet_a), _rules_by_key(sheet_b)
    # the sheet's order: B's sections and items, with what only A has after the item it follows in A
    order: dict[str, int] = {}
    for key in items_b:
        order[key] = len(order) * 2
    previous = -1
    for key in items_a:
        if key in order:
            previous = order[key]
        else:
            order[key] = previous + 1
    keys = sorted(order, key=lambda k: order[k])
    changes = []
    shown: set[str] = set()
    read: set[str] = set()
    for key in keys:
        _sa, ta, ia = items_a.get(key, (None, None, None))
        _sb, tb, ib = items_b.get(key, (None, None, None))
        paths = (ia.paths if ia else frozenset()) | (ib.paths if ib else frozenset())
        read |= paths
        touched = paths & differ
        if not touched or (ia is not None and ib is not None and _same_words(ia, ib)):
            continue
        changes.append(Change(str(tb or ta), key, ia, ib, tuple(sorted(touched)), change_lines(ia, ib)))
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
            raw_title=_("Other differences in the compiled values"),
            summary=_summary(changes) if changes else "",
        )


def _summary(changes: list[Change]) -> str:
    sections = list(dict.fromkeys(c.section for c in changes))
    marks = [line.mark for c in changes for line in c.lines]
    added, removed, changed = marks.count("+"), marks.count("-"), marks.count("~")
    counts = [
        ngettext("%(n)d sentence or item added", "%(n)d sentences or items added", added) % {"n": added},
        _("%(n)d removed") % {"n": removed},
        _("%(n)d reworded") % {"n": changed},
    ]
    return ngettext(
        "B differs from A in %(count)d rule (%(sections)s): %(counts)s. - marks what only A says, + what only B "
        "says, [-A's words-][+B's words+] a rewording.",
        "B differs from A in %(count)d rules (%(sections)s): %(counts)s. - marks what only A says, + what only B "
        "says, [-A's words-][+B's words+] a rewording.",
        len(changes),
    ) % {"count": len(changes), "sections": _(", ").join(sections), "counts": _(", ").join(counts)}


def render_diff(a: Rules, b: Rules, format: str = "txt", lang: str = "en") -> str:
    """The rules of ``a`` and ``b`` that differ, each as its sentence under A and under B."""
    check_format(format, DIFF_FORMATS)
    check_language(lang)
    diff = compare(a, b, lang)
    return environment(format, lang).get_template(f"diff.{format}.j2").render(diff=diff)
