"""Who takes the kitty and buries (``buried by: ROLE`` in ``kitty``, Shandong 扣底): the banker, the
banker's partner, or the first of the banker's team after the declarer.  The compiler's words, the
engine's choice of seat (the banker still leads), every kind of player, the log and its replay,
the errors, the sheet and the JSON form."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.kitty import burier_seat
from tractor_rules.engine.game import Match, play_hand
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
K13 = tr.load(str(GALLERY / "K13-partner-buries.tractor"))


def buried_by(role: str, base: str = "two-decks") -> Rules:
    return tr.loads(f'extends: "{base}"\nkitty\n  buried by: {role}\n', origin="house.tractor")


PARTNER = buried_by("the banker's partner")
AFTER = buried_by("the first of the bankers after the declarer")


def test_the_statement_compiles_to_a_role():
    assert PARTNER.kitty_exchange.buried_by == "partner"
    assert AFTER.kitty_exchange.buried_by == "first-banker-after-declarer"
    assert buried_by("the banker").kitty_exchange == tr.load("two-decks").kitty_exchange


@pytest.mark.parametrize("role, banker, declarer, seat", [
    ("banker", 1, 3, 1),
    ("partner", 1, 3, 3),
    ("partner", 3, None, 1),
    ("first-banker-after-declarer", 0, 0, 2),  # the banker declared: the partner opposite
    ("first-banker-after-declarer", 0, 2, 0),  # the partner declared: the banker
    ("first-banker-after-declarer", 0, 1, 2),  # an attacker declared: the next player
    ("first-banker-after-declarer", 0, 3, 0),
    ("first-banker-after-declarer", 2, None, 2),  # nobody declared: the banker
])
def test_the_seat_of_each_role(role, banker, declarer, seat):
    rules = {"banker": tr.load("two-decks"), "partner": PARTNER, "first-banker-after-declarer": AFTER}[role]
    assert burier_seat(rules, banker, declarer) == seat


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_the_burier_takes_the_kitty_and_the_banker_leads(kind):
    bury_seats = set()
    for seed in range(4):
        match = Match(K13, make_players(kind, 4, random.Random(seed)), random.Random(seed), max_hands=3)
        for hand in match.play().hands:
            declarer = hand.declarations[-1][0] if hand.declarations else None  # nothing overturns after the kitty
            assert hand.buried_by == burier_seat(K13, hand.banker, declarer)
            assert hand.tricks[0].leader == hand.banker
            assert replay_hand(json.dumps(hand.to_log()), K13) == []
            bury_seats.add((hand.buried_by - hand.banker) % 4)
    assert bury_seats == {0, 2}


def test_the_partner_buries_with_the_partners_role():
    record = play_hand(PARTNER, make_players("greedy", 4, random.Random(1)), random.Random(1), level="2", banker=1)
    assert record.buried_by == 3 and record.tricks[0].leader == 1
    entry = record.to_log()
    assert entry["buried_by"] == 3 and replay_hand(entry, PARTNER) == []
    entry["buried_by"] = 1
    assert any("the banker's partner buries, seat 3" in p for p in replay_hand(entry, PARTNER))
    entry["buried_by"] = 2
    assert any("not of the banker's team" in p for p in replay_hand(entry, PARTNER))
    del entry["buried_by"]
    assert any(p.startswith("buried_by: missing") for p in replay_hand(entry, PARTNER))


def test_the_kitty_shown_before_burying_is_looked_for_in_the_hand_that_took_it():
    shown = tr.loads('extends: "two-decks"\nkitty\n  shown: before burying\n  buried by: the banker\'s partner\n',
                     origin="house.tractor")
    record = play_hand(shown, make_players("greedy", 4, random.Random(1)), random.Random(1), level="2", banker=1)
    entry = record.to_log()
    assert entry["buried_by"] == 3 and entry["kitty_shown"]
    assert replay_hand(entry, shown) == []
    # a kitty shown that the burier never held
    # (record.hands: the hands after the kitty was taken and buried)
    other = next(c for c in record.hands[0] if c not in record.hands[3] and c not in record.kitty)
    entry["kitty_shown"] = " ".join([str(other)] + entry["kitty_shown"].split()[1:])
    assert any("kitty_shown: the kitty as dealt is not in the hands" in p for p in replay_hand(entry, shown))


def test_the_banker_burying_logs_nothing_new():
    record = play_hand(tr.load("two-decks"), make_players("greedy", 4, random.Random(1)), random.Random(1),
                       level="2", banker=1)
    assert "buried_by" not in record.to_log()


@pytest.mark.parametrize("text, message", [
    ('extends: "house-finding-friends"\nkitty\n  buried by: the banker\'s partner\n', "no seated partner"),
    ('extends: "two-decks"\ntable\n  partners: banker alone\nkitty\n  buried by: the banker\'s partner\n',
     "no seated partner"),
    ('extends: "two-decks"\ndeclare\n  ladder: none\n  nobody declares: trump H\nkitty\n'
     '  buried by: the first of the bankers after the declarer\n', "no declarer to bury after"),
])
def test_who_cannot_bury_is_E320(text, message):
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, origin="house.tractor")
    assert any(d.code == "E320" and message in d.message for d in info.value.diagnostics)


def test_the_sheet_says_who_buries():
    def items(rules: Rules, lang: str) -> dict:
        return {i.key: i for i in build_sheet(rules, lang).items()}

    en = items(K13, "en")
    assert en["kitty.exchange"].text.startswith(
        "After the deal the first player of the banker's team after the declarer (the declarer's partner when a "
        "banker declared, the next player when an attacker did; the banker when nobody declared) takes the 4 kitty")
    assert "the banker still leads the first trick" in en["kitty.exchange"].text
    assert any(p.startswith("The first player of the banker's team after the declarer takes the kitty")
               for p in en["overview.hand"].points)
    assert items(PARTNER, "en")["kitty.exchange"].text.startswith("After the deal the banker's partner takes")
    assert "定主者之后的第一位庄家方玩家" in items(K13, "zh")["kitty.exchange"].text
    assert items(tr.load("two-decks"), "en")["kitty.exchange"].text.startswith("After the deal the banker takes")


def test_the_role_goes_through_json_and_version_3_refuses_it():
    data = AFTER.to_dict()
    assert data["kitty_exchange"]["buried_by"] == "first-banker-after-declarer"
    assert tr.Rules.from_dict(data) == AFTER
    assert rules_to_dict_as(AFTER, 3) is None
    data["kitty_exchange"]["buried_by"] = "attackers"
    with pytest.raises(tr.RulesetError):
        tr.Rules.from_dict(data)
