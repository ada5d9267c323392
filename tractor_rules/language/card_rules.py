"""What a rule on cards (``called cards: when ...``, ``buried cards: when ...``) allows in every hand
the rules can deal: for the compiler's check that some card is always left to call (E213) and the
linter's warning that a player may hold too few cards they may bury (W108).

A hand is a level the ladder reaches (or none, in the extra level beyond the last that has no
level rank) and a trump suit or no-trump.  The one fact of a card that the rules alone do not
decide is whether its face was shown in declaring; only a level card or a joker can be (the
declaring ladder shows nothing else), so each of those is judged both ways.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..rules import JOKERS, RANKS, SUITS, Rules

#: the oracle's question of one card in a hand: the card, the cards shown in declaring → the
#: reason it is refused, or None
Question = Callable[[str, tuple[str, ...]], "str | None"]

#: the faces of a pack, as the oracle names them
_FACES = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS) + JOKERS


def hands(rules: Rules) -> Iterator[tuple[str | None, str | None]]:
    """Every (level, trump) a hand of ``rules`` may be played at; nothing when the levels are not
    ones the deck can play (reported by the levels' own checks)."""
    from ..engine.errors import EngineError
    from ..engine.rulings.scoring import level_ladder

    try:
        ladder = level_ladder(rules)
    except EngineError:
        return
    played: list[tuple[str | None, str | None]] = [(level, trump) for level in ladder for trump in (*SUITS, None)]
    if rules.levels.game_end == "beyond-last" and rules.levels.beyond_trumps == "jokers-only":
        played.append((None, None))
    for level, trump in played:
        try:
            rules.context(level, trump)
        except EngineError:  # a card order the engine refuses, which its own check reports
            continue
        yield level, trump


def _showable(face: str, level: str | None) -> bool:
    return face in JOKERS or (level is not None and face[:-1] == level)


def judged(rules: Rules, level: str | None, trump: str | None,
           refusal: Callable[[Any], Question]) -> Iterator[tuple[str, int, bool, bool]]:
    """Each face of the pack in the hand (level, trump): its copies, whether the rule surely
    allows it and whether it may allow it (the two differ only by what was shown in declaring).
    ``refusal(ctx)`` is the oracle's question (``call_error`` or ``bury_error``) for that hand."""
    ctx = rules.context(level, trump)
    ask = refusal(ctx)
    for face in _FACES:
        copies = rules.table.copies(face)
        if not copies:
            continue
        verdicts = {ask(face, ()) is None}
        if _showable(face, level):
            verdicts.add(ask(face, (face,)) is None)
        yield face, copies, all(verdicts), any(verdicts)


def hand_without_call(rules: Rules) -> tuple[str | None, str | None] | None:
    """A hand in which no card is sure to be callable, or None when every hand leaves one."""
    for level, trump in hands(rules):
        if not any(surely for _, _, surely, _ in judged(rules, level, trump, lambda ctx: ctx.call_error)):
            return level, trump
    return None


def burial_shortfall(rules: Rules) -> tuple[str | None, str | None, int] | None:
    """A hand in which more cards of the pack may be refused burial than a hand holds, so that a
    player who took the kitty may hold fewer cards they may bury than the kitty: (level, trump,
    the cards that may be refused); None when no hand can fall short."""
    for level, trump in hands(rules):
        refused = sum(copies for _, copies, surely, _ in judged(rules, level, trump, lambda ctx: ctx.bury_error)
                      if not surely)
        if refused > rules.table.hand_size:
            return level, trump, refused
    return None


def hand_words(level: str | None, trump: str | None) -> str:
    """A hand in a message's words: "at level 2 with ♠ trump", "in no-trump at level A"."""
    glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    where = f"at level {level}" if level is not None else "in the extra level without a level rank"
    return f"{where} with {glyph[trump]} trump" if trump is not None else f"{where} in no-trump"
