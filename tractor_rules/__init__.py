"""tractor-rules: a ruleset language and compiler for Tractor / Upgrade (升级, 拖拉机).

    import tractor_rules as tr
    rules = tr.load("two-decks")
    ctx = rules.context(level="10", trump="S")
"""

from .api import builtin_names, load, loads, schema
from .errors import (
    CardNotationError,
    Diagnostic,
    ExportError,
    RulesetError,
    RulesetResolutionError,
    RulesetSemanticError,
    RulesetSyntaxError,
)
from .rules import SCHEMA_VERSION, Rules

__version__ = "0.1.0"

__all__ = [
    "CardNotationError",
    "Diagnostic",
    "ExportError",
    "Rules",
    "RulesetError",
    "RulesetResolutionError",
    "RulesetSemanticError",
    "RulesetSyntaxError",
    "SCHEMA_VERSION",
    "builtin_names",
    "load",
    "loads",
    "schema",
]
