"""Choices in the reinforcement-learning environment: an auction's bids, the naming of trump and the
banker's giving up the bank are actions after the card actions, offered by the mask exactly as the engine accepts them, seen in the
observation, and written to the hand's record as the agents made them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test

import tractor_rules
from tractor_rules.engine.flow.auction import bid_offers
from tractor_rules.rl import DONE, IllegalAction, layout, raw_env
from tractor_rules.rl.env import choice_options
from tractor_rules.rules import SUITS

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: three against one, bidding down from 80 by 5, trump named after seeing the kitty
AUCTION = GALLERY / "A01-san-da-ha-auction.tractor"
#: the bankers may give up the bank to the player whose declaration stands
GIVE_UP = GALLERY / "L28-give-up-the-bank.tractor"
#: nobody declares in the first hand: a contest's winner names trump among its level cards' suits
CONTEST = """\
ruleset: "A contest for the first trump"
extends: "two-decks"

declare
  first banker: contest winner
"""
PARTNER_NAMES = """\
ruleset: "Nobody declares; the banker's partner names trump"
extends: "two-decks"

declare
  ladder: none
  nobody declares: partner names trump
"""


def auction_env(**options):
    return raw_env(tractor_rules.load(str(AUCTION)), **options)


def test_the_choices_of_a_ruleset_are_its_bids_and_trumps_to_name():
    rules = tractor_rules.load(str(AUCTION))
    bids = rules.auction.bids()
    assert choice_options(rules) == {"bid": (None, *bids), "name-trump": (*SUITS, None)}
    environment = raw_env(rules)
    # the card actions, done, then as many choice actions as the longest choice has options
    assert environment.action_space("player_0").n == DONE + 1 + len(bids) + 1
    # a ruleset that asks no choice keeps the 55 actions and the observation of the card game
    plain = raw_env(tractor_rules.load("two-decks"))
    assert choice_options(plain.rules) == {}
    assert plain.action_space("player_0").n == DONE + 1
    assert plain.observation_space("player_0")["observation"].shape == (layout(4)["to_lead"].stop,)
    with_choices = layout(4, choices=True)
    assert environment.observation_space("player_0")["observation"].shape == (with_choices["passed"].stop,)


def test_the_mask_offers_exactly_the_bids_the_engine_accepts_and_the_record_keeps_them():
    environment = auction_env()
    rules = environment.rules
    grid = environment.choices["bid"]
    rng = np.random.default_rng(11)
    kinds_seen: set[str] = set()
    for hand in range(8):
        environment.reset(seed=hand)
        made: list[tuple[int, int | None]] = []
        standing: int | None = None
        dealt: dict[int, int] = {}
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            decision = environment._driver.pending  # type: ignore[union-attr]
            kinds_seen.add(decision.kind)
            legal = np.flatnonzero(observation["action_mask"])
            fields = environment.fields
            deciding = observation["observation"][fields["deciding"]]
            if decision.kind == "bid":
                dealt[decision.seat] = len(decision.view.hand)
                if (decision.seat, None) in made:
                    made, standing = [], None  # everyone passed: dealt again, a new auction
                offered = {grid[a - DONE - 1] for a in legal}
                assert offered == {None, *bid_offers(rules.auction, standing)}
                assert list(deciding) == [0, 1, 0, 0]
                action = int(rng.choice(legal))
                option = grid[action - DONE - 1]
                made.append((decision.seat, option))
                standing = option if option is not None else standing
                environment.step(action)
                continue
            if decision.kind == "name-trump":
                # an auction's banker names a suit: no-trump is not offered
                assert [a - DONE - 1 for a in legal] == [0, 1, 2, 3]
                assert list(deciding) == [0, 0, 1, 0]
                # the banker names trump having seen the kitty: the hand holds the kitty's cards too
                assert len(decision.view.hand) == dealt[decision.seat] + rules.table.kitty_size
                assert observation["observation"][fields["hand"]].sum() == len(decision.view.hand)
            else:
                assert legal.max() <= DONE and list(deciding) == [1, 0, 0, 0]
            environment.step(int(rng.choice(legal)))
        record = environment.record
        assert record is not None
        # the bids of the record's last auction are the ones the agents made
        assert list(record.bids)[-len(made):] == made
        assert record.bid == standing or standing is None
    assert kinds_seen == {"bid", "name-trump", "lead", "follow"}


def test_the_observation_shows_the_auction_so_far():
    environment = auction_env()
    environment.reset(seed=3)
    first = environment._driver.pending.seat  # type: ignore[union-attr]
    grid = environment.choices["bid"]
    environment.step(DONE + 1 + grid.index(70))  # the first bidder bids 70
    second = environment._driver.pending.seat  # type: ignore[union-attr]
    environment.step(DONE + 1)  # the next passes
    third = environment._driver.pending.seat  # type: ignore[union-attr]
    observation = environment.observe(environment.agent_selection)["observation"]
    fields = environment.fields
    players = environment.rules.table.players
    bids = observation[fields["bids"]]
    passed = observation[fields["passed"]]
    # seats counted from the observer
    assert bids[(first - third) % players] == pytest.approx(70 / environment.deck_points)
    assert passed[(second - third) % players] == 1
    assert bids.sum() == pytest.approx(70 / environment.deck_points) and passed.sum() == 1
    mask = environment.observe(environment.agent_selection)["action_mask"]
    assert {grid[a - DONE - 1] for a in np.flatnonzero(mask)} == {None, *range(5, 70, 5)}


def test_agents_that_always_bid_the_last_bid_end_the_auction_at_once():
    environment = auction_env()
    environment.reset(seed=5)
    first = environment._driver.pending.seat  # type: ignore[union-attr]
    limit = environment.rules.auction.limit
    environment.step(DONE + 1 + environment.choices["bid"].index(limit))
    decision = environment._driver.pending  # type: ignore[union-attr]
    assert (decision.kind, decision.seat) == ("name-trump", first)
    environment.step(DONE + 1 + SUITS.index("H"))
    assert environment._driver.pending.view.trump == "H"  # type: ignore[union-attr]


def test_a_choice_the_mask_does_not_offer_is_refused_with_a_reason():
    environment = auction_env(render_mode="ansi")
    environment.reset(seed=4)
    grid = environment.choices["bid"]
    environment.step(DONE + 1 + grid.index(50))
    mask = environment.observe(environment.agent_selection)["action_mask"]
    text = environment.render()
    assert text is not None and "to bid" in text and "options: pass, bid 45" in text
    with pytest.raises(IllegalAction, match="bid 55 is not on offer now"):
        environment.step(DONE + 1 + grid.index(55))
    with pytest.raises(IllegalAction, match="no card may be played now"):
        environment.step(0)
    with pytest.raises(IllegalAction, match="the bid is an action"):
        environment.step(None)
    assert (environment.observe(environment.agent_selection)["action_mask"] == mask).all()


def test_the_partner_names_trump_and_may_name_no_trump():
    rules = tractor_rules.loads(PARTNER_NAMES, "partner-names.tractor")
    environment = raw_env(rules, banker=0)
    assert environment.choices == {"name-trump": (*SUITS, None)}
    environment.reset(seed=1)
    decision = environment._driver.pending  # type: ignore[union-attr]
    assert (decision.kind, decision.seat) == ("name-trump", 2)  # the banker's partner
    mask = environment.observe(environment.agent_selection)["action_mask"]
    assert list(np.flatnonzero(mask)) == [DONE + 1 + i for i in range(len(SUITS) + 1)]
    environment.step(DONE + 1 + len(SUITS))  # no-trump
    assert environment._driver.pending.view.trump is None  # type: ignore[union-attr]


@pytest.mark.parametrize("text", [None, PARTNER_NAMES], ids=["auction", "partner-names"])
def test_pettingzoo_api_test_passes_with_choices(text):
    rules = tractor_rules.loads(text, "partner-names.tractor") if text else tractor_rules.load(str(AUCTION))
    api_test(raw_env(rules), num_cycles=300)


def test_an_agent_not_asked_sees_no_decision_of_its_own():
    environment = auction_env()
    environment.reset(seed=2)
    asked = environment.agent_selection
    others = [agent for agent in environment.possible_agents if agent != asked]
    fields = environment.fields
    for agent in others:
        seen = environment.observe(agent)
        assert seen["action_mask"].sum() == 0
        assert seen["observation"][fields["deciding"]].sum() == 0
    assert environment.observe(asked)["observation"][fields["deciding"]].tolist() == [0, 1, 0, 0]


def test_the_banker_gives_up_the_bank_as_an_agent_chooses():
    rules = tractor_rules.load(str(GIVE_UP))
    assert choice_options(rules) == {"give-up": (False, True)}
    asked = {False: 0, True: 0}
    for give_up in (False, True):
        for seed in range(40):
            environment = raw_env(rules, banker=0)
            environment.reset(seed=seed)
            decision = environment._driver.pending  # type: ignore[union-attr]
            if decision.kind != "give-up":
                continue  # nobody of the other team holds the declaration: the banker is not asked
            assert decision.seat == 0
            observation = environment.observe(environment.agent_selection)
            assert list(np.flatnonzero(observation["action_mask"])) == [DONE + 1, DONE + 2]
            assert observation["observation"][environment.fields["deciding"]].tolist() == [0, 0, 0, 1]
            environment.step(DONE + 1 + int(give_up))
            play_through(environment)
            record = environment.record
            assert record is not None
            assert (record.gave_up == 0) is give_up
            assert (record.banker != 0) is give_up
            asked[give_up] += 1
            break
    assert asked == {False: 1, True: 1}


def play_through(environment) -> None:
    """The rest of the hand, each agent playing its first legal action."""
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_the_contests_winner_names_trump_among_the_suits_of_its_level_cards():
    rules = tractor_rules.loads(CONTEST, "contest.tractor")
    assert choice_options(rules) == {"name-trump": (*SUITS, None)}
    named = 0
    for seed in range(12):
        environment = raw_env(rules)  # a first hand: the contest finds the banker
        environment.reset(seed=seed)
        decision = environment._driver.pending  # type: ignore[union-attr]
        if decision.kind != "name-trump":
            continue  # the winner held no level card: trump as nobody declaring in the first hand
        held = {c.suit for c in decision.view.hand if not c.is_joker and c.rank == "2"}
        assert set(decision.options) == held and held
        mask = environment.observe(environment.agent_selection)["action_mask"]
        offered = [SUITS[i - DONE - 1] for i in np.flatnonzero(mask)]
        assert set(offered) == held
        pick = offered[-1]
        environment.step(DONE + 1 + SUITS.index(pick))
        play_through(environment)
        record = environment.record
        assert record is not None
        assert record.contest == (decision.seat, pick)
        assert (record.banker, record.trump) == (decision.seat, pick)
        named += 1
    assert named >= 6


def test_pettingzoo_api_test_passes_with_a_contest():
    api_test(raw_env(tractor_rules.loads(CONTEST, "contest.tractor")), num_cycles=300)
