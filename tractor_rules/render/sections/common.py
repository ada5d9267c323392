"""Helpers shared by the sections' rule functions."""

from __future__ import annotations

from typing import Any


def sentences(*parts: str) -> str:
    """Sentences one after another: a space after a Latin full stop, none after a CJK one."""
    out = ""
    for part in parts:
        if not part:
            continue
        if out and not out.endswith(("。", "！", "？", "；")):
            out += " "
        out += part
    return out


def has_tractors(r: Any) -> bool:
    return bool(r.combinations.tractor_widths)


def has_sets(r: Any) -> bool:
    """Whether any play holds more than single cards (sets or tractors)."""
    return max(r.combinations.set_widths, default=1) > 1 or has_tractors(r)
