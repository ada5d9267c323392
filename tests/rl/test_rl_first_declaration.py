"""The learning environment's mask and who may make the first declaration of a deal (``first
declaration: when ...``): where the agents declare, an attacker is offered nothing but the pass
while no declaration stands, and a player of the banker's team the declarations their cards make."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from masks import picks_through_mask

import tractor_rules
from tractor_rules.engine.flow.seats import banker_team
from tractor_rules.rl import DONE, raw_env

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: two decks; after the first hand only the banker's side declares, first or over another
D61 = GALLERY / "D61-only-the-bankers-declare.tractor"


def first_declaration_turns(rules, seeds: range) -> dict[str, int]:
    """Where the agents declare, with seat 0 banking: how often a seat of each side was asked to
    declare while no declaration stood, and how often a banker was offered a declaration then
    (each time an attacker is asked, the mask is checked to offer it only what the oracle allows)."""
    environment = raw_env(rules, agent_choices=("declare",), banker=0)
    bankers = banker_team(rules, 0)
    asked = {"banker": 0, "attacker": 0, "offered": 0}
    for seed in seeds:
        environment.reset(seed=seed)
        for _ in environment.agent_iter():
            _, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            decision = environment._driver.pending
            if decision.kind != "declare" or decision.view.public.buried_by is not None:
                mask = environment.observe(environment.agent_selection)["action_mask"]
                environment.step(int(np.flatnonzero(mask)[0]) if decision.kind != "declare" else DONE)
                continue
            if not decision.view.public.declarations:
                picks = picks_through_mask(environment)
                side = "banker" if decision.seat in bankers else "attacker"
                asked[side] += 1
                asked["offered"] += side == "banker" and len(picks) > 1
                if not rules.may_declare_first(decision.seat, decision.view.public.level, banker=0):
                    assert picks == {()}, (seed, decision.seat)
            environment.step(DONE)
    return asked


def test_the_mask_offers_the_first_declaration_only_to_the_bankers():
    asked = first_declaration_turns(tractor_rules.load(str(D61)), range(6))
    assert asked["attacker"] == 0  # nothing to offer them: they are not asked
    assert asked["banker"] and asked["offered"] == asked["banker"]
    # the same deals without the statement: attackers are asked, and offered declarations
    overturn_only = tractor_rules.loads('extends: "two-decks"\ndeclare\n  overturn: when the first hand or a banker\n')
    assert first_declaration_turns(overturn_only, range(6))["attacker"] > 0
