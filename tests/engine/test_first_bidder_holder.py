"""Who bids first by a role (``first bidder: the holder of CARD``, ``first bidder in the first
hand: ROLE``): the auction's first seat from the cards dealt, in every hand or in the game's first
(San Da Yi, 三打一: the holder of ♦3 bids first in the first hand, later the last banker; gallery
A02).  The language, the JSON form, the engine, the log and its replay, lint and the sheet."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_token
from tractor_rules.engine.flow.auction import first_bidder
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import ExportError
from tractor_rules.render import render_sheet

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
A02 = GALLERY / "A02-san-da-yi-bid-once.tractor"


@pytest.fixture(scope="module")
def san_da_yi() -> tr.Rules:
    return tr.load(A02)


def house(text: str) -> tr.Rules:
    return tr.loads(f'extends: "{A02.name}"\nauction\n{text}', origin=str(GALLERY / "house.tractor"))


def test_the_statements_compile_to_their_fields(san_da_yi):
    a = san_da_yi.auction
    assert (a.first_bidder, a.first_bidder_card, a.first_hand_bidder, a.first_hand_card) == ("dealer", "", "holder", "3D")
    a = house("  first bidder: the holder of AS\n  first bidder in the first hand: the next seat\n").auction
    assert (a.first_bidder, a.first_bidder_card, a.first_hand_bidder, a.first_hand_card) == ("holder", "AS", "next-seat", "")
    a = tr.load(GALLERY / "A01-san-da-ha-auction.tractor").auction
    assert (a.first_bidder, a.first_bidder_card, a.first_hand_bidder, a.first_hand_card) == ("dealer", "", "", "")


@pytest.mark.parametrize("line, code", [
    ("  first bidder in the first hand: the burier", "E339"),
    ("  first bidder: the holder of 3D after the kitty", "E339"),
    ("  first bidder in the first hand: the declarer", "E339"),
])
def test_a_seat_not_known_when_the_auction_begins_is_refused(line, code):
    with pytest.raises(tr.RulesetError) as info:
        house(line + "\n")
    assert [(d.code, d.line) for d in info.value.diagnostics] == [(code, 3)]


def test_the_json_form_round_trips_and_a_holder_needs_its_card(san_da_yi):
    data = san_da_yi.to_dict()
    assert data["auction"]["first_hand_bidder"] == "holder" and data["auction"]["first_hand_card"] == "3D"
    assert tr.Rules.from_dict(data) == san_da_yi
    data["auction"]["first_hand_card"] = ""
    with pytest.raises(ExportError, match="the holder of a card bids first with a card named"):
        tr.Rules.from_dict(data)
    data["auction"]["first_hand_card"] = "3D"
    data["auction"]["first_bidder_card"] = "4D"  # a card, but the dealer bids first
    with pytest.raises(ExportError):
        tr.Rules.from_dict(data)


# --- the engine --------------------------------------------------------------------------------------------


def _hands(*held: str) -> list[list[int]]:
    return [[parse_token(c) for c in cards.split()] for cards in held]


def test_the_holder_bids_first_in_the_first_hand_and_the_dealer_later(san_da_yi):
    a = san_da_yi.auction
    hands = _hands("AS", "3D KH", "5C", "2H")
    assert first_bidder(a, 3, 4, hands, first_hand=True) == 1
    assert first_bidder(a, 3, 4, hands, first_hand=False) == 3  # later hands: the dealer, the last banker
    kitty = _hands("AS", "KH", "5C", "2H")  # 3D lay in the kitty: as 'first bidder' says
    assert first_bidder(a, 2, 4, kitty, first_hand=True) == 2


def test_of_several_copies_the_first_holder_after_the_dealer_bids_first():
    a = replace(tr.load(GALLERY / "A01-san-da-ha-auction.tractor").auction, first_bidder="holder",
                first_bidder_card="5D")
    hands = _hands("5D", "AS", "5D", "KH")
    assert first_bidder(a, 1, 4, hands) == 2 and first_bidder(a, 2, 4, hands) == 0
    assert first_bidder(a, 0, 4, hands) == 2 and first_bidder(a, 3, 4, _hands("KH", "AS", "QS", "JS")) == 3


def test_a_game_starts_its_first_auction_from_the_holder_of_3d(san_da_yi):
    seen_holder = 0
    for seed in range(6):
        match = Match(san_da_yi, make_players("greedy", 4, random.Random(seed)), random.Random(seed), max_hands=3)
        hands = match.play().hands
        first = hands[0].to_log()
        assert first["first_hand"] is True and all(h.to_log()["first_hand"] is False for h in hands[1:])
        holders = [s for s, cards in enumerate(first["dealt"]) if "3D" in cards.split()]
        if holders:
            seen_holder += 1
            turns = first["bids"]
            while len(turns) > 4 and all(b is None for _, b in turns[:4]):  # deals everyone passed on
                turns = turns[4:]
            assert turns[0][0] == holders[0]  # the last deal's auction, whose cards the log has
        for later, before in zip(hands[1:], hands):
            assert later.to_log()["bids"][0][0] == before.banker  # the last banker deals and bids first
        for record in hands:
            assert replay_hand(json.dumps(record.to_log()), san_da_yi) == []
    assert seen_holder >= 3


def test_the_replay_refuses_an_auction_not_started_by_the_holder_and_a_missing_first_hand(san_da_yi):
    for seed in range(20):
        record = play_hand(san_da_yi, make_players("random", 4, random.Random(seed)), random.Random(seed), level="3")
        log = record.to_log()
        holders = [s for s, cards in enumerate(log["dealt"]) if "3D" in cards.split()]
        if holders and len(log["bids"]) == 4:
            break
    else:
        raise AssertionError("no first hand with one auction and 3D dealt")
    assert log["first_hand"] is True and replay_hand(json.dumps(log), san_da_yi) == []
    shifted = dict(log, bids=[[(s + 1) % 4, b] for s, b in log["bids"]], banker=(log["banker"] + 1) % 4)
    problems = replay_hand(json.dumps(shifted), san_da_yi)
    assert any("but the holder of 3D does" in p for p in problems)
    missing = {k: v for k, v in log.items() if k != "first_hand"}
    assert any("first_hand" in p for p in replay_hand(json.dumps(missing), san_da_yi))
    a01 = tr.load(GALLERY / "A01-san-da-ha-auction.tractor")
    record = play_hand(a01, make_players("greedy", 4, random.Random(1)), random.Random(1), level="5", banker=0)
    assert "first_hand" not in record.to_log() and "dealt" not in record.to_log()
    assert any("first_hand: logged" in p for p in replay_hand(json.dumps(dict(record.to_log(), first_hand=True)), a01))


# --- the sheet ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["In the game's first hand the player dealt ♦3 bids first"]),
    ("zh", ["第一局由抓到♦3的玩家先叫分"]),
])
def test_the_sheet_says_who_bids_first_in_the_first_hand(san_da_yi, lang, words):
    text = " ".join(render_sheet(san_da_yi, "txt", lang=lang).split())
    for word in words:
        assert word in text


def test_the_sheet_says_the_holder_bids_first_in_every_hand():
    text = " ".join(render_sheet(house("  first bidder: the holder of AS\n"), "txt").split())
    assert "the player dealt ♠A bids first" in text and "if it lies in the kitty, the dealer" in text
