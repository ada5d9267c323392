"""Conformance vectors: test cases any engine can run to prove it plays a ruleset, and their checker.

A vector file is JSON Lines: a header, then one case per line.  A case is one of the oracle's
questions (``questions.QUESTIONS``) with its parameters and the answer this package gives:
``{"id": 7, "kind": "winner", "params": {...}, "expect": {"winner": 2}}``; the format is published
as a JSON Schema (``vectors.schema.json`` beside this module, ``tractor-rules vectors --schema``).

Where the rules allow more than one answer (twin cards: two equal pairs that may each join a
tractor, a failed throw that may be held to either of two equal parts), the case states the others
too, in ``"also"``: a list of answers in the shape of ``"expect"``, which stays this package's own
(``alternatives.py`` finds them).  ``"also"`` is new in version 2 of the format; a file none of
whose cases has one is written as version 1, which every reader of version 1 reads as before, and
``verify`` reads both.

Cases are drawn from deals, not built uniformly at random, so that they reach the rules' corners:
hands short of the led suit (voids, ruffs, discards), tractors planted on adjacent cards of the card
order (across the level gap, on the joker and level-card links), throws that stand and throws that
fail, illegal follows next to legal ones, no-trump hands, every score of the upgrade table.  The
same rules, count and seed always give the same file.

``verify`` answers each case again and compares the answer's checked fields (``Question.checked``)
with the case's ``expect`` or, failing that, with each answer of its ``also``, every one of which
must be a right answer; the header's rules digest tells a file written for other rules.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..codec import rules_to_dict_as
from ..engine.deck.cards import Card, pack
from ..engine.deck.order import TRUMP
from ..engine.oracle import Context
from ..errors import RulesetError
from ..rules import NOT_PLAY_FIELDS, SUITS, Rules
from .alternatives import KINDS as KINDS_WITH_ALTERNATIVES
from .alternatives import alternatives
from .jsontext import JSONTextError, loads
from .questions import QUESTIONS, QuestionError, ask, written

FORMAT = "tractor-rules-vectors"
#: the format's version: 2 added a case's ``"also"``
VERSION = 2
#: the versions ``verify`` reads (a version 1 file is a version 2 file without ``"also"``)
READABLE_VERSIONS = (1, 2)
#: the longest line ``verify`` reads (a case of four decks' hands is about 3 KB)
MAX_LINE = 1 << 20
#: the most cases ``vectors`` writes in one file
MAX_COUNT = 1_000_000


def schema() -> dict:
    """The JSON Schema of one line of a vector file (a header or a case)."""
    text = resources.files(__package__).joinpath("vectors.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def rules_digest(rules: Rules) -> str:
    """A digest of what the rules say (not their name, files or lines): two rulesets that play alike
    share it; a vector file records it to tell whether it was written for the rules at hand."""
    # Taken over the document of the earliest version that holds the rules (from version 2, the
    # vector files' first): a new version of the JSON form leaves the digest of rules that do not
    # use it as it was, and the vector files written for them still verify.
    document = rules_to_dict_as(rules, 2) or rules.to_dict()
    data = {k: v for k, v in document.items() if k not in NOT_PLAY_FIELDS}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- writing ------------------------------------------------------------------------------------


def generate(rules: Rules, ruleset: str, count: int = 5000, seed: int = 0) -> list[dict]:
    """The lines of a vector file: the header, then ``count`` cases (``ruleset`` names the rules
    in the header, as ``verify`` will load them: a shipped name or a path)."""
    cases = _Drawer(rules, random.Random(seed)).cases(count)
    kinds = Counter(case["kind"] for case in cases)
    # the oldest version that holds the file: one without "also" is read by every version-1 reader
    version = VERSION if any("also" in case for case in cases) else 1
    header = {"format": FORMAT, "version": version, "ruleset": ruleset, "name": rules.name,
              "rules_digest": rules_digest(rules), "seed": seed, "count": len(cases),
              "kinds": {k: kinds[k] for k in sorted(kinds)}}
    return [header, *cases]


def dumps_lines(lines: Iterable[dict]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False, separators=(", ", ": ")) + "\n" for line in lines)


class _Drawer:
    """Draws cases from deals of the rules' pack; every random choice comes from ``rng``."""

    def __init__(self, rules: Rules, rng: random.Random):
        self.rules = rules
        self.rng = rng
        self.pack = pack(rules.table)
        self.levels = self._levels()
        self.out: list[dict] = []
        self.orders_asked: set[tuple[str | None, str | None, str]] = set()

    def _levels(self) -> list[str]:
        ranks = self.rules.table.ranks
        first, last = self.rules.levels.first, self.rules.levels.last
        if first in ranks and last in ranks and ranks.index(first) <= ranks.index(last):
            return list(ranks[ranks.index(first): ranks.index(last) + 1])
        return list(ranks)

    def add(self, kind: str, params: dict[str, Any]) -> None:
        """Ask the question; record it as a case unless the rules cannot answer it."""
        try:
            answer = ask(self.rules, kind, params)
        except RulesetError:
            return  # e.g. the next banker with called partners: no answer, no case
        checked = QUESTIONS[kind].checked
        expect = {k: answer[k] for k in checked}
        case: dict[str, Any] = {"id": len(self.out) + 1, "kind": kind, "params": params, "expect": expect}
        if kind in KINDS_WITH_ALTERNATIVES:
            others = alternatives(self.rules, kind, params, expect)
            if others:
                case["also"] = others
        self.out.append(case)

    def cases(self, count: int) -> list[dict]:
        self._between_hands()
        idle = 0
        while len(self.out) < count and idle < 200:
            before = len(self.out)
            self._trick()
            idle = idle + 1 if len(self.out) == before else 0
        return [{**case, "id": i} for i, case in enumerate(self.out[:count], start=1)]

    # --- questions between hands: every score of the upgrade table, every seat ----------------

    def _between_hands(self) -> None:
        rules = self.rules
        total = rules.table.total_points
        team_sizes: list[int | None] = [None]
        if rules.table.partnership == "called":
            team_sizes += list(range(1, rules.table.called_cards + 2))
        last_tricks: list[str | None] = [None]
        if rules.levels.hold_needs_last_trick:
            last_tricks += ["banker", "attackers"]
        for points in range(0, total + 1, 5):
            for team_size in team_sizes:
                for last_trick in last_tricks:
                    params: dict[str, Any] = {"points": points}
                    if team_size is not None:
                        params["team_size"] = team_size
                    if last_trick is not None:
                        params["last_trick"] = last_trick
                    self.add("level_change", params)
        for banker in range(rules.table.players):
            for winner in ("banker", "attackers"):
                self.add("next_banker", {"banker": banker, "winner": winner})

    # --- a trick: a lead, the other hands, their follows ---------------------------------------

    def _trick(self) -> None:
        rng, rules = self.rng, self.rules
        level = rng.choice(self.levels)
        trump = None if rng.random() < 0.2 else rng.choice(SUITS)
        ctx = rules.context(level, trump)
        where = {"level": level, "trump": trump}
        left = Counter(self.pack)
        hand_size = rules.table.hand_size

        planted = self._plant(ctx, left, rng.choice([*SUITS, "trump"]))
        leader = planted + self._draw(ctx, left, max(0, rng.randint(1, hand_size) - len(planted)))
        lead = self._lead(ctx, leader, planted)
        if not lead:
            return
        suit = _suit(ctx, lead[0])
        lead_text = written(ctx, lead)
        self._ask_order(ctx, where, suit)
        self.add("units", {**where, "cards": lead_text})
        self.add("kitty_multiplier", {**where, "last_lead": lead_text})
        same_suit = [c for c in leader if _suit(ctx, c) == suit]
        if len(same_suit) > 1:
            sample = rng.sample(same_suit, rng.randint(2, min(len(same_suit), 10)))
            self.add("units", {**where, "cards": written(ctx, sample)})

        hands: list[list[Card]] = []
        for _ in range(rules.table.players - 1):
            hand = self._follower(ctx, left, suit, len(lead))
            if len(hand) < len(lead):
                return  # the pack ran out (many players, few decks): draw another trick
            hands.append(hand)
        follows = []
        for hand in hands:
            legal = list(ctx.legal_follow(hand, lead, rng))
            follows.append(legal)
            hand_text = written(ctx, hand)
            for play in self._candidates(hand, legal):
                self.add("follow_error", {**where, "hand": hand_text, "lead": lead_text, "play": written(ctx, play)})
        self.add("winner", {**where, "lead": lead_text, "follows": [written(ctx, f) for f in follows]})
        if len(ctx.units(lead)) > 1:
            seated = rules.table.seated
            partners = list(range(1, len(hands), 2)) if seated else []
            self.add("throw_outcome", {**where, "throw": lead_text, "other_hands": [written(ctx, h) for h in hands],
                                       "partners": partners})

    def _ask_order(self, ctx: Context, where: dict, suit: str) -> None:
        key = (ctx.level, ctx.trump, suit)
        if key not in self.orders_asked:
            self.orders_asked.add(key)
            self.add("card_order", {**where, "suit": suit})

    def _draw(self, ctx: Context, left: Counter[Card], n: int, avoid: str | None = None) -> list[Card]:
        """``n`` random cards from those ``left`` (none of the effective suit ``avoid``)."""
        pool = [c for c, k in sorted(left.items()) for _ in range(k)
                if avoid is None or _suit(ctx, c) != avoid]
        taken = self.rng.sample(pool, min(n, len(pool)))
        left.subtract(taken)
        return taken

    def _plant(self, ctx: Context, left: Counter[Card], suit: str) -> list[Card]:
        """Sets on adjacent places of ``suit``'s card order (a tractor where the rules make one: across
        the level gap, on the links of jokers and level cards), or nothing when the pack lacks them."""
        rng = self.rng
        bands = ctx.ranking(suit)
        decks = self.rules.table.decks
        if not bands or decks < 2 or rng.random() < 0.35:
            return []
        width = rng.choice([2, 2, 2, 3, 4][: max(1, decks + 1)]) if decks >= 3 else 2
        length = rng.choice([1, 2, 2, 3, 4])
        start = rng.randrange(len(bands))
        planted: list[Card] = []
        for band in bands[start: start + length]:
            faces = [c for c in band if left[c] >= width]
            if not faces:
                break
            face = rng.choice(faces)
            left[face] -= width
            planted += [face] * width
        return planted

    def _lead(self, ctx: Context, leader: list[Card], planted: list[Card]) -> list[Card]:
        """A lead from the leader's hand: one unit, a single card, or a throw of several units."""
        rng = self.rng
        by_suit: dict[str, list[Card]] = {}
        for c in leader:
            by_suit.setdefault(_suit(ctx, c), []).append(c)
        if not by_suit:
            return []
        suit = _suit(ctx, planted[0]) if planted and rng.random() < 0.7 else rng.choice(sorted(by_suit))
        units = ctx.units(by_suit[suit])
        roll = rng.random()
        if roll < 0.4 or len(units) == 1:
            bigger = [u for u in units if len(u.cards) > 1]
            return list(rng.choice(bigger if bigger and rng.random() < 0.7 else units).cards)
        if roll < 0.6 or not self.rules.leading.throws:
            return [rng.choice(by_suit[suit])]
        chosen = rng.sample(units, rng.randint(2, min(4, len(units))))
        throw = [c for u in chosen for c in u.cards]
        if self.rules.leading.throw_kinds and ctx.lead_error(throw) is not None:
            return list(chosen[0].cards)  # a throw of a kind the rules bar: its first unit alone
        return throw

    def _follower(self, ctx: Context, left: Counter[Card], suit: str, lead_size: int) -> list[Card]:
        """Another player's hand: void in the led suit, or holding sets of it, or drawn at random."""
        rng = self.rng
        size = rng.randint(lead_size, max(lead_size, self.rules.table.hand_size))
        roll = rng.random()
        if roll < 0.2:
            return self._draw(ctx, left, size, avoid=suit)
        planted = self._plant(ctx, left, suit) if roll < 0.5 else []
        return planted + self._draw(ctx, left, max(0, size - len(planted)))

    def _candidates(self, hand: list[Card], legal: list[Card]) -> list[list[Card]]:
        """Plays to judge: the legal one, a random one, and the legal one with one card swapped."""
        rng = self.rng
        plays = [legal]
        if rng.random() < 0.6:
            plays.append(rng.sample(hand, len(legal)))
        spare = list((Counter(hand) - Counter(legal)).elements())
        if spare and rng.random() < 0.8:
            swapped = list(legal)
            swapped[rng.randrange(len(swapped))] = rng.choice(spare)
            plays.append(swapped)
        return plays


# --- checking -----------------------------------------------------------------------------------


class VectorFileError(ValueError):
    """A vector file that cannot be checked at all (no header, another format, other rules)."""


@dataclass
class Verdict:
    """What ``verify`` found: the cases checked and the problems, each ``(line, message)``."""

    checked: int = 0
    failures: list[tuple[int, str]] = field(default_factory=list)
    #: the header's ruleset and rules digest
    header: dict = field(default_factory=dict)

    @property
    def passed(self) -> int:
        return self.checked - len(self.failures)


def read_header(line: str) -> dict:
    """The header of a vector file from its first line."""
    try:
        header = loads(line)
    except JSONTextError as exc:
        where = f" (column {exc.column})" if exc.column is not None else ""
        raise VectorFileError(f"line 1: the header is not JSON: {exc.reason}{where}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise VectorFileError(f"line 1: not a vector file: the first line is a header with \"format\": \"{FORMAT}\"")
    version = header.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:  # not true, not 1.0
        raise VectorFileError(f"line 1: vector format version {_brief(version)}; this version of "
                              f"tractor-rules reads versions {' and '.join(map(str, READABLE_VERSIONS))}")
    if not isinstance(header.get("rules_digest"), str) or not isinstance(header.get("ruleset"), str):
        raise VectorFileError("line 1: the header has no \"ruleset\" and \"rules_digest\" strings")
    return header


def verify(rules: Rules, lines: Iterable[str]) -> Verdict:
    """Check each case of a vector file (its lines, header first) against ``rules``."""
    numbered = iter(enumerate(lines, start=1))
    first = next(numbered, None)
    if first is None:
        raise VectorFileError("the file is empty: a vector file starts with a header line")
    verdict = Verdict(header=read_header(first[1]))
    digest = rules_digest(rules)
    if verdict.header["rules_digest"] != digest:
        raise VectorFileError(
            f"line 1: these vectors were written for other rules ({_brief(verdict.header['ruleset'])}, "
            f"\"{_brief(str(verdict.header.get('name', '?')), plain=True)}\"): their rules digest differs from that of "
            f"\"{rules.name}\"")
    for number, line in numbered:
        if not line.strip():
            continue
        verdict.checked += 1
        problem = _check_line(rules, line, verdict.header["version"])
        if problem is not None:
            verdict.failures.append((number, problem))
    return verdict


def _check_line(rules: Rules, line: str, version: int = VERSION) -> str | None:
    if len(line) > MAX_LINE:
        return f"the line is longer than {MAX_LINE:,} characters"
    try:
        case = loads(line)
    except JSONTextError as exc:
        return f"not JSON: {exc.reason}" + (f" (column {exc.column})" if exc.column is not None else "")
    if not isinstance(case, dict) or not isinstance(case.get("kind"), str) or "params" not in case \
            or not isinstance(case.get("expect"), dict):
        return "a case is an object with \"id\", \"kind\", \"params\" and \"expect\""
    name = f"case {_brief(case.get('id'))} ({_brief(case['kind'], plain=True)})"
    question = QUESTIONS.get(case["kind"])
    if question is None:
        return f"{name}: unknown kind; the kinds are {', '.join(sorted(QUESTIONS))}"
    unknown = sorted(set(case["expect"]) - set(question.checked))
    if unknown:
        return f"{name}: \"expect\" has {unknown[0]!r}, which {case['kind']} does not answer"
    also = case.get("also")
    if "also" in case:
        problem = _also_problem(case["kind"], also, question.checked, version)
        if problem is not None:
            return f"{name}: {problem}"
    try:
        answer = ask(rules, case["kind"], case["params"])
    except (QuestionError, RulesetError) as error:
        return f"{name}: {error.message if isinstance(error, RulesetError) else error}"
    if not accepts(case, answer):
        wrong = [key for key in question.checked if key in case["expect"] and case["expect"][key] != answer[key]]
        others = f" (nor the {_counted(len(also), 'other answer')} of \"also\")" if also else ""
        return f"{name}: " + "; ".join(f"expected {key} {_shown(case['expect'][key])}, got {_shown(answer[key])}"
                                       for key in wrong) + others
    if also:
        # every answer the case states must be right, not just the one this engine gives: the
        # others are what another engine is allowed to answer
        right = [{k: answer[k] for k in question.checked},
                 *alternatives(rules, case["kind"], case["params"], {k: answer[k] for k in question.checked})]
        stated = [case["expect"], *also]
        for where, expected in zip(["\"expect\"", *(f"\"also\" {i}" for i in range(1, len(also) + 1))], stated):
            if not any(_agrees(expected, r) for r in right):
                return f"{name}: {where} is not a right answer: " + "; ".join(
                    f"{key} {_shown(expected[key])}" for key in question.checked if key in expected)
    return None


def _also_problem(kind: str, also: Any, checked: tuple[str, ...], version: int) -> str | None:
    """What is wrong with a case's ``"also"``, or None."""
    if version < 2:
        return "\"also\" is new in version 2 of the vector format, and the header says version 1"
    if kind not in KINDS_WITH_ALTERNATIVES:
        return (f"\"also\" is for the questions whose answers name cards "
                f"({', '.join(KINDS_WITH_ALTERNATIVES)}); {kind} has one right answer")
    if not isinstance(also, list) or not also or not all(isinstance(a, dict) for a in also):
        return "\"also\" is a list of one answer or more, each an object like \"expect\""
    for i, other in enumerate(also, start=1):
        unknown = sorted(set(other) - set(checked))
        if unknown:
            return f"\"also\" {i} has {_brief(unknown[0])}, which {kind} does not answer"
    return None


def accepts(case: dict, answer: dict) -> bool:
    """Whether a case states ``answer`` (an engine's answer to its question, with the fields the
    case states at least): as its ``"expect"``, or as one of the other right answers of its
    ``"also"``.  What a checker of any engine does with a case; ``verify`` does it with this one's."""
    return any(_agrees(stated, answer) for stated in [case["expect"], *(case.get("also") or ())])


def _agrees(expected: dict, answer: dict) -> bool:
    """Whether an answer has every field ``expected`` states, with the value stated."""
    return all(key in answer and answer[key] == value for key, value in expected.items())


def _counted(n: int, what: str) -> str:
    return f"{n} {what}" + ("s" if n != 1 else "")


def _suit(ctx: Context, card: Card) -> str:
    """The card's effective suit, "S".."C" or "trump" (``Context.suit_of`` without reading notation)."""
    suit = ctx.order.suit_of[card]
    return "trump" if suit == TRUMP else SUITS[suit]


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except RecursionError:  # nested as deep as the JSON reader allows
        text = "…"
    return text if len(text) <= 200 else text[:199] + "…"


def _brief(value: Any, width: int = 80, plain: bool = False) -> str:
    """A value of a vector file for a message: its ``repr`` (the text itself when ``plain``), cut
    to ``width`` characters (a vector file is anyone's: an id may be a megabyte long)."""
    try:
        text = value if plain and isinstance(value, str) else repr(value)
    except RecursionError:
        text = "…"
    return text if len(text) <= width else text[:width - 1] + "…"
