"""The exchange with the declarer made while the cards are dealt (``declaring.exchange_timing``
"during-deal", ``exchange with the declarer: during the deal``, Shandong's 粘牌 as the sdsj-poker-game
rules page has it, D62 of the gallery): at each chance the deal gives a player to declare, once
they have declared or let it be, a player other than the standing declarer with a joker and a
tractor may take the standing joker with a pair, judged by the trump it names; the exchange closes
the declaring.  The language, the checks and the lint, the oracle, the engine and its players, the
log and its replay, the JSON form and the sheet."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import RulesetError
from player_kinds import EVERY_KIND, SEARCH, first_hand, hands_that_replay_clean
from exchange_players import Cheating, Passing
from json_forms import assert_a_field_of_version_4

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D35 = GALLERY / "D35-exchange-with-the-declarer.tractor"
D62 = GALLERY / "D62-exchange-with-the-declarer-during-the-deal.tractor"


@pytest.fixture(scope="module")
def during() -> tr.Rules:
    return tr.load(D62)


class Noting(GreedyPlayer):
    """Exchanges as the greedy player does, and notes what it was asked (the cards it held then,
    the trump it was asked under, the declarations shown so far)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[tuple, int, tuple, str | None, int]] = []

    def exchange_with_declarer(self, view, declarer, took):
        self.asked.append((view.hand, declarer, tuple(took), view.ctx.trump, len(view.public.declarations)))
        return super().exchange_with_declarer(view, declarer, took)


def _house(text: str) -> tr.Rules:
    return tr.loads(text, origin=str(GALLERY / "house.tractor"))


def _stuck_hand(rules: tr.Rules, found=lambda record, players: True):
    return first_hand(rules, lambda seed: [Noting() for _ in range(4)],
                      lambda record, players: record.exchange is not None and found(record, players), banker=0)


# --- the language ----------------------------------------------------------------------------------


def test_the_statement_makes_the_exchange_during_the_deal(during):
    d = during.declaring
    assert d.exchange_with_declarer and d.exchange_timing == "during-deal"
    assert during.phases() == ("deal", "bury", "play", "score")  # no phase after the deal: made in "deal"
    shandong = tr.load(D35)
    assert shandong.declaring.exchange_timing == "after-deal" and "exchange" in shandong.phases()
    after = _house(f'extends: "{D35}"\ndeclare\n  exchange with the declarer: after the deal\n')
    assert after.declaring == shandong.declaring  # 'after the deal' is 'yes'
    back = _house(f'extends: "{D62}"\ndeclare\n  exchange with the declarer: yes\n')
    assert back.declaring.exchange_timing == "after-deal" and "exchange" in back.phases()
    off = _house(f'extends: "{D62}"\ndeclare\n  exchange with the declarer: no\n')
    assert not off.declaring.exchange_with_declarer and "exchange" not in off.phases()
    unset = _house(f'extends: "{D62}"\ndeclare\n  unset: exchange with the declarer\n')
    assert not unset.declaring.exchange_with_declarer and unset.declaring.exchange_timing == "after-deal"


def test_a_file_writing_yes_keeps_the_timing_unwritten():
    """'yes' and 'no' set no timing of their own: the JSON form of such a file gains only the
    field's default, and no source for it."""
    rules = tr.load(D35)
    assert "declaring.exchange_timing" not in dict(rules.sources)
    assert "declaring.exchange_timing" in dict(tr.load(D62).sources)
    assert rules.to_dict()["declaring"]["exchange_timing"] == "after-deal"


@pytest.mark.parametrize("extra, where", [
    ("declare\n  exchange with the declarer: during the deal\n  ladder: none\n  nobody declares: trump S\n",
     "'ladder: none'"),
    ("declare\n  exchange with the declarer: during the deal\nauction\n  bids: 80 down to 5 by 5\n",
     "an auction decides"),
    ("declare\n  exchange with the declarer: during the deal\n  overturn after kitty: yes\n",
     "an overturn after the kitty"),
    ("declare\n  exchange with the declarer: during the deal\n  in turn: yes\n",
     "the declaration standing during the deal, but a hand declared in turn has none then"),
])
def test_an_exchange_during_the_deal_with_nothing_to_take_is_refused(extra, where):
    with pytest.raises(RulesetError) as info:
        tr.loads('extends: "two-decks"\n' + extra, origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E323", 3, 3)
    assert where in diagnostic.message


def test_lint_warns_where_the_exchange_during_the_deal_never_happens():
    from tractor_rules import facade

    text = 'extends: "two-decks"\ndeclare\n  exchange with the declarer: during the deal\n'
    found = facade.lint(text, str(GALLERY / "house.tractor"))["diagnostics"]
    assert [(d["line"], d["code"]) for d in found if d["code"] == "W114"] == [(3, "W114")]
    assert not facade.lint(D62.read_text(encoding="utf-8"), str(D62))["diagnostics"]


# --- the oracle ------------------------------------------------------------------------------------


def test_the_oracle_says_which_declarations_are_taken(during):
    hearts = during.context("10", "H")
    assert hearts.taken_error("SJ 10H 10H") is None
    assert hearts.taken_error("BJ 10H 10H") is None
    assert "naming this trump" in hearts.taken_error("SJ 10S 10S")  # a declaration of spades
    assert "three cards" in hearts.taken_error("SJ SJ 10H 10H")
    assert "three cards" in hearts.taken_error("9H 9H 9S")
    assert "naming this trump" in hearts.taken_error("SJ 9H 9H")  # not level cards: no declaration


# --- the engine ------------------------------------------------------------------------------------


def test_the_exchange_is_made_while_the_cards_are_dealt(during):
    record, players = _stuck_hand(during)
    made = record.exchange
    assert made.at is not None and made.seat != made.declarer
    # the declaration taken is the last shown before the exchange, the declarer's, and none came after
    assert record.declarations[made.at - 1] == (made.declarer, tuple(made.took))
    assert len(record.declarations) == made.at
    # asked during the deal: with fewer cards than a whole hand, under the trump of the declaration taken
    hand, whom, took, trump, shown = players[made.seat].asked[-1]
    assert (whom, took, shown) == (made.declarer, tuple(made.took), made.at)
    assert len(hand) < during.table.hand_size or shown == len(record.declarations)
    assert trump == during.declaration(list(made.took), record.level).trump == record.trump
    ctx = during.context(record.level, trump)
    assert ctx.exchange_show_error(made.shown) is None and ctx.give_back_error(made.gave) is None
    assert not Counter(made.shown) - Counter(hand) and not Counter(made.gave) - Counter(hand)
    assert record.declarer == made.declarer and record.trump_by == "declared"


def test_some_exchange_comes_before_the_last_card_is_dealt(during):
    record, players = _stuck_hand(during, lambda record, players: len(
        players[record.exchange.seat].asked[-1][0]) < during.table.hand_size)
    assert record.exchange.at >= 1


def test_the_exchange_closes_the_declaring(during):
    """Nobody is offered a declaration after the exchange: the players' offers stop there."""

    class Counting(Noting):
        def __init__(self):
            super().__init__()
            self.offers_after: list[int] = []

        def declare(self, view, offers):
            if view.public.exchanged is not None:
                self.offers_after.append(len(offers))
            return super().declare(view, offers)

    for seed in range(200):
        players = [Counting() for _ in range(4)]
        record = play_hand(during, players, random.Random(seed), level="5", banker=0)
        if record.exchange is not None:
            assert not any(p.offers_after for p in players)
            assert len(record.declarations) == record.exchange.at
            return
    raise AssertionError("no exchange in 200 seeds")


def test_the_cards_change_hands(during):
    for seed in range(200):
        players = [Noting() for _ in range(4)]
        record = play_hand(during, players, random.Random(seed), level="5", banker=0)
        made = record.exchange
        if made is None or 0 in (made.seat, made.declarer):
            continue
        taker, giver = Counter(record.hands[made.seat]), Counter(record.hands[made.declarer])
        assert not Counter(made.took) - taker and not Counter(made.gave) - giver
        assert sum(taker.values()) == sum(giver.values()) == during.table.hand_size
        return
    raise AssertionError("no exchange between two seats other than the banker's")


def test_nobody_sticking_plays_the_deal_as_the_ladder_alone_does(during):
    """Where every player declines, the hand is the one the ladder without the exchange plays."""
    plain = _house('extends: "two-decks"\ndeclare\n  ladder: 1 joker + 2 level cards < 2 jokers + 2 level cards\n')
    asked = 0
    for seed in range(20):
        record = play_hand(during, [Passing() for _ in range(4)], random.Random(seed), level="5", banker=0)
        again = play_hand(plain, [Passing() for _ in range(4)], random.Random(seed), level="5", banker=0)
        assert record.exchange is None and record.to_log()["exchange"] is None
        assert (record.declarations, record.hands, record.tricks) == (again.declarations, again.hands, again.tricks)
        asked += 1
    assert asked == 20


def test_an_illegal_give_back_stops_the_hand(during):
    with pytest.raises(IllegalPlay, match="exchange with the declarer"):
        for seed in range(200):
            play_hand(during, [Cheating() for _ in range(4)], random.Random(seed), level="5", banker=0)


def test_the_after_deal_exchange_plays_as_before():
    """D35 ('yes') asks nobody during the deal: its exchange is made after it, logged as before."""
    shandong = tr.load(D35)
    record, players = first_hand(shandong, lambda seed: [Noting() for _ in range(4)],
                                 lambda record, players: record.exchange is not None, banker=0)
    assert record.exchange.at is None
    assert all(len(hand) == shandong.table.hand_size for p in players for hand, *_ in p.asked)
    assert sorted(record.to_log()["exchange"]) == ["declarer", "gave", "seat", "shown", "took"]


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(during, kind):
    made = sum(record.exchange is not None
               for record in hands_that_replay_clean(during, kind, 3 if kind == SEARCH else 60))
    if kind != SEARCH:
        assert made  # each kind does exchange now and then


def test_the_replay_checks_the_exchange_during_the_deal(during):
    record, _ = _stuck_hand(during)
    log = record.to_log()
    assert replay_hand(json.dumps(log), during) == []
    made = log["exchange"]
    assert made["after_declarations"] == record.exchange.at

    def problems(**change):
        return replay_hand(json.dumps(dict(log, exchange=dict(made, **change))), during)

    assert any("its own declaration" in p for p in problems(seat=made["declarer"]))
    assert any("is not a joker with a tractor" in p for p in problems(shown="BJ 6D 6D 8D 8D"))
    assert any("the cards taken, BJ BJ, are not a declaration" in p for p in problems(took="BJ BJ"))
    assert any("gave back" in p for p in problems(gave="4C 6D 7D"))
    assert any("after_declarations 0" in p for p in problems(after_declarations=0))
    assert any("after_declarations" in p for p in problems(after_declarations="one"))
    without = {k: v for k, v in made.items() if k != "after_declarations"}
    assert any("an object of" in p for p in replay_hand(json.dumps(dict(log, exchange=without)), during))
    # the after-deal exchange's log does not carry the moment
    shandong = tr.load(D35)
    assert any("an object of" in p for p in replay_hand(json.dumps(dict(log, exchange=made)), shandong))


# --- the JSON form ---------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(during):
    assert_a_field_of_version_4(during, "declaring", "exchange_timing", "during-deal")
    assert '"exchange_timing": {"enum": ["after-deal", "during-deal"]}' in json.dumps(tr.schema())


# --- the sheet -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["The exchange with the declarer, while the cards are dealt: each time a player may declare",
            "nobody declares or overturns for the rest of the deal",
            "while the cards are dealt", "the declaration stands, and nobody declares for the rest of the deal"]),
    ("zh", ["抓牌时粘牌：每当一名玩家可以亮主时", "本局发牌余下的时间里没有人再亮主或反主",
            "抓牌时粘牌：有一王带连对的玩家可以拿走别人亮主的一王一对"]),
])
def test_the_sheet_says_the_exchange_during_the_deal(during, lang, words):
    from tractor_rules.render.render import render_sheet

    # the sentences of the rules, the overview's steps and the example
    text = sheet_text(during, lang) + render_sheet(during, "txt", lang)
    after = sheet_text(tr.load(D35), lang) + render_sheet(tr.load(D35), "txt", lang)
    for word in words:
        assert word in text
        assert word not in after

