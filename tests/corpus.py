"""The rulesets that tests run over: every shipped ruleset and gallery file (``EVERY``), and that
corpus cut to one file for each distinct value of the sections a test reads (``distinct``).

Most gallery files change one section of a shipped ruleset (a kitty rule, a level change, a way of
declaring) and leave the others as their parent has them: 118 files have 20 distinct tables, 5
trump orders and 16 sets of combinations.  A test whose outcome depends only on the card order, the
units and the trick's rulings gets nothing from a second file whose compiled sections of the card
play are equal to a first one's: it would check the same rules again, on other random cards.  Such
a test names the sections it reads and runs once per distinct value of them.  A section named too
many costs only time; one left out would lose a case, so a test names every section its subject
reads (the compiled rules object is the engine's only input: no other value can tell two files
apart)."""

from __future__ import annotations

from pathlib import Path

import tractor_rules as tr

REPO = Path(__file__).resolve().parent.parent
GALLERY = REPO / "examples" / "house-rules"
#: every shipped ruleset (by name), then every gallery file (by path, in the order of the names)
EVERY = [*tr.builtin_names(), *(str(p) for p in sorted(GALLERY.glob("*.tractor")))]

#: what a card order, a decomposition into units and a trick's rulings (the follow duty, a throw's
#: check, the winner) read: the table (decks, ranks, points), the trump order, the combinations, the
#: leads, the follow duties and ruffing
CARD_PLAY = ("table", "trumps", "combinations", "leading", "following", "ruffing")


def distinct(sections: tuple[str, ...], names: list[str] | None = None) -> list[str]:
    """The first of ``names`` (default ``EVERY``) in each class of rulesets whose compiled
    ``sections`` are equal, in the order of ``names``."""
    first: dict[tuple[object, ...], str] = {}
    for name in EVERY if names is None else names:
        rules = tr.load(name)
        first.setdefault(tuple(getattr(rules, section) for section in sections), name)
    return list(first.values())


def ids(names: list[str]) -> list[str]:
    """The test ids of ``names``: a shipped ruleset's name, a file's stem."""
    return [Path(name).stem for name in names]
