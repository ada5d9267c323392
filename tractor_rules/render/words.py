"""The game's vocabulary in the sheet's language: cards, combinations, trump bands, outcomes.

Everything here turns one value of the rules (or one card) into words; sentences are built from
these pieces in ``sections/``.  The glossary keeps the English terms and their Chinese together
(RULES.md §1), and the zh catalog is checked against it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .i18n import N_, _, ngettext

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: (English term, Chinese term, meaning): the sheet's glossary, consistent with RULES.md §1
GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("level", "级牌", N_("the rank a team is playing; its cards are trumps")),
    ("trump", "主", N_("jokers, level cards, constant trumps and the trump suit")),
    ("side suit", "副牌", N_("any suit that is not trump")),
    ("no-trump", "无主", N_("a hand with no trump suit")),
    ("constant trump", "常主", N_("a rank that is trump whatever the level")),
    ("banker", "庄家", N_("the team that holds the bank and defends its points")),
    ("attackers", "闲家", N_("the other team; they collect points")),
    ("partner", "对家", N_("the player opposite")),
    ("kitty", "底牌", N_("the cards set aside at the deal and exchanged by the banker")),
    ("declare", "亮主", N_("showing level cards or jokers to name the trump")),
    ("overturn", "反主", N_("a stronger declaration replacing another")),
    ("reinforce", "加固", N_("adding the same cards to one's own declaration")),
    ("trick", "一轮", N_("one play from each player in turn; the highest play wins it")),
    ("single", "单张", N_("one card")),
    ("pair", "对子", N_("two identical cards")),
    ("triple", "三张", N_("three identical cards")),
    ("tractor", "拖拉机", N_("two or more adjacent pairs (or triples, ...) of one suit")),
    ("tractor of pairs", "连对, 3连对", N_("a tractor of two pairs, of three pairs")),
    ("bomb", "炸弹", N_("in some games, many identical cards that beat any other play")),
    ("throw", "甩牌", N_("several top combinations of one suit led at once")),
    ("ruff", "毙, 杀", N_("trumps played to a side-suit lead by a player void in it")),
    ("overtrump", "盖毙", N_("a later, stronger ruff in the same trick")),
    ("discard", "垫牌", N_("cards that neither follow nor ruff; they cannot win")),
    ("big joker / small joker", "大王 / 小王", N_("the two jokers of each deck")),
    ("bury", "扣底", N_("the banker putting cards back face down as the new kitty")),
    ("kitty multiplier", "抠底", N_("the attackers scoring the kitty by winning the last trick")),
    ("collect points", "抓分", N_("winning tricks that hold point cards: the attackers' aim")),
    ("shut out / held low", "大光 / 小光", N_("the attackers ending a hand with no points at all / with less "
                                            "than half the points that take the bank")),
)

# --- cards ---------------------------------------------------------------------------------------


def joker_text(big: bool) -> str:
    return _("BJ") if big else _("SJ")


def card_text(card: Any) -> str:
    """One engine card as printed: "♥10", "BJ"."""
    if card.is_joker:
        return joker_text(str(card) == "BJ")
    return f"{SUIT_GLYPHS[card.suit]}{card.rank}"


def cards_text(cards: Iterable[Any]) -> str:
    return " ".join(card_text(c) for c in cards)


def units_text(units: Iterable[Any]) -> str:
    """A play split into its units: "♥A ♥A ♥K ♥K + ♥Q"."""
    return " + ".join(cards_text(u.cards) for u in units)


def suit_text(suit: str | None) -> str:
    return _("no-trump") if suit is None else SUIT_GLYPHS[suit]


def ranks_text(ranks: Iterable[str]) -> str:
    return ", ".join(ranks)


# --- combinations --------------------------------------------------------------------------------

def unit_noun(width: int, plural: bool) -> str:
    """"pair", "pairs", "set of 5 identical cards"."""
    n = 2 if plural else 1
    if width == 1:
        return ngettext("single", "singles", n)
    if width == 2:
        return ngettext("pair", "pairs", n)
    if width == 3:
        return ngettext("triple", "triples", n)
    if width == 4:
        return ngettext("quad", "quads", n)
    return ngettext("set of %(width)s identical cards", "sets of %(width)s identical cards", n) % {"width": width}


def count_text(per_n: int, plus: int) -> str:
    """A count in terms of the lead's n: "3", "n", "2n", "n-1"."""
    if per_n == 0:
        return str(plus)
    base = "n" if per_n == 1 else f"{per_n}n"
    if plus == 0:
        return base
    return f"{base}{plus:+d}"


def set_phrase(width: int, count: str) -> str:
    """``count`` sets of ``width``: "a pair", "2 singles", "n pairs"."""
    if count == "1":
        return _("a %(unit)s") % {"unit": unit_noun(width, False)}
    return _("%(count)s %(units)s") % {"count": count, "units": unit_noun(width, True)}


def rain_phrase(length: int, pairs: int) -> str:
    """A rain: "a straight of 5 cards with a pair riding along" (``combinations.straight_pairs``)."""
    if pairs == 1:
        return _("a straight of %(length)s cards with a pair riding along") % {"length": length}
    return _("a straight of %(length)s cards with %(pairs)s pairs riding along") % {"length": length, "pairs": pairs}


def tractor_phrase(width: int, length: str, count: str = "1") -> str:
    """"a tractor of 2 pairs", "2 tractors of n triples".  Tractors of pairs have words of their own
    in Chinese (连对, 3连对), so they are messages of their own."""
    if width == 1:  # a tractor of singles is a straight
        if count == "1":
            return _("a straight of %(length)s cards") % {"length": length}
        return _("%(count)s straights of %(length)s cards") % {"count": count, "length": length}
    if width == 2:
        if count == "1":
            return _("a tractor of %(length)s pairs") % {"length": length}
        return _("%(count)s tractors of %(length)s pairs") % {"count": count, "length": length}
    units = unit_noun(width, True)
    if count == "1":
        return _("a tractor of %(length)s %(units)s") % {"length": length, "units": units}
    return _("%(count)s tractors of %(length)s %(units)s") % {"count": count, "length": length, "units": units}


def shape_phrase(width: int, length: int) -> str:
    """One unit of a play: "a single", "a tractor of 3 pairs"."""
    return set_phrase(width, "1") if length <= 1 else tractor_phrase(width, str(length))


def lead_phrase(width: int, length: int, rainbow: bool = False) -> str:
    """A follow list's lead; length 0 is "n"; ``rainbow``: a rainbow among trumps of that many cards."""
    if rainbow:
        return _("a rainbow of %(length)s trumps") % {"length": "n" if length == 0 else str(length)}
    if length == 1:
        return set_phrase(width, "1")
    return tractor_phrase(width, "n" if length == 0 else str(length))


def term_phrase(term: Any) -> str:
    """One term of a follow-list entry (a tracked ``Term``)."""
    if term.highest:
        return _("the highest single of the suit")
    if term.rainbow:
        return _("a rainbow of the lead's ranks, as many trumps of one rank in four suits as each of them")
    count = term.count
    width = term.width
    length = term.length
    greedy = count.greedy
    counted = "" if greedy else count_text(count.per_n, count.plus)
    length_greedy = length.greedy
    length_text = "" if length_greedy else count_text(length.per_n, length.plus)
    if not length_greedy and length_text == "1":
        if greedy:
            return _("as many %(units)s as the hand allows") % {"units": unit_noun(width, True)}
        return set_phrase(width, counted)
    if length_greedy:
        # a tractor as long as the hand allows: the language cannot say this yet, but the model can
        units = unit_noun(width, True)
        return _("the longest tractor of %(units)s the hand allows") % {"units": units}
    if greedy:
        return _("as many tractors of %(length)s %(units)s as the hand allows") % {
            "length": length_text, "units": unit_noun(width, True)}
    return tractor_phrase(width, length_text, counted)


def pattern_phrase(pattern: Any) -> str:
    """One entry of a follow list: "a pair + 2 singles"; no terms: any cards of the suit."""
    terms = list(pattern.terms)
    if pattern.step_down:
        return _("the lead broken down step by step: the most cards in the largest sets, then those sets in "
                 "the longest tractors, in the fewest pieces")
    if not terms:
        return _("any cards of the suit")
    if any(t.highest for t in terms) and any(t.width > 1 and not t.highest for t in terms):
        # beside sets, the highest single is the highest card those sets leave
        return " + ".join(_("the highest single the sets leave") if t.highest else term_phrase(t) for t in terms)
    return " + ".join(term_phrase(t) for t in terms)


# --- trump bands ---------------------------------------------------------------------------------


def tier_phrase(tier: Any) -> str:
    """A band of the trump order or of a link chain (a tracked ``TrumpTier`` or ``LinkTier``)."""
    kind = tier.kind
    if kind == "big-joker":
        return _("the big jokers")
    if kind == "small-joker":
        return _("the small jokers")
    if kind == "level-in-trump-suit":
        return _("the level card of the trump suit")
    if kind == "level-in-other-suits":
        return _("the level cards of the other suits, equal to each other")
    if kind == "level":
        return _("the level cards of every suit, equal to each other")
    if kind == "rank-in-trump-suit":
        return _("the %(rank)s of the trump suit") % {"rank": tier.rank}
    if kind == "rank-in-other-suits":
        return _("the %(rank)ss of the other suits, equal to each other") % {"rank": tier.rank}
    if kind == "rank":
        return _("the %(rank)ss of every suit, equal to each other") % {"rank": tier.rank}
    if kind == "card":
        card = str(tier.card)
        return _("the %(card)s") % {"card": SUIT_GLYPHS.get(card[-1], card[-1]) + card[:-1]}
    if kind == "trump-suit":
        return _("the other cards of the trump suit, from A down")
    if kind == "top-of-trump-suit":
        return _("the highest remaining card of the trump suit (usually its A)")
    raise ValueError(f"unknown trump band {kind!r}")


# --- outcomes ------------------------------------------------------------------------------------


def outcome_phrase(side: str, levels: int, or_more: bool = False) -> str:
    """What a score does: "banker team up 2 levels", "attackers take the bank"."""
    values = {"n": levels}
    if side == "banker":
        if levels == 0:
            return _("banker team keeps the bank, no level gained")
        if or_more:
            return ngettext("banker team up %(n)s level or more", "banker team up %(n)s levels or more",
                            levels) % values
        return ngettext("banker team up %(n)s level", "banker team up %(n)s levels", levels) % values
    if levels == 0:
        return _("attackers take the bank")
    if or_more:
        return ngettext("attackers take the bank and go up %(n)s level or more",
                        "attackers take the bank and go up %(n)s levels or more", levels) % values
    return ngettext("attackers take the bank and go up %(n)s level",
                    "attackers take the bank and go up %(n)s levels", levels) % values


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def join_and(items: list[str]) -> str:
    """"a, b and c" in the sheet's language."""
    if len(items) <= 1:
        return "".join(items)
    # Translators: the separator between items of a list, before the last "and" / "or"
    sep = _(", ")
    return _("%(items)s and %(last)s") % {"items": sep.join(items[:-1]), "last": items[-1]}


def join_or(items: list[str]) -> str:
    """"a, b or c" in the sheet's language."""
    if len(items) <= 1:
        return "".join(items)
    sep = _(", ")
    return _("%(items)s or %(last)s") % {"items": sep.join(items[:-1]), "last": items[-1]}


def join_list(items: list[str]) -> str:
    """"a, b, c": a plain enumeration (ranks, cards, levels)."""
    return _(", ").join(items)


def step_phrase(count: int, kind: str, level_cards: int = 0, same_colour: bool = False) -> str:
    """One step of the declaration ladder: "2 level cards", "2 jokers, all big or all small",
    "1 small joker with 1 level card", "1 joker, big or small with 1 level card of its colour"."""
    values = {"n": count}
    if kind == "level":
        return ngettext("%(n)s level card", "%(n)s level cards", count) % values
    if kind == "small-joker":
        jokers = ngettext("%(n)s small joker", "%(n)s small jokers", count) % values
    elif kind == "big-joker":
        jokers = ngettext("%(n)s big joker", "%(n)s big jokers", count) % values
    else:
        jokers = ngettext("%(n)s joker, big or small", "%(n)s jokers, all big or all small", count) % values
    if not level_cards:
        return jokers
    if same_colour:
        return _("%(jokers)s with %(cards)s of the joker's colour") % {
            "jokers": jokers,
            "cards": ngettext("%(n)s level card", "%(n)s level cards", level_cards) % {"n": level_cards},
        }
    return _("%(jokers)s with %(cards)s") % {
        "jokers": jokers,
        "cards": ngettext("%(n)s level card", "%(n)s level cards", level_cards) % {"n": level_cards},
    }