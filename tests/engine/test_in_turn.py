"""Declaring in turn after the deal (``in turn: yes``, ``no`` or ``when CONDITION`` in ``declare``,
轮流定主): in such a hand nobody declares during the deal; afterwards, from the banker (the dealer
in the first hand), each player may declare once, the first to declare banking with their trump;
when everyone passes, the banker stays and the fallback chooses trump.  The compiler's words, the
ruling, the phase, the engine with scripted and with every kind of player, the log and its
replay, the sheet's sentences and the JSON form."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.views import Offer, Player, PlayerView
from tractor_rules.engine.game import Match, play_hand
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.declaring import declares_in_turn
from tractor_rules.errors import ExportError
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def in_turn(value: str, more: str = "") -> Rules:
    return tr.loads(f'extends: "two-decks"\ndeclare\n  in turn: {value}\n{more}', origin="house.tractor")


LATER = in_turn("when not the first hand", "  nobody declares: no-trump\n")
ALWAYS = in_turn("yes", "  nobody declares: no-trump\n")
D25 = tr.load(str(GALLERY / "D25-declaring-in-turn.tractor"))


# --- the compiler, the ruling and the phase ----------------------------------------------------------


def test_the_statement_compiles_to_a_switch_and_a_condition():
    assert LATER.declaring.in_turn and LATER.declaring.in_turn_when == ("not", ("fact", "first-hand"))
    assert ALWAYS.declaring.in_turn and ALWAYS.declaring.in_turn_when == ()
    assert in_turn("no").declaring == tr.load("two-decks").declaring


def test_yes_or_no_takes_back_a_parents_condition(tmp_path):
    (tmp_path / "parent.tractor").write_text('extends: "two-decks"\ndeclare\n  in turn: when not the first hand\n')
    (tmp_path / "child.tractor").write_text('extends: "parent.tractor"\ndeclare\n  in turn: no\n')
    rules = tr.load(tmp_path / "child.tractor")
    assert not rules.declaring.in_turn and rules.declaring.in_turn_when == ()
    (tmp_path / "unset.tractor").write_text('extends: "parent.tractor"\ndeclare\n  unset: in turn\n')
    assert tr.load(tmp_path / "unset.tractor").declaring == tr.load("two-decks").declaring


@pytest.mark.parametrize("condition, word", [("an attacker", "'an attacker'"), ("points > 40", "'points'"),
                                             ("overturns = 0", "'overturns'")])
def test_what_is_not_known_before_the_deal_is_refused_where_it_is_written(condition, word):
    with pytest.raises(tr.RulesetError) as info:
        in_turn(f"when {condition}")
    (d,) = info.value.diagnostics
    assert (d.code, d.line, d.column) == ("E212", 3, 17) and word in d.message  # at the word


@pytest.mark.parametrize("value, first_hand, level, held", [
    ("when not the first hand", True, "2", False),
    ("when not the first hand", False, "2", True),
    ("when the level is A", False, "A", True),
    ("when the level is A", True, "K", False),
    ("yes", True, "2", True),
    ("no", False, "2", False),
])
def test_the_hand_is_judged_by_its_facts(value, first_hand, level, held):
    assert declares_in_turn(in_turn(value), first_hand, level) is held


def test_the_phase_is_there_only_with_the_statement():
    assert tr.load("two-decks").phases() == ("deal", "bury", "play", "score")
    assert LATER.phases() == ("deal", "declare-in-turn", "bury", "play", "score")
    assert in_turn("no").phases() == tr.load("two-decks").phases()


@pytest.mark.parametrize("text, message", [
    ("auction\n  bids: 80 down to 5 by 5\ndeclare\n  in turn: yes\n", "nobody declares in turn after the deal"),
    ("declare\n  ladder: none\n  in turn: yes\n  nobody declares: trump H\n", "with 'ladder: none' nobody can declare"),
])
def test_what_cannot_be_declared_in_turn_is_E320(text, message):
    with pytest.raises(tr.RulesetError) as info:
        tr.loads('extends: "two-decks"\n' + text, origin="house.tractor")
    codes = [(d.code, d.line) for d in info.value.diagnostics]
    assert ("E320", text.count("\n", 0, text.index("in turn")) + 2) in codes
    assert any(message in d.message for d in info.value.diagnostics)


# --- the engine with scripted players ---------------------------------------------------------------


class Scripted(Player):
    """Declares (its first offer) only where ``declares`` says, and notes when it was asked."""

    def __init__(self, seat: int, declares: bool, asked: list[tuple[int, int]]):
        self.seat, self.declares, self.asked = seat, declares, asked

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        self.asked.append((self.seat, len(view.hand)))
        return offers[0] if self.declares else None

    def bury(self, view: PlayerView, count: int) -> Sequence:
        return list(view.hand[:count])

    def lead(self, view: PlayerView):
        return make_players("greedy", 1, random.Random(0))[0].lead(view)

    def follow(self, view: PlayerView):
        return make_players("greedy", 1, random.Random(0))[0].follow(view)


def scripted(declarers: set[int]) -> tuple[list[Player], list[tuple[int, int]]]:
    asked: list[tuple[int, int]] = []
    return [Scripted(s, s in declarers, asked) for s in range(4)], asked


@pytest.mark.parametrize("banker", [0, 1, 2, 3])
def test_the_banker_is_asked_first_and_the_first_to_declare_banks(banker):
    for seed in range(6):
        players, asked = scripted({0, 1, 2, 3})
        record = play_hand(ALWAYS, players, random.Random(seed), level="2", banker=banker)
        # nobody was asked during the deal: every ask came with a full hand
        assert all(size == 25 for _, size in asked)
        if not asked:  # the banker held no level card nor a pair of jokers... nobody could
            continue
        first = asked[0][0]
        assert first == banker or all(s != banker for s, _ in asked)
        (seat, cards), = record.declarations
        assert record.banker == seat == asked[-1][0]
        assert record.trump == ALWAYS.declaration(cards, "2").trump
        assert record.in_turn_round is not None and record.in_turn_round.first == banker
        assert record.in_turn_round.turns[-1] == (seat, cards)


def test_when_nobody_declares_the_banker_stays_and_the_fallback_names_trump():
    players, asked = scripted(set())
    record = play_hand(ALWAYS, players, random.Random(3), level="2", banker=2)
    assert record.banker == 2 and record.trump is None and record.trump_by == "fallback"
    assert record.declarations == []
    assert [seat for seat, _ in record.in_turn_round.turns] == [2, 3, 0, 1]
    assert all(cards is None for _, cards in record.in_turn_round.turns)
    assert [seat for seat, _ in asked] == [s for s in (2, 3, 0, 1) if s in {seat for seat, _ in asked}]


def test_a_redeal_when_nobody_declares_deals_again_and_declares_in_turn_again():
    rules = in_turn("yes", "  nobody declares: redeal\n")
    players, asked = scripted(set())
    record = play_hand(rules, players, random.Random(5), level="2", banker=1)
    assert record.redeals > 0 and record.trump is None and record.banker == 1


def test_the_first_hand_declares_during_the_deal_and_later_hands_in_turn():
    players, asked = scripted({0, 1, 2, 3})
    first = play_hand(LATER, players, random.Random(1), level="2", banker=None)
    assert first.in_turn_round is None
    assert any(size < 25 for _, size in asked)  # asked while the cards were dealt
    players, asked = scripted({0, 1, 2, 3})
    later = play_hand(LATER, players, random.Random(1), level="2", banker=3)
    assert later.in_turn_round is not None and all(size == 25 for _, size in asked)


def test_a_first_hand_declared_in_turn_starts_at_the_dealer():
    players, asked = scripted({0, 1, 2, 3})
    record = play_hand(ALWAYS, players, random.Random(2), level="2", banker=None)
    assert record.in_turn_round is not None and record.in_turn_round.first == 0
    assert record.in_turn_round.first_hand


def test_the_extra_level_beyond_the_last_is_not_declared():
    players, asked = scripted({0, 1, 2, 3})
    record = play_hand(ALWAYS, players, random.Random(2), level=None, banker=1, beyond=True)
    assert record.in_turn_round is None and asked == [] and record.banker == 1


# --- every kind of player, the log and its replay ---------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_every_kind_of_player_plays_a_game_declared_in_turn_and_replays_clean(kind):
    declared_later = False
    for seed in range(4):
        match = Match(D25, make_players(kind, 4, random.Random(seed)), random.Random(seed), max_hands=4)
        for number, hand in enumerate(match.play().hands):
            line = json.dumps(hand.to_log())
            assert replay_hand(line, D25) == []
            assert (hand.in_turn_round is None) == (number == 0)
            declared_later |= hand.in_turn_round is not None and hand.declarations != []
            assert len(hand.declarations) <= 1 or number == 0
    assert declared_later


def log_of(declarers: set[int], banker: int = 1) -> dict:
    players, _ = scripted(declarers)
    return play_hand(ALWAYS, players, random.Random(4), level="2", banker=banker).to_log()


def test_the_replay_checks_the_turns():
    entry = log_of({3})
    turns = entry["in_turn"]["turns"]
    assert [seat for seat, _ in turns] == [1, 2, 3] and turns[-1][1] is not None
    assert replay_hand(entry, ALWAYS) == []
    wrong = json.loads(json.dumps(entry))
    wrong["banker"] = 1
    assert any("seat 3 declared, so it banks" in p for p in replay_hand(wrong, ALWAYS))
    wrong = json.loads(json.dumps(entry))
    wrong["in_turn"]["turns"] = [turns[0], turns[2]]
    assert any("of seat 2, not" in p for p in replay_hand(wrong, ALWAYS))
    wrong = json.loads(json.dumps(entry))
    wrong["in_turn"]["turns"] = [turns[0], [2, turns[-1][1]], [3, None]]
    assert any("declared, yet the declaring goes on" in p for p in replay_hand(wrong, ALWAYS))
    wrong = json.loads(json.dumps(entry))
    wrong["in_turn"]["turns"] = turns[:2]
    assert any("stops before every player had a turn" in p for p in replay_hand(wrong, ALWAYS))
    wrong = json.loads(json.dumps(entry))
    del wrong["in_turn"]
    assert "in_turn: missing, but the rules declare in turn" in replay_hand(wrong, ALWAYS)
    assert "in_turn: logged, but the rules do not declare in turn" in replay_hand(entry, tr.loads(
        'ruleset: "Tractor (two decks)"\nextends: "two-decks"\n', origin="x.tractor"))


def test_the_replay_checks_that_after_everyone_passed_the_first_seat_banks():
    entry = log_of(set(), banker=2)
    assert replay_hand(entry, ALWAYS) == []
    entry["banker"] = 0
    assert any("every player passed, so seat 2 banks" in p for p in replay_hand(entry, ALWAYS))


# --- the sheet and the JSON form -------------------------------------------------------------------


def sentence(rules: Rules, lang: str, key: str = "declaring.in_turn") -> str | None:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}.get(key)


def test_the_sheet_says_who_declares_in_turn():
    assert sentence(LATER, "en") == (
        "When the hand is not the game's first, nobody declares during the deal: after it, from the banker, each "
        "player in turn may declare once; the first to declare becomes the banker, and their declaration names "
        "the trump; if nobody declares, the banker stays and trump is chosen as when nobody declares during the "
        "deal.")
    assert "(the dealer in the game's first hand)" in sentence(ALWAYS, "en")
    assert "轮流" not in (sentence(LATER, "zh") or "") and "发完牌后，从庄家起" in sentence(LATER, "zh")
    assert sentence(tr.load("two-decks"), "en") is None


def test_the_overview_has_a_step_for_the_phase():
    def steps(rules: Rules, lang: str) -> tuple[str, ...]:
        return next(i.points for i in build_sheet(rules, lang).items() if i.key == "overview.hand")

    assert steps(LATER, "en")[2].startswith("Declaring in turn, when the hand is not the game's first: from the banker")
    assert "except in a hand declared in turn" in steps(LATER, "en")[1]
    assert steps(LATER, "zh")[2].startswith("轮流定主（这手牌不是本局的第一手时）")
    assert len(steps(ALWAYS, "en")) == len(steps(LATER, "en")) - 1  # nobody declares during the deal
    assert "Declaring in turn" not in " ".join(steps(tr.load("two-decks"), "en"))


def test_the_statement_goes_through_json_and_version_3_refuses_it():
    data = LATER.to_dict()
    assert data["declaring"]["in_turn"] is True
    assert data["declaring"]["in_turn_when"] == ["not", ["fact", "first-hand"]]
    assert tr.Rules.from_dict(data) == LATER
    assert rules_to_dict_as(LATER, 3) is None
    data["declaring"]["in_turn"] = False
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert any("no hand is" in d.message for d in info.value.diagnostics)
