"""Free bombs (``exempt: bombs from following suit``) through the one follow check, the winner and the
replay; who may stop a throw as a condition (``throw stopped by: ... when ...``), today's values
its sugar."""

from __future__ import annotations

import json
import random

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from json_forms import assert_a_field_of_version_4
from test_game import Thrower  # the game tests' player that throws its longest side suit

FREE = 'extends: "four-decks"\ncombinations\n  bombs: 4+ identical cards\nfollow\n  exempt: bombs from following suit\n'
PLAIN = 'extends: "four-decks"\ncombinations\n  bombs: 4+ identical cards\n'


def test_a_free_bomb_may_be_played_instead_of_following():
    lead, hand, bomb = "AS AS KS KS", "3H 3H 3H 3H 5S 6S 7S 8S", "3H 3H 3H 3H"
    free = tr.loads(FREE).context("10", "D")
    plain = tr.loads(PLAIN).context("10", "D")
    assert free.follow_error(hand, lead, bomb) is None
    assert plain.follow_refusal(hand, lead, bomb).code == "all-of-suit"
    # a play that is no bomb still follows as before
    assert free.follow_refusal(hand, lead, "3H 3H 3H 5S").code == "all-of-suit"
    longer = hand + " 9S"  # more spades than the lead: the suit only, but for the bomb
    assert free.follow_error(longer, lead, bomb) is None
    assert plain.follow_refusal(longer, lead, bomb).code == "suit-only"


def test_a_free_bomb_wins_from_any_suit():
    free = tr.loads(FREE).context("10", "D")
    plain = tr.loads(PLAIN).context("10", "D")
    follows = ["5S 6S 7S 8S", "3H 3H 3H 3H", "9S 9S JS QS"]
    assert free.winner("AS AS KS KS", follows) == 2
    assert plain.winner("AS AS KS KS", follows) == 0


def test_the_exemption_is_a_field_of_version_4_and_round_trips():
    assert_a_field_of_version_4(tr.loads(FREE), "following", "exempt", ["bombs-from-suit"])


def _hands_replay_clean(rules: tr.Rules, hands: int = 6) -> None:
    for seed in range(hands):
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 8 + i) if i % 2 else Thrower(rng.random())
                   for i in range(rules.table.players)]
        record = play_hand(rules, players, rng, level="2", banker=rng.randrange(rules.table.players))
        assert replay_hand(record.to_log(), rules) == []


def test_free_bomb_hands_replay_clean():
    _hands_replay_clean(tr.loads(FREE))


# --- who may stop a throw ---------------------------------------------------------------------------

HOUSE = 'extends: "two-decks"\nlead\n  throw stopped by: {}\n'


def test_the_words_of_today_are_conditions():
    opponents = tr.loads(HOUSE.format("opponents")).leading
    assert opponents.stopper_condition() == ("fact", "thrower-opponent")
    assert tr.loads(HOUSE.format("any other player")).leading.stopper_condition() == ()
    written = tr.loads(HOUSE.format("any other player when the thrower's opponent")).leading
    assert written.throw_stoppers_when == ("fact", "thrower-opponent")
    assert written.stopper_condition() == opponents.stopper_condition()


def test_a_written_condition_decides_as_the_word_it_spells():
    """``opponents`` and ``any other player when the thrower's opponent`` hold every throw to the same
    plays, over random throws and hands (seated teams: the partner is other_hands[1])."""
    word = tr.loads(HOUSE.format("opponents")).context("2", "H")
    cond = tr.loads(HOUSE.format("any other player when the thrower's opponent")).context("2", "H")
    deck = [f"{r}S" for r in "3456789JQKA" for _ in range(2)] + ["10S", "10S"]
    rng = random.Random(5)
    for _ in range(200):
        rng.shuffle(deck)
        throw = " ".join(sorted(set(deck[:4]), key=deck.index))
        others = [" ".join(deck[4 + 5 * i: 9 + 5 * i]) for i in range(3)]
        barred = cond.throw_stoppers_barred(0, [1, 2, 3], {1, 3})
        assert barred == [1]
        assert cond.throw_options(throw, others, partners=(), barred=barred) == word.throw_options(throw, others)


def test_only_attackers_stop_a_throw():
    ctx = tr.loads(HOUSE.format("any other player when an attacker")).context("10", "H")
    # seat 0 banks with seat 2; seat 2 (other_hands[1]) holds the only spade that beats the 9
    throw, others = "9S 8S 8S", ["3C", "JS 2D", "4C"]
    barred = ctx.throw_stoppers_barred(0, [1, 2, 3], {0, 2})
    assert barred == [1]
    assert ctx.throw_options(throw, others, partners=(), barred=barred) == []
    assert tr.load("two-decks").context("10", "H").throw_options(throw, others) != []


def test_condition_hands_replay_clean():
    _hands_replay_clean(tr.loads(HOUSE.format("the first player who can when a banker")
                                 + "  failed throw: shortest beaten part\n"))


def test_throw_condition_is_a_field_of_version_4():
    assert_a_field_of_version_4(tr.loads(HOUSE.format("any other player when an attacker")), "leading",
                                "throw_stoppers_when", ["fact", "player-attacker"])


# --- tractors kept whole ----------------------------------------------------------------------------

KEPT = 'extends: "two-decks"\nfollow\n  exempt: tractors from breaking\n'


def test_a_tractor_need_not_be_broken_for_a_pair():
    kept = tr.loads(KEPT).context("10", "H")
    plain = tr.load("two-decks").context("10", "H")
    hand = "2S 3S QS QS KS KS 4C"
    assert kept.follow_error(hand, "AS AS", "2S 3S") is None
    assert plain.follow_refusal(hand, "AS AS", "2S 3S").code == "shape"
    assert kept.follow_error(hand, "AS AS", "QS QS") is None  # breaking it is allowed
    # a pair outside the tractor is still owed; the suit still comes first
    assert kept.follow_refusal(hand + " 9S 9S", "AS AS", "2S 3S").code == "shape"
    assert kept.follow_refusal("QS QS KS KS 4C", "AS AS", "QS 4C").code == "suit-only"


def test_a_tractor_lead_still_draws_a_tractor():
    kept = tr.loads(KEPT).context("10", "H")
    assert kept.follow_refusal("2S 3S 5S QS QS KS KS", "7S 7S 8S 8S", "2S 3S 5S QS").code == "shape"


def test_tractors_kept_is_a_field_of_version_4_and_hands_replay_clean():
    rules = tr.loads(KEPT)
    assert_a_field_of_version_4(rules, "following", "exempt", ["tractors-from-breaking"])
    _hands_replay_clean(rules)


def _bombs_in_place_of_following(rules: tr.Rules, kind: str, hands: int) -> list[int]:
    """The points of each trick won by a bomb of another suit than the lead's, played by a player
    holding the led suit, in ``hands`` hands of ``kind`` players (each hand replayed clean)."""
    from tractor_rules.engine.players.kinds import make_players
    from tractor_rules.engine.rulings.tricks import is_bomb

    won = []
    for seed in range(hands):
        record = play_hand(rules, make_players(kind, 4, random.Random(seed)), random.Random(seed), level="5",
                           banker=seed % 4)
        assert replay_hand(json.dumps(record.to_log()), rules) == []
        order = rules.context(record.level, record.trump).order
        held = [list(cards) for cards in record.hands]  # each seat's cards as the tricks began
        for trick in record.tricks:
            suit = order.suit_of[trick.plays[0][0]]
            for offset, play in enumerate(trick.plays):
                seat = (trick.leader + offset) % 4
                if (offset and seat == trick.winner and is_bomb(order, tuple(play)) and order.suit_of[play[0]] != suit
                        and any(order.suit_of[c] == suit for c in held[seat])):
                    won.append(trick.points)
                for c in play:
                    held[seat].remove(c)
    return won


def test_the_heuristic_player_bombs_a_trick_worth_it_instead_of_following():
    won = _bombs_in_place_of_following(tr.loads(FREE, origin="f.tractor"), "heuristic", 30)
    assert won, "no trick won by a free bomb"
    assert all(points > 0 for points in won), won  # a bomb is kept for a trick with points
