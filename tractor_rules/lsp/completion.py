"""Completion: what the grammar accepts where the cursor is.  At the start of a line: the section
headers, the statement keys of the section the line is in (written with their colon), and any
other word a line may start with there (a follow list's lead); after a key: the words and values
its statement takes next, read from the grammar's parser state (``expected_after``), so completion
never offers what the parser would refuse."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import product

from ..language.compiler.expressions import EFFECT_OF_RULE, FACT_OF_RULE, MOMENT_OF_STATEMENT, PHASE_OF_STATEMENT
from ..language.parser import expectation, lark_parser, statement_kinds
from ..rules.expressions import (AFTER_HAND, BURIER, EFFECTS, FACTS, NEXT_BANKER, PLAYER_EFFECTS, QUANTITIES,
                                 ROLE_TABLE, SAME_SEAT, SCORE, SCORE_TEAMS, SHOWN_ROLES, SHOWN_TEAMS, WORTH, Form,
                                 Quantity)
from ..resources import RULESET_SUFFIX, builtin_names
from .document import SECTION_HEADERS, DocumentState

PREAMBLE_KEYS = ("ruleset", "description", "extends")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C", "♠", "♥", "♦", "♣")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_UNSET = re.compile(r"^\s*unset\s*:\s*$")
#: the word being typed: completion replaces it
_PARTIAL = re.compile(r"[A-Za-z0-9♠♥♦♣][A-Za-z0-9'-]*$")


@dataclass(frozen=True)
class Completion:
    label: str
    #: "section", "key", "keyword", "value" or "file"
    kind: str
    insert: str
    detail: str = ""


def _in_string_or_comment(prefix: str) -> tuple[bool, bool]:
    """Whether the end of ``prefix`` (a line up to the cursor) is inside a string, or a comment."""
    bare = _STRING.sub("", prefix)  # whole strings out: what is left of a '"' opens one
    before_quote = bare.split('"', 1)[0]
    if "#" in before_quote:
        return False, True
    return '"' in bare, False


def section_keys(section: str) -> list[str]:
    if not section:
        return list(PREAMBLE_KEYS)
    return sorted(key for (owner, key) in statement_kinds() if owner == section)


def complete(state: DocumentState, line: int, column: int) -> list[Completion]:
    prefix = state.line_text(line)[: column - 1]
    in_string, in_comment = _in_string_or_comment(prefix)
    if in_comment:
        return []
    if in_string:
        return _parents(state) if prefix.lstrip().startswith("extends") else []
    partial = _PARTIAL.search(prefix)
    before = prefix[: partial.start()] if partial else prefix
    section, _ = state.section_at(line - 1)
    header = next(words for words, name in SECTION_HEADERS.items() if name == section) if section else ""
    # the preamble is everything above the first section: it is given whole to the parser
    context = f"{header}\n{before}" if section else "\n".join(state.lines[: line - 1] + [before])
    expected = expectation(context)
    if expected is None:
        return []
    words, kinds = expected.words, expected.kinds
    if not before.strip():
        return _line_starts(section, words)
    if section != "follow" and _UNSET.match(before):  # the grammar takes any section's key; the compiler
        # this section's only (a follow list, named by its lead, goes through the grammar's words)
        return [Completion(key, "key", key, f"take back the parent's '{key}'") for key in section_keys(section)
                if key != "unset"]
    written = before.rstrip()
    if "role" in expected.rules and (written.split()[-1:] in (["is"], ["otherwise"], ["after"])
                                     or written.endswith(":") and _role_place(section, before) != NEXT_BANKER):
        # a statement that says who ('buried by:', 'first lead:'), or a role inside another
        return _roles(_role_place(section, before))
    if "shown_audience" in expected.rules and written.split()[-1:] == ["to"]:
        return _audiences()
    moment = _moment(section, before)
    if moment == AFTER_HAND and _IN_WORTH.search(before):  # the worth so far is known in 'the hand is worth'
        moment = WORTH
    phrases, words = _expression_words(context, expected.rules, words, moment)
    out = [Completion(w, "value" if w in RANKS or w in SUITS else "keyword", w) for w in sorted(words)]
    out += phrases
    if "role" in expected.rules and written[-1:] in (":", ","):
        # where an effect opens, a role opens one on that player's level ('the declarer + 1 level')
        offered = {c.label for c in out}
        out += [c for c in _roles(NEXT_BANKER) if c.label not in offered]
    if {"J", "Q", "K", "A"} <= words:
        out += [Completion(rank, "value", rank, "rank") for rank in RANKS if rank not in words]
    if "card" in kinds:
        out.append(Completion("10H", "value", "10H", "a card: rank then suit (S H D C or ♠ ♥ ♦ ♣)"))
    return out


def _ends_a_role(written: list[str]) -> bool:
    """Whether the words ``written`` end with a role as the grammar spells it (a card, a team or a
    role inside it taken as any one word)."""
    for spelled, _ in _spellings("role"):
        tail = written[len(written) - len(spelled):] if len(written) >= len(spelled) else None
        if tail is not None and all(word is None or word == said for word, said in zip(spelled, tail)):
            return True
    return False


#: the effect being written is one on what the hand is worth (no other effect after it yet)
_IN_WORTH = re.compile(r"\bthe hand is worth\b[^,]*$")


def _role_place(section: str, before: str) -> str:
    """Where the role being written is known (``rules.expressions.ROLE_TABLE``'s ``known``): the
    phase of a statement saying who acts first in it, who buries, or else after a hand."""
    first = before.strip().split(":")[0].split()
    kind = next((kind for (owner, key), kind in statement_kinds().items()
                 if owner == section and key.split() == first), None)
    if kind in PHASE_OF_STATEMENT:
        return PHASE_OF_STATEMENT[kind]
    return BURIER if kind == "buried_by" else NEXT_BANKER


def _roles(where: str) -> list[Completion]:
    """Where a role goes (``buried by:``, ``first lead:``, ``the next banker is ...``, ``otherwise
    ...``, ``the first of TEAM after ...``): the roles of ``rules.expressions.ROLE_TABLE`` known
    there, each with its meaning; a role that takes a card or a team offered by its words up to it
    ("the holder of")."""
    out: list[Completion] = []
    named = {seat: same for same, seat in SAME_SEAT.get(where, {}).items()}
    for role in ROLE_TABLE.values():
        if where not in role.known:
            continue
        label = role.words.split(" CARD")[0].split(" TEAM")[0]
        for words in (label, *([ROLE_TABLE[named[role.name]].words] if role.name in named else [])):
            if words not in {c.label for c in out}:
                out.append(Completion(words, "value", words, role.meaning))
    return out


#: the teams the kitty may be shown to, as a statement writes them, with what they mean
_AUDIENCE_TEAMS = {"bankers": ("the bankers", "the banker's team"),
                   "attackers": ("the attackers", "the players against the banker's team"),
                   "friends": ("the banker's friends", "the banker's team without the banker")}


def _audiences() -> list[Completion]:
    """After ``shown: MOMENT to``: the players the kitty may be shown to
    (``rules.expressions.AUDIENCES``): everyone, the teams, and the roles of ``ROLE_TABLE`` known
    while the kitty is taken, each with its meaning."""
    out = [Completion("everyone", "value", "everyone", "every player at the table")]
    out += [Completion(words, "value", words, meaning) for words, meaning in
            (_AUDIENCE_TEAMS[team] for team in SHOWN_TEAMS)]
    out += [Completion(ROLE_TABLE[name].words, "value", ROLE_TABLE[name].words, ROLE_TABLE[name].meaning)
            for name in SHOWN_ROLES]
    return out


def _line_starts(section: str, words: frozenset[str]) -> list[Completion]:
    out: list[Completion] = []
    keys = section_keys(section)
    for key in keys:
        out.append(Completion(key, "key", f"{key}: ", f"a statement of {section or 'the preamble'}"))
    firsts = {key.split()[0] for key in keys}
    headers = {header.split()[0] for header in SECTION_HEADERS}
    for header in SECTION_HEADERS:
        out.append(Completion(header, "section", header, "a section"))
    out += [Completion(w, "keyword", w) for w in sorted(words - firsts - headers)]
    return out


def _parents(state: DocumentState) -> list[Completion]:
    """Shipped ruleset names, and the ruleset files beside the document."""
    out = [Completion(name, "value", name, "a shipped ruleset") for name in builtin_names()]
    if state.path is not None:
        folder = state.path.parent
        try:
            files = sorted(p.name for p in folder.iterdir() if p.name.endswith(RULESET_SUFFIX) and p != state.path)
        except OSError:
            files = []
        out += [Completion(name, "file", name, "a ruleset file in this folder") for name in files]
    return out


# --- rule expressions -------------------------------------------------------------------------------

#: the grammar's rules for the arguments of facts and effects (``Form.arguments``: team, rank, card,
#: number): a value the user writes, where a phrase of fixed words stops
_ARGUMENTS = frozenset({"team", "rank", "CARD", "expr"})


@dataclass(frozen=True)
class _Phrase:
    """Fixed words of a fact or an effect as the grammar spells them, and what the form means."""

    words: str
    form: Form
    #: "fact" or "effect": the grammar's rule of the form
    rule: str
    #: the form's words written before these (the start of the run they end)
    after: tuple[str, ...]
    #: whether a team comes before the run
    after_team: bool
    #: whether a role comes before the run (an effect on one player's level: ``the declarer + 1 level``)
    after_role: bool = False


#: the grammar's rules being spelled out (``_spellings``): a rule met again inside itself (a role
#: counted from another role, ``the first of TEAM after ROLE``) is an argument there
_EXPANDING: set[str] = set()


@cache
def _spellings(name: str) -> tuple[tuple[tuple[str | None, ...], str | None], ...]:
    """Every way the grammar spells rule ``name``: its symbols as keywords (None for an argument),
    with the innermost alias that names a fact or an effect."""
    _EXPANDING.add(name)
    try:
        return _spelled(name)
    finally:
        _EXPANDING.discard(name)


def _spelled(name: str) -> tuple[tuple[tuple[str | None, ...], str | None], ...]:
    out: list[tuple[tuple[str | None, ...], str | None]] = []
    parser = lark_parser()
    for rule in parser.rules:
        if rule.origin.name != name:
            continue
        alias = rule.alias if rule.alias in FACT_OF_RULE or rule.alias in EFFECT_OF_RULE else None
        parts: list[tuple[tuple[tuple[str | None, ...], str | None], ...]] = []
        for symbol in rule.expansion:
            if symbol.name in _ARGUMENTS or symbol.name in _EXPANDING:
                parts.append((((None,), None),))
            elif symbol.is_term:
                pattern = parser.get_terminal(symbol.name).pattern
                parts.append((((pattern.value if pattern.type == "str" else None,), None),))
            else:
                parts.append(_spellings(symbol.name))
        for choice in product(*parts):
            symbols = tuple(word for spelled, _ in choice for word in spelled)
            inner = next((a for _, a in reversed(choice) if a is not None), alias)
            out.append((symbols, inner))
    return tuple(out)


@cache
def _phrases() -> tuple[_Phrase, ...]:
    """The fixed words of every fact and effect, from the grammar: each run of keywords that opens
    a form or follows its team ("nobody declared", "win the last trick with a single", "back to"),
    and each run's ends ("the last trick with trumps" after "win"), with the form's meaning from
    ``rules.expressions``.  Words after a number or a rank are left to the grammar's own list."""
    out: list[_Phrase] = []
    roles = [spelled for spelled, _ in _spellings("role")]
    for rule, names, table in (("fact", FACT_OF_RULE, FACTS), ("effect", EFFECT_OF_RULE, EFFECTS)):
        for symbols, alias in _spellings(rule):
            if alias is None:
                continue
            form = table[names[alias]]
            after_role = form.name in PLAYER_EFFECTS
            if after_role:  # a role first (offered by ``_roles``): the words after it
                role = max((r for r in roles if symbols[:len(r)] == r), key=len, default=None)
                if role is None:
                    continue
                symbols = (None, *symbols[len(role):])
            start = 1 if symbols[0] is None else 0  # a team first: the words after it
            end = start
            while end < len(symbols) and symbols[end] is not None:
                end += 1
            run = tuple(str(word) for word in symbols[start:end])
            out += [_Phrase(" ".join(run[i:]), form, rule, run[:i], start == 1, after_role) for i in range(len(run))]
    return tuple(out)


def _moment(section: str, before: str) -> str | None:
    """The moment the expressions of the statement being written are evaluated at, by the
    statement's key ("multiplier:") or, for a statement without one, its first word ("when");
    None when it is not a statement of expressions."""
    text = before.strip()
    if ":" in text:
        kind = statement_kinds().get((section, " ".join(text.split(":", 1)[0].split())))
        if kind in MOMENT_OF_STATEMENT:
            return MOMENT_OF_STATEMENT[kind]
    first = text.split()[0] if text else ""
    for kind, moment in MOMENT_OF_STATEMENT.items():
        if first and _first_word(kind) == first and (section, first) not in statement_kinds():
            return moment
    return None


@cache
def _first_word(kind: str) -> str | None:
    """The keyword statement ``kind`` starts with ("when" for "trigger")."""
    parser = lark_parser()
    for rule in parser.rules:
        if rule.origin.name == kind and rule.expansion and rule.expansion[0].is_term:
            pattern = parser.get_terminal(rule.expansion[0].name).pattern
            return pattern.value if pattern.type == "str" else None
    return None


def _expression_words(context: str, rules: frozenset[str], words: frozenset[str],
                      moment: str | None) -> tuple[list[Completion], frozenset[str]]:
    """In a rule expression: the quantities known at ``moment`` (every one when it is not known),
    the teams, and the fixed words of the facts and effects the grammar accepts next, each with
    its meaning; and the grammar's words left to offer alone (none offered here, nor a quantity's
    first word: a quantity is offered whole, where it is known)."""
    out: list[Completion] = []
    if "quantity" in rules:
        for quantity in QUANTITIES.values():
            if (moment is None or moment in quantity.moments) and quantity.words.split()[0] in words:
                out += [Completion(written, "value", written, quantity.meaning)
                        for written in written_forms(quantity, moment)]
    if "team" in rules:
        out += [Completion(w, "value", w, "a team") for w in sorted(words) if w in _team_words()]
    if "quantity" in rules:  # a quantity's words are offered whole, and only where it is known
        # ("the" opens teams and facts too: it stays where they go)
        kept = {"the"} & words if rules & {"team", "fact"} else set()
        words = words - {quantity.words.split()[0] for quantity in QUANTITIES.values()} | kept
    written = context.split()
    offered = {c.label for c in out}
    unknown: set[str] = set()
    for phrase in sorted(_phrases(), key=lambda p: len(p.after)):
        if phrase.words in offered or phrase.words.split()[0] not in words:
            continue
        if phrase.rule == "fact" and moment is not None and moment not in phrase.form.moments:
            unknown.add(phrase.words)  # a fact not known yet at the statement's moment (``dug when``)
            continue
        # the form's words before these are the last written, after a team if the form has one;
        # a form that opens with its words starts where the grammar expects its rule
        told = written[len(written) - len(phrase.after):] if phrase.after else []
        if list(phrase.after) != told:
            continue
        before = written[len(written) - len(phrase.after) - 1] if len(written) > len(phrase.after) else ""
        if phrase.after_role and not _ends_a_role(written[:len(written) - len(phrase.after)]):
            continue
        if (phrase.after_team and not phrase.after_role and before not in _team_words()) or (
                not phrase.after_team and not phrase.after
                                                                    and phrase.rule not in rules):
            continue
        if expectation(f"{context}{phrase.words} ") is None:  # the words go elsewhere here
            continue
        offered.add(phrase.words)
        out.append(Completion(phrase.words, "keyword", phrase.words, phrase.form.meaning))
    return out, words - {c.label for c in out} - unknown


#: the roles a player's level is offered with (a role named by a card is written out by hand)
_ROLE_WORDS = ("the banker", "the next seat", "the banker's partner", "the winner of the last trick",
               "the first of the winners after the banker")
#: whether each is known where the upgrade table is read (``SCORE_ROLES``)
_SCORE_ROLE_WORDS = {"the banker": True, "the next seat": True, "the banker's partner": True,
                     "the winner of the last trick": False, "the first of the winners after the banker": False}


def written_forms(quantity: Quantity, moment: str | None = None) -> list[str]:
    """A quantity as completions offer it: its words, a team's or a player's written out for each
    team and role (``the number of bankers``), a card's up to the card (``copies of``).  Where the
    upgrade table is read (``moment`` SCORE), only the teams and the roles known there
    (``SCORE_TEAMS``, ``SCORE_ROLES``: the table decides who wins)."""
    words = quantity.words
    score = moment == SCORE
    if "TEAM" in words and "CARD" not in words:  # the level of the bankers, the number of bankers
        the = "the " if quantity.name == "team-level" else ""
        return [words.replace("TEAM", the + team) for team in ("bankers", "attackers", "winners", "losers")
                if not score or team in SCORE_TEAMS]
    if "ROLE" in words:
        return [words.replace("ROLE", role) for role in _ROLE_WORDS if not score or _SCORE_ROLE_WORDS[role]]
    if "CARD" in words:
        return [words.split(" CARD")[0]] if quantity.name == "copies-took" else []
    return [words]


@cache
def _team_words() -> frozenset[str]:
    """The words the grammar's ``team`` rule names teams by (not its "the")."""
    return frozenset(symbols[-1] for symbols, _ in _spellings("team") if symbols[-1] is not None)
