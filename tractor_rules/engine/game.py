"""Hands and matches, the public face of the game loop: ``play_hand`` and ``Hand`` play one hand,
``play_match`` and ``Match`` play hands until a team wins, and a ``Player`` decides for one seat
from its ``PlayerView``.

Everything is driven by the ``Rules`` object and by the players' choices; the players see only a
``PlayerView``: their own hand and the public state of the table (declarations, the cards played,
the trick so far), never another hand.  One ``random.Random`` (the ``rng`` argument) shuffles every
deck, so a seed fixes a game together with the players' own seeded generators.

The loop lives in ``engine.flow``, one module per step of a hand; this one re-exports their public
names (front ends import them from here):

- ``views``: what the players see and decide (``Public``, ``PlayerView``, ``Player``, ``Offer``);
- ``seats``: play order and teams (``banker_team``);
- ``choices``: checking the players' answers (``IllegalPlay``);
- ``deal``: the deal, the declarations during it, the fallback trump and redeals (``MAX_DEALS``);
- ``kitty``: the kitty exchange and the overturns after it;
- ``friends``: Finding Friends' calls and the friends they reveal;
- ``trick_play``: the tricks, throws and follows checked;
- ``outcome``: the attackers' points, penalties, level change, next banker;
- ``record``: ``TrickRecord``, ``HandRecord`` and its game log form;
- ``hand``: one hand, step by step (``Hand``, ``play_hand``);
- ``match``: hands until a team wins (``Match``, ``play_match``), knock back, table points.
"""

from __future__ import annotations

from .flow.choices import IllegalPlay
from .flow.deal import MAX_DEALS, declare_table
from .flow.hand import Hand, play_hand
from .flow.match import BEYOND, MAX_HANDS, Match, MatchResult, play_match
from .flow.outcome import next_banker_of, outcome, point_table
from .flow.record import HandRecord, TrickRecord
from .flow.seats import banker_team
from .flow.views import Offer, Player, PlayerView, Public

__all__ = [
    "BEYOND", "MAX_DEALS", "MAX_HANDS", "Hand", "HandRecord", "IllegalPlay", "Match", "MatchResult", "Offer",
    "Player", "PlayerView", "Public", "TrickRecord", "banker_team", "declare_table", "next_banker_of", "outcome",
    "play_hand", "play_match", "point_table",
]
