"""Reinforcement learning: a PettingZoo AEC environment for any ruleset (``TractorEnv``), an
optional part installed with ``pip install 'tractor-rules[rl]'``.

``env(rules)`` wraps the environment in PettingZoo's usual checks (an illegal action or a step
after the end is reported by the wrapper); ``raw_env(rules)`` is the bare environment.
"""

from __future__ import annotations

from typing import Any

from ..rules import Rules
from .env import DONE, IllegalAction, TractorEnv
from .observation import FIELDS, layout

__all__ = ["DONE", "FIELDS", "IllegalAction", "TractorEnv", "env", "layout", "raw_env"]


def raw_env(rules: Rules, **options: Any) -> TractorEnv:
    return TractorEnv(rules, **options)


def env(rules: Rules, **options: Any):
    """The environment in PettingZoo's order-enforcing wrapper."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(TractorEnv(rules, **options))
