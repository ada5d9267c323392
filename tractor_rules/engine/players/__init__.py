"""The computer players: each decides for one seat from its ``PlayerView``.

Owns: ``kinds`` (the registry of player kinds, found by name: ``random``, ``greedy``,
``heuristic``, ``search[:N]``), ``basic`` (the random and the greedy player), ``heuristic`` (a
player that counts cards and voids), ``search`` (determinized Monte Carlo over sampled hands) and
``worlds`` (the hidden hands it samples).

May import: the rules model, the package's errors, ``engine.deck``, ``engine.rulings``,
``engine.oracle`` and ``engine.flow`` (the views they decide from, the records they read, the
tricks a search plays out).
"""
