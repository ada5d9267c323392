"""Players whose bids are written down beforehand, and an auction run among them: what the tests of
the auction (each player bidding until one is left, or each once) share."""

from __future__ import annotations

from tractor_rules.engine.flow.auction import run_auction
from tractor_rules.engine.flow.views import Player, Public


class Scripted(Player):
    """Bids from a list, one per turn (None: pass)."""

    def __init__(self, bids: list[int | None]):
        self.bids = list(bids)
        self.offered: list[list[int]] = []

    def bid(self, view, offers):
        self.offered.append(offers)
        return self.bids.pop(0)


def scripted_auction(rules, scripts, first=0):
    """The auction of ``rules`` among players bidding ``scripts`` (one list a seat), from ``first``:
    its result, and the players (what each was offered)."""
    players = [Scripted(s) for s in scripts]
    public = Public(rules, rules.table.players, 0, "5", None)
    return run_auction(rules, players, [[] for _ in players], public, first), players
