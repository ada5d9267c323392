"""The commands of ``tractor-rules``, one module per group, and what they share (``common``):

- ``rulesets``: ``list``, ``check``, ``compile``, ``schema``, ``fmt``
- ``sheets``: ``render``, ``diff``
- ``play``: ``players``, ``simulate``, ``tournament``, ``balance``
- ``lint``: ``lint``
- ``interop``: ``vectors``, ``verify``, ``serve``, ``export``, ``import``
- ``lsp``: ``lsp``

Each command is a ``common.Command``: its name, its help, the function that adds its arguments,
and the function that runs it.  ``COMMANDS`` lists them in the order ``tractor-rules --help``
shows them; ``tractor_rules.cli`` builds the parser from it.  Importing a command module stays
cheap: what only one command needs (the engine, the renderer, pygls, ...) is imported by its run
function.
"""

from __future__ import annotations

from . import interop, lint, lsp, play, rulesets, sheets
from .common import Command

__all__ = ["COMMANDS", "Command"]

COMMANDS: tuple[Command, ...] = (
    rulesets.LIST,
    play.PLAYERS,
    rulesets.CHECK,
    rulesets.COMPILE,
    rulesets.SCHEMA,
    sheets.RENDER,
    sheets.DIFF,
    play.SIMULATE,
    play.TOURNAMENT,
    play.BALANCE,
    lint.LINT,
    interop.VECTORS,
    interop.VERIFY,
    interop.SERVE,
    interop.EXPORT,
    interop.IMPORT,
    rulesets.FMT,
    lsp.LSP,
)
