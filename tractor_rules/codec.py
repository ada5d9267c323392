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
from .errors import ExportError

_SOURCES_FIELD = "sources"

#: the schema versions ``rules_from_dict`` reads: this one, and version 1, whose documents lack
#: the fields version 2 added (each takes its default, which keeps version 1's meaning)
READABLE_VERSIONS = (1, model.SCHEMA_VERSION)


# The walkers hold classes as plain ``type``: mypy does not count ``type[Any]`` as hashable, which
# the cache needs.  Each class's hints are read in the namespace of its own module of the
# ``rules`` package (the annotations are strings, ``from __future__ import annotations``).
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


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


# --- from data -------------------------------------------------------------------------------------


def _fail(path: str, message: str) -> ExportError:
    return ExportError(f"{path or 'rules'}: {message}")


def _from_data(tp: Any, data: Any, path: str, older: bool = False) -> Any:
    """The value of type ``tp`` that ``data`` describes.  ``older``: ``data`` comes from a version-1
    document, whose objects may lack the fields added since (``rules.since``); they take their
    defaults, which keep the older meaning."""
    origin = get_origin(tp)
    if tp is tuple:  # a bare ``tuple``: the formula tree
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, got {type(data).__name__}")
        return () if not data else _formula(data, path)
    if _is_dataclass_type(tp):
        if not isinstance(data, dict):
            raise _fail(path, f"expected an object, got {type(data).__name__}")
        hints = _hints(tp)
        names = {f.name for f in _fields(tp)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise _fail(path, f"unknown field {unknown[0]!r}")
        missing = [f for f in _fields(tp) if f.name not in data]
        if missing and not (older and all(_added_since(f, version=2) for f in missing)):
            # the schema requires every field; a partial export is not one of ours
            raise _fail(path, f"missing field {missing[0].name!r}")
        kwargs = {f.name: _from_data(hints[f.name], data[f.name], f"{path}.{f.name}".lstrip("."), older)
                  for f in _fields(tp) if f.name in data}
        for f in _fields(tp):
            if "range" in f.metadata and f.name in kwargs:
                _check_bounds(kwargs[f.name], f.metadata, f"{path}.{f.name}".lstrip("."))
        return tp(**kwargs)
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_data(args[0], v, f"{path}[{i}]", older) for i, v in enumerate(data))
        if len(args) != len(data):
            raise _fail(path, f"expected {len(args)} items, got {len(data)}")
        return tuple(_from_data(a, v, f"{path}[{i}]", older) for i, (a, v) in enumerate(zip(args, data)))
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
                return _from_data(arg, data, path, older)
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


def _formula(data: Any, path: str, seen: list[int] | None = None) -> tuple:
    """A formula tree exactly as the schema describes it (``_FORMULA_SCHEMA``): ["num", n] with n a
    whole number of 0 or more, ["var", "size"|"cards"], or [op, a, b]; nothing more, and at most
    ``MAX_FORMULA_OPERATORS`` operators, as the language allows (so the walk never nests deeper)."""
    seen = [0] if seen is None else seen
    if not isinstance(data, list) or not data:
        raise _fail(path, f"expected a formula (a list such as [\"num\", 2]), got {data!r}"[:200])
    head = data[0]
    if head == "num" and len(data) == 2:
        number = data[1]
        if type(number) is int and number >= 0:
            return ("num", number)
        raise _fail(path, f"a number in a formula is a whole number of 0 or more, not {number!r}"[:200])
    if head == "var" and len(data) == 2:
        if data[1] in ("size", "cards") and type(data[1]) is str:
            return ("var", data[1])
        raise _fail(path, f"a formula's variable is 'size' or 'cards', not {data[1]!r}"[:200])
    if head in ("add", "mul", "pow") and type(head) is str and len(data) == 3:
        seen[0] += 1
        if seen[0] > model.MAX_FORMULA_OPERATORS:
            raise _fail(path, f"a kitty formula has at most {model.MAX_FORMULA_OPERATORS} operators "
                              "(add, mul, pow); this one has more")
        return (head, _formula(data[1], path, seen), _formula(data[2], path, seen))
    raise _fail(path, f"not a formula: {data!r}"[:200])


def rules_from_dict(data: dict) -> model.Rules:
    if not isinstance(data, dict):
        raise _fail("", "expected an object")
    version = data.get("schema_version")
    if type(version) is not int or version not in READABLE_VERSIONS:  # not true, not 1.0
        readable = " or ".join(str(v) for v in READABLE_VERSIONS)
        raise _fail("schema_version", f"expected {readable}, got {version!r}")
    older = version != model.SCHEMA_VERSION
    if _SOURCES_FIELD not in data:
        raise _fail("", f"missing field {_SOURCES_FIELD!r}")
    body = {k: v for k, v in data.items() if k != "schema_version"}
    raw_sources = body.pop(_SOURCES_FIELD)
    rules = _from_data(model.Rules, {**body, _SOURCES_FIELD: []}, "", older)
    if not isinstance(raw_sources, dict):
        raise _fail(_SOURCES_FIELD, "expected an object")
    sources = tuple(
        (path, _from_data(model.Source, src, f"{_SOURCES_FIELD}.{path}"))
        for path, src in raw_sources.items()
    )
    return dataclasses.replace(rules, sources=sources)


# --- schema ----------------------------------------------------------------------------------------


#: the kitty formula: [] (no formula), ["num", n], ["var", "size"|"cards"], [op, formula, formula]
_FORMULA_SCHEMA = {
    "description": "An expression tree: [\"num\", n], [\"var\", \"size\"|\"cards\"], "
    "or [\"add\"|\"mul\"|\"pow\", a, b]; [] when the multiplier is not a formula. At most "
    f"{model.MAX_FORMULA_OPERATORS} operators (add, mul, pow) in the whole tree, as the language allows "
    "(a count a JSON Schema cannot state; Rules.from_dict refuses more).",
    "anyOf": [
        {"type": "array", "maxItems": 0},
        {"type": "array", "prefixItems": [{"const": "num"}, {"type": "integer", "minimum": 0}], "minItems": 2, "maxItems": 2},
        {"type": "array", "prefixItems": [{"const": "var"}, {"enum": ["size", "cards"]}], "minItems": 2, "maxItems": 2},
        {
            "type": "array",
            "prefixItems": [{"enum": ["add", "mul", "pow"]}, {"$ref": "#/$defs/Formula"}, {"$ref": "#/$defs/Formula"}],
            "minItems": 3,
            "maxItems": 3,
        },
    ],
}


def _schema_of(tp: Any, defs: dict[str, Any], meta: Any = None) -> dict[str, Any]:
    """The schema of type ``tp``; ``meta``: the metadata of the field it types, whose bounds
    (``rules.bounded``) apply to every whole number in it."""
    origin = get_origin(tp)
    if tp is tuple:
        defs["Formula"] = _FORMULA_SCHEMA
        return {"$ref": "#/$defs/Formula"}
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
