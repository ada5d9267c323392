"""The rules object's JSON Schema as the tests check documents against it.

Two validators of the one schema (``tractor_rules.schema()``, draft 2020-12): python-jsonschema,
``reference``, and jsonschema-rs, ``fast``, which checks a rules document about a hundred times
faster (a few hundredths of a second each in the reference, where the round-trip nets check
thousands).  The nets use ``fast``; tests/test_schema_validators.py shows that the two give the
same verdict on every shipped and gallery document and on documents made wrong on purpose, and the
targeted schema tests keep the reference.
"""

from __future__ import annotations

from functools import cache

import jsonschema
import jsonschema_rs

import tractor_rules as tr


@cache
def reference() -> jsonschema.Draft202012Validator:
    schema = tr.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@cache
def fast() -> jsonschema_rs.Draft202012Validator:
    return jsonschema_rs.Draft202012Validator(tr.schema())


def schema_errors(data: object) -> list[str]:
    """What ``fast`` finds wrong with ``data``, each error as "path: message", sorted; [] when it fits."""
    return sorted(f"{'/'.join(map(str, error.instance_path))}: {error.message}" for error in fast().iter_errors(data))
