"""Syntax tree → rules object.

Each statement kind has one handler that reads its node and sets fields of the rules (recording
the file, line and column that set them).  Errors are collected, never raised one by one; the
checks that relate several fields run afterwards (``rules/checks.py``, which ``checking.py`` runs
and positions at the statements).  Every error of a file is reported together, sorted by position.

``core`` holds the ``Compiler`` and the handler registry; each section module registers its
handlers when imported, which this package does for all of them.  Their order is the order the
finishing steps run in (follow lists, then the upgrade table); neither reads the other's result.
"""

from __future__ import annotations

from ...rules import width_name
# Imported for their ``@handles`` registrations.
from . import auction, declare, kitty, levels, play, preamble, scoring, table, trumps, unset  # noqa: F401
from . import inherit  # noqa: F401  (after the sections: it follows what they set)
from . import checking  # noqa: F401  (registers the checks of the built rules)
from .core import RANK_ORDER, Compiler, compile_resolved
from .declare import step_words
from .scoring import score_granularity, standard_thresholds
from ..shapes import describe_lead, lead_shape_label
from .trumps import tier_words

__all__ = [
    "RANK_ORDER",
    "Compiler",
    "compile_resolved",
    "describe_lead",
    "lead_shape_label",
    "score_granularity",
    "standard_thresholds",
    "step_words",
    "tier_words",
    "width_name",
]
