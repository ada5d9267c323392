"""A player's turn to act, as the rule expressions read it: the facts every such turn shares (the
player an attacker or a banker, the hand's level and trump) and the table's quantities.  Each turn
(overturning, asking for a redeal, declaring over another during the deal, stopping a throw) names
its moment and adds its own quantities and facts."""

from __future__ import annotations

from ...rules import Rules
from ..errors import EngineError


class PlayerTurn:
    """The base of a turn: a subclass names its moment (``WHEN``, for the error of a word not known
    then) and answers its own quantities (``quantity``) and facts (``own_fact``) before these."""

    __slots__ = ()
    WHEN = ""
    rules: Rules
    attacker: bool
    level: str | None
    trump: str | None

    def quantity(self, name: str) -> int | None:
        """The value of a quantity of this turn's own, or None for any other."""
        return None

    def own_fact(self, name: str, args: tuple) -> bool | None:
        """Whether a fact of this turn's own holds, or None for any other."""
        return None

    def __getitem__(self, name: str) -> int:
        """The value of a quantity known then."""
        own = self.quantity(name)
        if own is not None:
            return own
        if name == "decks":
            return self.rules.table.decks
        if name == "players":
            return self.rules.table.players
        raise EngineError(f"'{name}' is not known {self.WHEN}")

    def fact(self, name: str, args: tuple) -> bool:
        """Whether the fact ``name`` (with ``args``) holds of this turn."""
        own = self.own_fact(name, args)
        if own is not None:
            return own
        if name == "player-attacker":
            return self.attacker
        if name == "player-banker":
            return not self.attacker
        if name == "level-is":
            return self.level == args[0]
        if name == "no-trump":
            return self.trump is None
        raise EngineError(f"'{name}' is not known {self.WHEN}")
