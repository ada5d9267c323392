"""Who wins a trick, what counts as a ruff, and whether a throw stands.

Winner: only the lead, plays of the led suit that hold the lead's units, and valid ruffs compete;
a valid ruff beats any play of a side suit; competitors are compared by ``ruffing.compare``, and an
equal play never beats an earlier one.  With bombs, a play of ``bomb_width`` or more identical cards
of the led suit or of trumps beats every other play; with ``bomb_joins_sets`` such cards joined with
adjacent sets of two or more (3333 44) are a bomb too.  Between bombs: the larger set of identical
cards, then trumps above the led suit, then that set's card.  With ``rainbow_bombs`` a rainbow of one
rank (cards of one rank in four suits) played to any other lead is a bomb too: between bombs the
one with more cards of one rank wins, then identical cards beat a rainbow, then the higher rank.

Every check here is a handful of pool takes per play: linear in the cards of the trick.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence

from ...rules import Combinations, KindName, Rules, width_name
from ...rules.kinds import throw_word
from ..deck import rainbows, rains
from ..deck.cards import Card
from ..deck.order import RAINBOW, TRUMP, Order
from ..deck.pool import Pool
from ..deck.units import Unit, decompose
from ..errors import PlayError
from .turns import PlayerTurn
from ...rules.expressions import condition_holds


def is_ruff(rules: Rules, lead_units: list[Unit], pool: Pool) -> bool:
    """Whether an all-trump play (``pool``) to a side-suit lead counts as a ruff."""
    need = rules.ruffing.requirement
    if need == "any":
        return True
    if need == "shape":
        return pool.holds([u.shape for u in lead_units])
    if need == "types":
        return pool.holds(sorted({u.shape for u in lead_units if u.shape != (1, 1)}))
    # "counts": at least as many tractors of each width, and as many sets of each width >= 2
    # (a tractor's sets counted too) as the lead
    tractors = Counter(u.width for u in lead_units if u.is_tractor)
    for width, k in tractors.items():
        low = max(rules.combinations.lengths_of(width)[0], 2)
        if pool.count_tractors(width, low) < k:
            return False
    sets: Counter[int] = Counter()
    for u in lead_units:
        if u.width >= 2:
            sets[u.width] += u.length
    return all(pool.count_sets(width) >= k for width, k in sets.items())


def _bomb(order: Order, play: tuple[Card, ...], lead_suit: int, comb: Combinations) -> tuple[int, int, int] | None:
    """The bomb's strength if ``play`` is a bomb of the led suit or of trumps, else None: its largest
    set of identical cards, then trumps above the led suit, then that set's card."""
    width = comb.bomb_width
    if not width or len(play) < width:
        return None
    counts = Counter(play)
    strength = order.strength
    top, size = max(counts.items(), key=lambda fc: (fc[1], strength[fc[0]]))
    if size < width:
        return None
    suit = order.suit_of[top]
    if suit not in (lead_suit, TRUMP) and not order.rules.following.free_bombs:
        return None  # (a free bomb beats from any suit: 'exempt: bombs from following suit')
    if len(counts) > 1 and not (comb.bomb_joins_sets and _one_chain(order, suit, counts)):
        return None
    return (size, suit == TRUMP, strength[top])


def is_bomb(order: Order, play: tuple[Card, ...]) -> bool:
    """Whether ``play`` is a bomb of its own suit (``combinations.bomb_width``): what a free bomb
    must be to be played in place of following (``following.exempt``)."""
    comb = order.rules.combinations
    return bool(play) and comb.bomb_width > 0 and _bomb(order, play, order.suit_of[play[0]], comb) is not None


def _rainbow_bomb(order: Order, play: tuple[Card, ...]) -> tuple[int, int, int, int] | None:
    """The strength of ``play`` as a bomb, if it is a rainbow of one rank and rainbows are bombs
    (``rainbow_bombs``), else None: its cards, below identical cards of as many, then its rank."""
    comb = order.rules.combinations
    if not comb.rainbow_bombs:
        return None
    parts = rainbows.rainbow_parts(order, play)
    if parts is None or len(parts) != 1:
        return None
    return (len(play), 0, 0, play[0] % 13)


def _one_chain(order: Order, suit: int, counts: Counter[Card]) -> bool:
    """Whether the cards are sets of two or more identical cards of ``suit`` on adjacent nodes of one
    line, one set per node (3333 44: the sets 3333 and 44 touch)."""
    if any(k < 2 or order.suit_of[face] != suit for face, k in counts.items()):
        return False
    for line in order.lines[suit]:
        places = [pos for pos, node in enumerate(line) for face in node if face in counts]
        if places:
            return (len(places) == len(counts) and len(set(places)) == len(places)
                    and max(places) - min(places) == len(places) - 1)
    return False


def winner(order: Order, lead: tuple[Card, ...], lead_units: list[Unit], lead_suit: int,
           follows: list[tuple[Card, ...]]) -> int:
    """0 if the lead wins the trick, i if the i-th of ``follows`` does."""
    if lead_suit == RAINBOW:
        parts = rainbows.rainbow_parts(order, lead)
        assert parts is not None
        return rainbows.winner(parts, lead, follows, order)
    if len(lead_units) == 1 and lead_units[0].length == 1:
        return set_winner(order, lead, lead_suit, follows)  # most tricks are led so
    comb = order.rules.combinations
    if comb.straight_pairs and len(lead_units) > 1:
        rain = rains.rain_of(order, lead)
        if rain is not None:  # a straight with pairs riding along: rains of its kind compete
            if comb.bomb_width or comb.rainbow_bombs and comb.rainbow_min:
                bomb = _bomb_winner(order, lead, lead_suit, follows, comb)
                if bomb is not None:
                    return bomb
            return rains.winner(order, rain, lead, follows)
        reading = rains.throw_rains(order, lead)
        if reading is not None:  # a throw holding rains: each rain a part of its own
            return rain_throw_winner(order, reading, lead, lead_suit, follows)
    return plain_winner(order, lead, lead_units, lead_suit, follows)


def rain_throw_winner(order: Order, reading: rains.RainThrow, lead: tuple[Card, ...], lead_suit: int,
                      follows: list[tuple[Card, ...]]) -> int:
    """``winner`` for a throw holding rains (``rains.throw_rains``): as ``plain_winner``, its rains
    parts as its units are.  A play of the led suit contends when it holds a rain of each rain's
    kind and, besides them, the throw's other units; a play of trumps ruffs when it holds a rain of
    each rain's kind and, besides them, what ``ruffing.requirement`` asks of the other units (any
    trumps when it asks for none).  The throw's largest part is its rain when no unit has as many
    cards (``RainThrow.largest``)."""
    rules = order.rules
    wants = [r.shape for r in reading.rains]
    units = list(reading.units)
    shapes = [u.shape for u in units]
    any_ruff = rules.ruffing.requirement == "any"
    how = rules.ruffing.compare

    def contends(pool: Pool) -> bool:
        return any(rest.holds(shapes) for rest in rains.take_rains(pool, wants))

    def ruffs(pool: Pool) -> bool:
        return any_ruff or any(is_ruff(rules, units, rest) for rest in rains.take_rains(pool, wants))

    def strength(pool: Pool) -> int | list[int]:
        return _rain_throw_strength(order, pool, reading, how)

    return _winning_play(order, lead, lead_suit, follows, contends, ruffs, strength)


def _rain_throw_strength(order: Order, pool: Pool, reading: rains.RainThrow, how: str) -> int | list[int]:
    """``_strength`` of a contender to a throw holding rains: a rain part's counterpart is the
    strongest rain of its kind (-1 if none), taken before the units' for "every-part" and
    "part-by-part"."""
    if how == "highest-card":
        strength = order.strength
        return max(strength[f] for f in pool.counts)
    if how == "largest-part":
        largest = reading.largest()
        if largest is not None:
            return rains.best_rain(order, pool, largest.shape)
        top = reading.units[0]
        return pool.best(top.width, top.length)
    parts: list[rains.RainPart | Unit] = list(reading.parts)
    if how == "part-by-part":
        parts.sort(key=lambda p: -len(p.cards))  # stable: equal sizes keep their order
        if len(parts[0].cards) > 1:
            parts = [p for p in parts if len(p.cards) > 1]
    pool = pool.copy()
    strength = order.strength
    out = []
    for part in parts:
        if isinstance(part, rains.RainPart):
            got = rains.rain_in(pool, part.shape, "high")
            if got is None:
                out.append(-1)
                continue
            for c in got:
                pool.remove(c)
            out.append(max(strength[c] for c in got))
        else:
            taken = pool.take_unit(part.width, part.length, False, "high")
            out.append(-1 if taken is None else strength[taken[0]])
    return out


def plain_winner(order: Order, lead: tuple[Card, ...], lead_units: list[Unit], lead_suit: int,
                 follows: list[tuple[Card, ...]]) -> int:
    """``winner`` for any lead but a rainbow, worked out with a pool for every contender."""
    rules = order.rules
    shapes = [u.shape for u in lead_units]
    how = rules.ruffing.compare

    def contends(pool: Pool) -> bool:
        return pool.holds(shapes)

    def ruffs(pool: Pool) -> bool:
        return is_ruff(rules, lead_units, pool)

    def strength(pool: Pool) -> int | list[int]:
        return _strength(order, pool, lead_units, how)

    return _winning_play(order, lead, lead_suit, follows, contends, ruffs, strength)


def _winning_play(order: Order, lead: tuple[Card, ...], lead_suit: int, follows: list[tuple[Card, ...]],
                  contends: Callable[[Pool], bool], ruffs: Callable[[Pool], bool],
                  strength: Callable[[Pool], int | list[int]]) -> int:
    """The winner of a trick whose lead's units (plain, or holding rains) the three questions
    read: the strongest bomb, if any play is one; else, if a play of trumps ``ruffs``, the
    strongest of those; else the strongest of the lead and the plays of the led suit that
    ``contends``.  Each contender's ``strength`` is worked out once, and a challenger must beat the
    play winning so far (the earlier of equals wins)."""
    comb = order.rules.combinations
    if comb.bomb_width or comb.rainbow_bombs and comb.rainbow_min:
        bomb = _bomb_winner(order, lead, lead_suit, follows, comb)
        if bomb is not None:
            return bomb
    suit_of = order.suit_of
    followers: list[tuple[int, Pool]] = []
    ruffers: list[tuple[int, Pool]] = []
    for i, play in enumerate(follows, start=1):
        suits = {suit_of[c] for c in play}
        if len(suits) != 1:
            continue  # a mixed play follows nothing
        suit = suits.pop()
        if suit == lead_suit:
            pool = Pool(order, suit, play)
            if contends(pool):
                followers.append((i, pool))
        elif suit == TRUMP:  # (a discard, of another side suit, contends for nothing: no pool)
            pool = Pool(order, suit, play)
            if ruffs(pool):
                ruffers.append((i, pool))
    contenders = ruffers or [(0, Pool(order, lead_suit, lead)), *followers]
    how = order.rules.ruffing.compare
    best_i, best = contenders[0][0], strength(contenders[0][1])
    for i, pool in contenders[1:]:
        challenger = strength(pool)
        if _beats(challenger, best, how):
            best_i, best = i, challenger
    return best_i


def _bomb_winner(order: Order, lead: tuple[Card, ...], lead_suit: int, follows: list[tuple[Card, ...]],
                 comb: Combinations) -> int | None:
    """The play holding the strongest bomb (the earlier of equal ones), or None if none is a bomb.
    A bomb of identical cards ranks by its largest set, above a rainbow bomb of as many cards."""
    plays = [lead, *follows]
    bombs: list[tuple[tuple[int, int, int, int], int]] = []
    for i, p in enumerate(plays):
        same = _bomb(order, p, lead_suit, comb)
        if same is not None:
            bombs.append(((same[0], 1, same[1], same[2]), i))
        elif (rainbow := _rainbow_bomb(order, p)) is not None:
            bombs.append((rainbow, i))
    if not bombs:
        return None
    return max(bombs, key=lambda bi: bi[0])[1]  # max keeps the first of equals


def set_winner(order: Order, lead: tuple[Card, ...], lead_suit: int, follows: list[tuple[Card, ...]]) -> int:
    """``winner`` for a lead that is one set (a single, a pair, ...: copies of one card, as many
    as a set may hold), of ``lead_suit``: what ``plain_winner`` says, without a pool or the lead's
    units."""
    comb = order.rules.combinations
    if comb.bomb_width or comb.rainbow_bombs and comb.rainbow_min:
        bomb = _bomb_winner(order, lead, lead_suit, follows, comb)
        if bomb is not None:
            return bomb
    if len(lead) == 1:
        return _single_winner(order, lead[0], lead_suit, follows)
    return _set_winner(order, lead[0], len(lead), lead_suit, follows)


def _set_winner(order: Order, face: Card, width: int, lead_suit: int, follows: list[tuple[Card, ...]]) -> int:
    """``winner`` for a lead of ``width`` copies of ``face``, one set, no bomb played.  A play of
    one suit contends when it holds a set of ``width`` (or, all trumps to a side-suit lead, when
    ``ruffing.requirement`` is "any"): that set is all a ruff's "shape", "types" and "counts"
    can ask for.  Its strength is its highest card ("highest-card"), else its strongest set of
    ``width``, the lead's only part ("largest-part", "every-part")."""
    rules = order.rules
    suit_of, strength = order.suit_of, order.strength
    highest = rules.ruffing.compare == "highest-card"
    any_ruff = rules.ruffing.requirement == "any"
    best_i, best, ruffed = 0, strength[face], False
    i = 0  # the play's index (counted by hand: cheaper than ``enumerate`` for three plays)
    for play in follows:
        i += 1
        if not play:
            continue
        first = play[0]
        suit = suit_of[first]
        if suit != lead_suit and suit != TRUMP:
            continue  # a discard (or a mixed play, which follows nothing)
        if len(play) == width and play.count(first) == width:
            top = strength[first]  # one set, as the lead: the commonest follow
        else:
            # the play's strongest set of ``width``; -1 if it has none (surely, with no two cards
            # alike: ``width`` is 2 or more)
            top = -1 if len(set(play)) == len(play) else \
                max((strength[c] for c in play if play.count(c) >= width), default=-1)
            if top < 0 and (suit == lead_suit or not any_ruff):
                continue  # no set to follow the lead's, or to ruff it
            if any(suit_of[c] != suit for c in play):
                continue  # a mixed play follows nothing
            if highest:
                top = max(strength[c] for c in play)
        if suit == lead_suit:
            if not ruffed and top > best:
                best_i, best = i, top
        elif not ruffed or top > best:  # the first ruff beats any play of the led suit
            best_i, best, ruffed = i, top, True
    return best_i


def _single_winner(order: Order, lead: Card, lead_suit: int, follows: list[tuple[Card, ...]]) -> int:
    """``winner`` for a lead of one card.  Its one unit is a single, so a play of one suit follows
    it or (all trumps) ruffs it whatever ``ruffing.requirement`` asks, and under every
    ``ruffing.compare`` a contender's strength is its highest card's: the highest card of the
    ruffs, else of the lead and its followers, wins (the earlier of equals)."""
    suit_of, strength = order.suit_of, order.strength
    best_i, best, ruffed = 0, strength[lead], False
    i = 0  # the play's index (counted by hand: cheaper than ``enumerate`` for three plays)
    for play in follows:
        i += 1
        if len(play) == 1:  # as the rules have it; the oracle may be asked about other plays
            card = play[0]
            suit = suit_of[card]
            if suit != lead_suit and suit != TRUMP:
                continue  # a discard
            top = strength[card]
        elif not play:
            continue
        else:
            suit = suit_of[play[0]]
            if any(suit_of[c] != suit for c in play):
                continue  # a mixed play follows nothing
            top = max(strength[c] for c in play)
        if suit == lead_suit:
            if not ruffed and top > best:
                best_i, best = i, top
        elif suit != TRUMP:
            continue  # a discard
        elif not ruffed or top > best:  # the first ruff beats any play of the led suit
            best_i, best, ruffed = i, top, True
    return best_i


def _strengths(pool: Pool, lead_units: list[Unit]) -> list[int]:
    """The strongest disjoint counterparts of the lead's units, largest unit first; -1 if missing."""
    pool = pool.copy()
    strength = pool.order.strength
    out = []
    for u in lead_units:
        got = pool.take_unit(u.width, u.length, False, "high")
        out.append(-1 if got is None else strength[got[0]])
    return out


def _strength(order: Order, pool: Pool, lead_units: list[Unit], how: str) -> int | list[int]:
    """What ``ruffing.compare`` compares of a contender: its highest card ("highest-card"), the
    counterpart of the lead's largest unit ("largest-part"), every unit's ("every-part"), or the
    counterparts of the parts that count, in the order they count ("part-by-part")."""
    if how == "highest-card":
        strength = order.strength
        return max(strength[f] for f in pool.counts)
    if how == "every-part":
        return _strengths(pool, lead_units)
    if how == "part-by-part":
        return _strengths(pool, _counted_parts(lead_units))
    top = lead_units[0]
    return pool.best(top.width, top.length)


def _counted_parts(lead_units: list[Unit]) -> list[Unit]:
    """The lead's parts that "part-by-part" compares, in its order: the parts with the most cards
    first (the order of equal sizes kept: the stronger first); a throw's singles only when every
    part is a single.  rbtying/shengji's ``ThrowEvaluationPolicy::TrickUnitLength``
    (mechanics/src/trick.rs, ``Trick::winner``) sorts its comparisons so, skipping the singles of a
    throw that holds a larger unit."""
    parts = sorted(lead_units, key=lambda u: -u.width * u.length)  # stable: equal sizes keep their order
    if len(parts) > 1 and parts[0].width * parts[0].length > 1:
        parts = [u for u in parts if u.width * u.length > 1]
    return parts


def _beats(challenger: int | list[int], holder: int | list[int], how: str) -> bool:
    if isinstance(challenger, list):
        assert isinstance(holder, list)
        if how == "part-by-part":  # the first part that differs decides; all equal, the earlier play
            for a, b in zip(challenger, holder):
                if a != b:
                    return a > b
            return False
        return all(a > b for a, b in zip(challenger, holder))  # "every-part": stronger in every part
    assert isinstance(holder, int)
    return challenger > holder


# --- throws --------------------------------------------------------------------------------------


def beaten_by(pool: Pool, unit: Unit) -> bool:
    """Whether another hand's cards of the suit beat one unit of a throw: a set by a higher set of
    its width, a tractor by a tractor of its width and at least its length starting higher."""
    return pool.best(unit.width, unit.length) > unit.top


class ThrowTurn(PlayerTurn):
    """What ``leading.throw_stoppers_when`` may ask of a player who could stop a throw: whether
    they are an attacker (not on the banker's team as the table knows it), the thrower's partner
    or opponent (fixed teams), and the hand's level and trump; the table's quantities."""

    __slots__ = ("rules", "attacker", "partner", "opponent", "level", "trump")

    WHEN = "when a throw is checked"

    def __init__(self, rules: Rules, attacker: bool, partner: bool, opponent: bool, level: str | None,
                 trump: str | None) -> None:
        self.rules, self.attacker, self.partner, self.opponent = rules, attacker, partner, opponent
        self.level, self.trump = level, trump

    def own_fact(self, name: str, args: tuple) -> bool | None:
        if name == "thrower-partner":
            return self.partner
        if name == "thrower-opponent":
            return self.opponent
        return None


def barred_stoppers(rules: Rules, leader: int, seats: Sequence[int], bankers: Collection[int],
                    level: str | None, trump: str | None) -> frozenset[int]:
    """The indexes in ``seats`` (the other players, in turn order from the leader's) of those who may
    not stop the leader's throw under ``leading.throw_stoppers_when``: of whom its condition does
    not hold.  ``bankers``: the banker's team as the table knows it then.  Empty without a
    condition."""
    condition = rules.leading.throw_stoppers_when
    if not condition:
        return frozenset()
    seated = rules.table.seated
    barred = []
    for i, seat in enumerate(seats):
        same = seated and seat % 2 == leader % 2
        turn = ThrowTurn(rules, seat not in bankers, same, seated and not same, level, trump)
        if not condition_holds(condition, turn.fact, turn):
            barred.append(i)
    return frozenset(barred)


def throw_kind(order: Order, unit: Unit) -> str:
    """The kind of one unit of a throw, by its family's word (``rules.throw_word``): a set by its
    width, or a bomb where it is as wide as one; a tractor of ``bomb_width`` or more identical cards
    a bomb where bombs join adjacent sets; a tractor of singles a straight; another tractor a
    tractor."""
    rules = order.rules
    comb = rules.combinations
    width = unit.width
    kind: KindName
    if unit.length == 1:
        kind = "set"
    elif comb.bomb_width and width >= comb.bomb_width and comb.bomb_joins_sets:
        kind = "bomb"
    else:
        kind = "straight" if width == 1 else "tractor"
    return throw_word(rules, kind, width)


def barred_throw_part(order: Order, throw: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]] | None:
    """The first part of ``throw`` whose kind ``leading.throw_kinds`` bars from a throw, as (its
    kind's word, its cards); None when every part may be thrown, or when ``throw`` is one
    combination (no throw: one unit, one rainbow, one straight with pairs riding along).  The throw
    is read as the engine reads it: several rainbows are parts of kind "rainbows"; with straights
    that have pairs riding along, each rain of the throw (``rains.throw_rains``) is a part of kind
    "straights"; every other part is a unit of ``decompose`` (``throw_kind``)."""
    leading = order.rules.leading
    if not leading.throw_kinds or len(throw) < 2:
        return None
    parts = rainbows.rainbow_parts(order, throw)
    if parts is not None:
        return ("rainbows", parts[0]) if len(parts) > 1 and leading.throw_kind_barred("rainbows") else None
    units: Sequence[Unit] = decompose(order, throw)
    if len(units) < 2:
        return None
    if order.rules.combinations.straight_pairs:
        if rains.rain_of(order, throw) is not None:
            return None  # one straight with pairs riding along
        reading = rains.throw_rains(order, throw)
        if reading is not None:
            if reading.rains and leading.throw_kind_barred("straights"):
                return "straights", reading.rains[0].cards
            units = reading.units
    for unit in units:
        kind = throw_kind(order, unit)
        if leading.throw_kind_barred(kind):
            return kind, unit.cards
    return None


def barred_throw_message(order: Order, throw: tuple[Card, ...]) -> str | None:
    """Why ``throw`` may not be led, in words, when ``barred_throw_part`` finds a part of it of a
    kind the rules bar from a throw; else None."""
    found = barred_throw_part(order, throw)
    if found is None:
        return None
    kind, cards = found
    leading = order.rules.leading
    if leading.throw_kinds_only:
        named = leading.throw_kinds
        allowed = f"{', '.join(named[:-1])} and {named[-1]}" if len(named) > 1 else named[0]
        rule = f"a throw may hold only {allowed}"
    else:
        rule = f"a throw may not hold {kind}"
    one = _ONE_OF_KIND.get(kind) or "a " + width_name(int(kind.rsplit(" ", 1)[-1]))
    return f"in these rules {rule}, and {' '.join(map(str, cards))} is {one}: lead it alone"


def lawful_throw(order: Order, lead: tuple[Card, ...]) -> tuple[Card, ...]:
    """``lead`` as it is, unless it is a throw holding a part of a kind the rules bar from throws
    (``barred_throw_part``): then that part alone, one combination, which may always be led.  What
    the computer players' leads go through where the rules name a throw's kinds."""
    found = barred_throw_part(order, lead)
    return lead if found is None else found[1]


#: a part of each kind of ``rules.THROW_KINDS``, in the error's words
_ONE_OF_KIND = {"singles": "a single", "pairs": "a pair", "triples": "a triple", "quads": "a quad",
                "tractors": "a tractor", "straights": "a straight", "bombs": "a bomb", "rainbows": "a rainbow"}


def throw_options(order: Order, throw: tuple[Card, ...], others: list[tuple[Card, ...]],
                  partners: Collection[int] = (), barred: Collection[int] = ()) -> list[tuple[Card, ...]]:
    """[] if the throw stands; else the plays the leader may be held to (one unless the next player
    chooses).  ``others``: the other hands in turn order, from the player after the leader;
    ``partners``: the indexes in ``others`` of the leader's partners, whose cards do not stop the
    throw when only opponents may (``leading.throw_stoppers``); ``barred``: the indexes of those
    who may not stop it by ``leading.throw_stoppers_when`` (``barred_stoppers``)."""
    rules = order.rules
    leading = rules.leading
    units = decompose(order, throw)
    suits = {u.suit for u in units}
    parts = rainbows.rainbow_parts(order, throw) if len(suits) > 1 or rules.combinations.rainbow_trumps else None
    if parts is not None:
        if len(parts) > 1 and not leading.throws:
            raise PlayError("throws are not allowed in these rules: lead one rainbow")
        if len(parts) > 1 and leading.throw_kinds:
            why = barred_throw_message(order, throw)
            if why is not None:
                raise PlayError(why)
        if leading.throw_stoppers == "opponents" and partners or barred:
            others = _stopping(others, partners if leading.throw_stoppers == "opponents" else (), barred)
        return rainbows.throw_options(order, parts, throw, others)
    if len(suits) != 1:
        raise PlayError(f"a throw is of one suit (or all trumps), but {' '.join(map(str, throw))} is not")
    if len(units) <= 1:
        return []
    if rules.combinations.straight_pairs and rains.rain_of(order, throw) is not None:
        return []  # a straight with pairs riding along is one combination, no throw
    if not leading.throws:
        raise PlayError("throws are not allowed in these rules: lead one set or one tractor")
    if leading.throw_kinds:
        why = barred_throw_message(order, throw)
        if why is not None:
            raise PlayError(why)
    suit = suits.pop()
    if leading.throw_stoppers == "opponents" and partners or barred:
        others = _stopping(others, partners if leading.throw_stoppers == "opponents" else (), barred)
    pools = [Pool(order, suit, hand) for hand in others]
    if rules.combinations.straight_pairs:
        reading = rains.throw_rains(order, throw)
        if reading is not None:  # a throw holding rains: each rain a part of its own
            return _rain_throw_options(order, throw, reading, pools)
    if leading.throw_decider == "first":
        # the first stopper in turn order whose cards fail the throw decides alone
        for pool in pools:
            beaten = [u for u in units if beaten_by(pool, u)]
            if _fails(order, throw, units, beaten, (pool,)):
                return _held_to(order, throw, beaten or units)
        return []
    beaten = [u for u in units if any(beaten_by(p, u) for p in pools)]
    if not _fails(order, throw, units, beaten, pools):
        return []
    return _held_to(order, throw, beaten or units)


def _rain_throw_options(order: Order, throw: tuple[Card, ...], reading: rains.RainThrow,
                        pools: list[Pool]) -> list[tuple[Card, ...]]:
    """``throw_options`` for a throw holding rains: a rain part is beaten by another hand's rain
    of its kind (as many cards, as many pairs) with a higher top card, a unit as in any throw; the
    largest part is the rain when no unit has as many cards (``RainThrow.largest``)."""
    parts = reading.parts

    def beaten_in(pool: Pool) -> list[rains.RainPart | Unit]:
        return [p for p in parts if (rains.best_rain(order, pool, p.shape) > p.top if isinstance(p, rains.RainPart)
                                     else beaten_by(pool, p))]

    def fails(beaten: list[rains.RainPart | Unit], stoppers: Sequence[Pool]) -> bool:
        check = order.rules.leading.throw_check
        if check == "largest-part":
            largest = reading.largest()
            if largest is not None:
                return largest in beaten
            return any(isinstance(p, Unit) and p.key == reading.units[0].key for p in beaten)
        if check == "every-part":
            return bool(beaten)
        return _fails(order, throw, [], [], stoppers)  # "highest-card": the parts play no part

    if order.rules.leading.throw_decider == "first":
        for pool in pools:
            beaten = beaten_in(pool)
            if fails(beaten, (pool,)):
                return _held_to(order, throw, beaten or list(parts))
        return []
    beaten = [p for p in parts if any(p in beaten_in(pool) for pool in pools)]
    if not fails(beaten, pools):
        return []
    return _held_to(order, throw, beaten or list(parts))


def _stopping(others: list[tuple[Card, ...]], partners: Collection[int],
              barred: Collection[int]) -> list[tuple[Card, ...]]:
    """The hands of ``others`` that may stop the throw: neither a partner who may not nor barred."""
    return [hand for i, hand in enumerate(others) if i not in partners and i not in barred]


def _fails(order: Order, throw: tuple[Card, ...], units: list[Unit], beaten: list[Unit],
           pools: Sequence[Pool]) -> bool:
    """Whether the throw fails, ``beaten`` being its units that ``pools`` beat."""
    check = order.rules.leading.throw_check
    if check == "every-part":
        return bool(beaten)
    if check == "largest-part":
        return any(u.key == units[0].key for u in beaten)
    # "highest-card": nobody may hold a card above the throw's highest
    top = max(order.strength[c] for c in throw)
    return any(p.best(1, 1) > top for p in pools)


def _held_to(order: Order, throw: tuple[Card, ...],
             candidates: Sequence[Unit | rains.RainPart]) -> list[tuple[Card, ...]]:
    """What a failed throw is cut to, ``candidates`` being the parts that count as beaten."""
    strength = order.strength
    failure = order.rules.leading.throw_failure
    if failure == "smallest-card":
        low = min(throw, key=lambda c: strength[c])
        return [(low,)]
    if failure == "next-player-chooses":
        return [u.cards for u in candidates]
    if failure == "shortest-part":
        # the fewest cards, then the lowest (rbtying/shengji's order of a throw's units)
        shortest = min(candidates, key=lambda u: (len(u.cards), min(strength[c] for c in u.cards), u.top))
        return [shortest.cards]
    # "smallest-part": the beaten unit with the lowest cards
    smallest = min(candidates, key=lambda u: (min(strength[c] for c in u.cards), u.top, len(u.cards)))
    return [smallest.cards]
