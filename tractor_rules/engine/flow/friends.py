"""Finding Friends (``partnership: called``): the banker's calls ("the 2nd ♣A played") and the
friends they reveal during the play.

A call is resolved by the play that brings the copies of its card seen so far up to its ordinal;
the player of that play becomes a friend, unless they are the banker (a called card the banker
plays themself makes no friend) or already one.  Each call resolves once.  Without
``table.count_banker_copies`` ("the other ace") the copies the banker plays are not counted.
Without ``table.join_twice`` a player already on the banker's team does not resolve a call: the
call stays open, and the next copy played by someone else resolves it.
Which cards may be called at all is ``cards.call_error``'s question.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import Rules
from ..deck.cards import CARDS, Card, pack_copies
from ..errors import EngineError
from ..rulings.cards import call_error, shown_in_declaring
from .choices import IllegalPlay
from .views import Player, PlayerView, Public


def ask_calls(rules: Rules, player: Player, view: PlayerView) -> tuple[tuple[Card, int], ...]:
    """The banker's ``called_cards`` calls, checked: cards of the pack the rules let the banker call
    in this hand (``table.call_condition``), ordinals 1..the copies the pack holds."""
    k = rules.table.called_cards
    if k <= 0:
        return ()
    copies = pack_copies(rules.table)
    order, shown = view.ctx.order, shown_in_declaring(view.public.declarations)
    if rules.table.call_condition and not any(
            copies[card] and call_error(order, card, shown) is None for card in CARDS):
        # the compiler refuses a condition that can leave nothing to call (E213); rules read
        # from JSON are not checked so
        raise EngineError(f"no card may be called in this hand (level {view.ctx.level}, trump "
                          f"{view.ctx.trump or 'none'})")
    calls = [(CARDS[int(c)], int(o)) for c, o in player.call(view, k)]
    if len(calls) != k:
        raise IllegalPlay(view.seat, f"called {len(calls)} cards, not {k}")
    for card, ordinal in calls:
        if not 1 <= ordinal <= copies[card]:
            raise IllegalPlay(view.seat, f"cannot call copy {ordinal} of {card}")
        why = call_error(order, card, shown)
        if why is not None:
            raise IllegalPlay(view.seat, f"cannot call {card}: {why}")
    return tuple(calls)


class FriendWatch:
    """Watches the plays for the called cards and adds the friends they reveal to
    ``public.friends``."""

    __slots__ = ("public", "seen", "resolved", "skip_banker", "join_twice")

    def __init__(self, public: Public):
        self.public = public
        #: copies of each called card played so far
        self.seen = [0] * len(public.called)
        self.resolved = [False] * len(public.called)
        #: "the other ace": the banker's own copies are not counted
        self.skip_banker = not public.rules.table.count_banker_copies
        #: a player already on the banker's team who plays the answering copy takes the call
        self.join_twice = public.rules.table.join_twice

    def all_resolved(self) -> bool:
        """Whether every call has been resolved, so that both teams are known."""
        return all(self.resolved)

    def see(self, seat: int, play: Sequence[Card]) -> None:
        public = self.public
        if self.skip_banker and seat == public.banker:
            return
        for i, (card, ordinal) in enumerate(public.called):
            if self.resolved[i]:
                continue
            copies = play.count(card)
            if not copies:
                continue
            self.seen[i] += copies
            if self.seen[i] >= ordinal:
                on_team = seat == public.banker or seat in public.friends
                if on_team and not self.join_twice:
                    continue  # the call waits for the next copy
                self.resolved[i] = True
                if not on_team:
                    public.friends.append(seat)
