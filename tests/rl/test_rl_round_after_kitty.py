"""The learning environment's mask in the round after the kitty with a ladder of its own (#26,
``ladder after kitty``): where the agents declare, a turn to overturn after the kitty offers through
the mask exactly the declarations of the round's ladder the oracle names for that seat
(``rules.overturns(..., after_kitty=True)``), and a pass."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from masks import picks_through_mask

import tractor_rules
from tractor_rules.rl import DONE, raw_env

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: three decks; after the kitty only pairs and triples overturn, and not in the first hand
D57 = GALLERY / "D57-round-after-kitty-without-single-cards.tractor"


def oracle_picks(rules, decision, made: int) -> set[tuple[int, ...]]:
    """What the oracle says the deciding seat may overturn with at its turn after the kitty, and
    the pass."""
    public = decision.view.public
    declarer, declared = public.declarations[-1] if public.declarations else (None, ())
    offers = rules.overturns([str(c) for c in declared], [str(c) for c in decision.view.hand], public.level,
                             seat=decision.seat, declarer=declarer, banker=public.banker, burier=public.buried_by,
                             declarations=[(who, [str(c) for c in cards]) for who, cards in public.declarations],
                             made=made, trump=public.trump, after_kitty=True)
    return {(), *(tuple(sorted(int(c) for c in offer.cards)) for offer in offers)}


def test_a_turn_after_the_kitty_offers_through_the_mask_what_the_oracle_names():
    rules = tractor_rules.load(str(D57))
    environment = raw_env(rules, agent_choices=("declare",), banker=0)
    turns = 0
    made_in_all = []
    stood = []
    for seed in range(8):
        environment.reset(seed=seed)
        deal_declarations = None
        overturned = 0
        for _ in environment.agent_iter():
            _, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            decision = environment._driver.pending
            if decision.kind == "declare" and decision.view.public.buried_by is None:
                # in the first hands nobody declares during the deal, in the others the first
                # declaration offered is made and stands
                first = min((p for p in picks_through_mask(environment) if p), default=())
                for code in first if seed >= 3 and not decision.view.public.declarations else ():
                    environment.step(code)
                environment.step(DONE)
                continue
            if decision.kind != "declare":
                mask = environment.observe(environment.agent_selection)["action_mask"]
                environment.step(int(np.flatnonzero(mask)[0]))
                continue
            public = decision.view.public
            if deal_declarations is None:
                deal_declarations = len(public.declarations)
            made = len(public.declarations) - deal_declarations
            stood.append(deal_declarations > 0)
            picks = picks_through_mask(environment)
            assert picks == oracle_picks(rules, decision, made)
            assert all(len(pick) >= 2 for pick in picks if pick)  # never a single level card
            turns += 1
            pick = max(picks, key=len)
            if pick and seed % 2:  # overturn with the largest on offer, in every other hand
                overturned += 1
                for code in pick:
                    environment.step(code)
            environment.step(DONE)
        made_in_all.append(len(environment.record.to_log()["overturn_round"]["overturns"]))
        assert made_in_all[-1] == overturned  # the log holds the overturns the agents built
    # turns after nobody declared and after a declaration of the deal; overturns in some odd
    # hands and in no even one
    assert turns >= 6 and any(stood) and not all(stood)
    assert sum(map(bool, made_in_all[1::2])) >= 2 and not any(made_in_all[::2])
