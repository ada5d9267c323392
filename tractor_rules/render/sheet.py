"""The sheet context of a ruleset: title, sections of rules and examples, glossary.

``build_sheet(rules, lang)`` is all the templates see.  It is also what the tests inspect: every
rule item carries the field paths it states (``Item.paths``), so the tests can prove that every
compiled value is on the sheet, and ``diff`` can pick the rules whose values differ.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..memo import ByIdentity
from ..rules import Rules
from ..titles import ENGLISH, LocalTitle, inherited_title, title_in
from .builder import Builder
from .examples import Kit
from .i18n import N_, _, check_language, language, ngettext
from .model import Item, Labels, Section, Sheet, Table
from .parent import parent_of
from .sections import build_sections
from .words import GLOSSARY, SUIT_GLYPHS, join_and


@dataclass(frozen=True, slots=True)
class Built:
    sheet: Sheet
    #: examples the engine could not compute, (key, error); empty for every shipped ruleset
    dropped: tuple[tuple[str, Exception], ...]
    #: the paths the title and description state
    title_paths: frozenset[str]

    def stated_paths(self) -> set[str]:
        """Every field path the sheet states: its title and all its rule items."""
        return set(self.title_paths).union(*(item.paths for item in self.sheet.items()))


#: the sheets built, by their rules object, language and the parent their house marks were read
#: against: a sheet is printed in three formats, and a card and a tracker build their ruleset's
#: sheet again (every part of a sheet is immutable).  The parent is read from its file each time
#: (``parent_of``): a parent changed on disk since gives another sheet.
_BUILT: ByIdentity[Rules, tuple[Rules | None, Built]] = ByIdentity(64)


def build(rules: Rules, lang: str = "en", *, against_parent: bool = True) -> Built:
    """The sheet of ``rules`` in ``lang``, with what it states.  ``against_parent`` False: the house
    marks are those of the changed values, not checked against the parent's sheet (the parent's
    own sheet, built for that check, needs no marks)."""
    check_language(lang)
    parent = parent_of(rules) if against_parent else None
    # the entry keeps the parent alive with the sheet, so its id names it while the sheet is kept
    kept = _BUILT.get(rules, (lang, against_parent, id(parent)),
                      lambda: (parent, _build(rules, lang, parent, against_parent)))
    return kept[1]


def _build(rules: Rules, lang: str, parent: Rules | None, against_parent: bool) -> Built:
    with language(lang):
        kit = Kit(rules)
        builder = Builder(rules, kit)
        title = title_in(rules, lang)
        with builder.recorder.item() as title_paths:
            _read_title(builder.rules, lang)
        build_sections(builder)
        sheet = Sheet(
            lang=lang,
            title=title.name,
            description=title.description,
            intro=(*_title_notes(rules, title), *_intro(rules, kit)),
            sections=_marks_of_new_words(parent, tuple(builder.sections), lang) if against_parent
            else tuple(builder.sections),
            glossary=_glossary(rules),
            footer=_("Ruleset file: %(file)s") % {"file": _file(rules)},
            print_note=_("This sheet prints on A4 paper. For US Letter, open it with #letter at the end of its "
                         "address (for example rules.html#letter) before printing."),
            letter_note=_("This sheet prints on US Letter paper (its address ends with #letter). For A4, open it "
                          "without #letter at the end of its address before printing."),
            labels=_labels(),
        )
    return Built(sheet, tuple(builder.dropped), frozenset(title_paths))


def build_sheet(rules: Rules, lang: str = "en") -> Sheet:
    """The sheet context of ``rules`` in ``lang``."""
    return build(rules, lang).sheet


@lru_cache(maxsize=32)
def _items_of(rules: Rules, lang: str) -> dict[str, Item]:
    """The items of a parent's sheet by key (a card and a tracker build the same house rule's sheet
    again: its parent's is built once)."""
    return {item.key: item for item in build(rules, lang, against_parent=False).sheet.items()}


def _marks_of_new_words(parent: Rules | None, sections: tuple[Section, ...], lang: str) -> tuple[Section, ...]:
    """The sections with the house mark taken off every item that says word for word what the
    ``parent``'s sheet says (None: the parent cannot be read as it was): the file changed a value
    the item reads, but not what it means."""
    if parent is None:
        return sections
    before = _items_of(parent, lang)

    def restated(item: Item) -> bool:
        old = before.get(item.key)
        return old is not None and (old.text, old.points, old.table) == (item.text, item.points, item.table)

    return tuple(replace(section, items=tuple(replace(item, house=False) if item.house and restated(item) else item
                                              for item in section.items))
                 for section in sections)


def _read_title(tracked: Rules, lang: str) -> None:
    """Read what the title states through the recorder: the English texts, and on a sheet in
    another language that language's texts (``title_in`` reads the plain rules)."""
    tracked.name, tracked.description
    if lang != ENGLISH:
        for translation in tracked.translations:
            if translation.language.split("-")[0] == lang:
                translation.language, translation.name, translation.description


def _title_notes(rules: Rules, title: LocalTitle) -> tuple[str, ...]:
    """What the reader must know about the title itself: texts missing in the sheet's language, and
    a house rule whose inherited title no longer fits its table."""
    notes = []
    if title.missing == ("name", "description"):
        notes.append(_("This ruleset gives its name and description only in another language: they are "
                       "shown as written."))
    elif title.missing == ("name",):
        notes.append(_("This ruleset gives its name only in another language: it is shown as written."))
    elif title.missing == ("description",):
        notes.append(_("This ruleset gives its description only in another language: it is shown as "
                       "written."))
    inherited = inherited_title(rules)
    if inherited is not None:
        parent = inherited.origins[0]
        if inherited.texts == ("name", "description"):
            text = _("The name and description above are those of %(parent)s, although this house rule "
                     "changes the table: %(changes)s.")
        elif inherited.texts == ("name",):
            text = _("The name above is that of %(parent)s, although this house rule changes the table: "
                     "%(changes)s.")
        else:
            text = _("The description above is that of %(parent)s, although this house rule changes the "
                     "table: %(changes)s.")
        notes.append(text % {"parent": parent, "changes": _table_changes(rules, inherited.changes)})
    return tuple(notes)


def _table_changes(rules: Rules, changes: tuple[str, ...]) -> str:
    words = {
        "table.decks": lambda n: ngettext("%(n)d deck", "%(n)d decks", n),
        "table.players": lambda n: ngettext("%(n)d player", "%(n)d players", n),
    }
    parts = []
    for path in changes:
        group, _dot, field = path.partition(".")
        n = getattr(getattr(rules, group), field)
        parts.append(words[path](n) % {"n": n})
    return join_and(parts)


def _labels() -> Labels:
    example = _("Example:")
    # the text follows the label: after a Latin colon with a space, after a full-width one without
    example += "" if example.endswith("：") else " "
    return Labels(house_rule=_("house rule"), example=example, glossary=_("Glossary"))


def _file(rules: Rules) -> str:
    return rules.files[0] if rules.files else _("a ruleset given as text")


def _intro(rules: Rules, kit: Kit) -> tuple[str, ...]:
    lines = []
    if len(rules.files) > 1:
        lines.append(_("This ruleset extends %(parent)s: the rules marked “house rule” are this table's own "
                       "changes, the others are those of %(parent)s.") % {"parent": rules.files[1]})
    lines.append(_("Examples are played at level %(level)s with %(suit)s as trump unless they say otherwise.") % {
        "level": kit.level, "suit": SUIT_GLYPHS[kit.trump]})
    if rules.table.jokers:
        lines.append(_("Cards are written suit then rank (♥10 is the ten of hearts); the jokers are written %(big)s "
                       "(big) and %(small)s (small).") % {"big": _("BJ"), "small": _("SJ")})
    else:
        lines.append(_("Cards are written suit then rank (♥10 is the ten of hearts)."))
    return tuple(lines)


#: the glossary's meanings for a game without jokers, where they differ
WITHOUT_JOKERS = {
    "trump": N_("level cards, constant trumps and the trump suit"),
    "declare": N_("showing level cards to name the trump"),
}


def _glossary(rules: Rules) -> Table:
    rows = tuple((english, chinese, _(_meaning(rules, english, meaning))) for english, chinese, meaning in GLOSSARY
                 if _glossary_fits(rules, english))
    return Table(("English", "中文", _("Meaning")), rows)


def _meaning(rules: Rules, term: str, meaning: str) -> str:
    c = rules.combinations
    if term == "tractor" and max(c.tractor_widths, default=2) <= 2:
        return N_("two or more adjacent pairs of one suit")
    return meaning if rules.table.jokers else WITHOUT_JOKERS.get(term, meaning)


def _glossary_fits(rules: Rules, term: str) -> bool:
    """Whether the game has what a glossary term names: no words for what it cannot have."""
    c, t = rules.combinations, rules.table
    widths = set(c.set_widths)
    needs = {
        "pair": 2 in widths or 2 in c.tractor_widths,
        "triple": 3 in widths or 3 in c.tractor_widths,
        "tractor": bool(c.tractor_widths),
        "tractor of pairs": 2 in c.tractor_widths,
        "bomb": bool(c.bomb_width),
        "throw": rules.leading.throws,
        "big joker / small joker": t.jokers,
        "partner": t.partnership == "opposite",
        "kitty": t.kitty_size > 0,
        "bury": t.kitty_size > 0,
        "kitty multiplier": t.kitty_size > 0 and rules.kitty.kind != "none",
    }
    return needs.get(term, True)
