"""'Did you mean' for misspelt names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_matches(word: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    pool = list(dict.fromkeys(candidates))
    exact_case = {c.lower(): c for c in pool}
    if word.lower() in exact_case and exact_case[word.lower()] != word:
        return [exact_case[word.lower()]]
    return difflib.get_close_matches(word, pool, n=n, cutoff=0.6)


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """" (did you mean 'x'?)" when a candidate is close to ``word``, else ""."""
    close = close_matches(word, candidates)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)"


def quoted(text: str) -> str:
    """``text`` in single quotes for a message, control characters escaped so that a message
    always stays on one line."""
    if text.isprintable():
        return f"'{text}'"
    return "'" + text.encode("unicode_escape").decode("ascii").replace("'", "\\'") + "'"
