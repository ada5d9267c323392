"""JSON form of the rules object, and its JSON Schema, both derived from the dataclass type hints.

One walker serves the three directions (to data, from data, schema), so the export can never drift
from the classes it describes.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from functools import cache
from typing import Any, Literal, TypeGuard, Union, get_args, get_origin

from . import rules as model
from .errors import DATA_FILE, Diagnostic, ExportError
from .rules import expressions
from .rules.checks import Restatement, check_rules, check_values

_SOURCES_FIELD = "sources"

#: the schema versions ``rules_from_dict`` reads: this one, and the earlier ones, whose documents
#: lack the fields added since (each takes its default, which keeps the earlier meaning)
READABLE_VERSIONS = tuple(range(1, model.SCHEMA_VERSION + 1))

#: the expression trees a field may hold, by its type hint (a bare ``tuple``: the kitty formula of
#: the first versions), each read by its reader in ``rules.expressions``
_TREES: dict[Any, Any] = {
    tuple: expressions.number_tree,
    model.Number: expressions.number_tree,
    model.Condition: expressions.condition_tree,
    model.Effect: expressions.effect_tree,
}


# The walkers hold classes as plain ``type``: mypy does not count ``type[Any]`` as hashable, which
# the cache needs.  Each class's hints are read in the namespace of its own module of the
# ``rules`` package (the annotations are strings, ``from __future__ import annotations``).
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields of ``cls`` the JSON form holds (not ``Rules.written``, how numbers were written)."""
    return _exported_fields(cls)


@cache
def _exported_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    # kept per class: a document's reading asked for them at every object
    return tuple(f for f in dataclasses.fields(cls) if f.metadata.get("exported", True))


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in _fields(cls))


def _is_dataclass_type(tp: Any) -> TypeGuard[type]:
    """Whether the type hint ``tp`` names a dataclass.  (``dataclasses.is_dataclass`` also accepts
    instances; the walkers below only ever hold types.)"""
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


# --- to data ---------------------------------------------------------------------------------------


def _to_data(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return {f.name: _to_data(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, tuple):
        return [_to_data(v) for v in value]
    return value


def rules_to_dict(rules: model.Rules) -> dict:
    data: dict[str, Any] = {"schema_version": model.SCHEMA_VERSION}
    for f in _fields(model.Rules):
        value = getattr(rules, f.name)
        if f.name == _SOURCES_FIELD:
            data[f.name] = {path: _to_data(src) for path, src in value}
        else:
            data[f.name] = _to_data(value)
    return data


def rules_to_dict_as(rules: model.Rules, version: int) -> dict | None:
    """The document schema ``version`` would have written for ``rules``, or None when the rules use
    something added after it (a field away from its default, a value or an operator it did not
    have).  What a digest of the rules is taken over, so that rules which mean what they meant
    keep the digest an earlier version gave them (``interop.vectors.rules_digest``)."""
    if version >= model.SCHEMA_VERSION:
        return rules_to_dict(rules)
    if version < 4:
        # 'called cards: not trumps, ...' compiles to the condition in called_when, which versions
        # 2 and 3 wrote as the limits in call_limits
        earlier = _limits_back(rules)
        if earlier is None:
            return None
        rules = earlier
    if version < 2 and (rules.translations or any(_uses_since(getattr(rules, f.name), 2) for f in _fields(model.Rules))):
        return None
    if version < 3 and not _expressible_in_2(rules):
        return None
    if version < 4 and (_uses_since(rules, 4) or _words_after(model.Rules, rules, 3) or _values_of_4(rules)):
        return None
    data = rules_to_dict(rules)
    data["schema_version"] = version
    _drop_later(model.Rules, rules, data, version)
    return data


def _uses_since(value: Any, version: int) -> bool:
    """Whether ``value`` holds a field added in ``version`` or later away from its default."""
    if not dataclasses.is_dataclass(value):
        return isinstance(value, tuple) and any(_uses_since(v, version) for v in value)
    for f in _fields(type(value)):
        item = getattr(value, f.name)
        if _added_since(f, version) and item != _default(f):
            return True
        if _uses_since(item, version):
            return True
    return False


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def _expressible_in_2(rules: model.Rules) -> bool:
    """Nothing of version 3's: no field of it away from its default, no value or operator it added."""
    if _uses_since(rules, 3) or rules.levels.game_end == "past-last":
        return False
    formula = rules.kitty.formula
    return not formula or (expressions.operators_of(formula) <= set(expressions.FIRST_OPERATORS)
                           and expressions.quantities_of(formula) <= {"size", "cards"})


def _values_of_4(rules: model.Rules) -> list[str]:
    """The values version 4 added to fields version 3 had, where ``rules`` use them."""
    fb = rules.declaring.fallback
    found = []
    if fb.kind == "level-card-or-joker":
        found.append("declaring.fallback.kind 'level-card-or-joker'")
    if fb.kind == "player-level-card":
        found.append("declaring.fallback.kind 'player-level-card'")
    if fb.kind == "kitty-card" and 0 < fb.skip_to < fb.card:
        found.append("declaring.fallback.skip_to before its card (skipping jokers back)")
    if rules.table.partnership == "alone":
        found.append("table.partnership 'alone'")
    if rules.declaring.first_banker == "contest":
        found.append("declaring.first_banker 'contest'")
    if rules.following.default == "sets":
        found.append("following.default 'sets'")
    return found


def _words_after(cls: type, value: Any, version: int) -> set[str]:
    """The words of the rule expressions anywhere in ``value`` (of dataclass ``cls``) that schema
    ``version`` did not have."""
    found: set[str] = set()
    hints = _hints(cls)
    for f in _fields(cls):
        found |= _words_after_in(hints[f.name], getattr(value, f.name), version)
    return found


def _words_after_in(tp: Any, value: Any, version: int) -> set[str]:
    if tp in _TREES:
        return expressions.words_after(value, version)
    if _is_dataclass_type(tp):
        return _words_after(tp, value, version)
    args = get_args(tp)
    if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return {word for item in value for word in _words_after_in(args[0], item, version)}
    if get_origin(tp) in (Union, types.UnionType) and value is not None:
        kinds = [a for a in args if a is not type(None)]
        return _words_after_in(kinds[0], value, version) if len(kinds) == 1 else set()
    return set()


def _drop_later(cls: type, value: Any, data: dict, version: int) -> None:
    """Take out of ``data`` (the dict of ``value``, of dataclass ``cls``) every field added after
    ``version``: each is at its default (``rules_to_dict_as`` checked)."""
    hints = _hints(cls)
    for f in _fields(cls):
        if f.name not in data:
            continue
        if _added_since(f, version + 1):
            del data[f.name]
            continue
        tp = hints[f.name]
        item = getattr(value, f.name)
        if _is_dataclass_type(tp):
            _drop_later(tp, item, data[f.name], version)
        elif get_origin(tp) is tuple and get_args(tp) and _is_dataclass_type(get_args(tp)[0]):
            for sub, sub_data in zip(item, data[f.name]):
                _drop_later(get_args(tp)[0], sub, sub_data, version)


# --- from data -------------------------------------------------------------------------------------


def _fail(path: str, message: str) -> ExportError:
    return ExportError(f"{path or 'rules'}: {message}")


def _from_data(tp: Any, data: Any, path: str, version: int = model.SCHEMA_VERSION) -> Any:
    """The value of type ``tp`` that ``data`` describes.  ``version``: the schema version of the
    document ``data`` comes from; its objects may lack the fields added since (``rules.since``),
    which take their defaults, keeping the older meaning."""
    origin = get_origin(tp)
    if tp in _TREES:
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, got {type(data).__name__}")
        if not data and tp in (tuple, model.Number, model.Condition):
            return ()  # no formula; no condition (one that always holds)
        try:
            return _TREES[tp](data)
        except expressions.ExpressionError as exc:
            raise _fail(path, str(exc)) from None
    if _is_dataclass_type(tp):
        if not isinstance(data, dict):
            raise _fail(path, f"expected an object, got {type(data).__name__}")
        hints = _hints(tp)
        fields = _fields(tp)
        unknown = sorted(set(data) - _field_names(tp))
        if unknown:
            raise _fail(path, f"unknown field {unknown[0]!r}")
        missing = [f for f in fields if f.name not in data]
        if missing and not all(_added_since(f, version=version + 1) for f in missing):
            # the schema requires every field; a partial export is not one of ours
            raise _fail(path, f"missing field {missing[0].name!r}")
        kwargs = {f.name: _from_data(hints[f.name], data[f.name], f"{path}.{f.name}".lstrip("."), version)
                  for f in fields if f.name in data}
        for f in fields:
            if "range" in f.metadata and f.name in kwargs:
                _check_bounds(kwargs[f.name], f.metadata, f"{path}.{f.name}".lstrip("."))
            if f.name in kwargs and _added_since(f, version + 1) and kwargs[f.name] != _default(f):
                # a later version's field, set: a document of this version cannot mean it
                raise _fail(f"{path}.{f.name}".lstrip("."),
                            f"version {version} has no field {f.name!r}: a document using it is version "
                            f"{model.SCHEMA_VERSION}")
        return tp(**kwargs)
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_data(args[0], v, f"{path}[{i}]", version) for i, v in enumerate(data))
        if len(args) != len(data):
            raise _fail(path, f"expected {len(args)} items, got {len(data)}")
        return tuple(_from_data(a, v, f"{path}[{i}]", version) for i, (a, v) in enumerate(zip(args, data)))
    if origin is Literal:
        # exact types: True is not 1, and 1.0 is not 1
        if not any(type(data) is type(choice) and data == choice for choice in get_args(tp)):
            choices = ", ".join(repr(a) for a in get_args(tp))
            raise _fail(path, f"{data!r} is not one of {choices}")
        return data
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _from_data(arg, data, path, version)
            except ExportError:
                continue
        raise _fail(path, f"unexpected value {data!r}")
    if tp is bool:
        if not isinstance(data, bool):
            raise _fail(path, f"expected true or false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _fail(path, f"expected an integer, got {data!r}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise _fail(path, f"expected a string, got {data!r}")
        return data
    raise _fail(path, f"cannot read a value of type {tp!r}")  # pragma: no cover - model error


def _check_bounds(value: Any, meta: Any, path: str) -> None:
    """Every whole number of ``value`` (itself, or those of a tuple) within the field's bounds
    (``rules.bounded``): the compiler's own, so that no export can ask for what no ruleset can
    (a million players, whose simulation would exhaust the memory)."""
    low, high = meta["range"]
    off = meta.get("off")
    numbers = [value] if isinstance(value, int) else [v for v in _ints(value)]
    for number in numbers:
        if not (low <= number <= high or number == off):
            also = f" (or {off}: none)" if off is not None else ""
            raise _fail(path, f"{number} is out of bounds: from {low} to {high}{also}, as in a ruleset")


def _ints(value: Any) -> list[int]:
    """The whole numbers in a tuple of tuples (text and true/false left out)."""
    if isinstance(value, tuple):
        return [n for item in value for n in _ints(item)]
    return [value] if isinstance(value, int) and not isinstance(value, bool) else []


def _added_since(f: dataclasses.Field[Any], version: int) -> bool:
    """Whether the field was added in schema ``version`` or later (``rules.since``)."""
    return int(f.metadata.get("since", 1)) >= version


def rules_from_dict(data: dict) -> model.Rules:
    if not isinstance(data, dict):
        raise _fail("", "expected an object")
    version = data.get("schema_version")
    if type(version) is not int or version not in READABLE_VERSIONS:  # not true, not 1.0
        readable = " or ".join(str(v) for v in READABLE_VERSIONS)
        raise _fail("schema_version", f"expected {readable}, got {version!r}")
    if _SOURCES_FIELD not in data:
        raise _fail("", f"missing field {_SOURCES_FIELD!r}")
    body = {k: v for k, v in data.items() if k != "schema_version"}
    raw_sources = body.pop(_SOURCES_FIELD)
    rules = _from_data(model.Rules, {**body, _SOURCES_FIELD: []}, "", version)
    later = _words_after(model.Rules, rules, version) if version < model.SCHEMA_VERSION else set()
    if later:
        words = ", ".join(repr(w) for w in sorted(later))
        raise _fail("schema_version", f"version {version} has no {words}: a document using it is version "
                                      f"{model.SCHEMA_VERSION}")
    values = _values_of_4(rules) if version < 4 else []
    if values:
        raise _fail("schema_version", f"version {version} has no {values[0]}: a document using it is version 4")
    if not isinstance(raw_sources, dict):
        raise _fail(_SOURCES_FIELD, "expected an object")
    sources = tuple(
        (path, _from_data(model.Source, src, f"{_SOURCES_FIELD}.{path}"))
        for path, src in raw_sources.items()
    )
    rules = dataclasses.replace(rules, sources=sources)
    _check_game(rules, version)
    return _limits_forward(rules) if version < 4 else rules


# --- the called cards before version 4 ---------------------------------------------------------------
# Versions 2 and 3 wrote 'called cards: not trumps, not the highest card, not point cards' as its
# limits (``table.call_limits``); version 4 has the conditions on a card, and the statement compiles
# to the condition it stands for (``table.called_when``), keyed in ``sources`` by that field.  A
# document of an earlier version reads as today's compile of the same ruleset, and such rules are
# written to an earlier version as it wrote them (so that their vector files' digest stays).

_LIMITS, _CALLED = "table.call_limits", "table.called_when"
_LIMIT_OF_FACT = {fact: limit for limit, fact in expressions.LIMIT_FACTS.items()}


def _limits_forward(rules: model.Rules) -> model.Rules:
    """``rules`` read from a document of version 2 or 3: its limits as the condition they stand for."""
    table = rules.table
    if table.call_limits:
        table = dataclasses.replace(table, call_limits=(), called_when=table.call_condition)
    return _renamed(dataclasses.replace(rules, table=table), _LIMITS, _CALLED)


def _limits_back(rules: model.Rules) -> model.Rules | None:
    """``rules`` as versions 2 and 3 held them: the condition on the called cards as its limits;
    None when it is not one that limits write."""
    table = rules.table
    if table.called_when:
        limits = _limits_of(table.called_when)
        if limits is None or table.call_limits:
            return None
        table = dataclasses.replace(table, call_limits=limits, called_when=expressions.Condition(()))
    return _renamed(dataclasses.replace(rules, table=table), _CALLED, _LIMITS)


def _limits_of(condition: tuple) -> tuple[Any, ...] | None:
    """The limits whose condition (``expressions.limits_condition``) is ``condition``, or None."""
    parts = condition[1:] if condition[0] == "all" else (condition,)
    limits = []
    for part in parts:
        if part[0] != "not" or part[1][0] != "fact" or part[1][1] not in _LIMIT_OF_FACT:
            return None
        limits.append(_LIMIT_OF_FACT[part[1][1]])
    if len(set(limits)) < len(limits) or expressions.limits_condition(tuple(limits)) != condition:
        return None
    return tuple(limits)


def _renamed(rules: model.Rules, old: str, new: str) -> model.Rules:
    """``rules`` with the field ``old`` of ``sources`` and ``house_changes`` keyed ``new``, in the
    places the compiler gives them (sources sorted; the changes in the order of the sources, then
    the values derived from them)."""
    if not any(path == old for path, _ in rules.sources):
        return rules
    sources = tuple(sorted((new if path == old else path, src) for path, src in rules.sources))
    changed = {new if path == old else path for path in rules.house_changes}
    keys = [path for path, _ in sources]
    house_changes = tuple(path for path in keys if path in changed)
    house_changes += tuple(path for path in rules.house_changes if path not in keys and path != old)
    return dataclasses.replace(rules, sources=sources, house_changes=house_changes)


# --- the game --------------------------------------------------------------------------------------


class _DocumentReporter:
    """The ``rules.checks.Reporter`` of ``rules_from_dict``: each problem is named by the place in
    the document of the field most to blame, with the compiler's message and code."""

    def __init__(self, rules: model.Rules, version: int):
        self.rules = rules
        self.version = version
        self.diagnostics: list[Diagnostic] = []

    def error_at_field(self, paths: tuple[str, ...], message: str, *, code: str,
                       fixes: tuple[Restatement, ...] = ()) -> None:
        # ``fixes`` are statements of a ruleset; a document has none to rewrite
        self.diagnostics.append(Diagnostic(DATA_FILE, 0, 0, f"{self.document_path(paths[0])}: {message}", code=code))

    def already_refused(self, field: str) -> bool:
        return False  # the document was read whole, or refused before the checks

    def hand_without_call(self, rules: model.Rules) -> tuple[str | None, str | None] | None:
        # Loaded only for a document with conditions on its called cards (as the compiler's
        # reporter does): reading JSON needs none of the engine otherwise.
        from .engine.rulings.card_rules import hand_without_call

        return hand_without_call(rules)

    def document_path(self, path: str) -> str:
        """``path`` as the document places it: a follow list, which ``Rules.sources`` keys by its
        lead ("following.lists[pair]"), by its index in the list; the called cards, before version
        4, by their limits."""
        if path == _CALLED and self.version < 4:
            return _LIMITS
        label = path.removeprefix(_FOLLOW_LIST_PREFIX).removesuffix("]")
        if not path.startswith(_FOLLOW_LIST_PREFIX) or label.isdigit():
            return path
        lead = model.LeadShape.from_label(label)
        index = next((i for i, fl in enumerate(self.rules.following.lists) if fl.lead == lead), None)
        # a lead the language cannot write (a rainbow of another width) is named by its words
        return path if index is None else f"{_FOLLOW_LIST_PREFIX}{index}]"


_FOLLOW_LIST_PREFIX = "following.lists["


def _check_game(rules: model.Rules, version: int) -> None:
    """Refuse the rules the compiler would refuse: what no statement writes (a rank that is none,
    levels that run downwards), then what the compiler's checks of several fields refuse (the deal
    does not add up, a mandatory level is no level of the game, ...), each problem with the code and
    the message the compiler gives.  So every document read is one the engine can play, as every
    ruleset compiled is."""
    reporter = _DocumentReporter(rules, version)
    check_values(reporter, rules)
    if not reporter.diagnostics:  # the checks of several fields read the values as well formed
        check_rules(reporter, rules)
    if reporter.diagnostics:
        raise ExportError(reporter.diagnostics)


# --- schema ----------------------------------------------------------------------------------------


def _pair(head: Any, value: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "prefixItems": [head, value], "minItems": 2, "maxItems": 2}


def _headed(head: dict[str, Any], branch: dict[str, Any]) -> dict[str, Any]:
    """A branch of a tree's ``anyOf`` that holds trees: its items are read only when the first
    item is ``head``.  A validator tries every branch whole, so a branch that read the items of
    a tree of another kind would read the same subtree again at every level, work that doubles
    with each level (a condition of 14 nested "not" took a validator 20 seconds)."""
    return {"type": "array", "minItems": 1, "if": {"prefixItems": [head]}, "then": branch, "else": False}


def _argument_schema(kind: str) -> dict[str, Any]:
    if kind == "number":
        return {"$ref": "#/$defs/Formula"}
    if kind == "team":
        return {"enum": list(expressions.TEAMS)}
    if kind == "role":
        return _ROLE_SCHEMA
    if kind == "rank":
        return {"enum": list(expressions.CARD_RANKS)}
    if kind == "suit":
        return {"enum": list(expressions.CARD_SUITS)}
    return _CARD_SCHEMA


_CARD_SCHEMA = {"type": "string", "pattern": "^(?:[2-9]|10|[JQKA])[SHDC]$"}
#: a role by its name, or (since version 4) one named by a card: ["holder", "AH"]
_SEAT_ROLE_SCHEMA: dict[str, Any] = {"anyOf": [{"enum": list(expressions.ROLES)},
                                               _pair({"enum": list(expressions.CARD_ROLES)}, _CARD_SCHEMA)]}
#: ... or (since version 4) the first of a team after one of those: ["first-of", "bankers", "declarer"]
_ONE_ROLE_SCHEMA: dict[str, Any] = {"anyOf": [
    *_SEAT_ROLE_SCHEMA["anyOf"],
    {"type": "array", "prefixItems": [{"const": expressions.FIRST_OF}, {"enum": list(expressions.TEAMS)},
                                      _SEAT_ROLE_SCHEMA], "minItems": 3, "maxItems": 3},
]}
#: ... or (since version 4) roles tried in turn, the first that names somebody: ["otherwise", A, B, ...]
_ROLE_SCHEMA: dict[str, Any] = {
    "description": "A player named by a role: a role's name, [card role, card], [\"first-of\", team, role], or "
                   "[\"otherwise\", role, role, ...] (the first of the roles that names somebody).",
    "anyOf": [
        *_ONE_ROLE_SCHEMA["anyOf"],
        {"type": "array", "prefixItems": [{"const": expressions.OTHERWISE}], "items": _ONE_ROLE_SCHEMA,
         "minItems": 3, "maxItems": expressions.MAX_FALLBACKS + 1},
    ],
}


def _form_schema(head: list[Any], form: expressions.Form | expressions.Quantity) -> dict[str, Any]:
    # the banker's friends are a team only of the facts of what players did (``FRIENDS_FACTS``)
    items = [*head, *({"enum": list(expressions.FIRST_TEAMS)} if kind == "team" and form.name not in
                      expressions.FRIENDS_FACTS else _argument_schema(kind) for kind in form.arguments)]
    return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}


_LIMIT_NOTE = (f"At most {model.MAX_FORMULA_OPERATORS} operators in one expression, as the language allows "
               "(a count a JSON Schema cannot state; Rules.from_dict refuses more).")

#: a number: ["num", n], ["var", quantity, arguments...], [operator, a, b]; [] where a formula is optional
_FORMULA_SCHEMA = {
    "description": "A number of the rule expressions: [\"num\", n], [\"var\", quantity] (a quantity of a "
    "team, a player or a card with its arguments after it: [\"var\", \"team-level\", \"bankers\"]), or "
    "[operator, a, b] (div rounds down, and gives 0 for a division by 0); [] when the multiplier is "
    "not a formula. " + _LIMIT_NOTE,
    "anyOf": [
        {"type": "array", "maxItems": 0},
        _pair({"const": "num"}, {"type": "integer", "minimum": 0, "maximum": expressions.NUMBER_BOUND}),
        _pair({"const": "var"}, {"enum": [q.name for q in expressions.QUANTITIES.values() if not q.arguments]}),
        *(_form_schema([{"const": "var"}, {"const": q.name}], q) for q in expressions.QUANTITIES.values()
          if q.arguments),
        _headed({"enum": list(expressions.OPERATORS)}, {
            "type": "array",
            "prefixItems": [{"enum": list(expressions.OPERATORS)}, {"$ref": "#/$defs/Formula"}, {"$ref": "#/$defs/Formula"}],
            "minItems": 3,
            "maxItems": 3,
        }),
    ],
}

_CONDITION_SCHEMA = {
    "description": "A condition of the rule expressions: [\"fact\", name, arguments...], "
    "[\"compare\", comparator, a, b], [\"all\"|\"any\", c, c, ...] or [\"not\", c]; [] holds always "
    "(where a condition may be left out). " + _LIMIT_NOTE,
    "anyOf": [
        {"type": "array", "maxItems": 0},
        *(_form_schema([{"const": "fact"}, {"const": form.name}], form) for form in expressions.FACTS.values()),
        _headed({"const": "compare"}, {
            "type": "array",
            "prefixItems": [{"const": "compare"}, {"enum": list(expressions.COMPARATORS)},
                            {"$ref": "#/$defs/Formula"}, {"$ref": "#/$defs/Formula"}],
            "minItems": 4,
            "maxItems": 4,
        }),
        _headed({"enum": ["all", "any"]}, {"type": "array", "prefixItems": [{"enum": ["all", "any"]}],
                                           "items": {"$ref": "#/$defs/Condition"}, "minItems": 3}),
        _headed({"const": "not"}, _pair({"const": "not"}, {"$ref": "#/$defs/Condition"})),
    ],
}

_EFFECT_SCHEMA = {
    "description": "An effect of the rule expressions: [name, arguments...].",
    "anyOf": [_form_schema([{"const": form.name}], form) for form in expressions.EFFECTS.values()],
}

#: the definitions of the expression trees, by the type hint that holds them
_TREE_SCHEMAS: dict[Any, tuple[str, dict[str, Any]]] = {
    tuple: ("Formula", _FORMULA_SCHEMA),
    model.Number: ("Formula", _FORMULA_SCHEMA),
    model.Condition: ("Condition", _CONDITION_SCHEMA),
    model.Effect: ("Effect", _EFFECT_SCHEMA),
}


def _schema_of(tp: Any, defs: dict[str, Any], meta: Any = None) -> dict[str, Any]:
    """The schema of type ``tp``; ``meta``: the metadata of the field it types, whose bounds
    (``rules.bounded``) apply to every whole number in it."""
    origin = get_origin(tp)
    if tp in _TREE_SCHEMAS:
        name, tree_schema = _TREE_SCHEMAS[tp]
        defs[name] = tree_schema
        if tp is model.Condition or tp is model.Effect:
            defs["Formula"] = _FORMULA_SCHEMA  # their numbers
        return {"$ref": f"#/$defs/{name}"}
    if _is_dataclass_type(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder against recursion
            hints = _hints(tp)
            props = {f.name: _schema_of(hints[f.name], defs, f.metadata) for f in _fields(tp)}
            doc = (tp.__doc__ or "").strip()
            entry: dict[str, Any] = {
                "type": "object",
                "properties": props,
                "required": sorted(props),
                "additionalProperties": False,
            }
            if doc and not doc.startswith(name + "("):
                entry["description"] = " ".join(doc.split())
            defs[name] = entry
        return {"$ref": f"#/$defs/{name}"}
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of(args[0], defs, meta)}
        return {
            "type": "array",
            "prefixItems": [_schema_of(a, defs, meta) for a in args],
            "minItems": len(args),
            "maxItems": len(args),
        }
    if origin is Literal:
        return {"enum": list(get_args(tp))}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        if meta is None or "range" not in meta:
            return {"type": "integer"}
        low, high = meta["range"]
        bounds = {"type": "integer", "minimum": low, "maximum": high}
        off = meta.get("off")
        return bounds if off is None else {"anyOf": [{"const": off}, bounds]}
    if tp is str:
        return {"type": "string"}
    raise TypeError(f"no schema for {tp!r}")  # pragma: no cover - model error


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``Rules.to_dict()``."""
    defs: dict[str, Any] = {}
    _schema_of(model.Rules, defs)
    root = dict(defs.pop("Rules"))
    props = dict(root["properties"])
    props["schema_version"] = {"const": model.SCHEMA_VERSION}
    props[_SOURCES_FIELD] = {
        "type": "object",
        "description": "Where each value was set: dotted field path → file, line and column.",
        "additionalProperties": {"$ref": "#/$defs/Source"},
    }
    root["properties"] = props
    root["required"] = sorted(props)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://tractor-rules.invalid/schema/v{model.SCHEMA_VERSION}/rules.json",
        "title": "tractor-rules compiled ruleset",
        **root,
        "$defs": dict(sorted(defs.items())),
    }
