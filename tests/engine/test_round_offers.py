"""The oracle's turn in the round after the kitty (#26): ``rules.overturns(..., after_kitty=True)``
names what a seat may overturn with at its turn (the round's condition, its own ladder, the standing
declarer passing), the same as the engine offers in whole hands of several rulesets."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: after the kitty only pairs and triples overturn (a ladder of its own), not in the first hand
D57 = GALLERY / "D57-round-after-kitty-without-single-cards.tractor"


def house(*lines: str) -> tr.Rules:
    body = "".join(f"  {line}\n" for line in lines)
    return tr.loads(f'extends: "two-decks"\ndeclare\n{body}', origin="house.tractor")


#: the rounds compared: their own ladder; a condition of who the player is beside the declarer and
#: the overturns so far; whoever declared before, once round
RULESETS = {
    "D57": lambda: tr.load(str(D57)),
    "opponents-twice": lambda: house("suit order: ♣ < ♦ < ♥ < ♠",
                                     "overturn after kitty: when the declarer's opponent and overturns < 2"),
    "previous-side": lambda: house("suit order: ♣ < ♦ < ♥ < ♠", "overturn after kitty: when the previous "
                                   "declarer or the previous declarer's partner or nobody was overturned, once round"),
}


class Noting(RandomPlayer):
    """A random player that declares during the deal at most once (never, when ``quiet``), and
    after the kitty overturns whenever it may with a random offer, noting each turn after the kitty
    it is offered (what the table saw then, and the offers) in ``turns``, shared by the hand's
    players."""

    def __init__(self, seed: int, turns: list, quiet: bool) -> None:
        super().__init__(seed)
        self.turns = turns
        self.quiet = quiet

    def declare(self, view, offers):
        public = view.public
        if public.buried_by is None:
            if self.quiet or any(seat == view.seat for seat, _ in public.declarations):
                return None
            return self.rng.choice(offers)
        self.turns.append((view.seat, list(view.hand), list(public.declarations), public.banker, public.buried_by,
                           public.trump, list(offers)))
        return self.rng.choice(offers)


def as_text(cards) -> list[str]:
    return [str(c) for c in cards]


@pytest.mark.parametrize("name", RULESETS)
def test_the_oracle_offers_at_each_turn_what_the_engine_offered(name):
    rules = RULESETS[name]()
    compared = standing = nobody = 0
    for seed in range(60):
        turns: list = []
        quiet = seed % 3 == 0  # nobody declares during the deal
        play_hand(rules, [Noting(seed * 10 + s, turns, quiet) for s in range(4)], random.Random(seed),
                  level="2", banker=seed % 4)
        first_round = None
        for seat, hand, shown, banker, burier, trump, offers in turns:
            if first_round is None:
                first_round = len(shown)
            declarer, declared = shown[-1] if shown else (None, ())
            said = rules.overturns(as_text(declared), as_text(hand), "2", seat=seat, declarer=declarer,
                                   banker=banker, burier=burier, made=len(shown) - first_round, trump=trump,
                                   declarations=[(who, as_text(cards)) for who, cards in shown], after_kitty=True)
            assert [o.cards for o in said] == [o.cards for o in offers]
            standing += declarer is not None
            nobody += first_round == 0
    # turns against a declaration standing, and in hands nobody declared in during the deal
    assert standing >= 5 and nobody >= 3


def test_the_standing_declarer_passes_and_the_first_hand_of_d57_has_no_round():
    rules = tr.load(str(D57))
    hand = "2S 2S 3C BJ BJ 2D"
    offered = {" ".join(as_text(o.cards)) for o in rules.overturns("2H", hand, "2", seat=1, declarer=0, banker=0,
                                                                     after_kitty=True)}
    assert offered == {"2S 2S", "BJ BJ"}  # pairs of the round's ladder, never the single 2D
    assert rules.overturns("2H", hand, "2", seat=0, declarer=0, banker=0, after_kitty=True) == []
    assert rules.overturns("2H", hand, "2", seat=1, declarer=0, banker=0, after_kitty=True, first_hand=True) == []
    # nobody declared: any declaration of the round's ladder
    nobody = rules.overturns("", hand, "2", seat=1, declarer=None, banker=0, after_kitty=True, trump="H")
    assert {" ".join(as_text(o.cards)) for o in nobody} == {"2S 2S", "BJ BJ"}


def test_a_round_that_asks_somebody_declared_offers_nothing_when_nobody_did():
    rules = tr.load(str(GALLERY / "D58-no-round-when-trump-from-the-kitty.tractor"))
    assert rules.overturns("", "2S 2S BJ BJ", "2", seat=1, declarer=None, banker=0, after_kitty=True) == []
    assert rules.overturns("2H", "2S 2S BJ BJ", "2", seat=1, declarer=0, banker=0, after_kitty=True) != []


def test_without_the_round_nothing_is_offered_after_the_kitty():
    rules = tr.load("two-decks")
    assert not rules.declaring.overturn_after_kitty
    assert rules.overturns("2H", "2S 2S BJ BJ", "2", seat=1, declarer=0, banker=0, after_kitty=True) == []
    # during the deal the same cards overturn
    assert rules.overturns("2H", "2S 2S BJ BJ", "2", seat=1, declarer=0, banker=0) != []


def test_what_the_oracle_needs_is_said():
    rules = tr.load(str(D57))
    with pytest.raises(ValueError, match="needs the hand's banker"):
        rules.overturns("2H", "2S 2S", "2", seat=1, declarer=0, after_kitty=True)
    with pytest.raises(ValueError, match="made over a declaration"):
        rules.overturns("2H", "2S 2S", "2", seat=1, declarer=None)
    with pytest.raises(EngineError, match="no declaration at level 2"):
        rules.overturns("3H", "2S 2S", "2", seat=1, declarer=0, banker=0, after_kitty=True)
