"""The public oracle's shortcuts answer exactly as the plain computations they stand for: cards
taken as they are given when they are cards of the pack, hands remembered as checked, the follow
context of a lead of one card's copies and the duties kept per rules, the follows found legal
without the full follow check, and the winner of a trick led by one set found without pools, in
every distinct card play of the shipped rulesets and the gallery (tests/corpus.py)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from corpus import CARD_PLAY, GALLERY, distinct, ids

import tractor_rules as tr
from tractor_rules.engine.deck.cards import (CARD_NAMES, CARDS, SUIT_SYMBOLS, Card, PackCheck, pack, pack_copies,
                                             parse_token, read_cards)
from tractor_rules.engine.rulings.follow import FollowContext, _plain_duty, duty_for, follow_refusal, lead_suit
from tractor_rules.engine.oracle import Context
from tractor_rules.engine.deck.order import TRUMP
from tractor_rules.engine.rulings.tricks import plain_winner, set_winner, winner
from tractor_rules.engine.deck.units import _decompose, decompose
from tractor_rules.errors import CardNotationError
from tractor_rules.rules import Rules, Ruffing

#: one file of each distinct card play (tests/corpus.py): what these tests check reads nothing else
RULESETS = distinct(CARD_PLAY)
IDS = ids(RULESETS)


class LooksLikeFive:
    """Equal to the card of code 5 and usable as an index, yet no card and no code."""

    def __index__(self) -> int:
        return 5

    def __hash__(self) -> int:
        return 5

    def __eq__(self, other: object) -> bool:
        return other == 5


def plain_cards(check: PackCheck, cards: tuple) -> tuple | str:
    """What reading and checking give: the cards, or the error (whatever it is: the shortcut must
    leave every refusal to them)."""
    try:
        return check.check(read_cards(cards))
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}: {error}"


def spoiled(rng: random.Random, cards: tuple) -> tuple:
    """``cards`` with one card swapped for something else, or a card too many."""
    i = rng.randrange(len(cards))
    other = rng.choice([float(cards[i]), int(cards[i]), Card(int(cards[i])), str(cards[i]), True, None,
                        Card(60), Card(-1), LooksLikeFive(), CARDS[rng.randrange(54)]])
    if rng.random() < 0.3:
        return cards + (cards[i],) * rng.randint(1, 3)
    return cards[:i] + (other,) + cards[i + 1:]


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_cards_taken_as_given_are_what_reading_and_checking_give(name):
    table = tr.load(name).table
    check = PackCheck.of(table)
    deck = pack(table)
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    taken = 0
    for _ in range(300):
        cards = tuple(rng.sample(deck, rng.randint(1, min(30, len(deck)))))
        for given in (cards, spoiled(rng, cards)):
            plain = plain_cards(check, given)
            # taken as given exactly when reading and checking give the very same cards
            assert check.holds(given) == (plain is given and all(type(c) is Card for c in given))
            taken += plain is given
            # a tuple remembered as checked is taken only when it holds cards, and only as it is
            assert check.holds(given, {given}) == (set(map(type, given)) <= {Card})
    assert taken >= 300  # every hand of the pack is taken as it is


def plain_notation(text: str) -> tuple | str:
    """Notation read as a pattern first read it: the chunks between runs of spaces and commas, a
    chunk that opens with a suit symbol cut before each symbol; each token a card.  The cards, or
    the error's words."""
    tokens = []
    for chunk in re.split(r"[\s,]+", text.strip()):
        if chunk and chunk[0] in SUIT_SYMBOLS:
            tokens += [piece for piece in re.split(r"(?=[♠♥♦♣♤♡♢♧])", chunk) if piece]
        elif chunk:
            tokens.append(chunk)
    try:
        return tuple(parse_token(token) for token in tokens)
    except CardNotationError as error:
        return str(error)


def test_notation_is_read_as_the_plain_pattern_reads_it():
    """``read_cards`` splits notation with ``str.split``, and takes one card's name from a table:
    the same cards, and the same errors, as the pattern, for any mixture of names, symbols,
    whitespace (Unicode's too) and commas."""
    rng = random.Random(7)
    pieces = [*CARD_NAMES, *(card.pretty() for card in CARDS), "T", "10", "1", "♠", "♤J♠J", "S", "x", "",
              " ", "  ", ",", ", ", "\t", "\n", "\u3000", "\xa0", "\x1c", "\u2028"]
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        try:
            read: tuple | str = read_cards(text)
        except CardNotationError as error:
            read = str(error)
        assert read == plain_notation(text), repr(text)


@pytest.mark.parametrize("name", RULESETS[:4], ids=IDS[:4])
def test_a_hand_given_as_a_list_reads_as_its_tuple(name):
    """The context takes a list (the replay's hands) as the tuple of its items: the same cards, or
    the same error, as reading the list item by item."""
    rules = tr.load(name)
    ctx = rules.context(rules.table.ranks[0], "S")
    check = PackCheck.of(rules.table)
    deck = pack(rules.table)
    rng = random.Random(Path(name).name)
    for _ in range(200):
        cards = tuple(rng.sample(deck, rng.randint(1, min(30, len(deck)))))
        for given in (cards, spoiled(rng, cards)):
            try:
                got: tuple | str = ctx.cards(list(given))
            except Exception as error:  # noqa: BLE001
                got = f"{type(error).__name__}: {error}"
            assert got == plain_cards(check, list(given))


def test_a_remembered_hand_is_known_by_its_cards_not_by_look_alikes():
    ctx = tr.load("two-decks").context("2", "S")
    hand = ctx.cards("AH KH KH 5C 3C")
    assert ctx.follow_error(hand, "QH", "AH") is None
    rest = ctx.cards("KH KH 5C 3C")
    assert rest in ctx._known_hands  # the hand the follow leaves
    assert ctx.cards(tuple(rest)) == rest
    for look_alike in (tuple(float(c) for c in rest), (*rest[:3], LooksLikeFive())):
        assert look_alike in ctx._known_hands or look_alike != rest
        with pytest.raises(CardNotationError, match="expected a card"):
            ctx.cards(look_alike)
    codes = tuple(int(c) for c in rest)
    assert codes in ctx._known_hands and all(type(c) is Card for c in ctx.cards(codes))


def shuffled_packs(name: str, rng: random.Random, times: int):
    """The first contexts of ``name`` (``contexts``), each with its pack shuffled ``times`` times
    in turn (the same list, shuffled again before each)."""
    for ctx in contexts(name)[:3]:
        deck = pack(ctx.rules.table)
        for _ in range(times):
            rng.shuffle(deck)
            yield ctx, deck


def contexts(name: str) -> list[Context]:
    rules = tr.load(name)
    ranks = rules.table.ranks
    return [Context(rules, level, trump) for level in (ranks[0], ranks[len(ranks) // 2], None)
            for trump in ("H", None)]


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_a_lead_of_one_card_s_copies_is_worked_out_as_any_lead(name):
    """A single, a pair, ... (and more copies than a set holds): the units and duty kept per rules
    and card are what a fresh order's decomposition and the plain duty give."""
    copies = pack_copies(tr.load(name).table)
    for ctx in contexts(name):
        order = ctx.order
        for card in pack(ctx.rules.table)[::2]:
            for count in range(1, copies[card] + 1):
                lead = (card,) * count
                fc = FollowContext(order, lead)
                units = _decompose(order, lead)  # as worked out, not as kept
                assert (fc.suit, fc.units, fc.rainbow) == (lead_suit(order, lead), units, None)
                assert fc.duty == _plain_duty(ctx.rules, units)


def follows_to(rng: random.Random, ctx: Context, lead: tuple, deck: list) -> list[tuple]:
    """Plays after ``lead`` of every kind a trick may see: sets and other cards of the led suit and
    of trumps, discards, mixed plays, plays of other sizes."""
    suit_of = ctx.order.suit_of
    suit = suit_of[lead[0]]
    led = [c for c in deck if suit_of[c] == suit]
    trumps = [c for c in deck if suit_of[c] == TRUMP]
    plays = []
    for _ in range(rng.randint(1, 5)):
        cards = rng.choice([led, trumps, deck]) or deck
        size = len(lead) if rng.random() < 0.8 else rng.randint(0, len(lead) + 2)
        if rng.random() < 0.4:  # a set (or the copies there are), and other cards
            face = rng.choice(cards)
            copies = min(size, cards.count(face))
            rest = [c for c in cards if c != face]
            plays.append((face,) * copies + tuple(rng.sample(rest, min(size - copies, len(rest)))))
        else:
            plays.append(tuple(rng.sample(cards, min(size, len(cards)))))
    return plays


def ruffing_variants(name: str) -> list[Rules]:
    """The ruleset under every ruffing requirement and comparison."""
    rules = tr.load(name)
    return [replace(rules, ruffing=Ruffing(requirement, compare))
            for requirement in ("counts", "types", "shape", "any")
            for compare in ("largest-part", "every-part", "highest-card")]


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_a_set_lead_s_winner_is_the_plain_winner(name):
    """The winner of a trick led by one set (no pools, no units) is what pools of every contender
    give, with and without bombs."""
    check_set_winners(tr.load(name), random.Random(Path(name).name), 4, 150)


@pytest.mark.parametrize("name", ["two-decks", "four-decks", str(GALLERY / "C06-mixed-bombs.tractor")],
                         ids=["two-decks", "four-decks", "C06-mixed-bombs"])
def test_a_set_lead_s_winner_is_the_plain_winner_under_every_ruffing_rule(name):
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    for rules in ruffing_variants(name):
        check_set_winners(rules, rng, 2, 60)


def check_set_winners(rules: Rules, rng: random.Random, orders: int, tricks: int) -> None:
    copies = pack_copies(rules.table)
    ranks = rules.table.ranks
    for ctx in [Context(rules, level, trump) for level in (ranks[0], ranks[len(ranks) // 2], None)
                for trump in ("H", None)][:orders]:
        order = ctx.order
        deck = pack(ctx.rules.table)
        for _ in range(tricks):
            card = rng.choice(deck)
            width = rng.choice([w for w in order.set_widths if w <= copies[card]])
            lead = (card,) * width
            units = decompose(order, lead)
            assert len(units) == 1 and units[0].length == 1
            follows = follows_to(rng, ctx, lead, deck)
            plain = plain_winner(order, lead, units, order.suit_of[card], follows)
            assert set_winner(order, lead, order.suit_of[card], follows) == plain
            assert winner(order, lead, units, order.suit_of[card], follows) == plain
            assert ctx.winner(lead, follows) == plain


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_kept_duties_are_the_plain_duties(name):
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    for ctx in contexts(name)[:2]:
        suit_of = ctx.order.suit_of
        deck = pack(ctx.rules.table)
        for _ in range(60):
            hand = rng.sample(deck, 12)
            suit = suit_of[hand[0]]
            lead = tuple(c for c in hand if suit_of[c] == suit)
            units = decompose(ctx.order, lead)
            assert duty_for(ctx.rules, units) == _plain_duty(ctx.rules, units)
            assert duty_for(ctx.rules, units) is duty_for(ctx.rules, list(units))  # kept: one object


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_follows_found_plainly_legal_are_legal(name):
    """Each follow the shortcut passes is one the full check passes; every other follow is left to
    the full check, so the oracle's answers are the full check's."""
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    passed = 0
    for ctx, deck in shuffled_packs(name, rng, 80):
        suit_of = ctx.order.suit_of
        hand = tuple(deck[:rng.randint(1, 25)])
        lead = (deck[-1],) if rng.random() < 0.8 else tuple(deck[-3:])
        try:
            fc = FollowContext(ctx.order, lead)
        except tr.RulesetError:
            continue  # a lead of several suits
        same = [c for c in hand if suit_of[c] == fc.suit]
        plays = [tuple(rng.sample(hand, min(len(lead), len(hand)))), tuple(same[:len(lead)]),
                 (deck[-2],)]
        for play in plays:
            if len(play) == len(lead) == 1 and play[0] in hand and ctx._plainly_legal(fc, hand, play[0]):
                passed += 1
                assert follow_refusal(fc, hand, play) is None
            assert ctx.follow_refusal(hand, lead, play) == follow_refusal(fc, hand, play)
    assert passed >= 10  # the shortcut is taken (under a duty asking for more than the suit, less often)


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_a_check_s_demand_is_the_chooser_s_without_its_cards(name):
    """The follow check works a hand's demand out without picking the cards that meet it: the same
    shapes and words as the demand a follow is chosen by, under every duty of every ruleset."""
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    asked = 0
    for ctx, deck in shuffled_packs(name, rng, 60):
        suit_of = ctx.order.suit_of
        lead_suit_cards = [c for c in deck if suit_of[c] == suit_of[deck[0]]]
        units = ctx.units(tuple(lead_suit_cards[:8]))
        lead = rng.choice(units).cards
        fc = FollowContext(ctx.order, lead)
        held = [c for c in deck[:40] if suit_of[c] == fc.suit and c not in lead][:14]
        chosen, checked = fc.demand(held), fc.demand(held, None)
        assert checked.key == chosen.key and checked.words == chosen.words and checked.cards == ()
        asked += chosen.cards != ()
    # demands with cards to pick, left out by the check (one deck has no pairs to pick; a duty of
    # suit only asks for no shape, so it never has cards to pick)
    rules = tr.load(name)
    if rules.following.duty == "suit":
        assert asked == 0
    else:
        assert asked >= 5 or rules.table.decks == 1


def test_a_lead_asked_again_by_the_same_object_is_the_same_follow_context():
    ctx = tr.load("two-decks").context("2", "S")
    lead = ctx.cards("AH AH")
    fc = ctx._lead(lead)
    assert ctx._lead(lead) is fc and ctx._lead(ctx.cards("AH AH")) is fc  # an equal lead: kept by value
    other = ctx._lead(ctx.cards("KH"))
    assert other is not fc and ctx._lead(lead) is fc and ctx._lead("KH") is not fc
    assert repr(fc).startswith("FollowContext(lead='AH AH', suit=1, duty=")


def test_more_leads_than_a_context_keeps_are_answered_alike():
    """A context keeps the follow contexts of its last leads only; leads asked about after it let
    go of them (and leads asked again then) get the answers a fresh context gives."""
    rules = tr.load("two-decks")
    kept, fresh = Context(rules, "2", "S"), Context(rules, "2", "S")
    hand = kept.cards("AH KH KH 5C 3C 3C 8D")
    leads = [(card,) for card in CARDS[:52]] + [(card, card) for card in CARDS[:52]]
    for lead in leads * 2:
        for play in ((hand[0],), (hand[3],), (hand[1], hand[2]), (hand[4], hand[5])):
            if len(play) == len(lead):
                assert kept.follow_error(hand, lead, play) == Context(rules, "2", "S").follow_error(hand, lead, play)
        assert len(kept._leads) <= 2 * 64
    assert fresh.follow_error(hand, "QH QH", "KH KH") is None


def test_only_a_lead_read_and_found_good_is_known_again_by_identity():
    ctx = tr.load("two-decks").context("2", "S")
    lead = ctx.cards("AH")
    fc = ctx._lead(lead)
    assert ctx._lead(lead) is fc
    look_alike = (float(lead[0]),)  # equal to the lead, but no card: read, and refused
    with pytest.raises(CardNotationError, match="unknown card"):
        ctx._lead(look_alike)
    assert ctx._last_lead[0] is lead  # not the look-alike


@pytest.mark.parametrize("lookalike", [5.0, LooksLikeFive()], ids=["float", "equal-object"])
def test_a_lead_equal_to_a_known_one_without_being_cards_is_refused(lookalike):
    """Leads are known again by value only when given as cards or codes: a number or an object
    merely equal to a card's code is refused, whatever was asked before."""
    ctx = Context(tr.load("two-decks"), "2", "S")
    hand = ctx.cards("7S 8S 9H")
    assert ctx.follow_error(hand, (CARDS[5],), (hand[0],)) is None  # the lead is known now
    assert ctx.follow_error(hand, (5,), (hand[0],)) is None  # a code is a card
    with pytest.raises(CardNotationError, match="unknown card"):
        ctx.follow_error(hand, (lookalike,), (hand[0],))
    with pytest.raises(CardNotationError, match="unknown card"):
        ctx.winner((lookalike,), [(hand[0],)])


@pytest.mark.parametrize("code", [-1, 54, 60])
def test_a_card_object_with_no_card_s_code_is_refused_in_words(code):
    ctx = Context(tr.load("two-decks"), "2", "S")
    for cards in [(Card(code),), (Card(code), CARDS[3]), (CARDS[3], CARDS[4], Card(code))]:
        with pytest.raises(CardNotationError, match=f"unknown card code {code}: codes run from 0 to 53"):
            ctx.cards(cards)
