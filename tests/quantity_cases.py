"""Each quantity of the rule expressions as a ruleset writes it, with its tree: a quantity of a team,
a player or a card with arguments of its kinds (``tests/language/test_expressions.py``, whose
``QUANTITY_WORDS`` pins each quantity's words, and ``tests/language/test_table_numbers.py``)."""

from __future__ import annotations

from tractor_rules.rules import expressions as ex

#: each quantity as a ruleset writes it, and its tree (a quantity of a team, a player or a card with
#: arguments of its kinds)
QUANTITY_CASES = {name: (q.words, ("var", name)) for name, q in ex.QUANTITIES.items() if not q.arguments} | {
    "team-size": ("the number of bankers", ("var", "team-size", "bankers")),
    "team-level": ("the level of the attackers", ("var", "team-level", "attackers")),
    "player-level": ("the level of the holder of AS", ("var", "player-level", ("holder", "AS"))),
    "copies-took": ("copies of 5H the attackers took", ("var", "copies-took", "attackers", "5H")),
    "copies-held": ("copies of KS winners held", ("var", "copies-held", "winners", "KS")),
    "copies-held-after-kitty": ("copies of 10D the losers held after the kitty",
                                ("var", "copies-held-after-kitty", "losers", "10D")),
}
