"""Who may overturn or reinforce during the deal (``overturn: when CONDITION`` reading the player
who would overturn, ``reinforce: when CONDITION``): the condition is asked at each declaration over
a standing one, with the facts of that moment (is the player an attacker or a banker, the standing
declarer's partner or opponent, how many overturns so far this deal, how many level cards the
standing declaration shows).  The compiler's words and errors (E328), the offers every player kind
is given, the log and the replay, the sheet's sentence and the JSON form."""

from __future__ import annotations

import json
import random

import pytest
from json_forms import assert_a_field_of_version_4

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.rulings.declaring import asks_each_declaration, declare_turn, may_declare_over
from tractor_rules.errors import ExportError
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules
from tractor_rules.rules import expressions as ex


def declaring(*lines: str, base: str = "two-decks") -> Rules:
    body = "".join(f"  {line}\n" for line in lines)
    return tr.loads(f'extends: "{base}"\ndeclare\n{body}', origin="house.tractor")


def codes_of(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, origin="house.tractor")
    return [(d.line, d.column, d.code) for d in info.value.diagnostics]


# --- the compiler ---------------------------------------------------------------------------------


def test_the_conditions_are_compiled():
    rules = declaring("overturn: when not the declarer's partner",
                      "reinforce: when a banker and declared level cards < 2")
    assert rules.declaring.overturn_in_deal is True
    assert rules.declaring.overturn_in_deal_when == ("not", ("fact", "declarer-partner"))
    assert rules.declaring.reinforce is True and rules.declaring.reinforce_to_retake is False
    assert rules.declaring.reinforce_when == ("all", ("fact", "player-banker"),
                                              ("compare", "<", ("var", "declared-level-cards"), ("num", 2)))
    assert asks_each_declaration(rules)


def test_a_condition_of_the_hand_alone_is_still_asked_once_before_the_deal():
    rules = declaring("overturn: when not the first hand")
    assert not asks_each_declaration(rules)
    assert ex.reads_the_turn(declaring("overturn: when overturns < 1").declaring.overturn_in_deal_when)
    assert not asks_each_declaration(tr.load("two-decks"))


def test_a_plain_reinforce_drops_a_parents_condition(tmp_path):
    (tmp_path / "parent.tractor").write_text('extends: "two-decks"\ndeclare\n  reinforce: when a banker\n')
    assert tr.load(tmp_path / "parent.tractor").declaring.reinforce_when == ("fact", "player-banker")
    (tmp_path / "child.tractor").write_text('extends: "parent.tractor"\ndeclare\n  reinforce: no\n')
    child = tr.load(tmp_path / "child.tractor")
    assert child.declaring.reinforce_when == () and child.declaring.reinforce is False
    (tmp_path / "unset.tractor").write_text('extends: "parent.tractor"\ndeclare\n  unset: reinforce\n')
    assert tr.load(tmp_path / "unset.tractor").declaring == tr.load("two-decks").declaring


def test_the_declarers_partner_needs_fixed_teams_and_an_opponent_never_reinforces():
    assert codes_of('extends: "house-finding-friends"\ndeclare\n  overturn: when the declarer\'s partner\n') == [
        (3, 3, "E328")]
    assert codes_of('extends: "two-decks"\ndeclare\n  reinforce: when the declarer\'s opponent\n') == [
        (3, 3, "E328")]
    # after the kitty too (tests/engine/test_after_kitty_facts.py), with fixed teams only
    assert codes_of('extends: "house-finding-friends"\ndeclare\n  overturn after kitty: when the declarer\'s '
                    'partner\n') == [(3, 3, "E328")]
    rules = tr.loads('extends: "two-decks"\ndeclare\n  overturn after kitty: when the declarer\'s opponent\n')
    assert rules.declaring.overturn_when == ("fact", "declarer-opponent")


@pytest.mark.parametrize("statement", ["in turn: when the declarer's partner", "in turn: when an attacker",
                                       "overturn after kitty: when points held > 10",
                                       "overturn: when points held > 10", "reinforce: when no-trump"])
def test_what_is_not_known_then_is_e212(statement):
    assert [code for _, _, code in codes_of(f'extends: "two-decks"\ndeclare\n  {statement}\n')] == ["E212"]


@pytest.mark.parametrize("condition, seat, declarer, shown, allowed", [
    ("not the declarer's partner", 2, 0, [(0, "2S")], False),
    ("not the declarer's partner", 1, 0, [(0, "2S")], True),
    ("not the declarer's partner", 0, 0, [(0, "2S")], True),  # their own: no partner of their own
    ("the declarer's opponent", 0, 0, [(0, "2S")], False),
    ("the declarer's opponent", 3, 0, [(0, "2S")], True),
    ("overturns < 1", 1, 0, [(0, "2S")], True),
    ("overturns < 1", 2, 1, [(0, "2S"), (1, "2H 2H")], False),
    ("declared level cards = 1", 1, 0, [(0, "2S")], True),
    ("declared level cards = 1", 1, 0, [(0, "SJ SJ")], False),
    ("an attacker", 2, 1, [(1, "2S")], False),  # banker 0: seats 0 and 2 bank
    ("an attacker", 3, 1, [(1, "2S")], True),
])
def test_the_turn_is_judged_by_its_facts(condition, seat, declarer, shown, allowed):
    rules = declaring(f"overturn: when {condition}")
    made = [(s, _cards(rules, c)) for s, c in shown]
    turn = declare_turn(rules, seat, declarer, made, bankers=frozenset({0, 2}), first_hand=False, level="2")
    assert may_declare_over(turn, reinforcing=False) is allowed


def _cards(rules: Rules, text: str) -> tuple:
    from tractor_rules.engine.deck.cards import parse_cards
    return tuple(parse_cards(text, rules.table))


def test_in_the_first_hand_every_player_is_an_attacker_during_the_deal():
    rules = declaring("overturn: when a banker")
    turn = declare_turn(rules, 1, 0, [(0, _cards(rules, "2S"))], bankers=None, first_hand=True, level="2")
    assert turn.attacker and not may_declare_over(turn, reinforcing=False)


# --- whole hands -----------------------------------------------------------------------------------


class Eager(RandomPlayer):
    """A random player that declares whenever it may, with the weakest declaration it is offered
    (so that many declarations are made over others), noting every offer it was given."""

    def __init__(self, seed: int, offered: list):
        super().__init__(seed)
        self.offered = offered

    def declare(self, view, offers):
        self.offered.append((view.seat, list(view.public.declarations), list(offers)))
        return offers[0]


def eager_hands(rules: Rules, seeds: range, banker: int | None = 0) -> tuple[list[dict], list]:
    offered: list = []
    hands = []
    for seed in seeds:
        players = [Eager(seed * 10 + s, offered) for s in range(rules.table.players)]
        hands.append(play_hand(rules, players, random.Random(seed), level="2", banker=banker).to_log())
    return hands, offered


def overturns_of(hands: list[dict]) -> list[tuple[int, int]]:
    """(declarer, overturner) of every declaration of another player over a standing one."""
    out = []
    for hand in hands:
        made = hand["deal_declaring"]["declarations"]
        out += [(made[i - 1][0], made[i][0]) for i in range(1, len(made)) if made[i][0] != made[i - 1][0]]
    return out


def test_nobody_overturns_their_partners_declaration():
    rules = declaring("overturn: when not the declarer's partner")
    hands, _ = eager_hands(rules, range(20))
    pairs = overturns_of(hands)
    assert pairs and all((a - b) % 2 == 1 for a, b in pairs)
    # without the rule, partners do overturn each other with the same players
    free = declaring("overturn: when overturns < 99")
    assert any((a - b) % 2 == 0 for a, b in overturns_of(eager_hands(free, range(20))[0]))


def test_the_overturns_of_the_deal_are_counted():
    rules = declaring("overturn: when overturns < 1")
    hands, _ = eager_hands(rules, range(20))
    counts = [len(pairs) for pairs in (overturns_of([h]) for h in hands)]
    assert max(counts) == 1 and 1 in counts


def test_a_declarer_reinforces_only_while_the_condition_holds():
    rules = declaring("reinforce: when declared level cards < 1")  # never a level card: only jokers
    hands, offered = eager_hands(rules, range(20))
    for seat, shown, offers in offered:
        if shown and shown[-1][0] == seat:
            standing = shown[-1][1]
            face = next((c for c in standing if not c.is_joker), standing[0])
            for offer in offers:
                same = next((c for c in offer.cards if not c.is_joker), offer.cards[0]) == face
                assert not (same and not face.is_joker), (standing, offer.cards)
    free = declaring("reinforce: yes")
    _, offered = eager_hands(free, range(20))
    assert any(shown and shown[-1][0] == seat and any(o.cards[0] == shown[-1][1][0] and not o.cards[0].is_joker
                                                      for o in offers) for seat, shown, offers in offered)


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_every_player_kind_declares_only_what_the_rule_allows(kind):
    rules = declaring("overturn: when not the declarer's partner and overturns < 3",
                      "reinforce: when an attacker")
    hands = []
    for seed in range(6):
        players = make_players(kind, 4, random.Random(seed))
        hands.append(play_hand(rules, players, random.Random(seed), level="2", banker=seed % 4).to_log())
    assert all((a - b) % 2 == 1 for a, b in overturns_of(hands))
    assert replay_log([json.dumps(h) for h in hands], rules) == {}


def test_the_search_player_declares_only_what_the_rule_allows():
    rules = declaring("overturn: when not the declarer's partner")
    players = make_players("search", 4, random.Random(3))
    hand = play_hand(rules, players, random.Random(3), level="2", banker=None).to_log()
    assert hand["deal_declaring"]["first_hand"] is True and hand["deal_declaring"]["banker"] is None
    assert replay_log([json.dumps(hand)], rules) == {}


# --- the log and the replay -----------------------------------------------------------------------


def test_the_log_states_the_deal_and_the_replay_finds_it_clean():
    rules = declaring("overturn: when not the declarer's partner", "reinforce: when an attacker")
    hands, _ = eager_hands(rules, range(10))
    assert all(h["deal_declaring"]["banker"] == 0 and h["deal_declaring"]["level"] == "2" for h in hands)
    assert replay_log([json.dumps(h) for h in hands], rules) == {}
    plain = tr.load("two-decks")
    logged = play_hand(plain, [RandomPlayer(s) for s in range(4)], random.Random(1), level="2", banker=0).to_log()
    assert "deal_declaring" not in logged
    (problems,) = replay_log([json.dumps(dict(logged, deal_declaring=hands[0]["deal_declaring"]))], plain).values()
    assert any("logged, but no rule" in p for p in problems)


def test_the_replay_refuses_a_declaration_the_rule_forbids():
    rules = declaring("overturn: when not the declarer's partner")
    hands, _ = eager_hands(rules, range(20))
    hand = next(h for h in hands if overturns_of([h]))
    made = hand["deal_declaring"]["declarations"]
    i = next(i for i in range(1, len(made)) if made[i][0] != made[i - 1][0])
    forged = [list(m) for m in made]
    forged[i][0] = (made[i - 1][0] + 2) % 4  # the declarer's partner overturned
    bad = dict(hand, deal_declaring=dict(hand["deal_declaring"], declarations=forged))
    (problems,) = replay_log([json.dumps(bad)], rules).values()
    assert any("the rule on who may overturn during the deal does not hold" in p for p in problems)
    cases = {
        "missing, but a rule": {k: v for k, v in hand.items() if k != "deal_declaring"},
        "an object {first_hand": dict(hand, deal_declaring=[]),
        "is not [seat, cards]": dict(hand, deal_declaring=dict(hand["deal_declaring"], declarations=[[9, "2S"]])),
        "but seat": dict(hand, deal_declaring=dict(hand["deal_declaring"], banker=1)),
    }
    for words, forged_hand in cases.items():
        (problems,) = replay_log([json.dumps(forged_hand)], rules).values()
        assert any(words in p for p in problems), (words, problems)


# --- the sheet and the JSON form -------------------------------------------------------------------


def sheet(rules: Rules, lang: str) -> dict[str, str]:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}


def test_the_sheet_says_who_may_overturn_and_reinforce():
    rules = declaring("overturn: when not the declarer's partner")
    assert sheet(rules, "en")["declaring.overturn_in_deal"] == (
        "During the deal a player may not overturn their partner's declaration.")
    assert sheet(rules, "zh")["declaring.overturn_in_deal"].startswith("发牌时，不能反对家的主（")
    opponents = declaring("overturn: when the declarer's opponent")
    assert sheet(opponents, "en")["declaring.overturn_in_deal"] == (
        "During the deal a player may overturn only an opponent's declaration.")
    counted = declaring("overturn: when an attacker and overturns < 2", "reinforce: when declared level cards = 1")
    said = sheet(counted, "en")
    assert said["declaring.overturn_in_deal"] == (
        "During the deal a player may overturn the standing declaration with a stronger one only when the player "
        "is an attacker and the number of overturns so far in this deal is less than 2 (in the game's first hand, "
        "whose banker the declaring finds, every player counts as an attacker).")
    assert said["declaring.reinforce"].endswith(
        "but only when the number of level cards the standing declaration shows is exactly 1.")
    assert "这次发牌中已经反主的次数" in sheet(counted, "zh")["declaring.overturn_in_deal"]


def test_the_conditions_go_through_json_and_version_3_refuses_them():
    rules = declaring("overturn: when not the declarer's partner", "reinforce: when a banker")
    data = rules.to_dict()
    assert data["declaring"]["overturn_in_deal_when"] == ["not", ["fact", "declarer-partner"]]
    assert data["declaring"]["reinforce_when"] == ["fact", "player-banker"]
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
    called = tr.load("house-finding-friends").to_dict()
    called["declaring"]["overturn_in_deal_when"] = ["fact", "declarer-opponent"]
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(called)
    assert [d.code for d in info.value.diagnostics] == ["E328"]
    data["declaring"]["reinforce_to_retake"] = True
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert any("when the declarer may reinforce is given" in d.message for d in info.value.diagnostics)


def test_reinforce_when_is_a_field_of_version_4():
    assert_a_field_of_version_4(declaring("reinforce: when a banker"), "declaring", "reinforce_when",
                                ["fact", "player-banker"])
