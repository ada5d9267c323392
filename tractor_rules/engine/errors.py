"""Errors the engine raises for requests the rules cannot answer (as opposed to bad notation, which
is ``tractor_rules.errors.CardNotationError``)."""

from __future__ import annotations

from ..errors import RulesetError


class EngineError(RulesetError, ValueError):
    """A question the engine cannot answer for these rules and these cards (a bad level, seat or
    play); like every bad input, a ``RulesetError``."""


class PlayError(EngineError):
    """A lead or play that is not a play at all: several suits in a lead, a throw where throws are
    not allowed, an empty play."""


class NoTrumpFromKitty(EngineError):
    """``fallback_trump`` was asked for the trump, but the rules settle it another way: a redeal,
    or the banker's partner naming it.  ``.kind`` is the way ("redeal" or "partner-names")."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
