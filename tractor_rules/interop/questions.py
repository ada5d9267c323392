"""The rules oracle's questions as JSON: one registry of named questions, each taking a dict of
JSON parameters and giving a dict of JSON results.

The same questions are the kinds of the conformance vectors (a case is a question's parameters
and its expected answer) and the methods of the JSON-RPC server, so a vector, a request and a
Python call always agree.  Cards are written in the card notation; a play's cards are listed
strongest first (``Context.sort``), so an answer reads the same whatever order the cards were
given in, but for equal cards of two suits (twins: the off-suit level cards), which keep the order
they were given in, and so do the units they make.

Parameters are checked here, before the engine sees them: a wrong one raises ``QuestionError``
naming it.  Bad card notation and questions the rules cannot answer raise the engine's own
``RulesetError`` subclasses (``CardNotationError``, ``EngineError``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.oracle import Context
from ..rules import SUITS, Rules

Params = dict[str, Any]
Answer = dict[str, Any]


class QuestionError(ValueError):
    """A question's parameters are missing or of the wrong type; the message names the parameter."""


@dataclass(frozen=True)
class Question:
    name: str
    #: what it asks, one line (the server's ``describe`` and the docs)
    summary: str
    answer: Callable[[Rules, Params], Answer]
    #: the parameters it reads: name -> what it is
    params: dict[str, str]
    #: the answer's fields a conformance vector records (other fields, such as a message in words,
    #: are the package's own wording, which another engine need not match)
    checked: tuple[str, ...]


QUESTIONS: dict[str, Question] = {}

_HAND = {"level": "the level rank (\"2\"..\"A\"), or null for no level rank",
         "trump": "the trump suit (\"S\", \"H\", \"D\", \"C\"), or null for no-trump"}


def question(name: str, summary: str, params: dict[str, str], checked: tuple[str, ...]):
    """Register an answering function under ``name``."""

    def register(answer: Callable[[Rules, Params], Answer]) -> Callable[[Rules, Params], Answer]:
        QUESTIONS[name] = Question(name, summary, answer, params, checked)
        return answer

    return register


def ask(rules: Rules, name: str, params: object) -> Answer:
    """The answer to question ``name`` with ``params`` (a dict)."""
    found = QUESTIONS.get(name)
    if found is None:
        raise QuestionError(f"no question {_said(name)}; the questions are {', '.join(sorted(QUESTIONS))}")
    if not isinstance(params, dict):
        raise QuestionError(f"the parameters are an object (named parameters), not {_type(params)}")
    unknown = sorted(set(params) - set(found.params) - {"ruleset"})
    if unknown:
        raise QuestionError(f"{name} has no parameter {_said(unknown[0])}; its parameters are "
                            f"{', '.join(found.params)}")
    return found.answer(rules, params)


# --- reading parameters -------------------------------------------------------------------------


def _said(value: object, width: int = 80) -> str:
    """A value of a request for a message: its ``repr``, cut to ``width`` characters (a request is
    anyone's: a parameter may be a megabyte long, and the message must stay one short line)."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def _type(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _get(params: Params, key: str) -> Any:
    if key not in params:
        raise QuestionError(f"the parameter {key!r} is missing")
    return params[key]


def _level(rules: Rules, params: Params) -> str | None:
    level = _get(params, "level")
    if level is not None and not isinstance(level, str):
        raise QuestionError(f"'level' is a rank such as \"10\", or null, not {_type(level)}")
    if level is not None and level not in rules.table.ranks:
        raise QuestionError(f"'level' {_said(level)} is not a rank of this deck ({', '.join(rules.table.ranks)})")
    return level


def _context(rules: Rules, params: Params) -> Context:
    level, trump = _level(rules, params), _get(params, "trump")
    if trump is not None and trump not in SUITS:
        raise QuestionError(f"'trump' is one of \"S\", \"H\", \"D\", \"C\", or null for no-trump, not {_said(trump)}")
    return rules.context(level, trump)


def _cards(params: Params, key: str) -> str | list[str]:
    value = _get(params, key)
    if isinstance(value, str) or isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise QuestionError(f"{key!r} is cards in the card notation (\"10S 10S JS\", or a list of such "
                        f"strings), not {_type(value)}")


def _hands(params: Params, key: str) -> list[str | list[str]]:
    value = _get(params, key)
    if not isinstance(value, list):
        raise QuestionError(f"{key!r} is a list with one entry of cards per player, not {_type(value)}")
    return [_cards({key: v}, key) for v in value]


def _int(params: Params, key: str, default: int | None = None, *, optional: bool = False) -> int | None:
    if key not in params and optional:
        return default
    value = _get(params, key)
    if value is None and optional:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise QuestionError(f"{key!r} is a whole number, not {_type(value)}")
    return value


def _flag(params: Params, key: str) -> bool:
    value = params.get(key, False)
    if not isinstance(value, bool):
        raise QuestionError(f"{key!r} is true or false, not {_type(value)}")
    return value


def _seat(rules: Rules, params: Params, key: str) -> int:
    seat = _int(params, key)
    assert seat is not None
    if not 0 <= seat < rules.table.players:
        raise QuestionError(f"{key!r} is a seat from 0 to {rules.table.players - 1}, not {seat}")
    return seat


def _side(params: Params, key: str, *, optional: bool = False) -> str | None:
    value = params.get(key) if optional else _get(params, key)
    if value is None and optional:
        return None
    if value not in ("banker", "attackers"):
        raise QuestionError(f"{key!r} is \"banker\" or \"attackers\", not {_said(value)}")
    return value


def written(ctx: Context, cards: object) -> str:
    """Cards in the notation, strongest first (trumps, then the suits S H D C)."""
    return " ".join(map(str, ctx.sort(ctx.cards(cards))))  # type: ignore[arg-type]


# --- the questions ------------------------------------------------------------------------------


@question("card_order", "the cards of an effective suit, strongest first, equal cards grouped",
          {**_HAND, "suit": "\"S\", \"H\", \"D\", \"C\" or \"trump\""}, ("ranking",))
def _card_order(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    suit = _get(params, "suit")
    if suit != "trump" and suit not in SUITS:
        raise QuestionError(f"'suit' is one of \"S\", \"H\", \"D\", \"C\" or \"trump\", not {_said(suit)}")
    return {"ranking": [[str(c) for c in group] for group in ctx.ranking(suit)]}


@question("units", "how a play decomposes into sets and tractors, largest first",
          {**_HAND, "cards": "the play"}, ("units", "is_tractor"))
def _units(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    units = ctx.units(_cards(params, "cards"))
    return {"units": [{"cards": " ".join(map(str, u.cards)), "width": u.width, "length": u.length} for u in units],
            "is_tractor": len(units) == 1 and units[0].is_tractor}


@question("follow_error", "whether a play may follow a lead from a hand (which includes the play)",
          {**_HAND, "hand": "the follower's cards, the play included", "lead": "the lead",
           "play": "the follower's play"}, ("legal", "reason"))
def _follow_error(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    refusal = ctx.follow_refusal(_cards(params, "hand"), _cards(params, "lead"), _cards(params, "play"))
    if refusal is None:
        return {"legal": True, "reason": None, "message": None}
    return {"legal": False, "reason": refusal.code, "message": refusal.message}


@question("legal_follow", "one legal follow: the cards the duty demands and the lowest others",
          {**_HAND, "hand": "the follower's cards", "lead": "the lead"}, ("play",))
def _legal_follow(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    return {"play": written(ctx, ctx.legal_follow(_cards(params, "hand"), _cards(params, "lead")))}


@question("winner", "which play wins a trick: 0 the lead, i the i-th follow",
          {**_HAND, "lead": "the lead", "follows": "the other plays in turn order"}, ("winner",))
def _winner(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    return {"winner": ctx.winner(_cards(params, "lead"), _hands(params, "follows"))}


@question("throw_outcome", "whether a throw stands against the other hands, else the plays the leader "
          "may be held to", {**_HAND, "throw": "the throw", "other_hands": "the other players' hands in "
                             "turn order, from the player after the leader",
                             "partners": "optional: indexes in other_hands of the leader's partners"},
          ("stands", "options"))
def _throw_outcome(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    partners = params.get("partners")
    if partners is not None and not (isinstance(partners, list) and all(
            isinstance(i, int) and not isinstance(i, bool) for i in partners)):
        raise QuestionError(f"'partners' is a list of indexes of other_hands, or null, not {_type(partners)}")
    options = ctx.throw_options(_cards(params, "throw"), _hands(params, "other_hands"), partners)
    return {"stands": not options, "options": [written(ctx, o) for o in options]}


@question("lead_error", "whether cards may be led as the rules stand, whatever the other hands hold, "
          "else why not", {**_HAND, "lead": "the cards led"}, ("legal", "message"))
def _lead_error(rules: Rules, params: Params) -> Answer:
    why = _context(rules, params).lead_error(_cards(params, "lead"))
    return {"legal": why is None, "message": why}


@question("kitty_multiplier", "the kitty's multiplier if the attackers win the last trick with this lead",
          {**_HAND, "last_lead": "the last trick's lead"}, ("multiplier",))
def _kitty_multiplier(rules: Rules, params: Params) -> Answer:
    ctx = _context(rules, params)
    return {"multiplier": ctx.kitty_multiplier(_cards(params, "last_lead"))}


@question("level_change", "who goes up and by how many levels for the attackers' points",
          {"points": "the attackers' points", "last_trick": "optional: \"banker\" or \"attackers\", "
           "who won the last trick", "team_size": "optional: players on the banker's team"},
          ("side", "levels"))
def _level_change(rules: Rules, params: Params) -> Answer:
    points = _int(params, "points")
    assert points is not None
    side, levels = rules.level_change(points, last_trick=_side(params, "last_trick", optional=True),
                                      team_size=_int(params, "team_size", optional=True))
    return {"side": side, "levels": levels}


@question("next_banker", "the next banker's seat (0..players-1 in play order)",
          {"banker": "this hand's banker seat", "winner": "\"banker\" or \"attackers\""}, ("banker",))
def _next_banker(rules: Rules, params: Params) -> Answer:
    banker = _int(params, "banker")
    assert banker is not None
    winner = _side(params, "winner")
    assert winner is not None
    return {"banker": rules.next_banker(banker, winner)}


@question("declaration", "whether cards declare trump at a level, and how strongly",
          {"level": _HAND["level"], "cards": "the cards shown"}, ("declaration",))
def _declaration(rules: Rules, params: Params) -> Answer:
    found = rules.declaration(_cards(params, "cards"), _level(rules, params))
    return {"declaration": None if found is None else {"strength": found.strength, "trump": found.trump}}


@question("overturns", "the declarations a seat may overturn with: during the deal, or at its turn in the round "
          "after the kitty", {
              "level": _HAND["level"],
              "declared": "the standing declaration's cards (\"\" or [] where nobody declared: after the kitty only)",
              "declarer": "the seat that made it (null where nobody declared)",
              "hand": "the cards of the seat asked",
              "seat": "the seat asked (0..players-1 in play order)",
              "banker": "the hand's banker (null during the first hand's deal; needed after the kitty)",
              "after_kitty": "true: at the seat's turn in the round after the kitty (default false: during the deal)",
              "burier": "after the kitty: the first to bury (default: who 'buried by' names)",
              "made": "after the kitty: the overturns made in the round so far (default 0)",
              "trump": "after the kitty: the trump standing (default null)",
              "declarations": "the hand's declarations so far, in order, each [seat, cards] (default [])",
              "first_hand": "whether the hand is the game's first (default false)"}, ("offers",))
def _overturns(rules: Rules, params: Params) -> Answer:
    after_kitty = _flag(params, "after_kitty")
    declarer = _int(params, "declarer", optional=True)
    banker = _int(params, "banker", optional=True)
    if after_kitty and banker is None:
        raise QuestionError("'banker' is needed after the kitty: the seat of the hand's banker")
    if not after_kitty and declarer is None:
        raise QuestionError("'declarer' is needed during the deal: the seat whose declaration stands")
    declarations = params.get("declarations", [])
    if not isinstance(declarations, list) or not all(
            isinstance(d, list) and len(d) == 2 and isinstance(d[0], int) and not isinstance(d[0], bool)
            for d in declarations):
        raise QuestionError("'declarations' is a list of [seat, cards] pairs, in the order they were shown")
    shown = [(d[0], _cards({"cards": d[1]}, "cards")) for d in declarations]
    trump = params.get("trump")
    if trump is not None and trump not in SUITS:
        raise QuestionError(f"'trump' is one of \"S\", \"H\", \"D\", \"C\", or null for no-trump, not {_said(trump)}")
    offers = rules.overturns(_cards(params, "declared"), _cards(params, "hand"), _level(rules, params),
                             seat=_seat(rules, params, "seat"), declarer=declarer, declarations=shown,
                             first_hand=_flag(params, "first_hand"), banker=banker, after_kitty=after_kitty,
                             burier=_int(params, "burier", optional=True), made=_int(params, "made", 0, optional=True) or 0,
                             trump=trump)
    return {"offers": [" ".join(map(str, offer.cards)) for offer in offers]}


@question("may_declare_first", "whether a seat may make the first declaration of a deal, none standing "
          "('first declaration: when ...')", {
              "level": _HAND["level"],
              "seat": "the seat asked (0..players-1 in play order)",
              "banker": "the banker known before the deal (null in the game's first hand, nobody banking yet)",
              "first_hand": "true: the game's first hand (default false)"}, ("may",))
def _may_declare_first(rules: Rules, params: Params) -> Answer:
    banker = _int(params, "banker", optional=True)
    if banker is not None and not 0 <= banker < rules.table.players:
        raise QuestionError(f"'banker' is a seat of 0..{rules.table.players - 1}, or null, not {banker}")
    return {"may": rules.may_declare_first(_seat(rules, params, "seat"), _level(rules, params),
                                           first_hand=_flag(params, "first_hand"), banker=banker)}


@question("role_seat", "the seat a role names in a hand (null: nobody), its fallbacks tried in turn",
          {"role": "a role as the JSON form writes it (\"declarer\", [\"first-of\", \"bankers\", \"declarer\"], "
                   "[\"otherwise\", A, B])",
           "hand": "the hand as the game log writes it (an object, see docs/simulate.md)"}, ("seat",))
def _role_seat(rules: Rules, params: Params) -> Answer:
    hand = _get(params, "hand")
    if not isinstance(hand, dict):
        raise QuestionError(f"'hand' is a hand of the game log (an object), not {_type(hand)}")
    return {"seat": rules.role_seat(_get(params, "role"), hand)}


@question("fallback_trump", "the trump when nobody declares, from the kitty",
          {"level": _HAND["level"], "kitty": "the kitty's cards in order"}, ("trump",))
def _fallback_trump(rules: Rules, params: Params) -> Answer:
    return {"trump": rules.fallback_trump(_cards(params, "kitty"), _level(rules, params))}


@question("house_rules_set_off", "the house rules after a hand (indexes into levels.after_hand) that a hand "
          "sets off", {"hand": "the hand as the game log writes it (an object, see docs/simulate.md)"}, ("rules",))
def _house_rules_set_off(rules: Rules, params: Params) -> Answer:
    hand = _get(params, "hand")
    if not isinstance(hand, dict):
        raise QuestionError(f"'hand' is a hand of the game log (an object), not {_type(hand)}")
    return {"rules": list(rules.house_rules_set_off(hand))}
