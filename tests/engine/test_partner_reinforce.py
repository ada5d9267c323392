"""The declaring side reinforces (亮主方加固, ``reinforce: when the declarer's partner or the
declarer``): a condition on reinforcing that names a player of the declaring side says who of it may
reinforce, and the declarer's partner adds cards like the shown ones to the declarer's declaration,
which stays the declarer's and is as strong as all its cards together.  The compiler's words, the
offers and the table's record of who showed which card, the players, the log and the replay, the
search player's worlds, the oracle, the sheet and the JSON form; gallery D52 played by every kind of
player."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from player_kinds import EVERY_KIND, hands_that_replay_clean

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.deck.cards import parse_cards as parse_on
from tractor_rules.engine.flow.deal import DeclarationOffers, Standing, deal_asked
from tractor_rules.engine.flow.views import Offer, PlayerView, Public
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.players.heuristic import HeuristicPlayer
from tractor_rules.engine.players.worlds import _declared_and_kept
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules, side_reinforces

D52 = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "D52-declaring-side-reinforces.tractor"
SIDE = "reinforce: when the declarer's partner or the declarer"
#: a pack of three decks reads every card these tests write
PACK = tr.load("three-decks").table


def parse_cards(text: str):
    return parse_on(text, PACK)


def declaring(*lines: str, base: str = "two-decks") -> Rules:
    body = "".join(f"  {line}\n" for line in lines)
    return tr.loads(f'extends: "{base}"\ndeclare\n{body}', origin="house.tractor")


class Scripted:
    """A player that declares the offer a test picks (the first whose shown cards are ``cards``)."""

    def __init__(self, cards: str | None = None):
        self.cards = cards
        self.offers: list[Offer] = []

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        self.offers = offers
        if self.cards is None:
            return None
        want = sorted(parse_cards(self.cards))
        return next((o for o in offers if sorted(o.cards) == want), None)


def table(rules: Rules, players=None, level: str = "2") -> tuple[DeclarationOffers, Public]:
    seated = players or [Scripted() for _ in range(rules.table.players)]
    offers = DeclarationOffers(rules, seated, level, True, None, deal_asked(rules, None, True, level))
    return offers, Public(rules, rules.table.players, 0, level, None)


def hand(text: str):
    return list(parse_cards(text))


# --- the compiler ---------------------------------------------------------------------------------


def test_a_condition_naming_the_side_says_who_of_it_reinforces():
    rules = declaring(SIDE)
    assert rules.declaring.reinforce_when == ("any", ("fact", "declarer-partner"), ("fact", "declarer"))
    assert side_reinforces(rules.declaring)
    # a condition that names neither is the declarer's alone, as before
    assert not side_reinforces(declaring("reinforce: when declared level cards = 1").declaring)
    assert not side_reinforces(tr.load("two-decks").declaring)
    assert side_reinforces(declaring("reinforce: when the declarer's partner").declaring)


def test_the_declarer_is_a_fact_of_a_declaration_during_the_deal_only():
    rules = declaring("overturn: when not the declarer")  # the standing declarer's overturning their own
    assert rules.declaring.overturn_in_deal_when == ("not", ("fact", "declarer"))
    with pytest.raises(tr.RulesetError) as info:
        declaring("overturn after kitty: when the declarer")
    assert [d.code for d in info.value.diagnostics] == ["E212"]
    assert "known only in 'overturn: when ...' and 'reinforce: when ...'" in info.value.diagnostics[0].message


@pytest.mark.parametrize(("lines", "base", "fragment"), [
    ((SIDE,), "house-finding-friends", "may reinforce only with fixed teams"),
    (("declarations: face down until the kitty is buried", SIDE), "two-decks", "only declarations face up"),
    (("ladder: 1 joker + 2 level cards < 2 jokers + 2 level cards", "exchange with the declarer: yes", SIDE),
     "two-decks", "exchange with the declarer takes"),
])
def test_the_partner_needs_a_declaration_they_can_add_to(lines, base, fragment):
    with pytest.raises(tr.RulesetError) as info:
        declaring(*lines, base=base)
    assert [d.code for d in info.value.diagnostics] == ["E348"]
    assert fragment in info.value.diagnostics[0].message


def test_an_opponent_never_reinforces():
    with pytest.raises(tr.RulesetError) as info:
        declaring("reinforce: when the declarer's opponent or the declarer")
    assert [d.code for d in info.value.diagnostics] == ["E328"]


def test_the_json_form_holds_the_tree_and_version_3_cannot():
    rules = declaring(SIDE)
    data = rules.to_dict()
    assert data["declaring"]["reinforce_when"] == ["any", ["fact", "declarer-partner"], ["fact", "declarer"]]
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
    data["declaring"]["reinforce_when"] = ["fact", "declarer-partner"]
    called = tr.load("house-finding-friends").to_dict()
    called["declaring"]["reinforce_when"] = ["fact", "declarer-partner"]
    with pytest.raises(tr.errors.ExportError) as info:
        tr.Rules.from_dict(called)
    assert [d.code for d in info.value.diagnostics] == ["E348"]


def warnings(text: str) -> list[str]:
    return [d["code"] for d in facade.lint(text, "house.tractor")["diagnostics"]]


def test_w131_where_no_partner_ever_reinforces():
    assert warnings(f'extends: "one-deck"\ndeclare\n  {SIDE}\n') == ["W131"]
    assert warnings('extends: "two-decks"\ndeclare\n  reinforce: when not the declarer\'s partner\n') == ["W131"]
    assert warnings(f'extends: "two-decks"\ndeclare\n  {SIDE}\n') == []


# --- the offers and the table ---------------------------------------------------------------------


def test_the_partner_adds_a_card_to_the_declarers_and_the_declaration_stays_theirs():
    rules = declaring(SIDE)
    seated = [Scripted("2H"), Scripted(), Scripted("2H"), Scripted()]
    offers, public = table(rules, seated)
    standing = offers.ask(0, hand("2H 5S"), None, public)
    assert standing is not None and standing.cards == tuple(parse_cards("2H"))
    # the partner holding one 2H reinforces to a pair; an opponent with one 2H has nothing to show
    assert offers.offers(1, hand("2H 9C"), standing, public.declarations) == []
    reinforced = offers.ask(2, hand("2H 9C"), standing, public)
    assert reinforced is not None
    (offer,) = seated[2].offers
    assert offer.cards == tuple(parse_cards("2H")) and offer.whole == tuple(parse_cards("2H 2H"))
    assert offer.declaration == rules.declaration("2H 2H", "2")
    assert reinforced.seat == 0 and reinforced.declaration.count == 2
    assert reinforced.shares == ((2, tuple(parse_cards("2H"))),)
    assert public.declarations == [(0, tuple(parse_cards("2H"))), (0, tuple(parse_cards("2H 2H")))]
    assert public.joined[1].by == 2
    # each card is its owner's: the declarer showed one 2H, the partner the other
    assert public.shown_by_seat() == [(0, tuple(parse_cards("2H"))), (0, tuple(parse_cards("2H"))),
                                      (2, tuple(parse_cards("2H")))]


def test_a_partner_may_not_overturn_with_the_same_card_but_only_reinforce():
    rules = tr.loads('extends: "two-decks"\ndeclare\n  ' + SIDE + '\n')  # overturning by anybody
    offers, public = table(rules, [Scripted("2H"), Scripted(), Scripted(), Scripted()])
    standing = offers.ask(0, hand("2H"), None, public)
    made = offers.offers(2, hand("2H 2H 2S 2S"), standing, public.declarations)
    # the pair of spades overturns; the hearts only join the declarer's
    assert {(o.cards, o.joined) for o in made} == {
        (tuple(parse_cards("2S 2S")), ()), (tuple(parse_cards("2H")), tuple(parse_cards("2H 2H")))}


def test_where_the_condition_does_not_hold_of_the_partner_nothing_joins():
    rules = declaring("reinforce: when the declarer")  # the side named, the partner never meets it
    offers, public = table(rules, [Scripted("2H"), Scripted(), Scripted(), Scripted()])
    standing = offers.ask(0, hand("2H"), None, public)
    made = offers.offers(2, hand("2H 2H"), standing, public.declarations)
    assert all(not o.joined for o in made)
    # without a condition naming the side, as in every file written before, the same
    plain = tr.load("two-decks")
    offers, public = table(plain, [Scripted("2H"), Scripted(), Scripted(), Scripted()])
    standing = offers.ask(0, hand("2H"), None, public)
    assert all(not o.joined for o in offers.offers(2, hand("2H 2H"), standing, public.declarations))


def test_the_declarer_adding_to_a_reinforced_declaration_keeps_the_partners_card():
    rules = tr.loads('extends: "three-decks"\ndeclare\n  ladder: 1 level card < 2 level cards < 3 level cards\n  '
                     + SIDE + '\n', origin="house.tractor")
    seated = [Scripted("2H"), Scripted(), Scripted("2H"), Scripted()]
    offers, public = table(rules, seated)
    standing = offers.ask(0, hand("2H"), None, public)
    standing = offers.ask(2, hand("2H"), standing, public)
    assert standing is not None and standing.declaration.count == 2
    seated[0].cards = "2H 2H"
    third = offers.ask(0, hand("2H 2H"), standing, public)
    assert third is not None and third.seat == 0 and third.declaration.count == 3
    (offer,) = seated[0].offers
    assert offer.cards == tuple(parse_cards("2H 2H")) and offer.whole == tuple(parse_cards("2H 2H 2H"))
    assert third.shares == ((2, tuple(parse_cards("2H"))),)
    assert Counter(c for _, cards in public.shown_by_seat()[-2:] for c in cards) == Counter(parse_cards("2H 2H 2H"))


# --- the players, the worlds and the oracle -------------------------------------------------------


@pytest.mark.parametrize("kind", [GreedyPlayer, HeuristicPlayer])
def test_greedy_and_heuristic_reinforce_their_partners_trump_when_they_hold_it(kind):
    rules = declaring(SIDE)
    offers, public = table(rules, [Scripted("2H"), Scripted(), Scripted(), Scripted()])
    standing = offers.ask(0, hand("2H"), None, public)
    long_hearts = hand("2H AH KH QH JH 10H 9H 8H 7H 6H 5S")
    made = offers.offers(2, long_hearts, standing, public.declarations)
    player = kind() if kind is GreedyPlayer else kind(random.Random(1))
    choice = player.declare(PlayerView(2, long_hearts, public), made)
    assert choice is not None and choice.joined == tuple(parse_cards("2H 2H"))
    short_hearts = hand("2H AS KS QS JS 10S 9S 8S 7S 6S 5C")
    made = offers.offers(2, short_hearts, standing, public.declarations)
    assert made and player.declare(PlayerView(2, short_hearts, public), made) is None


def test_the_search_players_worlds_give_each_card_to_its_owner():
    rules = declaring(SIDE)
    offers, public = table(rules, [Scripted("2H"), Scripted(), Scripted("2H"), Scripted()])
    standing = offers.ask(0, hand("2H"), None, public)
    offers.ask(2, hand("2H"), standing, public)
    public.banker = 3  # a later hand's banker, who is neither of them
    known = _declared_and_kept(PlayerView(1, hand("5S"), public))
    assert known == {0: Counter(parse_cards("2H")), 2: Counter(parse_cards("2H"))}


def test_the_oracle_answers_for_the_partner():
    rules = declaring(SIDE)
    (offer,) = rules.reinforcements("2H", "2H 5S", "2", seat=2, declarer=0)
    assert offer.cards == tuple(parse_cards("2H")) and offer.whole == tuple(parse_cards("2H 2H"))
    assert rules.reinforcements("2H", "2H 5S", "2", seat=1, declarer=0) == []  # an opponent
    assert rules.reinforcements("2H", "2H 5S", "2", seat=2, declarer=0, shares=[(2, "2H")]) == []
    plain = tr.load("two-decks")
    assert plain.reinforcements("2H", "2H 5S", "2", seat=2, declarer=0) == []
    (own,) = plain.reinforcements("2H", "2H 2H", "2", seat=0, declarer=0)
    assert own.cards == own.whole == tuple(parse_cards("2H 2H"))


# --- the log, the replay, the sheet ---------------------------------------------------------------


def reinforced_hand(rules: Rules) -> dict:
    for seed in range(200):
        for kind in ("random", "greedy"):
            from tractor_rules.engine.game import play_hand
            from tractor_rules.engine.players.kinds import make_players

            record = play_hand(rules, make_players(kind, 4, random.Random(seed)), random.Random(seed), level="2",
                               banker=None)
            log = record.to_log()
            if any(len(d) == 3 for d in log["deal_declaring"]["declarations"]):
                return log
    raise AssertionError("no hand of seeds 0..199 has a partner's reinforcing")


def test_the_log_names_the_partner_and_the_replay_checks_it():
    rules = tr.load(D52)
    log = reinforced_hand(rules)
    assert replay_hand(json.dumps(log), rules) == []
    made = log["deal_declaring"]["declarations"]
    i = next(i for i, d in enumerate(made) if len(d) == 3)
    declarer, cards, partner = made[i]
    assert made[i - 1][0] == declarer and partner == (declarer + 2) % 4
    assert len(parse_cards(cards)) > len(parse_cards(made[i - 1][1]))
    bad = json.loads(json.dumps(log))
    bad["deal_declaring"]["declarations"][i][2] = (declarer + 1) % 4
    assert any(f"is not a partner of seat {declarer}" in p for p in replay_hand(json.dumps(bad), rules))
    bad = json.loads(json.dumps(log))
    bad["deal_declaring"]["declarations"][i][1] = made[i - 1][1]
    assert any("not the standing declaration with more of the same cards" in p
               for p in replay_hand(json.dumps(bad), rules))
    plain = tr.load("examples/house-rules/D46-declaring-side-cannot-overturn-itself.tractor")
    log["ruleset"] = plain.name
    assert any("the rules let no partner of the declarer reinforce" in p for p in replay_hand(json.dumps(log), plain))


def sentence(rules: Rules, lang: str) -> str:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}["declaring.reinforce"]


def test_the_sheet_says_who_reinforces_in_both_languages():
    rules = tr.load(D52)
    en = sentence(rules, "en")
    assert en.startswith("The declarer or their partner may reinforce the standing declaration")
    assert "as strong as all its cards together" in en
    zh = sentence(rules, "zh")
    assert zh.startswith("亮主者或其对家可以亮出与已亮的牌相同的牌加固")
    other = declaring("reinforce: when the declarer's partner and overturns = 0")
    assert "but only when the player is the standing declarer's partner" in sentence(other, "en")


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_d52_by_every_kind_of_player_replays_clean(kind):
    """D52's hands replay clean, and its partners reinforce.  The first reinforcement comes at the
    15th to 17th hand with every kind (seeds 0 up, level 2): 40 hands are about twice that, 24
    for the search player (its decisions are the costliest).  200 hands by every kind are the
    soak run's (docs/contributing.md, "Soak runs")."""
    rules = tr.load(D52)
    hands = 24 if kind.startswith("search") else 40
    reinforced = sum(1 for record in hands_that_replay_clean(rules, kind, hands, level="2")
                     if record.deal_declaring is not None and record.deal_declaring.reinforced_by)
    assert reinforced > 0


def test_the_rl_mask_offers_the_partners_own_cards():
    from tractor_rules.rl.plays import DeclareBuilder

    rules = declaring(SIDE)
    offers, public = table(rules, [Scripted("2H"), Scripted(), Scripted(), Scripted()])
    standing = offers.ask(0, hand("2H"), None, public)
    made = offers.offers(2, hand("2H 5S"), standing, public.declarations)
    builder = DeclareBuilder(hand("2H 5S"), made)
    assert list(builder.allowed()) == [parse_cards("2H")[0]] and builder.max_size() == 1
    builder.add(parse_cards("2H")[0])
    assert builder.done()
