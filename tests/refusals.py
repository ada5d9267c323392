"""The error a ruleset's text is refused with, as the tests of the language's words ask it."""

from __future__ import annotations

import pytest

import tractor_rules as tr
from tractor_rules.errors import RulesetError


def error_of(text: str) -> RulesetError:
    """The error compiling ``text`` (as ``house.tractor``) raises; the test fails where it compiles."""
    with pytest.raises(RulesetError) as caught:
        tr.loads(text, "house.tractor")
    return caught.value
