"""Hover: what a line of a ruleset means.  On a statement: its sentences on the rule sheet (in the
user's language), the language's default, and where the value in force comes from (this file, and
which parent's line it overrides).  On a section header: every statement in force in the section
and the file and line it comes from.  On ``extends``: the parent's title and description."""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass
from functools import cache

from ..errors import RulesetError
from ..language.compiler import compile_resolved
from ..language.compiler.expressions import CARD_ROLE_OF_RULE, QUANTITY_OF_RULE, ROLE_OF_RULE
from ..language.resolve import Resolved
from ..language.syntax import Position, Statement
from ..render.builder import source_key_for
from ..render.i18n import language
from ..render.sections.expressions import trigger_sentence
from ..render.model import Item
from ..render.sheet import Built, build
from ..render.text import md_cell, md_inline
from ..rules import Rules
from ..rules.expressions import (AFTER_HAND, BURY, CALL, CONCEDE, DECLARE, FIRST_OF, KITTY, OVERTURN, QUANTITIES,
                                 REDEAL, ROLE_TABLE, SCORE, STAKE, TABLE, TRICK, WORTH)
from ..language.syntax import Leaf, Node
from .document import DocumentState
from .navigation import overridden

#: the few words of a hover, per language (the sentences themselves come from the sheet's catalogs)
LABELS = {
    "en": {
        "sheet": "On the rule sheet:",
        "default": "Default:",
        "no_default": "not set unless a ruleset says so",
        "here": "Set here, line {line}",
        "overrides": "overrides {file}, line {line}: {text}",
        "not_in_parents": "no parent sets it: without this line the default applies",
        "no_parent": "without this line the default applies",
        "not_compiled": "The sheet's sentence shows once the ruleset compiles.",
        "in_force": "In force in this section",
        "this_file": "this file, line {line}",
        "parent_file": "{file}, line {line}",
        "extends": "Extends",
        "unset": "takes back the parent's statement: the default applies again",
        "then": "; ",
        "end": ".",
        "known": "Known {moments}.",
        "found": "The engine finds this player from {where}.",
        CALL: "when the banker calls cards",
        BURY: "when the kitty is buried",
        OVERTURN: "when a player may overturn after the kitty",
        REDEAL: "when a player may ask for a redeal",
        DECLARE: "when a declaration may overturn during the deal, or a hand is declared in turn",
        KITTY: "when the kitty is counted",
        AFTER_HAND: "after each hand",
        SCORE: "where the upgrade table is read ('counted:')",
        STAKE: "where the stakes of a hand are counted ('game points:')",
        TRICK: "after a trick, while cards are left ('end early:')",
        CONCEDE: "after a trick, of each player who may end the hand ('concede:')",
        TABLE: "in the numbers of the table (the deal, the penalties, the bonus, the coins, leaving)",
        WORTH: "where a house rule changes what a hand is worth ('the hand is worth ...')",
        "and": " and ",
        "comma": ", ",
    },
    "zh": {
        "sheet": "规则表上：",
        "default": "默认：",
        "no_default": "规则集不写则没有",
        "here": "在此设定，第{line}行",
        "overrides": "覆盖 {file} 第{line}行：{text}",
        "not_in_parents": "上级规则集未设定：删去此行即用默认值",
        "no_parent": "删去此行即用默认值",
        "not_compiled": "规则集编译通过后显示规则表上的句子。",
        "in_force": "本节生效的语句",
        "this_file": "本文件第{line}行",
        "parent_file": "{file} 第{line}行",
        "extends": "继承自",
        "unset": "撤销上级规则集的语句：恢复默认值",
        "then": "；",
        "end": "。",
        "known": "可用于{moments}。",
        "found": "引擎从{where}找出这名玩家。",
        CALL: "庄家叫牌时",
        BURY: "扣底时",
        OVERTURN: "扣底后可以反主时",
        REDEAL: "可以要求重新发牌时",
        DECLARE: "发牌中反主时、轮流定主时",
        KITTY: "计算底牌倍数时",
        AFTER_HAND: "每手牌结束后",
        SCORE: "查升级表时（“counted:”）",
        STAKE: "计算一局的输赢积分时（“game points:”）",
        TRICK: "每一轮结束、手中还有牌时（“end early:”）",
        CONCEDE: "每一轮结束后问每位玩家是否结束这一局时（“concede:”）",
        TABLE: "牌桌上的数（发牌、罚分、奖励、金币、离桌）",
        WORTH: "家规改变一局的积分时（“the hand is worth ...”）",
        "and": "和",
        "comma": "、",
    },
}


@dataclass(frozen=True)
class HoverText:
    markdown: str
    #: the span the hover is about
    pos: Position


def _unlinked(text: str) -> str:
    """Markdown ``text`` with a backslash before what the editors' Markdown (CommonMark with
    GitHub's bare links) would turn into a link by itself: a URL's "://", "www." and an e-mail's
    "@".  Escaped, the character shows as itself."""
    text = re.sub(r"(?<=[A-Za-z0-9])://", r"\\://", text)
    text = re.sub(r"(?i)(?<![A-Za-z0-9])(www)\.", r"\1\\.", text)
    return text.replace("@", "\\@")


def plain(text: str) -> str:
    """Text from the ruleset's author (a name, a description, a sentence of the sheet that quotes
    one) as Markdown that shows it as written, on one line: no HTML, link, image, emphasis or
    heading comes out of it (the sheet's own escaping, then ``_unlinked``)."""
    return _unlinked(md_inline(text))


def code(text: str) -> str:
    """``text`` as inline code: between runs of backticks longer than any inside it, so that it
    cannot end the code early (a line of the file, a file name)."""
    text = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}"


def labels(lang: str) -> dict[str, str]:
    return LABELS.get(lang, LABELS["en"])


def sheet_of(state: DocumentState, lang: str) -> Built | None:
    """The document's rule sheet in ``lang``, built once per version of the text."""
    if state.rules is None:
        return None
    if lang not in state.sheets:
        state.sheets[lang] = build(state.rules, lang)
    built: Built = state.sheets[lang]
    return built


@cache
def default_sheet(lang: str) -> Built:
    """The sheet of the language's defaults: what a statement says when no ruleset writes it."""
    return build(Rules(), lang)


def item_markdown(item: Item) -> str:
    """A sheet item as Markdown: its sentence, then its list, then its table (each a block of its own,
    so that every Markdown reader sees the list and the table)."""
    blocks = [plain(item.text)] if item.text else []
    if item.points:
        blocks.append("\n".join(f"{number}. {plain(point)}" for number, point in enumerate(item.points, start=1)))
    if item.table is not None:
        rows = ["| " + " | ".join(_cell(c) for c in item.table.header) + " |", "|" + "---|" * len(item.table.header)]
        rows += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in item.table.rows]
        blocks.append("\n".join(rows))
    return "\n\n".join(blocks)


def _cell(text: str) -> str:
    return _unlinked(md_cell(text))


def statement_items(rules: Rules, built: Built, file: str, st: Statement) -> list[Item]:
    """The sheet items that state a value this statement set."""
    keys = {key for key, src in rules.sources
            if src.file == file and src.line == st.pos.line and src.column == st.pos.column}
    if not keys:
        return []

    def stated(path: str) -> bool:
        # a row of a table is recorded by its index ("thresholds[1]"), which the sheet's leaf paths
        # extend ("thresholds[1].high"); other values by the nearest recorded enclosing path
        return source_key_for(rules, path) in keys or any(path.startswith(key + ".") for key in keys)

    return [item for item in built.sheet.items() if item.kind == "rule" and any(map(stated, item.paths))]


def hover(state: DocumentState, line: int, column: int, lang: str) -> HoverText | None:
    words = labels(lang)
    section, header_line = state.section_at(line)
    if header_line == line and section:
        return _section_hover(state, section, line, words)
    st = state.statement_at(line)
    if st is None:
        return None
    if st.kind == "extends":
        return _extends_hover(state, st, words)
    quantity = _written_at(st.node, line, column, QUANTITY_OF_RULE, outermost=True)
    if quantity is not None:
        return _quantity_hover(quantity, words)
    role = _written_at(st.node, line, column, _ROLE_OF_NODE, outermost=False)
    hover = None if role is None else _role_hover(role, words)
    if hover is not None:
        return hover
    parts: list[str] = [f"**{plain(state.statement_key_text(st) or st.kind)}**"]
    built = sheet_of(state, lang)
    if built is None or state.rules is None:
        parts.append(words["not_compiled"])
    else:
        items = statement_items(state.rules, built, state.source().file, st)
        title = {"ruleset_name": built.sheet.title, "description": built.sheet.description}.get(st.kind)
        if title:  # the name and description head the sheet rather than state a rule
            parts.append(f"*{words['sheet']}* {plain(title)}")
        own = _rule_sentence(state, st, lang)
        if own is not None:
            # a house rule after each hand shares one item of the sheet with the others: its own
            # sentence of that item
            parts.append(f"*{words['sheet']}* {plain(own)}")
        elif items:
            parts.append(f"*{words['sheet']}*\n\n" + "\n\n".join(item_markdown(i) for i in items))
            defaults = {i.key: i for i in default_sheet(lang).sheet.items()}
            shown = [item_markdown(defaults[i.key]) for i in items if i.key in defaults]
            parts.append(f"*{words['default']}*\n\n" + ("\n\n".join(shown) if shown else words["no_default"]))
    where = words["here"].format(line=st.pos.line)
    if st.kind == "unset":
        where += words["then"] + words["unset"]
    parent = overridden(state.resolved, st)
    if parent is not None:
        where += words["then"] + words["overrides"].format(file=plain(parent.file), line=parent.pos.line,
                                                           text=code(_line_of(state.resolved, parent)))
    elif state.resolved is not None:
        where += words["then"] + words["not_in_parents" if state.resolved.parent is not None else "no_parent"]
    parts.append(where + words["end"])
    return HoverText("\n\n".join(parts), st.pos)


def _rule_sentence(state: DocumentState, st: Statement, lang: str) -> str | None:
    """The sheet's sentence of a house rule after each hand (``when ...``): the rules keep them in
    the order of the statements in force, a parent's first."""
    rules, resolved = state.rules, state.resolved
    if st.kind != "trigger" or rules is None or resolved is None:
        return None
    written = [(s.file, s.pos) for s in resolved.statements if s.kind == "trigger"]
    here = (resolved.files[0], st.pos)
    triggers = rules.levels.after_hand
    if here not in written or len(written) != len(triggers):
        return None
    with language(lang):
        return trigger_sentence(triggers[written.index(here)])


def _written_at(node: Node, line: int, column: int, kinds: Container[str], *, outermost: bool) -> Node | None:
    """The node of one of ``kinds`` written at ``line``, ``column`` of ``node``, if any: the
    outermost (a quantity, whose arguments may hold a role) or the innermost (a role, which may
    be counted from another role: ``the first of the bankers after the declarer``)."""
    at = node.pos
    if (line, column) < (at.line, at.column) or (line, column) >= (at.end_line, at.end_column):
        return None
    if outermost and node.kind in kinds:
        return node
    for arg in node.args:
        if isinstance(arg, Node):
            found = _written_at(arg, line, column, kinds, outermost=outermost)
            if found is not None:
                return found
    return node if not outermost and node.kind in kinds else None


#: a role's tree kind → its name in ``rules.expressions.ROLE_TABLE``
_ROLE_OF_NODE = {**ROLE_OF_RULE, **CARD_ROLE_OF_RULE, "role_first_of": FIRST_OF, "role_seat_after": ""}


def _role_hover(node: Node, words: dict[str, str]) -> HoverText | None:
    """A role's words and meaning (``rules.expressions.ROLE_TABLE``), and where the engine finds it
    (the seat after a role: the table's seat after it, where it has one)."""
    name = _ROLE_OF_NODE[node.kind]
    if node.kind == "role_seat_after":
        inner = node.args[-1]
        name = f"after-{_ROLE_OF_NODE.get(inner.kind, '')}" if isinstance(inner, Node) else ""
        if name not in ROLE_TABLE:
            return None
    role = ROLE_TABLE[name]
    text = f"**{plain(role.words)}**: {plain(role.meaning)}\n\n" + words["found"].format(where=plain(role.found))
    return HoverText(text, node.pos)


def _quantity_hover(node: Node, words: dict[str, str]) -> HoverText:
    """A quantity's words and meaning (``rules.expressions.QUANTITIES``), and where it is known."""
    quantity = QUANTITIES[QUANTITY_OF_RULE[node.kind]]
    known = [words[m] for m in (CALL, BURY, DECLARE, OVERTURN, REDEAL, TRICK, CONCEDE, KITTY, AFTER_HAND, SCORE,
                                STAKE, TABLE, WORTH) if m in quantity.moments
             and not (m == WORTH and AFTER_HAND in quantity.moments)]  # (after each hand says it)
    moments = words["and"].join([words["comma"].join(known[:-1]), known[-1]] if len(known) > 1 else known)
    text = f"**{plain(quantity.words)}**: {plain(quantity.meaning)}\n\n" + words["known"].format(moments=moments)
    return HoverText(text, node.pos)


def _line_of(resolved: Resolved | None, st: Statement) -> str:
    if resolved is None:
        return ""
    lines = resolved.texts.get(st.file, "").split("\n")
    return lines[st.pos.line - 1].strip() if 0 < st.pos.line <= len(lines) else ""


def _section_hover(state: DocumentState, section: str, line: int, words: dict[str, str]) -> HoverText | None:
    resolved = state.resolved
    if resolved is None:
        return None
    own = resolved.files[0]
    rows = []
    for st in resolved.statements:
        if st.section != section:
            continue
        where = words["this_file"] if st.file == own else words["parent_file"]
        rows.append(f"- {code(_line_of(resolved, st))}: {where.format(file=plain(st.file), line=st.pos.line)}")
    text = state.line_text(line)
    start = len(text) - len(text.lstrip()) + 1
    header = " ".join(text.split("#", 1)[0].split())
    pos = Position(line, start, line, start + len(header))
    if not rows:
        return HoverText(f"**{plain(header)}**", pos)
    return HoverText(f"**{plain(header)}**: {words['in_force']}\n\n" + "\n".join(rows), pos)


def _extends_hover(state: DocumentState, st: Statement, words: dict[str, str]) -> HoverText | None:
    resolved = state.resolved
    if resolved is None or resolved.parent is None:
        return None
    parent_file = resolved.files[1]
    try:
        parent_rules = compile_resolved(resolved.parent)
    except RulesetError:  # a parent that does not compile: its file name is all there is to say
        return HoverText(f"{words['extends']} {code(parent_file)}", st.pos)
    text = f"{words['extends']} **{plain(parent_rules.name)}** ({code(parent_file)})"
    if parent_rules.description:
        text += f"\n\n{plain(parent_rules.description)}"
    return HoverText(text, st.pos)
