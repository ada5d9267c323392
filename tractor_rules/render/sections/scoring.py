"""Scoring and levels, rotation and game end, table stakes."""

from __future__ import annotations

import math
from typing import Any

from ...engine.errors import EngineError
from ...engine.rulings.scoring import MAX_ROW_LEVELS, level_ladder, row_change, row_values
from ...rules import Stakes, expressions
from ...rules.expressions import NUMBER_BOUND, number_range, operators_of
from .. import examples as ex
from ..builder import Builder, Draft, Made
from ..i18n import _, ngettext
from ..model import Table
from ..track import derived, untracked
from ..words import join_and, join_list, outcome_phrase
from .common import sentences
from .expressions import as_written, condition_words, number_words, trigger_sentence

# --- scoring and levels --------------------------------------------------------------------------


def scoring_section(b: Builder) -> None:
    with b.section("scoring", _("Scoring and levels")):
        b.rule("levels.range", _level_range)
        b.rule("levels.rounds", _rounds)
        b.rule("counted", _counted)
        b.rule("thresholds", _upgrade_table)
        b.rule("thresholds.open", _open_rows)
        b.rule("solo_thresholds", _solo_table)
        b.rule("levels.short_team_bonus", _short_team_bonus)
        b.rule("levels.hold_needs_last_trick", _hold_needs_last_trick)
        b.rule("levels.mandatory", _mandatory)
        b.rule("levels.defended", _defended)
        b.example("levels.advance_example", ex.advance_example)
        b.rule("levels.knock_back", _knock_back)
        b.rule("levels.after_hand", _after_hand)
        b.rule("levels.end_early", _end_early)
        b.rule("levels.concede", _concede)


def _counted(r: Any) -> Made:
    if not r.counted:
        return None
    return _("The upgrade table reads %(number)s, not the attackers' score.") % {
        "number": number_words(r.counted)}


def _level_range(r: Any) -> Made:
    if not r.table.seated:
        return _per_player_levels(r)
    try:
        ladder = _ladder(r)
    except EngineError:
        return _("Both teams start at level %(first)s and go up to level %(last)s.") % {
            "first": r.levels.first, "last": r.levels.last}
    if r.levels.chosen:
        return _("Only the levels %(ladder)s are played, in this order: both teams start at level %(first)s, and "
                 "going up one level moves a team to the next of them.") % {
            "first": r.levels.first, "ladder": join_list(list(ladder))}
    return _("Both teams start at level %(first)s and go up through the levels %(ladder)s.") % {
        "first": r.levels.first, "ladder": join_list(list(ladder))}


def _rounds(r: Any) -> Made:
    """A ladder that goes round: how often, what a round changes, and where a team's level is
    moved back to (a player's, with called partners: each keeps a level of their own)."""
    n = r.levels.rounds
    if n == 1:
        return None
    values = {"first": r.levels.first, "last": r.levels.last, "n": n}
    text, more, within = _rounds_per_player(values) if r.table.partnership == "called" else _rounds_per_team(values)
    moves = [e for t in r.levels.after_hand for e in t.effects if e[0] in ("back-to", "to")]
    if not r.levels.knock_back and not moves:
        return sentences(text, more)
    return sentences(text, more, within)


def _rounds_per_team(values: dict[str, Any]) -> tuple[str, str, str]:
    """The rounds said of teams: how the ladder goes round, what a round changes, and where a rule
    that moves a team back sends it."""
    if values["n"]:
        text = _("The levels are climbed %(n)s times: a team that goes up past level %(last)s before the last round "
                 "goes on from level %(first)s in its next round, and the game's end is at level %(last)s of the "
                 "last round.") % values
    else:
        text = _("The levels go round without end: a team that goes up past level %(last)s goes on from level "
                 "%(first)s in its next round, for as long as the game lasts.") % values
    return (text, _("Mandatory and defended levels stop a team in every round, and a team in a later round is above "
                    "any team in an earlier one."),
            _("A rule that sends a team back, or to a level, moves it within its own round."))


def _rounds_per_player(values: dict[str, Any]) -> tuple[str, str, str]:
    """The same said of players, each with a level of their own (called partners)."""
    if values["n"]:
        text = _("The levels are climbed %(n)s times: a player who goes up past level %(last)s before the last "
                 "round goes on from level %(first)s in their next round, and the game's end is at level %(last)s "
                 "of the last round.") % values
    else:
        text = _("The levels go round without end: a player who goes up past level %(last)s goes on from level "
                 "%(first)s in their next round, for as long as the game lasts.") % values
    return (text, _("Mandatory and defended levels stop a player in every round, and a player in a later round is "
                    "above any player in an earlier one."),
            _("A rule that sends a player back, or to a level, moves them within their own round."))


def _ladder(r: Any) -> tuple[str, ...]:
    """``level_ladder``, noting only what it depends on: the trump order matters to the levels only
    through its constant ranks, so a house rule that only adds a constant card (♥5) does not mark
    the levels, and one that removes (or changes) the constant ranks does."""
    r.table.ranks, r.levels.first, r.levels.last, r.levels.chosen
    derived(r.trumps, "constant_ranks")
    return level_ladder(untracked(r))


def _per_player_levels(r: Any) -> Made:
    """With called partners the teams change every hand, so each player keeps a level of their own."""
    values = {"first": r.levels.first, "last": r.levels.last}
    text = _("Every player starts at level %(first)s and keeps a level of their own, since the teams change "
             "from hand to hand: a hand is played at its banker's level, and each player of the side that "
             "gains levels goes up from their own level.") % values
    try:
        ladder = _ladder(r)
    except EngineError:
        return sentences(text, _("The levels run up to %(last)s.") % values)
    return sentences(text, _("The levels are %(ladder)s.") % {"ladder": join_list(list(ladder))})


def _granularity(points: Any) -> int:
    g = 0
    for _rank, value in points:
        g = math.gcd(g, value)
    return g or 5


def _score_range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _can_pass_total(r: Any) -> bool:
    """Whether the attackers' points can pass the deck's total: with a scored kitty (multiplied)
    or penalty points given to them.  Read untracked, as ``_scores_kitty``."""
    plain = untracked(r)
    penalties = (plain.leading.throw_penalty, plain.following.revoke_penalty)
    if plain.counted and _counted_passes_total(plain):
        return True
    return _scores_kitty(r) or any(p.kind in ("per-attempt", "per-card") and p.points > 0 for p in penalties)


def _counted_passes_total(r: Any) -> bool:
    """Whether the number the table is read with (``counted:``) can pass the deck's total: the
    attackers' points with everything else at its extremes (the bid on the auction's grid);
    True when that is not simple to tell."""
    total = r.table.total_points
    a = r.auction
    ranges = {"points": (0, total), "raw-points": (0, total), "kitty-points": (0, total),
              "bid": (min(a.start, a.limit), max(a.start, a.limit)),
              "decks": (r.table.decks, r.table.decks), "players": (r.table.players, r.table.players)}
    reach = number_range(r.counted, ranges)
    return reach is None or reach[1] > total


def _settles_at(last: Any) -> int | None:
    """The score from which the table's last (open) row gives one outcome for good; None if it
    keeps adding levels without limit."""
    if last.every <= 0:
        return last.low
    if last.at_most <= 0:
        return None
    return last.low + last.every * max(0, last.at_most - last.levels)


def _outcome_table(r: Any, thresholds: Any) -> Table:
    """The table of outcomes ``thresholds`` give, rows of equal outcome merged into bands.

    From 0 to the deck's total, or further if a row starts beyond it.  Where the attackers' points
    can pass the total (a multiplied kitty, penalties), the bands go on until the outcome no longer
    changes, the last one open-ended ("480 or more"); a table adding levels without limit closes
    the band that holds the total and ends with an open band ("240 or more: up 4 levels or
    more"), the rule itself said by the sentence under the table."""
    total = r.table.total_points
    end = max(total, *(row.low for row in thresholds))
    open_end = _can_pass_total(r) and thresholds[-1].high == -1
    settle = _settles_at(thresholds[-1]) if open_end else None
    if settle is not None:
        end = max(end, settle)
    step = _granularity(r.table.points)
    values = _row_values(r)
    bands: list[tuple[int, int, tuple[str, int]]] = []
    spans: dict[int, str] = {}  # a band of a row whose levels are a number → its words
    for score in range(0, end + 1, step):
        row = _row_of(thresholds, score)
        if row is not None and row.formula:
            if bands and bands[-1][0] >= row.low and bands[-1][0] in spans:
                bands[-1] = (bands[-1][0], score, bands[-1][2])
            else:
                bands.append((score, score, (row.side, -1)))
                spans[score] = _formula_phrase(r, row, step)
            continue
        outcome = row_change(thresholds, score, values)
        if bands and bands[-1][2] == outcome and bands[-1][0] not in spans:
            bands[-1] = (bands[-1][0], score, outcome)
        else:
            bands.append((score, score, outcome))
    cut = _long_open_row(thresholds, bands)
    if cut is not None:  # an open row adding a level every few points: one band, "or more"
        bands = bands[:cut + 1]
        open_end = False
    rows = [(_score_range(low, high), spans[low] if low in spans else outcome_phrase(*outcome))
            for low, high, outcome in bands]
    if cut is not None:
        low, _high, (side, levels) = bands[-1]
        rows[-1] = (_("%(low)s or more") % {"low": low}, outcome_phrase(side, levels, or_more=True))
    if open_end and bands[-1][0] in spans:  # an open row whose levels are a number: its own words
        low = bands[-1][0]
        rows[-1] = (_("%(low)s or more") % {"low": low}, spans[low])
    elif open_end and settle is not None:
        low, _high, outcome = bands[-1]
        rows[-1] = (_("%(low)s or more") % {"low": low}, outcome_phrase(*outcome))
    elif open_end:
        low, high, outcome = bands[-1]
        while row_change(thresholds, high + step, values) == outcome:  # an open row changes within its step
            high += step
        rows[-1] = (_score_range(low, high), outcome_phrase(*outcome))
        side, levels = row_change(thresholds, high + step, values)
        rows.append((_("%(low)s or more") % {"low": high + step}, outcome_phrase(side, levels, or_more=True)))
    # with 'counted:' the table reads that number, not the attackers' points (the sentence above says
    # which); read untracked, as the table's scope is
    header = _("Points counted") if untracked(r).counted else _("Attackers' points")
    return Table((header, _("Outcome")), tuple(rows))


#: an open row that adds a level every few points is shown as one band, its first outcome "or more",
#: when it would otherwise take more bands than this up to the deck's total (the sentence under the
#: table says the rule)
MAX_OPEN_BANDS = 8


def _long_open_row(thresholds: Any, bands: list[tuple[int, int, tuple[str, int]]]) -> int | None:
    """The index of the open row's first band, when that row adds levels without a cap and takes
    more than ``MAX_OPEN_BANDS`` bands; else None."""
    last = thresholds[-1]
    if last.high != -1 or last.every <= 0 or last.at_most or last.formula:
        return None
    first = next((i for i, band in enumerate(bands) if band[0] >= last.low), None)
    if first is None or len(bands) - first <= MAX_OPEN_BANDS:
        return None
    return first


def _row_values(r: Any) -> dict[str, int]:
    """The quantities the sheet reads a row's levels with besides the points: the table's, and the
    auction's first bid (0 without one).  Read untracked: the rows' own fields mark the table."""
    plain = untracked(r)
    bids = plain.auction.bids()
    return row_values(plain, bids[0] if bids else 0)


def _row_of(thresholds: Any, score: int) -> Any:
    """The row that covers ``score`` (the last whose low end is at or below it)."""
    chosen = None
    for row in thresholds:
        if row.low <= score:
            chosen = row
    return chosen


def formula_examples(r: Any, row: Any, step: int) -> list[tuple[int, int]]:
    """(score, levels) at a few scores of a row whose levels are a number, as the engine gives them:
    its first score, two between, and its last (an open row: up to where its cap is reached)."""
    values = _row_values(r)
    high = row.high
    if high == -1:
        high = row.low
        most = _most_levels(row, values)
        while high < row.low + 2000 and row_change((row,), high, values)[1] < most:
            high += step
    picks = sorted({row.low, *(row.low + (high - row.low) * k // 3 // step * step for k in (1, 2)), high})
    return [(score, row_change((row,), score, values)[1]) for score in picks]


def _most_levels(row: Any, values: dict[str, int]) -> int:
    """The most levels an open row whose levels are a number gives: its cap ('at most +N'), else
    the most its number comes to at any score ('min(..., 6)': 6), as the compiler found it bounded."""
    if row.at_most:
        return row.at_most
    reach = number_range(row.formula, {"points": (row.low, NUMBER_BOUND), **{k: (v, v) for k, v in values.items()}})
    return MAX_ROW_LEVELS if reach is None else min(reach[1], MAX_ROW_LEVELS)


def _formula_phrase(r: Any, row: Any, step: int) -> str:
    """A row whose levels are a number, in the table: the side and the least and most levels."""
    levels = [n for _score, n in formula_examples(r, row, step)]
    low, high = min(levels), max(levels)
    if low == high:
        return outcome_phrase(row.side, low)
    values = {"low": low, "high": high}
    if row.side == "banker":
        return _("banker team up %(low)s to %(high)s levels (below)") % values
    return _("attackers take the bank and go up %(low)s to %(high)s levels (below)") % values


def _scores_kitty(r: Any) -> bool:
    """Whether the attackers can ever score the kitty: a game without one, or whose kitty is never
    scored, has no sentence about it.  Read untracked: the kitty's own rules say how it scores, and
    a house rule changing them must not mark the upgrade table."""
    plain = untracked(r)
    return bool(plain.table.kitty_size) and plain.kitty.kind != "none"


def _table_scope(r: Any) -> str:
    """What the upgrade table's first sentence says of its range of scores."""
    values = {"total": r.table.total_points}
    if not _can_pass_total(r):
        return _("from 0 to %(total)s points") % values
    if _scores_kitty(r):
        return _("a multiplied kitty can take them past the deck's %(total)s points") % values
    return _("penalty points can take them past the deck's %(total)s points") % values


def _upgrade_table(r: Any) -> Made:
    values = {"scope": _table_scope(r)}
    if untracked(r).counted:
        text = _("After each hand the points counted so decide the outcome:")
    elif _scores_kitty(r):
        text = _("After each hand the attackers' points, the kitty's included if they won it, decide the outcome "
                 "(%(scope)s):") % values
    else:
        text = _("After each hand the attackers' points decide the outcome (%(scope)s):") % values
    return Draft(text, table=_outcome_table(r, r.thresholds))


def _solo_table(r: Any) -> Made:
    if r.table.partnership != "called":
        return None  # nobody banks alone with fixed partners
    if not r.solo_thresholds:
        return _("A banker whom nobody joined is scored by the same table.")
    text = _("A banker whom nobody joined (playing alone against everyone) is scored by a table of their own "
             "(%(scope)s):") % {"scope": _table_scope(r)}
    return Draft(text, points=tuple(_open_row_notes(r, "solo_thresholds", _scores_kitty(r))
                                    + _formula_notes(r, r.solo_thresholds)),
                 table=_outcome_table(r, r.solo_thresholds))


def _short_team_bonus(r: Any) -> Made:
    if r.table.partnership != "called":
        return None  # fixed partners always make a whole team
    bonus = r.levels.short_team_bonus
    values = {"n": as_written(r, "levels.short_team_bonus", bonus), "team": 1 + r.table.called_cards}
    if not bonus:
        # beside a solo banker's own table (+9 where others get +3), "no extra level" alone would
        # read as if that table did not count: say what the levels are, and that nothing is added
        solo = bool(_solo_rows(r))
        if r.table.called_cards == 1:  # the only banker team short of players is the banker alone
            if solo:
                return _("A banker whom nobody joined gains the levels of their own table, and no extra level.")
            return _("A banker whom nobody joined gains the levels of the upgrade table, and no extra level.")
        if solo:
            return _("A banker team with fewer players than usual (fewer than %(team)s) gains the levels of its "
                     "table (a banker whom nobody joined, their own), and no extra level.") % values
        return _("A banker team with fewer players than usual (fewer than %(team)s) gains the levels of the "
                 "upgrade table, and no extra level.") % values
    return ngettext("A banker team with fewer players than usual (fewer than %(team)s, when the called cards find "
                    "fewer friends) that holds the bank goes up %(n)s more level.",
                    "A banker team with fewer players than usual (fewer than %(team)s, when the called cards find "
                    "fewer friends) that holds the bank goes up %(n)s more levels.", bonus) % values


def _solo_rows(r: Any) -> list[int]:
    """The rows of a solo banker's table, read so that the sentence that depends on there being one
    notes it (a tuple's length is no field path)."""
    return [row.low for row in r.solo_thresholds]


def _end_early(r: Any) -> Made:
    early = r.levels.end_early
    if not early:
        return None
    if tuple(early) == ("fact", "outcome-decided"):
        made = _("A hand ends as soon as no cards left can change its outcome: the cards left are shown and the "
                 "kitty is not dug.")
    else:
        made = _("A hand ends early, after the first trick at whose end %(condition)s: the cards left are shown, the "
                 "hand is scored from the tricks played, and the kitty is not dug.") % {
                     "condition": condition_words(early)}
    if r.table.partnership == "called":
        made = sentences(made, _("When friends are called, this is asked only once every call is answered and "
                                 "both teams are known."))
    return made


def _concede(r: Any) -> Made:
    """Who may end a hand after a trick (``levels.concede``), and how it is scored: as a hand
    ended early; where the rule for ending early is written too, it is asked first."""
    condition = r.levels.concede
    if not condition:
        return None
    if tuple(condition) == ("fact", "outcome-decided"):
        made = _("After each trick, once no cards left can change the hand's outcome, any player may end the hand: "
                 "each is asked in turn from the trick's winner, and the first who agrees ends it.")
    else:
        made = _("After each trick, a player may end the hand when %(condition)s: each such player is asked in turn "
                 "from the trick's winner, and the first who agrees ends it.") % {
                     "condition": condition_words(condition)}
    made = sentences(made, _("A hand ended so is scored from the tricks played: the cards left are shown and the "
                             "kitty is not dug."))
    if r.levels.end_early:
        made = sentences(made, _("The players are asked only where the rule for ending a hand early has not ended "
                                 "it after that trick."))
    if r.table.partnership == "called":
        made = sentences(made, _("When friends are called, the players are asked only once every call is answered "
                                 "and both teams are known."))
    return made


def _hold_needs_last_trick(r: Any) -> Made:
    if not r.levels.hold_needs_last_trick:
        return _("The banker team gains its levels whoever wins the last trick.")
    return _("The banker team goes up only if it also wins the last trick: holding the bank without it, the banker "
             "team keeps the bank but gains no level.")


def _open_rows(r: Any) -> Made:
    return sentences(*_open_row_notes(r, "thresholds", _scores_kitty(r)), *_formula_notes(r, r.thresholds)) or None


def _formula_notes(r: Any, thresholds: Any) -> list[str]:
    """Each row whose levels are a number, said by the levels the engine gives at a few scores."""
    step = _granularity(r.table.points)
    notes = []
    for row in thresholds:
        if not row.formula:
            continue
        shown = formula_examples(r, row, step)
        if len({n for _score, n in shown}) == 1:
            continue  # the table says the one outcome
        first, *others = shown
        cases = join_and([ngettext("%(n)s level with %(points)s points", "%(n)s levels with %(points)s points",
                                   first[1]) % {"points": first[0], "n": first[1]}]
                         # Translators: a further case after "16 levels with 0 points": "11 with 50"
                         + [_("%(n)s with %(points)s") % {"points": score, "n": n} for score, n in others])
        values = {"low": row.low, "high": row.high, "cases": cases}
        if row.high == -1:
            notes.append(_("From %(low)s points on, the attackers go up by the points: %(cases)s.") % values
                         if row.side == "attackers" else
                         _("From %(low)s points on, the banker team goes up by the points: %(cases)s.") % values)
        elif row.side == "banker":
            notes.append(_("Between %(low)s and %(high)s points the banker team goes up by the points: %(cases)s.")
                         % values)
        else:
            notes.append(_("Between %(low)s and %(high)s points the attackers take the bank and go up by the points: "
                           "%(cases)s.") % values)
    return notes


def _open_row_notes(r: Any, path: str, kitty: bool = True) -> list[str]:
    """The open rows' further levels in words; a number the table's rows were written with as a rule
    expression of the decks and the players (``steps: 20 * decks``, ``every 20 * decks``, ``at most
    +players``) said with its words after it (``Rules.written``)."""
    notes = []
    thresholds = getattr(r, path)
    written = dict(r.written)
    for name in ("steps", "steps_at_most"):
        tree = written.get(f"{path}.{name}")
        if tree is None:
            continue
        value = expressions.evaluate_number(tree, {"decks": r.table.decks, "players": r.table.players})
        if name == "steps":
            notes.append(_("The rows of the table go in steps of %(step)s points.") % {
                "step": as_written(r, f"{path}.{name}", value)})
        else:
            notes.append(_("The attackers' rows give at most %(most)s levels.") % {
                "most": as_written(r, f"{path}.{name}", value)})
    for index, row in enumerate(thresholds):
        if row.high != -1 or not row.every:
            continue
        values = {"low": row.low, "every": as_written(r, f"{path}[{index}].every", row.every),
                  "most": as_written(r, f"{path}[{index}].at_most", row.at_most)}
        if row.at_most:
            notes.append(ngettext("From %(low)s points on, every further %(every)s points give the attackers one "
                                  "more level, up to %(most)s level.",
                                  "From %(low)s points on, every further %(every)s points give the attackers one "
                                  "more level, up to %(most)s levels.", row.at_most) % values)
        elif kitty:
            notes.append(_("From %(low)s points on, every further %(every)s points give the attackers one more "
                           "level, with no limit, even past the deck's total (which a multiplied kitty can "
                           "pass).") % values)
        else:
            notes.append(_("From %(low)s points on, every further %(every)s points give the attackers one more "
                           "level, with no limit.") % values)
    return notes


def _mandatory(r: Any) -> Made:
    levels = list(r.levels.mandatory)
    if not levels:
        if r.levels.defended:  # they stop a team too: "any of them" would be wrong
            return _("No level must be played: a team going up several levels may jump over any level other than "
                     "the defended ones below.")
        return _("No level must be played: a team going up several levels may jump over any of them.")
    return ngettext(
        "Level %(levels)s must be played: a team going up several levels stops there.",
        "Levels %(levels)s must be played: a team going up several levels stops at the first of them it reaches.",
        len(levels),
    ) % {"levels": join_and(levels)}


def _defended(r: Any) -> Made:
    levels = list(r.levels.defended)
    if not levels:
        return _("No level must be defended: attackers go up past any level just as bankers do.")
    return ngettext(
        "Level %(levels)s must be defended: a team going up stops there, as bankers or as attackers, and goes "
        "past it only by holding the bank while playing it; attackers winning at it stay at it.",
        "Levels %(levels)s must be defended: a team going up stops at each of them it reaches, as bankers or as "
        "attackers, and goes past one only by holding the bank while playing it; attackers winning at one stay "
        "at it.",
        len(levels),
    ) % {"levels": join_and(levels)}


def _knock_back(r: Any) -> Made:
    knocks = list(r.levels.knock_back)
    if not knocks:
        return _("Nobody is ever sent back to a lower level.")
    return sentences(*(_knock_sentence(k) for k in knocks))


def _knock_sentence(k: Any) -> str:
    values = {"level": k.level, "to": k.to, "single": k.single_rank}
    if k.when == "any-loss":
        return _("Knock-back: a team that loses a hand while playing level %(level)s goes back to level %(to)s, "
                 "whatever the last trick.") % values
    if k.when == "last-trick-single":
        return _("Knock-back: when the banker team plays level %(level)s and an attacker wins the last trick with a "
                 "single %(single)s, the banker team goes back to level %(to)s, whatever the outcome; the hand's "
                 "level change then counts from there (a banker team that holds the bank goes up from level "
                 "%(to)s).") % values
    return _("Knock-back: a team that loses a hand while playing level %(level)s, the last trick being won by a "
             "single %(single)s, goes back to level %(to)s.") % values


def _after_hand(r: Any) -> Made:
    triggers = list(r.levels.after_hand)
    if not triggers:
        return None
    lead = _("After each hand, once its own level change is made, these house rules apply in this order:")
    return sentences(lead, *(trigger_sentence(t) for t in triggers))


# --- rotation and game end -----------------------------------------------------------------------


def rotation_section(b: Builder) -> None:
    with b.section("rotation", _("Rotation and game end")):
        b.rule("rotation.declarer_banks", _declarer_banks)
        b.rule("rotation.after_hold", _after_hold)
        b.rule("rotation.after_loss", _after_loss)
        b.rule("rotation.named_by_house_rules", _named_by_house_rules)
        b.rule("levels.game_end", _game_end)


def _declarer_banks(r: Any) -> Made:
    if r.declaring.level_cards != "hand" and not r.auction.on and r.declaring.fallback.kind == "player-level-card":
        if r.rotation.declarer_banks:
            return _("The player who made trump in a hand (the last declarer) deals the next hand, whose banker is "
                     "found again by its declaring, or by turning the kitty's cards if nobody declares.")
        return _("Every hand's banker is found again by its declaring, or by turning the kitty's cards if nobody "
                 "declares; the rules below name who deals the next hand.")
    if r.declaring.level_cards != "hand" and not r.auction.on:  # every hand's banker is found by declaring
        if r.rotation.declarer_banks:
            return _("The player who made trump in a hand (the last declarer) deals the next hand, whose banker is "
                     "found again by its declaring.")
        return _("Every hand's banker is found again by its declaring; the rules below name who deals the next "
                 "hand.")
    if not r.rotation.declarer_banks:
        return None  # the two rules below say who banks next, and read this setting too
    return _("The player who made trump in a hand (the last declarer) banks the next hand, whatever happened "
             "in it; after a hand nobody declared in, the next player of the banker team in turn order banks if "
             "the banker team held the bank, the player after the banker if the attackers took it.")


def _next_banker_named(r: Any) -> str:
    """Whether the house rules after a hand name the next banker: "always" (a rule for every hand
    does), "sometimes", or ""."""
    named = [t for t in r.levels.after_hand if any(e[0] == "next-banker" for e in t.effects)]
    if any(t.condition == ("fact", "always") for t in named):
        return "always"
    return "sometimes" if named else ""


def _named_by_house_rules(r: Any) -> Made:
    named = _next_banker_named(r)
    if named == "always":
        return _("The house rules after each hand (in Scoring and levels) name the next banker after every hand.")
    if named == "sometimes":
        return _("When a house rule after the hand (in Scoring and levels) names the next banker, that player "
                 "banks next instead.")
    return None


def _after_hold(r: Any) -> Made:
    if r.rotation.declarer_banks or _next_banker_named(r) == "always":
        return None
    how = r.rotation.after_hold
    if r.declaring.level_cards != "hand" and not r.auction.on:  # they name the next dealer only
        if r.table.partnership == "alone" and how != "same":
            return _("If the banker holds the bank, having no partner, they deal the next hand.")
        if how == "partner":
            return _("If the banker team holds the bank, the banker's partner deals the next hand.")
        if how == "same":
            return _("If the banker team holds the bank, the same banker deals the next hand.")
        return _("If the banker team holds the bank, the next player of the banker team in turn order deals the "
                 "next hand.")
    if r.table.partnership == "alone" and how != "same":  # a banker alone is their own team
        return _("If the banker holds the bank, having no partner, they are the next banker again.")
    if how == "partner":
        return _("If the banker team holds the bank, the banker's partner is the next banker.")
    if how == "same":
        return _("If the banker team holds the bank, the same banker banks again.")
    return _("If the banker team holds the bank, the next player of the banker team in turn order is the next "
             "banker.")


def _after_loss(r: Any) -> Made:
    if r.rotation.declarer_banks or _next_banker_named(r) == "always":
        return None
    if r.declaring.level_cards != "hand" and not r.auction.on:  # they name the next dealer only
        if r.rotation.after_loss == "next-seat":
            return _("If the attackers take the bank, the player after the banker in turn order deals the next hand.")
        return _("If the attackers take the bank, the first of them after the banker in turn order deals the next "
                 "hand.")
    if r.rotation.after_loss == "next-seat":
        return _("If the attackers take the bank, the player after the banker in turn order becomes the banker.")
    return _("If the attackers take the bank, the first of them after the banker in turn order becomes the banker.")


def _game_end(r: Any) -> Made:
    end = r.levels.game_end
    if end == "last":
        return _("The game is won by the team that wins a hand as the banker team while playing level %(last)s.") % {
            "last": r.levels.last}
    if end == "reach-last":
        return _("The game is won by the first team whose level reaches %(last)s, as the banker team or as "
                 "attackers: it does not have to play level %(last)s.") % {"last": r.levels.last}
    if end == "beyond-last":
        return _beyond_last(r)
    if end == "past-last":
        return _("The game is won by the first team that goes up past level %(last)s, as the banker team or as "
                 "attackers.") % {"last": r.levels.last}
    n = r.levels.end_hands
    return ngettext("The match ends after %(n)s hand; the team at the higher level wins.",
                    "The match ends after %(n)s hands; the team at the higher level wins.", n) % {
        "n": as_written(r, "levels.end_hands", n)}


def _beyond_last(r: Any) -> Made:
    last = {"last": r.levels.last}
    if r.levels.beyond_trumps == "no-trump":
        return _("After level %(last)s, one more level is played in no-trump; the team that wins it as the banker "
                 "team wins the game.") % last
    if r.trumps.constant_ranks or r.trumps.constant_cards:
        return _("After level %(last)s, one more level is played with no level rank at all: only the jokers and "
                 "the constant trumps are trumps, and the %(last)ss are plain cards of their suits. The team that "
                 "wins it as the banker team wins the game.") % last
    return _("After level %(last)s, one more level is played with no level rank at all: only the jokers are "
             "trumps, and the %(last)ss are plain cards of their suits. The team that wins it as the banker team "
             "wins the game.") % last


# --- table stakes --------------------------------------------------------------------------------


def stakes_section(b: Builder) -> None:
    if untracked(b.rules.stakes) == Stakes():
        return  # no stakes are set: the section is left out
    with b.section("stakes", _("Table stakes")):
        b.rule("stakes.game_points", _game_points)
        b.rule("stakes.share", _stake_share)
        b.rule("stakes.multipliers", _stake_multipliers)
        b.rule("stakes.coins", _coins)
        b.rule("stakes.leaving", _leaving)


def _game_points(r: Any) -> Made:
    rows = list(r.stakes.game_points)
    if not rows:
        return None
    # how the points move is said here: each winner gains and each loser loses them (``share:
    # each player``), or each loser pays each winner (then said again, at length, by ``_stake_share``)
    pairwise = r.stakes.share == "pairwise"
    table = Table((_("Outcome"), _("Table points")),
                  tuple((outcome_phrase(g.side, g.levels, g.or_more),
                         number_words(g.formula) if g.formula else str(g.points)) for g in rows))
    if rows[0].formula and all(g.formula == rows[0].formula for g in rows):
        # every outcome the table gives is priced (E314), all by one number of the hand
        words = number_words(rows[0].formula)
        if "sub" in operators_of(rows[0].formula):  # only a subtraction comes out below 0
            # Translators: table points worked out from the hand that may come out below 0
            words = _("%(formula)s, or 0 when that is below 0") % {"formula": words}
        if pairwise:
            # Translators: the table points each loser pays each winner, worked out from the hand ("the winning bid")
            return _("Every hand, each of its losers pays each of its winners this many table points: "
                     "%(formula)s.") % {"formula": words}
        # Translators: the same table points whatever the outcome, worked out from the hand ("the winning bid")
        return _("Every hand, its winners gain and its losers lose this many table points: %(formula)s.") % {"formula": words}
    if any(g.formula for g in rows):
        # Translators: the table points of some outcomes are worked out from the hand (its bid, its points)
        return Draft(_("Each hand's outcome scores table points, some worked out from the hand itself when it is "
                       "over (a result below 0 counts as 0):"), table=table)
    return Draft(_("Each hand's outcome scores table points:"), table=table)


def _stake_share(r: Any) -> Made:
    """``share: each loser pays each winner``; the default share is said by the game points'
    sentence (its winners gain and its losers lose the points)."""
    if r.stakes.share != "pairwise":
        return None
    return _("Each loser pays a hand's table points to each winner: a winner gains them once for every loser, "
             "and a loser pays them once for every winner (a banker alone against three receives them from "
             "each of the three, or pays each of them).")


def _stake_multipliers(r: Any) -> Made:
    steps = list(r.stakes.multipliers)
    if not steps:
        return None
    points = tuple(_("when every player has more than %(above)s table points, a hand counts %(factor)s times")
                   % {"above": as_written(r, f"stakes.multipliers[{i}].above", s.above),
                      "factor": as_written(r, f"stakes.multipliers[{i}].factor", s.factor)}
                   for i, s in enumerate(steps))
    return Draft(_("The stakes grow with the table points:"), points)


def _coins(r: Any) -> Made:
    s = r.stakes
    if not s.coins:
        return None
    return _("Coins: X is the number of levels gained plus %(banker)s when the banker team wins, plus "
             "%(attackers)s when the attackers win; each loser pays X times the room's stake, and each winner "
             "receives %(percent)s%% of that.") % {
        "banker": as_written(r, "stakes.banker_base", s.banker_base),
        "attackers": as_written(r, "stakes.attackers_base", s.attackers_base),
        "percent": as_written(r, "stakes.winner_percent", s.winner_percent)}


def _leaving(r: Any) -> Made:
    s = r.stakes
    if not s.leave_penalty and not s.leave_others:
        return None
    return _("A player who leaves the table early loses %(lose)s times the base points; each other player gains "
             "%(gain)s times the base points.") % {"lose": as_written(r, "stakes.leave_penalty", s.leave_penalty),
                                                   "gain": as_written(r, "stakes.leave_others", s.leave_others)}
