"""The worked examples of a hand's phases on the sheets (``render/phase_examples.py``) are true:
each example's hand, played to its end by the same greedy players from the same seed, gives a log
the independent checker (``replay_hand``) accepts, and the facts the sentence states (who cut
which card and who deals, who won the contest for the first trump and which trump they named, who
bid what and who banks, who declared in turn, what the exchange took and gave, who gave up the
bank to whom, who buried which cards, what the others saw of a declaration made face down and
whether its burier knew trump and buried trumps, which cards were shown, who overturned, which
cards were called and who answered them) are read here from that log, by this test's own reading
of the rules, and found in the sentence.  The examples are the same at every
run, and every sheet with such a phase has one, in English and in Chinese."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render import phase_examples as px
from tractor_rules.render.examples import pick_level
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import RANKS

ROOT = Path(__file__).resolve().parent.parent.parent
GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: each gallery or shipped file with a phase beyond the standard hand, and the example keys its
#: sheet must hold
FILES = {
    "examples/house-rules/A01-san-da-ha-auction.tractor": ["auction.example"],
    "examples/house-rules/D21-steal-the-kitty.tractor": ["declaring.overturn_after_kitty_example"],
    "examples/house-rules/D23-counter-after-the-kitty.tractor": ["declaring.overturn_after_kitty_example"],
    "examples/house-rules/D25-declaring-in-turn.tractor": ["declaring.in_turn_example"],
    "examples/house-rules/D32-cut-for-the-first-deal.tractor": ["declaring.first_dealer_example"],
    "examples/house-rules/D33-declarations-face-down.tractor": ["declaring.reveal_example"],
    "examples/house-rules/D34-rock-paper-scissors-for-the-first-trump.tractor": ["declaring.contest_example"],
    "examples/house-rules/D45-shandong-face-down.tractor": ["declaring.reveal_example", "kitty.buried_by_example"],
    "examples/house-rules/D35-exchange-with-the-declarer.tractor": ["declaring.exchange_with_declarer_example"],
    "examples/house-rules/L28-give-up-the-bank.tractor": ["declaring.give_up_bank_example"],
    "examples/house-rules/K13-partner-buries.tractor": ["kitty.buried_by_example"],
    "examples/house-rules/K06-kitty-shown.tractor": ["kitty.shown_example"],
    "examples/house-rules/FF05-other-ace.tractor": ["table.call_example"],
    "examples/house-rules/FF08-each-friend-joins-once.tractor": ["table.call_example"],
    "rulesets/house-finding-friends.tractor": ["table.call_example"],
}

#: the example key of each phase, and the name ``phase_hand`` knows it by
KEYS = {
    "cut": ("declaring.first_dealer_example", "cut"),
    "declare-in-turn": ("declaring.in_turn_example", "declare-in-turn"),
    "contest": ("declaring.contest_example", "contest"),
    "auction": ("auction.example", "auction"),
    "name-trump": ("auction.example", "auction"),
    "exchange": ("declaring.exchange_with_declarer_example", "exchange"),
    "give-up": ("declaring.give_up_bank_example", "give-up"),
    "show-kitty": ("kitty.shown_example", "show"),
    "show-buried": ("kitty.shown_example", "show"),
    "reveal": ("declaring.reveal_example", "reveal"),
    "overturn": ("declaring.overturn_after_kitty_example", "overturn"),
    "call": ("table.call_example", "call"),
}


def load(path: str) -> tr.Rules:
    return tr.load(str(ROOT / path))


def card(notation: str) -> str:
    """A card of the log as the English sheet writes it."""
    return notation if notation in ("BJ", "SJ") else GLYPHS[notation[-1]] + notation[:-1]


def cards(notation: str) -> list[str]:
    return [card(c) for c in notation.split()]


def names(rules) -> list[str]:
    return [px.seat_name(rules, seat) for seat in range(rules.table.players)]


def example(rules, key: str, lang: str = "en") -> str:
    found = [item.text for item in build_sheet(rules, lang).items() if item.key == key]
    assert len(found) == 1, (key, found)
    return found[0]


def played(rules, phase: str):
    """The hand the example of ``phase`` tells, played to the end, and its log, which the checker
    accepts."""
    ph = px.phase_hand(rules, phase, pick_level(rules))
    assert ph is not None, phase
    whole = px.play(rules, ph.seed, ph.banker, ph.level, to_end=True)
    log = whole.record.to_log()
    assert replay_hand(log, rules) == []
    return ph, whole, log


def tokens_after(text: str, start: str) -> Counter[str]:
    """The cards written right after ``start`` in ``text`` (up to the next punctuation)."""
    out = []
    for word in text.split(start, 1)[1].split(" "):
        bare = word.rstrip(",.;:")
        if not bare or not (bare[0] in "♠♥♦♣" or bare in ("BJ", "SJ")):
            break
        out.append(bare)
        if bare != word:  # the punctuation after the last card
            break
    return Counter(out)


# --- every sheet with a phase has its example ------------------------------------------------------


@pytest.mark.parametrize("path", sorted(FILES))
def test_the_sheet_of_a_ruleset_with_a_phase_has_its_example_in_both_languages(path):
    rules = load(path)
    for key in FILES[path]:
        english, chinese = example(rules, key, "en"), example(rules, key, "zh")
        assert english and chinese and english != chinese
        assert not any(word in chinese for word in ("North", "bids", "passes", "Seat", "the banker"))


def test_every_phase_of_the_gallery_has_its_example():
    """Every optional phase of every gallery and shipped file is told on its sheet."""
    paths = sorted(ROOT.glob("examples/house-rules/*.tractor")) + sorted(ROOT.glob("rulesets/*.tractor"))
    seen = set()
    for path in paths:
        rules = tr.load(str(path))
        keys = {item.key for item in build_sheet(rules, "en").items() if item.kind == "example"}
        for phase in rules.phases():
            if phase in KEYS:
                seen.add(phase)
                assert KEYS[phase][0] in keys, (path.name, phase)
        assert ("kitty.buried_by_example" in keys) == (rules.kitty_exchange.buried_by != "banker"), path.name
    assert seen == set(KEYS)


def test_a_ruleset_without_phases_has_no_phase_example():
    keys = {item.key for item in build_sheet(tr.load("two-decks"), "en").items()}
    assert not keys & ({key for key, _phase in KEYS.values()} | {"kitty.buried_by_example"})


def test_the_examples_are_the_same_at_every_run():
    rules = load("examples/house-rules/A01-san-da-ha-auction.tractor")
    first = example(rules, "auction.example")
    px.phase_hand.cache_clear()
    assert example(load("examples/house-rules/A01-san-da-ha-auction.tractor"), "auction.example") == first


# --- each example is the hand the engine played, replayed, and says what the log says ---------------


def test_the_cut_names_every_card_cut_and_the_highest_deals():
    rules = load("examples/house-rules/D32-cut-for-the-first-deal.tractor")
    _ph, whole, log = played(rules, "cut")
    text = example(rules, "declaring.first_dealer_example")
    seat_names = names(rules)
    for seat, cut in log["cuts"]:
        assert f"{seat_names[seat]} cuts {card(cut)}" in text
    # the highest card by the sheet's own words: A high and 2 low, the jokers above, then the suits
    suits = rules.declaring.cut_suits

    def strength(c: str) -> tuple[int, int]:
        if c in ("SJ", "BJ"):
            return (len(RANKS) + (c == "BJ"), 0)
        return (RANKS.index(c[:-1]), len(suits) - suits.index(c[-1]))

    contenders = list(range(rules.table.players))
    cuts = list(log["cuts"])
    while True:
        round_, cuts = cuts[:len(contenders)], cuts[len(contenders):]
        best = max(strength(c) for _seat, c in round_)
        contenders = [seat for seat, c in round_ if strength(c) == best]
        if len(contenders) == 1:
            break
    assert not cuts
    assert text.endswith(f"{seat_names[contenders[0]]} cut the highest card and deals first.")
    assert whole.first_dealer == contenders[0]


def test_the_contest_says_who_won_it_and_the_trump_they_named():
    rules = load("examples/house-rules/D34-rock-paper-scissors-for-the-first-trump.tractor")
    ph, _whole, log = played(rules, "contest")
    text = example(rules, "declaring.contest_example")
    seat_names = names(rules)
    won = log["contest"]
    assert won is not None and ph.banker is None  # the game's first hand, which the contest decides
    winner, named = seat_names[won["winner"]], won["named"]
    assert log["level"] == rules.levels.first and f"In the game's first hand, at level {log['level']}," in text
    assert f"rock-paper-scissors, and {winner} wins." in text
    assert log["banker"] == won["winner"]
    assert named is not None  # the first seed shows the winner naming trump
    assert log["trump"] == named
    assert text.endswith(f"{winner} becomes the banker and names {GLYPHS[named]} as trump, the suit of a level "
                         "card in their hand.")
    # by this test's reading: a level card of the named suit was the winner's, in hand or buried
    held = cards(log["hands"][won["winner"]]) + cards(log["kitty"])
    assert GLYPHS[named] + log["level"] in held


def test_the_auction_says_every_bid_and_who_banks_with_which_trump():
    rules = load("examples/house-rules/A01-san-da-ha-auction.tractor")
    _ph, _whole, log = played(rules, "auction")
    text = example(rules, "auction.example")
    seat_names = names(rules)
    turns = ", ".join(f"{seat_names[seat]} passes" if bid is None else f"{seat_names[seat]} bids {bid}"
                      for seat, bid in log["bids"])
    assert f"bids first: {turns}." in text
    assert sum(bid is not None for _seat, bid in log["bids"]) > 1  # a bid bettered
    assert f"{seat_names[log['banker']]} banks with a bid of {log['bid']}" in text
    assert f"names {GLYPHS[log['trump']]} as trump" in text


def test_declaring_in_turn_says_each_turn_and_the_declarer_banks():
    rules = load("examples/house-rules/D25-declaring-in-turn.tractor")
    ph, _whole, log = played(rules, "declare-in-turn")
    text = example(rules, "declaring.in_turn_example")
    seat_names = names(rules)
    turns = log["in_turn"]["turns"]
    assert len(turns) > 1 and turns[-1][1] is not None
    for seat, shown in turns[:-1]:
        assert f"{seat_names[seat]} does not declare" in text
    seat, shown = turns[-1]
    assert f"{seat_names[seat]} declares" in text and f"with {' '.join(cards(shown))}." in text
    assert log["banker"] == seat and text.endswith(f"{seat_names[seat]} becomes the banker.")
    assert f"from {seat_names[log['in_turn']['first']]}, the banker" in text and ph.banker == log["in_turn"]["first"]


def test_the_exchange_says_what_was_shown_taken_and_given():
    rules = load("examples/house-rules/D35-exchange-with-the-declarer.tractor")
    _ph, _whole, log = played(rules, "exchange")
    made = log["exchange"]
    assert made is not None
    text = example(rules, "declaring.exchange_with_declarer_example")
    seat_names = names(rules)
    assert f"{seat_names[made['declarer']]}'s declaration" in text
    assert tokens_after(text, f"{seat_names[made['seat']]} shows ") == Counter(cards(made["shown"]))
    assert tokens_after(text, "takes ") == Counter(cards(made["took"]))
    assert tokens_after(text, f"gives {seat_names[made['declarer']]} ") == Counter(cards(made["gave"]))
    assert f"with {GLYPHS[log['trump']]} as trump" in text


def test_giving_up_the_bank_says_who_gives_it_to_whom():
    rules = load("examples/house-rules/L28-give-up-the-bank.tractor")
    ph, _whole, log = played(rules, "give-up")
    text = example(rules, "declaring.give_up_bank_example")
    seat_names = names(rules)
    assert log["gave_up"] == ph.banker
    assert (f"{seat_names[log['gave_up']]} gives up the bank: {seat_names[log['declarer']]} becomes the banker"
            in text)
    assert log["banker"] == log["declarer"]


def test_burying_by_another_player_says_who_buries_which_cards():
    rules = load("examples/house-rules/K13-partner-buries.tractor")
    ph, _whole, log = played(rules, "bury")
    text = example(rules, "kitty.buried_by_example")
    seat_names = names(rules)
    assert log["buried_by"] != log["banker"] == ph.banker
    assert tokens_after(text, f"{seat_names[log['buried_by']]} takes the kitty and buries ") == Counter(
        cards(log["kitty"]))


def test_the_kitty_shown_and_the_buried_cards_shown_are_the_logged_cards():
    rules = load("examples/house-rules/K06-kitty-shown.tractor")
    _ph, _whole, log = played(rules, "show")
    text = example(rules, "kitty.shown_example")
    assert tokens_after(text, "the kitty ") == Counter(cards(log["kitty_shown"]))
    assert tokens_after(text, "buries ") == Counter(cards(log["buried_shown"])) == Counter(cards(log["kitty"]))


def trumps_by_the_rules(rules, level: str, trump: str | None, notation: str) -> list[str]:
    """The trumps among ``notation``'s cards, by this test's reading of the rules: the jokers, the
    level cards and the trump suit (the rules read here have no constant trumps)."""
    assert {t.kind for t in rules.trumps.order} <= {"big-joker", "small-joker", "level-in-trump-suit",
                                                    "level-in-other-suits", "trump-suit"}
    return [c for c in notation.split()
            if c in ("BJ", "SJ") or c[:-1] == level or (trump is not None and c[-1] == trump)]


@pytest.mark.parametrize("name", ["D33-declarations-face-down", "D45-shandong-face-down"])
def test_declarations_face_down_say_what_was_seen_who_buried_knowing_trump_or_not(name):
    rules = load(f"examples/house-rules/{name}.tractor")
    ph, _whole, log = played(rules, "reveal")
    text = example(rules, "declaring.reveal_example")
    seat_names = names(rules)
    down = log["face_down"]
    assert down is not None and down["declarer"] is not None
    declarer, burier = seat_names[down["declarer"]], seat_names[down["burier"]]
    turned = down["turned"].split()
    assert log["banker"] == ph.banker
    assert (f"At level {log['level']} with {seat_names[log['banker']]} the banker, {declarer}'s declaration "
            f"{' '.join(cards(down['turned']))} stands at the end of the deal." in text)
    # what the others saw: the jokers face up, the rest face down
    jokers = [c for c in turned if c in ("BJ", "SJ")]
    hidden = len(turned) - len(jokers)
    unit = "card" if hidden == 1 else "cards"
    if jokers and hidden:
        assert f"The others see only {' '.join(jokers)} face up and {hidden} {unit} face down." in text
    elif hidden:
        assert f"The others see only that {declarer} declared with {hidden} {unit} face down." in text
    # the burier knew trump by this test's reading: they made the declaration, or it is of jokers alone
    knew = down["burier"] == down["declarer"] or not hidden
    assert down["burier_knew_trump"] == knew
    assert not knew  # the first seed shows a burier not knowing trump
    assert tokens_after(text, f"{burier} takes the kitty and buries ") == Counter(cards(log["kitty"]))
    assert re.search(rf"{burier} takes the kitty and buries [^.]* not knowing trump\.", text)
    assert f"the declarations are turned face up: {GLYPHS[log['trump']]} is trump." in text
    buried_trumps = trumps_by_the_rules(rules, log["level"], log["trump"], log["kitty"])
    assert buried_trumps  # the first seed shows trumps buried not knowing trump
    said = "which is a trump" if len(buried_trumps) == 1 else "which are trumps"
    assert tokens_after(text, f"{burier} has buried ") == Counter(cards(" ".join(buried_trumps)))
    assert text.endswith(f", {said}.")


@pytest.mark.parametrize("name", ["D21-steal-the-kitty", "D23-counter-after-the-kitty"])
def test_overturning_after_the_kitty_says_who_overturned(name):
    rules = load(f"examples/house-rules/{name}.tractor")
    _ph, whole, log = played(rules, "overturn")
    text = example(rules, "declaring.overturn_after_kitty_example")
    made = whole.record.overturn_round.made
    seat_names = names(rules)
    if not made:
        assert text.endswith(f"Nobody overturns, and {GLYPHS[log['trump']]} stays trump.")
    for seat, shown in made:
        assert f"{seat_names[seat]} overturns with {' '.join(card(str(c)) for c in shown)}" in text


@pytest.mark.parametrize("path", ["rulesets/house-finding-friends.tractor",
                                  "examples/house-rules/FF05-other-ace.tractor",
                                  "examples/house-rules/FF08-each-friend-joins-once.tractor"])
def test_the_calls_say_which_cards_and_who_answered_them(path):
    rules = load(path)
    ph, _whole, log = played(rules, "call")
    text = example(rules, "table.call_example")
    seat_names = names(rules)
    ordinals = ["first", "second", "third", "fourth"]
    calls = [(card(c), n) for c, n in log["called"]]
    said = [f"the {ordinals[n - 1]} {c}" for c, n in calls]
    assert f"calls {said[0]}" in text
    # the calls answered, by this test's reading of the rules: the copies counted in the order
    # played (without the banker's where the rules leave them out); the player of the copy that
    # reaches the number joins, unless already on the banker's side where the rules say so
    banker, team = log["banker"], {log["banker"]}
    count_own, join_twice = rules.table.count_banker_copies, rules.table.join_twice
    seen = [0] * len(calls)
    done = [False] * len(calls)
    found = []
    for number, trick in enumerate(log["tricks"], 1):
        for at, play in enumerate(trick["plays"]):
            seat = (trick["leader"] + at) % rules.table.players
            if seat == banker and not count_own:
                continue
            for i, (c, n) in enumerate(calls):
                copies = cards(play).count(c)
                if done[i] or not copies:
                    continue
                seen[i] += copies
                if seen[i] >= n:
                    if seat in team and not join_twice:
                        continue
                    done[i] = True
                    if seat not in team:
                        team.add(seat)
                        found.append(f"{seat_names[seat]} plays {said[i]} in trick {number} and joins")
    for sentence in found:
        assert sentence in text
    assert text.count(" and joins ") == len(found)
    assert ph.banker == banker
