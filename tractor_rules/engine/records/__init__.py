"""Runs of hands and their records: playing many games for statistics, and checking game logs.

Owns: ``simulate`` (games played by computer players, seed by seed, with each hand's result, log
line and the report over a run) and ``replay`` (a game log read back and checked against the
rules, hand by hand).

May import: the rules model, the package's errors, and every other part of the engine.  The
command line, the files and the worker processes of a run live outside the engine
(``tractor_rules.sim``).
"""
