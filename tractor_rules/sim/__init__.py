"""Simulations beyond one process and one report: running games on several workers (local
processes or Ray), tournaments between player kinds, balance reports that compare rulesets, and
what a run of the command line draws and writes: its progress bar and its game log (``runs``; the
commands themselves are in ``commands/play.py``).  The engine (``engine.records.simulate``)
plays and yields results; this package schedules, aggregates and presents them."""
