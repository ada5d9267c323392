"""Players that answer the exchange with the declarer (粘牌) in the ways its tests need: one that
never takes, one that gives back what the exchange does not allow.  Shared by the tests of the
exchange after the deal and during it."""

from __future__ import annotations

from tractor_rules.engine.players.basic import GreedyPlayer


class Passing(GreedyPlayer):
    """Never takes the declaration's cards."""

    def exchange_with_declarer(self, view, declarer, took):
        return None


class Cheating(GreedyPlayer):
    """Gives back three side cards: not what the exchange gives."""

    def exchange_with_declarer(self, view, declarer, took):
        side = [c for c in view.hand if not view.ctx.is_trump((c,))]
        return tuple(side[:3])
