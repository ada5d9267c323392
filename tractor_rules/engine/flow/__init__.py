"""A hand's flow, from the deal to the score, and a match of hands.

Owns: ``views`` (what a player sees and the ``Player`` interface it decides through), ``seats``
(play order and teams), ``choices`` (checking a player's answers), ``deal`` (the deal and the
declarations during it, redeals), ``kitty`` (the kitty exchange and the overturns after it),
``friends`` (Finding Friends' calls), ``trick_play`` (the tricks, each play checked), ``outcome``
(the points, penalties, level change and next banker), ``record`` (what a hand leaves behind and
its game log form), ``hand`` (one hand, step by step), ``match`` (hands until a team wins).

May import: the rules model, the package's errors, ``engine.deck``, ``engine.rulings`` and
``engine.oracle`` (a hand is played in the oracle's ``Context`` for its level and trump).  Never a
player kind: players are reached only through the ``Player`` interface of ``views``.
``engine.game`` re-exports the public names.
"""
