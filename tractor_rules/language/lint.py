"""The linter: warnings about rules that compile but are probably not what their author meant.

Each warning is one small class registered under its code (``codes.py``, ``W1xx``) by the
``@linter`` decorator; its docstring says what it finds, why that is a problem and what to write
instead, and docs/lint.md has a section for each (a test checks both, and that each code has a
fixture under tests/lint/).  A linter reads the compiled rules and the resolved files (the
statements in force, and each file's tree with its comments); it never changes them.

A warning is silenced by a comment on its line or on the line above it::

    decks: 2  # lint: ignore W102
    # lint: ignore            (every warning of the next line)

Those marked ``at_compile_time`` are also reported by ``check`` and the facade's ``check``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import codes
from ..errors import Diagnostic, Fix
from ..rules import Pattern, Rules, Source, expressions, same_rung
from ..errors import Diagnostic, Fix, RulesetError
from ..rules import Pattern, Rules, Source, expressions
from ..rules.checks import SHOWING_WORDS, hand_words, longest_straight, row_bids, row_levels, row_scores
from ..rules.kinds import throw_words
from ..rules.scoring import score_granularity
from ..titles import inherited_title
from .compiler import step_words
from .resolve import Resolved, statement_key
from .satisfiable import can_hold
from .syntax import Position, Statement, SyntaxTree, source_lines

#: code → the linter's class, in the order of the codes
LINTERS: dict[str, type["Linter"]] = {}

#: ``# lint: ignore`` or ``# lint: ignore W102, W103``
_SUPPRESS = re.compile(r"#\s*lint:\s*ignore\b(?P<codes>[\sA-Za-z0-9,]*)")


@dataclass(frozen=True)
class Finding:
    """What a linter found: where (file and span), and the message; the code is the linter's."""

    file: str
    pos: Position
    message: str
    fixes: tuple[Fix, ...] = ()


@dataclass(frozen=True)
class LintContext:
    resolved: Resolved
    rules: Rules
    #: each file's lines and the statements by where they start, made once on first use: a warning
    #: per statement must not read the whole text again each time
    _lines: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)
    _starts: dict[tuple[str, int, int], Statement] = field(default_factory=dict, compare=False, repr=False)

    def finding_at_last(self, kind: str, message: str) -> Iterator[Finding]:
        """The warning ``message`` at the statement of ``kind`` in force (the last written), if any."""
        written_at = next((st for st in reversed(self.resolved.statements) if st.kind == kind), None)
        if written_at is not None:
            yield Finding(written_at.file, written_at.pos, message)

    @property
    def root(self) -> str:
        """The file being linted (the others are its parents)."""
        return self.resolved.files[0]

    def statement_at(self, src: Source) -> Statement | None:
        """The statement in force that starts where ``src`` says (None for a default)."""
        if not self._starts:
            for st in reversed(self.resolved.statements):  # the first of a place wins, as before
                self._starts[(st.file, st.pos.line, st.pos.column)] = st
        return self._starts.get((src.file, src.line, src.column))

    def span(self, src: Source) -> Position:
        """The span of the statement at ``src``, or its first character when none is known."""
        st = self.statement_at(src)
        return st.pos if st is not None else Position(src.line, src.column, src.line, src.column + 1)

    def line(self, file: str, number: int) -> str:
        lines = self._lines.get(file)
        if lines is None:
            lines = self._lines[file] = source_lines(self.resolved.texts.get(file, ""))
        return lines[number - 1] if 0 < number <= len(lines) else ""


class Linter:
    """One warning.  Subclasses set their docstring (What it does / Why is this bad? / Example / Use
    instead) and ``findings``."""

    code: ClassVar[str] = ""
    #: also a warning of the compiler: ``check`` reports it
    at_compile_time: ClassVar[bool] = False

    def findings(self, ctx: LintContext) -> Iterable[Finding]:
        raise NotImplementedError


def linter(code: str, *, at_compile_time: bool = False):
    """Register the decorated class as the linter of ``code`` (a warning code of ``codes.py``)."""

    def register(cls: type[Linter]) -> type[Linter]:
        assert codes.CODES[code].severity == "warning", code
        assert code not in LINTERS, code
        cls.code = code
        cls.at_compile_time = at_compile_time
        LINTERS[code] = cls
        return cls

    return register


def selection(select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> tuple[str, ...]:
    """The codes to run: those ``select`` names (all without it) minus those ``ignore`` names.  Each
    item is a code ("W102") or a prefix of codes ("W1"), or a list of them separated by commas;
    raises ``ValueError`` naming an item that matches no linter."""

    def expand(items: Iterable[str]) -> set[str]:
        chosen: set[str] = set()
        for item in items:
            if not isinstance(item, str):
                raise ValueError(f"a lint code is text, not {type(item).__name__}")
            for part in filter(None, (p.strip().upper() for p in item.split(","))):
                matched = {code for code in LINTERS if code.startswith(part)}
                if not matched:
                    known = ", ".join(LINTERS)
                    raise ValueError(f"unknown lint code {part!r}: the codes are {known}")
                chosen |= matched
        return chosen

    if isinstance(select, str) or isinstance(ignore, str):
        raise ValueError("select and ignore take a list of codes, not one string")
    chosen = expand(select) if select is not None else set(LINTERS)
    chosen -= expand(ignore or ())
    return tuple(code for code in LINTERS if code in chosen)


def lint(resolved: Resolved, rules: Rules, chosen: Iterable[str] | None = None) -> list[Diagnostic]:
    """The warnings of the chosen linters (all by default) that no comment silences, sorted."""
    ctx = LintContext(resolved, rules)
    suppressed = _suppressions(resolved)
    out: list[Diagnostic] = []
    for code in (selection() if chosen is None else chosen):
        for found in LINTERS[code]().findings(ctx):
            if _silenced(suppressed.get(found.file, {}), found.pos.line, code):
                continue
            out.append(Diagnostic(found.file, found.pos.line, found.pos.column, found.message,
                                  ctx.line(found.file, found.pos.line), found.pos.width, code=code,
                                  end_line=found.pos.end_line, end_column=found.pos.end_column,
                                  fixes=found.fixes))
    rank = {file: i for i, file in enumerate(resolved.files)}
    return sorted(out, key=lambda d: (rank.get(d.file, len(rank)), d.line, d.column, d.code, d.message))


def compile_warnings(resolved: Resolved, rules: Rules) -> list[Diagnostic]:
    """The warnings the compiler reports with a ruleset that compiles (``check`` prints them)."""
    return lint(resolved, rules, [code for code, cls in LINTERS.items() if cls.at_compile_time])


def _suppressions(resolved: Resolved) -> dict[str, dict[int, frozenset[str] | None]]:
    """file → line → the codes a comment there silences (None: every code)."""
    trees: list[SyntaxTree] = []
    current: Resolved | None = resolved
    while current is not None:
        trees.append(current.root)
        current = current.parent
    out: dict[str, dict[int, frozenset[str] | None]] = {}
    for tree in trees:
        for comment in tree.comments:
            match = _SUPPRESS.search(comment.text)
            if match:
                named = frozenset(p.upper() for p in re.split(r"[\s,]+", match["codes"]) if p)
                out.setdefault(tree.file, {})[comment.line] = named or None
    return out


def _silenced(comments: dict[int, frozenset[str] | None], line: int, code: str) -> bool:
    for number in (line, line - 1):
        if number in comments:
            named = comments[number]
            if named is None or code in named:
                return True
    return False


# --- the linters -------------------------------------------------------------------------------------


@linter(codes.INHERITED_TITLE, at_compile_time=True)
class InheritedTitle(Linter):
    """What it does: finds a house rule that changes the table (decks, players) but keeps the name
    or description of the ruleset it extends.

    Why is this bad? The sheet would print the parent's title ("Tractor (two decks)") over a game
    played with three decks.

    Example: ``extends: "two-decks"`` then ``decks: 3`` and no ``ruleset:`` line.

    Use instead: give the house rule its own ``ruleset:`` (and ``description:``)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        found = inherited_title(ctx.rules)
        if found is not None:
            yield Finding(found.where.file, ctx.span(found.where), found.message(ctx.rules))


@linter(codes.RESTATED_VALUE)
class RestatedValue(Linter):
    """What it does: finds a statement of a house rule that sets what the ruleset it extends (or
    the language's default) already says.

    Why is this bad? It reads like a change, and the sheet does not mark it as one; when the parent
    changes later, the house rule silently keeps the old value.

    Example: ``extends: "two-decks"`` then ``decks: 2``.

    Use instead: remove the line, or write the value you mean to change."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        if ctx.resolved.parent is None:
            return
        changed = set(ctx.rules.house_changes)
        by_statement: dict[tuple[int, int], list[str]] = {}
        for path, src in ctx.rules.sources:
            if src.file == ctx.root:
                by_statement.setdefault((src.line, src.column), []).append(path)
        parent_statements: dict[tuple, Statement] = {}
        for st in ctx.resolved.parent.statements:  # an upgrade table is named by its first row
            parent_statements.setdefault(statement_key(st), st)
        seen_keys: set[tuple] = set()
        for st in ctx.resolved.root.statements:
            if st.kind in ("extends", "unset"):
                continue
            paths = by_statement.get((st.pos.line, st.pos.column))
            if not paths or any(path in changed for path in paths):
                continue
            key = statement_key(st)
            if key in seen_keys:  # the rows of one upgrade table: one warning, at the first
                continue
            seen_keys.add(key)
            earlier = parent_statements.get(key)
            written = _key_words(ctx.line(st.file, st.pos.line), st)
            if earlier is not None:
                what = f"{earlier.file} (line {earlier.pos.line}) already says so"
            else:
                what = "it is what the game has without it (the language's default)"
            fix = Fix("remove the line", st.pos.line, 1, st.pos.line + 1, 1, "")
            yield Finding(st.file, st.pos, f"{written} changes nothing: {what}", (fix,))


def _key_words(line: str, st: Statement) -> str:
    start = st.pos.column - 1
    colon = line.find(":", start)
    if st.section in ("upgrade", "solo_upgrade"):
        return "this upgrade table"
    return f"'{' '.join(line[start:colon].split())}'" if colon > start else f"'{st.kind.replace('_', ' ')}'"


#: the swap points accepted, as a share of the deck's points: the usual tables swap at 40%, and
#: beyond half the attackers would need more points than the bankers keep
_SWAP_LOW, _SWAP_HIGH = 0.30, 0.50


@linter(codes.SWAP_POINT)
class SwapPoint(Linter):
    """What it does: finds an upgrade table whose swap point (the fewest points with which the
    attackers take the bank) is at most 30% or more than half of the deck's points.

    Why is this bad? Tables written in points do not grow with the deck: a two-deck table (swap at
    80 of 200) left under three decks (300 points) hands the bank over at 27%.  The usual tables
    swap at 40%, and none past half.

    Example: ``extends: "two-decks"`` then ``decks: 3`` and ``deal: 38 each, kitty 10``.

    Use instead: rows for this deck's points, or ``steps: 20 per deck``, which scales."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        total = rules.table.total_points
        if total <= 0 or not rules.thresholds:
            return
        swap = next((p for p in range(0, total + 1, 5) if rules.level_change(p)[0] == "attackers"), None)
        if swap is None or _SWAP_LOW * total < swap <= _SWAP_HIGH * total:
            return
        share = round(100 * swap / total)
        message = (f"the attackers take the bank at {swap} of the deck's {total} points ({share}%); upgrade "
                   f"tables usually swap at 40% ({total * 2 // 5} here), never past half")
        yield _at_table(ctx, "thresholds", message)


def _at_table(ctx: LintContext, field: str, message: str) -> Finding:
    """A finding about an upgrade table: at the table, or, when the table comes from a parent and
    this file changed the deck, at that change (the line the author can act on)."""
    rules = ctx.rules
    table = next((src for path, src in rules.sources if path == field or path.startswith(field + "[")), None)
    if table is None or table.file != ctx.root:
        for path in ("table.decks", "table.points", "table.removed_ranks", "table.removed_cards"):
            src = rules.source_of(path)
            if path in rules.house_changes and src is not None:
                return Finding(src.file, ctx.span(src), message)
    if table is None:
        return Finding(ctx.root, Position(1, 1, 1, 2), message)
    return Finding(table.file, ctx.span(table), message)


@linter(codes.FOLLOW_ENTRY_NEVER_APPLIES)
class FollowEntryNeverApplies(Linter):
    """What it does: finds the last entry of a follow list ('any cards', 'broken down step by
    step') after an entry that every hand can play.

    Why is this bad? The follow duty binds only a hand that holds more cards of the suit than the
    lead; such a hand can always play an entry made of singles (``2 singles``) or of as many sets as
    it has filled with singles (``pairs + singles``), so the list never gets past it.

    Example: ``pair: pair > 2 singles > any cards``.

    Use instead: end the list at the entry every hand can play (``pair: pair > 2 singles``)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        for fl in ctx.rules.following.lists:
            label = fl.lead.label
            for index, entry in enumerate(fl.entries[:-1], start=1):
                if _always_playable(entry):
                    last = fl.entries[-1]
                    what = "broken down step by step" if last.step_down else "any cards"
                    if last.terms:
                        break  # a termed entry after it is the compiler's error (E310)
                    src = ctx.rules.source_of(f"following.lists[{label}]")
                    where = Finding(src.file, ctx.span(src), "") if src is not None else \
                        Finding(ctx.root, Position(1, 1, 1, 2), "")
                    yield Finding(where.file, where.pos,
                                  f"'{label}': entry {len(fl.entries)} ('{what}') can never apply: every hand "
                                  f"that must follow can play entry {index}, which comes first")
                    break


def _always_playable(entry: Pattern) -> bool:
    """Whether every hand with more cards of the suit than the lead can play ``entry``: its fixed
    parts are singles, and anything it leaves open is filled with singles."""
    if not entry.terms:
        return False
    single = [t for t in entry.terms if t.width == 1 and t.length.value(1) == 1 and t.length.per_n == 0]
    fixed = [t for t in entry.terms if not t.count.greedy]
    greedy = [t for t in entry.terms if t.count.greedy]
    if any(t not in single for t in fixed):
        return False
    return not greedy or any(t in single for t in greedy)


@linter(codes.IMPOSSIBLE_LADDER_STEP)
class ImpossibleLadderStep(Linter):
    """What it does: finds a declaration step that shows more cards than a hand holds.

    Why is this bad? Nobody can ever make it, so the ladder promises a declaration the game does not
    have (the compiler already refuses steps that the decks themselves cannot hold).

    Example: twelve players with one deck (4 cards each) and ``ladder: ... < 2 big jokers + 3 level
    cards`` (5 cards).

    Use instead: steps of at most as many cards as a hand holds."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:

        hand = ctx.rules.table.hand_size
        for step in ctx.rules.declaring.ladder:
            cards = step.count + step.level_cards
            if cards > hand:
                src = ctx.rules.source_of("declaring.ladder")
                where = ctx.span(src) if src is not None else Position(1, 1, 1, 2)
                yield Finding(src.file if src is not None else ctx.root, where,
                              f"'{step_words(step)}' shows {cards} cards, but a hand holds {hand}: nobody can "
                              "make this declaration")


@linter(codes.UNREACHABLE_THRESHOLD)
class UnreachableThreshold(Linter):
    """What it does: finds an upgrade row that starts above the most points the attackers can take
    (every point card, plus the kitty multiplied as much as the rules allow), or, where the table is
    read with a number ``counted:`` from the points, above the most that number can be.

    Why is this bad? The row never applies; usually a number has a digit too many or the table was
    written for more decks.

    Example: ``decks: 1`` with a row ``400+: attackers +4`` and no kitty multiplier.

    Use instead: rows within the deck's reach."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        for penalty in (rules.leading.throw_penalty, rules.leading.throw_penalty_of(False),
                        rules.following.revoke_penalty):
            if penalty.kind in ("per-attempt", "per-card") and penalty.points > 0:
                return  # penalties add points to the attackers' score without a bound
        reach = _most_attacker_points(rules)
        if rules.counted:  # the table is read with the number counted from the points, not the points
            counted = expressions.number_range(rules.counted, _after_hand_ranges(rules))
            if counted is None:
                return  # not simple to tell how far the number reaches
            reach = max(counted[1], 0)
        for field, rows in (("thresholds", rules.thresholds), ("solo_thresholds", rules.solo_thresholds)):
            row = next((r for r in rows if r.low > reach), None)
            if row is not None:
                written = f"{row.low}+" if row.high == -1 else f"{row.low}-{row.high}"
                message = (f"the row '{written}' can never apply: the number counted ('counted:') is at most {reach}"
                           if rules.counted else
                           f"the row '{written}' can never apply: the attackers can take at most {reach} points")
                section = "upgrade" if field == "thresholds" else "solo_upgrade"
                written_row = next((st for st in ctx.resolved.statements if st.section == section
                                    and st.kind == "threshold" and st.node.leaves("int")
                                    and st.node.leaves("int")[0].value == row.low), None)
                if written_row is not None:
                    yield Finding(written_row.file, written_row.pos, message)
                else:
                    yield _at_table(ctx, field, message)


@linter(codes.NEVER_HOLDS)
class NeverHolds(Linter):
    """What it does: finds a house rule after a hand (``when ...:`` in ``levels``) whose condition
    no hand can meet: a level the ladder never reaches, a card taken out of the pack, more points
    than the attackers can take, an action the rules never allow (a concession without 'concede:',
    the bank given up without 'give up the bank: yes'), or parts that contradict each other (``the bankers win and the
    attackers win``); and the same of the hands in which a declaration overturns during the deal
    (``overturn: when ...`` in ``declare``).

    Why is this bad? Its effects never happen (nothing ever overturns: ``overturn: no`` says so
    plainly); usually a word or a number is not the one meant.

    Example: ``when the level is 2 and the bankers win: bankers +1 level`` with ``range: 9 to A``.

    Use instead: a condition some hand can meet."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if (not rules.levels.after_hand and not rules.declaring.overturn_in_deal_when
                and not rules.declaring.in_turn_when):
            return
        # The engine's rulings are loaded by the rules that need them only: the command line's
        # parser, which imports this module, is built without the engine (tests/test_cli.py).
        from ..engine.rulings.scoring import level_ladder

        ranges = _after_hand_ranges(rules)
        ladder = level_ladder(rules)
        written = [st for st in ctx.resolved.statements if st.kind == "trigger"]
        for trigger, st in zip(rules.levels.after_hand, written):
            if can_hold(trigger.condition, rules, ranges, ladder) is False:
                yield Finding(st.file, st.pos, "no hand can meet this condition, so its effects never happen")
        overturn = rules.declaring.overturn_in_deal_when
        if overturn and not expressions.reads_the_turn(overturn) and can_hold(overturn, rules, ranges, ladder) is False:
            yield from ctx.finding_at_last("overturn", "no hand can meet this condition, so nothing ever "
                                           "overturns during the deal: write 'overturn: no'")
        in_turn = rules.declaring.in_turn_when
        if in_turn and can_hold(in_turn, rules, ranges, ladder) is False:
            yield from ctx.finding_at_last("in_turn", "no hand can meet this condition, so no hand is "
                                           "declared in turn: write 'in turn: no'")


def _after_hand_ranges(rules: Rules) -> dict[Any, tuple[int, int]]:
    """The range of each number known after a hand (the house rules after a hand, and the hands in
    which a declaration overturns during the deal)."""
    table = rules.table
    hand = max(table.hand_size, 1)
    kitty_best = sum(sorted((p for r, p in table.points if r not in table.removed_ranks), reverse=True)[:1]
                     ) * table.kitty_size
    return {
        "points": (0, _most_attacker_points(rules)),
        # penalties may take the score below 0 only when failed throws cost points
        "raw-points": (-expressions.NUMBER_BOUND if rules.leading.throw_penalty_of(False).points else 0,
                       _most_attacker_points(rules)),
        "kitty-points": (0, kitty_best),
        "levels": (0, expressions.NUMBER_BOUND),
        "size": (1, hand),
        "cards": (1, hand),
        "decks": (table.decks, table.decks),
        "players": (table.players, table.players),
        # the winning bid lies on the auction's grid (0 without an auction)
        "bid": (min(rules.auction.start, rules.auction.limit), max(rules.auction.start, rules.auction.limit)),
        "overturns": (0, expressions.NUMBER_BOUND if may_overturn(rules) else 0),
        **_argument_ranges(rules),
    }


def may_overturn(rules: Rules) -> bool:
    """Whether a hand's declaration can pass to another player: some declaration is made (a
    ladder, no auction) and may be made over another player's (during the deal, after the kitty,
    or in turn after the deal)."""
    d = rules.declaring
    return bool(d.ladder) and not rules.auction.on and (d.overturn_in_deal or d.overturn_after_kitty or d.in_turn)


def team_sizes(rules: Rules) -> dict[str, tuple[int, int]]:
    """The fewest and the most players of each team in a hand: with fixed teams the seats of a
    parity; with called partners the banker and up to one friend per called card; a banker alone."""
    n = rules.table.players
    if rules.table.seated:
        bankers = (n // 2, (n + 1) // 2)
    elif rules.table.partnership == "called":
        bankers = (1, min(1 + rules.table.called_cards, n))
    else:
        bankers = (1, 1)
    attackers = (n - bankers[1], n - bankers[0])
    either = (min(bankers[0], attackers[0]), max(bankers[1], attackers[1]))
    return {"bankers": bankers, "attackers": attackers, "winners": either, "losers": either}


def _argument_ranges(rules: Rules) -> dict[Any, tuple[int, int]]:
    """The ranges of the quantities with arguments that the house rules after a hand read, by key
    (``expressions.quantity_key``): a team's size, a team's or a player's level (a position on the
    ladder: past its end only where it goes round without end), the copies of a card (at most the
    pack's)."""
    from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

    trees = [tree for trigger in rules.levels.after_hand for tree in (trigger.condition, *trigger.effects)]
    trees += [row.formula for row in rules.stakes.game_points if row.formula]
    keys = {key for tree in trees for key in expressions.quantity_keys(tree) if type(key) is tuple}
    if not keys:
        return {}
    sizes = team_sizes(rules)
    levels = rules.levels
    top = (expressions.NUMBER_BOUND if levels.rounds == 0 else
           len(level_ladder(rules)) * levels.rounds + (1 if levels.game_end == "beyond-last" else 0))
    out: dict[Any, tuple[int, int]] = {}
    for key in keys:
        name = key[0]
        if name == "team-size":
            out[key] = sizes[key[1]]
        elif name == "team-level":
            out[key] = (1, top)
        elif name == "player-level":  # a role named by a card may name nobody: 0
            out[key] = (0 if type(key[1]) is tuple else 1, top)
        elif name.startswith("copies-"):
            out[key] = (0, rules.table.copies(key[2]))
    return out


@linter(codes.BURIAL_SHORTFALL, at_compile_time=True)
class BurialShortfall(Linter):
    """What it does: finds a rule on buried cards (``buried cards: when ...`` in ``kitty``) that a
    player who takes the kitty may be unable to keep: in some hand more cards of the pack may be
    refused burial than a hand holds, so that the player may hold fewer cards they may bury than
    the kitty takes.

    Why is this bad? Such a player buries every card they may and makes up the rest with other
    cards of their choice: the rule then does not hold for that hand, which players may not expect.

    Example: ``buried cards: when not a trump`` with two decks: 36 trumps, more than the 25 cards
    of a hand.

    Use instead: say at the table what happens then, and keep the warning quiet with
    ``# lint: ignore W108``; or a rule that refuses fewer cards (``when not a point card``)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if not rules.kitty_exchange.buried_when or not rules.table.kitty_size:
            return
        from ..engine.rulings.card_rules import burial_shortfall  # (loaded as NeverHolds says)

        short = burial_shortfall(rules)
        src = rules.source_of("kitty_exchange.buried_when")
        if short is None or src is None:
            return
        level, trump, refused = short
        hand, kitty = rules.table.hand_size, rules.table.kitty_size
        yield Finding(src.file, ctx.span(src),
                      f"a player may hold fewer than {kitty} cards they may bury: {hand_words(level, trump)}, "
                      f"{refused} cards of the pack may not be buried, more than the {hand} of a hand; such a "
                      "player buries every card they may and the rest of their choice")


@linter(codes.BOMB_NEVER_MEETS)
class BombNeverMeets(Linter):
    """What it does: finds rainbows that are bombs (``rainbows: N+ cards of one rank in four
    suits, as bombs``) in a game where no other lead is ever as large as a rainbow: throws are not
    allowed and no set, tractor, straight or bomb of identical cards holds N cards.

    Why is this bad? A rainbow beats other plays only as a follow of as many cards to another
    lead; with no such lead the rainbows only ever meet each other, so 'as bombs' changes nothing.

    Example: ``rainbows: 5+ cards of one rank in four suits, as bombs`` with two decks, tractors of
    two pairs at most and ``throws: no``.

    Use instead: fewer cards to a rainbow, throws, or the rainbows without 'as bombs'."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        comb = rules.combinations
        if not comb.rainbow_min or not comb.rainbow_bombs or rules.leading.throws:
            return
        largest = _largest_other_lead(rules)
        src = rules.source_of("combinations.rainbow_bombs")
        if largest is None or largest >= comb.rainbow_min or src is None:
            return
        yield Finding(src.file, ctx.span(src),
                      f"no other lead holds {comb.rainbow_min} cards (the largest holds {largest} and throws are "
                      "not allowed), so a rainbow never beats another kind: 'as bombs' changes nothing")


def _largest_other_lead(rules: Rules) -> int | None:
    """The most cards a lead of one combination that is no rainbow can hold; None when there is no
    bound below a hand (straights, tractors without an upper length, bombs joined with sets)."""
    comb = rules.combinations
    decks = rules.table.decks
    if comb.straight_min or comb.bomb_width and comb.bomb_joins_sets:
        return None
    largest = max(w for w in comb.set_widths if w <= decks)
    if comb.bomb_width:
        largest = max(largest, decks)
    for width in comb.tractor_widths:
        most = comb.lengths_of(width)[1]
        if not most:
            return None
        largest = max(largest, width * most)
    return largest


@linter(codes.NEVER_GIVEN_UP)
class NeverGivenUp(Linter):
    """What it does: finds ``give up the bank: yes`` (in ``declare``) in a game that ends after its
    first hand (``game end: after 1 hands``).

    Why is this bad? The first hand has no banker before its deal: the declaring finds one, so
    nobody ever has the bank to give up, and the statement never changes a hand.

    Example: ``give up the bank: yes`` with ``game end: after 1 hands``.

    Use instead: a game of more hands, or no such statement."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        levels = rules.levels
        if not rules.declaring.give_up_bank or not (levels.game_end == "hands" and levels.end_hands == 1):
            return
        yield from ctx.finding_at_last("give_up_bank", "the game is its first hand only, whose banker the "
                                       "declaring finds, so nobody ever has the bank to give up")


@linter(codes.IN_TURN_UNUSED)
class InTurnUnused(Linter):
    """What it does: in rules that declare every hand in turn after the deal (``in turn: yes`` in
    ``declare``), finds the statements of the file about declaring during the deal: ``overturn``,
    ``first declaration``, ``suit order``, ``reinforce``, ``overturn own`` and ``first banker``.

    Why is this bad? Nobody declares during the deal: after it, the first player to declare
    banks, with nothing standing to overturn, reinforce or break a tie with; so these statements
    never apply.  Perhaps ``in turn: when not the first hand`` was meant, the first hand declared
    as the cards come.

    Example: ``in turn: yes`` with ``overturn: no``.

    Use instead: leave the statement out, or declare only some hands in turn (``in turn: when
    ...``)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        decl = ctx.rules.declaring
        if not decl.in_turn or decl.in_turn_when or not decl.ladder:
            return
        for st in ctx.resolved.statements:
            if st.file == ctx.root and st.kind in _DURING_THE_DEAL:
                yield Finding(st.file, st.pos, f"every hand is declared in turn after the deal, so "
                                               f"'{_DURING_THE_DEAL[st.kind]}' never applies: leave it out, "
                                               f"or write 'in turn: when ...'")


@linter(codes.ROW_NUMBER_FIXED)
class RowNumberFixed(Linter):
    """What it does: finds an upgrade row whose levels are written as a number of the hand
    (``banker + (165 - points) / 10``) but come to the same levels at every score the row covers,
    with every bid of the auction.

    Why is this bad? The number never changes the outcome: usually the row's range or a number in
    it is not the one meant, or a fixed outcome (``banker +2``) says it plainly.

    Example: ``40-75: banker + (160 - points) / 80``, 1 level at every score from 40 to 75.

    Use instead: the fixed outcome, or a number that goes by the points."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        g = score_granularity(rules.table.points)
        for field in ("thresholds", "solo_thresholds"):
            for i, row in enumerate(getattr(rules, field)):
                if not row.formula:
                    continue
                given = {min(max(row_levels(rules, row, score, bid), 0), row.at_most or 100)
                         for bid in row_bids(rules) for score in row_scores(row, g)}
                if len(given) != 1:
                    continue
                levels = given.pop()
                words = "swap" if (row.side, levels) == ("attackers", 0) else f"{row.side} +{levels}"
                src = rules.source_of(f"{field}[{i}]")
                if src is None:
                    continue
                written = f"{row.low}+" if row.high == -1 else f"{row.low}-{row.high}"
                yield Finding(src.file, ctx.span(src), f"the row '{written}' gives {levels} level{'' if levels == 1 else 's'} at every score "
                                                        f"it covers: write '{words}'")


@linter(codes.OWN_LEVEL_NEVER)
class OwnLevelNever(Linter):
    """What it does: finds ``level cards: each player's own`` (in ``declare``) where it can never
    change a hand: a game of one hand (``game end: after 1 hands``) or of one level, in which every
    player is always at the same level, or a ladder of jokers alone, which shows no level card.

    Why is this bad? Every player then declares with the same cards as at the hand's level, and the
    hand is played at the level it would have been anyway: the statement says nothing.

    Example: ``level cards: each player's own`` with ``game end: after 1 hands``.

    Use instead: no such statement (or ``first banker: final declarer`` alone, for the banker)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        rules = ctx.rules
        levels = rules.levels
        if rules.declaring.level_cards == "hand":
            return
        if levels.game_end == "hands" and levels.end_hands == 1:
            why = "the game is one hand, in which every player is at the first level"
        elif len(level_ladder(rules)) == 1 and levels.rounds == 1:
            why = "the game has one level, at which every player always is"
        elif all(step.kind != "level" and not step.level_cards for step in rules.declaring.ladder):
            why = "no step of the ladder shows a level card"
        else:
            return
        yield from ctx.finding_at_last("declaring_level", f"{why}, so declaring at each player's own level "
                                       "never changes a hand")


@linter(codes.NEVER_EXCHANGED)
class NeverExchanged(Linter):
    """What it does: finds ``exchange with the declarer: yes`` (in ``declare``) where the exchange
    can never be made: no step of the ladder is a joker with a pair of level cards
    (``1 joker + 2 level cards``), or no tractor is made of pairs.

    Why is this bad? The exchange takes a standing declaration of a joker with a pair, and is made
    by a player showing a joker with a tractor of pairs: without them it never happens, and the
    statement never changes a hand.

    Example: ``exchange with the declarer: yes`` with ``ladder: 1 level card < 2 level cards``.

    Use instead: a ladder with the step ``1 joker + 2 level cards``, or no such statement."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        d = rules.declaring
        if not d.exchange_with_declarer or rules.auction.on or not d.ladder:
            return  # nothing to exchange at all: an error (E323)
        if not any(step.kind != "level" and step.count == 1 and step.level_cards == 2 for step in d.ladder):
            why = "no step of the ladder is a joker with a pair of level cards ('1 joker + 2 level cards')"
        elif 2 not in rules.combinations.tractor_widths:
            why = "no tractor is made of pairs"
        else:
            return
        yield from ctx.finding_at_last("exchange_with_declarer", f"the exchange with the declarer never happens: {why}")


@linter(codes.TURNED_NEVER)
class TurnedNever(Linter):
    """What it does: finds, in ``nobody declares: first kitty card at a player's level, otherwise
    ...`` (in ``declare``), a later way ``first level card in kitty``, which can never find a card.

    Why is this bad? The ways after the turning are tried only when no kitty card is of any
    player's level; the dealer, who then banks, is one of the players, so no kitty card is of the
    hand's level either, and the first level card in the kitty is never found: the way never
    decides a hand.

    Example: ``nobody declares: first kitty card at a player's level, otherwise first level card in
    kitty, otherwise no-trump``.

    Use instead: a way that needs no level card (``kitty card 1``, ``highest kitty card``), or none."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        d = ctx.rules.declaring
        if d.fallback.kind != "player-level-card" or d.level_cards == "hand":
            return  # no turning at all: an error (E324)
        if not any(way.kind == "level-card" for way in d.fallback_then):
            return
        yield from ctx.finding_at_last("nobody_declares", "'first level card in kitty' after 'first kitty card at a "
                                       "player's level' never finds a card: it is tried only "
                                       "when no kitty card is of any player's level, the "
                                       "dealer's, at which the hand is then played, included")


@linter(codes.NEVER_FACE_DOWN)
class NeverFaceDown(Linter):
    """What it does: finds ``declarations: face down until the kitty is buried`` (in ``declare``)
    where no declaration has a card to lie face down: nobody declares (``ladder: none``), or every
    step of the ladder is of jokers alone, which are shown face up.

    Why is this bad? Only a declaration's level cards lie face down, hiding its suit: without them
    every player sees every declaration, and the statement never changes a hand.

    Example: ``declarations: face down until the kitty is buried`` with
    ``ladder: 2 small jokers < 2 big jokers``.

    Use instead: a ladder with a step of level cards, or no such statement."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        d = rules.declaring
        if not d.face_down or rules.auction.on:
            return  # an auction: an error (E325)
        if not d.ladder:
            why = "nobody declares ('ladder: none')"
        elif all(step.kind != "level" and not step.level_cards for step in d.ladder):
            why = "every step of the ladder is of jokers alone, which are shown"
        else:
            return
        yield from ctx.finding_at_last("declarations_face", f"no declaration ever lies face down: {why}")


@linter(codes.NEVER_DECLARED_IN_DEAL)
class NeverDeclaredInDeal(Linter):
    """What it does: in a game of one hand (``game end: after 1 hands``) whose first hand's trump a
    contest chooses (``first banker: contest winner``), finds the statements of the file about
    declaring during the deal: ``overturn``, ``first declaration``, ``suit order``, ``reinforce`` and
    ``overturn own`` (where nobody overturns after the kitty either).

    Why is this bad? The game's only hand is its first, in which nobody declares while the cards
    are dealt: the contest's winner names trump after the deal, with nothing standing to overturn,
    reinforce or break a tie with; so these statements never apply.

    Example: ``first banker: contest winner`` with ``overturn: no`` and ``game end: after 1 hands``.

    Use instead: leave the statement out, or play more hands."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        d, levels = rules.declaring, rules.levels
        if d.first_banker != "contest" or d.overturn_after_kitty or rules.auction.on or d.in_turn or not d.ladder:
            return  # a contest other rules refuse (E326), or declarations after the kitty
        if levels.game_end != "hands" or levels.end_hands != 1:
            return
        for st in ctx.resolved.statements:
            if st.file == ctx.root and st.kind in _DURING_THE_DEAL and st.kind != "first_banker":
                yield Finding(st.file, st.pos, f"the game is its first hand only, whose trump a contest chooses "
                                               f"after a deal without declaring, so '{_DURING_THE_DEAL[st.kind]}' "
                                               f"never applies: leave it out")


@linter(codes.REDEAL_NEVER)
class RedealNever(Linter):
    """What it does: finds a condition on who may ask for a redeal (``redeal: when ...`` in
    ``declare``) that no player's dealt hand can meet: fewer points held than 0, more trumps held
    than a hand has cards, a limit of no redeals at all (``redeals < 0``), a level the ladder never
    reaches, or parts that contradict each other.

    Why is this bad? No deal is ever redealt: ``redeal: none`` says so plainly; usually a word or a
    number is not the one meant.

    Example: ``redeal: when an attacker and points held < 0``.

    Use instead: a condition some dealt hand can meet, as ``redeal: when an attacker and redeals < 3
    and (points held <= 15 or trumps held <= 3)``."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        condition = rules.declaring.redeal_when
        if not condition:
            return
        from ..engine.flow.deal import MAX_DEALS  # (loaded as NeverHolds says)
        from ..engine.rulings.scoring import level_ladder

        table = rules.table
        hand = max(table.hand_size, 0)
        value = [p for r, p in table.points if r not in table.removed_ranks]
        most_points = sum(sorted((p for p in value for _ in range(table.decks * 4)), reverse=True)[:hand])
        ranges = {
            "held-points": (0, most_points),
            "held-trumps": (0, hand),
            # the last deal is played whatever it holds
            "redeals": (0, MAX_DEALS - 2),
            "decks": (table.decks, table.decks),
            "players": (table.players, table.players),
        }
        if can_hold(condition, rules, ranges, level_ladder(rules)) is not False:
            return
        yield from ctx.finding_at_last("weak_hand_redeal", "no player's dealt hand can meet this condition, so no "
                                       "deal is ever redealt: write 'redeal: none'")



def _declaring_ranges(rules: Rules) -> dict[str, tuple[int, int]]:
    """The values the quantities of a condition on declaring can take: the overturns so far, the
    level cards a declaration of the ladder can show, the table's decks and players."""
    decl, table = rules.declaring, rules.table
    shown = max((step.count if step.kind == "level" else step.level_cards for step in decl.ladder), default=0)
    return {
        "overturns": (0, expressions.NUMBER_BOUND),
        "declared-level-cards": (0, shown),
        "decks": (table.decks, table.decks),
        "players": (table.players, table.players),
    }

@linter(codes.DECLARE_OVER_NEVER)
class DeclareOverNever(Linter):
    """What it does: finds a condition on who may overturn during the deal that reads the player
    who would overturn (``overturn: when ...`` in ``declare``), or one on who may reinforce
    (``reinforce: when ...``), that no player can meet: parts that contradict each other (``an
    attacker and a banker``, ``the declarer's partner and the declarer's opponent``), fewer
    overturns than none, more level cards than a declaration shows, a level the ladder never
    reaches.

    Why is this bad? Nobody ever overturns (or reinforces): ``overturn: no`` (``reinforce: no``)
    says so plainly; usually a word or a number is not the one meant.

    Example: ``overturn: when an attacker and a banker``.

    Use instead: a condition some player can meet, as ``overturn: when not the declarer's
    partner``."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        decl = rules.declaring
        asked = []
        if decl.overturn_in_deal and expressions.reads_the_turn(decl.overturn_in_deal_when):
            asked.append(("overturn", decl.overturn_in_deal_when, "nothing ever overturns during the deal: write "
                                                                  "'overturn: no'"))
        if decl.reinforce_when:
            asked.append(("reinforce", decl.reinforce_when, "nobody ever reinforces: write 'reinforce: no'"))
        if not asked:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        ranges = _declaring_ranges(rules)
        ladder = level_ladder(rules)
        for kind, condition, consequence in asked:
            if can_hold(condition, rules, ranges, ladder) is not False:
                continue
            yield from ctx.finding_at_last(kind, f"no player can meet this condition, so {consequence}")


@linter(codes.END_EARLY_NEVER)
class EndEarlyNever(Linter):
    """What it does: finds a condition for ending a hand early (``end early: when ...`` in
    ``levels``) that can never hold after a trick while cards are left: more points left than the
    deck holds, fewer cards left than 1 or as many as a hand is dealt, more points taken than the
    deck and the kitty allow, or parts that contradict each other.

    Why is this bad? Every hand is played out: ``end early: never`` says so plainly; usually a word
    or a number is not the one meant.

    Example: ``end early: when cards left = 0``.

    Use instead: a condition some trick can meet, as ``end early: when the outcome is decided``
    or ``end early: when points left = 0``."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        condition = rules.levels.end_early
        if not condition:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        if can_hold(condition, rules, _after_trick_ranges(rules), level_ladder(rules)) is not False:
            return
        yield from ctx.finding_at_last("end_early", "no trick can end with this condition holding while "
                                       "cards are left, so every hand is played out: write "
                                       "'end early: never'")


@linter(codes.ONCE_ROUND_SAME)
class OnceRoundSame(Linter):
    """What it does: finds ``overturn after kitty: when ..., once round`` whose condition allows no
    overturn once one has been made (``when overturns = 0``): at most one player overturns, and the
    round ends as the round that goes on until every player has passed in a row would.

    Why is this bad? ``once round`` changes nothing, and the rule reads as if it did.

    Example: ``overturn after kitty: when overturns = 0, once round``.

    Use instead: ``overturn after kitty: when overturns = 0``."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        decl = ctx.rules.declaring
        if not decl.overturn_after_kitty or decl.overturn_rounds != "once" or not decl.overturn_when:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        ranges = _declaring_ranges(ctx.rules)
        ladder = level_ladder(ctx.rules)
        if can_hold(decl.overturn_when, ctx.rules, ranges, ladder) is False:  # W127's
            return
        if can_hold(decl.overturn_when, ctx.rules, {**ranges, "overturns": (1, expressions.NUMBER_BOUND)},
                    ladder) is False:
            yield from ctx.finding_at_last("overturn_after_kitty", "this condition allows one overturn at most, "
                                                                   "so the round ends as it would without 'once "
                                                                   "round': leave 'once round' out")
def _after_trick_ranges(rules: Rules) -> dict[str, tuple[int, int]]:
    """The range of each number known after a trick, while cards are left (``end early``,
    ``concede``)."""
    table = rules.table
    hand = max(table.hand_size, 1)
    return {
        "points": (0, _most_attacker_points(rules)),
        "points-left": (0, table.total_points),
        # asked after a trick, while cards are left: at least one trick played, one card left
        "cards-left": (1, max(hand - 1, 1)),
        "decks": (table.decks, table.decks),
        "players": (table.players, table.players),
    }


@linter(codes.THROW_STOPPERS_NEVER)
class ThrowStoppersNever(Linter):
    """What it does: finds a condition on who may stop a throw (``throw stopped by: ... when ...``
    in ``lead``) that no player can meet: parts that contradict each other (``an attacker and a
    banker``, ``the thrower's partner and the thrower's opponent``), or a level the ladder never
    reaches.

    Why is this bad? Every throw stands, whatever the others hold: ``throw check`` and ``failed
    throw`` never apply; usually a word is not the one meant.

    Example: ``throw stopped by: any other player when an attacker and a banker``.

    Use instead: a condition some player can meet, as ``throw stopped by: any other player when an
    attacker``."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        condition = rules.leading.throw_stoppers_when
        if not condition or not rules.leading.throws:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        table = rules.table
        ranges = {"decks": (table.decks, table.decks), "players": (table.players, table.players)}
        if can_hold(condition, rules, ranges, level_ladder(rules)) is not False:
            return
        yield from ctx.finding_at_last("throw_stoppers", "no player can meet this condition, so no throw ever fails: "
                                                         "write 'throw stopped by:' without it")


@linter(codes.EXEMPTION_NEVER)
class ExemptionNever(Linter):
    """What it does: finds ``exempt: tractors from breaking`` (in ``follow``) where only suit is
    followed (``duty: suit only``): no follower is ever asked for a pair or a tractor, so there is
    nothing a tractor could be broken for.

    Why is this bad? The exemption never changes a follow; usually the duty is not the one meant.

    Example: ``duty: suit only`` with ``exempt: tractors from breaking``.

    Use instead: ``duty: priority lists`` (the default), or leave the exemption out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if not rules.following.tractors_kept or rules.following.duty != "suit":
            return
        yield from ctx.finding_at_last("exempt", "only suit is followed, so no tractor is ever broken to follow: "
                                                 "'tractors from breaking' never applies")


def _most_attacker_points(rules: Rules) -> int:
    """Every point card, plus the kitty's best points times (the largest multiplier - 1)."""
    from ..engine.rulings.scoring import evaluate_formula  # (loaded as NeverHolds says)

    table = rules.table
    total = table.total_points
    value = dict(table.points)
    card_points = sorted((value[r] for r in value if r not in table.removed_ranks), reverse=True)
    per_rank = table.decks * 4
    best = [p for p in card_points for _ in range(per_rank)][: table.kitty_size]
    kitty_points = min(total, sum(best))
    kitty = rules.kitty
    hand = max(table.hand_size, 1)
    if kitty.kind == "none" or kitty_points == 0:
        return total
    if kitty.kind == "formula":
        limit = kitty.cap or 10**9
        most = max(evaluate_formula(kitty.formula, size, hand, limit) for size in range(1, min(hand, 64) + 1))
    else:
        most = max((r.factor for r in kitty.table), default=1)
        if kitty.doubling:
            for r in kitty.table:
                if r.length > 1 and not r.rainbow:
                    longest = hand // r.width
                    most = max(most, r.factor * 2 ** max(0, min(longest, 64) - r.length))
    return total + max(most - 1, 0) * kitty_points


#: the statements about declaring during the deal, which say nothing where every hand is declared
#: in turn after it (one declaration, with nothing standing), with the words they are written with
_DURING_THE_DEAL = {"overturn": "overturn", "suit_order": "suit order", "reinforce": "reinforce",
                    "overturn_own": "overturn own", "first_banker": "first banker",
                    "first_declaration": "first declaration"}


#: the statements naming who is asked first in an optional phase → (its words, whether the rules
#: play the phase)
_ORDERED: dict[str, tuple[str, Callable[[Rules], bool]]] = {
    "first_overturner": ("first to overturn after kitty",
                         lambda r: r.declaring.overturn_after_kitty and bool(r.declaring.ladder)),
    "first_in_turn": ("first to declare in turn", lambda r: r.declaring.in_turn and bool(r.declaring.ladder)),
}


@linter(codes.ORDER_UNUSED)
class OrderUnused(Linter):
    """What it does: finds a statement of the file naming who is asked first in a phase the rules
    never play: ``first to overturn after kitty`` without ``overturn after kitty`` (or with
    ``ladder: none``), ``first to declare in turn`` without ``in turn``.

    Why is this bad? The phase never happens, so the order never applies; perhaps the statement
    that switches the phase on was forgotten.

    Example: ``first to overturn after kitty: the banker`` with ``overturn after kitty: no``.

    Use instead: switch the phase on (``overturn after kitty: yes``), or leave the statement out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        for st in ctx.resolved.statements:
            if st.file != ctx.root or st.kind not in _ORDERED:
                continue
            words, played = _ORDERED[st.kind]
            if not played(ctx.rules):
                yield Finding(st.file, st.pos, f"the rules never play the phase that '{words}' orders, so it never "
                                               f"applies: switch the phase on, or leave it out")


@linter(codes.ORDER_AS_DEFAULT)
class OrderAsDefault(Linter):
    """What it does: finds a phase's first seat written as the burier (or the seat after) where
    the banker always buries: ``buried by: the banker``, and for the first lead no overturning
    after the kitty (whose overturners bury in turn).

    Why is this bad? The burier is then always the banker, so the statement says what the banker's
    seat says; perhaps another burier (``buried by``) or the declarer was meant.

    Example: ``first lead: the burier`` with the banker burying.

    Use instead: ``first lead: the banker`` (the default: leave it out), or name the seat meant."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        r = ctx.rules
        if r.kitty_exchange.buried_by != "banker":
            return
        # the first to bury is the banker; the last too, unless others overturn after the kitty
        last_is_banker = not (r.declaring.overturn_after_kitty and r.declaring.ladder)
        for st in ctx.resolved.statements:
            if st.file != ctx.root or st.kind not in ("first_lead", "first_overturner"):
                continue
            seat = r.leading.first_lead if st.kind == "first_lead" else r.declaring.overturn_first
            if seat in ("burier", "after-burier") and (st.kind == "first_overturner" or last_is_banker):
                banker = "the banker" if seat == "burier" else "the seat after the banker"
                yield Finding(st.file, st.pos, f"the banker always buries here, so the burier is the banker: "
                                               f"write '{banker}'")


@linter(codes.OVERTURN_AFTER_KITTY_NEVER)
class OverturnAfterKittyNever(Linter):
    """What it does: finds a condition on who may overturn after the kitty (``overturn after kitty:
    when ...`` in ``declare``) that no player can meet: parts that contradict each other (``an
    attacker and a banker``, ``the declarer's partner and the declarer's opponent``), fewer
    overturns than none, more level cards than a declaration shows, a level the ladder never
    reaches.

    Why is this bad? Nobody ever overturns after the kitty: ``overturn after kitty: no`` says so
    plainly; usually a word or a number is not the one meant.

    Example: ``overturn after kitty: when the declarer's partner and the declarer's opponent``.

    Use instead: a condition some player can meet, as ``overturn after kitty: when the declarer's
    opponent``."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        decl = ctx.rules.declaring
        if not decl.overturn_after_kitty or not decl.overturn_when:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        if can_hold(decl.overturn_when, ctx.rules, _declaring_ranges(ctx.rules), level_ladder(ctx.rules)) is False:
            yield from ctx.finding_at_last("overturn_after_kitty", "no player can meet this condition, so nobody "
                                           "ever overturns after the kitty: write 'overturn after kitty: no'")
@linter(codes.RIDING_PAIRS_NEVER)
class RidingPairsNever(Linter):
    """What it does: finds ``straights: N+ adjacent cards, pairs riding along`` where a hand holds
    fewer than N + 1 cards: the shortest straight with a pair riding along (a rain) has N + 1, so no
    player ever holds one.

    Why is this bad? The pairs never ride along; usually the straight's least length or the deal
    is not the one meant.

    Example: ``straights: 12+ adjacent cards, pairs riding along`` where each player is dealt 12.

    Use instead: a shorter least length, or leave 'pairs riding along' out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        comb = rules.combinations
        if not comb.straight_min or not comb.straight_pairs or rules.table.hand_size > comb.straight_min:
            return
        yield from ctx.finding_at_last("straights", f"a hand holds {rules.table.hand_size} cards, and a straight with "
                                                    f"a pair riding along at least {comb.straight_min + 1}: the "
                                                    "pairs never ride along")


@linter(codes.CONCEDE_NEVER)
class ConcedeNever(Linter):
    """What it does: finds a condition on who may concede a hand (``concede: when ...`` in
    ``levels``) that no player can meet after a trick while cards are left (numbers out of reach,
    parts that contradict each other: ``a banker and an attacker``), or that holds only where the
    rule for ending a hand early (``end early: when ...``) holds too, which ends the hand first.

    Why is this bad? Nobody is ever asked: ``concede: never`` says so plainly; usually a word is
    not the one meant, or the rule for ending early already says what was meant.

    Example: ``end early: when the outcome is decided`` with ``concede: when an attacker and the
    outcome is decided``.

    Use instead: a condition the rule for ending early leaves room for, as ``concede: when an
    attacker and points left < 20``, or one of the two rules alone."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        condition = rules.levels.concede
        if not condition:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        ranges, ladder = _after_trick_ranges(rules), level_ladder(rules)
        if can_hold(condition, rules, ranges, ladder) is False:
            yield from ctx.finding_at_last("concede", "no player can meet this condition after a trick while "
                                           "cards are left, so nobody may ever concede: write 'concede: never'")
            return
        early = rules.levels.end_early
        if early and can_hold(("all", condition, ("not", early)), rules, ranges, ladder) is False:
            yield from ctx.finding_at_last("concede", "whenever a player may concede, the rule for ending a hand "
                                           "early holds too and ends the hand first, so nobody is ever asked: "
                                           "leave out one of the two rules")


@linter(codes.PARTNER_REINFORCE_NEVER)
class PartnerReinforceNever(Linter):
    """What it does: finds a condition on who may reinforce (``reinforce: when ...`` in ``declare``)
    that names the declarer's partner, where no partner can ever reinforce: no declaration of the
    ladder is another's cards with more of the same that the pack holds (one deck has one copy of
    each card: nobody holds a card identical to the declarer's), or no partner of the declarer can
    meet the condition (``the declarer's partner and overturns < 0``, ``not the declarer's
    partner``).

    Why is this bad? Only the declarer ever reinforces, as ``reinforce: yes`` (or ``when the
    declarer ...``) says plainly; usually the pack, the ladder or a word is not the one meant.

    Example: ``reinforce: when the declarer's partner or the declarer`` with one deck.

    Use instead: a ladder with a step of more of the same cards (``1 level card < 2 level cards``)
    and a pack of two decks or more, or name the declarer alone."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        decl = rules.declaring
        if not rules.table.seated or "declarer-partner" not in expressions.facts_of(decl.reinforce_when):
            return
        from ..engine.flow.deal import declare_table  # (loaded as NeverHolds says)
        from ..engine.rulings.scoring import level_ladder

        ladder = level_ladder(rules)
        ranges = _declaring_ranges(rules)
        if can_hold(decl.reinforce_when, rules, ranges, ladder) is False:
            return  # W119 says nobody ever reinforces
        partner = expressions.all_of(decl.reinforce_when, ("fact", "declarer-partner"))
        if can_hold(partner, rules, ranges, ladder) is False:
            yield from ctx.finding_at_last("reinforce", "no partner of the declarer can meet this condition, so "
                                                        "only the declarer reinforces: name the declarer alone")
            return
        level = next((rank for rank in ladder if rank not in rules.table.removed_ranks), None)
        shows = declare_table(rules, level).shows
        if not any(a.face == b.face and b.declaration.beats(a.declaration)
                   and not Counter(a.cards) - Counter(b.cards) for a in shows for b in shows):
            yield from ctx.finding_at_last("reinforce", "no declaration of the ladder is another's cards with more "
                                                        "of the same that the pack holds, so the declarer's "
                                                        "partner never has a card to add: only the declarer "
                                                        "reinforces")


@linter(codes.FIRST_OVERTURN_NEVER)
class FirstOverturnNever(Linter):
    """What it does: finds a condition on who may overturn (``overturn: when ...`` during the deal,
    ``overturn after kitty: when ...``) that only the previous declarer or their partner can meet,
    where nobody has been overturned before the first overturn: during the deal always (the first
    declaration overturned nobody), after the kitty where the deal never overturns (``overturn:
    no``, or every hand declared in turn).

    Why is this bad? Only a player who was overturned may overturn back, and nobody is overturned
    first: nobody ever overturns. Usually a counter-overturn was meant as an exception beside a
    first overturn (``or nobody was overturned``).

    Example: ``overturn: when the previous declarer``.

    Use instead: ``overturn: when nobody was overturned or the previous declarer`` (anyone may
    overturn the first declaration; after that only the one overturned may overturn back)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        decl = rules.declaring
        asked = []
        if decl.overturn_in_deal and expressions.reads_the_turn(decl.overturn_in_deal_when):
            asked.append(("overturn", decl.overturn_in_deal_when, "nothing ever overturns during the deal"))
        deal_never_overturns = not decl.overturn_in_deal or decl.in_turn and not decl.in_turn_when
        if decl.overturn_after_kitty and decl.overturn_when and deal_never_overturns:
            asked.append(("overturn_after_kitty", decl.overturn_when, "nobody ever overturns after the kitty"))
        if not asked:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        ranges = _declaring_ranges(rules)
        ladder = level_ladder(rules)
        for kind, condition, consequence in asked:
            if not expressions.facts_of(condition) & expressions.PREVIOUS_FACTS:
                continue
            if can_hold(condition, rules, ranges, ladder) is False:  # W119's, W127's
                continue
            first = expressions.all_of(condition, ("fact", "nobody-overturned"))
            if can_hold(first, rules, {**ranges, "overturns": (0, 0)}, ladder) is False:
                yield from ctx.finding_at_last(kind, "only the previous declarer or their partner can meet this "
                                                     "condition, and nobody is overturned before the first "
                                                     f"overturn, so {consequence}")


@linter(codes.EFFECT_NEVER_FIRES)
class EffectNeverFires(Linter):
    """What it does: finds an effect of a house rule after a hand (``when ...: EFFECT, ...`` in
    ``levels``) whose condition some hand meets, but which never changes anything, as the engine
    makes the effects (in the order written, after the hand's own level change):

    - a level change that a later ``to RANK`` for the same team always undoes: in the same rule,
      or in a later rule that holds whenever this one does;
    - ``the next banker is ...`` that a later one always overrides (the last one counts), or that
      names the very seat the rules' ``next banker`` already gives the bank to;
    - ``win the game`` after another ``win the game`` that always comes first, or where the
      bankers always win the game by the hand itself (they hold the bank at the last level);
    - a level change that can never move the bankers: ``back to RANK`` or ``knocked back to RANK``
      where the condition allows only levels up to RANK, ``to RANK`` where it allows only RANK,
      ``-N levels`` where it allows only the first level (the bankers not going up by the hand);
      and ``+0`` or ``-0 levels``.

    Why is this bad? The effect never happens as written; usually a team, a level or a condition
    is not the one meant.

    Example: ``when the level is 2 and the bankers lose: bankers back to 2``.

    Use instead: an effect that can change something (``attackers back to 2``), a level the team
    may be above (``when the level is 5 and ...: bankers back to 2``), or leave the effect out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if not rules.levels.after_hand:
            return
        from ..engine.rulings.scoring import level_ladder  # (loaded as NeverHolds says)

        reader = _AfterHand(rules, _after_hand_ranges(rules), level_ladder(rules))
        written = [st for st in ctx.resolved.statements if st.kind == "trigger"]
        for at, (trigger, st) in enumerate(zip(rules.levels.after_hand, written)):
            if not reader.can(trigger.condition):  # W107's, or too costly to tell
                continue
            for k, node in enumerate(_effect_nodes(st)[:len(trigger.effects)]):
                why = reader.why_never(at, k)
                if why is None:
                    continue
                message, other = why
                if other is not None:
                    j, m = other
                    said = _effect_words(ctx, written[j], m)
                    where = (f" (line {written[j].pos.line})" if written[j].file == st.file
                             else f" ({written[j].file}, line {written[j].pos.line})") if j != at else ""
                    message = message.format(other=f"'{said}'{where}")
                yield Finding(st.file, node.pos, message)


def _effect_nodes(st: Statement) -> list:
    """The effects a ``when ...:`` statement writes, in order (a role's fallbacks, ``otherwise
    ROLE``, are part of the effect before them)."""
    return [node for node in st.node.args[1:] if getattr(node, "kind", "") != "otherwise_role"]


@linter(codes.QUANTITY_FIXED)
class QuantityFixed(Linter):
    """What it does: finds a house rule after a hand (``when ...:`` in ``levels``) or a row of game
    points (``game points:`` in ``stakes``) that reads a quantity of the hand which every hand of
    these rules gives the same value: the number of a team's players with fixed teams (always half
    the table), the overturns where no declaration can pass to another player (nobody declares, or
    nobody may overturn), a team's level on a ladder of one level.

    Why is this bad? The rule reads a number that never changes, so it says less than it seems to:
    usually it was written for other rules (called partners, overturning) than these.

    Example: ``when the number of bankers = 1: bankers +1 level`` with partners opposite.

    Use instead: the number itself, or rules where the quantity varies (``partners: by calling 1
    card``)."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if not rules.levels.after_hand and not any(row.formula for row in rules.stakes.game_points):
            return
        ranges = _after_hand_ranges(rules)
        written = [st for st in ctx.resolved.statements if st.kind == "trigger"]
        places = [(st, (trigger.condition, *trigger.effects)) for trigger, st in zip(rules.levels.after_hand, written)]
        stakes = next((st for st in reversed(ctx.resolved.statements) if st.kind == "game_points"), None)
        if stakes is not None:
            places.append((stakes, tuple(row.formula for row in rules.stakes.game_points if row.formula)))
        for st, trees in places:
            keys = {key for tree in trees for key in expressions.quantity_keys(tree)}
            for key in sorted(keys, key=repr):
                name = key[0] if type(key) is tuple else key
                reach = ranges.get(key)
                if name not in _MAY_BE_FIXED or reach is None or reach[0] != reach[1]:
                    continue
                yield Finding(st.file, st.pos, _fixed_words(rules, key, reach[0]))


@linter(codes.FALLBACK_NEVER_REACHED)
class FallbackNeverReached(Linter):
    """What it does: finds a fallback of a role (``the next banker is A, otherwise B``) that is
    never tried, because a role before it names somebody in every hand: the banker, the next seat,
    the banker's partner, the winner of the last trick, the first of the winners after the banker,
    or the first of a team that is never empty after one of those.

    Why is this bad? The fallback never names anybody; usually the role before it is not the one
    meant (the declarer, who is nobody when nobody declared; the holder of a card, nobody when it
    lay in the kitty).

    Example: ``when a hand ends: the next banker is the next seat, otherwise the declarer``.

    Use instead: the roles in the order they should be tried (``the declarer, otherwise the next
    seat``), or leave the fallback out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        written = [st for st in ctx.resolved.statements if st.kind == "trigger"]
        for trigger, st in zip(rules.levels.after_hand, written):
            nodes = list(st.node.args[1:])
            effects = iter(trigger.effects)
            for at, node in enumerate(nodes):
                if getattr(node, "kind", "") == "otherwise_role":
                    continue
                effect = next(effects, None)
                if effect is None or effect[0] not in expressions.ROLE_EFFECTS or type(effect[1]) is not tuple \
                        or effect[1][0] != expressions.OTHERWISE:
                    continue
                roles = effect[1][1:]
                for i, role in enumerate(roles[:-1]):
                    if expressions.always_names(role, seated=rules.table.seated):
                        unreached = nodes[at + 1 + i]
                        said = ctx.line(st.file, unreached.pos.line)[unreached.pos.column - 1:
                                                                      unreached.pos.end_column - 1]
                        yield Finding(st.file, unreached.pos,
                                      f"'{said}' is never tried: {_role_said(role)} names somebody in every hand; "
                                      "put the roles that may name nobody first, or leave this out")
                        break


def _role_said(role: str | tuple) -> str:
    """A role in the words a ruleset writes it."""
    if type(role) is str:
        return f"'{expressions.ROLE_TABLE[role].words}'"
    if role[0] == expressions.FIRST_OF:
        team = {"friends": "the banker's friends"}.get(role[1], f"the {role[1]}")
        return f"'the first of {team} after {_role_said(role[2])[1:-1]}'"
    return f"'{expressions.ROLE_TABLE[role[0]].words.replace('CARD', role[1])}'"


def _effect_words(ctx: LintContext, st: Statement, k: int) -> str:
    """The words of the ``k``-th effect of the statement ``st``, as written."""
    pos = _effect_nodes(st)[k].pos
    line = ctx.line(st.file, pos.line)
    return line[pos.column - 1:pos.end_column - 1] if pos.end_line == pos.line else line[pos.column - 1:].rstrip()


#: the effects that change a team's level after the hand's own level change
_LEVEL_EFFECTS = ("up", "down", "back-to", "to")
_HOLD = ("fact", "wins", "bankers")
#: the bankers go up by the hand's own level change
_CLIMB = ("compare", ">", ("var", "levels"), ("num", 0))
#: the words of the rules' own next banker (``next banker: ...``)
_AFTER_HOLD = {"same": "same banker after a hold", "partner": "partner after a hold",
               "next-of-team": "next of team after a hold"}
_AFTER_LOSS = {"next-seat": "next seat after a loss", "next-of-team": "next of winners after a loss"}
#: the answers to the questions of conditions (``satisfiable.can_hold``) W134 tries for one ruleset
#: at most, about half a second's work: a ruleset of a few dozen house rules after a hand is read whole
_EFFECT_ANSWERS = 50_000


class _AfterHand:
    """What the compiled house rules after a hand say of one another, for ``EffectNeverFires``:
    which rules hold together, which team a name stands for, the levels a hand may be played at.
    Every answer errs towards "not known" (None, or a rule that may fire), so that the linter warns
    only where it is sure."""

    def __init__(self, rules: Rules, ranges: dict[str, tuple[int, int]], ladder: tuple[str, ...]):
        self.rules = rules
        self.ranges = ranges
        self.ladder = ladder
        self.triggers = rules.levels.after_hand
        self._levels: dict[tuple, tuple[str, ...] | None] = {}
        self._can: dict[tuple, bool] = {}
        #: the answers ``can_hold`` may still try for this ruleset (rules asked of one another make
        #: the work grow as the square of their number): past it, nothing more is said
        self.budget = [_EFFECT_ANSWERS]

    # --- conditions ---

    def can(self, *conditions: tuple) -> bool:
        """Whether some hand may meet every one of ``conditions`` (True when too costly to tell)."""
        condition = expressions.all_of(*conditions)
        if condition not in self._can:
            self._can[condition] = can_hold(condition, self.rules, self.ranges, self.ladder, self.budget) is not False
        return self._can[condition]

    def implies(self, a: tuple, b: tuple) -> bool:
        """Whether ``b`` surely holds of every hand ``a`` holds of."""
        return not self.can(a, ("not", b))

    def bankers_in(self, team: str, condition: tuple) -> bool | None:
        """Whether ``team`` is the banker team (True) or the attackers (False) in every hand that
        meets ``condition``; None when it depends on the hand."""
        if team in ("bankers", "attackers"):
            return team == "bankers"
        if not self.can(condition, _HOLD):
            held = False
        elif not self.can(condition, ("not", _HOLD)):
            held = True
        else:
            return None
        return held if team == "winners" else not held

    def same_team(self, a: str, b: str, condition: tuple) -> bool:
        if a == b:
            return True
        side = self.bankers_in(a, condition)
        return side is not None and side == self.bankers_in(b, condition)

    def levels(self, condition: tuple) -> tuple[str, ...] | None:
        """The levels of the ladder a hand that meets ``condition`` may be played at (None when too
        costly to tell)."""
        if condition not in self._levels:
            found: list[str] = []
            known = True
            for rank in self.ladder:
                answer = can_hold(expressions.all_of(condition, ("fact", "level-is", rank)), self.rules, self.ranges,
                                  self.ladder, self.budget)
                if answer is None:
                    known = False
                    break
                if answer:
                    found.append(rank)
            self._levels[condition] = tuple(found) if known else None
        return self._levels[condition]

    def bankers_levels(self, condition: tuple) -> tuple[str, ...] | None:
        """The levels the banker team may stand at in a hand that meets ``condition``, before the
        hand's own level change: the hand's level, where the teams are seated (every player of a
        team at one level) and the bankers play their own level (not a level given up to them) and
        not the extra level beyond the last (played at the last level's rank); else None."""
        rules = self.rules
        if not rules.table.seated or rules.declaring.give_up_bank:
            return None
        if rules.levels.game_end == "beyond-last" and self.can(condition, ("fact", "extra-level")):
            return None
        return self.levels(condition)

    def climbs(self, condition: tuple) -> bool:
        """Whether the bankers may go up by the hand's own level change in a hand that meets it."""
        return self.can(condition, _HOLD, _CLIMB)

    # --- effects in order ---

    def cofiring(self, at: int, names: tuple[str, ...], before: int | None = None) -> Iterator[tuple[tuple, tuple]]:
        """The effects named in ``names`` of the rules that may fire in a hand where rule ``at``
        does, each with the condition of both rules; with ``before``, only those that come before
        the rule's effect at that place.  (A rule is asked only when it has such an effect.)"""
        condition = self.triggers[at].condition
        for j, trigger in enumerate(self.triggers):
            effects = trigger.effects
            if before is not None:
                effects = effects[:before] if j == at else effects if j < at else ()
            effects = tuple(e for e in effects if e[0] in names)
            if not effects or j != at and not self.can(condition, trigger.condition):
                continue
            both = condition if j == at else expressions.all_of(condition, trigger.condition)
            for effect in effects:
                yield effect, both

    def moved_before(self, at: int, k: int, names: tuple[str, ...]) -> bool:
        """Whether an effect named in ``names`` that may move the bankers comes before the ``k``-th
        effect of rule ``at`` in a hand where that rule fires."""
        return any(self.bankers_in(e[1], both) is not False for e, both in self.cofiring(at, names, k))

    def knocked(self, at: int) -> bool:
        """Whether the bankers may be knocked back (before the hand's own level change) in a hand
        where rule ``at`` fires: by a knock-back rule, or by ``knocked back to`` of any rule."""
        condition = self.triggers[at].condition
        if any(self.can(condition, rule.condition) for rule in self.rules.levels.knock_back_rules()):
            return True
        return any(self.bankers_in(e[1], both) is not False for e, both in self.cofiring(at, ("knock-back",)))

    def later(self, at: int, k: int, names: tuple[str, ...]) -> Iterator[tuple[int, int, tuple]]:
        """The effects named in ``names`` that surely come after the ``k``-th effect of rule ``at``
        whenever it does: the rule's own later effects, then those of the later rules that hold
        whenever it holds."""
        trigger = self.triggers[at]
        for m in range(k + 1, len(trigger.effects)):
            if trigger.effects[m][0] in names:
                yield at, m, trigger.effects[m]
        for j in range(at + 1, len(self.triggers)):
            found = [(m, e) for m, e in enumerate(self.triggers[j].effects) if e[0] in names]
            if found and self.implies(trigger.condition, self.triggers[j].condition):
                for m, effect in found:
                    yield j, m, effect

    def earlier(self, at: int, k: int, names: tuple[str, ...]) -> Iterator[tuple[int, int, tuple]]:
        """The effects named in ``names`` that surely come before the ``k``-th effect of rule ``at``
        whenever it does."""
        trigger = self.triggers[at]
        for j in range(at):
            found = [(m, e) for m, e in enumerate(self.triggers[j].effects) if e[0] in names]
            if found and self.implies(trigger.condition, self.triggers[j].condition):
                for m, effect in found:
                    yield j, m, effect
        for m in range(k):
            if trigger.effects[m][0] in names:
                yield at, m, trigger.effects[m]

    # --- the effect ---

    def why_never(self, at: int, k: int) -> tuple[str, tuple[int, int] | None] | None:
        """Why the ``k``-th effect of rule ``at`` never changes anything (a message, with ``{other}``
        where it names the effect that undoes it, and that effect's rule and place), or None."""
        rules = self.rules
        condition = self.triggers[at].condition
        effect = self.triggers[at].effects[k]
        name = effect[0]
        game_end, rounds = rules.levels.game_end, rules.levels.rounds
        if name in ("up", "down") and expressions.number_range(effect[2], self.ranges) == (0, 0):
            return (f"this effect never moves the {effect[1]}: its number of levels is always 0; write the number "
                    "meant, or leave it out"), None
        if name == "hand-more-levels" and expressions.number_range(effect[1], self.ranges) == (0, 0):
            return ("this effect never changes the hand's levels: its number of more levels is always 0; write the "
                    "number meant, or leave it out"), None
        # undone by a later effect
        undone = (name == "to" or name == "back-to" or name == "down" and rounds == 1
                  or name == "up" and rounds == 1 and game_end != "past-last")
        if undone:
            for j, m, later in self.later(at, k, ("to",)):
                if self.same_team(effect[1], later[1], condition):
                    return (f"this effect never changes anything: {{other}} always comes after it and sets the "
                            f"{effect[1]}' level; leave it out, or write it after that one", (j, m))
        if name == "next-banker":
            for j, m, later in self.later(at, k, ("next-banker",)):
                if type(later[1]) is str:
                    return ("this effect never counts: {other} always comes after it, and the last next banker "
                            "named counts; leave it out, or write it last", (j, m))
            return self._same_next_banker(at, k)
        if name == "wins-game":
            for j, m, _ in self.earlier(at, k, ("wins-game",)):
                return ("this effect never happens: {other} always comes before it and ends the game; leave "
                        "it out"), (j, m)
            last = self.ladder[-1]
            if (game_end == "last" and rounds == 1 and not rules.declaring.give_up_bank
                    and self.implies(condition, _HOLD) and self.levels(condition) == (last,)
                    and not self.knocked(at)):
                return (f"this effect never happens: the bankers hold the bank at the last level ({last}) whenever "
                        "this condition holds, and so win the game by the hand itself; leave it out"), None
            return None
        if name in ("back-to", "to", "down", "knock-back") and self.bankers_in(effect[1], condition) is True:
            return self._never_moves(at, k)
        return None

    def _never_moves(self, at: int, k: int) -> tuple[str, None] | None:
        """``back to``, ``knocked back to``, ``to`` or ``down`` of the bankers that never moves them."""
        rules = self.rules
        condition = self.triggers[at].condition
        effect = self.triggers[at].effects[k]
        name = effect[0]
        held = self.bankers_levels(condition)
        if not held:
            return None
        ranks = self.ladder
        if name in ("back-to", "knock-back"):
            if any(ranks.index(rank) > ranks.index(effect[2]) for rank in held):
                return None
            if name == "knock-back":
                # knocked back (even where it moves nobody), bankers holding at the top do not win by the hand
                top_reached = (rules.levels.game_end not in ("hands", "past-last") and ranks[-1] in held
                               and self.can(condition, _HOLD))
                if top_reached:
                    return None
                when = ""
            else:
                if self.climbs(condition) or self.moved_before(at, k, ("up", "to")):
                    return None
                when = ", where the bankers stay by this hand"
            at_most = (f"level {effect[2]}{when}, so they are at {effect[2]}" if held == (effect[2],)
                       else f"levels up to {effect[2]}{when}, so they are at {effect[2]} or below")
            return (f"this effect never moves the bankers: the condition holds only at {at_most} already; name a "
                    "lower level, or another team"), None
        if self.climbs(condition):
            return None
        if name == "to":
            if held != (effect[2],) or self.moved_before(at, k, _LEVEL_EFFECTS) or self.knocked(at):
                return None
            return (f"this effect never moves the bankers: the condition holds only at level {effect[2]}, where the "
                    f"bankers stay by this hand, so they are at {effect[2]} already; name another level, or another "
                    "team"), None
        # down: the bankers at the first level, which nobody goes below
        steps = expressions.number_range(effect[2], self.ranges)
        if (rules.levels.rounds != 1 or held != ranks[:1] or steps is None or steps[0] < 0
                or self.moved_before(at, k, ("up", "to"))):
            return None
        return (f"this effect never moves the bankers: the condition holds only at level {ranks[0]}, the first, "
                "where the bankers stay by this hand, and nobody goes below the first level; leave it out, or let "
                "the condition allow higher levels"), None

    def _same_next_banker(self, at: int, k: int) -> tuple[str, None] | None:
        """``the next banker is ROLE`` naming the seat the rules' own next banker is (seated teams),
        no other next banker named before it."""
        rules = self.rules
        role = self.triggers[at].effects[k][1]
        if type(role) is not str or not rules.table.seated or rules.rotation.declarer_banks:
            return None
        condition = self.triggers[at].condition
        if any(self.cofiring(at, ("next-banker",), k)):
            return None  # this one may undo another's
        rot = rules.rotation
        if not self.can(condition, ("not", _HOLD)):  # the bankers hold: the banker's partner, or the banker
            rule = _AFTER_HOLD[rot.after_hold]
            same = role == "banker" if rot.after_hold == "same" else role in ("partner", "first-winner")
        elif not self.can(condition, _HOLD):  # the attackers take the bank: the next seat
            rule = _AFTER_LOSS[rot.after_loss]
            same = role in ("next-seat", "first-winner")
        else:
            return None
        if not same:
            return None
        return (f"this effect changes nothing: whenever this condition holds, 'next banker: {rule}' gives the bank "
                "to that player already; leave it out"), None


def _rungs(ladder: tuple) -> list[int]:
    """Each step's rung on ``ladder`` (tied steps share one), as the engine counts them."""
    out: list[int] = []
    for step in ladder:
        out.append(0 if not out else out[-1] if step.tied else out[-1] + 1)
    return out


def round_step_overturns(decl, i: int) -> bool:
    """Whether step ``i`` of the ladder after the kitty (``declaring.ladder_after_kitty``) can
    overturn some declaration that may stand in that round: a step of the deal's ladder, judged
    as ``rulings.declaring.overturns_in_round`` does (by the round's ladder where it lists the
    step, else by the deal's), or a step of the round's own ladder; the same step overturns
    itself only in a higher suit of ``suit order``."""
    round_, deal = decl.ladder_after_kitty, decl.ladder
    round_rungs, deal_rungs = _rungs(round_), _rungs(deal)
    step = round_[i]

    names_suit = step.kind == "level" or step.level_cards > 0

    def beats_round(j: int) -> bool:
        return round_rungs[i] > round_rungs[j] or i == j and bool(decl.suit_order) and names_suit

    if any(beats_round(j) for j in range(len(round_))):
        return True
    in_deal = next((k for k, s in enumerate(deal) if same_rung(s, step)), None)
    for k, standing in enumerate(deal):
        if any(same_rung(standing, s) for s in round_):
            continue  # judged on the round's ladder: above
        if in_deal is None or deal_rungs[in_deal] > deal_rungs[k]:
            return True
    return False


#: the quantities of the hand that W135 asks of: a team's size and level, the overturns
_MAY_BE_FIXED = frozenset({"team-size", "team-level", "overturns"})


def _fixed_words(rules: Rules, key: object, value: int) -> str:
    """Why the quantity ``key`` is ``value`` in every hand of ``rules``."""
    if key == "overturns":
        return ("'overturns' is 0 in every hand of these rules: no declaration can pass to another player "
                "(nobody declares, or nobody may overturn)")
    assert type(key) is tuple
    words = _quantity_written(key)
    if key[0] == "team-size":
        return (f"'{words}' is {value} in every hand of these rules: the teams are seated and always the same "
                f"size; write {value}, or find partners by calling")
    return f"'{words}' is {value} in every hand of these rules: the ladder has one level"


def _quantity_written(key: tuple) -> str:
    """A quantity with arguments as a ruleset writes it (``the number of bankers``)."""
    words = expressions.QUANTITIES[key[0]].words
    if key[0] in ("team-size", "team-level"):
        return words.replace("TEAM", key[1])
    return words
@linter(codes.HOLD_GAINS_NOTHING)
class HoldGainsNothing(Linter):
    """What it does: finds ``banker goes up: only with the last trick`` where no hold of the bankers
    ever gains a level: every row the bankers keep the bank with gives ``banker +0`` (at every score
    the deck allows, by each upgrade table a banker team may be scored by), and no bonus for a
    smaller banker team adds one.

    Why is this bad? The rule takes away a hold's levels when the attackers win the last trick; where
    a hold never gains any, it never changes a hand (it is the sugar of ``when the bankers win and
    the attackers win the last trick: the hand gives no levels``, an effect that can never fire).

    Example: ``upgrade`` rows ``0-75: banker +0`` and up, with ``banker goes up: only with the last
    trick``.

    Use instead: rows that give a hold levels, or leave the rule out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        levels = rules.levels
        if not levels.hold_needs_last_trick or levels.short_team_bonus:
            return
        sizes: tuple[int | None, ...] = (None, 1) if rules.solo_thresholds else (None,)
        top = max(rules.table.total_points, 0) * 4 + 5  # past the deck's points: a multiplied kitty
        step = score_granularity(rules.table.points)
        try:
            gains = any(change[0] == "banker" and change[1] > 0
                        for size in sizes for points in range(0, top, step)
                        for change in (rules.level_change(points, last_trick="banker", team_size=size),))
        except RulesetError:  # the engine's: a table with no row for a score (one read from JSON)
            return
        if gains:
            return
        src = rules.source_of("levels.hold_needs_last_trick")
        if src is None or src.file != ctx.root:
            return
        yield Finding(src.file, ctx.span(src), "no hold of the bankers ever gains a level here (every row they keep "
                                               "the bank with gives +0), so there is nothing for the last trick to "
                                               "take away: give a hold levels, or leave this rule out")


@linter(codes.ROUND_STEP_NEVER)
class RoundStepNever(Linter):
    """What it does: finds a step of the ladder after the kitty (``ladder after kitty`` in
    ``declare``) that overturns no declaration the deal or the round can leave standing: each is
    as strong or stronger, on the round's ladder where it lists the declaration, else on the
    deal's.

    Why is this bad? Nobody can ever overturn with it after the kitty, except in a hand where
    nobody declared; usually the step is meant higher on the ladder, or the ladder's first step
    is one the deal's weakest declarations already match.

    Example: ``ladder after kitty: 1 level card < 2 level cards`` on the two-deck ladder: a single
    level card is never stronger than a declaration standing (the deal's weakest is one too).

    Use instead: leave the step out (``ladder after kitty: 2 level cards``), or give a ``suit
    order`` so that it overturns the same step of a lower suit."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        decl = ctx.rules.declaring
        if not decl.ladder_after_kitty or not decl.overturn_after_kitty or not decl.ladder:
            return
        for i, step in enumerate(decl.ladder_after_kitty):
            if not round_step_overturns(decl, i):
                yield from ctx.finding_at_last("ladder_after_kitty", f"'{step_words(step)}' overturns no declaration "
                                               "the deal or this round can leave standing, so it could only be "
                                               "shown where nobody declared: leave it out, or move it up the ladder")


@linter(codes.PLAYER_EFFECT_NEVER)
class PlayerEffectNever(Linter):
    """What it does: finds an effect on one player's level (``ROLE + N levels``, ``ROLE - N levels``,
    ``ROLE to RANK``, ``ROLE back to RANK``, ``ROLE knocked back to RANK``) that never changes
    anything: every role it tries names nobody in any hand of these rules (the previous declarer
    where no declaration can pass to another player), or it moves the player up or down 0 levels
    in every hand.

    Why is this bad? Nobody's level ever changes by it; usually another player was meant (the
    declarer rather than the previous declarer), or the rules that would let somebody overturn
    are missing.

    Example: ``when a hand ends: the previous declarer - 1 level`` with ``overturn: no``.

    Use instead: a role that names somebody in these rules (``the declarer - 1 level``), or rules
    under which a declaration can be overturned."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if not any(e[0] in expressions.PLAYER_EFFECTS for t in rules.levels.after_hand for e in t.effects):
            return
        written = [st for st in ctx.resolved.statements if st.kind == "trigger"]
        ranges = _after_hand_ranges(rules)
        overturns = may_overturn(rules)
        for trigger, st in zip(rules.levels.after_hand, written):
            for k, effect in enumerate(trigger.effects):
                if effect[0] not in expressions.PLAYER_EFFECTS:
                    continue
                said = _effect_words(ctx, st, k)
                nobody = [role for role in expressions.fallbacks(effect[1])
                          if not overturns and expressions.role_leaves(role) == ("previous-declarer",)]
                if len(nobody) == len(expressions.fallbacks(effect[1])):
                    yield Finding(st.file, _effect_nodes(st)[k].pos,
                                  f"'{said}' changes nobody's level: no declaration can pass to another player in "
                                  "these rules, so there is never a previous declarer; name another player, or let "
                                  "declarations be overturned")
                elif effect[0] in ("player-up", "player-down") and \
                        expressions.number_range(effect[2], ranges) == (0, 0):
                    yield Finding(st.file, _effect_nodes(st)[k].pos,
                                  f"'{said}' moves the player 0 levels in every hand, so it changes nothing: give "
                                  "the number of levels, or leave the effect out")
@linter(codes.KITTY_SHOWN_NOTHING_NEW)
class KittyShownNothingNew(Linter):
    """What it does: finds the kitty shown only to the player who buries it (``shown: after burying
    to the burier``, or ``to the banker`` where the banker always buries): before burying, the
    player who takes it; after burying and at the end, the last to bury (with overturns after the
    kitty the banker may not be the last).

    Why is this bad? That player has the kitty in hand and buries it, so the showing tells nobody
    anything: usually another player is meant (the banker's partner, the bankers).

    Example: ``shown: after burying to the banker`` with the banker burying and nobody overturning
    after the kitty.

    Use instead: the players meant, as ``shown: after burying to the banker's partner``, or leave
    the showing out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        ex = ctx.rules.kitty_exchange
        if not ex.shown_to or not ctx.rules.table.kitty_size:
            return
        overturned = ctx.rules.declaring.overturn_after_kitty
        for showing in ex.shown_to:
            buries = showing.to == "burier" or (
                showing.to == ex.buried_by and showing.to in ("banker", "partner")
                and (showing.moment == "before-burying" or not overturned))
            if buries:
                who = {"burier": "the burier", "banker": "the banker", "partner": "the banker's partner"}
                yield from ctx.finding_at_last("shown", f"the kitty is shown {SHOWING_WORDS[showing.moment]} only to "
                                               f"{who[showing.to]}, who takes it and buries, and so knows it "
                                               "already: name other players, or leave this showing out")
@linter(codes.STRAIGHT_LIST_NEVER)
class StraightListNever(Linter):
    """What it does: finds a follow list for a straight of a fixed number of cards
    (``straight of N cards: ...``) longer than any suit, trumps included, can hold in a row, or than
    a hand holds.

    Why is this bad? No straight (and no rain) of that many cards is ever led, so the list never
    applies; usually the number is not the one meant.

    Example: ``straight of 20 cards: straight of 20 cards > highest single + singles`` with two
    decks.

    Use instead: a list for every straight, ``straight of n cards: ...``, or the length meant."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        if not rules.combinations.straight_min:
            return
        longest = longest_straight(rules)
        hand = rules.table.hand_size
        for fl in rules.following.lists:
            length = fl.lead.length
            if fl.lead.width != 1 or length <= 1 or (length <= longest and length <= hand):
                continue
            label = fl.lead.label
            src = rules.source_of(f"following.lists[{label}]")
            if src is None:
                continue
            why = (f"no suit, trumps included, holds more than {longest} cards in a row" if length > longest
                   else f"a hand holds {hand} cards")
            yield Finding(src.file, ctx.span(src), f"'{label}': {why}, so no straight of {length} cards is ever "
                                                   "led and the list never applies")
@linter(codes.FIRST_DECLARATION_UNUSED)
class FirstDeclarationUnused(Linter):
    """What it does: finds a condition on who may make the first declaration of a deal (``first
    declaration: when ...`` in ``declare``) where nobody declares: an auction decides the bank, or
    nothing declares (``ladder: none``). (Every hand declared in turn after the deal is W111's, as
    for the other statements about declaring during the deal.)

    Why is this bad? The condition is never asked: no deal has a first declaration. Usually the
    other statement came from a parent.

    Example: ``first declaration: when a banker`` with ``ladder: none``.

    Use instead: leave the condition out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        rules = ctx.rules
        decl = rules.declaring
        if not decl.first_declaration_when:
            return
        if rules.auction.on:
            why = "an auction decides the bank"
        elif not decl.ladder:
            why = "nothing declares ('ladder: none')"
        else:
            return
        yield from ctx.finding_at_last("first_declaration", f"nobody declares during the deal ({why}), so this "
                                       "condition on the first declaration is never asked: leave it out")


@linter(codes.THROW_KINDS_NEVER)
class ThrowKindsNever(Linter):
    """What it does: finds ``throws: allowed, of KIND and KIND only`` (in ``lead``) that names every
    kind of combination the rules have: every throw may hold every one of them, so the restriction
    never bars a throw.

    Why is this bad? It reads as a rule of the table, yet changes nothing; usually a kind was
    named by mistake, or the rules have fewer kinds than the writer thought.

    Example: ``throws: allowed, of singles, pairs and tractors only`` on two decks (whose kinds are
    singles, pairs and tractors).

    Use instead: ``throws: allowed``, or name only the kinds a throw may hold."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        leading = ctx.rules.leading
        if not leading.throw_kinds or not leading.throws:
            return
        have = throw_words(ctx.rules)
        if any(k not in have for k in leading.throw_kinds):
            return  # an error of its own (E374)
        if not any(leading.throw_kind_barred(k) for k in have):
            yield from ctx.finding_at_last("throws", f"every kind of combination these rules have ({', '.join(have)}) "
                                                     "may be part of a throw, so the restriction never bars one: "
                                                     "write 'throws: allowed'")


@linter(codes.ONCE_CHANGES_NOTHING)
class OnceChangesNothing(Linter):
    """What it does: finds ``bids: ..., each player once`` (in ``auction``) whose grid has two bids
    only: the first bid, and the last, which ends the auction at once.

    Why is this bad? Without ``each player once`` a player who passes is out, and one who bids the
    first bid is asked again only when all the others have passed, when the auction is over: so no
    player is ever asked twice, and the words change nothing.  Usually more bids were meant.

    Example: ``bids: 60 up to 80 by 20, each player once``.

    Use instead: the grid meant (``bids: 60 up to 80 by 5, each player once``), or leave
    ``each player once`` out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        auction = ctx.rules.auction
        if auction.on and auction.once and len(auction.bids()) <= 2:
            yield from ctx.finding_at_last("bids", f"the bids are {' and '.join(map(str, auction.bids()))} only, and "
                                                   f"{auction.limit} ends the auction at once, so no player is ever "
                                                   "asked twice anyway: 'each player once' changes nothing")


@linter(codes.FIRST_HAND_BIDDER_SAME)
class FirstHandBidderSame(Linter):
    """What it does: finds ``first bidder in the first hand: ROLE`` (in ``auction``) that names the
    same first bidder as ``first bidder:`` says for every hand, or that is written where there is no
    auction (no ``bids:``).

    Why is this bad? The first hand's auction starts where every other hand's does, or there is no
    auction at all: the statement changes nothing. Usually another seat was meant.

    Example: ``first bidder in the first hand: the dealer`` with ``first bidder: the dealer``.

    Use instead: the seat meant (``first bidder in the first hand: the holder of 3D``), or leave the
    statement out."""

    def findings(self, ctx: LintContext) -> Iterator[Finding]:
        a = ctx.rules.auction
        if not a.first_hand_bidder:
            return
        if not a.on:
            yield from ctx.finding_at_last("first_hand_bidder", "no auction decides the bank ('bids:'), so nobody bids "
                                                                "in the first hand: leave this statement out")
        elif (a.first_hand_bidder, a.first_hand_card) == (a.first_bidder, a.first_bidder_card):
            yield from ctx.finding_at_last("first_hand_bidder", "every hand's auction starts from this seat "
                                                                "('first bidder:'), the first hand's too, so this "
                                                                "statement changes nothing: leave it out")
