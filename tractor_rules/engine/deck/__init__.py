"""The card model: the cards, their order in a hand, and how a play breaks into units.

Owns: ``cards`` (card codes and notation, the deck and its packs), ``draws`` (the seeded random
draws every shuffle and random choice goes through), ``order`` (the card order and adjacency of a
hand at one level and trump), ``pool`` (greedy takes and counts over the cards of one suit),
``units`` (a play's decomposition into sets and tractors), ``breakdown`` (the ways a hand can meet
a follow entry's units), ``rainbows`` (one rank across the suits, played as one lead), ``rains``
(a straight with pairs riding along, one combination of mixed widths, read over a whole play).

May import: the rules model (``tractor_rules.rules``), the package's errors
(``tractor_rules.errors``, ``engine.errors``), and its own modules; nothing else of the engine.
"""
