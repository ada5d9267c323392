"""The generic trick engine: reads nothing but a compiled ``Rules`` object.

Sub-packages by concern, each importing only those above it in this list (tests/test_layers.py
holds them to it):

- ``deck``: the card model: cards and notation, the card order, units of a play, rainbows, rains;
- ``rulings``: the rules' verdict on one question: follow duty, a trick's winner, throws, ruffs,
  declarations, friend calls, level changes, the kitty multiplier, stakes;
- ``oracle`` (a module): the ``Context`` of one level and trump, and the public questions built on
  the verdicts (the facade for other programs, and the context a hand is played in);
- ``flow``: a hand from the deal to the score, and a match; ``game`` (a module) re-exports it;
- ``players``: the computer players and their registry of kinds;
- ``records``: runs of many hands (``simulate``) and the game log's checker (``replay``).

``errors`` (a module) holds the engine's errors, which every part may raise.  This package
re-exports the names most programs need.
"""

from .deck.cards import Card, parse_cards
from .deck.units import Unit
from .errors import EngineError, NoTrumpFromKitty, PlayError
from .oracle import Context, make_context
from .rulings.declaring import Declaration

__all__ = [
    "Card", "Context", "Declaration", "EngineError", "NoTrumpFromKitty", "PlayError", "Unit",
    "make_context", "parse_cards",
]
