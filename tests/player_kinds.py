"""The kinds of player that the engine's "every kind of player" tests seat (a helper module).

Those tests prove that each kind of player makes only legal moves under a rule and that its hands
replay clean.  The search player's moves are the heuristic player's candidates, each weighed by
playouts in sampled worlds of the hidden hands; the number of playouts a decision changes how
well it weighs them, not which code decides: 4 playouts still sample worlds, play candidates out
and choose among them at every lead and follow, at a sixth of the cost of the default 24 (a hand
of two decks: 1.6 CPU seconds with 24, 0.25 with 4).  How well the search plays is tested with its
default in tests/engine/test_search.py."""

from __future__ import annotations

#: the search player as these tests seat it
SEARCH = "search:4"

#: every built-in kind of player
EVERY_KIND = ("random", "greedy", "heuristic", SEARCH)
