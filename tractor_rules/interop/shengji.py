"""rbtying/shengji's room settings: a ruleset's export to them, and their import as a ruleset.

rbtying/shengji (the most used open-source Tractor server) keeps a room's settings in its
``PropagatedState`` (core/src/settings.rs); the game-rule fields and their values are listed in
``SETTINGS``.  Whatever no setting changes is fixed in its code (core/src/trick.rs, scoring.rs,
game_state/play_phase.rs): the first player who can stops a throw, the follow order breaks the
lead down step by step, ... (``FIXED``, the statements examples/interop/rbtying-defaults.tractor
states with their sources).

``import_text`` writes a ruleset from settings: it extends the shipped ruleset of the same number
of decks, states rbtying's fixed rules, then one statement per setting, each under a comment naming
the setting.  ``export`` reads the settings off a ruleset; what rbtying cannot play is found by
importing the settings again and comparing the rules it gives with the ruleset's, field by field:
every difference is one line of the loss report, so a ruleset that rbtying plays exactly loses
nothing, and importing an export gives the same settings back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import NOT_PLAY_FIELDS, DeclareStep, KnockBack, Rules
from .jsontext import JSONTextError, loads

#: the field names of ``Rules.to_dict()`` that name or place the rules rather than state them
_NOT_RULES = (*NOT_PLAY_FIELDS, "schema_version")

#: each game-rule setting of ``PropagatedState`` that a ruleset can set, with its values
SETTINGS: dict[str, tuple[str, ...]] = {
    "game_mode": ("Tractor", "FindingFriends"),
    "num_decks": (),
    "kitty_size": (),
    "friend_selection_policy": ("Unrestricted", "TrumpsIncluded", "HighestCardNotAllowed", "PointCardNotAllowed"),
    "advancement_policy": ("Unrestricted", "FullyUnrestricted", "DefendPoints"),
    "kitty_penalty": ("Times", "Power"),
    "throw_penalty": ("None", "TenPointsPerAttempt"),
    "kitty_bid_policy": ("FirstCard",),
    "kitty_theft_policy": ("NoKittyTheft", "AllowKittyTheft"),
    "trick_draw_policy": ("NoProtections", "LongerTuplesProtected"),
    "throw_evaluation_policy": ("All", "Highest", "TrickUnitLength"),
    "first_landlord_selection_policy": ("ByWinningBid", "ByFirstBid"),
    "bid_policy": ("JokerOrGreaterLength",),
    "joker_bid_policy": ("BothTwoOrMore",),
    "bid_reinforcement_policy": ("ReinforceWhileWinning", "OverturnOrReinforceWhileWinning", "ReinforceWhileEquivalent"),
    "jack_variation": ("Disabled", "SingleJack"),
}

#: rbtying's rules that no setting changes: (section, statement, where rbtying has it)
FIXED: tuple[tuple[str, str, str], ...] = (
    ("levels", "next banker: next of team after a hold, next of winners after a loss",
     "the next landlord is the next player of the winning side (play_phase.rs finish_game)"),
    ("declare", "first hand nobody declares: redeal", "no landlord and no bid in the first game: the cards are redrawn"),
    ("lead", "throw stopped by: the first player who can", "the first player in turn who can beat a unit (trick.rs)"),
    ("lead", "failed throw: shortest beaten part", "the smallest unit that player beats, by size then rank (trick.rs)"),
    ("follow", "tractor of n pairs: broken down step by step",
     "the follow order of tractors (ordered_card.rs subsequent_decomposition_ordering)"),
    ("follow", "other leads: broken down step by step", "the follow order of throws (the same decomposition)"),
    ("ruff", "needs: the lead's shape", "a play beats the lead only with the lead's units (TrickFormat::matches)"),
)

_SECTIONS = ("table", "levels", "declare", "lead", "follow", "ruff", "kitty")
_PARENTS = {1: "one-deck", 2: "two-decks", 3: "three-decks", 4: "four-decks"}
_CALL_LIMITS = {"Unrestricted": "not trumps", "TrumpsIncluded": "any",
                "HighestCardNotAllowed": "not trumps, not the highest card",
                "PointCardNotAllowed": "not trumps, not point cards"}
_LIMITS_OF = {("trumps",): "Unrestricted", (): "TrumpsIncluded", ("trumps", "highest"): "HighestCardNotAllowed",
              ("trumps", "points"): "PointCardNotAllowed"}
_COMPARE = {"All": "every part", "Highest": "highest card", "TrickUnitLength": "largest part of the lead"}
_COMPARE_OF = {"every-part": "All", "highest-card": "Highest", "largest-part": "TrickUnitLength"}
_REINFORCE = {"ReinforceWhileWinning": ("yes", "no"), "OverturnOrReinforceWhileWinning": ("yes", "yes"),
              "ReinforceWhileEquivalent": ("only to take back", "no")}
_RBTYING_LADDER = (DeclareStep(1, "level"), DeclareStep(2, "level"), DeclareStep(2, "small-joker"),
                   DeclareStep(2, "big-joker"))


#: fields of ``PropagatedState`` that are not rules of the game (the room, its players, what the
#: screen shows, taking moves back), or rules this version does not import; an import names them
IGNORED: tuple[str, ...] = (
    "players", "observers", "landlord", "max_player_id", "num_games_finished", "landlord_emoji", "chat_link",
    "hide_landlord_points", "hide_played_cards", "should_reveal_kitty_at_end_of_game", "play_takeback_policy",
    "bid_takeback_policy", "game_shadowing_policy", "game_start_policy", "hide_throw_halting_player",
    "game_visibility", "rated", "player_mode", "round_key", "match_key", "start_votes", "first_to_rank",
    "special_decks", "game_scoring_parameters", "max_rank", "tractor_requirements", "bomb_policy",
    "compound_formats", "multiple_join_policy",
)


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
    """The fields read but not imported; an unknown field is an error."""
    unknown = sorted(k for k in settings if k not in SETTINGS and k not in IGNORED)
    if unknown:
        raise SettingsError(f"unknown setting {_json(unknown[0])}: not a field of rbtying/shengji's "
                            "PropagatedState that this version knows")
    return sorted(k for k in settings if k in IGNORED)


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


def import_text(settings: dict, players: int | None = None, name: str = "Imported from rbtying/shengji") -> str:
    """The ruleset (text) that ``settings`` play, for ``players`` players (default: the length of
    the settings' ``players`` list, else 4)."""
    unknown = sorted(set(settings) & {"special_decks"})
    if unknown and settings.get("special_decks"):
        raise SettingsError("special_decks: decks with cards taken out cannot be imported yet")
    if players is None:
        listed = settings.get("players")
        players = len(listed) if isinstance(listed, list) and listed else 4
    if players < 4 or players % 2 and settings.get("game_mode", "Tractor") == "Tractor":
        raise SettingsError(f"a Tractor room of {players} players: rbtying seats two teams alternately, "
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
        raise SettingsError(f"num_decks: {decks} decks; the shipped rulesets have 1 to 4")
    kitty = _count(settings, "kitty_size")
    total = decks * 54
    if kitty is None:  # rbtying's default (initialize_phase.rs): what is left over, at least 5 cards
        kitty = total % players or players
        if kitty < 5:
            kitty += players
    if kitty >= total or (total - kitty) % players:
        raise SettingsError(f"kitty_size: {kitty} cards do not leave {decks * 54 - kitty} cards to deal evenly "
                            f"to {players} players (cards taken out of the deck cannot be imported yet)")
    lines: dict[str, list[str]] = {s: [] for s in _SECTIONS}

    def state(section: str, statement: str, setting: str) -> None:
        lines[section] += [f"  # {setting}", f"  {statement}"]

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

    advancement = _choice(settings, "advancement_policy", "Unrestricted")
    mandatory, defend = {"Unrestricted": ("A", "none"), "FullyUnrestricted": ("none", "none"),
                         "DefendPoints": ("none", "5, 10, K, A")}[advancement]
    state("levels", f"mandatory: {mandatory}", f"advancement_policy {advancement}")
    state("levels", f"defend: {defend}", f"advancement_policy {advancement}")
    jack = _choice(settings, "jack_variation", "Disabled")
    state("levels", "knock back: J to 2" if jack == "SingleJack" else "knock back: none", f"jack_variation {jack}")

    bid = _choice(settings, "bid_policy", "JokerOrGreaterLength")
    joker = _choice(settings, "joker_bid_policy", "BothTwoOrMore")
    if decks >= 2:  # with one deck, the one-deck ladder of single cards
        state("declare", "ladder: 1 level card < 2 level cards < 2 small jokers < 2 big jokers",
              f"bid_policy {bid}, joker_bid_policy {joker}")
    reinforcement = _choice(settings, "bid_reinforcement_policy", "ReinforceWhileWinning")
    reinforce, own = _REINFORCE[reinforcement]
    state("declare", f"reinforce: {reinforce}", f"bid_reinforcement_policy {reinforcement}")
    state("declare", f"overturn own: {own}", f"bid_reinforcement_policy {reinforcement}")
    theft = _choice(settings, "kitty_theft_policy", "NoKittyTheft")
    state("declare", f"overturn after kitty: {'yes' if theft == 'AllowKittyTheft' else 'no'}", f"kitty_theft_policy {theft}")
    fallback = _choice(settings, "kitty_bid_policy", "FirstCard")
    state("declare", "nobody declares: kitty card 1, otherwise no-trump", f"kitty_bid_policy {fallback}")
    first = _choice(settings, "first_landlord_selection_policy", "ByWinningBid")
    state("declare", f"first banker: {'final' if first == 'ByWinningBid' else 'first'} declarer",
          f"first_landlord_selection_policy {first}")

    penalty = _choice(settings, "throw_penalty", "None")
    state("lead", f"throw penalty: {'10 per attempt' if penalty == 'TenPointsPerAttempt' else 'none'}",
          f"throw_penalty {penalty}")
    draw = _choice(settings, "trick_draw_policy", "NoProtections")
    state("follow", f"protect longer sets: {'yes' if draw == 'LongerTuplesProtected' else 'no'}", f"trick_draw_policy {draw}")
    evaluation = _choice(settings, "throw_evaluation_policy", "All")
    state("ruff", f"compare: {_COMPARE[evaluation]}", f"throw_evaluation_policy {evaluation}")
    times = _choice(settings, "kitty_penalty", "Times")
    # (the language bounds every multiplier by six digits: 2 ^ 19; rbtying's Power is unbounded, which
    # differs only for a last lead holding a unit of 20 cards or more)
    state("kitty", f"multiplier: {'2 × size' if times == 'Times' else '2 ^ size, at most 524288'}",
          f"kitty_penalty {times}")
    for section, statement, where in FIXED:
        if decks >= 2 or "pairs" not in statement:  # one deck has no pairs
            state(section, statement, f"fixed in rbtying/shengji: {where}")

    out = ["# Imported from rbtying/shengji settings by 'tractor-rules import --from shengji'.",
           "# Each statement names the setting it comes from; \"fixed\" ones are rbtying's own rules.",
           f"ruleset: {json.dumps(name, ensure_ascii=False)}",
           f"extends: \"{_PARENTS[decks]}\""]
    for section in _SECTIONS:
        out += ["", section, *lines[section]]
    return "\n".join(out) + "\n"


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
    limits = tuple(sorted(rules.table.call_limits, key=("trumps", "highest", "points").index))
    return _LIMITS_OF.get(limits, "Unrestricted")


def _advancement(rules: Rules) -> str:
    levels = rules.levels
    if not levels.defended:
        return "FullyUnrestricted" if not levels.mandatory else "Unrestricted"
    return "DefendPoints"


def _jack(rules: Rules) -> str:
    return "SingleJack" if rules.levels.knock_back == (KnockBack("J", "2"),) else "Disabled"


def _reinforcement(rules: Rules) -> str:
    d = rules.declaring
    if d.reinforce_to_retake:
        return "ReinforceWhileEquivalent"
    return "OverturnOrReinforceWhileWinning" if d.overturn_own else "ReinforceWhileWinning"


def _kitty(rules: Rules) -> str:
    return "Power" if rules.kitty.kind == "formula" and rules.kitty.formula and rules.kitty.formula[0] == "pow" \
        else "Times"


_READERS: dict[str, Callable[[Rules], Any]] = {
    "game_mode": lambda r: {"FindingFriends": {"num_friends": r.table.called_cards}}
    if r.table.partnership == "called" else "Tractor",
    "num_decks": lambda r: r.table.decks,
    "kitty_size": lambda r: r.table.kitty_size,
    "friend_selection_policy": _friend_selection,
    "advancement_policy": _advancement,
    "kitty_penalty": _kitty,
    "throw_penalty": lambda r: "TenPointsPerAttempt" if r.leading.throw_penalty.kind != "none" else "None",
    "kitty_bid_policy": lambda r: "FirstCard",
    "kitty_theft_policy": lambda r: "AllowKittyTheft" if r.declaring.overturn_after_kitty else "NoKittyTheft",
    "trick_draw_policy": lambda r: "LongerTuplesProtected" if r.following.protect_longer_sets else "NoProtections",
    "throw_evaluation_policy": lambda r: _COMPARE_OF[r.ruffing.compare],
    "first_landlord_selection_policy": lambda r: "ByFirstBid" if r.declaring.first_banker == "first-declarer"
    else "ByWinningBid",
    "bid_policy": lambda r: "JokerOrGreaterLength",
    "joker_bid_policy": lambda r: "BothTwoOrMore",
    "bid_reinforcement_policy": _reinforcement,
    "jack_variation": _jack,
}


def export(rules: Rules, load_text: Callable[[str], Rules]) -> Export:
    """rbtying's settings for ``rules``, and what it cannot play of them.  ``load_text`` compiles
    ruleset text (the language is not this layer's to import)."""
    lost: list[str] = []
    settings = {name: _READERS[name](rules) for name in SETTINGS}
    if rules.table.players < 4 or rules.table.players % 2 and rules.table.partnership != "called":
        lost.append(f"table.players: {rules.table.players} players; rbtying seats two teams alternately")
        return Export(settings, lost)
    try:
        played = load_text(import_text(settings, rules.table.players))
    except (SettingsError, ValueError) as error:
        lost.append(f"the settings cannot be played: {error}")
        return Export(settings, lost)
    lost += differences(rules.to_dict(), played.to_dict())
    return Export(settings, lost)


def differences(ours: dict, theirs: dict, path: str = "") -> list[str]:
    """One line per field whose value differs: ``path: ours here, theirs on rbtying/shengji``."""
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
