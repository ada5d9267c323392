"""The exchange with the declarer (``declaring.exchange_with_declarer``, issue #26, Shandong's 粘牌,
D35 of the gallery): once the deal is over, where the standing declaration is a joker with a pair
of level cards, the first other player in turn who shows a joker with a tractor may take those
three cards, giving back a trump above the aces and two side cards.  The language, the check and
the lint, the oracle, the engine's phase and its players, the log and its replay, the JSON form,
the sheet and the learning environment."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.flow.views import PlayerView, Public
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import RulesetError
from player_kinds import EVERY_KIND, SEARCH, first_hand, hands_that_replay_clean
from exchange_players import Cheating, Passing
from json_forms import assert_a_field_of_version_4

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D35 = GALLERY / "D35-exchange-with-the-declarer.tractor"


@pytest.fixture(scope="module")
def shandong() -> tr.Rules:
    return tr.load(D35)


class Noting(GreedyPlayer):
    """Exchanges as the greedy player does, and notes what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[PlayerView, int, tuple]] = []

    def exchange_with_declarer(self, view, declarer, took):
        self.asked.append((view, declarer, took))
        return super().exchange_with_declarer(view, declarer, took)


def _exchanged_hand(rules: tr.Rules, seeds=range(200)):
    """A hand in which an exchange was made, and its players."""
    return first_hand(rules, lambda seed: [Noting() for _ in range(4)],
                      lambda record, players: record.exchange is not None, seeds=seeds, banker=0)


# --- the language ----------------------------------------------------------------------------------


def test_the_statement_switches_the_phase_on(shandong):
    assert shandong.declaring.exchange_with_declarer
    assert shandong.phases() == ("deal", "exchange", "bury", "play", "score")
    two_decks = tr.load("two-decks")
    assert not two_decks.declaring.exchange_with_declarer and "exchange" not in two_decks.phases()
    off = tr.loads(f'extends: "{D35}"\ndeclare\n  exchange with the declarer: no\n', origin=str(GALLERY / "h.tractor"))
    assert not off.declaring.exchange_with_declarer and "exchange" not in off.phases()
    unset = tr.loads(f'extends: "{D35}"\ndeclare\n  unset: exchange with the declarer\n',
                     origin=str(GALLERY / "h.tractor"))
    assert not unset.declaring.exchange_with_declarer


@pytest.mark.parametrize("extra, where", [
    ("declare\n  exchange with the declarer: yes\n  ladder: none\n  nobody declares: trump S\n", "'ladder: none'"),
    ("declare\n  exchange with the declarer: yes\nauction\n  bids: 80 down to 5 by 5\n", "an auction decides"),
    ("declare\n  exchange with the declarer: yes\n  overturn after kitty: yes\n", "an overturn after the kitty"),
])
def test_an_exchange_with_nothing_to_take_is_refused_where_it_is_written(extra, where):
    with pytest.raises(RulesetError) as info:
        tr.loads('extends: "two-decks"\n' + extra, origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E323", 3, 3)
    assert where in diagnostic.message


@pytest.mark.parametrize("parent, extra, why", [
    ("two-decks", "", "no step of the ladder is a joker with a pair of level cards"),
    (str(GALLERY / "C02-unset-inherited-list.tractor"), "  ladder: 1 joker + 2 level cards\n",
     "no tractor is made of pairs"),
])
def test_lint_warns_where_the_exchange_never_happens(parent, extra, why):
    from tractor_rules import facade

    text = f'extends: "{parent}"\ndeclare\n  exchange with the declarer: yes\n' + extra
    found = facade.lint(text, str(GALLERY / "house.tractor"))["diagnostics"]
    assert [(d["line"], d["code"]) for d in found if d["code"] == "W114"] == [(3, "W114")]
    assert why in next(d["message"] for d in found if d["code"] == "W114")
    assert not [d for d in facade.lint(D35.read_text(encoding="utf-8"), str(D35))["diagnostics"]]


# --- the oracle --------------------------------------------------------------------------------------


def test_the_oracle_says_what_is_shown_and_given_back(shandong):
    ctx = shandong.context("10", "H")
    assert [ctx.above_aces(c) for c in ("SJ", "BJ", "10H", "10S", "AH", "KH", "AS")] == [
        True, True, True, True, False, False, False]
    assert ctx.exchange_show_error("BJ 6D 6D 7D 7D") is None
    assert ctx.exchange_show_error("SJ 9H 9H JH JH") is None  # the 10 is a trump: the hole is bridged
    assert "no joker" in ctx.exchange_show_error("6D 6D 7D 7D")
    assert "not a joker with a tractor" in ctx.exchange_show_error("BJ 6D 6D 8D 8D")
    assert "not a joker with a tractor" in ctx.exchange_show_error("BJ 6D 6D")
    assert ctx.give_back_error("10S 4C 5D") is None
    assert ctx.give_back_error("BJ AS KS") is None
    assert "0 of them trumps above the aces" in ctx.give_back_error("AH 4C 5D")
    assert "1 side cards" in ctx.give_back_error("10S 10C 5D")
    assert ctx.give_back_error("10S 4C") is not None
    no_trump = shandong.context("10", None)
    assert no_trump.above_aces("10S") and no_trump.above_aces("SJ") and not no_trump.above_aces("AS")
    constants = tr.load(GALLERY / "T06-constant-levels.tractor").context("10", "H")
    assert constants.above_aces("2H") and constants.above_aces("3S") and not constants.above_aces("AH")


# --- the engine --------------------------------------------------------------------------------------


def test_the_first_player_in_turn_with_a_joker_and_a_tractor_takes_the_declaration(shandong):
    record, players = _exchanged_hand(shandong)
    made = record.exchange
    declarer = record.declarer
    assert made.declarer == declarer and made.seat != declarer
    ctx = shandong.context(record.level, record.trump)
    assert ctx.exchange_show_error(made.shown) is None and ctx.give_back_error(made.gave) is None
    assert len(made.took) == 3 and sum(c.is_joker for c in made.took) == 1
    standing = [cards for seat, cards in record.declarations if seat == declarer][-1]
    assert tuple(made.took) == tuple(standing)
    assert shandong.declaration(list(made.took), record.level).trump == record.trump
    # the players before the taker in turn after the declarer were asked first, or could not show
    asked = [seat for seat, p in enumerate(players) if p.asked]
    assert made.seat in asked
    for seat in asked:
        ((view, whom, took),) = players[seat].asked
        assert whom == declarer and tuple(took) == tuple(made.took)
    # trump, the declarer and the banker stay
    assert record.trump_by == "declared" and record.banker == 0
    assert record.exchange.seat not in asked[asked.index(made.seat) + 1:]


def test_the_cards_change_hands(shandong):
    """The taker's hand and the declarer's, as the tricks begin, hold what the exchange moved (the
    banker's after the kitty exchange, so only a non-banker is checked)."""
    for seed in range(200):
        players = [Noting() for _ in range(4)]
        record = play_hand(shandong, players, random.Random(seed), level="5", banker=0)
        made = record.exchange
        if made is None or 0 in (made.seat, made.declarer):
            continue
        taker, giver = Counter(record.hands[made.seat]), Counter(record.hands[made.declarer])
        assert not Counter(made.took) - taker and not Counter(made.gave) - giver
        ((view, _, _),) = players[made.seat].asked
        assert not Counter(made.gave) - Counter(view.hand)  # given from the taker's own cards
        return
    raise AssertionError("no exchange between two attackers' or partners' seats")


def test_nobody_exchanges_when_every_player_passes(shandong):
    for seed in range(20):
        record = play_hand(shandong, [Passing() for _ in range(4)], random.Random(seed), level="5", banker=0)
        assert record.exchange is None
        assert record.to_log()["exchange"] is None


def test_an_illegal_give_back_stops_the_hand(shandong):
    with pytest.raises(IllegalPlay, match="exchange with the declarer"):
        for seed in range(200):
            play_hand(shandong, [Cheating() for _ in range(4)], random.Random(seed), level="5", banker=0)


def test_a_ruleset_without_the_statement_plays_as_before():
    """The phase is not there, and no player is asked: the same seed gives the same hand."""
    plain = tr.loads('extends: "two-decks"\ndeclare\n  ladder: 1 joker + 2 level cards < 2 jokers + 2 level cards\n',
                     origin="house.tractor")
    players = [Noting() for _ in range(4)]
    record = play_hand(plain, players, random.Random(7), level="5", banker=0)
    assert record.exchange is None and not any(p.asked for p in players)
    log = record.to_log()
    assert "exchange" not in log
    again = play_hand(plain, [GreedyPlayer() for _ in range(4)], random.Random(7), level="5", banker=0)
    assert again.to_log() == log


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(shandong, kind):
    made = sum(record.exchange is not None
               for record in hands_that_replay_clean(shandong, kind, 3 if kind == SEARCH else 80))
    if kind != SEARCH:
        assert made  # each kind does exchange now and then


def test_the_replay_checks_the_exchange(shandong):
    record, _ = _exchanged_hand(shandong)
    log = record.to_log()
    assert replay_hand(json.dumps(log), shandong) == []
    made = log["exchange"]

    def problems(**change):
        return replay_hand(json.dumps(dict(log, exchange=dict(made, **change))), shandong)

    assert any("its own declaration" in p for p in problems(seat=made["declarer"]))
    assert any("is not a joker with a tractor" in p for p in problems(shown="BJ 6D 6D 8D 8D"))
    assert any("not a declaration of a joker with a pair" in p for p in problems(took="BJ BJ"))
    assert any("gave back" in p for p in problems(gave="4C 5D 6D"))
    assert any("one of seats" in p for p in problems(seat=9))
    assert any("an object of" in p for p in replay_hand(json.dumps(dict(log, exchange=[1, 2])), shandong))
    unlogged = {k: v for k, v in log.items() if k != "exchange"}
    assert any("exchange: needed" in p for p in replay_hand(json.dumps(unlogged), shandong))
    two_decks = tr.load("two-decks")
    plain = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(1)).to_log()
    assert any("no exchange with the declarer" in p
               for p in replay_hand(json.dumps(dict(plain, exchange=None)), two_decks))


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(shandong):
    assert_a_field_of_version_4(shandong, "declaring", "exchange_with_declarer", True)


# --- the sheet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["The exchange with the declarer: a player with a joker and a tractor may take the declared joker",
            "the first of them who shows a joker with a tractor of pairs and chooses to exchange takes those "
            "three cards"]),
    ("zh", ["粘牌：有一王带连对的玩家可以拿走亮主的一王一对", "回给亮主者一个大于A的主和两个副牌"]),
])
def test_the_sheet_says_the_exchange(shandong, lang, words):
    for word in words:
        assert word in sheet_text(shandong, lang)
        assert word not in sheet_text(tr.load("two-decks"), lang)


# --- the reinforcement-learning environment ----------------------------------------------------------


def test_the_learning_environment_plays_hands_with_the_exchange(shandong):
    """The exchange is the engine's greedy player's decision: an agent only leads and follows, from
    the mask, and every hand ends replayable."""
    from episodes import play_random_hands

    from tractor_rules.rl import raw_env

    for record in play_random_hands(raw_env(shandong, level="5", banker=0), 6, seed=1):
        assert replay_hand(json.dumps(record.to_log()), shandong) == []


def test_the_search_players_worlds_give_the_cards_taken_to_the_taker(shandong):
    """The table sees the exchange (``Public.exchanged``): another player's guesses put the cards
    taken in the taker's hand, not the declarer's."""
    from tractor_rules.engine.players.worlds import _declared_and_kept

    for seed in range(200):
        players = [Noting() for _ in range(4)]
        record = play_hand(shandong, players, random.Random(seed), level="5", banker=0)
        made = record.exchange
        if made is None or 0 in (made.seat, made.declarer):
            continue
        onlooker = next(s for s in range(4) if s not in (made.seat, made.declarer))
        public = Public(shandong, 4, 0, "5", 0, trump=record.trump, ctx=shandong.context("5", record.trump),
                        declarations=list(record.declarations), exchanged=(made.seat, made.declarer, made.took))
        kept = _declared_and_kept(PlayerView(onlooker, record.hands[onlooker], public))
        assert not Counter(made.took) - kept[made.seat]
        assert not Counter(made.took) & kept.get(made.declarer, Counter())  # no longer the declarer's
        return
    raise AssertionError("no exchange between two seats other than the banker's")
