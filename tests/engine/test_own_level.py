"""Declaring at one's own level (``declaring.level_cards`` "own", issue #25, L27 of the gallery):
each player declares with the cards of their own level, every hand is declared anew, and the final
declarer banks at their level.  The language, the check and the lint, the engine's deal, the hand
and the match, every kind of player, the log and its replay, the JSON form and the sheet."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_cards
from tractor_rules.engine.flow.deal import DeclarationOffers, Standing
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import RulesetError
from player_kinds import EVERY_KIND, SEARCH
from json_forms import assert_a_field_of_version_4

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
L27 = GALLERY / "L27-declare-at-own-level.tractor"
OWN = 'extends: "two-decks"\ndeclare\n  level cards: each player\'s own\n  first banker: final declarer\n'


@pytest.fixture(scope="module")
def own() -> tr.Rules:
    return tr.load(L27)


@pytest.fixture(scope="module")
def fixed() -> tr.Rules:
    return tr.loads(OWN, origin="house.tractor")


# --- the language ----------------------------------------------------------------------------------


def test_the_statement_sets_whose_level_the_declaring_reads(own):
    assert own.declaring.level_cards == "own"
    assert tr.load("two-decks").declaring.level_cards == "hand"
    back = tr.loads(f'extends: "{L27}"\ndeclare\n  level cards: the hand\'s level\n', origin=str(GALLERY / "h.tractor"))
    assert back.declaring.level_cards == "hand"
    unset = tr.loads(f'extends: "{L27}"\ndeclare\n  unset: level cards\n', origin=str(GALLERY / "h.tractor"))
    assert unset.declaring.level_cards == "hand"


@pytest.mark.parametrize("extra, where", [
    ("declare\n  level cards: each player's own\n", "'first banker: final declarer'"),
    ("declare\n  level cards: each player's own\n  first banker: final declarer\nauction\n  bids: 80 down to 5 by 5\n",
     "an auction decides the bank"),
    ("declare\n  level cards: each player's own\n  first banker: final declarer\n  ladder: none\n"
     "  nobody declares: trump S\n", "'ladder: none'"),
    ("declare\n  level cards: each player's own\n  first banker: final declarer\n  overturn after kitty: yes\n",
     "an overturn after the kitty"),
    ("declare\n  level cards: each player's own\n  first banker: final declarer\n  give up the bank: yes\n",
     "nobody of another team"),
    ("declare\n  level cards: each player's own\n  first banker: final declarer\nlevels\n  game end: beyond the last level\n",
     "the extra level"),
])
def test_impossible_combinations_are_refused_where_the_statement_is(extra, where):
    with pytest.raises(RulesetError) as info:
        tr.loads('extends: "two-decks"\n' + extra, origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E322", 3, 3)
    assert where in diagnostic.message


@pytest.mark.parametrize("extra, why", [
    ("levels\n  game end: after 1 hands\n", "the game is one hand"),
    ("declare\n  ladder: 2 small jokers < 2 big jokers\n", "no step of the ladder shows a level card"),
])
def test_lint_warns_where_the_levels_never_differ(extra, why):
    from tractor_rules import facade

    found = facade.lint(OWN + extra, "house.tractor")["diagnostics"]
    assert [(d["line"], d["code"]) for d in found] == [(3, "W113")]
    assert why in found[0]["message"]
    assert facade.lint(OWN, "house.tractor")["diagnostics"] == []


# --- the deal ----------------------------------------------------------------------------------------


def test_each_seat_is_offered_the_declarations_of_its_own_level(fixed):
    offers = DeclarationOffers(fixed, [], "2", seat_levels=["5", "2", "5", "2"])
    hand = parse_cards("5H 5H 2S", fixed.table)
    at_five = {" ".join(str(c) for c in offer.cards) for offer in offers.offers(0, hand, None)}
    at_two = {" ".join(str(c) for c in offer.cards) for offer in offers.offers(1, hand, None)}
    assert at_five == {"5H", "5H 5H"}
    assert at_two == {"2S"}
    plain = DeclarationOffers(fixed, [], "2")
    assert {" ".join(str(c) for c in o.cards) for o in plain.offers(0, hand, None)} == {"2S"}
    # declarations of different levels compare by their step: a pair of 2s overturns a single 5
    (single,) = [o for o in offers.offers(0, hand, None) if len(o.cards) == 1]
    standing = Standing(0, single.cards[0], single.declaration)
    pair = parse_cards("2S 2S", fixed.table)
    assert [len(o.cards) for o in offers.offers(1, pair, standing)] == [2]
    assert offers.offers(1, parse_cards("2S", fixed.table), standing) == []


def test_the_hand_is_played_at_the_final_declarers_level_and_they_bank(fixed):
    levels = ["5", "9", "5", "9"]
    seen = set()
    for seed in range(40):
        record = play_hand(fixed, [GreedyPlayer() for _ in range(4)], random.Random(seed), level="9", banker=1,
                           seat_levels=levels)
        if record.declarer is None:
            assert record.banker == 1 and record.level == "9"
            continue
        seen.add(record.level)
        assert record.banker == record.declarer
        assert record.level == levels[record.declarer]
        shown = [cards for seat, cards in record.declarations if seat == record.declarer][-1]
        assert all(c.is_joker or c.rank == record.level for c in shown)
        assert replay_hand(json.dumps(record.to_log()), fixed) == []
    assert seen == {"5", "9"}


def test_a_ruleset_without_the_statement_plays_as_before():
    two_decks = tr.load("two-decks")
    a = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(3), level="5", banker=2)
    b = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(3), level="5", banker=2,
                  seat_levels=["9", "9", "9", "9"])
    assert a.to_log() == b.to_log()
    assert a.banker == 2 and a.level == "5" and "declared" not in a.to_log()


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(own, kind):
    match = Match(own, make_players(kind, own.table.players, random.Random(4)), random.Random(5),
                  max_hands=3 if kind == SEARCH else 12)
    result = match.play()
    for record in result.hands:
        log = record.to_log()
        assert "declared" in log
        assert replay_hand(json.dumps(log), own) == []


def test_in_a_match_each_hand_is_played_at_its_bankers_own_level(own):
    match = Match(own, make_players("greedy", own.table.players, random.Random(1)), random.Random(6), max_hands=60)
    levels_played = set()
    while not match.done:
        before = [match.level_at(i) for i in match.levels]
        record = match.step()
        assert record.level == before[record.banker]
        levels_played.add(record.level)
    assert len(levels_played) > 1


def test_the_replay_checks_the_declarer_and_their_cards(fixed):
    record = next(r for seed in range(40)
                  if (r := play_hand(fixed, [GreedyPlayer() for _ in range(4)], random.Random(seed), level="9",
                                     banker=1, seat_levels=["5", "9", "5", "9"])).declarer is not None)
    log = record.to_log()
    assert replay_hand(json.dumps(log), fixed) == []
    other = (log["declarer"] + 1) % 4
    assert any("banks where each player declares" in p
               for p in replay_hand(json.dumps(dict(log, declarer=other)), fixed))
    wrong = "7S" if log["level"] != "7" else "8S"
    assert any("declares nothing at level" in p for p in replay_hand(json.dumps(dict(log, declared=wrong)), fixed))
    assert any("declarer, declared: needed" in p
               for p in replay_hand(json.dumps({k: v for k, v in log.items() if k != "declared"}), fixed))
    plain = play_hand(tr.load("two-decks"), [GreedyPlayer() for _ in range(4)], random.Random(1), level="5",
                      banker=0).to_log()
    assert any("do not have each player declare" in p
               for p in replay_hand(json.dumps(dict(plain, declared="5S")), tr.load("two-decks")))


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(own):
    assert_a_field_of_version_4(own, "declaring", "level_cards", "own")


# --- the sheet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["each player with the level cards of their own level",
            "each player may declare trump by showing cards of their own level",
            "deals the next hand, whose banker is found again by its declaring"]),
    ("zh", ["各家用自己的级的级牌亮主", "各家可以亮出自己的级的牌来亮主", "下一局的庄家仍由亮主决定"]),
])
def test_the_sheet_says_each_player_declares_at_their_own_level(own, lang, words):
    for word in words:
        assert word in sheet_text(own, lang)
        assert word not in sheet_text(tr.load("house-finding-friends"), lang)


def test_with_fixed_teams_the_sheet_says_the_teams_level(fixed):
    text = sheet_text(fixed, "en")
    assert "each player with the level cards of their own team's level" in text


# --- with the banker's level cards too (反庄, D26 of the gallery) -------------------------------------

D26 = GALLERY / "D26-overturn-at-own-level.tractor"


@pytest.fixture(scope="module")
def either() -> tr.Rules:
    return tr.load(D26)


def test_the_banker_level_value_is_written_and_checked(either):
    assert either.declaring.level_cards == "own-or-banker"
    with pytest.raises(RulesetError) as info:
        tr.loads('extends: "two-decks"\ndeclare\n  level cards: each player\'s own or the banker\'s\n',
                 origin="house.tractor")
    assert [d.code for d in info.value.diagnostics] == ["E322"]


def test_a_player_may_overturn_with_the_bankers_level_cards_which_leaves_the_bank(either):
    levels = ["5", "9", "5", "9"]
    offers = DeclarationOffers(either, [], "5", seat_levels=levels)
    five = parse_cards("5H", either.table)
    (single,) = offers.offers(0, five, None)
    standing = Standing(0, single.cards[0], single.declaration)
    # seat 1 (level 9) holds two 5s and two 9s: both overturn; seat 1 may not show one 5 (no stronger)
    hand = parse_cards("5S 5S 9D 9D 5C", either.table)
    shown = {" ".join(str(c) for c in o.cards) for o in offers.offers(1, hand, standing)}
    assert shown == {"5S 5S", "9D 9D"}
    # seat 2 is at the banker's level: their 5s are their own, and they become the banker
    assert {" ".join(str(c) for c in o.cards) for o in offers.offers(2, hand, standing)} == {"5S 5S"}


class Chooser(GreedyPlayer):
    """Declares the first offer of the given rank it is offered, else nothing."""

    def __init__(self, rank: str) -> None:
        super().__init__()
        self.rank = rank

    def declare(self, view, offers):
        return next((o for o in offers if o.cards[0].rank == self.rank), None)


def test_who_banks_follows_whose_level_cards_were_shown(either):
    levels = ["5", "9", "5", "7"]

    class Public:
        declarations: list = []
        face_down = False  # the declarations are seen (tests/engine/test_face_down.py has them face down)
        kitty_shown_to = None  # no kitty shown to part of the table (tests/engine/test_kitty_shown.py)

    offers = DeclarationOffers(either, [Chooser("5"), Chooser("5"), Chooser("5"), Chooser("7")], "5",
                               seat_levels=levels)
    public = Public()
    public.declarations = []
    first = offers.ask(0, parse_cards("5H", either.table), None, public)
    assert first is not None and first.holder == 0
    banker_cards = offers.ask(1, parse_cards("5S 5S", either.table), first, public)
    assert banker_cards is not None and (banker_cards.seat, banker_cards.holder) == (1, 0)
    own = offers.ask(3, parse_cards("7D 7D 7D", either.table), banker_cards, public)
    assert own is not None and (own.seat, own.holder) == (3, 3)


def test_hands_where_the_bank_stays_replay_clean_and_are_played_at_the_bankers_level(either):
    levels = ["5", "9", "5", "9"]
    stayed = 0
    for seed in range(30):
        record = play_hand(either, make_players("random", 4, random.Random(seed)), random.Random(seed), level="5",
                           banker=0, seat_levels=levels)
        assert record.level == levels[record.banker]
        if record.declarer is not None and record.declarer != record.banker:
            stayed += 1
        assert replay_hand(json.dumps(record.to_log()), either) == []
    assert stayed
    # the same log under rules that let only the declarer bank is refused
    log = next(r.to_log() for seed in range(30)
               if (r := play_hand(either, make_players("random", 4, random.Random(seed)), random.Random(seed),
                                  level="5", banker=0, seat_levels=levels)).declarer not in (None, r.banker))
    own_only = tr.loads(f'extends: "{D26}"\ndeclare\n  level cards: each player\'s own\n',
                        origin=str(GALLERY / "h.tractor"))
    log["ruleset"] = own_only.name
    assert any("banks where each player declares" in p for p in replay_hand(json.dumps(log), own_only))


def test_the_sheet_says_the_bankers_level_cards_change_only_the_suit(either):
    for lang, word in (("en", "a declaration with the banker's level cards changes only the trump suit"),
                       ("zh", "用庄家的级牌反主只改变主花色")):
        text = sheet_text(either, lang)
        assert word in text


# --- the reinforcement-learning environment ----------------------------------------------------------


@pytest.mark.parametrize("path", [L27, D26], ids=["L27", "D26"])
def test_the_learning_environment_plays_hands_declared_anew(path):
    """Declaring is the engine's greedy player's decision: an agent only leads and follows, from the
    mask; a hand played alone has every seat at its level, the final declarer banking, and every
    hand ends replayable."""
    from episodes import play_random_hands

    from tractor_rules.rl import raw_env

    rules = tr.load(path)
    for record in play_random_hands(raw_env(rules, level="5", banker=0), 3, seed=1):
        assert record.level == "5"
        if path == L27 and record.declarer is not None:
            assert record.banker == record.declarer
        assert replay_hand(json.dumps(record.to_log()), rules) == []
