"""The generic trick engine: reads nothing but a compiled ``Rules`` object.

Modules, one job each.  The rules of a trick: ``cards`` (codes and notation), ``order`` (card order
and adjacency per hand), ``pool`` (greedy takes and counts over one suit), ``units`` (decomposition of
a play), ``follow`` (follow duty), ``tricks`` (winner, ruffs, throws), ``scoring`` (levels, banker,
kitty), ``stakes`` (table stakes), ``declaring`` (declarations and fallback trump), ``oracle`` (the
public questions).  Playing: ``seats``, ``views`` (what a player sees), ``deal`` (the deal and its
declarations), ``kitty``, ``friends`` (Finding Friends), ``trick_play``, ``outcome``, ``record``,
``hand``, ``match`` (gathered by ``game``), ``players``, ``simulate`` and ``replay`` (the log checker).
"""

from .cards import Card, parse_cards
from .declaring import Declaration
from .errors import EngineError, NoTrumpFromKitty, PlayError
from .oracle import Context, make_context
from .units import Unit

__all__ = [
    "Card", "Context", "Declaration", "EngineError", "NoTrumpFromKitty", "PlayError", "Unit",
    "make_context", "parse_cards",
]
