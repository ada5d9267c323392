"""rbtying/shengji's room settings: a ruleset's export to them, and their import as a ruleset.

rbtying/shengji (the most used open-source Tractor server) keeps a room's settings in its
``PropagatedState`` (core/src/settings.rs); the game-rule fields and their values are listed in
``SETTINGS``.  Each value means what rbtying's code does with it, not what a name suggests: the
comment of each mapping below names the file and the function (or test) of rbtying that gives it
its meaning, as of ``RBTYING_COMMIT``.  Whatever no setting changes is fixed in its code
(mechanics/src/trick.rs, scoring.rs, core/src/game_state/play_phase.rs): the first player who can
stops a throw, the follow order breaks the lead down step by step, ... (``FIXED``, the statements
examples/interop/rbtying-defaults.tractor states with their sources).

``import_ruleset`` writes a ruleset from settings: it extends the shipped ruleset of the same
number of decks, states rbtying's fixed rules, then one statement per setting, defaults included,
each under a comment naming the setting; a setting whose meaning no statement can give is named
in ``Imported.lost`` with the reason.  ``export`` reads the settings off a ruleset; what rbtying
cannot play is found by importing the settings again and comparing the rules it gives with the
ruleset's, field by field (the upgrade table by the outcome of every score), plus the import's own
lost lines: so a ruleset that rbtying plays exactly loses nothing, and importing an export gives
the same settings back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..resources import builtin_path
from ..rules import NOT_PLAY_FIELDS, RANKS, DeclareStep, KnockBack, Rules, expressions
from .jsontext import JSONTextError, loads

#: the commit of rbtying/shengji whose code the mappings follow (mechanics/src/trick.rs,
#: ordered_card.rs); the other files are cited with their own commit where they are older or newer
RBTYING_COMMIT = "15b0b5ee5d4ed3d93564e87c58542abfb0410433"

#: the field names of ``Rules.to_dict()`` that name or place the rules rather than state them, and
#: the upgrade table, compared by outcome (``_table_difference``)
_NOT_RULES = (*NOT_PLAY_FIELDS, "schema_version", "thresholds")

#: rbtying's ranks (mechanics/src/types.rs ``Rank``, serialized by ``Rank::as_str``): the numbers,
#: then "NT", the level with no level rank after A
_MAX_RANKS = (*RANKS[1:], "NT")

#: ``GameScoringParameters::default()`` (mechanics/src/scoring.rs, commit 1e959a91): 20 points a
#: step per deck, two steps to take the bank, a dead zone of one step, the window of 0 on its own,
#: and the bonus level for a smaller Finding Friends landlord team
DEFAULT_SCORING: dict[str, Any] = {
    "step_size_per_deck": 20, "step_adjustments": {}, "num_steps_to_non_landlord_turnover": 2,
    "deadzone_size": 1, "truncate_zero_crossing_window": True,
    "bonus_level_policy": "BonusLevelForSmallerLandlordTeam",
}

#: each game-rule setting of ``PropagatedState`` that a ruleset can set, with its values (empty:
#: a number, a rank or an object, read by its own code)
SETTINGS: dict[str, tuple[str, ...]] = {
    "game_mode": ("Tractor", "FindingFriends"),
    "num_decks": (),
    "kitty_size": (),
    "friend_selection_policy": ("Unrestricted", "TrumpsIncluded", "HighestCardNotAllowed", "PointCardNotAllowed"),
    "multiple_join_policy": ("Unrestricted", "NoDoubleJoin"),
    "advancement_policy": ("Unrestricted", "FullyUnrestricted", "DefendPoints"),
    "max_rank": _MAX_RANKS,
    "kitty_penalty": ("Times", "Power"),
    "throw_penalty": ("None", "TenPointsPerAttempt"),
    "kitty_bid_policy": ("FirstCard", "FirstCardOfLevelOrHighest"),
    "kitty_theft_policy": ("NoKittyTheft", "AllowKittyTheft"),
    "trick_draw_policy": ("NoProtections", "LongerTuplesProtected", "OnlyDrawTractorOnTractor",
                          "LongerTuplesProtectedAndOnlyDrawTractorOnTractor", "NoFormatBasedDraw"),
    "throw_evaluation_policy": ("All", "Highest", "TrickUnitLength"),
    "first_landlord_selection_policy": ("ByWinningBid", "ByFirstBid"),
    "bid_policy": ("JokerOrGreaterLength", "JokerOrHigherSuit", "GreaterLength"),
    "joker_bid_policy": ("BothTwoOrMore", "BothNumDecks", "LJNumDecksHJNumDecksLessOne", "Disabled"),
    "bid_reinforcement_policy": ("ReinforceWhileWinning", "OverturnOrReinforceWhileWinning", "ReinforceWhileEquivalent"),
    "jack_variation": ("Disabled", "SingleJack"),
    "game_scoring_parameters": (),
    "tractor_requirements": (),
    "bomb_policy": ("NoBombs", "AllowBombs", "AllowBombsSuitFollowing"),
    "compound_formats": (),
}

#: rbtying's rules that no setting changes: (section, statement, where rbtying has it)
FIXED: tuple[tuple[str, str, str], ...] = (
    ("levels", "next banker: next of team after a hold, next of winners after a loss",
     "the next landlord is the next player of the winning side (play_phase.rs finish_game)"),
    ("declare", "first hand nobody declares: redeal", "no landlord and no bid in the first game: the cards are redrawn"),
    ("combinations", "grouping: largest units first",
     "a play is split so that its largest unit is the largest it can hold, a tractor before a set "
     "(trick.rs TrickFormat::from_cards, test_play_formats)"),
    ("lead", "throw stopped by: the first player who can", "the first player in turn who can beat a unit (trick.rs)"),
    ("lead", "failed throw: shortest beaten part", "the smallest unit that player beats, by size then rank (trick.rs)"),
    ("follow", "tractor of n pairs: broken down step by step",
     "the follow order of tractors (ordered_card.rs subsequent_decomposition_ordering)"),
    ("follow", "other leads: broken down step by step", "the follow order of throws (the same decomposition)"),
    ("ruff", "needs: the lead's shape", "a play beats the lead only with the lead's units (TrickFormat::matches)"),
)

_SECTIONS = ("table", "levels", "combinations", "declare", "lead", "follow", "ruff", "kitty", "upgrade", "stakes")
_STAKES = ("game points", "multiplier", "coins", "leaving")
_PARENTS = {1: "one-deck", 2: "two-decks", 3: "three-decks", 4: "four-decks"}
#: ``FriendSelectionPolicy`` (core/src/settings.rs; exchange_phase.rs ``set_friends``): the cards the
#: banker may call.  PointCardNotAllowed lets a king be called when aces are the landlord's level
_CALL_LIMITS = {"Unrestricted": "not trumps", "TrumpsIncluded": "any",
                "HighestCardNotAllowed": "not trumps, not the highest card",
                "PointCardNotAllowed": "when not a trump and (not a point card or a K and the level is A)"}


def _parts(condition: tuple) -> frozenset[tuple]:
    """The parts a condition requires together, in any order (``not trumps, not point cards`` is
    ``not point cards, not trumps``)."""
    if not condition:
        return frozenset()
    return frozenset(condition[1:]) if condition[0] == "all" else frozenset((condition,))


#: the parts of the condition each policy's words compile to (``table.call_condition``) → the policy
_POLICY_OF_CONDITION: dict[frozenset[tuple], str] = {
    _parts(expressions.limits_condition(("trumps",))): "Unrestricted",
    frozenset(): "TrumpsIncluded",
    _parts(expressions.limits_condition(("trumps", "highest"))): "HighestCardNotAllowed",
    _parts(("all", ("not", ("fact", "card-trump")),
            ("any", ("not", ("fact", "card-points")), ("all", ("fact", "card-rank", "K"), ("fact", "level-is", "A"))))):
        "PointCardNotAllowed",
    # the nearest: no king at level A (the difference is reported)
    _parts(expressions.limits_condition(("trumps", "points"))): "PointCardNotAllowed",
}
#: ``ThrowEvaluationPolicy`` (mechanics/src/trick.rs, ``Trick::winner``): All, every unit of the
#: challenger higher, unit by unit; Highest, the highest card (``last_card`` of every unit);
#: TrickUnitLength, the units compared largest first, the first that differs deciding, a throw's
#: singles skipped when it holds a larger unit
_COMPARE = {"All": "every part", "Highest": "highest card", "TrickUnitLength": "part by part, largest first"}
_COMPARE_OF = {"every-part": "All", "highest-card": "Highest", "part-by-part": "TrickUnitLength",
               # no rbtying policy keeps the earlier of two plays tied on the largest part: the
               # nearest, whose difference the loss report names
               "largest-part": "TrickUnitLength"}
#: ``BidReinforcementPolicy`` (mechanics/src/bidding.rs, commit 43d14ae1, ``Bid::valid_bids`` and
#: its test ``test_valid_bids``): every policy lets the standing bidder show more of the same card
#: ("We should only be able to reinforce our bid if we are winning for ReinforceWhileWinning and
#: ReinforceWhileEquivalent"); OverturnOrReinforceWhileWinning also lets them overturn their own
#: bid; ReinforceWhileEquivalent also lets an overturned bidder bid as many of their card as the
#: standing bid holds, unless that bid is of jokers ("We still need to do better if the
#: conflicting behavior is for jokers")
_REINFORCE = {"ReinforceWhileWinning": ("yes", "no"), "OverturnOrReinforceWhileWinning": ("yes", "yes"),
              "ReinforceWhileEquivalent": ("yes, and to take back", "no")}


def _joker_allowed(joker_policy: str, kind: str, count: int, decks: int) -> bool:
    """Whether ``count`` jokers of ``kind`` make a bid under ``joker_policy`` (mechanics/src/bidding.rs,
    commit 43d14ae1, ``Bid::valid_bids``: ``Disabled`` no joker bid; ``BothTwoOrMore`` two or more;
    ``BothNumDecks`` as many as the decks; ``LJNumDecksHJNumDecksLessOne`` the small joker as many
    as the decks, the big joker one fewer)."""
    if joker_policy == "Disabled":
        return False
    if joker_policy == "BothTwoOrMore":
        return count >= 2
    if joker_policy == "LJNumDecksHJNumDecksLessOne" and kind == "big-joker":
        return count >= decks - 1
    return count >= decks


def rbtying_ladder(bid_policy: str, joker_policy: str, decks: int) -> tuple[DeclareStep, ...]:
    """The declarations rbtying takes with ``decks`` decks, weakest first (``Bid::valid_bids``): a
    bid is ``count`` identical level cards or jokers; more cards always overturn; of as many
    cards, under ``JokerOrGreaterLength`` (and ``JokerOrHigherSuit``) big jokers overturn small
    jokers and level cards, small jokers overturn level cards, and under ``GreaterLength``
    nothing of as many cards overturns (tied steps).  (``JokerOrHigherSuit`` also lets two or
    more level cards of a higher suit overturn: no ladder says so, the import names it lost.)"""
    steps: list[DeclareStep] = []
    for count in range(1, decks + 1):
        first = True
        for kind in ("level", "small-joker", "big-joker"):
            if kind != "level" and not _joker_allowed(joker_policy, kind, count, decks):
                continue
            steps.append(DeclareStep(count, kind, tied=bid_policy == "GreaterLength" and not first))
            first = False
    return tuple(steps)


_STEP_WORDS = {"level": ("level card", "level cards"), "small-joker": ("small joker", "small jokers"),
               "big-joker": ("big joker", "big jokers")}


def _ladder_text(ladder: tuple[DeclareStep, ...]) -> str:
    """The ``ladder`` statement's value for rbtying's steps (no joker step shows level cards)."""
    out = ""
    for step in ladder:
        one, many = _STEP_WORDS[step.kind]
        words = f"{step.count} {one if step.count == 1 else many}"
        out = words if not out else f"{out} {'=' if step.tied else '<'} {words}"
    return out

#: rbtying's Jack variation, ``BackToTwoSetting::SingleJack`` (core/src/settings.rs,
#: ``is_applicable`` and ``compute``; core/src/game_state/play_phase.rs,
#: ``PlayPhase::check_jacks_last_trick`` and ``compute_player_level_deltas``; the tests
#: ``test_jack_variation_landlord_loses``, ``..._landlord_advances_multiple`` and
#: ``..._non_landlord_advances`` of core/src/game_state/mod.rs): in a hand played at J, when a
#: player outside the landlord's team wins the last trick with one card, a J, every player of the
#: landlord's team goes back to 2, whatever the hand's outcome, and then takes the hand's own
#: level change (a landlord team that held with +2 ends at 4)
_SINGLE_JACK = "knock back: J to 2 when the attackers win the last trick with a single J"
_WIDTHS = {2: "pairs", 3: "triples", 4: "quads"}
#: rbtying's bombs (mechanics/src/trick.rs of the versions with ``BombPolicy``, later than
#: ``RBTYING_COMMIT``; its tests ``test_bomb_*``, the leader's bomb fixed by rbtying/shengji#507):
#: ``is_bomb``, four identical cards or more, played as the whole of a follow of as many cards as
#: the lead (``is_legal_play`` first asks for the lead's number of cards), never stopping a throw
#: (``play_cards`` looks for higher units of the led suit only), and leaving the kitty's multiplier
#: to the lead's units (``Trick::complete``), as here; fewer than four decks hold no bomb, whatever
#: the policy.  ``Trick::_defeats``: a bomb beats any other play, and of two bombs the more cards,
#: then ``compare_effective`` of their card: the suits in ``Trump::suit_ordinal``'s order
#: (mechanics/src/types.rs: trumps first, then the side suits in the order clubs, diamonds, spades,
#: hearts turned to start after the trump suit), then the rank.  ``AllowBombs`` (bombs exempt from
#: following suit) plays as here but for that order of the side suits; ``AllowBombsSuitFollowing``
#: lets a bomb of the led suit, or of trumps, be played whatever the lead's shape asks and whatever
#: of the led suit the hand holds (``test_bomb_suit_following_trump_bomb_allowed``), and a bomb of
#: another side suit from a hand void in the led suit beats the trick
#: (``test_bomb_suit_following_off_suit_allowed_when_void``)
_BOMBS_LOST: dict[str, list[str]] = {
    "AllowBombs": [
        "bomb_policy AllowBombs: between bombs of as many cards, rbtying puts trumps first, then the side suits in a "
        "fixed order (clubs, diamonds, spades, hearts, counted on from the trump suit: with diamonds trump, spades "
        "lowest and clubs highest), and only then the rank; here bombs of side suits rank by their card's rank "
        "alone, the earlier of two equal ones winning"],
    "AllowBombsSuitFollowing": [
        "bomb_policy AllowBombsSuitFollowing: rbtying lets a bomb of the led suit be played whatever the lead's shape "
        "asks for, and a bomb of trumps even by a player who still holds the led suit; here a bomb follows as any "
        "play does",
        "bomb_policy AllowBombsSuitFollowing: rbtying lets a bomb of another side suit, played by a player void in the "
        "led suit, beat the trick, and ranks bombs of side suits by suit before rank; here only bombs of the led "
        "suit or of trumps beat"],
}


#: fields of ``PropagatedState`` that are not rules of the game, with what they are: the room, its
#: players, what the screen shows, taking moves back, and the fields of later servers that keep
#: a match's state; an import names them and leaves them out
NOT_RULES: dict[str, str] = {
    "players": "the room's players (their number is the table's)", "observers": "the room's onlookers",
    "landlord": "who banks the next hand, a state of the room", "max_player_id": "the room's bookkeeping",
    "num_games_finished": "the room's bookkeeping", "landlord_emoji": "the landlord's label on screen",
    "chat_link": "the room's chat link", "hide_landlord_points": "what the screen shows",
    "hide_played_cards": "what the screen shows", "should_reveal_kitty_at_end_of_game": "what the screen shows",
    "hide_throw_halting_player": "what the screen shows",
    "play_takeback_policy": "taking moves back", "bid_takeback_policy": "taking moves back",
    "game_shadowing_policy": "the server's sessions", "game_start_policy": "who may start a hand",
    "game_visibility": "whether the room is listed", "rated": "ratings, outside the game",
    "player_mode": "how players connect", "round_key": "the room's bookkeeping", "match_key": "the room's bookkeeping",
    "start_votes": "the room's bookkeeping",
}
#: fields read but not played as rbtying plays them, with the reason (a later server's match
#: length, decks with cards taken out)
_NOT_IMPORTED: dict[str, str] = {
    "first_to_rank": "a match that ends when a player reaches a rank is not a rule this version writes",
}
#: kept for callers of earlier versions: every field an import reads but does not turn into rules
IGNORED: tuple[str, ...] = (*NOT_RULES, *_NOT_IMPORTED, "special_decks")


class SettingsError(ValueError):
    """Settings that cannot be imported: the message names the setting."""


def _json(value: Any) -> str:
    """A value of the settings for a message: JSON, cut to 80 characters (the settings are anyone's:
    a value may be a megabyte long, or nested hundreds deep)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except RecursionError:
        text = "…"
    return text if len(text) <= 80 else text[:79] + "…"


def check_keys(settings: dict) -> list[str]:
    """The fields read but not imported (each ``name (why)``); an unknown field is an error."""
    unknown = sorted(k for k in settings if k not in SETTINGS and k not in IGNORED)
    if unknown:
        raise SettingsError(f"unknown setting {_json(unknown[0])}: not a field of rbtying/shengji's "
                            "PropagatedState that this version knows")
    return [f"{k} (not a rule of the game: {NOT_RULES[k]})" for k in sorted(settings) if k in NOT_RULES]


# --- import ---------------------------------------------------------------------------------------


def read_settings(text: str) -> dict:
    """Settings from JSON text: the object itself, or a room's state holding it under
    ``"propagated"`` (rbtying's "save settings" file holds the object)."""
    try:
        data = loads(text)
    except JSONTextError as exc:
        where = f"{exc.line}:{exc.column}: " if exc.line is not None else ""
        raise SettingsError(f"{where}not JSON: {exc.reason}") from None
    if isinstance(data, dict) and isinstance(data.get("propagated"), dict):
        data = data["propagated"]
    if not isinstance(data, dict):
        raise SettingsError("expected a JSON object of rbtying/shengji settings")
    return data


def _choice(settings: dict, key: str, default: str) -> str:
    value = settings.get(key, default)
    if value is None:
        return default
    if value not in SETTINGS[key]:
        known = ", ".join(SETTINGS[key])
        raise SettingsError(f"{key}: {_json(value)} cannot be imported (this version reads {known})")
    return value


def _count(settings: dict, key: str) -> int | None:
    value = settings.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise SettingsError(f"{key}: a whole number or null, not {_json(value)}")
    return value


def _whole(value: Any, where: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SettingsError(f"{where}: a whole number of {least} or more, not {_json(value)}")
    return value


def _object(settings: dict, key: str, default: dict) -> dict:
    """An object setting, its missing fields taking rbtying's defaults."""
    value = settings.get(key)
    if value is None:
        return dict(default)
    if not isinstance(value, dict):
        raise SettingsError(f"{key}: an object, not {_json(value)}")
    unknown = sorted(set(value) - set(default))
    if unknown:
        raise SettingsError(f"{key}: unknown field {_json(unknown[0])}")
    return {**default, **value}


def _rank_index(rank: str) -> int:
    return RANKS.index(rank)


# --- the upgrade table: mechanics/src/scoring.rs (commit 1e959a91) -----------------------------------


def _step(params: dict, decks: int, total: int) -> int:
    """``GameScoringParameters::step_size``: the points of one step, checked as rbtying checks it."""
    per_deck = _whole(params["step_size_per_deck"], "game_scoring_parameters: step_size_per_deck")
    adjustments = params["step_adjustments"]
    if not isinstance(adjustments, dict):
        raise SettingsError("game_scoring_parameters: step_adjustments is an object of decks to points")
    adjustment = adjustments.get(str(decks), 0)
    if isinstance(adjustment, bool) or not isinstance(adjustment, int):
        raise SettingsError(f"game_scoring_parameters: step_adjustments: {_json(adjustment)} is not a number")
    step = decks * per_deck + adjustment
    if step <= 0 or step > total:
        raise SettingsError(f"game_scoring_parameters: a step of {_json(step)} points; rbtying needs 5 to {total}")
    if step % 5:
        raise SettingsError(f"game_scoring_parameters: a step of {_json(step)} points; rbtying needs a multiple of 5")
    return step


#: the most steps to the attackers' last listed window (turnover and deadzone) an import reads:
#: far past any score a game reaches (rbtying's defaults come to 3)
MAX_SCORING_STEPS = 100


def _windows(params: dict, decks: int, total: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]], int]:
    """``GameScoringParameters::materialize``: the landlord's winning windows ``(start, end, levels)``
    (end excluded), the losing ones (levels to the attackers), and the step."""
    step = _step(params, decks, total)
    turnover = _whole(params["num_steps_to_non_landlord_turnover"],
                      "game_scoring_parameters: num_steps_to_non_landlord_turnover", 1)
    dead = _whole(params["deadzone_size"], "game_scoring_parameters: deadzone_size")
    if turnover + dead > MAX_SCORING_STEPS:
        # the upgrade table lists every score up to the last window: steps without bound (a
        # deadzone of 2**64) made the import run for ever
        raise SettingsError(f"game_scoring_parameters: num_steps_to_non_landlord_turnover and deadzone_size come to "
                            f"{_json(turnover + dead)} steps; this import reads at most {MAX_SCORING_STEPS}")
    truncate = params["truncate_zero_crossing_window"]
    if not isinstance(truncate, bool):
        raise SettingsError("game_scoring_parameters: truncate_zero_crossing_window is true or false")
    if truncate:
        wins, levels = [], 1
        for offset in range(turnover, 1, -1):
            wins.append(((offset - 1) * step, offset * step, levels))
            levels += 1
        wins += [(5, step, levels), (5 - step, 5, levels + 1)]
    else:
        wins = [((turnover - 1) * step, turnover * step, 1)]
    loses = [(turnover * step, (turnover + dead) * step, 0)] if dead else []
    loses.append(((turnover + dead) * step, (turnover + dead + 1) * step, 1))
    wins.sort()
    if any(a >= b for a, b, _ in wins + loses):
        raise SettingsError("game_scoring_parameters: these steps give rbtying an empty scoring window "
                            "(MaterializedScoringParameters::new refuses them)")
    return wins, loses, step


def rbtying_level_change(params: dict, decks: int, total: int, points: int) -> tuple[str, int]:
    """``MaterializedScoringParameters::score`` for the attackers' ``points``: ("banker", n) or
    ("attackers", n), windows beyond the listed ones repeating by their width (``PropagateMore``)."""
    wins, loses, _ = _windows(params, decks, total)
    if points < wins[-1][1]:
        start, end, levels = wins[0]
        while points < start:
            start, end, levels = start - (end - start), start, levels + 1
        for a, b, n in wins:
            if a <= points < b:
                return ("banker", n)
        return ("banker", levels)
    start, end, levels = loses[-1]
    for a, b, n in loses:
        if a <= points < b:
            return ("attackers", n)
    while points >= end:
        start, end, levels = end, end + (end - start), levels + 1
    return ("attackers", levels)


def _upgrade_rows(params: dict, decks: int, total: int) -> list[str]:
    """The upgrade table of ``params`` as rows: every score from 0 to the last listed window, then
    an open row going up a level a step."""
    _wins, loses, step = _windows(params, decks, total)
    top = loses[-1][0]  # from here on, one more level every step
    rows: list[tuple[int, int, tuple[str, int]]] = []
    for points in range(0, top, 5):
        outcome = rbtying_level_change(params, decks, total, points)
        if rows and rows[-1][2] == outcome:
            rows[-1] = (rows[-1][0], points, outcome)
        else:
            rows.append((points, points, outcome))
    out = []
    for low, high, (side, levels) in rows:
        score = f"{low}" if low == high else f"{low}-{high}"
        out.append(f"{score}: {_outcome(side, levels)}")
    first = rbtying_level_change(params, decks, total, top)
    out.append(f"{top}+: {_outcome(*first)}, +1 every {step}")
    return out


def _outcome(side: str, levels: int) -> str:
    return "swap" if side == "attackers" and levels == 0 else f"{'banker' if side == 'banker' else 'attackers'} +{levels}"


# --- import ---------------------------------------------------------------------------------------


@dataclass
class Imported:
    #: the ruleset's text
    text: str
    #: one line per setting whose rbtying meaning no statement gives: ``setting value: why``
    lost: list[str] = field(default_factory=list)


def import_text(settings: dict, players: int | None = None, name: str = "Imported from rbtying/shengji") -> str:
    """The ruleset (text) that ``settings`` play, for ``players`` players (default: the length of
    the settings' ``players`` list, else 4)."""
    return import_ruleset(settings, players, name).text


def import_ruleset(settings: dict, players: int | None = None,
                   name: str = "Imported from rbtying/shengji") -> Imported:
    """The ruleset that ``settings`` play, and the settings it cannot state (``Imported.lost``)."""
    if settings.get("special_decks"):
        raise SettingsError("special_decks: decks with cards taken out cannot be imported yet")
    if players is None:
        listed = settings.get("players")
        players = len(listed) if isinstance(listed, list) and listed else 4
    if players < 4 or players % 2 and settings.get("game_mode", "Tractor") == "Tractor":
        raise SettingsError(f"a Tractor room of {_json(players)} players: rbtying seats two teams alternately, "
                            "so the players are an even number, 4 or more")
    mode = settings.get("game_mode", "Tractor")
    friends: int | None = None
    if isinstance(mode, dict) and list(mode) == ["FindingFriends"] and isinstance(mode["FindingFriends"], dict):
        friends = mode["FindingFriends"].get("num_friends")
        if friends is None:
            friends = players // 2 - 1
        if isinstance(friends, bool) or not isinstance(friends, int) or friends < 1:
            raise SettingsError(f"game_mode: num_friends is a whole number of 1 or more, not {_json(friends)}")
    elif mode != "Tractor":
        raise SettingsError(f"game_mode: {_json(mode)} is neither \"Tractor\" nor {{\"FindingFriends\": ...}}")
    decks = _count(settings, "num_decks") or players // 2
    if decks not in _PARENTS:
        raise SettingsError(f"num_decks: {_json(decks)} decks; the shipped rulesets have 1 to 4")
    kitty = _count(settings, "kitty_size")
    total = decks * 54
    if kitty is None:  # rbtying's default (initialize_phase.rs): what is left over, at least 5 cards
        kitty = total % players or players
        if kitty < 5:
            kitty += players
    if kitty >= total or (total - kitty) % players:
        raise SettingsError(f"kitty_size: {_json(kitty)} cards do not leave {_json(decks * 54 - kitty)} cards to deal evenly "
                            f"to {players} players (cards taken out of the deck cannot be imported yet)")
    points = decks * 100
    lines: dict[str, list[str]] = {s: [] for s in _SECTIONS}
    lost: list[str] = []

    def state(section: str, statement: str, setting: str) -> None:
        lines[section] += [f"  # {setting}", f"  {statement}"]

    def note(section: str, setting: str) -> None:
        lines[section].append(f"  # {setting}")

    for key, why in _NOT_IMPORTED.items():
        if key in settings:
            lost.append(f"{key} {_json(settings[key])}: {why}")

    state("table", f"players: {players}", f"a room of {players} players")
    if friends is not None:
        state("table", f"partners: by calling {friends} card{'s' if friends != 1 else ''}",
              f"game_mode FindingFriends, num_friends {friends}")
        policy = _choice(settings, "friend_selection_policy", "Unrestricted")
        state("table", f"called cards: {_CALL_LIMITS[policy]}", f"friend_selection_policy {policy}")
    else:
        state("table", f"partners: {'opposite' if players == 4 else 'alternate'}", "game_mode Tractor")
    state("table", f"decks: {decks}", f"num_decks {settings.get('num_decks')}")
    state("table", f"deal: {(total - kitty) // players} each, kitty {kitty}", f"kitty_size {settings.get('kitty_size')}")

    # max_rank (core/src/settings.rs ``MaxRank``, default ``Rank::NoTrump``; mechanics/src/player.rs
    # ``Player::advance``): the ranks go from 2 up to it, and past it a team has won.  NoTrump is a
    # level after A with no level rank (``Trump::NoTrump { number: None }``, mechanics/src/types.rs):
    # only the jokers are trumps
    top = _choice(settings, "max_rank", "NT")
    last = "A" if top == "NT" else top
    state("levels", f"range: 2 to {last}", f"max_rank {top}")
    state("levels", "game end: beyond the last level, jokers only" if top == "NT" else "game end: at the last level",
          f"max_rank {top}")
    # advancement_policy (play_phase.rs ``compute_player_level_deltas``): with Unrestricted and
    # DefendPoints a player at max_rank, or at A when max_rank is NoTrump, must defend it: only the
    # landlord's team passes it, one level at most, and a team going up stops there; DefendPoints
    # adds the point ranks 5, 10 and K; FullyUnrestricted asks nothing, even past max_rank
    advancement = _choice(settings, "advancement_policy", "Unrestricted")
    mandatory, defended = _advancement_levels(advancement, top)
    state("levels", f"mandatory: {', '.join(mandatory) or 'none'}", f"advancement_policy {advancement}")
    state("levels", f"defend: {', '.join(defended) or 'none'}", f"advancement_policy {advancement}, max_rank {top}")
    if advancement == "FullyUnrestricted":
        lost.append(f"advancement_policy FullyUnrestricted: rbtying lets a team that goes past the last level "
                    f"({top}) win the game as attackers or without playing it; here a team stays at the last "
                    "level and wins only by holding the bank there")
    jack = _choice(settings, "jack_variation", "Disabled")
    if jack == "SingleJack" and _rank_index("J") <= _rank_index(last):
        state("levels", _SINGLE_JACK, "jack_variation SingleJack (play_phase.rs check_jacks_last_trick)")
    else:
        state("levels", "knock back: none", f"jack_variation {jack}")
    scoring = _object(settings, "game_scoring_parameters", DEFAULT_SCORING)
    bonus = scoring["bonus_level_policy"]
    if bonus not in ("NoBonusLevel", "BonusLevelForSmallerLandlordTeam"):
        raise SettingsError(f"game_scoring_parameters: bonus_level_policy {_json(bonus)} cannot be imported "
                            "(this version reads NoBonusLevel, BonusLevelForSmallerLandlordTeam)")
    # bonus_level_policy (mechanics/src/scoring.rs ``GameScoreResult::new``; play_phase.rs
    # ``finish_game``): a Finding Friends landlord team smaller than the landlord and one friend per
    # called card that holds the bank goes up one more level
    if friends is not None:
        state("levels", f"bonus for a smaller banker team: {'+1' if bonus != 'NoBonusLevel' else 'none'}",
              f"game_scoring_parameters.bonus_level_policy {bonus}")
    else:
        note("levels", f"game_scoring_parameters.bonus_level_policy {bonus}: Finding Friends only (a Tractor "
                       "landlord team is always whole)")
    join = _choice(settings, "multiple_join_policy", "Unrestricted")
    if friends is None:
        note("levels", f"multiple_join_policy {join}: Finding Friends only")
    elif join == "Unrestricted":
        note("levels", "multiple_join_policy Unrestricted: a called card played by a player already on the "
                       "banker's team is spent, as here (play_phase.rs finish_trick)")
    else:
        state("table", "join twice: no", "multiple_join_policy NoDoubleJoin: a called card played by a player "
                                         "already on the landlord's team waits for the next copy (play_phase.rs "
                                         "finish_trick)")

    # tractor_requirements (mechanics/src/trick.rs ``find_tractors_from_start``): adjacent sets of
    # min_count cards or more, min_length sets or more; the width of a tractor is the least count
    requirements = _object(settings, "tractor_requirements", {"min_count": 2, "min_length": 2})
    count = _whole(requirements["min_count"], "tractor_requirements: min_count", 1)
    length = _whole(requirements["min_length"], "tractor_requirements: min_length", 2)
    widths = [w for w in range(max(count, 2), decks + 1)]
    if count < 2:
        lost.append(f"tractor_requirements min_count {count}: adjacent single cards are no tractor here")
    if widths and length <= 50:
        words = " or ".join(_WIDTHS.get(w, f"sets of {w}") for w in widths)
        state("combinations", f"tractors: {length}+ adjacent {words}",
              f"tractor_requirements min_count {count}, min_length {length}")
    else:
        state("combinations", "tractors: none", f"tractor_requirements min_count {count}, min_length {length}")
    bomb = _choice(settings, "bomb_policy", "NoBombs")
    if bomb == "NoBombs":
        state("combinations", "bombs: none", "bomb_policy NoBombs")
    elif decks < 4:
        state("combinations", "bombs: none", f"bomb_policy {bomb}: a bomb is four identical cards or more "
                                             f"(trick.rs is_bomb), which {decks} deck{'s' if decks != 1 else ''} "
                                             "never hold")
    else:
        state("combinations", "bombs: 4+ identical cards", f"bomb_policy {bomb}: four identical cards or more "
                                                           "(trick.rs is_bomb) beat any other play (Trick::_defeats)")
        lost += _BOMBS_LOST[bomb]
    exempt = "bombs from following suit" if bomb == "AllowBombs" and decks >= 4 else "nothing"
    state("follow", f"exempt: {exempt}", f"bomb_policy {bomb} (trick.rs TrickFormat::is_legal_play)")
    compound = _object(settings, "compound_formats", {"rainbows": None})
    rainbow = compound["rainbows"]
    if rainbow is None:
        state("combinations", "rainbows: none", "compound_formats rainbows null")
    else:
        rainbow = _whole(rainbow, "compound_formats: rainbows")
        if 4 <= rainbow <= 32 and (rainbow + 3) // 4 <= decks:
            state("combinations", f"rainbows: {rainbow}+ cards of one rank in four suits",
                  f"compound_formats rainbows {rainbow}")
        else:
            state("combinations", "rainbows: none", f"compound_formats rainbows {rainbow}")
            lost.append(f"compound_formats rainbows {rainbow}: a rainbow of {rainbow} cards is none with "
                        f"{decks} deck{'s' if decks != 1 else ''} here (4 to 32 cards, 4 a deck)")

    bid = _choice(settings, "bid_policy", "JokerOrGreaterLength")
    joker = _choice(settings, "joker_bid_policy", "BothTwoOrMore")
    ladder = rbtying_ladder(bid, joker, decks)
    state("declare", f"ladder: {_ladder_text(ladder)}",
          f"bid_policy {bid}, joker_bid_policy {joker}, {decks} deck{'s' if decks != 1 else ''} (bidding.rs valid_bids)")
    state("declare", "suit order: none", f"bid_policy {bid}: a level card's suit never overturns")
    if bid == "JokerOrHigherSuit" and decks >= 2:  # one deck never shows two level cards alike
        lost.append("bid_policy JokerOrHigherSuit: rbtying lets two or more level cards of a higher suit overturn as "
                    "many of a lower suit, but not a single card; here no suit overturns another")
    reinforcement = _choice(settings, "bid_reinforcement_policy", "ReinforceWhileWinning")
    reinforce, own = _REINFORCE[reinforcement]
    if decks >= 2:  # one deck holds each card once: nothing is ever shown twice
        state("declare", f"reinforce: {reinforce}", f"bid_reinforcement_policy {reinforcement} (bidding.rs valid_bids)")
        if reinforcement == "ReinforceWhileEquivalent" and any(step.tied and step.kind != "level" for step in ladder):
            lost.append("bid_reinforcement_policy ReinforceWhileEquivalent with bid_policy GreaterLength: rbtying takes "
                        "no bid back from jokers; here level cards as many as the standing jokers take it back")
    else:
        note("declare", f"bid_reinforcement_policy {reinforcement}: one deck shows no card twice, so no bid "
                        "is reinforced")
    state("declare", f"overturn own: {own}", f"bid_reinforcement_policy {reinforcement}")
    # kitty_theft_policy (core/src/game_state/exchange_phase.rs ``ExchangePhase::next_player``):
    # AllowKittyTheft lets the others bid on once the exchanger is done, "&& self.autobid.is_none()":
    # never after a hand whose trump the kitty named
    theft = _choice(settings, "kitty_theft_policy", "NoKittyTheft")
    state("declare", f"overturn after kitty: {'yes' if theft == 'AllowKittyTheft' else 'no'}", f"kitty_theft_policy {theft}")
    if theft == "AllowKittyTheft":
        lost.append("kitty_theft_policy AllowKittyTheft: rbtying takes no bid after the kitty when nobody bid and the "
                    "kitty named trump; here a declaration may still overturn it")
    # kitty_bid_policy (core/src/game_state/draw_phase.rs ``DrawPhase::reveal_card``): nobody bid,
    # the landlord turns the kitty's cards; FirstCard: the first card bids (a joker, no-trump);
    # FirstCardOfLevelOrHighest: the first joker or level card, else the kitty's highest card
    fallback = _choice(settings, "kitty_bid_policy", "FirstCard")
    if fallback == "FirstCard":
        state("declare", "nobody declares: kitty card 1, otherwise no-trump", f"kitty_bid_policy {fallback}")
    else:
        state("declare", "nobody declares: first level card in kitty, otherwise no-trump", f"kitty_bid_policy {fallback}")
        lost.append("kitty_bid_policy FirstCardOfLevelOrHighest: rbtying turns the kitty's cards until a joker (no-trump) "
                    "or a level card, and with neither takes the suit of the highest card; here the first level card "
                    "names trump, and with none the hand is no-trump")
    first = _choice(settings, "first_landlord_selection_policy", "ByWinningBid")
    state("declare", f"first banker: {'final' if first == 'ByWinningBid' else 'first'} declarer",
          f"first_landlord_selection_policy {first}")

    # throw_penalty (play_phase.rs ``finish_trick`` and ``calculate_points``): 10 points for each
    # failed throw, to the other side; rbtying's score may so fall below 0, and its windows go on
    # down (scoring.rs ``MaterializedScoringParameters::score``, test_level_deltas: -40 gives the
    # landlord +4), where this engine's attackers' points stop at 0
    penalty = _choice(settings, "throw_penalty", "None")
    state("lead", f"throw penalty: {'10 per attempt' if penalty == 'TenPointsPerAttempt' else 'none'}",
          f"throw_penalty {penalty}")
    if penalty == "TenPointsPerAttempt":
        below = rbtying_level_change(scoring, decks, points, -5 - _step(scoring, decks, points))
        lost.append(f"throw_penalty TenPointsPerAttempt: rbtying counts the attackers' points below 0 after their "
                    f"penalties ({-5 - _step(scoring, decks, points)} points give {_outcome(*below)}); here they stop at 0")
    # trick_draw_policy (mechanics/src/trick.rs ``TrickFormat::is_legal_play`` and
    # ``UnitLike::check_play``, the tests test_legal_play_pairs and test_protected_tuple):
    # LongerTuplesProtected, a longer set is not broken to give a shorter one; NoFormatBasedDraw,
    # only suit is followed; OnlyDrawTractorOnTractor, a lead that is no tractor is broken down
    # without the steps that ask for a tractor (``TrickFormat::decomposition``), which only a set
    # of four cards or more has (ordered_card.rs ``full_decomposition_ordering``); the last of
    # later versions, LongerTuplesProtectedAndOnlyDrawTractorOnTractor, is both
    draw = _choice(settings, "trick_draw_policy", "NoProtections")
    state("follow", f"duty: {'suit only' if draw == 'NoFormatBasedDraw' else 'priority lists'}", f"trick_draw_policy {draw}")
    state("follow", f"protect longer sets: {'yes' if draw.startswith('LongerTuplesProtected') else 'no'}",
          f"trick_draw_policy {draw}")
    if "OnlyDrawTractorOnTractor" in draw and decks >= 4:
        lost.append(f"trick_draw_policy {draw}: rbtying asks no tractor of a follower to a led set of four cards or "
                    "more; here such a lead draws a tractor of pairs before loose pairs")
    evaluation = _choice(settings, "throw_evaluation_policy", "All")
    state("ruff", f"compare: {_COMPARE[evaluation]}", f"throw_evaluation_policy {evaluation} (trick.rs Trick::winner)")
    times = _choice(settings, "kitty_penalty", "Times")
    # (the language bounds every multiplier by six digits: 2 ^ 19; rbtying's Power is unbounded, which
    # differs only for a last lead holding a unit of 20 cards or more)
    state("kitty", f"multiplier: {'2 × size' if times == 'Times' else '2 ^ size, at most 524288'}",
          f"kitty_penalty {times}")
    rows = _upgrade_rows(scoring, decks, points)
    shown = {k: v for k, v in scoring.items() if k != "bonus_level_policy"}
    note("upgrade", f"game_scoring_parameters {json.dumps(shown, sort_keys=True)} (scoring.rs materialize)")
    lines["upgrade"] += [f"  {row}" for row in rows]
    for section, statement, where in FIXED:
        if decks >= 2 or "pairs" not in statement:  # one deck has no pairs
            state(section, statement, f"fixed in rbtying/shengji: {where}")
    if decks >= 3:
        # the parent's lists for triples and quads are not rbtying's order, the breakdown of every lead
        for lead in _parent_follow_lists(_PARENTS[decks]):
            state("follow", f"{lead}: broken down step by step",
                  "fixed in rbtying/shengji: the follow order of every lead (ordered_card.rs subsequent_decomposition_ordering)")
    if any(w >= 3 for w in widths) and length <= 50:
        # ordered_card.rs full_decomposition_ordering: a tractor of triples broken down keeps a
        # triple next to a pair (adjacent tuples [3, 2]) before loose pairs
        lost.append(f"the follow order with {decks} decks: rbtying breaks a tractor of triples or wider down through "
                    "adjacent sets of different sizes (a triple next to a pair, ordered_card.rs "
                    "full_decomposition_ordering), which no statement gives; here such a step is skipped")
    for key in _parent_stakes(_PARENTS[decks]):  # rbtying keeps no table points
        state("stakes", f"unset: {key}", "rbtying/shengji keeps no table points: no setting for them")

    out = ["# Imported from rbtying/shengji settings by 'tractor-rules import --from shengji'.",
           f"# Each statement names the setting it comes from, read as rbtying/shengji {RBTYING_COMMIT[:8]}",
           "# plays it; \"fixed\" ones are rbtying's own rules, which no setting changes.",
           f"ruleset: {json.dumps(name, ensure_ascii=False)}",
           f"extends: \"{_PARENTS[decks]}\""]
    for section in _SECTIONS:
        if lines[section]:
            out += ["", section, *lines[section]]
    return Imported("\n".join(out) + "\n", lost)


def _parent_keys(parent: str, section: str) -> list[str]:
    """The keys of the statements of the shipped ruleset ``parent``'s ``section``, in order."""

    path = builtin_path(parent)
    if path is None:  # pragma: no cover - the parents are shipped
        return []
    keys, inside = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace():
            inside = line.strip() == section
        elif inside and line.strip() and not line.strip().startswith("#"):
            key = line.strip().split(":", 1)[0]
            if key not in keys:
                keys.append(key)
    return keys


def _parent_stakes(parent: str) -> list[str]:
    """The statements of the shipped ruleset ``parent``'s stakes section."""
    return [key for key in _parent_keys(parent, "stakes") if key in _STAKES]


#: the statements of ``follow`` that are no follow list
_FOLLOW_STATEMENTS = ("duty", "protect longer sets", "other leads", "revoke penalty", "unset")


def _parent_follow_lists(parent: str) -> list[str]:
    """The leads of the follow lists of the shipped ruleset ``parent`` that rbtying's breakdown
    does not follow as written: every list but the pair's (a pair, then two cards: the breakdown
    itself) and the tractor of pairs' (which ``FIXED`` states)."""
    return [key for key in _parent_keys(parent, "follow")
            if key not in _FOLLOW_STATEMENTS and key not in ("pair", "tractor of n pairs")]


def _advancement_levels(advancement: str, top: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The mandatory and the defended levels that play ``advancement`` up to ``top`` (a rank or
    "NT") as play_phase.rs ``compute_player_level_deltas`` does."""
    last = "A" if top == "NT" else top
    if advancement == "FullyUnrestricted":
        return (), ()
    if advancement == "Unrestricted":
        # the last number must be defended: with NT after it, attackers there stay there
        return (last,), (("A",) if top == "NT" else ())
    points = tuple(r for r in ("5", "10", "K") if _rank_index(r) < _rank_index(last))
    return (), (*points, last)


# --- export ---------------------------------------------------------------------------------------


@dataclass
class Export:
    settings: dict
    #: one line per rule rbtying cannot play as the ruleset says
    lost: list[str]


def _friend_selection(rules: Rules) -> str:
    """Only Finding Friends reads it; a game of fixed partners writes rbtying's default."""
    if rules.table.partnership != "called":
        return "Unrestricted"
    return _POLICY_OF_CONDITION.get(_parts(rules.table.call_condition), "Unrestricted")


def _max_rank(rules: Rules) -> str:
    levels = rules.levels
    if levels.game_end == "beyond-last" and levels.last == "A":
        return "NT"
    return levels.last if levels.last in _MAX_RANKS else "NT"


def _level_key(levels: dict) -> tuple:
    """What the mandatory and defended levels change: a defended level is a stop already, and in a
    game won at the last level, the last level stops a team going up and keeps attackers there
    whatever it is."""
    defended = set(levels["defended"])
    mandatory = set(levels["mandatory"]) - defended
    if levels["game_end"] == "last":
        mandatory.discard(levels["last"])
        defended.discard(levels["last"])
    return frozenset(mandatory), frozenset(defended)


def _advancement(rules: Rules) -> str:
    """The policy whose stops are the ruleset's, as far as one is."""
    levels = rules.to_dict()["levels"]
    top = _max_rank(rules)
    for policy in ("Unrestricted", "DefendPoints", "FullyUnrestricted"):
        mandatory, defended = _advancement_levels(policy, top)
        if _level_key({**levels, "mandatory": list(mandatory), "defended": list(defended)}) == _level_key(levels):
            return policy
    if not rules.levels.defended:
        return "FullyUnrestricted" if not rules.levels.mandatory else "Unrestricted"
    return "DefendPoints"


def _jack(rules: Rules) -> str:
    rule = KnockBack("J", "2", "last-trick-single")
    return "SingleJack" if rules.levels.knock_back in ((rule,), (KnockBack("J", "2", "last-trick-single", "J"),)) \
        else "Disabled"


def _reinforcement(rules: Rules) -> str:
    d = rules.declaring
    if d.overturn_own:
        return "OverturnOrReinforceWhileWinning"
    return "ReinforceWhileEquivalent" if d.reinforce_to_retake else "ReinforceWhileWinning"


def _bid_policies(rules: Rules) -> tuple[str, str]:
    """The bid and joker bid policies whose ladder is the ruleset's (the defaults first); else the
    defaults, and the loss report names the ladder."""
    ladder = rules.declaring.ladder
    for bid in ("JokerOrGreaterLength", "GreaterLength"):
        for joker in SETTINGS["joker_bid_policy"]:
            if rbtying_ladder(bid, joker, rules.table.decks) == ladder:
                return bid, joker
    return "JokerOrGreaterLength", "BothTwoOrMore"


def _draw(rules: Rules) -> str:
    if rules.following.duty == "suit":
        return "NoFormatBasedDraw"
    return "LongerTuplesProtected" if rules.following.protect_longer_sets else "NoProtections"


def _kitty(rules: Rules) -> str:
    return "Power" if rules.kitty.kind == "formula" and rules.kitty.formula and rules.kitty.formula[0] == "pow" \
        else "Times"


def _outcomes(level_change: Callable[[int], tuple[str, int]], until: int) -> list[tuple[str, int]]:
    return [level_change(points) for points in range(0, until, 5)]


def _scoring(rules: Rules) -> dict:
    """rbtying's scoring parameters whose table is the ruleset's, found among the steps that put
    the swap and the attackers' first level where the ruleset has them; else rbtying's default.
    The bonus level is the ruleset's with called partners, rbtying's default otherwise (a Tractor
    landlord team is never smaller)."""
    decks, total = rules.table.decks, rules.table.decks * 100
    bonus = "BonusLevelForSmallerLandlordTeam"
    if rules.table.partnership == "called" and rules.levels.short_team_bonus == 0:
        bonus = "NoBonusLevel"
    until = 3 * total + 200
    ours = _outcomes(lambda p: rules.level_change(p), until)
    swap = next((i * 5 for i, (side, _) in enumerate(ours) if side == "attackers"), None)
    gain = next((i * 5 for i, (side, n) in enumerate(ours) if side == "attackers" and n > 0), None)
    if swap and gain:
        for step in range(5, total + 1, 5):
            if swap % step or (gain - swap) % step:
                continue
            for truncate in (True, False):
                params = {**DEFAULT_SCORING, "num_steps_to_non_landlord_turnover": swap // step,
                          "deadzone_size": (gain - swap) // step, "truncate_zero_crossing_window": truncate,
                          "bonus_level_policy": bonus}
                if step != 20 * decks:
                    params["step_adjustments"] = {str(decks): step - 20 * decks}
                try:
                    theirs = _outcomes(lambda p: rbtying_level_change(params, decks, total, p), until)
                except SettingsError:
                    continue
                if theirs == ours:
                    return params
    return {**DEFAULT_SCORING, "bonus_level_policy": bonus}


def _tractor_requirements(rules: Rules) -> dict:
    comb = rules.combinations
    widths = [w for w in comb.tractor_widths if w >= 2]
    # no tractors: sets wider than the decks can hold never make one
    return {"min_count": min(widths) if widths else rules.table.decks + 1, "min_length": comb.tractor_min_length or 2}


def _bomb_policy(rules: Rules) -> str:
    """``NoBombs`` without bombs, or with fewer than four decks, which hold no four identical cards
    (rbtying's least bomb); else ``AllowBombs`` when bombs are exempt from following suit,
    ``AllowBombsSuitFollowing`` when they follow.  The loss report names a bomb of other sizes,
    joined sets and rainbows as bombs, which no policy gives."""
    if not rules.combinations.bomb_width or rules.table.decks < 4:
        return "NoBombs"
    return "AllowBombs" if rules.following.free_bombs else "AllowBombsSuitFollowing"


_READERS: dict[str, Callable[[Rules], Any]] = {
    "game_mode": lambda r: {"FindingFriends": {"num_friends": r.table.called_cards}}
    if r.table.partnership == "called" else "Tractor",
    "num_decks": lambda r: r.table.decks,
    "kitty_size": lambda r: r.table.kitty_size,
    "friend_selection_policy": _friend_selection,
    "multiple_join_policy": lambda r: "Unrestricted" if r.table.join_twice else "NoDoubleJoin",
    "advancement_policy": _advancement,
    "max_rank": _max_rank,
    "kitty_penalty": _kitty,
    "throw_penalty": lambda r: "TenPointsPerAttempt" if r.leading.throw_penalty.kind != "none" else "None",
    "kitty_bid_policy": lambda r: "FirstCardOfLevelOrHighest" if r.declaring.fallback.kind == "level-card" else "FirstCard",
    "kitty_theft_policy": lambda r: "AllowKittyTheft" if r.declaring.overturn_after_kitty else "NoKittyTheft",
    "trick_draw_policy": _draw,
    "throw_evaluation_policy": lambda r: _COMPARE_OF[r.ruffing.compare],
    "first_landlord_selection_policy": lambda r: "ByFirstBid" if r.declaring.first_banker == "first-declarer"
    else "ByWinningBid",
    "bid_policy": lambda r: _bid_policies(r)[0],
    "joker_bid_policy": lambda r: _bid_policies(r)[1],
    "bid_reinforcement_policy": _reinforcement,
    "jack_variation": _jack,
    "game_scoring_parameters": _scoring,
    "tractor_requirements": _tractor_requirements,
    "bomb_policy": _bomb_policy,
    "compound_formats": lambda r: {"rainbows": r.combinations.rainbow_min or None},
}


def export(rules: Rules, load_text: Callable[[str], Rules]) -> Export:
    """rbtying's settings for ``rules``, and what it cannot play of them.  ``load_text`` compiles
    ruleset text (the language is not this layer's to import).  A house rule after a hand written
    as the tree a statement is sugar for is exported as that statement (``as_statements``)."""
    rules = as_statements(rules)
    lost: list[str] = []
    settings = {name: _READERS[name](rules) for name in SETTINGS}
    if rules.table.players < 4 or rules.table.players % 2 and rules.table.partnership != "called":
        lost.append(f"table.players: {rules.table.players} players; rbtying seats two teams alternately")
        return Export(settings, lost)
    try:
        imported = import_ruleset(settings, rules.table.players)
        played = load_text(imported.text)
    except (SettingsError, ValueError) as error:
        lost.append(f"the settings cannot be played: {error}")
        return Export(settings, lost)
    lost += [line for line in differences(rules.to_dict(), played.to_dict())
             if not line.startswith((_AFTER_HAND + ":", _END_EARLY + ":", _CONCEDE + ":"))]
    lost += _house_rules_after_a_hand(rules)
    lost += _end_early(rules)
    lost += _concede(rules)
    lost += _table_difference(rules, played)
    lost += imported.lost
    return Export(settings, lost)


def as_statements(rules: Rules) -> Rules:
    """``rules`` with a house rule after a hand that is the very tree of a statement rbtying has a
    setting for, made that statement: ``when the bankers win and the banker team is smaller than
    usual: the hand gives 1 more level`` is ``bonus for a smaller banker team: +1``
    (``Levels.own_change_rules``; rbtying's ``BonusLevelForSmallerLandlordTeam``, one level, in
    Finding Friends).  Only where the statement is not written already, the rule is written once,
    and no rule on the hand's own level change is written before it (the statement's change is
    made first); any other ``when`` rule stays, and is reported as one rbtying cannot play."""
    levels = rules.levels
    if rules.table.partnership != "called" or levels.short_team_bonus:
        return rules
    found = [at for at, trigger in enumerate(levels.after_hand) if _is_smaller_team_bonus(trigger)]
    if len(found) != 1 or levels.own_change_written()[0] != found[0]:
        return rules
    after_hand = levels.after_hand[:found[0]] + levels.after_hand[found[0] + 1:]
    return replace(rules, levels=replace(levels, short_team_bonus=1, after_hand=after_hand))


def _is_smaller_team_bonus(trigger: Any) -> bool:
    """Whether ``trigger`` is ``bonus for a smaller banker team: +1`` as a house rule after a hand,
    its two conditions in either order."""
    bankers_win, smaller = ("fact", "wins", "bankers"), ("fact", "smaller-team")
    return (tuple(trigger.effects) == (("hand-more-levels", ("num", 1)),)
            and tuple(trigger.condition) in (("all", bankers_win, smaller), ("all", smaller, bankers_win)))


_AFTER_HAND = "levels.after_hand"
_END_EARLY = "levels.end_early"
_CONCEDE = "levels.concede"


def _end_early(rules: Rules) -> list[str]:
    """One line for a rule that ends a hand early: rbtying has no setting for it.  Its table always
    offers to end a hand once the points left cannot reach the next threshold (rbtying/shengji#284),
    a button the players confirm, not counting the kitty's multiplier (#301)."""
    if not rules.levels.end_early:
        return []
    return [f"{_END_EARLY}: rbtying/shengji has no setting for ending a hand early: its table offers to end a "
            "hand once the points left cannot reach the next threshold, the kitty's multiplier not counted, and "
            "the players confirm; the hand then ends by their choice, not by this rule"]


def _concede(rules: Rules) -> list[str]:
    """One line for a player's concession: rbtying's table offers every player to end a hand once the
    points left cannot reach the next threshold (rbtying/shengji#284, #285: its "finish game"
    button, which nobody need press), the kitty's multiplier not counted (#301).  So ``concede: when
    the outcome is decided`` is what it plays, but for the kitty; any other condition is lost.  A
    ruleset that lets nobody concede loses nothing: its hands are the hands rbtying's table plays
    when nobody presses the button."""
    condition = rules.levels.concede
    if not condition:
        return []
    if tuple(condition) == ("fact", "outcome-decided"):
        return [f"{_CONCEDE}: rbtying/shengji lets a player end a hand once the points left cannot reach the next "
                "threshold, as here, but it leaves out the kitty's multiplier: a hand may end there that the "
                "attackers could still turn by winning the last trick and multiplying the kitty"]
    return [f"{_CONCEDE}: rbtying/shengji has no setting for who may end a hand: its table lets every player end "
            "one once the points left cannot reach the next threshold, the kitty's multiplier not counted, and "
            "nobody otherwise; here a player may end it only when this rule's condition holds of them"]


def _house_rules_after_a_hand(rules: Rules) -> list[str]:
    """One line per house rule after a hand, in the words of the rule sheet: rbtying has no such
    rules (its only ones, the Jack variation and the bonus level, are statements of their own)."""
    if not rules.levels.after_hand:
        return []
    # The sheets' words, loaded only for a ruleset that has such rules: importing the sheets costs
    # more than the whole export of any other ruleset.
    from ..render import i18n
    from ..render.sections.expressions import trigger_sentence

    with i18n.language("en"):
        return [f"{_AFTER_HAND}[{at}]: \"{trigger_sentence(trigger)}\" rbtying/shengji has no house rules after a hand"
                for at, trigger in enumerate(rules.levels.after_hand)]


def _table_difference(ours: Rules, theirs: Rules) -> list[str]:
    """One line if the upgrade tables give another outcome for some score: the first such score."""
    until = 3 * ours.table.decks * 100 + 200
    for points in range(0, until, 5):
        a, b = ours.level_change(points), theirs.level_change(points)
        if a != b:
            return [f"thresholds: {points} points give {_outcome(*a)} here; rbtying/shengji plays {_outcome(*b)}"]
    return []


def _normalized(data: dict) -> dict:
    """``data`` with the mandatory and defended levels in the form that says what they change."""
    levels = data.get("levels")
    if not isinstance(levels, dict) or not {"mandatory", "defended", "game_end", "last"} <= set(levels):
        return data
    mandatory, defended = _level_key(levels)
    order = list(RANKS)
    return {**data, "levels": {**levels, "mandatory": sorted(mandatory, key=order.index),
                               "defended": sorted(defended, key=order.index)}}


#: the follow rules that a follow duty of suit alone never reads (engine/rulings/follow.py ``SuitDuty``)
_SHAPE_FOLLOW_FIELDS = ("protect_longer_sets", "lists", "default")


def _without_unused_follow_rules(ours: dict, theirs: dict) -> tuple[dict, dict]:
    """``ours`` and ``theirs`` without the follow rules neither plays: where both follow suit only,
    the shape rules of following are the same game whatever they say."""
    a, b = ours.get("following"), theirs.get("following")
    if not (isinstance(a, dict) and isinstance(b, dict) and a.get("duty") == b.get("duty") == "suit"):
        return ours, theirs

    def strip(follow: dict) -> dict:
        return {k: v for k, v in follow.items() if k not in _SHAPE_FOLLOW_FIELDS}

    return {**ours, "following": strip(a)}, {**theirs, "following": strip(b)}


def differences(ours: dict, theirs: dict, path: str = "") -> list[str]:
    """One line per field whose value differs: ``path: ours here, theirs on rbtying/shengji``."""
    if not path:
        ours, theirs = _normalized(ours), _normalized(theirs)
        ours, theirs = _without_unused_follow_rules(ours, theirs)
    out: list[str] = []
    for key in ours:
        if not path and key in _NOT_RULES:
            continue
        where = f"{path}.{key}" if path else key
        a, b = ours[key], theirs.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += differences(a, b, where)
        elif a != b:
            out.append(f"{where}: {_short(a)} here; rbtying/shengji plays {_short(b)}")
    return out


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:119] + "…"
