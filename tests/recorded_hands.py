"""A recorded hand as the next hand of a match (a helper module of the engine's tests): what the
match makes of it, its levels, status, winners and next banker, without playing it."""

from __future__ import annotations

import random

import pytest

from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.flow.record import HandRecord
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.rules import Rules


def match_after(rules: Rules, seats: list[int], record: HandRecord) -> Match:
    """A match of ``rules`` whose seats stand at the levels ``seats`` (places on the ladder) and
    whose banker is ``record``'s, stepped once with ``record`` as the hand it plays."""
    match = Match(rules, make_players("random", rules.table.players, random.Random(0)), random.Random(0))
    match.levels = list(seats)
    match.banker = record.banker
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(match_module, "play_hand", lambda *args, **kwargs: record)
        match.step()
    return match
