"""What a rule on cards (``called cards: when ...``, ``buried cards: when ...``) allows in every hand
the rules can deal: for the compiler's check that some card is always left to call (E213) and the
linter's warning that a player may hold too few cards they may bury (W108).

A hand is a level the ladder reaches (or none, in the extra level beyond the last that has no
level rank) and a trump suit or no-trump.  The four suits are alike unless something names one
(a fact of a suit, a constant card of the trump order, a card taken out of the pack): then one
trump suit stands for all four.  The one fact of a card that the rules alone do not decide is
whether its face was shown in declaring; only a level card or a joker can be (the declaring ladder
shows nothing else), so each of those is judged both ways.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from ..rules import JOKERS, RANKS, SUITS, Rules, expressions

#: the oracle's question of one card in a hand: the card, the cards shown in declaring → the
#: reason it is refused, or None
Question = Callable[[str, tuple[str, ...]], "str | None"]

#: the faces of a pack, as the oracle names them
_FACES = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS) + JOKERS


def hands(rules: Rules, condition: tuple) -> Iterator[tuple[str | None, str | None]]:
    """Every (level, trump) a hand of ``rules`` may be played at, as ``condition`` tells them
    apart (one trump suit for the four when nothing names a suit); nothing when the levels are not
    ones the deck can play (reported by the levels' own checks)."""
    from ..engine.errors import EngineError
    from ..engine.rulings.scoring import level_ladder

    try:
        ladder = level_ladder(rules)
    except EngineError:
        return
    alike = ("card-suit" not in expressions.card_facts_of(condition) and not rules.table.removed_cards
             and not rules.trumps.constant_cards)
    trumps = (SUITS[0], None) if alike else (*SUITS, None)
    played: list[tuple[str | None, str | None]] = [(level, trump) for level in ladder for trump in trumps]
    if rules.levels.game_end == "beyond-last" and rules.levels.beyond_trumps == "jokers-only":
        played.append((None, None))
    for level, trump in played:
        try:
            _context(rules, level, trump)
        except EngineError:  # a card order the engine refuses, which its own check reports
            continue
        yield level, trump


def _context(rules: Rules, level: str | None, trump: str | None) -> Any:
    """The oracle's context of a hand, made apart from the oracle's cache of contexts (which these
    checks, run at every compile, would fill with hands nobody plays)."""
    from ..engine.oracle import Context

    return Context(rules, level, trump)


class _Play:
    """``rules`` as the checks below read them, equal to other rules that deal and order the cards
    alike and have the same rules on cards: the language server compiles a file at every edit, and
    an edit elsewhere leaves these answers as they were."""

    __slots__ = ("rules", "key")

    def __init__(self, rules: Rules):
        self.rules = rules
        self.key = (rules.table, rules.trumps, rules.combinations, rules.levels, rules.kitty_exchange)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Play) and self.key == other.key


def _showable(face: str, level: str | None) -> bool:
    return face in JOKERS or (level is not None and face[:-1] == level)


def judged(rules: Rules, level: str | None, trump: str | None,
           refusal: Callable[[Any], Question]) -> Iterator[tuple[str, int, bool]]:
    """Each face of the pack in the hand (level, trump): its copies, and whether the rule allows it
    whatever was shown in declaring.  ``refusal(ctx)`` is the oracle's question (``call_error`` or
    ``bury_error``) for that hand."""
    ask = refusal(_context(rules, level, trump))
    for face in _FACES:
        copies = rules.table.copies(face)
        if not copies:
            continue
        verdicts = {ask(face, ()) is None}
        if _showable(face, level):
            verdicts.add(ask(face, (face,)) is None)
        yield face, copies, all(verdicts)


def hand_without_call(rules: Rules) -> tuple[str | None, str | None] | None:
    """A hand in which no card is sure to be callable, or None when every hand leaves one."""
    return _hand_without_call(_Play(rules))


@lru_cache(maxsize=16)
def _hand_without_call(play: _Play) -> tuple[str | None, str | None] | None:
    rules = play.rules
    for level, trump in hands(rules, rules.table.call_condition):
        if not any(surely for _, _, surely in judged(rules, level, trump, lambda ctx: ctx.call_error)):
            return level, trump
    return None


def burial_shortfall(rules: Rules) -> tuple[str | None, str | None, int] | None:
    """A hand in which more cards of the pack may be refused burial than a hand holds, so that a
    player who took the kitty may hold fewer cards they may bury than the kitty: (level, trump,
    the cards that may be refused); None when no hand can fall short."""
    return _burial_shortfall(_Play(rules))


@lru_cache(maxsize=16)
def _burial_shortfall(play: _Play) -> tuple[str | None, str | None, int] | None:
    rules = play.rules
    for level, trump in hands(rules, rules.kitty_exchange.buried_when):
        refused = sum(copies for _, copies, surely in judged(rules, level, trump, lambda ctx: ctx.bury_error)
                      if not surely)
        if refused > rules.table.hand_size:
            return level, trump, refused
    return None


def hand_words(level: str | None, trump: str | None) -> str:
    """A hand in a message's words: "at level 2 with ♠ trump", "at level A in no-trump"."""
    glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    where = f"at level {level}" if level is not None else "in the extra level without a level rank"
    return f"{where} with {glyph[trump]} trump" if trump is not None else f"{where} in no-trump"
