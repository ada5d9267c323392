"""The rules' verdicts on single questions, asked of cards and a card order with no hand in play.

Owns: ``follow`` (the follow duty: is this follow legal, and a legal follow chosen at random),
``tricks`` (a trick's winner, ruffs, and whether a throw stands), ``declaring`` (a declaration's
strength and the trump when nobody declares), ``cards`` (conditions on a card: whether a Finding
Friends call, or a burial, is allowed), ``scoring`` (level changes, the kitty multiplier, the next banker, the ladder of levels),
``stakes`` (what a hand pays at a table that plays for points).

May import: the rules model, the package's errors, and ``engine.deck``.  ``engine.oracle`` gathers
these verdicts into the public questions; a hand's flow (``engine.flow``) asks them as it plays.
"""
