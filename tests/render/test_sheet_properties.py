"""Every sentence of a sheet is true for every ruleset: house rules generated over the table (1 to
4 decks, with or without jokers, 4 to 6 players in fixed, alternating or called partnerships, any
kitty the deal allows), the sets and tractors, a constant card above the jokers, the declaring, the
throws and the kitty multiplier are compiled and their sheets, in English and in Chinese, are held
to what the rules say.

A sentence may not name what the game does not have (jokers, pairs, tractors, triples, throws, a
kitty) unless it says the game has none of it; the numbers a sentence states (cards, decks, the
points that take the bank) are the rules' and the engine's; a Chinese sheet has no English left and
no variable names.

Rulesets with phases beyond the standard hand (the cut, an auction, declaring in turn, the contest
for the first trump, the exchange with the declarer, giving up the bank, the kitty shown, another
player burying, declarations face down, overturning after the kitty, called partners) are generated
too: each phase is told by a worked example, in English
and in Chinese, whose hand replays clean."""

from __future__ import annotations

import random
import re

from hypothesis import given, note, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render import phase_examples as px
from tractor_rules.render.examples import pick_level
from tractor_rules.render.sheet import build_sheet
from tractor_rules.render.sections.overview import swap_point
from tractor_rules.rules import Rules
from tractor_rules.titles import inherited_title

#: a sentence that says the game lacks something may name it
NEGATION = re.compile(r"\b(no|not|never|without|nor)\b|\bnone\b", re.IGNORECASE)
ENGLISH_LEFT = re.compile(r"\b(the|The|and|of|a|is|to|trumps?|pairs?|level|with|points?|size|cards)\b")


def house_rule(rnd: random.Random) -> str:
    """A house rule of two-decks that compiles: its choices are made to fit together (the deal adds
    up, the ladder uses cards the pack has, follow lists and multiplier rows name sets it has)."""
    decks = rnd.choice([1, 2, 3, 4])
    jokers = rnd.random() < 0.75
    players = rnd.choice([4, 4, 5, 6])
    partners = {4: rnd.choice(["opposite", "alternate", "by calling 1 card"]), 5: "by calling 1 card",
                6: rnd.choice(["alternate", "by calling 2 cards"])}[players]
    total = decks * (54 if jokers else 52)
    kitty = rnd.choice([k for k in range(13) if (total - k) % players == 0 and total - k >= players])
    widths = ["single"] + (["pair"] if decks >= 2 and rnd.random() < 0.8 else [])
    widths += ["triple"] if decks >= 3 and rnd.random() < 0.5 else []
    tractors = "pair" in widths and rnd.random() < 0.7
    order = (["5H"] if rnd.random() < 0.25 else []) + (["big joker", "small joker"] if jokers else [])
    order += ["level in trump suit", "level in other suits", "trump suit"]
    ladder = ["1 level card"] + (["2 level cards"] if decks >= 2 else [])
    ladder += ["2 small jokers", "2 big jokers"] if jokers and decks >= 2 else []
    fallbacks = ["no-trump", "redeal"] + (["highest kitty card"] if kitty else [])
    multipliers = ["none"]
    if kitty:
        multipliers += ["2", "2 * size", "2 ^ size, at most 64", "(size + 1) * 2, at most 32"]
        if tractors and "triple" not in widths:
            multipliers.append("single = 2, pair = 4, tractor of 2 pairs = 8, longer tractors double")
    follow = (["  unset: pair"] if "pair" not in widths else []) + \
             (["  unset: tractor of n pairs"] if not tractors else [])
    name = 'ruleset: "Generated"\n' if rnd.random() < 0.5 else ""
    return "\n".join([
        'extends: "two-decks"', name,
        "table", f"  players: {players}", f"  partners: {partners}", f"  decks: {decks}",
        f"  jokers: {'yes' if jokers else 'no'}", f"  deal: {(total - kitty) // players} each, kitty {kitty}",
        "trumps", f"  order: {' > '.join(order)}",
        f"  no-trump: {rnd.choice(['jokers and level cards', 'jokers only'])}",
        "combinations", f"  sets: {', '.join(widths)}",
        f"  tractors: {'2+ adjacent pairs' if tractors else 'none'}", "  links: none", "  no-trump links: none",
        "declare", f"  ladder: {' < '.join(ladder)}", f"  nobody declares: {rnd.choice(fallbacks)}",
        f"  first banker: {rnd.choice(['first declarer', 'final declarer', 'dealer'])}",
        f"  first hand nobody declares: {rnd.choice(['redeal', 'as later hands'])}",
        "lead", f"  throws: {rnd.choice(['allowed', 'not allowed'])}",
        *(["follow", *follow] if follow else []),
        "kitty", f"  multiplier: {rnd.choice(multipliers)}",
        "upgrade", "  steps: 20 per deck", "",
    ])


def sentences_of(sheet) -> list[str]:
    """Every text of a sheet, one string each: title, intro, items, their lists and tables, glossary."""
    texts = [sheet.title, sheet.description, *sheet.intro]
    for item in sheet.items():
        texts += [item.text, *item.points]
        if item.table:
            texts += [*item.table.header, *(cell for row in item.table.rows for cell in row)]
    texts += [cell for row in sheet.glossary.rows for cell in row]
    return [t for t in texts if t]


def lacking(rules: Rules) -> dict[str, str]:
    """What the game does not have, as a pattern of the English words that would name it."""
    c, t = rules.combinations, rules.table
    out = {}
    if not t.jokers:
        out["jokers"] = r"\bjokers?\b|\bBJ\b|\bSJ\b"
    if max(c.set_widths, default=1) < 2 and not c.tractor_widths:
        out["sets"] = r"\bpairs?\b|\btriples?\b|\bsets\b|\ba set\b|\bset of\b"  # not "set aside"
    if not c.tractor_widths:
        out["tractors"] = r"(?<![.\w-])tractors?\b"  # not the file name "two-decks.tractor"
    if 3 not in c.set_widths and 3 not in c.tractor_widths:
        out["triples"] = r"\btriples?\b"
    if not rules.leading.throws:
        out["throws"] = r"\bthrows?\b"
    if t.kitty_size == 0:
        out["kitty"] = r"\bkitty\b"
    return out


def check_english(rules: Rules) -> None:
    sheet = build_sheet(rules, "en")
    texts = sentences_of(sheet)
    for what, pattern in lacking(rules).items():
        for text in texts:
            if re.search(pattern, text) and not NEGATION.search(text):
                raise AssertionError(f"names {what} the game does not have: {text!r}")
    for text in texts:
        assert not re.search(r"\^|engine", text), text
    multiplier = [i.text for i in sheet.items() if i.key == "kitty.multiplier"]
    # without a kitty the sheet says nothing of its multiplier (``lacking`` holds it to that)
    assert len(multiplier) == (1 if rules.table.kitty_size else 0), multiplier
    for kitty in multiplier:
        assert not re.search(r"\bsize\b|\bcards\b(?! in)", kitty), kitty  # the formula's variables, spelt out
    table, levels = rules.table, rules.levels
    deal = next(t for t in texts if t.startswith("Each player is dealt"))
    assert f"dealt {table.hand_size} cards" in deal
    assert table.hand_size * table.players + table.kitty_size == table.total_cards
    if table.kitty_size:
        kitty_cards = "1 card is" if table.kitty_size == 1 else f"{table.kitty_size} cards are"
        assert f"{kitty_cards} set aside" in deal
    swap = swap_point(rules)
    if swap is not None:
        assert f"with {swap} or more they take the bank" in " ".join(texts)
        assert rules.level_change(swap)[0] == "attackers"
        if swap > 0:
            assert rules.level_change(swap - 5)[0] == "banker"
    start = next(t for t in texts if "start" in t and f"level {levels.first}" in t and "Everyone" not in t)
    assert start.startswith("Every player" if table.partnership == "called" else "Both teams"), start
    side = next(t for t in texts if t.startswith("Each side suit ranks"))
    constant = set(rules.trumps.constant_ranks)
    ranks = [r for r in reversed(table.ranks) if r not in constant]
    assert side.startswith(f"Each side suit ranks {', '.join(ranks)},"), side
    for card in rules.trumps.constant_cards:
        assert "♥5" in side if card == "5H" else True
    d = rules.declaring
    # with an auction nobody declares: the auction, not the first hand's declaring, finds the banker;
    # with a contest its winner banks, holding a level card or not
    dealer_banks = (d.first_banker not in ("dealer", "contest") and d.first_fallback == "same"
                    and d.fallback.kind != "redeal" and not rules.auction.on)
    assert any("the player who dealt is the banker" in t for t in texts) == dealer_banks
    winner_banks = (d.first_banker == "contest" and d.first_fallback == "same"
                    and d.fallback.kind not in ("redeal", "scored"))
    assert any("they are the banker all the same" in t for t in texts) == winner_banks
    notes = " ".join(sheet.intro)
    assert ("although this house rule changes the table" in notes) == (inherited_title(rules) is not None)


def check_chinese(rules: Rules) -> None:
    sheet = build_sheet(rules, "zh")
    for text in sentences_of(sheet)[2:]:  # the title and description may be the ruleset's English
        if text in {row[0] for row in sheet.glossary.rows}:
            continue  # the glossary's English column
        assert not ENGLISH_LEFT.search(text), text
        if not rules.table.jokers:
            assert "王" not in text.replace("不含王", ""), text  # "no jokers" may say so
        assert not re.search(r"墩|牌组|(这|本|上一|第一|各)副牌", text), text


@settings(max_examples=6)
@given(st.randoms(use_true_random=False))
def test_every_sentence_is_true_for_generated_house_rules(rnd):
    text = house_rule(rnd)
    note(text)
    rules = tr.loads(text, origin="house.tractor")
    check_english(rules)
    check_chinese(rules)


def test_the_generator_reaches_the_corners():
    """The generated rules cover what the checks are about: games without jokers, singles only,
    called partners, no kitty, a constant card, the dealer banking a first hand."""
    seen = set()
    for seed in range(60):
        rules = tr.loads(house_rule(random.Random(seed)), origin="house.tractor")
        seen |= {what for what in lacking(rules)}
        seen |= {"called"} if rules.table.partnership == "called" else set()
        seen |= {"constant card"} if rules.trumps.constant_cards else set()
    assert {"jokers", "sets", "tractors", "throws", "called", "constant card"} <= seen, seen


# --- rulesets with phases beyond the standard hand -------------------------------------------------

#: the example of each phase (render/phase_examples.py), and the name ``phase_hand`` knows it by
PHASE_EXAMPLES = {
    "cut": ("declaring.first_dealer_example", "cut"),
    "declare-in-turn": ("declaring.in_turn_example", "declare-in-turn"),
    "contest": ("declaring.contest_example", "contest"),
    "auction": ("auction.example", "auction"),
    "exchange": ("declaring.exchange_with_declarer_example", "exchange"),
    "give-up": ("declaring.give_up_bank_example", "give-up"),
    "show-kitty": ("kitty.shown_example", "show"),
    "show-buried": ("kitty.shown_example", "show"),
    "reveal": ("declaring.reveal_example", "reveal"),
    "overturn": ("declaring.overturn_after_kitty_example", "overturn"),
    "call": ("table.call_example", "call"),
}


def phase_rule(rnd: random.Random) -> str:
    """A house rule of two-decks that compiles, with phases beyond the standard hand: the cut, an
    auction, declaring in turn, the contest for the first trump, giving up the bank, overturning
    after the kitty, the exchange with the declarer, declarations face down, the kitty shown,
    another player burying, called partners; each with the others it can be played with."""
    called = rnd.random() < 0.3
    auction = rnd.random() < 0.25
    lines = ['extends: "two-decks"', "", "table", "  partners: " + ("by calling 1 card" if called else "opposite")]
    declare = []
    if rnd.random() < 0.4:
        declare.append("  first dealer: highest cut card, suits ♠ > ♥ > ♣ > ♦")
    if not auction:
        in_turn = rnd.random() < 0.3
        if in_turn:
            declare.append(f"  in turn: {rnd.choice(['yes', 'when not the first hand'])}")
        give_up = rnd.random() < 0.4
        if give_up:
            declare.append("  give up the bank: yes")
        overturn = exchange = False
        if rnd.random() < 0.4:
            overturn = True
            declare.append("  overturn after kitty: yes")
        elif not in_turn and rnd.random() < 0.3:
            exchange = True
            declare += ["  ladder: 1 joker + 2 level cards < 2 jokers + 2 level cards",
                        "  exchange with the declarer: yes"]
        if not in_turn and rnd.random() < 0.25:
            declare.append("  first banker: contest winner")
        if not (give_up or overturn or exchange) and rnd.random() < 0.5:
            declare.append("  declarations: face down until the kitty is buried")
    if declare:
        lines += ["", "declare", *declare]
    shown = rnd.choice(["never", "before burying", "at the end", "before burying and at the end"])
    lines += ["", "kitty", f"  shown: {shown}"]
    if not called and not auction:
        lines.append("  buried by: " + rnd.choice(["the banker", "the banker's partner",
                                                    "the first of the bankers after the declarer"]))
    if auction:
        lines += ["", "auction", "  bids: 80 down to 5 by 5"]
    return "\n".join(lines) + "\n"


def check_phase_examples(rules: Rules) -> None:
    """Each phase beyond the standard hand is told by an example, in English and in Chinese, where
    one of the fixed seeds shows it (the cut, the calls, the cards shown and the round of
    overturning always do), and the hand each example tells, played to its end, replays clean."""
    level = pick_level(rules)
    english = {item.key: item.text for item in build_sheet(rules, "en").items() if item.kind == "example"}
    chinese = {item.key: item.text for item in build_sheet(rules, "zh").items() if item.kind == "example"}
    phases = [p for p in rules.phases() if p in PHASE_EXAMPLES]
    if rules.kitty_exchange.buried_by != "banker":
        phases.append("bury")
    for phase in phases:
        key, name = PHASE_EXAMPLES.get(phase, ("kitty.buried_by_example", "bury"))
        ph = px.phase_hand(rules, name, level)
        if phase in ("cut", "call", "show-kitty", "show-buried", "overturn"):
            assert ph is not None, phase
        if ph is None:
            assert key not in english, phase
            continue
        assert key in english and key in chinese, phase
        whole = px.play(rules, ph.seed, ph.banker, ph.level, to_end=True)
        assert replay_hand(whole.record.to_log(), rules) == [], phase
        assert english[key] != chinese[key]


@settings(max_examples=6)
@given(st.randoms(use_true_random=False))
def test_every_sentence_is_true_for_generated_rules_with_phases(rnd):
    text = phase_rule(rnd)
    note(text)
    rules = tr.loads(text, origin="house.tractor")
    check_english(rules)
    check_chinese(rules)
    check_phase_examples(rules)


def test_the_phase_generator_reaches_every_phase():
    seen = set()
    for seed in range(40):
        rules = tr.loads(phase_rule(random.Random(seed)), origin="house.tractor")
        seen |= set(rules.phases())
        seen |= {"bury by another"} if rules.kitty_exchange.buried_by != "banker" else set()
    assert set(PHASE_EXAMPLES) | {"bury by another", "name-trump"} <= seen, seen
