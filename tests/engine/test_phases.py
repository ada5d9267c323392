"""A hand's phases as data (``rules.flow``): which phases a ruleset's hand has, in which order, that
the engine runs exactly those in that order, and that the sheet's overview says one step per phase."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import PHASE_KINDS, STANDARD_PHASES, KittyShowing, Rules

SWITCHES = ("show-kitty", "overturn", "show-after-burying", "call", "show-buried")
#: the phases an auction switches on (tests/engine/test_auction.py), giving up the bank
#: (tests/engine/test_give_up.py), the exchange with the declarer (tests/engine/test_exchange.py) and
#: declarations face down (tests/engine/test_face_down.py): tested where those statements are
OTHER_SWITCHES = ("auction", "name-trump", "give-up", "exchange", "reveal")
#: the phases of declaring that their own statements switch on: the cut for the first deal
#: (tests/engine/test_cut.py), declaring in turn (tests/engine/test_in_turn.py) and the contest for
#: the first trump (tests/engine/test_contest.py)
DECLARING_PHASES = ("cut", "declare-in-turn", "contest")


def switched(base: Rules, on: set[str]) -> Rules:
    """``base`` with each optional phase of ``on`` switched on and the others off."""
    after = (KittyShowing("after-burying", "banker"),) if "show-after-burying" in on else ()
    rules = replace(base, kitty_exchange=replace(base.kitty_exchange, shown_before_burying="show-kitty" in on,
                                                 shown_at_end="show-buried" in on, shown_to=after),
                    declaring=replace(base.declaring, overturn_after_kitty="overturn" in on))
    if "call" in on:
        return rules
    return replace(rules, table=replace(rules.table, partnership="fixed", called_cards=0))


@pytest.mark.parametrize("on", [set(c) for n in range(6) for c in itertools.combinations(SWITCHES, n)],
                         ids=lambda on: "+".join(sorted(on)) or "none")
def test_a_hand_has_the_standard_phases_its_statements_switch_on_in_the_standard_order(on):
    rules = switched(tr.load("house-finding-friends"), on)
    assert rules.phases() == tuple(p for p in STANDARD_PHASES
                                   if p in on or p not in SWITCHES + OTHER_SWITCHES + DECLARING_PHASES)
    assert rules.phases()[0] == "deal" and rules.phases()[-2:] in (("play", "score"), ("show-buried", "score"))


def test_the_standard_order_holds_every_kind_of_phase_once():
    assert sorted(STANDARD_PHASES) == sorted(PHASE_KINDS)
    assert STANDARD_PHASES.index("bury") < STANDARD_PHASES.index("overturn") < STANDARD_PHASES.index("call")


class Watching(RandomPlayer):
    """A random player noting, in one shared diary, each decision it is asked for and what it saw."""

    def __init__(self, seed: int, diary: list[tuple[str, int, object]]):
        super().__init__(seed)
        self.diary = diary

    def declare(self, view, offers):
        self.diary.append(("declare", view.seat, view.public.kitty_shown))
        return super().declare(view, offers)

    def bury(self, view, count):
        self.diary.append(("bury", view.seat, view.public.kitty_shown))
        return super().bury(view, count)

    def call(self, view, count):
        self.diary.append(("call", view.seat, None))
        return super().call(view, count)

    def lead(self, view):
        self.diary.append(("lead", view.seat, view.public.buried_shown))
        return super().lead(view)


def play_watched(rules: Rules, seed: int) -> list[tuple[str, int, object]]:
    diary: list[tuple[str, int, object]] = []
    players = [Watching(seed * 10 + seat, diary) for seat in range(rules.table.players)]
    record = play_hand(rules, players, random.Random(seed), level="2", banker=0)
    diary.append(("end", -1, record.buried_shown))
    return diary


@pytest.mark.parametrize("on", [set(SWITCHES), {"call"}, {"overturn"}, {"show-kitty", "show-buried"}],
                         ids=lambda on: "+".join(sorted(on)))
def test_the_engine_asks_for_each_phase_s_decisions_in_the_order_of_the_phases(on):
    rules = switched(tr.load("house-finding-friends"), on)
    for seed in range(6):
        diary = play_watched(rules, seed)
        kinds = [kind for kind, _, _ in diary]
        first_bury, first_lead = kinds.index("bury"), kinds.index("lead")
        # the banker (seat 0) buries first, before any trick; a later bury is an overturner's
        assert diary[first_bury][1] == 0 and first_bury < first_lead
        after_kitty = kinds[first_bury:first_lead]
        if "overturn" not in on:
            assert after_kitty.count("declare") == 0 and after_kitty.count("bury") == 1
        if "call" in on:
            assert kinds.count("call") == 1 and kinds.index("call") > max(i for i, k in enumerate(kinds[:first_lead])
                                                                           if k == "bury")
        else:
            assert "call" not in kinds
        # what the table has seen of the kitty at each step
        shown_at_bury = diary[first_bury][2]
        assert (shown_at_bury is not None) == ("show-kitty" in on)
        assert all(seen is None for kind, _, seen in diary if kind == "lead")
        assert (diary[-1][2] is not None) == ("show-buried" in on)


def overview_steps(rules: Rules) -> list[str]:
    sheet = build_sheet(rules, "en")
    (item,) = [i for s in sheet.sections for i in s.items if i.key == "overview.hand"]
    return list(item.points)


def test_the_overview_says_a_step_for_each_phase_in_their_order():
    base = tr.load("house-finding-friends")
    steps = overview_steps(switched(base, set(SWITCHES)))
    starts = ["The deal:", "While the cards are dealt", "The kitty is turned face up", "The banker takes the kitty",
              "Declaring goes round once more, from the player after the one who buried",
              "The cards buried are shown to the banker", "The banker calls",
              "The tricks:", "The cards buried are turned face up", "The score:"]
    assert len(steps) == len(starts)
    assert all(step.startswith(start) for step, start in zip(steps, starts, strict=True)), steps
    assert len(overview_steps(switched(base, set()))) == len(starts) - 5


def test_a_table_without_a_kitty_says_no_step_of_the_kitty():
    rules = tr.loads('extends: "two-decks"\ntable\n  deal: 27 each, kitty 0\ndeclare\n  overturn after kitty: yes\n'
                     '  nobody declares: no-trump\n', origin="house.tractor")
    rules = replace(rules, kitty_exchange=replace(rules.kitty_exchange, shown_before_burying=True, shown_at_end=True))
    assert rules.phases() == tuple(p for p in STANDARD_PHASES
                                   if p not in ("call", "show-after-burying") + OTHER_SWITCHES + DECLARING_PHASES)
    steps = overview_steps(rules)
    assert not any("kitty" in step and "face up" in step for step in steps)
    assert not any(step.startswith("The banker takes the kitty") for step in steps)
    assert any(step.startswith("Declaring goes round once more, from the player after the banker") for step in steps)
