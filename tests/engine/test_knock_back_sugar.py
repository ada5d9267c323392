"""``knock back`` is sugar for ``when``: each knock-back rule is the house rule after a hand
``when the level is L and ...: the bankers knocked back to T`` (``KnockBack.trigger``), and the
engine evaluates it by the code that evaluates the house rules after a hand.  Proved here on
generated rules: the compiled ``when`` form of a knock-back rule is its derived tree, and the two
rulesets decide the same levels (and the same end of the game) on scripted and on played hands."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from recorded_hands import match_after
from tractor_rules.engine.flow.after_hand import facts_of, fired
from tractor_rules.engine.flow.record import HandRecord, TrickRecord
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.rules import KnockBack, Rules

SETTINGS = settings(derandomize=True, max_examples=200, deadline=None)
LADDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRIGGERS = {"lost-to-single": "", "any-loss": " on any loss", "last-trick-single": " when the attackers win the last trick with a single {single}"}
ENDS = {"last": "at the last level", "beyond-last": "beyond the last level", "reach-last": "on reaching the last level",
        "past-last": "past the last level"}


def house(text: str) -> Rules:
    return tr.loads(f'extends: "two-decks"\n{text}', origin="house.tractor")


def knock_text(kb: KnockBack) -> str:
    return f"{kb.level} to {kb.to}" + TRIGGERS[kb.when].format(single=kb.single_rank)


def when_text(kb: KnockBack, extra_level: bool) -> str:
    """The knock-back rule written out as the ``when`` rule it is a special case of."""
    level = f"the level is {kb.level}" + (" and not the extra level" if extra_level else "")
    rank = kb.single_rank
    if kb.when == "any-loss":
        event = "the bankers lose"
    elif kb.when == "last-trick-single":
        event = f"the attackers win the last trick with a single {rank}"
    else:
        event = (f"the bankers lose and (the bankers win the last trick with a single {rank} "
                 f"or the attackers win the last trick with a single {rank})")
    return f"when {level} and {event}: the bankers knocked back to {kb.to}"


@st.composite
def knock_backs(draw) -> KnockBack:
    level = draw(st.sampled_from(LADDER[1:]))
    to = draw(st.sampled_from([r for r in LADDER if LADDER.index(r) < LADDER.index(level)]))
    when = draw(st.sampled_from(sorted(TRIGGERS)))
    single = draw(st.sampled_from(("", "", "J", "5"))) if when == "last-trick-single" else ""
    return KnockBack(level, to, when, "" if single == level else single)


def pair(kb: KnockBack, end: str) -> tuple[Rules, Rules]:
    """The ruleset with the knock-back rule, and the one with its ``when`` form."""
    ending = f"  game end: {ENDS[end]}\n"
    knocking = house(f"levels\n  knock back: {knock_text(kb)}\n{ending}")
    written = house(f"levels\n  {when_text(kb, end == 'beyond-last' and kb.level == 'A')}\n{ending}")
    assert knocking.levels.knock_back == (kb,)
    return knocking, written


def scripted(rules: Rules, *, level: str, banker: int, change: tuple[str, int], last_winner: int, last_play: str,
             beyond: bool) -> HandRecord:
    """A hand at ``level`` whose last trick ``last_winner`` won with ``last_play``; its house
    rules after a hand set off as a played hand's are."""
    ctx = rules.context(level, "S")
    plays = [ctx.cards(last_play) if seat == last_winner else ctx.cards(" ".join(["3C"] * len(last_play.split())))
             for seat in range(4)]
    trick = TrickRecord(leader=last_winner, plays=plays[last_winner:] + plays[:last_winner], attempt=None,
                        winner=last_winner, points=0)
    record = HandRecord(rules=rules, level=level, trump="S", banker=banker, hands=[() for _ in range(4)], kitty=(),
                        tricks=[trick], attacker_points=0, kitty_points=0, kitty_multiplier=0, level_change=change,
                        next_banker=banker, banker_team=frozenset({banker, (banker + 2) % 4}), declarations=[],
                        declarer=None, beyond=beyond)
    if rules.levels.after_hand:
        record.after_hand = fired(rules, facts_of(record))
    return record


def after(rules: Rules, seats: list[int], record: HandRecord) -> tuple:
    """The seats' levels, the match's status and winners after ``record`` as the next hand."""
    match = match_after(rules, seats, record)
    return match.levels, match.status, match.winners


@SETTINGS
@given(kb=knock_backs(), end=st.sampled_from(sorted(ENDS)), data=st.data())
def test_a_knock_back_rule_and_its_when_form_decide_the_same_levels(kb, end, data):
    knocking, written = pair(kb, end)
    # the written form compiles to the very tree the knock-back rule is evaluated as
    assert written.levels.after_hand == knocking.levels.knock_back_rules()
    ladder = Match(knocking, [None] * 4, random.Random(0)).ladder
    seats = data.draw(st.lists(st.sampled_from(range(len(ladder))), min_size=4, max_size=4))
    # most often the banker plays at the rule's own level, an attacker wins the last trick, with
    # a single card of the rule's rank: where the rule fires
    if data.draw(st.sampled_from((True, True, True, False))):
        seats[0] = ladder.index(kb.level)
    banker = data.draw(st.sampled_from([0, 0, 1, 2, 3]))
    seats[banker] = seats[0]
    beyond = ladder[seats[banker]] == "beyond"
    level = "A" if beyond else ladder[seats[banker]]
    change = (data.draw(st.sampled_from(("banker", "attackers"))), data.draw(st.integers(0, 3)))
    winner = (banker + data.draw(st.sampled_from((1, 3, 1, 3, 0, 2)))) % 4
    rank = data.draw(st.sampled_from((kb.single_rank, kb.single_rank, kb.single_rank, kb.level, "Q", "5")))
    play = data.draw(st.sampled_from((f"{rank}S", f"{rank}H", f"{rank}S", f"{rank}S {rank}S")))
    records = [scripted(rules, level=level, banker=banker, change=change, last_winner=winner, last_play=play,
                        beyond=beyond) for rules in (knocking, written)]
    assert after(knocking, seats, records[0]) == after(written, seats, records[1])


@settings(derandomize=True, max_examples=8, deadline=None)
@given(kb=knock_backs(), seed=st.integers(0, 2**16))
def test_played_hands_go_the_same_way_under_both_forms(kb, seed):
    # real hands, the banker team starting at the rule's level: the same deals and plays, the
    # same levels after each
    knocking, written = pair(kb, "last")
    matches = []
    for rules in (knocking, written):
        match = Match(rules, make_players("random", 4, random.Random(seed)), random.Random(seed))
        match.levels = [match.ladder.index(kb.level)] * 4
        matches.append(match)
    for _ in range(3):
        if any(m.done for m in matches):
            break
        for m in matches:
            m.step()
        assert matches[0].levels == matches[1].levels and matches[0].status == matches[1].status


def test_an_extra_level_beyond_a_knocked_level_is_left_alone():
    # 'knock back: A to 2' with an extra level beyond A: the extra level's hand (played at A's
    # rank in no-trump) is not knocked back, and its when form says so with 'not the extra level'
    kb = KnockBack("A", "2", "any-loss")
    knocking, written = pair(kb, "beyond-last")
    assert knocking.levels.knock_back_rules()[0].condition == (
        "all", ("fact", "level-is", "A"), ("not", ("fact", "extra-level")), ("fact", "loses", "bankers"))
    ladder = Match(knocking, [None] * 4, random.Random(0)).ladder
    for beyond, expected in ((True, "beyond"), (False, "2")):
        seats = [ladder.index("beyond" if beyond else "A"), 0, ladder.index("beyond" if beyond else "A"), 0]
        for rules in (knocking, written):
            record = scripted(rules, level="A", banker=0, change=("attackers", 1), last_winner=1, last_play="5S",
                              beyond=beyond)
            levels, _, _ = after(rules, seats, record)
            assert ladder[levels[0]] == expected


def test_knocked_back_bankers_do_not_win_at_the_last_level():
    # the Jack rule's variant at A: bankers who hold at A while an attacker's single A wins the
    # last trick are sent back, and do not win the game, in both forms
    kb = KnockBack("A", "9", "last-trick-single")
    for rules in pair(kb, "last"):
        ladder = Match(rules, [None] * 4, random.Random(0)).ladder
        record = scripted(rules, level="A", banker=0, change=("banker", 1), last_winner=1, last_play="AS",
                          beyond=False)
        levels, status, winners = after(rules, [ladder.index("A"), 0, ladder.index("A"), 0], record)
        assert (ladder[levels[0]], status, winners) == ("10", "playing", None)


def test_a_when_rule_knocking_back_counts_before_the_hands_own_change():
    # 'knocked back to' is made before the hand's level change, 'back to' after it
    for effect, expected in (("knocked back to", "4"), ("back to", "2")):
        rules = house(f"levels\n  when the level is J and the attackers win the last trick: the bankers {effect} 2\n")
        ladder = Match(rules, [None] * 4, random.Random(0)).ladder
        record = scripted(rules, level="J", banker=0, change=("banker", 2), last_winner=1, last_play="5S",
                          beyond=False)
        assert record.after_hand == (0,)
        levels, _, _ = after(rules, [ladder.index("J"), 0, ladder.index("J"), 0], record)
        assert ladder[levels[0]] == expected


def test_rules_without_knock_back_derive_no_rule():
    assert house("").levels.knock_back_rules() == ()
    assert replace(house("levels\n  knock back: J to 2\n").levels, knock_back=()).knock_back_rules() == ()


# --- the two words the sugar needs, as any house rule may write them ---------------------------------


def test_the_words_compile_to_their_trees_and_need_version_4():
    from tractor_rules.codec import rules_to_dict_as

    rules = house("levels\n  game end: beyond the last level\n"
                  "  when not the extra level and the bankers lose: the attackers knocked back to 5\n")
    (trigger,) = rules.levels.after_hand
    assert trigger.condition == ("all", ("not", ("fact", "extra-level")), ("fact", "loses", "bankers"))
    assert trigger.effects == (("knock-back", "attackers", "5"),)
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert rules_to_dict_as(rules, 3) is None  # version 3 has neither word
    # the knock back itself keeps its version-3 form
    assert rules_to_dict_as(house("levels\n  knock back: J to 2 on any loss\n"), 3) is not None


def test_the_sheet_says_the_words_in_english_and_chinese():
    text = ('ruleset: "house"\nextends: "two-decks"\nlevels\n  game end: beyond the last level\n'
            "  when the extra level and the bankers lose: the bankers knocked back to 5\n")
    from tractor_rules import facade

    en = facade.render(text, "house.tractor", lang="en", fmt="md")["output"]
    zh = facade.render(text, "house.tractor", lang="zh", fmt="md")["output"]
    assert ("If the hand is the extra level beyond the last and the bankers lose the hand: the bankers are knocked "
            "back to level 5 if they are above it, before the hand's own level change (which then counts from "
            "there).") in " ".join(en.split())
    assert "本局是打过最后一级后加打的那一级" in zh and "则先退回5，再按本局结果升级" in zh


def test_the_extra_level_in_a_game_without_one_is_a_condition_no_hand_meets():
    from tractor_rules import facade

    text = 'ruleset: "house"\nextends: "two-decks"\nlevels\n  when the extra level: the bankers knocked back to 2\n'
    linted = facade.lint(text, "house.tractor")
    assert [(d["code"], d["line"]) for d in linted["diagnostics"]] == [("W107", 4)]
    beyond = text.replace("levels\n", "levels\n  game end: beyond the last level\n")
    assert facade.lint(beyond, "house.tractor")["diagnostics"] == []


def test_knocked_back_to_a_rank_that_is_no_level_is_refused():
    with pytest.raises(tr.RulesetError) as error:
        house("levels\n  range: 2 to 10\n  when the bankers lose: the bankers knocked back to K\n")
    assert "E302" in str(error.value) and "K is not a level of this game" in str(error.value)
