"""The auction (``rules.auction``, issue #26): the bank bid for instead of declared, the banker
alone against the others (``partners: banker alone``), trump named by the banker, and the upgrade
table read against the winning bid (``counted:``, the quantity ``bid``).  The language, the
engine's phase and its players, the log and its replay, the JSON form and the sheet."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.auction import bid_offers, sensible_bid
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.flow.views import PlayerView, Public
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import ExportError
from tractor_rules.render.sheet import build_sheet
from player_kinds import EVERY_KIND, SEARCH
from scripted_bids import scripted_auction as _auction

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
A01 = GALLERY / "A01-san-da-ha-auction.tractor"


@pytest.fixture(scope="module")
def san_da_ha() -> tr.Rules:
    return tr.load(A01)


def auction_rules(auction: str = "  bids: 80 down to 5 by 5", extra: str = "") -> tr.Rules:
    return tr.loads(f'extends: "{A01}"\nauction\n{auction}\n{extra}', origin=str(GALLERY / "house.tractor"))


# --- the language ----------------------------------------------------------------------------------


def test_the_auction_section_compiles_to_its_fields(san_da_ha):
    a = san_da_ha.auction
    assert (a.direction, a.start, a.limit, a.step) == ("down", 80, 5, 5)
    assert (a.first_bidder, a.all_pass, a.trump) == ("dealer", "redeal", "after-kitty")
    assert a.bids() == tuple(range(80, 0, -5))
    assert san_da_ha.table.partnership == "alone" and not san_da_ha.table.seated
    assert san_da_ha.counted == ("add", ("sub", ("var", "points"), ("var", "bid")), ("num", 80))
    assert san_da_ha.thresholds == tr.load("two-decks").thresholds  # 'counted:' keeps the parent's rows
    assert san_da_ha.phases() == ("deal", "auction", "name-trump", "bury", "play", "score")


def test_every_setting_of_the_auction_is_written():
    rules = auction_rules("  bids: 100 up to 200 by 10\n  first bidder: the next seat\n"
                          "  all pass: the first bidder banks\n  trump: named before the kitty")
    a = rules.auction
    assert (a.direction, a.start, a.limit, a.step, a.first_bidder, a.all_pass, a.trump) == (
        "up", 100, 200, 10, "next-seat", "first-bidder", "before-kitty")
    assert a.bids()[:3] == (100, 110, 120) and a.bids()[-1] == 200
    assert a.better(110, 100) and not a.better(100, 110)


@pytest.mark.parametrize("auction, extra, code, where", [
    ("  bids: 80 down to 90 by 5", "", "E206", (3, 20)),
    ("  bids: 80 down to 5 by 7", "", "E209", (3, 25)),
    ("  bids: 80 down to 5 by 5", "declare\n  overturn after kitty: yes\n", "E317", (5, 3)),
    ("  bids: 80 down to 5 by 5", "upgrade\n  counted: points - bid + levels\n", "E212", (5, 27)),
    ("  bids: 80 down to 5 by 5", "declare\n  redeal: a hand without trumps\n", "E317", (5, 3)),
    ("  bids: 80 down to 5 by 5", "levels\n  game end: beyond the last level\n", "E317", (5, 3)),
])
def test_an_auction_that_cannot_work_is_refused_where_it_is_written(auction, extra, code, where):
    with pytest.raises(tr.RulesetError) as info:
        auction_rules(auction, extra)
    found = {(d.code, d.line, d.column) for d in info.value.diagnostics}
    assert (code, *where) in found


def test_the_winning_bid_is_refused_without_an_auction():
    with pytest.raises(tr.RulesetError) as info:
        tr.loads('extends: "two-decks"\nlevels\n  when points > bid: attackers + 1 level\n', origin="house.tractor")
    (d,) = info.value.diagnostics
    assert (d.code, d.line) == ("E317", 3)
    assert "'bid' is the winning bid of an auction" in d.message


def test_a_banker_alone_needs_no_auction():
    rules = tr.loads('extends: "two-decks"\ntable\n  partners: banker alone\n', origin="house.tractor")
    record = play_hand(rules, [RandomPlayer(s) for s in range(4)], random.Random(3))
    assert record.banker_team == {record.banker}
    assert replay_hand(json.dumps(record.to_log()), rules) == []


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(san_da_ha):
    data = san_da_ha.to_dict()
    assert tr.Rules.from_dict(data) == san_da_ha
    assert rules_to_dict_as(san_da_ha, 3) is None
    alone_only = replace(tr.load("two-decks"), table=replace(tr.load("two-decks").table, partnership="alone"))
    assert rules_to_dict_as(alone_only, 3) is None
    assert rules_to_dict_as(tr.load("two-decks"), 3) is not None


def test_a_document_whose_bids_make_no_grid_is_refused(san_da_ha):
    data = san_da_ha.to_dict()
    data["auction"]["step"] = 7
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert "no grid of bids" in str(info.value)


# --- the auction itself ------------------------------------------------------------------------------


def test_the_lowest_bid_banks_once_all_the_others_have_passed(san_da_ha):
    bidding, players = _auction(san_da_ha, [[80, 60], [75, None], [None], [70, None]])
    assert bidding.turns == ((0, 80), (1, 75), (2, None), (3, 70), (0, 60), (1, None), (3, None))
    assert (bidding.banker, bidding.bid) == (0, 60)
    assert players[1].offered[0] == list(range(75, 0, -5))  # only bids below the standing 80


def test_the_last_bid_of_the_grid_ends_the_auction_at_once(san_da_ha):
    bidding, _ = _auction(san_da_ha, [[80], [5], [], []], first=0)
    assert bidding.turns == ((0, 80), (1, 5)) and (bidding.banker, bidding.bid) == (1, 5)


def test_everyone_passing_deals_again_or_gives_the_first_bidder_the_bank(san_da_ha):
    bidding, _ = _auction(san_da_ha, [[None]] * 4, first=2)
    assert bidding.banker is None and [s for s, _ in bidding.turns] == [2, 3, 0, 1]
    first_banks = replace(san_da_ha, auction=replace(san_da_ha.auction, all_pass="first-bidder"))
    bidding, _ = _auction(first_banks, [[None]] * 4, first=2)
    assert (bidding.banker, bidding.bid) == (2, 80)


def test_a_bid_not_on_offer_is_refused(san_da_ha):
    with pytest.raises(IllegalPlay):
        _auction(san_da_ha, [[80], [85], [], []])
    with pytest.raises(IllegalPlay):
        _auction(san_da_ha, [[77], [], [], []])


def test_the_oracle_answers_which_bids_are_legal(san_da_ha):
    assert san_da_ha.legal_bids() == tuple(range(80, 0, -5))
    assert san_da_ha.legal_bids(15) == (10, 5)
    assert san_da_ha.legal_bids(5) == ()
    assert tr.load("two-decks").legal_bids() == ()
    assert bid_offers(san_da_ha.auction, 20) == [15, 10, 5]


def test_a_player_bids_from_the_strength_of_the_hand(san_da_ha):
    public = Public(san_da_ha, 4, 0, "5", None)
    ctx = san_da_ha.context("5", "S")
    strong = ctx.cards("BJ BJ SJ SJ 7S 7S 7H 7D 2S 2S 2C 5S 5S AS AS KS QS JS 10S 9S 8S")
    weak = ctx.cards("5H 6H 8H 9H 5D 6D 8D 9D 5C 6C 8C 9C JH JD JC QH QD QC 6S 8S 9S")
    offers = list(range(80, 0, -5))
    assert sensible_bid(PlayerView(0, strong, public), offers) == 80
    assert sensible_bid(PlayerView(0, weak, public), offers) is None
    assert sensible_bid(PlayerView(0, strong, public), []) is None


# --- hands, logs and their replay -------------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(san_da_ha, kind):
    hands = 2 if kind == SEARCH else 12
    for seed in range(hands):
        players = make_players(kind, san_da_ha.table.players, random.Random(seed))
        record = play_hand(san_da_ha, players, random.Random(seed), level="5", banker=seed % 4)
        log = record.to_log()
        assert replay_hand(json.dumps(log), san_da_ha) == []
        bids = [b for _, b in record.bids if b is not None]
        assert record.bid == bids[-1] and record.banker == [s for s, b in record.bids if b is not None][-1]
        assert log["bids"] == [[s, b] for s, b in record.bids] and log["bid"] == record.bid
        assert record.trump in ("S", "H", "D", "C") and record.trump_by == "named"
        assert record.banker_team == {record.banker}


def test_the_level_change_counts_the_attackers_points_from_the_bid(san_da_ha):
    assert san_da_ha.table_score(75, bid=75) == 80  # the bid made exactly
    assert san_da_ha.level_change(san_da_ha.table_score(75, bid=75)) == ("attackers", 0)
    assert san_da_ha.level_change(san_da_ha.table_score(70, bid=75)) == ("banker", 1)
    assert san_da_ha.level_change(san_da_ha.table_score(0, bid=75)) == ("banker", 2)
    assert san_da_ha.level_change(san_da_ha.table_score(0, bid=80)) == ("banker", 3)
    assert san_da_ha.level_change(san_da_ha.table_score(90, bid=30)) == ("attackers", 1)
    assert san_da_ha.level_change(san_da_ha.table_score(130, bid=30)) == ("attackers", 2)
    assert tr.load("two-decks").table_score(75, bid=75) == 75  # no 'counted:': the points themselves


def _a_logged_hand(rules) -> dict:
    for seed in range(40):
        record = play_hand(rules, [GreedyPlayer() for _ in range(4)], random.Random(seed), level="5", banker=0)
        if len([b for b in record.bids if b[1] is not None]) >= 2:
            return record.to_log()
    raise AssertionError("no hand with two bids")


def test_the_replay_finds_a_bid_out_of_turn_an_illegal_bid_and_the_wrong_banker(san_da_ha):
    log = _a_logged_hand(san_da_ha)
    assert replay_hand(json.dumps(log), san_da_ha) == []
    out_of_turn = dict(log, bids=[[log["bids"][0][0], log["bids"][0][1]], [log["bids"][0][0], 5]])
    assert any("out of turn" in p for p in replay_hand(json.dumps(out_of_turn), san_da_ha))
    seat = log["bids"][0][0]
    illegal = dict(log, bids=[[seat, 85]] + [[(seat + k) % 4, None] for k in (1, 2, 3)])
    assert any("bid 85, which is not one of" in p for p in replay_hand(json.dumps(illegal), san_da_ha))
    other = dict(log, banker=(log["banker"] + 1) % 4)
    assert any("the auction makes seat" in p for p in replay_hand(json.dumps(other), san_da_ha))
    no_bids = {k: v for k, v in log.items() if k not in ("bids", "bid")}
    assert any("bids:" in p for p in replay_hand(json.dumps(no_bids), san_da_ha))
    two_decks = tr.load("two-decks")
    record = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(1))
    assert any("no auction" in p for p in replay_hand(json.dumps(dict(record.to_log(), bids=[], bid=0)), two_decks))


def test_a_game_is_played_at_the_level_of_each_hands_winning_bidder(san_da_ha):
    match = Match(san_da_ha, make_players("greedy", 4, random.Random(5)), random.Random(5), max_hands=400)
    result = match.play()
    assert result.status == "won" and len(result.winners) in (1, 3)
    levels = [match.ladder[0]] * 4
    for record in result.hands:
        assert record.level == levels[record.banker]
        side, steps = record.level_change
        won = record.banker_team if side == "banker" else frozenset(range(4)) - record.banker_team
        for seat in won:
            up = san_da_ha.advance(levels[seat], steps, side == "banker")
            levels[seat] = up if up is not None else levels[seat]


# --- the sheet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["The auction", "the lowest bidder banks", "banker plays alone against all the others",
            "the winning bid", "names the trump suit"]),
    ("zh", ["叫分", "叫分最低的人做庄", "庄家一人对抗其余所有人", "最终叫分", "定主"]),
])
def test_the_sheet_explains_the_auction_and_the_score_against_the_bid(san_da_ha, lang, words):
    sheet = build_sheet(san_da_ha, lang)
    text = " ".join([section.title for section in sheet.sections]
                    + [item.text for section in sheet.sections for item in section.items])
    for word in words:
        assert word in text
    assert not any(section.key == "declaring" for section in sheet.sections)


# --- the reinforcement-learning environment ----------------------------------------------------------


def test_the_learning_environment_plays_an_auction_game_with_legal_actions_only(san_da_ha):
    """The bids and the naming of trump are the engine's greedy player's: an agent only leads and
    follows, from the mask, and every hand ends replayable."""
    from episodes import play_random_hands

    from tractor_rules.rl import raw_env

    for record in play_random_hands(raw_env(san_da_ha, level="5"), 3, seed=1):
        assert record.bid in san_da_ha.auction.bids()
        assert replay_hand(json.dumps(record.to_log()), san_da_ha) == []


def test_lint_knows_the_winning_bid_lies_on_the_grid(tmp_path):
    from tractor_rules.api import load_resolved
    from tractor_rules.language.compiler import compile_resolved
    from tractor_rules.language.lint import lint

    house = tmp_path / "house.tractor"
    house.write_text(A01.read_text(encoding="utf-8") + "\nlevels\n  when bid > 80: bankers + 1 level\n"
                     "  when bid = 5 and points = 0: bankers + 1 level\n", encoding="utf-8")
    resolved = load_resolved(house)
    found = [(d.code, d.line) for d in lint(resolved, compile_resolved(resolved), ["W107"])]
    last = len(house.read_text(encoding="utf-8").splitlines())
    assert found == [("W107", last - 1)]


def test_an_auction_upwards_with_its_other_settings_plays_hands_that_replay_clean():
    rules = auction_rules("  bids: 100 up to 200 by 10\n  first bidder: the next seat\n"
                          "  all pass: the first bidder banks\n  trump: named before the kitty",
                          "upgrade\n  counted: max(0, 80 + points - (200 - bid))\n")
    seen_bids = set()
    for seed in range(12):
        for kind in ("random", "greedy"):
            players = make_players(kind, 4, random.Random(seed))
            record = play_hand(rules, players, random.Random(seed), level="5", banker=seed % 4)
            assert replay_hand(json.dumps(record.to_log()), rules) == []
            turns = record.bids
            assert turns[0][0] == (seed % 4 + 1) % 4  # the seat after the dealer bids first
            made = [b for _, b in turns if b is not None]
            assert made == sorted(made) and all(b in rules.auction.bids() for b in made)
            if not made:  # everyone passed: the first bidder banks at the first bid
                assert (record.banker, record.bid) == (turns[0][0], 100)
            seen_bids.add(record.bid)
    assert len(seen_bids) > 1


class Namer(GreedyPlayer):
    """A greedy player noting how many cards it holds when it names trump."""

    def __init__(self, seen: list[int]):
        super().__init__()
        self.seen = seen

    def name_trump(self, view):
        self.seen.append(len(view.hand))
        return super().name_trump(view)


@pytest.mark.parametrize("moment, extra", [("after seeing the kitty", 8), ("before the kitty", 0)])
def test_the_banker_names_trump_with_the_kitty_in_hand_or_without_it(moment, extra):
    rules = auction_rules(f"  bids: 80 down to 5 by 5\n  all pass: the first bidder banks\n  trump: named {moment}")
    seen: list[int] = []
    record = play_hand(rules, [Namer(seen) for _ in range(4)], random.Random(2), level="5", banker=0)
    assert seen == [rules.table.hand_size + extra]
    assert replay_hand(json.dumps(record.to_log()), rules) == []
