"""'Did you mean' for misspelt names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


#: how much less alike than the closest a candidate may be and still be suggested beside it
#: (difflib's ratio): 'defnd' is 0.91 alike 'defend' and 0.75 alike 'end', 'two-deck' 0.94 alike
#: 'two-decks' and 0.75 alike 'one-deck'; only the first of each is meant.  Candidates about as
#: alike as the closest are all suggested, the closest first
MARGIN = 0.1


def close_matches(word: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The candidates close to ``word``, the closest first: at most ``n``, each alike enough
    (difflib's ratio 0.6 or more) and within ``MARGIN`` of the closest; a candidate that differs
    from ``word`` only in case alone."""
    pool = list(dict.fromkeys(candidates))
    exact_case = {c.lower(): c for c in pool}
    if word.lower() in exact_case and exact_case[word.lower()] != word:
        return [exact_case[word.lower()]]
    close = difflib.get_close_matches(word, pool, n=n, cutoff=0.6)
    if not close:
        return []
    alike = {c: difflib.SequenceMatcher(None, word, c).ratio() for c in close}
    best = max(alike.values())
    return [c for c in close if alike[c] >= best - MARGIN]


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
