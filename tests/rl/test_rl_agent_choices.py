"""The decisions an environment made with ``agent_choices`` leaves to the agents: burying the kitty
(cards picked one at a time, the mask offering exactly the burials the engine accepts), the exchange
with the declarer (take or decline, then the cards given back, picked), asking for a redeal (ask
or play on) and declaring (a declaration's cards picked one at a time, or a pass).  Without the option nothing changes: the same actions, the same observation, the same
hands; and agents that choose as the greedy player does get the very hands the option's absence
gives."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test

from masks import picks_through_mask

import tractor_rules
from tractor_rules.engine.deck.cards import CARDS
from tractor_rules.engine.deck.order import TRUMP
from tractor_rules.engine.game import point_table
from tractor_rules.engine.flow.kitty import burier_seat
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.rulings.cards import burial_error, shown_in_declaring
from tractor_rules.rl import DONE, IllegalAction, layout, raw_env
from tractor_rules.rl.env import agent_choices_of, choice_options
from tractor_rules.rl.driver import AGENT_CHOICES
from tractor_rules.rl.observation import AGENT_DECIDING, DECIDING

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: point cards and trumps may not be buried
NOT_BURIED = GALLERY / "K12-no-points-or-trumps-buried.tractor"
#: the first of the bankers after the declarer buries
PARTNER_BURIES = GALLERY / "K13-partner-buries.tractor"
#: a joker with a tractor takes the declaration's three cards for a trump above the aces and two side cards
EXCHANGE = GALLERY / "D35-exchange-with-the-declarer.tractor"
#: a hand without trumps or points is redealt if its holder asks
REDEAL = GALLERY / "D17-redeal-weak-hand.tractor"
#: one deck (a hand of 12 and a kitty of 6: every burial can be listed), only point cards buried
POINTS_BURIED = """\
ruleset: "One deck, only point cards buried"
extends: "one-deck"

kitty
  buried cards: when a point card
"""
ALL = ("bury", "exchange", "redeal", "declare")
#: the auction game of the gallery: trump comes from the auction's banker, nobody declares
AUCTION = GALLERY / "A01-san-da-ha-auction.tractor"


def load(path: Path) -> tractor_rules.Rules:
    return tractor_rules.load(str(path))


def pending(environment):
    return environment._driver.pending


def first_asked(environment, kind: str, seeds=range(80)) -> int:
    """The first seed whose hand asks a decision of ``kind`` before its first lead."""
    for seed in seeds:
        environment.reset(seed=seed)
        while pending(environment) is not None and pending(environment).kind not in ("lead", kind):
            step_first_legal(environment)
        if pending(environment) is not None and pending(environment).kind == kind:
            return seed
    raise AssertionError(f"no hand of seeds {seeds} asks to {kind}")


def step_first_legal(environment) -> None:
    environment.step(int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])[0]))


def play_through(environment) -> None:
    """The rest of the hand, each agent taking its first legal action."""
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))


# --- the option ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [NOT_BURIED, PARTNER_BURIES, EXCHANGE, REDEAL, "two-decks"])
def test_without_the_option_the_actions_and_the_observation_are_the_card_games(path):
    rules = tractor_rules.load(str(path))
    plain = raw_env(rules)
    assert plain.agent_choices == ()
    assert plain.action_space("player_0").n == DONE + 1
    assert plain.observation_space("player_0")["observation"].shape == (layout(4)["to_lead"].stop,)


def test_the_option_asks_only_what_the_rules_have():
    assert tuple(AGENT_DECIDING) == AGENT_CHOICES == ALL
    assert agent_choices_of(tractor_rules.load("two-decks")) == ("bury", "declare")
    assert agent_choices_of(load(EXCHANGE)) == ("bury", "exchange", "declare")
    assert agent_choices_of(load(REDEAL)) == ("bury", "redeal", "declare")
    assert "declare" not in agent_choices_of(load(AUCTION))
    # the exchange and the redeal are choices of two options; the burial is built of card actions
    assert choice_options(load(EXCHANGE), ALL) == {"exchange": (False, True)}
    assert choice_options(load(REDEAL), ALL) == {"redeal": (False, True)}
    environment = raw_env(load(REDEAL), agent_choices=ALL)
    assert environment.agent_choices == ("bury", "redeal", "declare")
    assert environment.action_space("player_0").n == DONE + 3  # a declaration is built of card actions
    fields = layout(4, agent_choices=("bury", "redeal", "declare"))
    assert environment.fields == fields
    assert environment.decisions == (*DECIDING, "bury", "redeal", "declare")
    assert fields["deciding"].stop - fields["deciding"].start == len(DECIDING) + 3
    # declaring adds the declarations shown, each seat's cards, after the choices' fields
    assert fields["declared"] == slice(fields["passed"].stop, fields["passed"].stop + 4 * 54)
    # burying alone: the card actions, and the fields that say what the agent is asked
    burying = raw_env(tractor_rules.load("two-decks"), agent_choices="bury")
    assert burying.action_space("player_0").n == DONE + 1
    shape = (layout(4, agent_choices=("bury",))["passed"].stop,)
    assert burying.observation_space("player_0")["observation"].shape == shape
    assert shape[0] == layout(4, choices=True)["passed"].stop + 1  # deciding's entry for burying
    with pytest.raises(ValueError, match="agent_choices are among bury, exchange, redeal, declare, not 'call'"):
        raw_env(tractor_rules.load("two-decks"), agent_choices=("bury", "call"))


def test_the_example_of_the_docs_runs(capsys):
    page = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = page[page.index("## Burying, the exchange and redeals"):]
    example = re.search(r"```python\n(.*?)```", section, re.S)
    assert example is not None
    exec(compile(example.group(1), "docs/rl.md", "exec"), {})
    assert capsys.readouterr().out == "('bury',)\n"


# --- agents that choose as the greedy player does get the same hands ------------------------------


def greedy_action(environment) -> int:
    """The action of an agent choosing what the engine's greedy player would (its first legal
    action for a play): the cards it would bury or give back, one at a time, then done."""
    decision = pending(environment)
    view = decision.view
    greedy = GreedyPlayer()
    if decision.kind in ("exchange", "give-back"):
        declarer, took = view.public.declarations[-1]
        given = greedy.exchange_with_declarer(view, declarer, took)
        if decision.kind == "exchange":
            return DONE + 1 + int(given is not None)
        plan = list(given or ())
    elif decision.kind == "bury":
        plan = list(greedy.bury(view, decision.count))
    elif decision.kind == "redeal":
        return DONE + 1 + int(greedy.redeal(view))
    elif decision.kind == "declare":
        offer = greedy.declare(view, list(decision.options))
        plan = list(offer.cards) if offer is not None else []
    else:
        return int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])[0])
    rest = Counter(plan) - Counter(environment._builder.chosen)
    return int(min(rest)) if rest else DONE


def greedy_record(rules, seed: int, agent_choices) -> dict:
    environment = raw_env(rules, agent_choices=agent_choices)
    environment.reset(seed=seed)
    for _ in environment.agent_iter():
        _, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(greedy_action(environment))
    return environment.record.to_log()


@pytest.mark.parametrize("path, kind", [(NOT_BURIED, "bury"), (PARTNER_BURIES, "bury"), (EXCHANGE, "exchange"),
                                        (REDEAL, "redeal"), ("two-decks", "declare")])
def test_agents_choosing_as_the_greedy_player_play_the_hands_of_the_default(path, kind):
    rules = load(path)
    seed = first_asked(raw_env(rules, agent_choices=(kind,)), kind)
    records = [greedy_record(rules, s, ALL) for s in (seed, seed + 1)]
    assert records == [greedy_record(rules, s, ()) for s in (seed, seed + 1)]
    # the first hand went through the decision: the kitty buried, the exchange made, a redeal
    # asked, trump declared
    key = {"bury": "kitty", "exchange": "exchange", "redeal": "weak_hands", "declare": "trump"}[kind]
    assert records[0][key]


# --- burying ------------------------------------------------------------------------------------


def legal_burials(view, count: int) -> set[tuple[int, ...]]:
    """Every burial of ``count`` cards of the view's hand the engine accepts (as sorted codes)."""
    order, shown = view.ctx.order, shown_in_declaring(view.public.declarations)
    found = set()
    for cards in set(itertools.combinations(sorted(view.hand), count)):
        if burial_error(order, view.hand, cards, shown) is None:
            found.add(tuple(int(c) for c in cards))
    return found


def test_the_mask_offers_exactly_the_burials_the_engine_accepts():
    rules = tractor_rules.loads(POINTS_BURIED, "points-buried.tractor")
    environment = raw_env(rules, agent_choices=("bury",), banker=0)
    short = enough = 0
    for seed in itertools.count():
        if short and enough and seed >= 3:
            break
        environment.reset(seed=seed)
        decision = pending(environment)
        assert decision.kind == "bury" and decision.count == rules.table.kitty_size
        points = sum(1 for c in decision.view.hand if point_table(rules)[c] > 0)
        short += points < decision.count
        enough += points >= decision.count
        assert picks_through_mask(environment) == legal_burials(decision.view, decision.count)
    # hands with too few point cards (all of them, and the rest as the player likes) and with enough
    assert short and enough


def test_a_random_agent_buries_as_the_rules_let_it_and_the_record_keeps_its_burial():
    rules = load(NOT_BURIED)
    environment = raw_env(rules, agent_choices=("bury",))
    rng = np.random.default_rng(3)
    fields = environment.fields
    bury_at = environment.decisions.index("bury")
    for seed in range(6):
        environment.reset(seed=seed)
        decision = pending(environment)
        assert decision.kind == "bury"
        burier, hand = decision.seat, decision.view.hand
        observation = environment.observe(environment.agent_selection)["observation"]
        assert observation[fields["deciding"]].tolist() == [float(i == bury_at) for i in range(len(environment.decisions))]
        assert observation[fields["hand"]].sum() == len(hand) == 25 + 8
        buried: list[int] = []
        while pending(environment).kind == "bury":
            seen = environment.observe(environment.agent_selection)
            assert seen["observation"][fields["chosen"]].sum() == len(buried)
            legal = np.flatnonzero(seen["action_mask"])
            # done only at the kitty's size, and then nothing else
            assert (DONE in legal) is (len(buried) == decision.count)
            if len(buried) == decision.count:
                assert list(legal) == [DONE]
                environment.step(DONE)
            else:
                buried.append(int(rng.choice(legal)))
                environment.step(buried[-1])
        order = decision.view.ctx.order
        assert burial_error(order, hand, [CARDS[c] for c in buried]) is None
        play_through(environment)
        record = environment.record
        assert sorted(record.kitty) == sorted(CARDS[c] for c in buried)
        assert record.buried_by == burier


def test_the_banker_s_partner_buries_where_the_rules_say_so():
    rules = load(PARTNER_BURIES)
    environment = raw_env(rules, agent_choices=("bury",), banker=0)
    not_the_banker = 0
    for seed in range(8):
        environment.reset(seed=seed)
        decision = pending(environment)
        standing = decision.view.public.declarations
        declarer = standing[-1][0] if standing else None
        assert decision.kind == "bury"
        assert decision.seat == burier_seat(rules, 0, declarer)
        not_the_banker += decision.seat != 0
        for _ in range(decision.count):
            step_first_legal(environment)
        step_first_legal(environment)  # done
        assert pending(environment).kind == "lead"
    assert not_the_banker


def test_a_burial_the_mask_does_not_offer_is_refused_with_a_reason():
    environment = raw_env(load(NOT_BURIED), agent_choices=("bury",), render_mode="ansi")
    environment.reset(seed=0)
    decision = pending(environment)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    refused = next(c for c in decision.view.hand if not mask[c])
    assert "to bury" in environment.render()
    with pytest.raises(IllegalAction, match=f"{refused} cannot be buried now: the mask does not offer it"):
        environment.step(int(refused))
    with pytest.raises(IllegalAction, match=r"no cards is not the kitty to bury yet \(the kitty is 8 cards\)"):
        environment.step(DONE)
    with pytest.raises(IllegalAction, match="an action is a card code"):
        environment.step(DONE + 1)
    assert (environment.observe(environment.agent_selection)["action_mask"] == mask).all()


# --- the exchange with the declarer ---------------------------------------------------------------


def test_the_exchange_is_taken_or_declined_and_the_cards_given_back_picked():
    rules = load(EXCHANGE)
    environment = raw_env(rules, agent_choices=("exchange",), render_mode="ansi")
    seed = first_asked(environment, "exchange")
    for take in (False, True):
        environment.reset(seed=seed)
        decision = pending(environment)
        assert decision.kind == "exchange"
        observation = environment.observe(environment.agent_selection)
        assert list(np.flatnonzero(observation["action_mask"])) == [DONE + 1, DONE + 2]
        deciding = observation["observation"][environment.fields["deciding"]].tolist()
        assert deciding[environment.decisions.index("exchange")] == 1 and sum(deciding) == 1
        assert "options: decline the exchange, take the declaration's cards" in environment.render()
        with pytest.raises(IllegalAction, match="no card may be played now"):
            environment.step(0)
        environment.step(DONE + 1 + int(take))
        gave = []
        if take:
            give_back = pending(environment)
            assert (give_back.kind, give_back.seat, give_back.count) == ("give-back", decision.seat, 3)
            ctx = give_back.view.ctx
            with pytest.raises(IllegalAction, match="not what the exchange gives back yet"):
                environment.step(DONE)
            while pending(environment).kind == "give-back":
                mask = environment.observe(environment.agent_selection)["action_mask"]
                offered = [CARDS[c] for c in np.flatnonzero(mask[:DONE])]
                # a trump above the aces while none is chosen, side cards while fewer than two are
                above = sum(ctx.above_aces((c,)) for c in gave)
                side = sum(ctx.order.suit_of[c] != TRUMP for c in gave)
                left = Counter(give_back.view.hand) - Counter(gave)
                expected = {c for c in left
                            if (above < 1 and ctx.above_aces((c,))) or (side < 2 and ctx.order.suit_of[c] != TRUMP)}
                assert set(offered) == (expected if len(gave) < 3 else set())
                if mask[DONE]:
                    environment.step(DONE)
                else:
                    gave.append(offered[-1])
                    environment.step(int(offered[-1]))
            assert ctx.give_back_error(gave) is None
        play_through(environment)
        record = environment.record
        if take:
            assert record.exchange is not None and record.exchange.seat == decision.seat
            assert sorted(record.exchange.gave) == sorted(gave)
        else:
            assert record.exchange is None


# --- redeals ------------------------------------------------------------------------------------


def test_a_weak_hand_s_holder_asks_for_a_redeal_or_plays_on():
    rules = load(REDEAL)
    environment = raw_env(rules, agent_choices=("redeal",))
    seed = first_asked(environment, "redeal")
    for ask in (False, True):
        environment.reset(seed=seed)
        decision = pending(environment)
        assert decision.kind == "redeal"
        assert rules.may_redeal(decision.view.hand, decision.view.level, decision.view.trump)
        observation = environment.observe(environment.agent_selection)
        assert list(np.flatnonzero(observation["action_mask"])) == [DONE + 1, DONE + 2]
        deciding = observation["observation"][environment.fields["deciding"]].tolist()
        assert deciding[environment.decisions.index("redeal")] == 1 and sum(deciding) == 1
        with pytest.raises(IllegalAction, match="the choice to ask for a redeal is an action"):
            environment.step(DONE + 3)
        environment.step(DONE + 1 + int(ask))
        play_through(environment)
        weak = [(seat, hand) for seat, hand, _ in environment.record.weak_hands]
        assert ((decision.seat, decision.view.hand) in weak) is ask
        if ask:
            assert weak[0] == (decision.seat, decision.view.hand)


# --- random agents ------------------------------------------------------------------------------


# --- declaring ----------------------------------------------------------------------------------


def test_the_mask_offers_exactly_the_declarations_on_offer_and_a_pass():
    """At every declaring decision of a few hands (during the deal, overturns included), the
    declarations an agent can build through the mask are the engine's offers and the pass."""
    environment = raw_env(tractor_rules.load("two-decks"), agent_choices=("declare",))
    rng = np.random.default_rng(2)
    asked = several = 0
    for seed in range(3):
        environment.reset(seed=seed)
        while pending(environment) is not None and pending(environment).kind == "declare":
            decision = pending(environment)
            offers = {tuple(sorted(int(c) for c in offer.cards)) for offer in decision.options}
            assert picks_through_mask(environment) == offers | {()}
            asked += 1
            several += len(offers) > 1
            mask = environment.observe(environment.agent_selection)["action_mask"]
            assert mask[DONE] == 1  # a pass is always offered
            # pass mostly, so that the deal goes on and later offers come
            if rng.random() < 0.8:
                environment.step(DONE)
            else:
                for code in sorted(offers)[int(rng.integers(len(offers)))]:
                    environment.step(code)
                environment.step(DONE)
    assert asked >= 10 and several


def test_an_agent_declares_its_cards_and_the_table_sees_them():
    """An agent that declares the first declaration on offer: the hand's declarations hold its
    cards, its hand keeps them, and the next decision's observation shows them as its declaration."""
    environment = raw_env(tractor_rules.load("two-decks"), agent_choices=("declare",))
    fields = environment.fields
    seed = first_asked(environment, "declare")
    environment.reset(seed=seed)
    while pending(environment).kind != "declare":
        step_first_legal(environment)
    decision = pending(environment)
    observation = environment.observe(environment.agent_selection)["observation"]
    assert observation[fields["deciding"]][environment.decisions.index("declare")] == 1
    assert not observation[fields["declared"]].any()
    offer = decision.options[0]
    for card in offer.cards:
        environment.step(int(card))
    assert environment.observe(environment.agent_selection)["observation"][fields["chosen"]].sum() == len(offer.cards)
    environment.step(DONE)
    assert decision.view.public.declarations[-1] == (decision.seat, offer.cards)
    after = environment.observe(environment.possible_agents[decision.seat])["observation"]
    shown = after[fields["declared"]][:54]  # the agent's own seat comes first
    assert sorted(int(c) for c in np.flatnonzero(shown) for _ in range(int(shown[c]))) == sorted(offer.cards)
    assert after[fields["hand"]].sum() == len(decision.view.hand)  # a declaration is shown, not played
    play_through(environment)
    assert environment.record.declarations[0] == (decision.seat, offer.cards)


def test_a_declaration_the_mask_does_not_offer_is_refused_with_a_reason():
    environment = raw_env(tractor_rules.load("two-decks"), agent_choices=("declare",), render_mode="ansi")
    environment.reset(seed=first_asked(environment, "declare"))
    while pending(environment).kind != "declare":
        step_first_legal(environment)
    decision = pending(environment)
    assert "to declare" in environment.render() and "(or pass)" in environment.render()
    mask = environment.observe(environment.agent_selection)["action_mask"]
    refused = next(c for c in decision.view.hand if not mask[c])
    with pytest.raises(IllegalAction, match=f"{refused} cannot be declared now: the mask does not offer it"):
        environment.step(int(refused))
    # half a pair: the pair is on offer, its single card alone is not (passing until one comes)
    for seed in range(20):
        environment.reset(seed=seed)
        while pending(environment) is not None and pending(environment).kind == "declare":
            offers = {tuple(sorted(offer.cards)) for offer in pending(environment).options}
            half = next((pair[0] for pair in offers if len(pair) == 2 and (pair[0],) not in offers), None)
            if half is None:
                environment.step(DONE)
                continue
            environment.step(int(half))
            with pytest.raises(IllegalAction, match=rf"{half} is not a declaration on offer yet \(nothing, to pass, "
                                                    r"or all the cards of one\)"):
                environment.step(DONE)
            return
    raise AssertionError("no hand of 20 offered a pair whose single card is not on offer")


@pytest.mark.parametrize("path", [NOT_BURIED, PARTNER_BURIES, EXCHANGE, REDEAL])
def test_random_agents_make_every_choice_legally(path):
    """Random legal actions with every decision the agents': the engine accepts each of them (it
    raises on an illegal one), and every hand ends."""
    rules = load(path)
    environment = raw_env(rules, agent_choices=ALL)
    rng = np.random.default_rng(5)
    kinds: Counter[str] = Counter()
    for seed in range(5):
        environment.reset(seed=seed)
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            kinds[pending(environment).kind] += 1
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert environment.record is not None
        assert len(environment.record.kitty) == rules.table.kitty_size
    assert kinds["bury"] >= 5 * rules.table.kitty_size
    assert kinds["declare"] > 0


@pytest.mark.parametrize("path", [NOT_BURIED, EXCHANGE])
def test_pettingzoo_api_test_passes_with_the_agents_choices(path):
    api_test(raw_env(load(path), agent_choices=ALL), num_cycles=300)
