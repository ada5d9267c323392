"""Who acts first in a hand's phases (``first to overturn after kitty``, ``first to declare in
turn``, ``first lead``, ``first bidder``): the seats' vocabulary, the statements and their errors,
the JSON form, the engine asking each phase's first seat first, the log and the replay checking it,
and the sheet saying it."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.seats import first_leader, seat_of
from tractor_rules.engine.flow.views import Offer, PlayerView
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render.render import render_sheet
from tractor_rules.rules import Rules
from tractor_rules.rules.expressions import ORDERED_PHASES, SEATS, seats_at


def rules(text: str) -> Rules:
    return tr.loads('ruleset: "Order"\nextends: "two-decks"\n' + text, origin="order.tractor")


# --- the vocabulary and the statements -------------------------------------------------------------


def test_every_phase_that_goes_round_knows_some_seats_and_every_seat_some_phase():
    assert all(seats_at(phase) for phase in ORDERED_PHASES)
    assert all(seat.phases <= set(ORDERED_PHASES) for seat in SEATS.values())
    assert seats_at("declare-in-turn") == ("banker", "after-banker")
    assert seats_at("auction") == ("holder", "dealer", "after-dealer")  # the hands dealt, before anybody banks


def test_the_defaults_are_the_order_the_engine_always_played():
    default = Rules()
    assert (default.declaring.overturn_first, default.declaring.in_turn_first, default.leading.first_lead,
            default.auction.first_bidder) == ("after-burier", "banker", "banker", "dealer")
    shipped = tr.load("two-decks")
    assert (shipped.declaring, shipped.leading, shipped.auction) == (default.declaring, default.leading,
                                                                      default.auction)


@pytest.mark.parametrize("text, path, value", [
    ("declare\n  first to overturn after kitty: the banker\n", "declaring.overturn_first", "banker"),
    ("declare\n  first to overturn after kitty: the seat after the declarer\n", "declaring.overturn_first",
     "after-declarer"),
    ("declare\n  first to declare in turn: the seat after the banker\n", "declaring.in_turn_first",
     "after-banker"),
    ("lead\n  first lead: the burier\n", "leading.first_lead", "burier"),
    ("lead\n  first lead: the seat after the declarer\n", "leading.first_lead", "after-declarer"),
    ("auction\n  bids: 80 down to 5 by 5\n  first bidder: the seat after the dealer\n", "auction.first_bidder",
     "next-seat"),
])
def test_each_statement_sets_its_field(text, path, value):
    compiled = rules(text)
    section, name = path.split(".")
    assert getattr(getattr(compiled, section), name) == value
    assert path in dict(compiled.sources)


def test_unset_takes_a_parents_order_back(tmp_path):
    (tmp_path / "parent.tractor").write_text('ruleset: "P"\nextends: "two-decks"\nlead\n  first lead: the declarer\n')
    child = tmp_path / "child.tractor"
    child.write_text('ruleset: "C"\nextends: "parent.tractor"\nlead\n  unset: first lead\n')
    assert tr.load(str(tmp_path / "parent.tractor")).leading.first_lead == "declarer"
    assert tr.load(str(child)).leading.first_lead == "banker"


@pytest.mark.parametrize("text, code, where", [
    ("lead\n  first lead: the dealer\n", "E339", (4, 15)),
    ("declare\n  in turn: yes\n  first to declare in turn: the declarer\n", "E339", (5, 29)),
    ("declare\n  first to overturn after kitty: the seat after the dealer\n", "E339", (4, 34)),
    ("declare\n  first to overturn after kitty: the declarer\n", "E339", (4, 34)),
    ("declare\n  ladder: none\nlead\n  first lead: the declarer\n", "E340", (6, 3)),
    ("lead\n  first lead: the seat after the declarer\nauction\n  bids: 80 down to 5 by 5\n", "E340", (4, 3)),
])
def test_a_seat_the_phase_cannot_start_from_is_refused_where_it_is_written(text, code, where):
    with pytest.raises(tr.RulesetError) as caught:
        rules(text)
    found = [(d.code, d.line, d.column) for d in caught.value.diagnostics]
    assert (code, *where) in found


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_carries_the_orders_and_round_trips():
    compiled = rules("declare\n  overturn after kitty: yes\n  first to overturn after kitty: the banker\n"
                     "lead\n  first lead: the seat after the burier\n")
    data = json.loads(json.dumps(compiled.to_dict()))
    assert data["declaring"]["overturn_first"] == "banker" and data["leading"]["first_lead"] == "after-burier"
    assert data["declaring"]["in_turn_first"] == "banker"
    assert Rules.from_dict(data) == compiled
    schema = tr.schema()
    leading = schema["$defs"]["Leading"]["properties"]["first_lead"] if "$defs" in schema else None
    if leading is not None:
        assert set(leading["enum"]) == {"banker", "after-banker", "burier", "after-burier", "declarer",
                                        "after-declarer"}


def test_a_version_3_document_reads_the_orders_defaults():
    old = rules_to_dict_as(Rules(), 3)
    assert "first_lead" not in old["leading"] and "overturn_first" not in old["declaring"]
    read = Rules.from_dict(old)
    assert (read.leading.first_lead, read.declaring.overturn_first, read.declaring.in_turn_first) == (
        "banker", "after-burier", "banker")


def test_a_json_seat_of_the_declarer_where_nobody_declares_is_E340():
    data = rules("declare\n  ladder: none\n").to_dict()
    data["leading"]["first_lead"] = "declarer"
    with pytest.raises(tr.RulesetError) as caught:
        Rules.from_dict(data)
    assert "E340" in str(caught.value) and "leading.first_lead" in str(caught.value)


# --- the engine ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, expected", [
    ("banker", 1), ("after-banker", 2), ("burier", 3), ("after-burier", 0), ("declarer", 2),
    ("after-declarer", 3), ("dealer", 0), ("after-dealer", 1),
])
def test_seat_of_reads_each_seat(name, expected):
    assert seat_of(name, 4, banker=1, burier=3, declarer=2, dealer=0) == expected


def test_nobody_declared_reads_the_declarer_as_the_banker():
    assert seat_of("declarer", 4, banker=1, declarer=None) == 1
    assert seat_of("after-declarer", 4, banker=3, declarer=None) == 0


LEADS = ("banker", "after-banker", "burier", "after-burier", "declarer", "after-declarer")


@pytest.mark.parametrize("first", LEADS)
@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_the_first_trick_is_led_by_the_seat_the_rules_name_and_the_log_replays(first, kind):
    words = SEATS[first].words
    compiled = rules(f"kitty\n  buried by: the banker's partner\nlead\n  first lead: {words}\n")
    for seed in range(4):
        players = make_players(kind, 4, random.Random(seed))
        record = play_hand(compiled, players, random.Random(seed), level="2", banker=seed % 4)
        declarer = record.declarer
        assert record.buried_by == (record.banker + 2) % 4
        expected = first_leader(compiled, record.banker, record.buried_by, declarer)
        assert record.tricks[0].leader == expected
        assert expected == seat_of(first, 4, banker=record.banker, burier=record.buried_by, declarer=declarer)
        entry = record.to_log()
        assert replay_hand(entry, compiled) == []


def test_the_search_player_plays_a_hand_led_by_the_declarer():
    compiled = rules("lead\n  first lead: the seat after the declarer\n")
    players = make_players("search", 4, random.Random(1))
    record = play_hand(compiled, players, random.Random(1), level="2", banker=0)
    assert record.tricks[0].leader == seat_of("after-declarer", 4, banker=0, declarer=record.declarer)
    assert replay_hand(record.to_log(), compiled) == []


def test_the_replay_checks_the_first_lead():
    declarer_leads = rules("lead\n  first lead: the seat after the declarer\n")
    record = play_hand(declarer_leads, make_players("greedy", 4, random.Random(2)), random.Random(2), level="2",
                       banker=0)
    entry = record.to_log()
    assert replay_hand(entry, declarer_leads) == []
    wrong = dict(entry)
    wrong["declarer"] = (entry["declarer"] + 1) % 4 if entry["declarer"] is not None else 1
    problems = replay_hand(wrong, declarer_leads)
    assert any("trick 1: led by seat" in p and "the seat after the declarer, who leads the first trick" in p
               for p in problems)
    del wrong["declarer"]
    assert "declarer: needed when the first trick is led from the declarer" in replay_hand(wrong, declarer_leads)


class Asked(GreedyPlayer):
    """The greedy player, noting each seat asked to declare once the kitty is buried (the round of
    overturning after it), and never declaring then."""

    def __init__(self, seat: int, asked: list[int]):
        super().__init__(random.Random(seat))
        self.seat, self.asked = seat, asked

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        if view.public.buried_by is not None:
            self.asked.append(self.seat)
            return None
        return super().declare(view, offers)


@pytest.mark.parametrize("first", ["banker", "after-banker", "burier", "after-burier", "after-declarer"])
def test_the_round_after_the_kitty_asks_its_first_seat_first(first):
    compiled = rules("declare\n  overturn after kitty: yes\n"
                     f"  first to overturn after kitty: {SEATS[first].words}\n")
    asked_first = 0
    for seed in range(12):
        asked: list[int] = []
        players: Sequence = [Asked(s, asked) for s in range(4)]
        record = play_hand(compiled, players, random.Random(seed), level="2", banker=seed % 4)
        round_ = record.overturn_round
        assert round_ is not None and not round_.made
        declarer = None if round_.standing is None else round_.standing[0]
        expected = seat_of(first, 4, banker=record.banker, burier=record.banker, declarer=declarer)
        assert round_.first == expected
        # the seats asked go round once from the first, the standing declarer and those without an
        # offer passing unasked
        steps = [(seat - expected) % 4 for seat in asked]
        assert steps == sorted(steps) and len(set(steps)) == len(steps)
        asked_first += bool(asked) and asked[0] == expected
        entry = record.to_log()
        if first != "after-burier":
            assert entry["overturn_round"]["first"] == expected
        assert replay_hand(entry, compiled) == []
        wrong = json.loads(json.dumps(entry))
        if "first" in wrong.get("overturn_round", {}):
            wrong["overturn_round"]["first"] = (expected + 1) % 4
            assert any("was asked first, but the rules ask" in p for p in replay_hand(wrong, compiled))
    assert asked_first  # the first seat could declare, and was asked first, in some hand


@pytest.mark.parametrize("first, words", [("banker", "the banker"), ("after-banker", "the seat after the banker")])
def test_declaring_in_turn_starts_from_its_first_seat(first, words):
    compiled = rules(f"declare\n  in turn: yes\n  first to declare in turn: {words}\n")
    for seed in range(6):
        banker = seed % 4
        record = play_hand(compiled, make_players("greedy", 4, random.Random(seed)), random.Random(seed), level="2",
                           banker=banker)
        round_ = record.in_turn_round
        assert round_ is not None
        assert round_.first == seat_of(first, 4, banker=banker) == round_.turns[0][0]
        assert [seat for seat, _ in round_.turns] == [(round_.first + k) % 4 for k in range(len(round_.turns))]
        if round_.turns[-1][1] is None:  # everyone passed: the banker stays
            assert record.banker == banker
        assert replay_hand(record.to_log(), compiled) == []


def test_the_replay_checks_who_keeps_the_bank_when_everyone_passes_in_turn():
    compiled = rules("declare\n  in turn: yes\n  first to declare in turn: the seat after the banker\n")
    for seed in range(40):
        record = play_hand(compiled, make_players("greedy", 4, random.Random(seed)), random.Random(seed), level="2",
                           banker=1)
        if record.in_turn_round is not None and record.in_turn_round.turns[-1][1] is None:
            break
    else:
        pytest.skip("no deal where everyone passed")  # pragma: no cover
    entry = record.to_log()
    assert replay_hand(entry, compiled) == []
    assert entry["in_turn"]["first"] == 2 and entry["banker"] == 1
    banker_first = rules("declare\n  in turn: yes\n")
    assert any("every player passed, so seat 2 banks" in p for p in replay_hand(entry, banker_first))


def test_the_auction_starts_from_the_seat_after_the_dealer():
    compiled = rules("table\n  partners: banker alone\nauction\n  bids: 80 down to 5 by 5\n"
                     "  first bidder: the seat after the dealer\n")
    record = play_hand(compiled, make_players("greedy", 4, random.Random(3)), random.Random(3), level="2", banker=2)
    assert record.bids[0][0] == 3
    assert replay_hand(record.to_log(), compiled) == []


def test_the_default_orders_leave_the_log_as_it_was():
    record = play_hand(Rules(), make_players("greedy", 4, random.Random(5)), random.Random(5), level="2", banker=0)
    entry = record.to_log()
    assert record.tricks[0].leader == 0
    assert "overturn_round" not in entry and "buried_by" not in entry and "declarer" not in entry


# --- the sheet ----------------------------------------------------------------------------------------


def test_the_sheet_says_who_acts_first_in_english_and_chinese():
    compiled = rules("declare\n  overturn after kitty: yes\n  first to overturn after kitty: the banker\n"
                     "  in turn: yes\n  first to declare in turn: the seat after the banker\n"
                     "lead\n  first lead: the seat after the declarer\n")
    texts = {lang: _sheet_text(compiled, lang) for lang in ("en", "zh")}
    assert "Declaring goes round once more, from the banker:" in texts["en"]
    assert "from the player after the banker (after the dealer in the game's first hand)" in texts["en"]
    assert "The player after the declarer (after the banker when nobody declared) leads the first trick" in texts["en"]
    assert "The round after the kitty goes round the table in the direction of play from the banker" in texts["en"]
    assert "亮主再轮一圈：从庄家本人起" in texts["zh"]
    assert "从庄家的下家起（本局第一手从发牌者的下家起）" in texts["zh"]
    assert "亮主者的下家（无人亮主时为庄家的下家）先出第一轮" in texts["zh"]


def test_the_default_sheet_says_the_fixed_order():
    texts = {lang: _sheet_text(Rules(), lang) for lang in ("en", "zh")}
    assert "The banker leads the first trick" in texts["en"]
    assert "庄家先出第一轮" in texts["zh"]


def _sheet_text(compiled: Rules, lang: str) -> str:
    return " ".join(render_sheet(compiled, "txt", lang=lang).split())


# --- the rules oracle ---------------------------------------------------------------------------------


def test_the_oracle_says_who_is_asked_first_in_each_phase():
    compiled = rules("declare\n  overturn after kitty: yes\n  first to overturn after kitty: the seat after the declarer\n"
                     "  in turn: yes\n  first to declare in turn: the seat after the banker\n"
                     "lead\n  first lead: the burier\n")
    assert compiled.first_seat("overturn", banker=1, burier=3, declarer=2) == 3
    assert compiled.first_seat("declare-in-turn", banker=3) == 0
    assert compiled.first_seat("play", banker=1, burier=3, declarer=2) == 3
    assert compiled.first_seat("auction", banker=2, dealer=2) == 2
    default = Rules()
    assert default.first_seat("overturn", banker=1, burier=1) == 2
    assert default.first_seat("play", banker=1, burier=3, declarer=2) == 1
    with pytest.raises(ValueError, match="not a phase that goes round"):
        default.first_seat("score", banker=0)
