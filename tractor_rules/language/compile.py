"""The compiler's former single module, kept so that ``language.compile`` imports keep working;
the compiler lives in the ``compiler`` package, one module per section of the language."""

from __future__ import annotations

from ..rules import width_name
from .compiler import (
    RANK_ORDER,
    Compiler,
    compile_resolved,
    describe_lead,
    lead_shape_label,
    score_granularity,
    standard_thresholds,
    step_words,
    tier_words,
    value_at,
)
from .suggest import did_you_mean

__all__ = [
    "RANK_ORDER",
    "Compiler",
    "compile_resolved",
    "describe_lead",
    "did_you_mean",
    "lead_shape_label",
    "score_granularity",
    "standard_thresholds",
    "step_words",
    "tier_words",
    "value_at",
    "width_name",
]
