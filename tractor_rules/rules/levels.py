"""The ``levels`` section of the rules object: the range of levels, the mandatory and defended ones,
the knock-back ("Jack") rules and how the match ends."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .base import bounded, since
from .expressions import OWN_CHANGE_EFFECTS, Condition, Effect, all_of


KnockTrigger = Literal["lost-to-single", "any-loss", "last-trick-single"]


@dataclass(frozen=True, slots=True)
class KnockBack:
    """The banker team of a hand played at ``level`` goes back to level ``to`` when ``when`` says
    (the "Jack rule"):

    "lost-to-single": it loses the hand, the last trick being won (by anyone) by a single card of
    the rank ``single``;
    "any-loss": it loses the hand, whatever the last trick;
    "last-trick-single": an attacker wins the last trick with a single card of the rank
    ``single``, whatever the hand's outcome; the hand's own level change applies afterwards (a
    banker team that held goes up from ``to``).

    ``single``: the rank of that single card; "" is ``level``'s own rank."""

    level: str
    to: str
    when: KnockTrigger = since(2, default="lost-to-single")
    single: str = since(2, default="")

    @property
    def single_rank(self) -> str:
        """The rank of the single card the rule looks for."""
        return self.single or self.level

    def trigger(self, extra_level: bool = False) -> Trigger:
        """The rule as the house rule after a hand it is a special case of (``knock back`` is sugar
        for ``when``): the condition ``the level is LEVEL and ...`` and the one effect ``the
        bankers knocked back to TO`` (``knock-back``: before the hand's own level change).
        ``extra_level``: the game plays an extra level beyond this rule's level (``game end:
        beyond-last`` at the last level), which the rule leaves alone: ``not the extra level``."""
        event: tuple
        if self.when == "any-loss":
            event = ("fact", "loses", "bankers")
        elif self.when == "last-trick-single":
            event = ("fact", "last-trick-single", "attackers", self.single_rank)
        else:  # lost to a single card of the rank, whoever played it
            event = all_of(("fact", "loses", "bankers"),
                           ("any", ("fact", "last-trick-single", "bankers", self.single_rank),
                            ("fact", "last-trick-single", "attackers", self.single_rank)))
        beyond = ("not", ("fact", "extra-level")) if extra_level else ()
        return Trigger(all_of(("fact", "level-is", self.level), beyond, event),
                       (Effect(("knock-back", "bankers", self.to)),))


@dataclass(frozen=True, slots=True)
class Trigger:
    """A house rule after each hand (``when CONDITION: EFFECT, ...`` in ``levels``): when
    ``condition`` holds of the hand just played, its ``effects`` happen, in order, after the hand's
    own level change.  Both are trees of the rule expressions (``rules.expressions``)."""

    condition: Condition = since(3)
    effects: tuple[Effect, ...] = since(3)


@dataclass(frozen=True, slots=True)
class Levels:
    first: str = "2"
    last: str = "A"
    mandatory: tuple[str, ...] = ("A",)
    #: levels that must be defended (rbtying's "defend on points"): a team going up stops at each
    #: one it reaches, as bankers or as attackers (like a mandatory level), and goes past one only
    #: by holding the bank while playing it; attackers winning there stay there
    defended: tuple[str, ...] = since(2, default=())
    knock_back: tuple[KnockBack, ...] = ()
    #: "last": a team wins by winning a hand as bankers at the last level;
    #: "reach-last": a team wins as soon as its level reaches the last level, as bankers or as
    #: attackers, without playing it;
    #: "beyond-last": after the last level, one more level is played as no-trump;
    #: "hands": the match ends after ``end_hands`` hands, highest level wins.
    #: "past-last": a team wins as soon as it goes up past the last level, as bankers or as
    #: attackers;
    game_end: Literal["last", "reach-last", "beyond-last", "hands", "past-last"] = "last"
    end_hands: int = bounded(1, 10_000, off=0, default=0)
    #: the trumps of the extra level of "beyond-last": "no-trump", a no-trump hand at the last
    #: level's rank (trumps as ``trumps.no_trump`` says); "jokers-only", a hand with no level rank
    #: at all, only the jokers (and constant trumps) being trumps
    beyond_trumps: Literal["no-trump", "jokers-only"] = since(2, default="no-trump")
    #: the banker team goes up only if it also wins the last trick: holding the bank without it,
    #: the bankers keep the bank and gain no level ("banker", 0)
    hold_needs_last_trick: bool = since(2, default=False)
    #: levels a banker team smaller than usual gains on top of the table when it holds the bank
    #: (with called partners: fewer players than the banker and one friend per called card); 0: none
    short_team_bonus: int = bounded(0, 10, default=0, version=2)
    #: the levels played, in order, when only some ranks are (``range: 2, 5, 10, K, A``); empty:
    #: every rank from ``first`` to ``last`` but the constant trumps
    chosen: tuple[str, ...] = since(3, default=())
    #: house rules after each hand, in the order written (``Trigger``)
    after_hand: tuple[Trigger, ...] = since(3, default=())
    #: how many times the ladder is climbed: past its last level a team goes on from its first, in
    #: the next round (mandatory and defended levels stop it in every round); the game's end is
    #: read at the last level of the last round.  0: round after round without end (the game ends
    #: only after ``end_hands`` hands or by a house rule)
    rounds: int = bounded(1, 100, off=0, default=1, version=4)
    #: a hand ends early, after the first trick at whose end this condition holds while cards are
    #: left in the hands (evaluated at ``expressions.TRICK``: the attackers' points so far, the
    #: points and cards left, whether the outcome is decided); it is scored from the tricks played,
    #: the kitty not dug (its points not counted), and the cards left are shown.  Empty: every hand
    #: is played out
    end_early: Condition = since(4, default=Condition(()))
    #: a player may end the hand (concede it, rbtying/shengji's "finish game" button), after a
    #: trick while cards are left, when this condition holds of them (evaluated at
    #: ``expressions.CONCEDE``: what ``end_early`` may read, and the player's side, an attacker or a
    #: banker); asked of each player in turn from the trick's winner, once ``end_early`` has not
    #: ended the hand; the first who accepts ends it, with the effects of ``end_early``.  Empty:
    #: nobody may
    concede: Condition = since(4, default=Condition(()))

    def own_change_rules(self) -> tuple[Trigger, ...]:
        """``bonus for a smaller banker team`` and ``banker goes up: only with the last trick`` as
        the house rules after a hand they are special cases of, in the order the hand's own level
        change makes them (the bonus, then the hold without the last trick), derived from the fields
        as ``knock_back_rules()`` is:

        - ``bonus for a smaller banker team: +N`` is ``when the bankers win and the banker team is
          smaller than usual: the hand gives N more levels``;
        - ``banker goes up: only with the last trick`` is ``when the bankers win and the attackers
          win the last trick: the hand gives no levels``.

        Their effects (``expressions.OWN_CHANGE_EFFECTS``) are made on the hand's own level change
        before it is applied and logged (``rulings.scoring.level_change`` evaluates these trees)."""
        return _own_change_rules(self)

    def own_change_written(self) -> tuple[int, ...]:
        """The indexes of the house rules after a hand (``after_hand``) with an effect on the hand's
        own level change (``expressions.OWN_CHANGE_EFFECTS``), made before it is applied."""
        return _own_change_written(self.after_hand)

    def knock_back_rules(self) -> tuple[Trigger, ...]:
        """The knock-back rules as the house rules after a hand they are special cases of
        (``KnockBack.trigger``), derived from ``knock_back`` as ``Rules.kinds()`` is from the
        fields: the engine evaluates these trees, by the code that evaluates ``after_hand``."""
        return _knock_back_rules(self)


@lru_cache(maxsize=64)
def _knock_back_rules(levels: Levels) -> tuple[Trigger, ...]:
    beyond = levels.game_end == "beyond-last"
    return tuple(k.trigger(beyond and k.level == levels.last) for k in levels.knock_back)


@lru_cache(maxsize=64)
def _own_change_rules(levels: Levels) -> tuple[Trigger, ...]:
    rules: list[Trigger] = []
    if levels.short_team_bonus:
        rules.append(Trigger(all_of(("fact", "wins", "bankers"), ("fact", "smaller-team")),
                             (Effect(("hand-more-levels", ("num", levels.short_team_bonus))),)))
    if levels.hold_needs_last_trick:
        rules.append(Trigger(all_of(("fact", "wins", "bankers"), ("fact", "last-trick", "attackers")),
                             (Effect(("hand-levels", ("num", 0))),)))
    return tuple(rules)


@lru_cache(maxsize=64)
def _own_change_written(after_hand: tuple[Trigger, ...]) -> tuple[int, ...]:
    return tuple(at for at, trigger in enumerate(after_hand)
                 if any(effect[0] in OWN_CHANGE_EFFECTS for effect in trigger.effects))
