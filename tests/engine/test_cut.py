"""Cutting for the first deal (``first dealer: highest cut card, suits ...`` in ``declare``,
切牌定先拿牌): before the game's first hand each player cuts a card and the highest deals, identical
highest cards cutting again.  The compiler's words, the strength of a cut, the phase, the engine,
the log and its replay, the errors, the sheet and the JSON form."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.deck.cards import read_cards
from tractor_rules.engine.game import Match, play_hand
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.declaring import cut_winner
from tractor_rules.errors import ExportError
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D32 = tr.load(str(GALLERY / "D32-cut-for-the-first-deal.tractor"))


def first_dealer(value: str) -> Rules:
    return tr.loads(f'extends: "two-decks"\ndeclare\n  first dealer: {value}\n', origin="house.tractor")


CUT = first_dealer("highest cut card, suits ♠ > ♥ > ♣ > ♦")


def test_the_statement_compiles_to_a_way_and_the_suits():
    assert CUT.declaring.first_dealer == "cut" and CUT.declaring.cut_suits == ("S", "H", "C", "D")
    assert first_dealer("the first seat").declaring == tr.load("two-decks").declaring


@pytest.mark.parametrize("suits, code", [("♠ > ♥ > ♣", "E209"), ("♠ > ♥ > ♣ > ♠", None)])
def test_a_cut_ranks_the_four_suits_once(suits, code):
    with pytest.raises(tr.RulesetError) as info:
        first_dealer(f"highest cut card, suits {suits}")
    (d,) = info.value.diagnostics
    assert d.line == 3 and (code is None or d.code == code)


@pytest.mark.parametrize("cards, winners", [
    ("2S 3D AC KH", (2,)),         # A high
    ("AS AH AC AD", (0,)),         # equal ranks: ♠ > ♥ > ♣ > ♦
    ("AD AC AH 2S", (2,)),
    ("SJ AS BJ KS", (2,)),         # the big joker above the small one, above A
    ("AS 3D AS 4C", (0, 2)),       # identical highest cards cut again
])
def test_the_highest_cut_wins(cards, winners):
    cuts = list(enumerate(read_cards(cards)))
    assert cut_winner(CUT, cuts) == winners


def test_the_phase_is_there_only_with_the_statement():
    assert CUT.phases()[0] == "cut" and "cut" not in tr.load("two-decks").phases()


def test_the_cut_finds_the_first_dealer_and_is_logged():
    dealers = set()
    for seed in range(12):
        record = play_hand(D32, make_players("greedy", 4, random.Random(seed)), random.Random(seed), banker=None)
        cuts = record.cuts
        assert [seat for seat, _ in cuts[:4]] == [0, 1, 2, 3]
        first = cut_winner(D32, list(cuts[:4]))
        winner = first[0] if len(first) == 1 else cut_winner(D32, list(cuts[4:4 + len(first)]))[0]
        dealers.add(winner)
        if not record.declarations:
            assert record.banker == winner  # nobody declared: the first to draw banks
        entry = record.to_log()
        assert entry["cuts"] == [[seat, str(card)] for seat, card in cuts]
        assert replay_hand(entry, D32) == []
    assert len(dealers) > 1


def test_later_hands_are_not_cut():
    record = play_hand(D32, make_players("greedy", 4, random.Random(1)), random.Random(1), level="2", banker=2)
    assert record.cuts == () and record.to_log()["cuts"] == []


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_every_kind_of_player_plays_a_game_with_a_cut(kind):
    match = Match(D32, make_players(kind, 4, random.Random(3)), random.Random(3), max_hands=3)
    hands = match.play().hands
    assert hands[0].cuts and all(not h.cuts for h in hands[1:])
    assert all(replay_hand(json.dumps(h.to_log()), D32) == [] for h in hands)


def test_the_replay_checks_the_cut():
    record = play_hand(D32, make_players("greedy", 4, random.Random(0)), random.Random(0), banker=None)
    entry = record.to_log()
    wrong = json.loads(json.dumps(entry))
    wrong["cuts"] = [[1, "2S"], [0, "3S"], [2, "4S"], [3, "5S"]]
    assert any("cut in turn" in p for p in replay_hand(wrong, D32))
    wrong["cuts"] = [[0, "2S"], [1, "3S"], [2, "AS"], [3, "5S"], [2, "KS"]]
    assert any("yet the cutting goes on" in p for p in replay_hand(wrong, D32))
    del wrong["cuts"]
    assert any(p.startswith("cuts: a list") for p in replay_hand(wrong, D32))
    assert any("do not cut" in p for p in replay_hand(entry, tr.loads(
        f'ruleset: "{D32.name}"\nextends: "two-decks"\ndeclare\n  first banker: final declarer\n'
        '  nobody declares: no-trump\n', origin="x.tractor")))


def test_the_sheet_says_how_the_first_dealer_is_found():
    items = {i.key: i for i in build_sheet(CUT, "en").items()}
    assert items["declaring.first_dealer"].text.startswith(
        "In the game's first hand each player cuts a card from the shuffled pack, and the highest deals")
    assert "♠, ♥, ♣, ♦" in items["declaring.first_dealer"].text
    assert items["overview.hand"].points[0] == (
        "In the game's first hand only: each player cuts a card, and the highest card deals.")
    assert "切一张" in {i.key: i for i in build_sheet(CUT, "zh").items()}["declaring.first_dealer"].text
    assert "declaring.first_dealer" not in {i.key for i in build_sheet(tr.load("two-decks"), "en").items()
                                            if i.text}


def test_the_cut_goes_through_json_and_version_3_refuses_it():
    data = CUT.to_dict()
    assert data["declaring"]["first_dealer"] == "cut" and data["declaring"]["cut_suits"] == ["S", "H", "C", "D"]
    assert tr.Rules.from_dict(data) == CUT
    assert rules_to_dict_as(CUT, 3) is None
    data["declaring"]["cut_suits"] = ["S", "S", "C", "D"]
    with pytest.raises(ExportError):
        tr.Rules.from_dict(data)
    data["declaring"]["cut_suits"] = []
    with pytest.raises(ExportError):
        tr.Rules.from_dict(data)
