"""Simulations beyond one process and one report: running games on several workers (local
processes or Ray), tournaments between player kinds, balance reports that compare rulesets, and
the commands that write their files and draw their progress.  The engine (``engine.simulate``)
plays and yields results; this package schedules, aggregates and presents them."""
