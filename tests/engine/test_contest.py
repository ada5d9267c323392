"""The contest for the first trump (``first banker: contest winner`` in ``declare``, 猜拳定主): in
the game's first hand nobody declares during the deal; after it every player plays
rock-paper-scissors, and the winner banks and names trump, a suit of a level card they hold.  The
compiler's words, the phase, the engine and its draws, every kind of player, the log and its
replay, the errors and the lint, the sheet and the JSON form."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.deck.cards import read_cards
from tractor_rules.engine.flow.views import PlayerView, Public
from tractor_rules.engine.game import Match, play_hand
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import SUITS, Rules
from player_kinds import EVERY_KIND

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D34 = tr.load(str(GALLERY / "D34-rock-paper-scissors-for-the-first-trump.tractor"))
TWO_DECKS = tr.load("two-decks")


def contest(extra: str = "") -> Rules:
    return tr.loads(f'extends: "two-decks"\ndeclare\n  first banker: contest winner\n{extra}', origin="house.tractor")


def level_suits(hand, level: str) -> set[str]:
    return {c.suit for c in hand if not c.is_joker and c.rank == level}


def test_the_statement_compiles_to_the_contest_and_its_phase():
    assert D34.declaring.first_banker == "contest"
    assert D34.phases()[:2] == ("deal", "contest")
    assert "contest" not in TWO_DECKS.phases()


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_the_winner_banks_and_names_a_suit_of_a_level_card_it_holds(kind):
    winners: Counter[int] = Counter()
    held_none = 0
    for seed in range(24):
        rng = random.Random(seed)
        record = play_hand(D34, make_players(kind, 4, random.Random(seed)), rng, banker=None)
        assert record.contest is not None
        winner, named = record.contest
        winners[winner] += 1
        assert record.banker == winner
        assert not record.declarations  # nobody declares during the first deal
        dealt = [*record.hands[winner], *record.kitty]  # the winner buried what it took
        if named is None:
            held_none += 1
            assert record.trump_by in ("fallback", "no-trump")
        else:
            assert named in level_suits(dealt, "2") and record.trump == named and record.trump_by == "named"
        entry = record.to_log()
        assert entry["contest"] == {"winner": winner, "named": named}
        assert replay_hand(entry, D34) == []
    assert len(winners) == 4  # everyone plays, everyone can win
    assert held_none < 12


def test_each_kind_of_player_names_one_of_the_suits_offered_the_greedy_ones_their_longest():
    hand = list(read_cards("2S 2H AH KH QH JH 9H 3S 4C"))
    public = Public(D34, 4, 0, "2", None)
    view = PlayerView(1, hand, public)
    for kind in ("greedy", "heuristic", "search"):
        (player,) = make_players(kind, 1, random.Random(0))
        assert player.name_held_trump(view, ("S", "H")) == "H"
        assert player.name_held_trump(view, ("S",)) == "S"
    (rand,) = make_players("random", 1, random.Random(0))
    assert {rand.name_held_trump(view, ("S", "H")) for _ in range(30)} == {"S", "H"}


def test_later_hands_declare_and_draw_no_contest():
    record = play_hand(D34, make_players("greedy", 4, random.Random(1)), random.Random(1), level="2", banker=2)
    assert record.contest is None and record.to_log()["contest"] is None
    plain = play_hand(TWO_DECKS, make_players("greedy", 4, random.Random(1)), random.Random(1), level="2", banker=2)
    assert plain.to_log() | {"contest": None, "ruleset": D34.name} == record.to_log()


def test_the_contest_draws_after_the_deal_which_deals_as_without_it():
    # the same shuffle deals both first hands: the seats that bank in neither hold the same cards
    a = play_hand(TWO_DECKS, make_players("greedy", 4, random.Random(5)), random.Random(5), banker=None)
    b = play_hand(D34, make_players("greedy", 4, random.Random(5)), random.Random(5), banker=None)
    assert "contest" not in a.to_log() and a.redeals == b.redeals == 0
    others = [seat for seat in range(4) if seat not in (a.banker, b.banker)]
    assert others and all(sorted(a.hands[s]) == sorted(b.hands[s]) for s in others)


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_a_game_with_a_contest(kind):
    match = Match(D34, make_players(kind, 4, random.Random(3)), random.Random(3), max_hands=2)
    hands = match.play().hands
    assert hands[0].contest is not None and all(h.contest is None for h in hands[1:])
    assert all(replay_hand(json.dumps(h.to_log()), D34) == [] for h in hands)


def test_a_winner_without_a_level_card_redeals_where_the_first_hand_redeals():
    rules = contest("  first hand nobody declares: redeal\n")
    for seed in range(30):
        record = play_hand(rules, make_players("greedy", 4, random.Random(seed)), random.Random(seed), banker=None)
        assert record.contest is not None and record.contest[1] is not None  # the deal that stood
        assert record.trump == record.contest[1]
        assert replay_hand(record.to_log(), rules) == []


def test_the_replay_checks_the_contest():
    record = play_hand(D34, make_players("greedy", 4, random.Random(0)), random.Random(0), banker=None)
    entry = record.to_log()
    winner, named = record.contest
    wrong = json.loads(json.dumps(entry))
    wrong["contest"]["winner"] = (winner + 1) % 4
    assert any("won the contest and banks" in p for p in replay_hand(wrong, D34))
    wrong = json.loads(json.dumps(entry))
    wrong["contest"]["named"] = "X"
    assert any("names a suit" in p for p in replay_hand(wrong, D34))
    if named is not None:
        other = next(s for s in SUITS if s != named)
        wrong["contest"]["named"] = other
        problems = replay_hand(wrong, D34)
        assert any(f"so trump is {other}" in p for p in problems)
    wrong["contest"] = [winner, named]
    assert any(p.startswith("contest: {") for p in replay_hand(wrong, D34))
    del wrong["contest"]
    assert any("log it" in p for p in replay_hand(wrong, D34))
    entry_plain = json.loads(json.dumps(entry))
    entry_plain["ruleset"] = TWO_DECKS.name
    assert any("no contest" in p for p in replay_hand(entry_plain, TWO_DECKS))


@pytest.mark.parametrize("extra, words", [
    ("  in turn: yes\n", "declaring in turn"),
    ("  ladder: none\n  nobody declares: trump S\n", "ladder: none"),
    ("auction\n  bids: 80 down to 5 by 5\n", "an auction"),
])
def test_a_contest_the_rest_of_the_rules_cannot_play_is_refused(extra, words):
    with pytest.raises(tr.RulesetError) as info:
        contest(extra)
    found = [d for d in info.value.diagnostics if d.code == "E326"]
    assert found and found[0].line == 3 and words in found[0].message


def test_own_levels_with_a_contest_name_the_contest_in_e322():
    with pytest.raises(tr.RulesetError) as info:
        contest("  level cards: each player's own\n")
    assert any(d.code == "E322" and "a contest's winner" in d.message for d in info.value.diagnostics)


def test_statements_about_declaring_during_the_deal_are_warned_of_in_a_game_of_one_hand():
    text = ('extends: "two-decks"\ndeclare\n  first banker: contest winner\n  reinforce: no\n'
            'levels\n  game end: after 1 hands\n')
    found = [(d["line"], d["code"]) for d in facade.lint(text, "house.tractor")["diagnostics"]]
    assert (4, "W117") in found
    more = text.replace("after 1 hands", "after 2 hands")
    assert all(d["code"] != "W117" for d in facade.lint(more, "house.tractor")["diagnostics"])
    kitty = text + 'declare\n  overturn after kitty: yes\n'
    assert all(d["code"] != "W117" for d in facade.lint(kitty, "house.tractor")["diagnostics"])


def test_the_sheet_says_who_contests_and_what_the_winner_names():
    items = {i.key: i for i in build_sheet(D34, "en").items()}
    assert items["declaring.first_banker"].text.startswith(
        "In the first hand there is no banker yet, and nobody declares while the cards are dealt: after the deal, "
        "all the players play rock-paper-scissors")
    assert "holds no level card, they are the banker all the same" in items["declaring.first_fallback"].text
    assert ("In the game's first hand only: after the deal, all the players play rock-paper-scissors; the winner "
            "becomes the banker and names the trump suit, a suit of a level card they hold.") in items["overview.hand"].points
    zh = {i.key: i for i in build_sheet(D34, "zh").items()}
    assert "猜拳" in zh["declaring.first_banker"].text and "级牌" in zh["declaring.first_banker"].text
    redeal = {i.key: i for i in build_sheet(contest("  first hand nobody declares: redeal\n"), "en").items()}
    assert "the contest is played again" in redeal["declaring.first_fallback"].text


def test_the_contest_goes_through_json_and_version_3_refuses_it():
    data = D34.to_dict()
    assert data["declaring"]["first_banker"] == "contest"
    assert tr.Rules.from_dict(data) == D34
    assert rules_to_dict_as(D34, 3) is None
    assert rules_to_dict_as(TWO_DECKS, 3) is not None


@pytest.mark.parametrize("extra", [
    "  overturn after kitty: yes\n",  # an overturner may take the kitty the winner buried
    "  first dealer: highest cut card, suits ♠ > ♥ > ♣ > ♦\n",
    "  redeal: a hand without trumps, a hand without points, if its holder asks\n",
    "  nobody declares: partner names trump\nkitty\n  buried by: the first of the bankers after the declarer\n",
], ids=["overturn-after-kitty", "cut", "weak-hands", "partner-names-and-buries"])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_the_contest_plays_and_replays_with_the_other_rules_of_the_first_hand(extra, kind):
    rules = contest(extra)
    for seed in range(12):
        record = play_hand(rules, make_players(kind, 4, random.Random(seed)), random.Random(seed), banker=None)
        assert record.contest is not None and record.banker == record.contest[0]
        assert replay_hand(json.dumps(record.to_log()), rules) == []
