"""An independent checker for the game log: it replays one logged hand from the log line alone and
the rules, and lists every problem it finds.

It shares no code with the game loop (``hand.py`` and the modules it calls, gathered by
``game.py``): it asks only the public rules oracle (``rules.context``, ``ctx.follow_error``,
``ctx.winner``, ``ctx.throw_options``, ``ctx.kitty_multiplier``, ``ctx.call_error``, ``ctx.burial_error``,
``rules.level_change``, ``rules.next_banker``) and reads the rules' fields, so that a bug in the
game loop cannot hide itself.

Checked: the fields are there and of the right type; the ruleset's name; a hand with no level rank
("level": null) only where the rules play one, and then in no-trump; the cards are the deck's,
each exactly as often as the decks hold it (the hands after the kitty exchange plus the kitty);
each hand and the kitty have their sizes; every trick is led by the winner of the one before (the
banker first) and holds one play per seat, each from its player's hand; a lead is one suit, a throw
only where throws are allowed and only if it stands against the other hands, a failed throw's
``attempt`` really fails and the play is a part the rules hold the leader to; every follow is legal;
every winner and every trick's points; the last burial (cards the rules let its player bury, from
the hand they held: their hand after the exchange and the kitty); the calls (cards the banker may
call) and the friends they reveal; the kitty's points and multiplier; the attackers' points (with penalties for failed
throws); the level change; the next banker.

    problems = replay_hand(json_line, rules)     # [] when the hand is valid
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from ...errors import CardNotationError
from ...rules import RANKS, SUITS, Rules, side_reinforces
from ...rules.expressions import DECLARING_ROLES, PLAYER_EFFECTS, ExpressionError, fallbacks, role_names, role_tree
from ..deck.cards import Card
from ..errors import EngineError
from ..flow.after_hand import (HandFacts, effect_seats, effects_in_order, fired, hand_quantities, kitty_dug,
                                next_banker_after, overturned_after_kitty, overturns_of, own_change_after,
                                player_levels_named, stake_effects, stake_keys, worth_after)
from ..flow.after_hand import role_seat as after_hand_role_seat
from ..flow.deal import MAX_DEALS
from ..flow.early import Concession, ends_early, outcome_decided, reads_decided
from ..flow.early import trick_facts as hand_so_far
from ..flow.outcome import next_banker_of, point_table
from ..flow.kitty import burier_seat, first_overturner, shown_seats
from ..flow.record import (TrickRecord, declares_at_own_level, leads_by_declarer, logs_first_overturner,
                           logs_overturn_round, moves_players, names_burier, reads_dealt, reads_declaring,
                           reads_levels, reads_overturn_round, reads_overturns, reads_previous_after_kitty,
                           reads_shown, scores_unplayed, turns_kitty)
from ..flow.seats import banker_team, first_leader, seat_of
from ..deck.cards import parse_cards, parse_token
from ..rulings.declaring import (asks_each_declaration, cut_winner, declare_turn, declarer_relation,
                                 declares_in_turn, may_ask_redeal, may_declare_first, may_declare_over, may_overturn,
                                 overturn_turn, overturns_in_round, previous_declarer)
from ..rulings.scoring import level_ladder, table_levels
from ..rulings.stakes import hand_points, table_points_change

FIELDS = ("ruleset", "level", "trump", "banker", "hands", "kitty", "tricks", "attacker_points",
          "kitty_points", "kitty_multiplier", "level_change", "next_banker")
OPTIONAL = ("called", "declarer", "weak_hands", "kitty_shown", "buried_shown", "table_points",
            "table_points_change", "after_hand", "trump_by", "shown_in_declaring", "buried_by", "overturn_round",
            "bids", "bid", "gave_up", "in_turn", "cuts", "declared", "exchange", "turned", "contest", "face_down",
            "bank_cleared", "ended_early", "deal_declaring", "dealt", "positions", "declarations",
            "previous_declarer", "kitty_shown_to", "player_levels", "first_hand")
TRICK_FIELDS = ("leader", "plays", "winner", "points")


class _Stop(Exception):
    """A problem after which nothing more can be checked."""


def replay_hand(entry: str | dict[str, Any], rules: Rules) -> list[str]:
    """Replay one log line (a JSON string or the parsed object) under ``rules``; the problems
    found, in words, or [] if the hand is valid."""
    problems: list[str] = []
    try:
        _replay(entry, rules, problems)
    except _Stop:
        pass
    return problems


def house_rules_set_off(entry: str | dict[str, Any], rules: Rules) -> tuple[int, ...]:
    """The house rules after a hand (indexes into ``rules.levels.after_hand``) that a logged hand
    sets off, worked out from the hand itself (its "after_hand" key, if any, is not read); an
    ``EngineError`` naming the problems when the entry is not a valid hand of ``rules``."""
    facts = _facts_of_logged(entry, rules)
    return () if facts is None else fired(rules, facts)


def role_seat_of(role: Any, entry: str | dict[str, Any], rules: Rules) -> int | None:
    """The seat a role names in a logged hand (None: nobody), its fallbacks tried in turn: ``role``
    as the JSON form writes it ("declarer", ["first-of", "bankers", "declarer"], ["otherwise", A,
    B]); the hand checked as ``house_rules_set_off`` checks it."""
    try:
        tree = role_tree(role)
    except ExpressionError as why:
        raise EngineError(str(why)) from None
    if role_names(tree) & DECLARING_ROLES and not reads_declaring(rules):
        raise EngineError("no house rule of these rules names the declarer after a hand, so their game log does "
                          "not say who declared and who was overturned")
    facts = _facts_of_logged(entry, rules)
    if facts is None:
        return None
    for part in fallbacks(tree):
        seat = after_hand_role_seat(part, facts)
        if seat is not None:
            return seat
    return None


def kitty_known_of(seat: Any, entry: str | dict[str, Any], rules: Rules) -> dict[str, tuple[Card, ...] | None]:
    """What ``seat`` knows of the kitty in a logged hand of ``rules``: "dealt", the kitty as dealt
    where it was shown to that seat before burying (to everyone, ``kitty_shown``, or to some of the
    table, ``kitty_shown_to``); "buried", the cards buried that seat knows while the tricks are
    played (it buried them last, or they were shown to it after burying); "end", the cards buried it
    knows once the last trick is over (those, or a showing at the end).  None where it knows
    nothing then.  The hand is checked as ``replay_hand`` checks it (an ``EngineError`` when it is not
    a valid hand of ``rules``)."""
    if isinstance(entry, str):
        try:
            entry = json.loads(entry)
        except json.JSONDecodeError as why:
            raise EngineError(f"not JSON: {why}") from None
    if not isinstance(entry, dict):
        raise EngineError("a hand is a JSON object, as the game log writes it")
    n = rules.table.players
    if not _is_int(seat) or not 0 <= seat < n:
        raise EngineError(f"seat {seat!r} is not one of seats 0..{n - 1}")
    problems = [p for p in replay_hand(entry, rules) if not p.startswith("the house rules after the hand set off are")]
    if problems:
        raise EngineError("; ".join(problems)[:500])
    ctx = rules.context(entry["level"], entry["trump"])
    kitty = tuple(ctx.cards(entry["kitty"]))
    burier = entry.get("buried_by", entry["banker"])
    showings = {item["moment"]: item for item in entry.get("kitty_shown_to", ())}

    def shown(moment: str) -> tuple[Card, ...] | None:
        item = showings.get(moment)
        return tuple(ctx.cards(item["cards"])) if item is not None and seat in item["seats"] else None

    dealt = tuple(ctx.cards(entry["kitty_shown"])) if "kitty_shown" in entry else shown("before-burying")
    if not rules.table.kitty_size or entry.get("trump_by") == "scored":
        return {"dealt": dealt, "buried": None, "end": None}
    buried = kitty if seat == burier else shown("after-burying")
    end = kitty if "buried_shown" in entry else buried if buried is not None else shown("at-end")
    return {"dealt": dealt, "buried": buried, "end": end}
#: the effects on levels, a team's or one player's
_LEVEL_EFFECTS = frozenset({"up", "down", "back-to", "to", "knock-back", *PLAYER_EFFECTS})


def level_effects_of(entry: str | dict[str, Any], rules: Rules) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The effects on levels of the house rules a logged hand sets off, in the order written, each
    with the seats it moves: a team's, or the one player a role names (its fallbacks tried in turn;
    none when it names nobody).  The hand checked as ``house_rules_set_off`` checks it."""
    facts = _facts_of_logged(entry, rules)
    if facts is None:
        return ()
    return tuple((effect[0], tuple(sorted(effect_seats(effect, facts))))
                 for effect in effects_in_order(rules, fired(rules, facts)) if effect[0] in _LEVEL_EFFECTS)


def game_points_of(entry: str | dict[str, Any], rules: Rules) -> int:
    """The game points each winner of a logged hand gains at the table (each loser loses them): its
    outcome's row of ``game points``, as the house rules it set off change it (``the hand is worth N
    game points``), times the multiplier the table points logged before it reach ("table_points";
    none logged: 1).  The hand checked as ``house_rules_set_off`` checks it."""
    if not rules.stakes.game_points:
        raise EngineError("these rules count no game points")
    facts = _facts_of_logged(entry, rules)
    parsed = json.loads(entry) if isinstance(entry, str) else entry
    before = parsed.get("table_points", ())
    if facts is None:  # a hand scored without being played: its outcome's row, no house rule
        side, levels = parsed["level_change"]
        return hand_points(rules, side, levels, before, bid=parsed.get("bid", 0))
    keys = stake_keys(rules)
    quantities = hand_quantities(facts)
    set_off = fired(rules, facts) if stake_effects(rules) else ()
    return hand_points(rules, facts.side, facts.levels, before, bid=facts.bid, points=facts.attacker_points,
                       kitty_points=facts.kitty_points,
                       values={key: quantities[key] for key in keys} if keys else None,
                       house=(lambda points: worth_after(rules, facts, set_off, points)) if set_off else None)


def _facts_of_logged(entry: str | dict[str, Any], rules: Rules) -> HandFacts | None:
    """The facts of a logged hand that the house rules after it read (None: a hand scored without
    being played, which sets off none); an ``EngineError`` when it is not a valid hand of ``rules``."""
    problems: list[str] = []
    found: list[HandFacts] = []
    if isinstance(entry, dict):
        entry = {k: v for k, v in entry.items() if k != "after_hand"}
    elif isinstance(entry, str):
        try:
            parsed = json.loads(entry)
        except json.JSONDecodeError as why:
            raise EngineError(f"not JSON: {why}") from None
        entry = {k: v for k, v in parsed.items() if k != "after_hand"} if isinstance(parsed, dict) else parsed
    try:
        _replay(entry, rules, problems, found)
    except _Stop:
        pass
    problems = [p for p in problems if not p.startswith("the house rules after the hand set off are")]
    if not problems and isinstance(entry, dict) and entry.get("trump_by") == "scored":
        return None  # a hand scored without being played sets off no house rule
    if problems or not found:
        raise EngineError("; ".join(problems or ["the hand could not be read"])[:500])
    return found[0]


def replay_log(lines: Iterable[str], rules: Rules) -> dict[int, list[str]]:
    """Replay every non-blank line; the problems per line number (1-based), valid lines left out."""
    out: dict[int, list[str]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        found = replay_hand(line, rules)
        if found:
            out[number] = found
    return out


def _points(rules: Rules) -> dict[str, int]:
    return dict(rules.table.points)


def _card_points(cards: Iterable[Card], table: dict[str, int]) -> int:
    return sum(table.get(c.rank or "", 0) for c in cards)


def _not_all_in(play: Sequence[Card], hand: list[Card]) -> bool:
    """Whether ``play`` holds a card, or more copies of one, than ``hand`` has: asked of every
    play of every trick, where most plays are one card (a Counter apiece costs a replay a third
    of its time)."""
    if len(play) == 1:
        return play[0] not in hand
    return bool(Counter(play) - Counter(hand))


def _full_deck(rules: Rules) -> list[str]:
    """Every card of the pack as the rules' table counts it (removed ranks, jokers, removed cards)."""
    t = rules.table
    faces = [f"{r}{s}" for s in SUITS for r in RANKS] + ["SJ", "BJ"]
    return [face for face in faces for _ in range(t.copies(face))]


def _check_shown_to(entry: dict, rules: Rules, banker: int, hands: list[list[Card]], kitty: tuple[Card, ...],
                    cards: Callable[[Any, str], tuple[Card, ...]], problems: list[str]) -> None:
    """The kitty shown to some of the table, or to everyone after burying (``kitty_exchange.
    shown_to``, the log's "kitty_shown_to"): logged exactly where the rules show it, each showing of
    the rules in turn, to the seats its players are (the banker's, the burier's and the declarer's
    as logged; a team of called partners, known only at the end, is not worked out here), the kitty
    as dealt before burying (in the hands that took it, or the kitty), the kitty buried after."""
    exchange = rules.kitty_exchange
    if ("kitty_shown_to" in entry) != bool(exchange.shown_to):
        problems.append("kitty_shown_to: " + ("missing, but the rules show the kitty to some of the table"
                                              if exchange.shown_to else "logged, but the rules show the kitty to "
                                                                        "nobody in particular"))
        return
    if "kitty_shown_to" not in entry:
        return
    logged = entry["kitty_shown_to"]
    wanted = [s for s in exchange.shown_to if not (s.moment == "before-burying" and exchange.shown_before_burying)
              and not (s.moment == "at-end" and exchange.shown_at_end)]
    if not isinstance(logged, list) or len(logged) != len(wanted) or not all(isinstance(x, dict) for x in logged):
        problems.append(f"kitty_shown_to: {len(wanted)} showing{'s' if len(wanted) != 1 else ''} of the kitty, "
                        "each an object")
        return
    n = rules.table.players
    burier = entry.get("buried_by", banker)
    burier = burier if _is_int(burier) and 0 <= burier < n else banker
    declarer = entry.get("declarer")
    for item, showing in zip(logged, wanted):
        what = f"kitty_shown_to ({showing.moment})"
        if item.get("moment") != showing.moment or item.get("to") != showing.to:
            problems.append(f"{what}: the rules show the kitty {showing.moment} to {showing.to!r}, not "
                            f"{item.get('moment')!r} to {item.get('to')!r}")
            continue
        seats = item.get("seats")
        if not isinstance(seats, list) or not all(_is_int(x) and 0 <= x < n for x in seats):
            problems.append(f"{what}: seats are a list of seats 0..{n - 1}")
            continue
        # the seats are worked out where the log tells who they were then: not a team of called
        # partners, not the declarer unlogged, and before burying with overturns after the kitty
        # (which change the burier and the declarer after) only the banker's and the partner's
        overturned = rules.declaring.overturn_after_kitty and showing.moment == "before-burying"
        knowable = not (showing.to in ("bankers", "attackers", "friends") and not rules.table.seated) and not (
            showing.to == "declarer" and ("declarer" not in entry or overturned)) and not (
            showing.to == "burier" and overturned and exchange.buried_by == "first-banker-after-declarer")
        if knowable:
            first = burier if not overturned else burier_seat(rules, banker, None)
            expect = shown_seats(rules, showing.to, banker=banker, declarer=declarer if _is_int(declarer) else None,
                                 burier=first)
            if sorted(seats) != list(expect):
                problems.append(f"{what}: shown to seats {sorted(seats)}, but {showing.to!r} is seats {list(expect)}")
        shown = cards(item.get("cards"), what)
        if showing.moment == "before-burying":
            holders = hands if rules.declaring.overturn_after_kitty else [hands[burier]]
            if len(shown) != rules.table.kitty_size or Counter(shown) - (
                    Counter(c for h in holders for c in h) + Counter(kitty)):
                problems.append(f"{what}: the kitty as dealt is not in the hands that took it and the kitty")
        elif Counter(shown) != Counter(kitty):
            problems.append(f"{what}: the cards shown are not the buried kitty")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _logged_where_ruled(entry: dict[str, Any], key: str, ruled: bool, problems: list[str], *, unruled: str,
                        needed: str) -> bool:
    """Whether the log's ``key`` (what a phase or a rule of the hand records) is there to be
    checked: it is logged exactly where the rules have what it records (``ruled``).  Logged
    without it (``unruled`` says why it should not be) or missing with it (``needed`` says why it
    must be) is a problem; either way there is nothing more to check."""
    ruled = bool(ruled)
    if ruled != (key in entry):
        problems.append(f"{key}: {needed if ruled else unruled}")
        return False
    return ruled


def _check_trump_without_declaring(rules: Rules, trump: Any, problems: list[str]) -> None:
    """Where nobody can declare (``ladder: none``) and the first way of choosing trump needs no
    card (a fixed suit, no-trump), every hand's trump is that one.  (The log keeps no dealt kitty,
    so a trump taken from it is not checked here.)"""
    d = rules.declaring
    if rules.auction.on or d.ladder or d.fallback.kind not in ("suit", "no-trump"):
        return  # with an auction the banker names trump
    fixed = d.fallback.suit if d.fallback.kind == "suit" else None
    if trump != fixed:
        problems.append(f"trump {trump!r}: nobody declares in these rules, and the trump is always {fixed!r}")


def _check_no_level_rank(rules: Rules, trump: Any, problems: list[str]) -> None:
    """A hand logged with no level rank ("level": null) is the extra level beyond the last of
    rules whose extra level has no level rank; it is played in no-trump."""
    lv = rules.levels
    if lv.game_end != "beyond-last" or lv.beyond_trumps != "jokers-only":
        problems.append("level null: these rules play every hand at a level rank")
    elif trump is not None:
        problems.append(f"trump {trump!r}: the extra level beyond {lv.last} is played in no-trump")


def _replay(entry: str | dict[str, Any], rules: Rules, problems: list[str],
            facts_out: list[HandFacts] | None = None) -> None:
    def stop(message: str) -> NoReturn:
        problems.append(message)
        raise _Stop

    if isinstance(entry, str):
        try:
            entry = json.loads(entry)
        except json.JSONDecodeError as why:
            stop(f"not JSON: {why}")
    if not isinstance(entry, dict):
        stop("a log line is a JSON object")
    assert isinstance(entry, dict)
    missing = [f for f in FIELDS if f not in entry]
    if missing:
        stop(f"missing field{'s' if len(missing) > 1 else ''}: {', '.join(missing)}")
    unknown = sorted(set(entry) - set(FIELDS) - set(OPTIONAL))
    if unknown:
        problems.append(f"unknown field{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}")
    if entry["ruleset"] != rules.name:
        problems.append(f"ruleset is {entry['ruleset']!r}, but these rules are {rules.name!r}")

    table = rules.table
    n = table.players
    level, trump, banker = entry["level"], entry["trump"], entry["banker"]
    try:
        ctx = rules.context(level, trump)
    except (EngineError, TypeError) as why:
        stop(f"level {level!r} and trump {trump!r}: {why}")
    if not _is_int(banker) or not 0 <= banker < n:
        stop(f"banker {banker!r} is not one of seats 0..{n - 1}")
    if level is None:
        _check_no_level_rank(rules, trump, problems)
    else:
        _check_trump_without_declaring(rules, trump, problems)

    def cards(text: Any, what: str) -> tuple[Card, ...]:
        if not isinstance(text, str):
            stop(f"{what}: cards are written as one string of notation, not {type(text).__name__}")
        try:
            return ctx.cards(text)
        except CardNotationError as why:
            stop(f"{what}: {why}")

    # --- the cards -------------------------------------------------------------------------------
    if not isinstance(entry["hands"], list) or len(entry["hands"]) != n:
        stop(f"hands: one per seat, {n} in all")
    hands = [list(cards(h, f"hand of seat {s}")) for s, h in enumerate(entry["hands"])]
    kitty = cards(entry["kitty"], "kitty")
    for s, h in enumerate(hands):
        if len(h) != table.hand_size:
            problems.append(f"seat {s} holds {len(h)} cards after the kitty exchange, not {table.hand_size}")
    if len(kitty) != table.kitty_size:
        problems.append(f"the kitty holds {len(kitty)} cards, not {table.kitty_size}")
    have = Counter(str(c) for h in hands for c in h) + Counter(str(c) for c in kitty)
    deck = Counter(_full_deck(rules))
    if have != deck:
        extra = sorted((have - deck).elements())
        lacking = sorted((deck - have).elements())
        parts = []
        if extra:
            parts.append(f"too many {' '.join(extra)}")
        if lacking:
            parts.append(f"missing {' '.join(lacking)}")
        problems.append("the cards are not the deck: " + "; ".join(parts))

    dealt_hands = _check_dealt(entry, rules, banker, hands, kitty, cards, problems)
    positions = _check_positions(entry, rules, banker, level, problems)
    declared = _check_declarations(entry, rules, level, trump, cards, problems)
    _check_own_level(entry, rules, banker, level, trump, problems)
    _check_turned(entry, rules, banker, level, trump, ctx, problems)

    if entry.get("trump_by") == "scored":  # nobody declared, and the hand was not played
        _check_scored(entry, rules, banker, trump, problems)
        return

    # --- the auction ----------------------------------------------------------------------------
    bid = _check_auction(entry, rules, banker, level, trump, problems, dealt_hands)
    _check_give_up(entry, rules, banker, problems)
    _check_in_turn(entry, rules, banker, level, trump, problems)
    _check_cuts(entry, rules, ctx, problems)
    _check_contest(entry, rules, banker, level, trump, hands, kitty, problems)
    _check_exchange(entry, rules, ctx, problems)
    _check_face_down(entry, rules, ctx, banker, problems)

    # --- the deals thrown in, and the kitty shown ------------------------------------------------
    _check_weak_hands(entry, rules, level, hands, problems)
    _check_bank_cleared(entry, rules, banker, problems)
    exchange = rules.kitty_exchange
    for key, shown_by_rules in (("kitty_shown", exchange.shown_before_burying),
                                ("buried_shown", exchange.shown_at_end)):
        if (key in entry) != shown_by_rules:
            problems.append(f"{key}: {'missing, but the rules show' if shown_by_rules else 'logged, but the rules do not show'} "
                            "the kitty then")
    if exchange.shown_before_burying and "kitty_shown" in entry:
        dealt = cards(entry["kitty_shown"], "kitty_shown")
        # the player who buries took the kitty as dealt (the banker, or whom `buried by` names: the
        # log's seat, checked below): its cards are in that hand or buried (or, when others
        # overturn after the exchange, anywhere the kitty passed)
        taker = entry.get("buried_by", banker)
        taker = taker if type(taker) is int and 0 <= taker < len(hands) else banker
        holders = hands if rules.declaring.overturn_after_kitty else [hands[taker]]
        if len(dealt) != table.kitty_size:
            problems.append(f"kitty_shown holds {len(dealt)} cards, not {table.kitty_size}")
        elif Counter(dealt) - (Counter(c for h in holders for c in h) + Counter(kitty)):
            problems.append("kitty_shown: the kitty as dealt is not in the hands that took it and the kitty")
    if exchange.shown_at_end and "buried_shown" in entry:
        if Counter(cards(entry["buried_shown"], "buried_shown")) != Counter(kitty):
            problems.append("buried_shown is not the buried kitty")
    _check_shown_to(entry, rules, banker, hands, kitty, cards, problems)

    # --- what was shown in declaring, and the last burial ----------------------------------------
    shown: tuple[Card, ...] = ()
    if ("shown_in_declaring" in entry) != reads_shown(rules):
        problems.append("shown_in_declaring: " + ("missing, but a rule on called or buried cards asks what was shown"
                                                  if reads_shown(rules) else "logged, but no rule asks what was shown"))
    elif "shown_in_declaring" in entry:
        shown = cards(entry["shown_in_declaring"], "shown_in_declaring")
    if ("buried_by" in entry) != names_burier(rules):
        problems.append("buried_by: " + (("missing, but the rules name who buries" if exchange.buried_by != "banker"
                                          else "missing, but a rule on buried cards meets overturns after the kitty")
                                         if names_burier(rules) else "logged, but the rules do not name who buried"))
    role = exchange.buried_by
    if (role == "banker" and "buried_by" in entry and table.kitty_size and not rules.declaring.overturn_after_kitty
            and entry["buried_by"] != banker):
        problems.append(f"buried_by: the banker buries, seat {banker}, not seat {entry['buried_by']!r}")
    if role != "banker" and "buried_by" in entry and table.kitty_size:
        took = entry["buried_by"]
        overturned = rules.declaring.overturn_after_kitty and (
            not isinstance(entry.get("overturn_round"), dict) or entry["overturn_round"].get("overturns"))
        if not _is_int(took) or not 0 <= took < n:
            stop(f"buried_by {took!r} is not one of seats 0..{n - 1}")
        elif not overturned and took not in banker_team(rules, banker):
            problems.append(f"buried_by: seat {took} is not of the banker's team, which buries")
        elif not overturned and role == "partner" and took != (banker + 2) % n:
            problems.append(f"buried_by: the banker's partner buries, seat {(banker + 2) % n}, not seat {took}")
    if exchange.buried_when:
        burier: Any = entry.get("buried_by", banker)
        if not _is_int(burier) or not 0 <= burier < n:
            stop(f"buried_by {burier!r} is not one of seats 0..{n - 1}")
        try:
            refusal = ctx.burial_error(tuple(hands[burier]) + kitty, kitty, shown)
        except CardNotationError as why:  # more copies than the pack holds: reported above
            refusal = None if problems else str(why)
        if refusal is not None:
            problems.append(f"the kitty buried by seat {burier}: {refusal}")

    # --- the round of overturning after the kitty -------------------------------------------------
    _check_overturn_round(entry, rules, level, trump, banker, problems)
    _check_deal_declaring(entry, rules, banker, problems)

    # --- the calls (Finding Friends) -------------------------------------------------------------
    calls: list[tuple[Card, int]] = []
    if table.partnership == "called":
        logged_calls = entry.get("called")
        if not isinstance(logged_calls, list) or len(logged_calls) != table.called_cards:
            stop(f"called: {table.called_cards} calls [card, ordinal] are needed with called partners")
        for call in logged_calls:
            if not isinstance(call, list) or len(call) != 2 or not _is_int(call[1]):
                stop(f"called: {call!r} is not [card, ordinal]")
            (face,) = cards(call[0], "called card")
            refusal = ctx.call_error([face], shown)
            if refusal is not None:
                problems.append(f"called: {face}: {refusal}")
            calls.append((face, call[1]))

    # "the other ace": the copies the banker plays do not count toward a call's ordinal
    skip_banker = not table.count_banker_copies

    # --- the tricks ------------------------------------------------------------------------------
    pts = _points(rules)
    only_opponents = rules.leading.throw_stoppers == "opponents"
    throws = rules.leading.throws
    failure = rules.leading.throw_failure
    tricks = entry["tricks"]
    if not isinstance(tricks, list):
        stop("tricks: a list")
    expected_leader = _first_lead(entry, rules, banker)
    remaining = [list(h) for h in hands]
    won: list[int] = [0] * n
    trick_facts: list[tuple[int, int, list[tuple[Card, ...]]]] = []
    attempts: list[tuple[int, int]] = []  # (seat, cards taken back)
    order_of_plays: list[tuple[int, tuple[Card, ...]]] = []  # (seat, play) in play order, for called cards
    last_lead = None
    last_winner = None
    # ending early (``levels.end_early``, or a player's concession, ``levels.concede``): the tricks as
    # the rule reads them, asked once the teams are known (with called partners, once every call is
    # answered)
    early = rules.levels.end_early or rules.levels.concede
    card_points = point_table(rules)
    played: list[TrickRecord] = []
    for i, t in enumerate(tricks, start=1):
        where = f"trick {i}"
        if not isinstance(t, dict) or any(f not in t for f in TRICK_FIELDS):
            stop(f"{where}: needs {', '.join(TRICK_FIELDS)}")
        leader = t["leader"]
        if not _is_int(leader) or not 0 <= leader < n:
            stop(f"{where}: leader {leader!r} is not a seat")
        if leader != expected_leader:
            problems.append(f"{where}: led by seat {leader}, but seat {expected_leader} "
                            f"{_FIRST_LEADS[rules.leading.first_lead] if i == 1 else 'won the trick before'}")
        if not isinstance(t["plays"], list) or len(t["plays"]) != n:
            stop(f"{where}: one play per seat, {n} in all")
        plays = [cards(p, f"{where}, play {k + 1}") for k, p in enumerate(t["plays"])]
        seats = [(leader + k) % n for k in range(n)]
        for seat, play in zip(seats, plays):
            if _not_all_in(play, remaining[seat]):
                stop(f"{where}: seat {seat} plays {' '.join(map(str, play))}, not all in its hand")
        lead = plays[0]
        if not lead:
            stop(f"{where}: the lead is empty")
        suits = {ctx.suit_of(c) for c in lead}
        rainbow = ctx.rainbow_parts(lead) if len(suits) != 1 or rules.combinations.rainbow_trumps else None
        if len(suits) != 1 and rainbow is None:
            stop(f"{where}: the lead {' '.join(map(str, lead))} is not of one suit")
        others = [remaining[s] for s in seats[1:]]
        partners = None
        if only_opponents and not table.seated:
            partners = _known_partners(rules, leader, banker, calls, order_of_plays, seats[1:], skip_banker)
        barred: list[int] = []
        if rules.leading.throw_stoppers_when:  # who may stop a throw, by its condition
            if table.seated:
                bankers: Iterable[int] = banker_team(rules, banker)
            else:
                bankers = {banker} | _friends_found(banker, calls, order_of_plays, skip_banker, table.join_twice)[0]
            barred = ctx.throw_stoppers_barred(leader, seats[1:], bankers)
        attempt = t.get("attempt")
        if attempt is not None:
            tried = cards(attempt, f"{where}, attempt")
            if _not_all_in(tried, remaining[leader]):
                problems.append(f"{where}: the attempted throw is not in seat {leader}'s hand")
            elif not throws:
                problems.append(f"{where}: a throw was attempted, but throws are not allowed")
            else:
                try:
                    options = ctx.throw_options(tried, others, partners, barred)
                except EngineError as why:
                    options = []
                    problems.append(f"{where}: the attempt {attempt}: {why}")
                else:
                    if not options:
                        problems.append(f"{where}: the attempted throw {attempt} stands, yet was replaced")
                    else:
                        allowed = options if failure == "next-player-chooses" else options[:1]
                        if not any(Counter(o) == Counter(lead) for o in allowed):
                            wanted = " or ".join(" ".join(map(str, o)) for o in allowed)
                            problems.append(f"{where}: the failed throw must be replaced by {wanted}, "
                                            f"not {' '.join(map(str, lead))}")
                attempts.append((leader, len(tried) - len(lead)))
        elif (len(rainbow) > 1 if rainbow is not None else len(ctx.units(lead)) > 1) \
                and not (rules.combinations.straight_pairs and ctx.rain(lead) is not None):
            if not throws:
                problems.append(f"{where}: {' '.join(map(str, lead))} is a throw, and throws are not allowed")
            else:
                try:
                    options = ctx.throw_options(lead, others, partners, barred)
                except EngineError as why:
                    problems.append(f"{where}: {why}")
                else:
                    if options:
                        problems.append(f"{where}: the throw {' '.join(map(str, lead))} fails against the "
                                        "other hands, but no attempt is logged")
        for seat, play in zip(seats[1:], plays[1:]):
            reason = ctx.follow_error(remaining[seat], lead, play)
            if reason is not None:
                problems.append(f"{where}: seat {seat}'s {' '.join(map(str, play))} may not follow "
                                f"{' '.join(map(str, lead))}: {reason}")
        winning = ctx.winner(lead, plays[1:])
        w = seats[winning]
        trick_facts.append((w, leader, plays))
        if t["winner"] != w:
            problems.append(f"{where}: the winner is seat {w}, not {t['winner']!r}")
        p = sum(card_points[c] for play in plays for c in play)
        if t["points"] != p:
            problems.append(f"{where}: the trick holds {p} points, not {t['points']!r}")
        for seat, play in zip(seats, plays):
            for c in play:
                remaining[seat].remove(c)
            order_of_plays.append((seat, play))
        won[w] += p
        expected_leader = w
        last_lead, last_winner = lead, w
        if early:
            played.append(TrickRecord(leader, plays, None if attempt is None else cards(attempt, where), w, p))
            known = _teams_known(rules, banker, calls, order_of_plays, skip_banker)
            if rules.levels.end_early and i < len(tricks) and all(remaining) and known is not None:
                so_far = hand_so_far(rules, level, trump, banker, known, played, won, remaining, kitty, card_points,
                                     bid, positions=positions)
                if ends_early(so_far):
                    problems.append(f"{where}: the hand ends early after it (the rule holds: points {so_far.points}, "
                                    f"points left {so_far.points_left}, cards left {so_far.cards_left}), yet it "
                                    "goes on")
    ended = _check_ended_early(entry, rules, level, trump, banker, played, won, remaining, kitty, card_points, bid,
                               _teams_known(rules, banker, calls, order_of_plays, skip_banker) if early else None,
                               cards, problems, positions)
    left = [s for s in range(n) if remaining[s]]
    if left and not ended:
        problems.append(f"cards left unplayed in the hands of seat{'s' if len(left) > 1 else ''} "
                        f"{', '.join(map(str, left))}")

    # --- the teams -------------------------------------------------------------------------------
    if not table.seated:
        friends, _ = _friends_found(banker, calls, order_of_plays, skip_banker, table.join_twice)
        team = {banker} | friends
    else:
        team = {s for s in range(n) if s % 2 == banker % 2}

    # --- the score -------------------------------------------------------------------------------
    kitty_points = _card_points(kitty, pts)
    if entry["kitty_points"] != kitty_points:
        problems.append(f"the kitty holds {kitty_points} points, not {entry['kitty_points']!r}")
    multiplier = 0
    # a hand ended early has no last trick: its kitty is not dug
    if not ended and last_lead is not None and last_winner not in team and kitty_dug(
            rules, ctx, banker, frozenset(team), trick_facts):
        multiplier = ctx.kitty_multiplier(last_lead)
    if entry["kitty_multiplier"] != multiplier:
        problems.append(f"the kitty multiplier is {multiplier}, not {entry['kitty_multiplier']!r}")
    attackers = sum(won[s] for s in range(n) if s not in team) + kitty_points * multiplier
    forfeit = None
    for seat, back in attempts:
        penalty = rules.leading.throw_penalty_of(seat in team)
        amount = penalty.points if penalty.kind == "per-attempt" else penalty.points * back \
            if penalty.kind == "per-card" else 0
        if penalty.kind == "hand-lost" and forfeit is None:
            forfeit = "banker" if seat in team else "attackers"
        attackers += amount if seat in team else -amount
    raw_points, attackers = attackers, max(attackers, 0)
    if entry["attacker_points"] != attackers:
        problems.append(f"the attackers have {attackers} points, not {entry['attacker_points']!r}")
    # a solo banker (nobody joined) may have a table of their own
    solo = len(team) == 1 and table.partnership == "called" and bool(rules.solo_thresholds)
    rows = rules.solo_thresholds if solo else rules.thresholds
    last_side = None if last_winner is None else "banker" if last_winner in team else "attackers"
    seat_levels = table_levels(rules, positions, banker, frozenset(team)) if positions else None
    try:
        score = rules.table_score(attackers, bid=bid, raw_points=raw_points, kitty_points=kitty_points,
                                  levels=seat_levels)
    except EngineError as why:
        stop(f"the number counted: {why}")
    if forfeit == "banker":
        score = min(r.low for r in rows if r.side == "attackers")
    elif forfeit == "attackers":
        score = max(r.low for r in rows if r.side == "banker")
    try:
        change = rules.level_change(score, last_trick=last_side, team_size=len(team), bid=bid, levels=seat_levels)
    except EngineError as why:
        stop(f"level change: {why}")

    rot = rules.rotation
    declarer = entry.get("declarer")
    if rot.declarer_banks and "declarer" not in entry:
        problems.append("declarer: needed when the declarer banks")
    if leads_by_declarer(rules) and "declarer" not in entry:
        problems.append("declarer: needed when the first trick is led from the declarer")
    if rot.declarer_banks and declarer is not None:
        nxt = declarer
    elif table.seated:
        nxt = rules.next_banker(banker, change[0])
    else:
        nxt = _called_next(rules, banker, change[0], team)

    # --- the house rules after the hand -----------------------------------------------------------
    trump_by = entry.get("trump_by")
    last_burier = entry.get("buried_by", banker)
    # the players' actions: the seat that conceded the hand ended early, the seat that gave up the
    # bank (each checked above: ``_check_ended_early``, ``_check_give_up``)
    logged_early = entry.get("ended_early") if ended else None
    conceded = logged_early.get("conceded") if isinstance(logged_early, dict) else None
    gave_up = entry.get("gave_up") if rules.declaring.give_up_bank and not rules.auction.on else None
    declarers = _check_declarers(entry, rules, problems)
    facts = HandFacts(rules, ctx, banker, frozenset(team), change[0], trick_facts, level, trump,
                      trump_by if isinstance(trump_by, str) else "", attackers, kitty_points, change[1], raw_points,
                      bid, dealt=dealt_hands, buried=kitty, buried_by=last_burier if _is_int(last_burier) else None,
                      called=tuple(face for face, _ in calls), kept=hands, ended_early=ended,
                      conceded=conceded if _is_int(conceded) else None,
                      gave_up=gave_up if _is_int(gave_up) else None, positions=positions,
                      overturns=overturns_of(declared), declarer=declarers[0],
                      previous_declarer=declarers[1], overturned_after_kitty=_overturned_after_kitty(entry, rules))
    if rules.levels.own_change_written():  # 'the hand gives N levels': the change as they make it
        try:
            made = own_change_after(rules, facts, change)
        except EngineError as why:
            stop(f"level change: {why}")
        if made != change:
            change = made
            facts = replace(facts, levels=change[1])
    logged = entry["level_change"]
    if not isinstance(logged, list) or [change[0], change[1]] != logged:
        problems.append(f"the level change is {[change[0], change[1]]}, not {logged!r}")
    if facts_out is not None:
        facts_out.append(facts)
    if rules.levels.after_hand:
        _check_after_hand(entry, rules, facts, problems)
    elif "after_hand" in entry or ("trump_by" in entry and not scores_unplayed(rules)):
        problems.append("after_hand: the ruleset has no house rules after a hand")
    if scores_unplayed(rules) and trump_by not in _TRUMP_BY:
        problems.append(f"trump_by: one of {', '.join(_TRUMP_BY)}, or 'scored' (these rules score a hand nobody "
                        f"declared in without play), not {trump_by!r}")
    _check_player_levels(entry, rules, facts, problems)
    if rules.levels.after_hand:  # a house rule may name the next banker
        try:
            nxt = next_banker_after(rules, facts, fired(rules, facts), nxt)
        except EngineError as why:
            problems.append(f"next banker: {why}")
    if entry["next_banker"] != nxt:
        problems.append(f"the next banker is seat {nxt}, not {entry['next_banker']!r}")

    # --- table stakes ----------------------------------------------------------------------------
    # Logged by a match of a ruleset with game points (a hand played alone has no table points).
    if "table_points" in entry or "table_points_change" in entry:
        before, change_logged = entry.get("table_points"), entry.get("table_points_change")
        if not rules.stakes.game_points:
            problems.append("table_points: the ruleset has no game points")
            return
        if not (isinstance(before, list) and len(before) == n and all(isinstance(p, int) for p in before)):
            problems.append("table_points: a number per seat")
            return
        winners = team if change[0] == "banker" else {s for s in range(n) if s not in team}
        keys = stake_keys(rules)
        quantities = hand_quantities(facts)
        # the house rules the hand set off that change what it is worth ('the hand is worth ...')
        set_off = fired(rules, facts) if stake_effects(rules) else ()
        try:
            worth = hand_points(rules, change[0], change[1], before, bid=bid, points=entry["attacker_points"],
                                kitty_points=entry["kitty_points"],
                                values={key: quantities[key] for key in keys} if keys else None,
                                house=(lambda points: worth_after(rules, facts, set_off, points)) if set_off else None)
        except EngineError as why:
            problems.append(f"table points: {why}")
            return
        expected = table_points_change(rules, worth, winners)
        if change_logged != expected:
            problems.append(f"the table points change by {expected}, not {change_logged!r}")


def _check_player_levels(entry: dict[str, Any], rules: Rules, facts: HandFacts, problems: list[str]) -> None:
    """Where a house rule after a hand moves one player's level (``the declarer + 1 level``), the
    log names the player each such effect of the hand moved ("player_levels": a seat, or null for
    a role that named nobody), in the order written: the seats the roles name in the hand's facts."""
    if not _logged_where_ruled(entry, "player_levels", moves_players(rules), problems,
                               unruled="logged, but no house rule after a hand moves one player's level",
                               needed="needed when a house rule after a hand moves one player's level"):
        return
    try:
        named = list(player_levels_named(rules, facts, fired(rules, facts)))
    except EngineError as why:
        problems.append(f"player_levels: {why}")
        return
    if entry["player_levels"] != named:
        problems.append(f"player_levels: the effects on one player's level move {named}, not "
                        f"{entry['player_levels']!r:.200}")


def _check_ended_early(entry: dict[str, Any], rules: Rules, level: str | None, trump: str | None, banker: int,
                      played: list[TrickRecord], won: list[int], remaining: list[list[Card]], kitty: Sequence[Card],
                      card_points: Sequence[int], bid: int, friends: tuple[int, ...] | None, cards: Any,
                      problems: list[str], positions: Sequence[int] = ()) -> bool:
    """A hand ended early (``levels.end_early``): logged after its last trick, which left cards in
    the hands; the teams were known then (``friends``, the banker's friends found: None while a
    call was unanswered), the rule held then, as logged, and the cards shown are those left.  A hand
    a player conceded (``levels.concede``, the log's ``conceded`` seat): the rule for ending early
    did not hold after that trick (it is asked first), and the condition of ``concede`` held of
    that seat.  Whether it ended early."""
    concede = rules.levels.concede
    if not _logged_where_ruled(entry, "ended_early", bool(rules.levels.end_early or concede), problems,
                               unruled="the ruleset never ends a hand early",
                               needed="needed where the rules end a hand early (null for a hand played out)"):
        return False
    logged = entry["ended_early"]
    if logged is None:
        return False
    keys: tuple[str, ...] = ("after_trick", "points", "points_left", "cards_left", "decided", "unplayed")
    if concede:
        keys += ("conceded",)
    if not isinstance(logged, dict) or set(logged) != set(keys):
        problems.append(f"ended_early: null, or an object of {', '.join(keys)}")
        return False
    if logged["after_trick"] != len(played) or not played:
        problems.append(f"ended_early: after trick {logged['after_trick']!r}, but the log's last trick is "
                        f"trick {len(played)}")
    if not all(remaining):
        problems.append("ended_early: the hands were played out")
        return False
    if friends is None:
        problems.append("ended_early: a call was still unanswered after the last trick, so the teams were not "
                        "known and the rule for ending early was not asked")
        return False
    facts = hand_so_far(rules, level, trump, banker, friends, played, won, remaining, kitty, card_points, bid,
                        positions=positions)
    read = {"points": facts.points, "points_left": facts.points_left, "cards_left": facts.cards_left,
            "decided": outcome_decided(facts) if reads_decided(rules) else None}
    for key, value in read.items():
        if logged[key] != value:
            problems.append(f"ended_early: {key.replace('_', ' ')} {value!r} after the last trick, not "
                            f"{logged[key]!r}")
    seat = logged.get("conceded")
    if seat is None:
        if not ends_early(facts):
            problems.append("ended_early: the rule for ending early does not hold after the last trick"
                            + (", and nobody conceded" if concede else ""))
    elif not _is_int(seat) or not 0 <= seat < rules.table.players:
        problems.append(f"ended_early: conceded by {seat!r}, which is not a seat")
    elif ends_early(facts):
        problems.append(f"ended_early: the rule for ending early holds after the last trick, so the hand ended "
                        f"by it (conceded: null), not by seat {seat}'s concession")
    elif not Concession(facts).holds(seat):
        problems.append(f"ended_early: seat {seat} may not concede after the last trick: the condition of "
                        "'concede' does not hold of them")
    shown = logged["unplayed"]
    if not isinstance(shown, list) or len(shown) != len(remaining):
        problems.append(f"ended_early: unplayed: one string of cards per seat, {len(remaining)} in all")
    else:
        for seat, (text, held) in enumerate(zip(shown, remaining)):
            if Counter(cards(text, f"ended_early: unplayed of seat {seat}")) != Counter(held):
                problems.append(f"ended_early: seat {seat} was left with {' '.join(map(str, held))}, not {text!r}")
    return True


def _check_scored(entry: dict[str, Any], rules: Rules, banker: int, trump: Any, problems: list[str]) -> None:
    """A hand scored without being played (``declaring.fallback`` "scored"): the rules score such
    hands, nothing was played, and the outcome, the next banker and the table points are theirs."""
    if not scores_unplayed(rules):
        problems.append("trump_by: 'scored', but these rules play every hand")
        return
    way = rules.declaring.fallback
    if trump is not None:
        problems.append(f"trump: none in a hand scored without being played, not {trump!r}")
    if entry["tricks"] != []:
        problems.append("tricks: none in a hand scored without being played")
    for key in ("attacker_points", "kitty_points", "kitty_multiplier"):
        if entry[key] != 0:
            problems.append(f"{key}: 0 in a hand scored without being played, not {entry[key]!r}")
    if entry["level_change"] != [way.side, way.levels]:
        problems.append(f"the level change is {[way.side, way.levels]}, not {entry['level_change']!r}")
    if "after_hand" in entry and entry["after_hand"] != []:
        problems.append("after_hand: no house rule after a hand fires in a hand that was not played")
    team = banker_team(rules, banker)
    nxt = next_banker_of(rules, banker, way.side, team, None)
    if entry["next_banker"] != nxt:
        problems.append(f"the next banker is seat {nxt}, not {entry['next_banker']!r}")
    if "table_points" in entry or "table_points_change" in entry:
        before, change_logged = entry.get("table_points"), entry.get("table_points_change")
        n = rules.table.players
        if not rules.stakes.game_points:
            problems.append("table_points: the ruleset has no game points")
        elif not (isinstance(before, list) and len(before) == n and all(isinstance(p, int) for p in before)):
            problems.append("table_points: a number per seat")
        else:
            winners = team if way.side == "banker" else {s for s in range(n) if s not in team}
            logged_bid = entry.get("bid", 0)
            worth = rules.table_points(way.side, way.levels, before,
                                       bid=logged_bid if isinstance(logged_bid, int) and logged_bid >= 0 else 0)
            expected = table_points_change(rules, worth, winners)
            if change_logged != expected:
                problems.append(f"the table points change by {expected}, not {change_logged!r}")


def _check_overturn_round(entry: dict[str, Any], rules: Rules, level: str | None, trump: str | None, banker: int,
                          problems: list[str]) -> None:
    """Each overturn after the kitty was made by a player of whom ``declaring.overturn_when`` held
    at their turn (an attacker or a banker, the first hand or not, the overturns made before, the
    declaration standing), with cards that declare at the hand's level, each beating the one
    before; the last one's suit is the hand's trump.  The log states the round
    (``overturn_round``) only where such a rule is written; a hand with no level rank has none."""
    if not _logged_where_ruled(entry, "overturn_round", logs_overturn_round(rules) and level is not None, problems,
                               unruled="logged, but no rule says who may overturn after the kitty, or who first",
                               needed="missing, but a rule says who may overturn after the kitty, or who first"):
        return
    n = rules.table.players
    logged = entry["overturn_round"]
    ordered = logs_first_overturner(rules)
    reads_previous = reads_previous_after_kitty(rules)
    keys = (["first_hand", "overturns", "standing", "trump"] + (["first"] if ordered else [])
            + (["previous"] if reads_previous else []))
    if (not isinstance(logged, dict) or sorted(logged) != sorted(keys)
            or not isinstance(logged["first_hand"], bool) or not isinstance(logged["overturns"], list)
            or (logged["trump"] is not None and logged["trump"] not in SUITS)
            or (ordered and not (_is_int(logged["first"]) and 0 <= logged["first"] < n))
            or (reads_previous and logged["previous"] is not None
                and not (_is_int(logged["previous"]) and 0 <= logged["previous"] < n))):
        problems.append("overturn_round: an object {first_hand: true or false, standing: [seat, cards] or null, "
                        "trump: a suit letter or null, overturns: [[seat, cards], ...]"
                        + (", first: the seat asked first" if ordered else "")
                        + (", previous: the previous declarer's seat or null" if reads_previous else "") + "}")
        return

    def shown(item: Any, what: str, in_round: bool = False) -> tuple[int, Any] | None:
        """A logged declaration [seat, cards] with what it declares, or None (reported): on the
        round's own ladder where ``in_round`` (an overturn after the kitty), else on the deal's."""
        if not (isinstance(item, list) and len(item) == 2 and _is_int(item[0]) and 0 <= item[0] < n
                and isinstance(item[1], str)):
            problems.append(f"overturn_round: {what} {item!r} is not [seat, cards] with a seat of 0..{n - 1}")
            return None
        try:
            declared = rules.declaration(item[1], level, after_kitty=in_round)
        except (CardNotationError, EngineError) as why:
            problems.append(f"overturn_round: {what} {item[1]!r}: {why}")
            return None
        if declared is None:
            ladder = " on the ladder after the kitty" if in_round and rules.declaring.ladder_after_kitty else ""
            problems.append(f"overturn_round: {what} {item[1]} of seat {item[0]} declares nothing at level "
                            f"{level}{ladder}")
            return None
        return item[0], declared

    standing = None if logged["standing"] is None else shown(logged["standing"], "the standing declaration")
    standing_cards = None if standing is None else tuple(parse_cards(logged["standing"][1], rules.table))
    if logged["standing"] is not None and standing is None:
        return
    if ordered:
        declarer = None if standing is None else standing[0]
        first = first_overturner(rules, banker, burier_seat(rules, banker, declarer), declarer)
        if logged["first"] != first:
            problems.append(f"overturn_round: seat {logged['first']} was asked first, but the rules ask "
                            f"{_SEAT_WORDS[rules.declaring.overturn_first]}, seat {first}")
    previous = logged["previous"] if reads_previous else None
    if previous is not None and (standing is None or previous == standing[0]):
        problems.append(f"overturn_round: seat {previous} is named the previous declarer, but "
                        + ("nobody had declared" if standing is None else "their declaration stands"))
        return
    during = entry.get("deal_declaring")
    if reads_previous and standing is not None and isinstance(during, dict) \
            and isinstance(during.get("declarations"), list) \
            and all(isinstance(d, list) and len(d) == 2 for d in during["declarations"]):
        expected = previous_declarer(during["declarations"], standing[0])
        if previous != expected:
            named = "nobody" if expected is None else f"seat {expected}"
            problems.append(f"overturn_round: the previous declarer is {named} by the deal's declarations, "
                            f"not {previous!r}")
    bankers = banker_team(rules, banker)  # as known then: the banker took the kitty first
    now = logged["trump"]
    once = rules.declaring.overturn_rounds == "once"
    turn_of = -1  # once round: the place in the round of the last overturn, from the seat asked first
    for made, item in enumerate(logged["overturns"]):
        overturn = shown(item, f"overturn {made + 1}", in_round=True)
        if overturn is None:
            return
        seat, declared = overturn
        if once:
            place = (seat - logged["first"]) % n
            if place <= turn_of or place == n - 1:
                problems.append(f"overturn_round: seat {seat} overturned with {item[1]}, but the round goes once "
                                f"round from seat {logged['first']}, and their turn had "
                                + ("passed" if place <= turn_of else "no place in it"))
            turn_of = place
        turn = overturn_turn(rules, seat, bankers, logged["first_hand"], made, standing, banker, level, now,
                             previous)
        if not may_overturn(turn):
            problems.append(f"overturn_round: seat {seat} overturned with {item[1]}, but the rule on who may "
                            "overturn after the kitty does not hold of their turn")
        if standing is not None and standing_cards is not None and (standing[0] == seat or not overturns_in_round(
                rules, tuple(parse_cards(item[1], rules.table)), declared, standing_cards, level)):
            problems.append(f"overturn_round: {item[1]} of seat {seat} does not overturn the declaration standing")
        previous = None if standing is None else standing[0]
        standing, now = overturn, declared.trump
        standing_cards = tuple(parse_cards(item[1], rules.table))
    if logged["overturns"] and now != trump:
        problems.append(f"overturn_round: the last overturn names {now or 'no-trump'}, but the hand's trump is "
                        f"{trump or 'no-trump'}")


#: each seat a phase starts from, as a replay's problem names it
_SEAT_WORDS = {"banker": "the banker", "after-banker": "the seat after the banker", "burier": "the burier",
               "after-burier": "the seat after the burier", "declarer": "the declarer",
               "after-declarer": "the seat after the declarer", "dealer": "the dealer",
               "after-dealer": "the seat after the dealer"}
_FIRST_LEADS = {seat: f"is {words}, who leads the first trick" for seat, words in _SEAT_WORDS.items()}
_FIRST_LEADS["banker"] = "is the banker"


def in_turn_banker(rules: Rules, first: int) -> int:
    """The banker as known before a deal declared in turn (the dealer, in the game's first hand),
    from the seat asked first (``declaring.in_turn_first``): the banker keeps the bank when every
    player passes."""
    return first if rules.declaring.in_turn_first == "banker" else (first - 1) % rules.table.players


def _first_lead(entry: dict[str, Any], rules: Rules, banker: int) -> int:
    """The seat that leads the first trick (``leading.first_lead``): the banker unless the rules
    name another seat, read from the burier (the log's "buried_by") or the declarer (its
    "declarer") that the log then names."""
    if rules.leading.first_lead == "banker":
        return banker
    n = rules.table.players
    burier = _seat_logged(entry, "buried_by", n)
    return first_leader(rules, banker, banker if burier is None else burier, _seat_logged(entry, "declarer", n))


def _overturned_after_kitty(entry: dict[str, Any], rules: Rules) -> bool:
    """Whether the logged round of overturning after the kitty (``overturn_round``, checked by
    ``_check_overturn_round``) passed the standing declaration to another player, where a house
    rule after the hand asks it (``the bank was overturned after the kitty``); False elsewhere, and
    where the round is missing or malformed (reported there)."""
    logged = entry.get("overturn_round") if reads_overturn_round(rules) else None
    if not isinstance(logged, dict) or not isinstance(logged.get("overturns"), list):
        return False
    standing = logged.get("standing")
    seats = [item[0] for item in logged["overturns"] if isinstance(item, list) and item and _is_int(item[0])]
    return overturned_after_kitty(standing[0] if isinstance(standing, list) and standing and _is_int(standing[0])
                                  else None, seats)


def _check_declarers(entry: dict[str, Any], rules: Rules, problems: list[str]) -> tuple[int | None, int | None]:
    """Where a house rule after the hand names the declarer or the previous declarer, the log names
    both ("declarer", "previous_declarer": a seat, or null for nobody): the previous declarer is
    nobody when the declarer is, never the declarer, and, where the log lists the deal's
    declarations and nobody may overturn after the kitty, the one those declarations give.  The two
    seats as logged (None where a seat is missing or bad)."""
    n = rules.table.players
    if not _logged_where_ruled(entry, "previous_declarer", reads_declaring(rules), problems,
                               unruled="logged, but no house rule after a hand names the previous declarer",
                               needed="needed when a house rule after a hand names the declarer or the previous "
                                      "declarer"):
        return None, None
    if "declarer" not in entry:
        problems.append("declarer: needed when a house rule after a hand names the declarer or the previous declarer")
        return None, None
    declarer, previous = entry["declarer"], entry["previous_declarer"]
    for key, value in (("declarer", declarer), ("previous_declarer", previous)):
        if value is not None and not (_is_int(value) and 0 <= value < n):
            problems.append(f"{key}: a seat from 0 to {n - 1}, or null for nobody, not {value!r}")
            return None, None
    if declarer is None and previous is not None:
        problems.append(f"previous_declarer: nobody declared, so nobody was overturned, not seat {previous}")
    elif previous is not None and previous == declarer:
        problems.append(f"previous_declarer: seat {previous} is the declarer, who overturned somebody else")
    during = entry.get("deal_declaring")
    if (declarer is not None and isinstance(during, dict) and isinstance(during.get("declarations"), list)
            and not rules.declaring.overturn_after_kitty and all(isinstance(d, list) and len(d) >= 2 for d in during["declarations"])):
        expected = previous_declarer(during["declarations"], declarer)
        if expected != previous:
            named = "nobody" if expected is None else f"seat {expected}"
            problems.append(f"previous_declarer: the deal's declarations give {named}, not {previous!r}")
    return declarer, previous


def _seat_logged(entry: dict[str, Any], key: str, n: int) -> int | None:
    """The seat the log names under ``key``, or None when it names none (a bad one is reported
    where the key is checked)."""
    value: Any = entry.get(key)
    return value if _is_int(value) and 0 <= value < n else None


def _check_deal_declaring(entry: dict[str, Any], rules: Rules, banker: int, problems: list[str]) -> None:
    """Where a rule on declaring during the deal is asked at each declaration over a standing one
    (``declaring.overturn_in_deal_when`` reading the player, ``declaring.reinforce_when``), the log
    lists the deal's declarations (``deal_declaring``, null in a hand not declared during the
    deal), and each declaration over another was one the rule allowed its player: a reinforcement
    (the standing declarer showing more of the same card) where the rule on reinforcing held of
    them, any other where the rule on overturning held; the first, where the rule on who may make
    the first declaration held of its player."""
    if not _logged_where_ruled(entry, "deal_declaring", asks_each_declaration(rules), problems,
                               unruled="logged, but no rule on declaring during the deal is asked at each "
                                       "declaration",
                               needed="missing, but a rule on declaring during the deal is asked at each "
                                      "declaration"):
        return
    logged = entry.get("deal_declaring")
    if logged is None:
        return
    n = rules.table.players
    if (not isinstance(logged, dict) or sorted(logged) != ["banker", "declarations", "first_hand", "level"]
            or not isinstance(logged["first_hand"], bool) or not isinstance(logged["declarations"], list)
            or not (logged["banker"] is None or _is_int(logged["banker"]) and 0 <= logged["banker"] < n)
            or not (logged["level"] is None or logged["level"] in RANKS)):
        problems.append("deal_declaring: an object {first_hand: true or false, banker: a seat or null, level: a "
                        "rank or null, declarations: [[seat, cards], ...]}")
        return
    known = logged["banker"]
    if known is not None and known != banker and entry.get("gave_up") is None:
        problems.append(f"deal_declaring: the banker known before the deal is seat {known}, but seat {banker} banks")
    bankers = None if known is None else banker_team(rules, known)
    made: list[tuple[int, tuple[Card, ...]]] = []
    #: the cards of the standing declaration that partners of its declarer showed (亮主方加固)
    shares: Counter[Card] = Counter()
    for i, item in enumerate(logged["declarations"]):
        if not (isinstance(item, list) and len(item) in (2, 3) and _is_int(item[0]) and 0 <= item[0] < n
                and isinstance(item[1], str) and (len(item) == 2 or _is_int(item[2]) and 0 <= item[2] < n)):
            problems.append(f"deal_declaring: declaration {i + 1} {item!r} is not [seat, cards], or [declarer, "
                            f"cards, the partner who reinforced], with seats of 0..{n - 1}")
            return
        try:
            cards = tuple(parse_cards(item[1], rules.table))
        except CardNotationError as why:
            problems.append(f"deal_declaring: declaration {i + 1} {item[1]!r}: {why}")
            return
        seat = item[0]
        if len(item) == 3:
            by = item[2]
            problem = _partner_reinforcing(rules, made, seat, by, cards, shares, logged["level"])
            if problem is None:
                turn = declare_turn(rules, by, seat, made, bankers=bankers, first_hand=logged["first_hand"],
                                    level=logged["level"])
                if not may_declare_over(turn, True):
                    problem = ("but the rule on who may reinforce during the deal does not hold of their turn")
            if problem is not None:
                problems.append(f"deal_declaring: seat {by} reinforced seat {seat}'s declaration with {item[1]}, "
                                f"{problem}")
                return
            shares += Counter(cards) - Counter(made[-1][1])
            made.append((seat, cards))
            continue
        if made:
            declarer, shown = made[-1]
            reinforcing = seat == declarer and _face(cards) == _face(shown)
            turn = declare_turn(rules, seat, declarer, made, bankers=bankers, first_hand=logged["first_hand"],
                                level=logged["level"])
            if not may_declare_over(turn, reinforcing):
                what = "reinforced" if reinforcing else "overturned"
                problems.append(f"deal_declaring: seat {seat} {what} with {item[1]}, but the rule on who may "
                                f"{'reinforce' if reinforcing else 'overturn'} during the deal does not hold of "
                                "their turn")
            if reinforcing and shares - Counter(cards):
                problems.append(f"deal_declaring: seat {seat} reinforced with {item[1]}, leaving out the cards "
                                "their partner showed in it")
            if not reinforcing:
                shares = Counter()
        elif not may_declare_first(rules, seat, bankers=bankers, first_hand=logged["first_hand"],
                                   level=logged["level"]):
            problems.append(f"deal_declaring: seat {seat} made the first declaration with {item[1]}, but the rule "
                            "on who may make the first declaration does not hold of them")
        made.append((seat, cards))


def _partner_reinforcing(rules: Rules, made: Sequence[tuple[int, tuple[Card, ...]]], declarer: int, by: int,
                         cards: tuple[Card, ...], shares: Counter[Card], level: str | None) -> str | None:
    """Why seat ``by`` could not reinforce ``declarer``'s standing declaration (the last of ``made``)
    so that it shows ``cards`` (亮主方加固), or None when it could: the rules let the declarer's
    partners reinforce, ``by`` is one, and ``cards`` are the standing declaration's with more of
    them, a stronger declaration of the ladder."""
    if not (rules.table.seated and side_reinforces(rules.declaring)):
        return "but the rules let no partner of the declarer reinforce"
    if not made or made[-1][0] != declarer:
        return "which is not the declaration standing"
    if by == declarer or not declarer_relation(rules, by, declarer)[0]:
        return f"but seat {by} is not a partner of seat {declarer}"
    shown = made[-1][1]
    face = _face(cards)
    if face != _face(shown) or Counter(shown) - Counter(cards) or len(cards) <= len(shown):
        return "which is not the standing declaration with more of the same cards"
    at = level if face is None or face.is_joker else face.rank
    before, after = rules.declaration(shown, at), rules.declaration(cards, at)
    if before is None or after is None or not after.beats(before):
        return "which is no stronger declaration of the ladder"
    return None


def _face(cards: Sequence[Card]) -> Card | None:
    """The card that names a declaration: its level card, else its joker."""
    return next((c for c in cards if not c.is_joker), cards[0] if cards else None)


def _check_exchange(entry: dict[str, Any], rules: Rules, ctx: Any, problems: list[str]) -> None:
    """With ``declaring.exchange_with_declarer``, the logged "exchange" (null, or the seat that
    took, the declarer it took from, and the cards shown, taken and given) is one the rules allow:
    another player than the declarer showing a joker with a tractor, taking three cards that make a
    declaration of the ladder, and giving back one trump above the aces and two side cards of the
    hand's trump (``Context.exchange_show_error``, ``Context.give_back_error``).  Made during the
    deal (``declaring.exchange_timing`` "during-deal"), it says after how many declarations
    ("after_declarations"), the last of them the declaration taken, and the cards are judged by the
    trump that declaration names (``Context.taken_error``)."""
    allowed = rules.declaring.exchange_with_declarer and not rules.auction.on
    if not _logged_where_ruled(entry, "exchange", allowed, problems,
                               unruled="the rules have no exchange with the declarer",
                               needed="needed when the rules have an exchange with the declarer"):
        return
    made = entry["exchange"]
    if made is None:
        return
    during = rules.declaring.exchange_timing == "during-deal"
    keys = ("seat", "declarer", "shown", "took", "gave", *(("after_declarations",) if during else ()))
    if not isinstance(made, dict) or sorted(made) != sorted(keys):
        problems.append(f"exchange: an object of {', '.join(keys)}, or null")
        return
    n = rules.table.players
    seat, declarer = made["seat"], made["declarer"]
    for what, value in (("seat", seat), ("declarer", declarer)):
        if not _is_int(value) or not 0 <= value < n:
            problems.append(f"exchange: {what} {value!r} is not one of seats 0..{n - 1}")
            return
    if seat == declarer:
        problems.append(f"exchange: seat {seat} exchanged with its own declaration")
    try:
        shown, took, gave = (ctx.cards(made[key]) for key in ("shown", "took", "gave"))
    except (CardNotationError, TypeError) as why:
        problems.append(f"exchange: {why}")
        return
    if during:
        ctx = _stuck_context(entry, rules, ctx, made, declarer, took, problems)
        if ctx is None:
            return
    show_error = ctx.exchange_show_error(shown)
    if show_error is not None:
        problems.append(f"exchange: seat {seat}'s show {made['shown']} {show_error}")
    # (during the deal the declaration taken was judged against the trump it named, above)
    if not during and ctx.taken_error(took) is not None:
        problems.append(f"exchange: the cards taken, {made['took']}, are not a declaration of a joker with a pair "
                        f"naming the hand's trump")
    back_error = ctx.give_back_error(gave)
    if back_error is not None:
        problems.append(f"exchange: seat {seat} gave back {back_error}")


def _stuck_context(entry: dict[str, Any], rules: Rules, ctx: Any, made: dict[str, Any], declarer: int,
                   took: tuple[Card, ...], problems: list[str]) -> Any:
    """An exchange made during the deal, after a number of declarations ("after_declarations", one
    or more): the context of the trump the declaration taken named (a joker with a pair of the
    ladder, ``Context.taken_error``).  None (a problem noted) where the log says otherwise."""
    at = made["after_declarations"]
    if not _is_int(at) or at < 1:
        problems.append(f"exchange: after_declarations {at!r} is not a number of declarations made")
        return None
    named = rules.declaration(list(took), ctx.level) if len(took) == 3 else None
    stuck = None if named is None else rules.context(ctx.level, named.trump)
    why = "are not a declaration" if stuck is None else stuck.taken_error(took)
    if why is not None:
        problems.append(f"exchange: the cards taken, {made['took']}, {why}")
        return None
    return stuck


def _check_face_down(entry: dict[str, Any], rules: Rules, ctx: Any, banker: int, problems: list[str]) -> None:
    """With ``declaring.face_down`` (暗亮), the logged "face_down" (the standing declarer and their
    declaration as turned once the kitty was buried, both null when nobody declared; who buried;
    whether they knew trump as they buried) is what the rules say: the cards turned are a
    declaration of the ladder naming the hand's trump, the burier is of the banker's team (the
    banker where the banker buries), and the burier knew trump exactly when they made the standing
    declaration, it is of jokers alone (face up), or nobody declared."""
    allowed = rules.declaring.face_down and not rules.auction.on
    if not _logged_where_ruled(entry, "face_down", allowed, problems,
                               unruled="the rules do not lay declarations face down",
                               needed="needed when the rules lay declarations face down"):
        return
    made = entry["face_down"]
    keys = ("declarer", "turned", "burier", "burier_knew_trump")
    if not isinstance(made, dict) or sorted(made) != sorted(keys):
        problems.append(f"face_down: an object of {', '.join(keys)} in a hand played")
        return
    n = rules.table.players
    declarer, burier, knew = made["declarer"], made["burier"], made["burier_knew_trump"]
    if not _is_int(burier) or not 0 <= burier < n:
        problems.append(f"face_down: burier {burier!r} is not one of seats 0..{n - 1}")
        return
    if declarer is not None and (not _is_int(declarer) or not 0 <= declarer < n):
        problems.append(f"face_down: declarer {declarer!r} is not one of seats 0..{n - 1}")
        return
    if not isinstance(knew, bool):
        problems.append("face_down: burier_knew_trump is true or false")
        return
    if (declarer is None) != (made["turned"] is None):
        problems.append("face_down: a declarer and the cards turned go together (both null when nobody declared)")
        return
    jokers_only = False
    if declarer is not None:
        try:
            turned = ctx.cards(made["turned"])
        except (CardNotationError, TypeError) as why:
            problems.append(f"face_down: {why}")
            return
        declared = rules.declaration(list(turned), ctx.level)
        if declared is None or declared.trump != ctx.trump:
            problems.append(f"face_down: the cards turned, {made['turned']}, are not a declaration of the hand's "
                            f"trump")
        jokers_only = all(c.is_joker for c in turned)
    if rules.kitty_exchange.buried_by == "banker" and burier != banker:
        problems.append(f"face_down: the banker buries, seat {banker}, not seat {burier}")
    elif burier not in banker_team(rules, banker):
        problems.append(f"face_down: seat {burier} is not of the banker's team, which buries")
    should = declarer is None or burier == declarer or jokers_only
    if knew != should:
        problems.append(f"face_down: seat {burier} buried {'knowing' if knew else 'not knowing'} trump, but "
                        f"{'saw' if should else 'could not see'} it: the declarations lie face down until the kitty "
                        f"is buried")


def _check_give_up(entry: dict[str, Any], rules: Rules, banker: int, problems: list[str]) -> None:
    """With ``declaring.give_up_bank``, the logged "gave_up" (the seat that gave up the bank once
    the deal was over, or null) is a seat the rules let give it up to the logged "declarer", whose
    declaration stood, and the hand's banker is that declarer (``Rules.bank_given_up_to``)."""
    allowed = rules.declaring.give_up_bank and not rules.auction.on
    if not allowed:
        if "gave_up" in entry:
            problems.append("gave_up: the rules do not let the bank be given up")
        return
    if "gave_up" not in entry or "declarer" not in entry:
        problems.append("gave_up, declarer: needed when the bank may be given up")
        return
    seat, declarer = entry["gave_up"], entry["declarer"]
    if seat is None:
        return
    n = rules.table.players
    if not _is_int(seat) or not 0 <= seat < n:
        problems.append(f"gave_up: {seat!r} is not one of seats 0..{n - 1}")
        return
    if declarer is not None and not (_is_int(declarer) and 0 <= declarer < n):
        problems.append(f"declarer: {declarer!r} is not one of seats 0..{n - 1}")
        return
    to = rules.bank_given_up_to(seat, declarer)
    if to is None:
        whose = "nobody's declaration" if declarer is None else f"seat {declarer}'s declaration"
        problems.append(f"gave_up: seat {seat} may not give up the bank with {whose} standing")
    elif to != banker:
        problems.append(f"the bank seat {seat} gave up goes to seat {to}, not to the banker, seat {banker}")


def _check_own_level(entry: dict[str, Any], rules: Rules, banker: int, level: str | None, trump: Any,
                     problems: list[str]) -> None:
    """Where each player declares at their own level (``declaring.level_cards`` "own"), the logged
    "declarer" (who declared last, or null) banks, and the logged "declared" (their cards) make a
    declaration at the hand's level, the declarer's own, naming the hand's trump.  With
    "own-or-banker" a declarer who showed the banker's level cards leaves the bank to that banker:
    their cards declare at the hand's level all the same."""
    if not declares_at_own_level(rules):
        if "declared" in entry:
            problems.append("declared: the rules do not have each player declare at their own level")
        return
    if "declarer" not in entry or "declared" not in entry:
        problems.append("declarer, declared: needed where each player declares at their own level")
        return
    declarer, shown = entry["declarer"], entry["declared"]
    if declarer is None:
        if shown is not None:
            problems.append("declared: cards logged, but nobody declared")
        return
    n = rules.table.players
    if not _is_int(declarer) or not 0 <= declarer < n:
        problems.append(f"declarer: {declarer!r} is not one of seats 0..{n - 1}")
        return
    if declarer != banker and rules.declaring.level_cards != "own-or-banker":
        problems.append(f"the final declarer, seat {declarer}, banks where each player declares at their own "
                        f"level, not seat {banker}")
    if not isinstance(shown, str):
        problems.append(f"declared: {shown!r} is not a string of cards")
        return
    try:
        made = rules.declaration(rules.context(level, trump).cards(shown), level)
    except (CardNotationError, EngineError) as why:
        problems.append(f"declared: {why}")
        return
    if made is None:
        problems.append(f"declared: {shown} of seat {declarer} declares nothing at level {level}, the hand's "
                        f"level and the declarer's own")
    elif made.trump != trump:
        problems.append(f"declared: {shown} names {made.trump or 'no-trump'}, but the hand's trump is "
                        f"{trump or 'no-trump'}")


def _check_turned(entry: dict[str, Any], rules: Rules, banker: int, level: str | None, trump: Any, ctx: Any,
                  problems: list[str]) -> None:
    """Where the kitty's cards are turned to find the banker when nobody declares (翻底牌定庄,
    ``declaring.fallback`` "player-level-card"), the logged "turned" (null when someone declared)
    says the dealer, each seat's level and the cards turned: every card before the last is of no
    seat's level; the last is of one, its seat the first at that level in turn from the dealer
    banking at it, with its suit trump ("banker"); or no card is, the whole kitty was turned, and
    the dealer banks at their level (trump then as the next way says, not checked here)."""
    if not _logged_where_ruled(entry, "turned", turns_kitty(rules), problems,
                               unruled="the rules do not turn the kitty's cards to find the banker",
                               needed="needed where the kitty's cards are turned to find the banker"):
        return
    turned = entry["turned"]
    declarer = entry.get("declarer")
    if turned is None:
        if declarer is None and "declarer" in entry:
            problems.append("turned: null, but nobody declared, so the kitty's cards were turned")
        return
    if declarer is not None:
        problems.append(f"turned: seat {declarer} declared, so no kitty card is turned")
        return
    n = rules.table.players
    if not isinstance(turned, dict) or set(turned) != {"dealer", "levels", "cards", "banker"}:
        problems.append("turned: an object of dealer, levels, cards and banker")
        return
    dealer, levels, shown, found = turned["dealer"], turned["levels"], turned["cards"], turned["banker"]
    if not _is_int(dealer) or not 0 <= dealer < n:
        problems.append(f"turned: dealer {dealer!r} is not one of seats 0..{n - 1}")
        return
    if not isinstance(levels, list) or len(levels) != n or any(lv not in RANKS for lv in levels):
        problems.append(f"turned: levels is a list of {n} ranks, one per seat")
        return
    if not isinstance(shown, str):
        problems.append(f"turned: cards {shown!r} is not a string of cards")
        return
    try:
        cards = ctx.cards(shown)
    except CardNotationError as why:
        problems.append(f"turned: {why}")
        return
    k = rules.table.kitty_size
    if not cards or len(cards) > k:
        problems.append(f"turned: {len(cards)} cards turned from a kitty of {k}")
        return
    early = [str(c) for c in cards[:-1] if not c.is_joker and c.rank in levels]
    if early:
        problems.append(f"turned: {' '.join(early)} is of a player's level, so the turning stops there")
        return
    last = cards[-1]
    if last.is_joker or last.rank not in levels:
        if found is not None:
            problems.append(f"turned: {last} is of no player's level, so it names no banker")
        elif len(cards) != k:
            problems.append(f"turned: {len(cards)} cards turned, none of a player's level, but the kitty holds {k}")
        elif banker != dealer or level != levels[dealer]:
            problems.append(f"no kitty card is of a player's level, so the dealer, seat {dealer}, banks at their level "
                            f"{levels[dealer]}, not seat {banker} at {level}")
        return
    seat = next(s for s in ((dealer + i) % n for i in range(n)) if levels[s] == last.rank)
    if found != seat or banker != seat:
        problems.append(f"turned: {last} is of seat {seat}'s level, the first at it in turn from the dealer, seat "
                        f"{dealer}, so seat {seat} banks, not {banker}")
    if level != last.rank or trump != last.suit:
        problems.append(f"turned: {last} makes the hand's level {last.rank} and trump {last.suit}, not {level} and "
                        f"{trump}")


def _check_auction(entry: dict[str, Any], rules: Rules, banker: int, level: str | None, trump: Any,
                   problems: list[str], dealt: tuple[tuple[Card, ...], ...] = ()) -> int:
    """With an auction, the logged turns ("bids": [seat, bid or null], over every deal of the
    hand) make auctions the rules allow, one after another only where everyone passed and the rules
    deal again; the banker is the last auction's best bidder, at the logged "bid"; and the banker
    named a suit (no-trump only in the extra level with no level rank).  Who bid first hangs on the
    dealer, whom the log does not name: each auction's turns are checked to go round the table from
    its first, each player once where the rules say so.  The winning bid, for the score (0 without an
    auction)."""
    auction = rules.auction
    if not auction.on:
        if "bids" in entry or "bid" in entry:
            problems.append("bids: the rules have no auction")
        return 0
    turns, bid = entry.get("bids"), entry.get("bid")
    n = rules.table.players
    if not isinstance(turns, list) or not all(
            isinstance(t, list) and len(t) == 2 and _is_int(t[0]) and 0 <= t[0] < n
            and (t[1] is None or _is_int(t[1])) for t in turns):
        problems.append("bids: a list of [seat, bid or null] turns is needed with an auction")
        return 0
    if not isinstance(bid, int) or isinstance(bid, bool):
        problems.append(f"bid {bid!r}: the winning bid is a number")
        return 0
    logged = bid
    if level is not None and trump not in SUITS:
        problems.append(f"trump {trump!r}: the banker the auction found names a suit")
    winner: tuple[int, int] | None = None
    first: int | None = None
    at = 0
    deals = 0
    while at < len(turns):
        deals += 1
        passed: set[int] = set()
        best: tuple[int, int] | None = None
        first = turns[at][0]
        expected = first
        ended = False
        while at < len(turns) and not ended:
            seat, value = turns[at]
            while expected in passed:
                expected = (expected + 1) % n
            if seat != expected:
                problems.append(f"bids, turn {at + 1}: seat {seat} bids out of turn (seat {expected} was next)")
                return logged
            at += 1
            if auction.once:  # each player one turn: a pass or a better bid, the last bid ending it at once
                passed.add(seat)
                if value is not None:
                    legal = rules.legal_bids(None if best is None else best[1])
                    if value not in legal:
                        problems.append(f"bids, turn {at}: seat {seat} bid {value}, which is not one of {list(legal)}")
                        return logged
                    best = (seat, value)
                ended = len(passed) == n or value == auction.limit
            elif value is None:
                passed.add(seat)
                ended = len(passed) == n or (best is not None and len(passed) == n - 1)
            else:
                legal = rules.legal_bids(None if best is None else best[1])
                if value not in legal:
                    problems.append(f"bids, turn {at}: seat {seat} bid {value}, which is not one of {list(legal)}")
                    return logged
                best = (seat, value)
                ended = value == auction.limit or len(passed) == n - 1
            expected = (seat + 1) % n
        if not ended:
            problems.append("bids: the last auction did not end")
            return logged
        if best is not None:
            if at < len(turns):
                problems.append(f"bids, turn {at + 1}: the auction was won, yet the bidding goes on")
                return logged
            winner = best
        elif auction.all_pass == "first-bidder" or deals == MAX_DEALS:
            if at < len(turns):
                problems.append(f"bids, turn {at + 1}: everyone passed and the first bidder banks, yet the bidding goes on")
                return logged
            winner = (first, auction.start)
    if first is not None:
        _check_first_bidder(entry, rules, first, dealt, problems)
    if winner is None:
        problems.append("bids: no auction found the banker")
    elif winner != (banker, logged):
        problems.append(f"the auction makes seat {winner[0]} the banker at {winner[1]}, not seat {banker} at {logged}")
    return logged


def _check_first_bidder(entry: dict[str, Any], rules: Rules, first: int, dealt: tuple[tuple[Card, ...], ...],
                        problems: list[str]) -> None:
    """Where the rules' first bidder differs in the game's first hand, the log says whether the hand
    was the first ("first_hand"); where the first bidder of the last deal is the holder of a card,
    read from the hands as dealt ("dealt"), that deal's auction starts from a seat dealt the card
    (one dealt none lay in the kitty: then, and for the dealer and the seat after, whom the log
    does not name, nothing is checked)."""
    auction = rules.auction
    first_hand = entry.get("first_hand")
    if not auction.first_hand_bidder:
        if "first_hand" in entry:
            problems.append("first_hand: logged, but the first bidder is the same in every hand")
        return
    if not isinstance(first_hand, bool):
        problems.append("first_hand: true or false is needed where the first hand's first bidder differs")
        return
    rules_in_order = ([(auction.first_hand_bidder, auction.first_hand_card)] if first_hand else [])
    rules_in_order.append((auction.first_bidder, auction.first_bidder_card))
    for bidder, card in rules_in_order:
        if bidder != "holder" or len(dealt) != rules.table.players:
            return  # the dealer, whom the log does not name
        holders = [seat for seat, cards in enumerate(dealt) if parse_token(card) in cards]
        if holders:
            if first not in holders:
                problems.append(f"bids: seat {first} bids first, but the holder of {card} does (seat "
                                f"{' or '.join(map(str, holders))})")
            return


def _check_in_turn(entry: dict[str, Any], rules: Rules, banker: int, level: str | None, trump: Any,
                   problems: list[str]) -> None:
    """With declaring in turn (``declaring.in_turn``), the logged round ("in_turn": the first hand
    or not, the seat asked first, each turn [seat, cards or null]) is there exactly in a hand the
    rules declare in turn; the turns go round from the first seat, each a pass but the last, which
    declares at the hand's level (the declarer banks, with its trump unless overturned after the
    kitty); after every player passes, the first seat banks."""
    if not _logged_where_ruled(entry, "in_turn", rules.declaring.in_turn, problems,
                               unruled="logged, but the rules do not declare in turn",
                               needed="missing, but the rules declare in turn"):
        return
    logged = entry["in_turn"]
    if logged is None:
        if level is not None and rules.declaring.in_turn and not rules.declaring.in_turn_when:
            problems.append("in_turn: null, but the rules declare every hand in turn")
        return
    n = rules.table.players
    if (not isinstance(logged, dict) or set(logged) != {"first_hand", "first", "turns"}
            or not isinstance(logged["first_hand"], bool) or not _is_int(logged["first"])
            or not 0 <= logged["first"] < n or not isinstance(logged["turns"], list)):
        problems.append("in_turn: an object with first_hand (true or false), first (a seat) and turns "
                        "([seat, cards or null] each)")
        return
    if level is None:
        problems.append("in_turn: a hand with no level rank is not declared")
        return
    if not declares_in_turn(rules, logged["first_hand"], level):
        problems.append("in_turn: the rules do not declare this hand in turn")
    turns = logged["turns"]
    if not 1 <= len(turns) <= n:
        problems.append(f"in_turn: between 1 and {n} turns, not {len(turns)}")
        return
    for at, item in enumerate(turns):
        expected = (logged["first"] + at) % n
        if not isinstance(item, list) or len(item) != 2 or item[0] != expected:
            problems.append(f"in_turn, turn {at + 1}: [seat, cards or null] of seat {expected}, not {item!r}")
            return
        last = at == len(turns) - 1
        if item[1] is None:
            if last and len(turns) < n:
                problems.append(f"in_turn: seat {item[0]} passed, yet the declaring stops before every player had a turn")
            continue
        if not last:
            problems.append(f"in_turn, turn {at + 1}: seat {item[0]} declared, yet the declaring goes on")
            return
        try:
            declared = rules.declaration(item[1], level)
        except (CardNotationError, EngineError, TypeError) as why:
            problems.append(f"in_turn, turn {at + 1}: {why}")
            return
        if declared is None:
            problems.append(f"in_turn: {item[1]} of seat {item[0]} declares nothing at level {level}")
            return
        if banker != item[0]:
            problems.append(f"in_turn: seat {item[0]} declared, so it banks, not seat {banker}")
        if not rules.declaring.overturn_after_kitty and declared.trump != trump:
            problems.append(f"in_turn: seat {item[0]} declared {declared.trump or 'no-trump'}, "
                            f"but the trump is {trump or 'no-trump'}")
        return
    if banker != in_turn_banker(rules, logged["first"]):
        problems.append(f"in_turn: every player passed, so seat {in_turn_banker(rules, logged['first'])} banks, "
                        f"not seat {banker}")


def _check_contest(entry: dict[str, Any], rules: Rules, banker: int, level: str | None, trump: str | None,
                   hands: list[list[Card]], kitty: Sequence[Card], problems: list[str]) -> None:
    """With a contest for the first trump (``declaring.first_banker`` "contest"), the logged
    contest ({winner, named} in the game's first hand, null after it): the winner banks, and the
    suit they named is that of a level card they held (so one in their hand as the tricks begin or
    in the kitty buried), and trump; where the rules overturn after the kitty, an overturner may
    have taken both, and only the winner's bank is checked."""
    if not _logged_where_ruled(entry, "contest", rules.declaring.first_banker == "contest", problems,
                               unruled="logged, but the rules have no contest for the first trump",
                               needed="the rules have a contest for the first trump: log it (null after the "
                                      "first hand)"):
        return
    won = entry["contest"]
    if won is None:
        return
    n = rules.table.players
    if not isinstance(won, dict) or set(won) != {"winner", "named"} or not _is_int(won["winner"]) \
            or not 0 <= won["winner"] < n:
        problems.append(f"contest: {{\"winner\": a seat 0..{n - 1}, \"named\": a suit or null}}, not {won!r}")
        return
    winner, named = won["winner"], won["named"]
    if banker != winner:
        problems.append(f"contest: seat {winner} won the contest and banks, not seat {banker}")
    if named is None:
        return
    if named not in SUITS:
        problems.append(f"contest: the winner names a suit, not {named!r}")
        return
    if rules.declaring.overturn_after_kitty:
        return  # an overturner takes the kitty (the winner's buried cards with it) and the trump
    held = [*hands[winner], *kitty]
    if not any(not c.is_joker and c.rank == level and c.suit == named for c in held):
        problems.append(f"contest: seat {winner} named {named}, but held no level card of it")
    if trump != named:
        problems.append(f"contest: seat {winner} named {named}, so trump is {named}, not {trump}")


def _check_cuts(entry: dict[str, Any], rules: Rules, ctx: Any, problems: list[str]) -> None:
    """With a cut for the first hand's dealer (``declaring.first_dealer`` "cut"), the logged cuts
    ([seat, card] each; none after the first hand): every seat cuts in turn from seat 0, then the
    seats tied with identical highest cards again, until one is highest; that seat deals, so it is
    asked first where the hand is declared in turn."""
    cut = rules.declaring.first_dealer == "cut"
    if not cut:
        if "cuts" in entry:
            problems.append("cuts: logged, but the rules do not cut for the first dealer")
        return
    cuts = entry.get("cuts")
    n = rules.table.players
    if not isinstance(cuts, list) or not all(isinstance(c, list) and len(c) == 2 and _is_int(c[0]) for c in cuts):
        problems.append("cuts: a list of [seat, card] is needed where the rules cut for the first dealer")
        return
    if not cuts:
        return
    seats: tuple[int, ...] = tuple(range(n))
    at = 0
    while True:
        round_ = cuts[at:at + len(seats)]
        if [c[0] for c in round_] != list(seats):
            problems.append(f"cuts: seats {list(seats)} cut in turn, not {[c[0] for c in round_]}")
            return
        try:
            cards = [(seat, ctx.cards(card)[0]) for seat, card in round_]
        except (CardNotationError, IndexError, TypeError) as why:
            problems.append(f"cuts: {why}")
            return
        at += len(seats)
        seats = cut_winner(rules, cards)
        if len(seats) == 1:
            break
    if at != len(cuts):
        problems.append(f"cuts: seat {seats[0]} cut the highest card, yet the cutting goes on")
        return
    turns = entry.get("in_turn")
    if (isinstance(turns, dict) and turns.get("first_hand") and _is_int(turns.get("first"))
            and in_turn_banker(rules, turns["first"]) != seats[0]):
        asked = seat_of(rules.declaring.in_turn_first, rules.table.players, banker=seats[0])
        problems.append(f"in_turn: seat {seats[0]} won the cut and deals, so seat {asked} is asked first")


def _check_weak_hands(entry: dict[str, Any], rules: Rules, level: str | None, hands: list[list[Card]],
                      problems: list[str]) -> None:
    """Each deal thrown in for a weak hand must hold a hand the rules let be redealt; where the
    rules redeal such hands automatically, the deal played must hold none (a hand other than the
    banker's is logged as dealt, unless others overturned after the kitty exchange)."""
    decl = rules.declaring
    logged = entry.get("weak_hands")
    if decl.redeal_when:
        _check_asked_redeals(logged, rules, problems)
        return
    if not decl.redeal_hands:
        if logged is not None:
            problems.append("weak_hands: logged, but the rules never redeal a weak hand")
        return
    if not isinstance(logged, list):
        problems.append("weak_hands: a list of the deals thrown in for a weak hand is needed with these rules")
        return
    n = rules.table.players
    for i, row in enumerate(logged, start=1):
        where = f"weak hand {i}"
        if not (isinstance(row, dict) and _is_int(row.get("seat")) and 0 <= row["seat"] < n
                and isinstance(row.get("hand"), str)):
            problems.append(f"{where}: needs seat, hand and trump")
            continue
        try:
            hand = rules.context(level, row.get("trump")).cards(row["hand"])
            weak = rules.may_redeal(hand, level, row.get("trump"))
        except (CardNotationError, EngineError) as why:
            problems.append(f"{where}: {why}")
            continue
        if len(hand) != rules.table.hand_size:
            problems.append(f"{where}: seat {row['seat']} was dealt {len(hand)} cards, not {rules.table.hand_size}")
        elif not weak:
            problems.append(f"{where}: seat {row['seat']}'s hand {row['hand']} does not allow a redeal")
    # the last deal allowed is played whatever it holds
    if decl.redeal_by == "automatic" and not decl.overturn_after_kitty and len(logged) < MAX_DEALS - 1:
        banker, trump = entry["banker"], entry["trump"]
        for seat, hand in enumerate(hands):
            if seat != banker and rules.may_redeal(hand, level, trump):
                problems.append(f"seat {seat}'s hand allows a redeal, which the rules make at once, "
                                "yet it was played")


def _check_bank_cleared(entry: dict[str, Any], rules: Rules, banker: int, problems: list[str]) -> None:
    """Where a redeal clears the bank (``declaring.redeal_clears_bank``), the log says whether it
    did (``bank_cleared``): only after a deal thrown in for a weak hand, and then the final
    declarer (``declarer``) banks where the first banker is the final declarer."""
    if not rules.declaring.redeal_clears_bank:
        if "bank_cleared" in entry:
            problems.append("bank_cleared: logged, but no redeal clears the bank under these rules")
        return
    cleared = entry.get("bank_cleared")
    if not isinstance(cleared, bool):
        problems.append("bank_cleared: true or false is needed with these rules")
        return
    if not cleared:
        return
    if not entry.get("weak_hands"):
        problems.append("bank_cleared: the bank was cleared, but no deal was thrown in for a weak hand")
    declarer = entry.get("declarer", -1)
    if declarer is not None and not (_is_int(declarer) and 0 <= declarer < rules.table.players):
        problems.append(f"declarer: {declarer!r} is not a seat or null")
    elif (declarer is not None and rules.declaring.first_banker == "final-declarer"
          and rules.declaring.level_cards == "hand" and declarer != banker):
        problems.append(f"the bank was cleared, so the final declarer, seat {declarer}, banks, not seat {banker}")


def _check_asked_redeals(logged: Any, rules: Rules, problems: list[str]) -> None:
    """Each deal thrown in where a condition says who may ask (``declaring.redeal_when``): its
    asker's dealt hand holds the points and trumps logged, and the condition held of the asker,
    with the banker, level and first hand logged and the deals thrown in before it."""
    if not isinstance(logged, list):
        problems.append("weak_hands: a list of the deals thrown in for a redeal is needed with these rules")
        return
    n = rules.table.players
    keys = ["banker", "first_hand", "hand", "level", "points", "seat", "trump", "trumps"]
    for i, row in enumerate(logged):
        where = f"weak hand {i + 1}"
        if not (isinstance(row, dict) and sorted(row) == keys and _is_int(row["seat"]) and 0 <= row["seat"] < n
                and _is_int(row["banker"]) and 0 <= row["banker"] < n and isinstance(row["hand"], str)
                and isinstance(row["first_hand"], bool) and _is_int(row["points"]) and _is_int(row["trumps"])):
            problems.append(f"{where}: needs seat, hand, trump, banker, level, first_hand, points and trumps")
            continue
        seat = row["seat"]
        try:
            hand = rules.context(row["level"], row["trump"]).cards(row["hand"])
            turn = rules.redeal_turn(hand, row["level"], row["trump"],
                                     attacker=seat not in banker_team(rules, row["banker"]),
                                     first_hand=row["first_hand"], redeals=i)
        except (CardNotationError, EngineError) as why:
            problems.append(f"{where}: {why}")
            continue
        if len(hand) != rules.table.hand_size:
            problems.append(f"{where}: seat {seat} was dealt {len(hand)} cards, not {rules.table.hand_size}")
        elif (turn.points, turn.trumps) != (row["points"], row["trumps"]):
            problems.append(f"{where}: seat {seat}'s hand holds {turn.points} points and {turn.trumps} trumps, "
                            f"not {row['points']} and {row['trumps']}")
        elif not may_ask_redeal(turn):
            problems.append(f"{where}: the rules do not let seat {seat} ask for a redeal with {row['hand']}")


def _teams_known(rules: Rules, banker: int, calls: list[tuple[Card, int]],
                 plays: list[tuple[int, tuple[Card, ...]]], skip_banker: bool) -> tuple[int, ...] | None:
    """The banker's friends once the teams are known after ``plays``: () with fixed teams; with
    called partners, those the calls revealed once every call is answered, else None."""
    if rules.table.partnership != "called":
        return ()
    friends, resolved = _friends_found(banker, calls, plays, skip_banker, rules.table.join_twice)
    return tuple(sorted(friends)) if resolved else None


def _friends_found(banker: int, calls: list[tuple[Card, int]], plays: list[tuple[int, tuple[Card, ...]]],
                   skip_banker: bool, join_twice: bool = True) -> tuple[set[int], bool]:
    """The friends that ``plays`` (seat, cards, in play order) reveal, and whether every call is
    resolved: a call resolves on the play that brings the copies of its card up to its ordinal
    (the banker's copies left out with ``skip_banker``); without ``join_twice``, not on a play of
    a player already on the banker's team, but on the next copy another player plays."""
    friends: set[int] = set()
    seen = [0] * len(calls)
    resolved = [False] * len(calls)
    for seat, play in plays:
        if skip_banker and seat == banker:
            continue
        for at, (face, ordinal) in enumerate(calls):
            if resolved[at] or face not in play:
                continue
            seen[at] += play.count(face)
            if seen[at] < ordinal:
                continue
            on_team = seat == banker or seat in friends
            if on_team and not join_twice:
                continue
            resolved[at] = True
            if not on_team:
                friends.add(seat)
    return friends, all(resolved)


def _known_partners(rules: Rules, leader: int, banker: int, calls: list[tuple[Card, int]],
                    plays: list[tuple[int, tuple[Card, ...]]], other_seats: list[int],
                    skip_banker: bool) -> list[int]:
    """Finding Friends: the indexes in ``other_seats`` of the players the table knows to be the
    leader's partners when the trick is led (the banker's team as revealed so far; the attackers
    once every call is resolved)."""
    friends, known = _friends_found(banker, calls, plays, skip_banker, rules.table.join_twice)
    bankers = {banker} | friends
    if leader in bankers:
        mates = bankers
    elif known:
        mates = set(range(rules.table.players)) - bankers
    else:
        mates = set()
    return [i for i, seat in enumerate(other_seats) if seat in mates and seat != leader]


def _check_dealt(entry: dict[str, Any], rules: Rules, banker: int, hands: list[list[Card]],
                 kitty: tuple[Card, ...], cards: Any, problems: list[str]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards as the deal ended ("dealt"), logged where a house rule after a hand reads
    who held a card: a hand of the deal's size per seat, all of them cards of the hand, and a seat
    that never took the kitty, exchanged or overturned after it holds as the tricks begin what it
    was dealt.  The hands as dealt (() when not logged)."""
    wanted = reads_dealt(rules)
    if ("dealt" in entry) != wanted:
        problems.append("dealt: " + ("missing, but a house rule reads who held a card" if wanted
                                     else "logged, but no house rule reads who held a card"))
        if wanted:  # the house rules cannot be read without it
            raise _Stop
        return ()
    if not wanted:
        return ()
    logged = entry["dealt"]
    n = rules.table.players
    if not isinstance(logged, list) or len(logged) != n:
        problems.append(f"dealt: one hand per seat, {n} in all")
        raise _Stop
    dealt = tuple(tuple(cards(h, f"dealt hand of seat {s}")) for s, h in enumerate(logged))
    size = rules.table.hand_size
    for s, h in enumerate(dealt):
        if len(h) != size:
            problems.append(f"dealt: seat {s} was dealt {len(h)} cards, not {size}")
    if Counter(c for h in dealt for c in h) - (Counter(c for h in hands for c in h) + Counter(kitty)):
        problems.append("dealt: the hands as dealt hold cards that are not in the hand")
    if entry.get("trump_by") == "scored":  # not played: the hands are the hands as dealt
        takers: set[int] = set()
    else:
        burier = entry.get("buried_by", banker)
        takers = {burier if _is_int(burier) else banker, banker}
        made = entry.get("exchange")
        if isinstance(made, dict):
            for key in ("seat", "declarer"):
                seat: Any = made.get(key)
                if _is_int(seat):
                    takers.add(seat)
        round_ = entry.get("overturn_round")
        if rules.declaring.overturn_after_kitty:
            if isinstance(round_, dict) and isinstance(round_.get("overturns"), list):
                takers |= {o[0] for o in round_["overturns"] if isinstance(o, list) and o and _is_int(o[0])}
            else:  # who overturned is not logged: any seat may have taken the kitty
                takers = set(range(n))
    for s in range(n):
        if s not in takers and Counter(dealt[s]) != Counter(hands[s]):
            problems.append(f"dealt: seat {s} took no cards after the deal, but was dealt other cards than it holds")
    return dealt


def _check_positions(entry: dict[str, Any], rules: Rules, banker: int, level: str | None,
                     problems: list[str]) -> tuple[int, ...]:
    """Each seat's level as the hand was played, as a position on the ladder ("positions"), logged
    where a rule reads a team's or a player's level: a whole number of 1 or more per seat, on the
    ladder (past its end only where it goes round without end), the banker's at the hand's level
    (unless the bank may go to another team, given up or declared in turn), and with fixed
    teams equal within a team.  The positions (() when not logged)."""
    wanted = reads_levels(rules)
    if ("positions" in entry) != wanted:
        problems.append("positions: " + ("missing, but a rule reads a team's or a player's level" if wanted
                                         else "logged, but no rule reads a team's or a player's level"))
        if wanted:
            raise _Stop
        return ()
    if not wanted:
        return ()
    logged = entry["positions"]
    n = rules.table.players
    if not isinstance(logged, list) or len(logged) != n or not all(_is_int(p) and p >= 1 for p in logged):
        problems.append(f"positions: a whole number of 1 or more per seat, {n} in all")
        raise _Stop
    ranks = level_ladder(rules)
    rounds = rules.levels.rounds
    top = len(ranks) * max(rounds, 1) + (1 if rules.levels.game_end == "beyond-last" else 0)
    high = [p for p in logged if p > top]
    if high and rounds != 0:
        problems.append(f"positions: {high[0]} is past the ladder's last level (position {top})")
    at = logged[banker]
    # (the bank given up, or found by declaring in turn after the deal, goes to another team, who
    # play at the level of the banker the hand was dealt to)
    other_team = rules.declaring.give_up_bank or rules.declaring.in_turn
    if level is not None and not other_team and at <= len(ranks) * max(rounds, 1) and \
            ranks[(at - 1) % len(ranks)] != level:
        problems.append(f"positions: the banker's position {at} is level {ranks[(at - 1) % len(ranks)]}, "
                        f"not the hand's level {level}")
    if rules.table.seated:
        for s in range(n):
            if logged[s] != logged[s % 2]:
                problems.append(f"positions: seats {s % 2} and {s} are partners, at one level, not {logged[s % 2]} "
                                f"and {logged[s]}")
                break
    return tuple(logged)


def _check_declarations(entry: dict[str, Any], rules: Rules, level: str | None, trump: Any, cards: Any,
                        problems: list[str]) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The hand's declarations in order, during the deal and after the kitty ("declarations"),
    logged where a rule reads the hand's overturns: (seat, cards) each, each cards a declaration
    at the hand's level (where the hand's level is everyone's), and the same declarations as the
    logged rounds of declaring during the deal and after the kitty give.  The declarations (() when not logged)."""
    wanted = reads_overturns(rules)
    if ("declarations" in entry) != wanted:
        problems.append("declarations: " + ("missing, but a rule reads the hand's overturns" if wanted
                                            else "logged, but no rule reads the hand's overturns"))
        if wanted:
            raise _Stop
        return ()
    if not wanted:
        return ()
    logged = entry["declarations"]
    n = rules.table.players
    if not isinstance(logged, list) or not all(isinstance(d, list) and len(d) == 2 and _is_int(d[0])
                                               and 0 <= d[0] < n for d in logged):
        problems.append(f"declarations: a list of [seat, cards], each seat one of 0..{n - 1}")
        raise _Stop
    made = tuple((d[0], tuple(cards(d[1], f"declaration {i} of seat {d[0]}"))) for i, d in enumerate(logged))
    if not declares_at_own_level(rules):
        for i, (seat, shown) in enumerate(made):
            if rules.declaration(list(shown), level) is None:
                problems.append(f"declarations: {' '.join(map(str, shown))} of seat {seat} (declaration {i}) is not a "
                                f"declaration at level {level}")
    def same(seat: Any, shown: Any, where: str) -> tuple[Any, list[str]]:
        return seat, sorted(str(c) for c in (cards(shown, where) if isinstance(shown, str) else shown))

    round_ = entry.get("overturn_round")
    if isinstance(round_, dict) and isinstance(round_.get("overturns"), list):
        after = [same(o[0], o[1], "overturn_round") for o in round_["overturns"] if isinstance(o, list) and len(o) == 2]
        if after and [same(seat, shown, "") for seat, shown in made[len(made) - len(after):]] != after:
            problems.append("declarations: the last ones are not the overturns after the kitty that overturn_round "
                            "logs")
    during = entry.get("deal_declaring")
    if isinstance(during, dict) and isinstance(during.get("declarations"), list):
        deal = [same(d[0], d[1], "deal_declaring") for d in during["declarations"] if isinstance(d, list) and len(d) >= 2]
        if [same(seat, shown, "") for seat, shown in made[:len(deal)]] != deal:
            problems.append("declarations: the first ones are not the declarations of the deal that deal_declaring "
                            "logs")
    return made


def _called_next(rules: Rules, banker: int, side: str, team: set[int]) -> int:
    n = rules.table.players
    rot = rules.rotation
    after = [(banker + k) % n for k in range(1, n)]
    if side == "banker":
        if rot.after_hold == "same":
            return banker
        return next((s for s in after if s in team), banker)
    if rot.after_loss == "next-of-team":
        return next((s for s in after if s not in team), (banker + 1) % n)
    return (banker + 1) % n


#: how trump may have been set, as a log with house rules after the hand says it
_TRUMP_BY = ("declared", "fallback", "named", "no-trump")


def _check_after_hand(entry: dict[str, Any], rules: Rules, facts: HandFacts, problems: list[str]) -> None:
    """The house rules after the hand that the hand set off, as logged.  How trump was set is
    logged beside them (no other field says whether anybody declared)."""
    if facts.trump_by not in _TRUMP_BY:
        problems.append(f"trump_by: one of {', '.join(_TRUMP_BY)} (the ruleset has house rules after a hand), "
                        f"not {entry.get('trump_by')!r}")
        return
    expected = list(fired(rules, facts))
    if entry.get("after_hand") != expected:
        problems.append(f"the house rules after the hand set off are {expected}, not {entry.get('after_hand')!r}")
