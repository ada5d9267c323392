"""An auction in which each player bids once (``bids: ..., each player once``, ``auction.once``):
every player has one turn, a better bid or a pass, and the best bid banks once all have had it
(San Da Yi, 三打一, gallery A02).  The language, the JSON form, the engine's auction, its replay,
lint, the sheet in both languages and the learning environment."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.errors import ExportError
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render import render_sheet
from player_kinds import EVERY_KIND, SEARCH
from scripted_bids import scripted_auction as _auction

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
A01 = GALLERY / "A01-san-da-ha-auction.tractor"
A02 = GALLERY / "A02-san-da-yi-bid-once.tractor"


@pytest.fixture(scope="module")
def san_da_yi() -> tr.Rules:
    return tr.load(A02)


def house(text: str, parent: Path = A02) -> tr.Rules:
    return tr.loads(f'extends: "{parent.name}"\n{text}', origin=str(GALLERY / "house.tractor"))


# --- the language and the JSON form -------------------------------------------------------------------


def test_each_player_once_compiles_to_its_field(san_da_yi):
    a = san_da_yi.auction
    assert (a.direction, a.start, a.limit, a.step, a.once) == ("up", 60, 80, 5, True)
    assert a.bids() == (60, 65, 70, 75, 80)
    assert tr.load(A01).auction.once is False
    # a house file's 'bids:' without the words takes the parent's back: bidding goes round again
    assert house("auction\n  bids: 60 up to 80 by 5\n").auction.once is False
    assert house("auction\n  bids: 80 down to 5 by 5, each player once\n", A01).auction.once is True


def test_the_json_form_carries_it_and_a_document_without_it_reads_the_auction_as_before(san_da_yi):
    data = san_da_yi.to_dict()
    assert data["auction"]["once"] is True
    assert tr.Rules.from_dict(data) == san_da_yi
    earlier = rules_to_dict_as(tr.load("two-decks"), 3)  # a document of schema 3 has no auction at all
    assert "auction" not in earlier and tr.Rules.from_dict(earlier).auction.once is False
    del data["auction"]["once"]  # version 4 documents carry every field of version 4
    with pytest.raises(ExportError):
        tr.Rules.from_dict(data)
    assert tr.load(A01).to_dict()["auction"]["once"] is False
    assert tr.load("two-decks").to_dict()["auction"]["once"] is False


def test_a_misspelt_once_is_an_error_at_its_place():
    with pytest.raises(tr.RulesetError) as info:
        house("auction\n  bids: 60 up to 80 by 5, each player twice\n")
    (d,) = info.value.diagnostics
    assert (d.line, d.column) == (3, 39) and "'twice'" in d.message


# --- the auction ----------------------------------------------------------------------------------------


def test_each_player_is_asked_once_and_the_highest_bid_banks(san_da_yi):
    bidding, players = _auction(san_da_yi, [[60], [None], [70], [None]])
    assert bidding.turns == ((0, 60), (1, None), (2, 70), (3, None))
    assert (bidding.banker, bidding.bid) == (2, 70)
    assert [len(p.offered) for p in players] == [1, 1, 1, 1]  # seat 0 is not asked again over 70
    assert players[2].offered == [[65, 70, 75, 80]] and players[3].offered == [[75, 80]]


def test_a_player_who_bid_keeps_the_bank_when_the_others_pass_and_the_round_starts_from_the_first(san_da_yi):
    bidding, _ = _auction(san_da_yi, [[None], [None], [None], [65]], first=3)
    assert bidding.turns == ((3, 65), (0, None), (1, None), (2, None)) and (bidding.banker, bidding.bid) == (3, 65)


def test_the_last_bid_ends_the_round_at_once(san_da_yi):
    bidding, players = _auction(san_da_yi, [[60], [80], [], []])
    assert bidding.turns == ((0, 60), (1, 80)) and (bidding.banker, bidding.bid) == (1, 80)
    assert players[2].offered == [] and players[3].offered == []


def test_without_once_the_same_bids_go_round_again(san_da_yi):
    again = tr.Rules.from_dict({**san_da_yi.to_dict(), "auction": {**san_da_yi.to_dict()["auction"], "once": False}})
    bidding, players = _auction(again, [[60, 75], [None], [70, None], [None]])
    assert bidding.turns == ((0, 60), (1, None), (2, 70), (3, None), (0, 75), (2, None))
    assert (bidding.banker, bidding.bid) == (0, 75)


def test_everyone_passing_deals_again_or_the_first_bidder_banks(san_da_yi):
    bidding, _ = _auction(san_da_yi, [[None]] * 4, first=1)
    assert bidding.banker is None and [s for s, _ in bidding.turns] == [1, 2, 3, 0]
    first = house("auction\n  all pass: the first bidder banks\n")
    bidding, _ = _auction(first, [[None]] * 4, first=1)
    assert (bidding.banker, bidding.bid) == (1, 60)


def test_a_bid_not_on_offer_is_refused(san_da_yi):
    with pytest.raises(IllegalPlay):
        _auction(san_da_yi, [[70], [65], [], []])


# --- hands, logs and their replay -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(san_da_yi, kind):
    hands = 2 if kind == SEARCH else 12
    for seed in range(hands):
        players = make_players(kind, 4, random.Random(seed))
        record = play_hand(san_da_yi, players, random.Random(seed), level="3", banker=seed % 4)
        assert replay_hand(json.dumps(record.to_log()), san_da_yi) == []
        deals = [record.bids[i:i + 4] for i in range(0, len(record.bids), 4)]
        for turns in deals:
            seats = [s for s, _ in turns]
            assert len(set(seats)) == len(seats)  # nobody bids twice in one deal's round
        made = [b for _, b in record.bids if b is not None]
        assert made == sorted(set(made)) and record.bid == made[-1]


def _a_logged_hand(rules) -> dict:
    for seed in range(60):
        record = play_hand(rules, make_players("random", 4, random.Random(seed)), random.Random(seed), level="3",
                           banker=0)
        bids = record.to_log()["bids"]
        made = [b for _, b in bids if b is not None]
        if len(bids) == 4 and len(made) >= 2 and bids[0][1] is not None and max(made) < 80:
            return record.to_log()
    raise AssertionError("no hand with two bids, the first bidder's among them")


def test_the_replay_refuses_a_second_turn_and_a_round_cut_short(san_da_yi):
    log = _a_logged_hand(san_da_yi)
    assert replay_hand(json.dumps(log), san_da_yi) == []
    first = log["bids"][0][0]
    best = max(b for _, b in log["bids"] if b is not None)
    # the first bidder bids again over the best: legal without 'once', not here
    twice = dict(log, bids=log["bids"] + [[first, best + 5]], bid=best + 5, banker=first)
    assert any("bidding goes on" in p for p in replay_hand(json.dumps(twice), san_da_yi))
    short = dict(log, bids=log["bids"][:2])
    assert any("did not end" in p or "the auction makes seat" in p for p in replay_hand(json.dumps(short), san_da_yi))


def test_a_whole_game_is_played(san_da_yi):
    match = Match(san_da_yi, make_players("greedy", 4, random.Random(2)), random.Random(2), max_hands=400)
    result = match.play()
    assert result.status == "won"
    for record in result.hands:
        assert replay_hand(json.dumps(record.to_log()), san_da_yi) == []


# --- the score against the bid --------------------------------------------------------------------------------


@pytest.mark.parametrize("points, bid, outcome", [
    (0, 60, ("banker", 3)), (5, 60, ("banker", 1)), (40, 60, ("banker", 1)), (45, 60, ("attackers", 1)),
    (85, 60, ("attackers", 1)), (90, 60, ("attackers", 2)), (20, 80, ("banker", 1)), (25, 80, ("attackers", 1)),
    (50, 80, ("attackers", 2)), (0, 80, ("banker", 3)),
])
def test_the_attackers_win_when_their_points_and_the_bid_make_105(san_da_yi, points, bid, outcome):
    assert san_da_yi.level_change(san_da_yi.table_score(points, bid=bid)) == outcome


# --- lint --------------------------------------------------------------------------------------------------------


def _lint(tmp_path, text: str, codes: list[str]):
    from tractor_rules.api import load_resolved
    from tractor_rules.language.compiler import compile_resolved
    from tractor_rules.language.lint import lint

    path = tmp_path / "house.tractor"
    path.write_text(text, encoding="utf-8")
    resolved = load_resolved(path, allowed_roots=[GALLERY])
    return [(d.code, d.line, d.message) for d in lint(resolved, compile_resolved(resolved), codes)]


def test_lint_warns_of_once_in_an_auction_of_two_bids(tmp_path):
    found = _lint(tmp_path, f'extends: "{A02}"\nauction\n  bids: 60 up to 80 by 20, each player once\n', ["W146"])
    assert [(c, line) for c, line, _ in found] == [("W146", 3)]
    assert "changes nothing" in found[0][2]
    assert _lint(tmp_path, f'extends: "{A02}"\nauction\n  bids: 60 up to 80 by 10, each player once\n', ["W146"]) == []
    assert _lint(tmp_path, f'extends: "{A02}"\nauction\n  bids: 60 up to 80 by 20\n', ["W146"]) == []


def test_lint_reads_the_counted_number_for_rows_out_of_reach(tmp_path):
    assert _lint(tmp_path, f'extends: "{A02}"\n', ["W106"]) == []  # 800+ is reached: 90 points of 45 needed
    found = _lint(tmp_path, f'extends: "{A02}"\nupgrade\n  counted: points * 4 / (105 - bid)\n', ["W106"])
    assert [c for c, _, _ in found] == ["W106"] and "the number counted ('counted:') is at most 16" in found[0][2]


# --- the sheet ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["each player has one turn only", "ends when every player has had their turn", "the highest bidder banks",
            "each player in turn, once only", "800 or more attackers take the bank and go up 2 levels"]),
    ("zh", ["每人依次只有一次机会", "每人都轮过一次后叫分结束", "叫分最高的人做庄家", "每人只能叫一次"]),
])
def test_the_sheet_says_each_player_bids_once(san_da_yi, lang, words):
    text = " ".join(render_sheet(san_da_yi, "txt", lang=lang).split())
    for word in words:
        assert word in text
    assert "passes and is out" not in text and "不叫的人退出叫分" not in text


# --- the reinforcement-learning environment ----------------------------------------------------------------------


def test_the_learning_environment_plays_hands_that_bid_once_round(san_da_yi):
    from episodes import play_random_hands

    from tractor_rules.rl import raw_env

    for record in play_random_hands(raw_env(san_da_yi, level="3"), 3, seed=1):
        assert record.bid in san_da_yi.auction.bids()
        assert len(record.bids) % 4 == 0 or record.bid == 80
        assert replay_hand(json.dumps(record.to_log()), san_da_yi) == []
