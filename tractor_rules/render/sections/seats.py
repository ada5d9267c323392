"""The seats a phase goes round the table from (``rules.expressions.SEATS``), in the words of a
sheet: the order of each phase is said from the same vocabulary the engine reads."""

from __future__ import annotations

from ..i18n import _


def seat_words(name: str) -> str:
    """The seat ``name`` as the subject or object of a sentence ("the player after the banker")."""
    return {
        "banker": _("the banker"),
        "after-banker": _("the player after the banker"),
        "burier": _("the player who buried"),
        "after-burier": _("the player after the one who buried"),
        "declarer": _("the declarer (the banker when nobody declared)"),
        "after-declarer": _("the player after the declarer (after the banker when nobody declared)"),
        "dealer": _("the dealer"),
        "after-dealer": _("the player after the dealer"),
    }[name]


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case (a sentence's subject; other scripts unchanged)."""
    return text[:1].upper() + text[1:]


def audience_words(name: str) -> str:
    """The players the kitty is shown to (``rules.expressions.AUDIENCES``), as the object of a
    sentence ("shown to the banker's partner")."""
    return {
        "everyone": _("every player"),
        "bankers": _("the bankers"),
        "attackers": _("the attackers"),
        "friends": _("the banker's friends"),
        "banker": _("the banker"),
        "partner": _("the banker's partner"),
        "burier": _("the player who buries the kitty"),
        "declarer": _("the player whose declaration stands (nobody when nobody declared)"),
    }[name]
