"""House rules of declaring and of the kitty (issue 7): a joker shown with a level card (D01), steps
of equal strength (D03), reinforcing only to take a declaration back (D08), the redeal of a weak
hand (D17) and the kitty shown to the table (K06); through the oracle, the offers made during the
deal, whole hands, and the replay checker."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from test_game import NO_JOKERS, Eager, Stacked, stack

import tractor_rules as tr
from tractor_rules.engine.flow.deal import MAX_DEALS, DeclarationOffers, Standing, face_of
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rules import DeclareStep, KittyExchange, Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def gallery(name: str) -> Rules:
    return tr.load(str(GALLERY / name))


def ladder_rules(text: str, base: str = "two-decks", **declaring: object) -> Rules:
    rules = tr.loads(f'extends: "{base}"\ndeclare\n  ladder: {text}\n')
    return replace(rules, declaring=replace(rules.declaring, **declaring))


def offered(rules: Rules, seat: int, hand: str, standing: tuple[int, str] | None = None,
            shown: list[tuple[int, str]] = (), level: str = "2") -> list[str]:
    """What ``seat`` is offered to declare with ``hand`` against ``standing`` (seat, cards)."""
    ctx = rules.context(level, None)
    table = DeclarationOffers(rules, [], level)
    stand = None
    if standing is not None:
        cards = ctx.cards(standing[1])
        stand = Standing(standing[0], face_of(cards), rules.declaration(cards, level))
    history = [(s, ctx.cards(c)) for s, c in shown]
    return [" ".join(map(str, o.cards)) for o in table.offers(seat, ctx.cards(hand), stand, history)]


# --- D01: a joker and a level card -----------------------------------------------------------------


def test_a_joker_with_a_level_card_names_the_level_cards_suit():
    rules = gallery("D01-joker-and-level-card.tractor")
    single = rules.declaration("2H", "2")
    small = rules.declaration("SJ 2S", "2")
    big = rules.declaration("2D BJ", "2")
    pair = rules.declaration("2C 2C", "2")
    assert (small.trump, small.count, small.kind, small.level_cards) == ("S", 1, "small-joker", 1)
    assert big.trump == "D"
    assert single.strength < small.strength < big.strength < pair.strength
    assert big.beats(small) and not small.beats(big)
    # a joker alone, a level card of the wrong rank, two different level cards: no declaration
    for cards in ("SJ", "SJ 3S", "SJ 2S 2H", "SJ BJ 2S", "SJ 2S 2S"):
        assert rules.declaration(cards, "2") is None, cards


def test_a_joker_and_a_level_card_are_offered_during_the_deal():
    rules = gallery("D01-joker-and-level-card.tractor")
    assert offered(rules, 0, "SJ 2S 5H") == ["2S", "SJ 2S"]
    # a standing 2H: the small joker with 2S overturns it, and the big joker with 2S too
    assert offered(rules, 0, "SJ BJ 2S", standing=(1, "2H")) == ["SJ 2S", "BJ 2S"]
    # the standing big joker and level card is beaten only by a pair
    assert offered(rules, 0, "SJ 2S 2S", standing=(1, "BJ 2H")) == ["2S 2S"]


def test_a_hand_declared_with_a_joker_and_a_level_card():
    rules = gallery("D01-joker-and-level-card.tractor")
    deal = stack(rules, {1: ["BJ", "2H"]}, kitty=["3H", "3H", "4H", "4H", "5H", "5H", "6H", "6H"])
    # players who declare only with a joker among the cards shown
    record = play_hand(rules, [Eager(s, faces="BJ SJ") for s in range(4)], Stacked(deal))
    seat, cards = record.declarations[0]
    assert seat == 1 and sorted(map(str, cards)) == ["2H", "BJ"]  # as soon as seat 1 holds both
    assert record.banker == 1
    if len(record.declarations) == 1:
        assert record.trump == "H"
    assert replay_hand(record.to_log(), rules) == []


# --- D03: steps of equal strength ------------------------------------------------------------------


def test_tied_steps_share_a_strength():
    rules = gallery("D03-longer-to-overturn.tractor")
    pair, small, big = (rules.declaration(c, "10") for c in ("10S 10S", "SJ SJ", "BJ BJ"))
    assert pair.strength == small.strength == big.strength == 1
    assert rules.declaration("10H 10H 10H", "10").strength == rules.declaration("SJ SJ SJ", "10").strength == 2
    assert not big.beats(pair) and not pair.beats(small) and not small.beats(big)


def test_an_equal_step_cannot_overturn_only_more_cards_can():
    rules = gallery("D03-longer-to-overturn.tractor")
    hand = "10S 10S 10S BJ BJ SJ SJ"
    # against a pair of small jokers: neither big jokers nor a pair of 10s, only three 10s
    assert offered(rules, 0, hand, standing=(1, "SJ SJ"), level="10") == ["10S 10S 10S"]
    # the classic three-deck ladder lets the jokers overturn the pair of level cards
    classic = tr.load("three-decks")
    assert "SJ SJ" in offered(classic, 0, hand, standing=(1, "10H 10H"), level="10")
    assert "SJ SJ" not in offered(rules, 0, hand, standing=(1, "10H 10H"), level="10")


def test_suit_order_breaks_ties_within_a_step_but_never_between_tied_steps():
    rules = ladder_rules("1 level card < 2 level cards = 2 small jokers", suit_order=("D", "C", "H", "S"))
    assert offered(rules, 0, "2S 2S", standing=(1, "2H 2H")) == ["2S 2S"]
    assert offered(rules, 0, "2S 2S", standing=(1, "SJ SJ")) == []
    assert offered(rules, 0, "SJ SJ", standing=(1, "2D 2D")) == []


# --- D08: reinforcing while standing and to take a declaration back (rbtying's
# ReinforceWhileEquivalent); and only to take it back ------------------------------------------------


def test_reinforcing_while_standing_and_to_take_back():
    rules = gallery("D08-reinforce-to-retake.tractor")
    shown = [(1, "2H"), (2, "2D 2D")]
    # overturned by a pair, seat 1 takes the declaration back with two hearts
    assert offered(rules, 1, "2H 2H", standing=(2, "2D 2D"), shown=shown) == ["2H 2H"]
    # and while their own declaration stands, they may reinforce it (rbtying's test_valid_bids)
    assert offered(rules, 1, "2H 2H", standing=(1, "2H"), shown=shown[:1]) == ["2H 2H"]


def test_reinforcing_only_to_take_back():
    rules = tr.loads('ruleset: "x"\nextends: "two-decks"\n\ndeclare\n  reinforce: only to take back\n',
                     origin="house.tractor")
    shown = [(1, "2H"), (2, "2D 2D")]
    # seat 1 was overturned by a pair: two hearts make a declaration as strong, which takes it back
    assert offered(rules, 1, "2H 2H", standing=(2, "2D 2D"), shown=shown) == ["2H 2H"]
    # seat 3 never declared: a pair of clubs does not beat the pair of diamonds
    assert offered(rules, 3, "2C 2C", standing=(2, "2D 2D"), shown=shown) == []
    # while their own declaration stands, seat 1 may not reinforce it
    assert offered(rules, 1, "2H 2H", standing=(1, "2H"), shown=shown[:1]) == []
    # jokers are not the same card: nothing to take back with them
    assert offered(rules, 1, "2H SJ", standing=(2, "2D 2D"), shown=shown) == []
    # with the classic rule the overturned player needs a stronger declaration
    classic = tr.load("two-decks")
    assert offered(classic, 1, "2H 2H", standing=(2, "2D 2D"), shown=shown) == []
    assert offered(classic, 1, "2H 2H", standing=(1, "2H"), shown=shown[:1]) == ["2H 2H"]


def test_a_hand_where_the_overturned_declarer_takes_it_back():
    rules = replace(NO_JOKERS, declaring=replace(NO_JOKERS.declaring, reinforce=False, reinforce_to_retake=True))
    # seat 1: 2H first, a second 2H later; seat 2: a pair of 2D late in the deal
    first = {1: ["2H", "3S", "4S", "5S", "6S", "2H"], 2: ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "2D", "2D"]}
    deal = stack(rules, first, kitty=["2C", "2C", "2S", "3H", "3H", "4H", "4H", "5H"], last={0: ["2S"]})
    record = play_hand(rules, [Eager(s) for s in range(4)], Stacked(deal))
    shown = [(s, " ".join(map(str, cs))) for s, cs in record.declarations]
    assert shown == [(1, "2H"), (2, "2D 2D"), (1, "2H 2H")]
    assert record.trump == "H" and record.declarer == 1


# --- D17: the redeal of a weak hand ----------------------------------------------------------------


def test_may_redeal_by_trumps_and_points():
    rules = gallery("D17-redeal-weak-hand.tractor")
    assert rules.may_redeal("3S 4S 6S 7S", "2", "H")  # no trump, no point
    assert rules.may_redeal("3S 4S 6S 2D", "2", "H")  # a trump, but no point
    assert rules.may_redeal("3H 5S", "2", "H") is False  # a trump and a point
    assert rules.may_redeal("5S KS", "2", "H")  # points, but no trump
    assert rules.may_redeal("5S BJ", "2", None) is False  # in no-trump the joker is a trump
    only_points = replace(rules, declaring=replace(rules.declaring, redeal_hands=("no-points",)))
    assert only_points.may_redeal("5S KS", "2", "H") is False
    assert tr.load("one-deck").may_redeal("3S 4S", "2", "H") is False


class Content(RandomPlayer):
    """Never asks for a redeal."""

    def redeal(self, view):
        return False


class Asker(Eager):
    """Always asks for a redeal it may have."""

    def redeal(self, view):
        return True


POINTLESS = ["3S", "4S", "6S", "7S", "8S", "9S", "JS", "QS", "AS", "3C", "4C", "6C",
             "7C", "8C", "9C", "JC", "QC", "AC", "3D", "4D", "6D", "7D", "8D", "9D"]


def _weak_rules(by: str) -> Rules:
    return replace(NO_JOKERS, declaring=replace(NO_JOKERS.declaring, redeal_hands=("no-points",), redeal_by=by))


def test_a_deal_with_a_pointless_hand_is_redealt_when_its_holder_asks():
    rules = _weak_rules("holder")
    deal = stack(rules, {3: POINTLESS}, kitty=["2C", "2C", "2S", "3H", "3H", "4H", "4H", "5H"])
    # the stacked deck deals the same cards every time: redealt until the last deal allowed
    record = play_hand(rules, [Asker(s) for s in range(4)], Stacked(deal))
    assert record.redeals == MAX_DEALS - 1 == len(record.weak_hands)
    seat, hand, trump = record.weak_hands[0]
    assert seat == 3 and sorted(map(str, hand)) == sorted(POINTLESS)
    assert replay_hand(record.to_log(), rules) == []
    # a holder content with the hand plays it
    record = play_hand(rules, [Content(s) for s in range(4)], Stacked(deal))
    assert record.redeals == 0 and record.weak_hands == []


def test_a_seeded_deal_that_the_rule_redeals():
    rules = gallery("D17-redeal-weak-hand.tractor")
    for seed in range(40):
        record = play_hand(rules, [GreedyPlayer(s) for s in range(4)], random.Random(seed))
        if record.weak_hands:
            break
    else:
        raise AssertionError("no seed dealt a weak hand")
    assert record.redeals >= len(record.weak_hands) >= 1
    for seat, hand, trump in record.weak_hands:
        assert len(hand) == rules.table.hand_size and rules.may_redeal(hand, record.level, trump)
    log = record.to_log()
    assert replay_hand(log, rules) == []
    # a logged redeal of a hand that holds a trump and a point is caught
    tampered = dict(log, weak_hands=[dict(log["weak_hands"][0], hand="BJ 5S 3S 4S 6S 7S 8S 9S JS QS AS 3C")])
    assert any("does not allow a redeal" in p for p in replay_hand(tampered, rules))


def test_automatic_redeals_are_checked_by_the_replay():
    rules = _weak_rules("automatic")
    deal = stack(rules, {3: POINTLESS}, kitty=["2C", "2C", "2S", "3H", "3H", "4H", "4H", "5H"])
    record = play_hand(rules, [Content(s) for s in range(4)], Stacked(deal))  # nobody is asked
    assert record.redeals == MAX_DEALS - 1
    assert replay_hand(record.to_log(), rules) == []
    # a weak hand played (other than the banker's) is caught, when redeals were not used up
    fresh = play_hand(rules, [Content(s) for s in range(4)], random.Random(4))
    log = fresh.to_log()
    weak_seat = (fresh.banker + 1) % 4
    hands = list(log["hands"])
    hands[weak_seat] = " ".join(POINTLESS)
    problems = replay_hand(dict(log, hands=hands, weak_hands=[]), rules)
    assert any(f"seat {weak_seat}'s hand allows a redeal" in p for p in problems)


def test_weak_hands_are_logged_only_under_the_rule():
    record = play_hand(NO_JOKERS, [Eager(s) for s in range(4)], random.Random(1))
    log = record.to_log()
    assert "weak_hands" not in log
    assert any("weak_hands" in p for p in replay_hand(dict(log, weak_hands=[]), NO_JOKERS))


# --- K06: the kitty shown ----------------------------------------------------------------------------


class Watcher(GreedyPlayer):
    """Notes what the public state shows of the kitty when it buries and when it leads or follows."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seen: list[tuple[str, object, object]] = []

    def bury(self, view, count):
        self.seen.append(("bury", view.public.kitty_shown, view.public.buried_shown))
        return super().bury(view, count)

    def follow(self, view):
        self.seen.append(("play", view.public.kitty_shown, view.public.buried_shown))
        return super().follow(view)


def _kitty_hand(rules: Rules):
    kitty = ["3H", "3H", "4H", "4H", "5H", "5H", "6H", "6H"]
    deal = stack(rules, {}, kitty=kitty, last={1: ["2H"]})
    players = [Watcher(s) for s in range(4)]
    return play_hand(rules, players, Stacked(deal), level="2", banker=0), players, kitty


def test_the_kitty_is_shown_to_every_player_before_burying_and_at_the_end():
    rules = replace(NO_JOKERS, kitty_exchange=KittyExchange(shown_before_burying=True, shown_at_end=True))
    record, players, kitty = _kitty_hand(rules)
    ctx = rules.context("2", record.trump)
    for p in players:
        for _, before, _after in p.seen:
            assert sorted(before) == sorted(ctx.cards(" ".join(kitty)))
    assert record.kitty_shown is not None and sorted(record.buried_shown) == sorted(record.kitty)
    log = record.to_log()
    assert replay_hand(log, rules) == []
    assert any("kitty_shown" in p for p in replay_hand(dict(log, kitty_shown="AS AS AS AS AS AS AS AS"), rules))
    assert any("buried_shown" in p for p in replay_hand({k: v for k, v in log.items() if k != "buried_shown"}, rules))
    assert any("buried_shown is not" in p for p in replay_hand(dict(log, buried_shown="3H 3H 4H 4H 5H 5H 6H 7H"),
                                                               rules))


def test_the_kitty_stays_hidden_by_default():
    record, players, _ = _kitty_hand(NO_JOKERS)
    assert all(before is None and after is None for p in players for _, before, after in p.seen)
    log = record.to_log()
    assert "kitty_shown" not in log and "buried_shown" not in log
    assert any("kitty_shown" in p for p in replay_hand(dict(log, kitty_shown=log["kitty"]), NO_JOKERS))


def test_gallery_kitty_shown_replays_clean():
    rules = gallery("K06-kitty-shown.tractor")
    record = play_hand(rules, [RandomPlayer(s) for s in range(4)], random.Random(3))
    log = json.loads(json.dumps(record.to_log()))
    assert log["buried_shown"] and log["kitty_shown"]
    assert replay_hand(log, rules) == []


@pytest.mark.parametrize("step, words", [
    (DeclareStep(1, "small-joker", 1), "1 small joker + 1 level card"),
    (DeclareStep(2, "joker", 2), "2 jokers + 2 level cards"),
])
def test_step_words(step, words):
    from tractor_rules.language.compiler.declare import step_words

    assert step_words(step) == words
