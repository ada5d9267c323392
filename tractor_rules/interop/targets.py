"""The engines a ruleset can be exported to and imported from, in one registry: the command line's
``export --to`` and ``import --from`` choices come from it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..api import loads
from ..errors import RulesetError
from ..rules import Rules
from . import shengji


class ImportError_(ValueError):
    """Settings that cannot become a ruleset; the message says which setting and why."""


@dataclass(frozen=True)
class Target:
    name: str
    #: the engine's name in messages
    title: str
    #: rules -> (settings as JSON data, one line per rule the engine cannot play)
    export: Callable[[Rules], tuple[dict, list[str]]]
    #: (settings text, players or None, ruleset name or None) -> (ruleset text, one line per field
    #: not imported: "not imported: FIELD (why)", or "lost: SETTING VALUE: why" for a rule of the
    #: game that the ruleset cannot state)
    import_: Callable[[str, int | None, str | None], tuple[str, list[str]]]
    #: (settings as ``export`` wrote them, players) -> the rules the engine plays with them (None
    #: when that cannot be told): the command line words what an export loses as the rule
    #: sentences of both
    played: Callable[[dict, int], Rules | None] | None = None


def _compile(text: str) -> Rules:
    return loads(text, "<shengji>", allowed_roots=[])


def _shengji_export(rules: Rules) -> tuple[dict, list[str]]:
    found = shengji.export(rules, _compile)
    return found.settings, found.lost


def _shengji_import(text: str, players: int | None, name: str | None) -> tuple[str, list[str]]:
    try:
        settings = shengji.read_settings(text)
        ignored = shengji.check_keys(settings)
        imported = shengji.import_ruleset(settings, players, name or "Imported from rbtying/shengji")
        ruleset = imported.text
        _compile(ruleset)  # what is written compiles
    except shengji.SettingsError as error:
        raise ImportError_(str(error)) from None
    except RulesetError as error:
        raise ImportError_(f"these settings give rules that do not hold together: {error.message}") from None
    return ruleset, [f"not imported: {line}" for line in ignored] + [f"lost: {line}" for line in imported.lost]


def _shengji_played(settings: dict, players: int) -> Rules | None:
    try:
        return _compile(shengji.import_ruleset(settings, players).text)
    except (shengji.SettingsError, RulesetError, ValueError):
        return None


TARGETS: dict[str, Target] = {
    "shengji": Target("shengji", "rbtying/shengji", _shengji_export, _shengji_import, _shengji_played),
}
