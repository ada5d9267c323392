"""One seat's observation as a flat numpy array: its hand, the cards it has chosen so far, and the
public state of the table, every seat counted from the observer (0 is the observer, 1 the next
to play, ...).

``layout(players)`` names the slices of the array, in order, so that a program can read a field by
name (``observation[fields["hand"]]``).  Card fields count copies per card code (0..53, the codes
of ``tractor_rules.engine.deck.cards``); seat fields have one entry per seat; points are fractions of
the deck's points.

A ruleset whose hands ask a seat to choose (an auction's bids, naming trump, giving up the bank,
conceding a hand),
or an environment made to ask the agents what the greedy player decides by default (burying the
kitty, the exchange with the declarer, asking for a redeal, declaring), adds ``CHOICE_FIELDS`` after
them: what the seat is asked, and the auction so far.  The one-hot ``deciding`` then has an entry
more for each of those decisions asked (``deciding_kinds``); where the agents declare,
``DECLARE_FIELDS`` follow: the declarations shown so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..engine.deck.cards import N_CODES, Card
from ..engine.flow.views import PlayerView
from ..rules import RANKS, SUITS

#: the fields of the observation and their sizes: (name, size per unit, unit), the unit "card"
#: (54 entries), "seat" (one per player), "seat-card" (54 per player) or "one"
FIELDS: tuple[tuple[str, str, int], ...] = (
    ("hand", "card", 1),  # the observer's cards
    ("chosen", "card", 1),  # the cards chosen so far for the play being built
    ("played", "card", 1),  # every card played in the tricks finished so far
    ("trick", "seat-card", 1),  # the cards each seat has played in the trick being played
    ("leader", "seat", 1),  # 1 for the seat that led the trick being played
    ("banker", "seat", 1),  # 1 for the banker
    ("partners", "seat", 1),  # 1 for the seats known to be on the observer's team (itself included)
    ("points", "seat", 1),  # points won in tricks by each seat
    ("kitty", "card", 1),  # the cards the observer buried, or was shown once buried (kitty_exchange.shown_to)
    ("trump", "one", len(SUITS) + 1),  # S H D C, or no-trump
    ("level", "one", len(RANKS) + 1),  # the level rank, or none
    ("to_lead", "one", 1),  # 1 when the observer leads, 0 when it follows
)

#: the kinds of decision, in the order of the one-hot field ``deciding``
DECIDING = ("play", "bid", "name-trump", "give-up")

#: the entries ``deciding`` adds, after ``DECIDING``, for each decision an environment may be made
#: to ask of the agents (``TractorEnv(agent_choices=...)``), in this order
AGENT_DECIDING: dict[str, tuple[str, ...]] = {
    "bury": ("bury",),  # burying the kitty
    "exchange": ("exchange", "give-back"),  # take the declaration's cards or not; the cards given back
    "redeal": ("redeal",),  # ask for a redeal or play on
    "declare": ("declare",),  # declare (the cards of a declaration on offer) or pass
}


def deciding_kinds(agent_choices: Sequence[str] = (), concede: bool = False) -> tuple[str, ...]:
    """The entries of the one-hot ``deciding``: ``DECIDING``, "concede" where the rules let a
    player concede a hand (``levels.concede``), then those of each of ``agent_choices`` (in the
    order of ``AGENT_DECIDING``)."""
    return DECIDING + (("concede",) if concede else ()) \
        + tuple(kind for choice, kinds in AGENT_DECIDING.items() if choice in agent_choices for kind in kinds)

#: the fields a ruleset with choices adds, after ``FIELDS``
CHOICE_FIELDS: tuple[tuple[str, str, int], ...] = (
    # one-hot: asked to play, bid, name trump, give up the bank, then those of ``deciding_kinds``
    # (0s: not asked); its size is that of ``deciding_kinds``, ``layout`` says
    ("deciding", "one", len(DECIDING)),
    ("bids", "seat", 1),  # each seat's last bid in the auction, a fraction of the deck's points (0: none)
    ("passed", "seat", 1),  # 1 for the seats that have passed in the auction
)

#: the field an environment whose agents declare adds, after ``CHOICE_FIELDS``
DECLARE_FIELDS: tuple[tuple[str, str, int], ...] = (
    ("declared", "seat-card", 1),  # the cards each seat showed in its last declaration (as seen)
)


def layout(players: int, choices: bool = False, agent_choices: Sequence[str] = (),
           concede: bool = False) -> dict[str, slice]:
    """The slice of the observation array holding each field; with ``choices`` or
    ``agent_choices``, those of ``CHOICE_FIELDS`` too, ``deciding`` with an entry for each of
    ``deciding_kinds(agent_choices, concede)``; with "declare" among ``agent_choices``, those of
    ``DECLARE_FIELDS`` after them."""
    sizes = {"card": N_CODES, "seat": players, "seat-card": players * N_CODES, "one": 1}
    out: dict[str, slice] = {}
    at = 0
    chosen = FIELDS + (CHOICE_FIELDS if choices or agent_choices else ()) \
        + (DECLARE_FIELDS if "declare" in agent_choices else ())
    for name, unit, count in chosen:
        if name == "deciding":
            count = len(deciding_kinds(agent_choices, concede))
        size = sizes[unit] * count
        out[name] = slice(at, at + size)
        at += size
    return out


def size(fields: dict[str, slice]) -> int:
    """The length of an observation of ``fields``."""
    return max(part.stop for part in fields.values())


@dataclass(slots=True)
class Bidding:
    """The auction as far as the table has seen it: each seat's last bid, and who passed."""

    bids: dict[int, int] = field(default_factory=dict)
    passed: set[int] = field(default_factory=set)

    def note(self, seat: int, bid: int | None) -> None:
        """Record a seat's bid (None: a pass)."""
        if bid is None:
            self.passed.add(seat)
        else:
            self.bids[seat] = bid


def observe(view: PlayerView, hand: Sequence[Card], chosen: Sequence[Card], deck_points: int,
            fields: dict[str, slice], deciding: str | None = "play", bidding: Bidding | None = None,
            kinds: tuple[str, ...] = DECIDING) -> np.ndarray:
    """The observation of the seat of ``view`` holding ``hand`` (its cards now), asked to make a
    decision of kind ``deciding`` (one of ``kinds``, the entries of ``deciding``; None: not asked
    now)."""
    pub = view.public
    n = pub.players
    seat = view.seat
    # filled as a list, turned into an array once: far cheaper than many small numpy writes
    out = [0.0] * size(fields)

    def rel(other: int) -> int:
        return (other - seat) % n

    def count(cards: Sequence[Card], offset: int) -> None:
        for c in cards:
            out[offset + c] += 1

    count(hand, fields["hand"].start)
    count(chosen, fields["chosen"].start)
    out[fields["played"]] = pub.played
    trick = fields["trick"].start
    for i, play in enumerate(pub.plays):
        count(play, trick + rel(pub.leader + i) * N_CODES)
    if pub.tricks or pub.plays:
        out[fields["leader"].start + rel(pub.leader)] = 1
    if pub.banker is not None:
        out[fields["banker"].start + rel(pub.banker)] = 1
    for mate in view.teammates():
        out[fields["partners"].start + rel(mate)] = 1
    for other, won in enumerate(pub.points):
        out[fields["points"].start + rel(other)] = won / deck_points if deck_points else 0
    count(view.kitty or (), fields["kitty"].start)
    out[fields["trump"].start + (SUITS.index(pub.trump) if pub.trump in SUITS else len(SUITS))] = 1
    out[fields["level"].start + (RANKS.index(pub.level) if pub.level in RANKS else len(RANKS))] = 1
    out[fields["to_lead"].start] = float(not pub.plays)
    if "deciding" in fields:
        if deciding is not None:
            out[fields["deciding"].start + kinds.index(deciding)] = 1
        if bidding is not None:
            for other, bid in bidding.bids.items():
                out[fields["bids"].start + rel(other)] = bid / deck_points if deck_points else 0
            for other in bidding.passed:
                out[fields["passed"].start + rel(other)] = 1
    if "declared" in fields:
        # each seat's last declaration, the cards this player sees (face down: its jokers only)
        last = dict(pub.declarations)
        declared = fields["declared"].start
        for other, shown in last.items():
            count(shown, declared + rel(other) * N_CODES)
    return np.array(out, dtype=np.float32)
