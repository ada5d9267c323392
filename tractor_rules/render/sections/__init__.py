"""The rule sentences of a sheet, section by section, in the order of the game.

Each ``_name(r)`` function states one rule from the tracked rules ``r`` (see ``track.py``): what it
reads is what the rule states.  Sentences follow the docstrings of ``tractor_rules.rules``; a value
that means nothing under another setting (the kitty card when nobody turns one) is not read.
Examples computed by the engine sit right after the rules they illustrate (``examples.py``).
"""

from __future__ import annotations

from ..builder import Builder
from .auction import auction_section
from .deal import combinations_section, order_section, table_section
from .overview import overview_section
from .declaring import declaring_section, kitty_section
from .play import following_section, leading_section, ruffing_section, winning_section
from .scoring import rotation_section, scoring_section, stakes_section


def build_sections(b: Builder) -> None:
    overview_section(b)
    table_section(b)
    order_section(b)
    combinations_section(b)
    if b.real.auction.on:  # the auction decides the bank and trump: nobody declares
        auction_section(b)
    else:
        declaring_section(b)
    kitty_section(b)
    leading_section(b)
    following_section(b)
    ruffing_section(b)
    winning_section(b)
    scoring_section(b)
    rotation_section(b)
    stakes_section(b)


__all__ = ["build_sections"]
