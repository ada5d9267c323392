"""Gallery F5 (ChannonTian/80fen, docs/RULES.md §C, 上海规则): the follow duties add up.

To a lead, a follower plays (1) as many cards, (2) all of the led suit they can, (3) at least
min(N, M) pairs (N the lead's pairs, M the follower's pairs in the suit) and (4), to a tractor of L
pairs, a tractor of L pairs if their longest tractor is as long (cut out of a longer one), else
their longest tractor when it is shorter (2 <= m < L).  F5's file writes this with one follow list
per tractor length.  ``f5_allows`` below is the source's ``isLegalFollow`` (§S3 ⑤), written from
the source alone (its own card order, §S3 ① ② ③), and the tests check that the compiled rules
accept exactly the plays it accepts: the source's self-test vectors (§S5) and many hands, every
play of each."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

import tractor_rules as tr

ROOT = Path(__file__).resolve().parents[2]
F5 = tr.load(ROOT / "examples" / "house-rules" / "F5-follow-duties-add-up.tractor")

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "D", "C"]
FACES = [r + s for s in SUITS for r in RANKS] + ["SJ", "BJ"]


# --- the source's rules, from the source alone --------------------------------------------------


def rank_of(face: str) -> str:
    return face[:-1]


def eff_suit(face: str, level: str, trump: str | None) -> str:
    """§S3 ① effSuit."""
    if face in ("SJ", "BJ") or rank_of(face) == level:
        return "T"
    if trump is not None and face[-1] == trump:
        return "T"
    return face[-1]


def ord_idx(face: str, level: str, trump: str | None) -> int:
    """§S3 ② ordIdx (comparable within one effective suit only)."""
    if face == "BJ":
        return 15
    if face == "SJ":
        return 14
    if rank_of(face) == level:
        if trump is None:
            return 13
        return 13 if face[-1] == trump else 12
    return [r for r in RANKS if r != level].index(rank_of(face))


def count_pairs(faces: list[str]) -> int:
    """§S3 ⑤ countPairsIn: identical cards two by two, adjacent or not."""
    return sum(n // 2 for n in Counter(faces).values())


def longest_tractor(faces: list[str], level: str, trump: str | None) -> int:
    """The longest tractor of §S3 ③ decompose (layer 0 holds it: one pair per ordIdx, runs of
    ordIdx one apart); 0 without one."""
    held = sorted({ord_idx(f, level, trump) for f, n in Counter(faces).items() if n >= 2})
    best, run, prev = 0, 0, None
    for o in held:
        run = run + 1 if prev is not None and o == prev + 1 else 1
        prev = o
        if run >= 2:
            best = max(best, run)
    return best


def f5_allows(hand: list[str], lead: list[str], play: list[str], level: str, trump: str | None,
              lead_tractor: int = 0) -> bool:
    """§S3 ⑤ isLegalFollow (strictTractorFollow and partialTractorFollow on, as the source's
    defaults). ``lead_tractor``: the lead's length if it is one tractor, else 0."""
    if len(play) != len(lead) or Counter(play) - Counter(hand):
        return False
    suit = eff_suit(lead[0], level, trump)
    suit_in_hand = [f for f in hand if eff_suit(f, level, trump) == suit]
    chosen_in_suit = [f for f in play if eff_suit(f, level, trump) == suit]
    if len(chosen_in_suit) != min(len(lead), len(suit_in_hand)):
        return False
    need = count_pairs(lead)
    if need > 0 and count_pairs(chosen_in_suit) < min(need, count_pairs(suit_in_hand)):
        return False
    if lead_tractor:
        m = longest_tractor(suit_in_hand, level, trump)
        cm = longest_tractor(chosen_in_suit, level, trump)
        if m >= lead_tractor and cm < lead_tractor:
            return False
        if 2 <= m < lead_tractor and cm < m:
            return False
    return True


# --- the compiled rules --------------------------------------------------------------------------


def accepts(ctx, hand, lead, play) -> bool:
    return ctx.follow_error(" ".join(hand), " ".join(lead), " ".join(play)) is None


def plays_of(hand: list[str], size: int):
    """Every play of ``size`` cards from ``hand``, each multiset once."""
    counts = sorted(Counter(hand).items())
    faces = [f for f, _ in counts]
    for takes in itertools.product(*(range(n + 1) for _, n in counts)):
        if sum(takes) == size:
            yield [f for f, k in zip(faces, takes) for _ in range(k)]


# --- the source's self-test vectors (§S5 跟牌义务; T = ♠ trump at level 2) ----------------------

T = {"level": "2", "trump": "S"}

VECTORS = [
    # (lead, hand, play, legal)
    ("10H 10H", "9H 9H 3H 4D 5S", "3H 9H", False),  # 门内有对必对
    ("10H 10H", "9H 9H 3H 4D 5S", "9H 9H", True),
    ("10H 10H", "3H 7H 4D", "3H 7H", True),  # no pair: two singles
    ("10H 10H", "3H 4D 9D", "3H 4D", True),  # one heart: all of it
    ("10H 10H", "3H 4D 9D", "4D 9D", False),  # a heart hidden
    ("10H 10H", "4D 9D 3C", "4D 3C", True),  # void: anything
    ("10H 10H JH JH", "5H 5H 6H 6H KH KH 3H 2D", "5H 5H KH KH", False),  # 有拖拉机必须跟
    ("10H 10H JH JH", "5H 5H 6H 6H KH KH 3H 2D", "5H 5H 6H 6H", True),
    ("10H 10H JH JH", "5H 5H 6H 6H 7H 7H 3D", "5H 5H 6H 6H", True),  # cut out of a longer one
    ("10H 10H JH JH", "5H 5H 6H 6H 7H 7H 3D", "5H 5H 7H 7H", False),  # not adjacent
    # a tractor of three pairs led; only a tractor of two held: it must come too (partial on)
    ("8H 8H 9H 9H 10H 10H", "3H 3H 4H 4H 6H 6H QH QH", "3H 3H 6H 6H QH QH", False),
    ("8H 8H 9H 9H 10H 10H", "3H 3H 4H 4H 6H 6H QH QH", "3H 3H 4H 4H 6H 6H", True),
    ("8H 8H 9H 9H 10H 10H", "3H 3H 4H 4H 8H 5S 6S", "3H 3H 4H 4H 8H 5S", True),  # five hearts: all
    ("10H 10H", "5H 5H 9H 9H 3H", "5H 3H", False),  # must = min(1, 2) = 1
    ("10H 10H", "5H 5H 9H 9H 3H", "5H 5H", True),
    ("10H 10H", "5H 6H 7H 8H 9H 3S", "5H 6H", True),  # min(lead, suit) cards
    ("10H 10H", "5H 6H 7H 8H 9H 3S", "5H 3S", False),  # not a trump while hearts are held
]


@pytest.mark.parametrize("lead,hand,play,legal", VECTORS)
def test_the_sources_self_test_vectors(lead, hand, play, legal):
    ctx = F5.context(**T)
    lead_cards, hand_cards, play_cards = lead.split(), hand.split(), play.split()
    length = len(lead_cards) // 2 if ctx.is_tractor(lead) else 0
    assert f5_allows(hand_cards, lead_cards, play_cards, "2", "S", length) is legal
    assert accepts(ctx, hand_cards, lead_cards, play_cards) is legal


def test_the_duties_add_up_where_two_decks_picks_one():
    """A tractor of three pairs led, the follower holding a tractor of two and a loose pair: the
    source asks both (the tractor and three pairs in all); two-decks asks three pairs, any."""
    lead, hand = "8H 8H 9H 9H 10H 10H", "3H 3H 4H 4H QH QH 6H 7D"
    tractor_and_pair = "3H 3H 4H 4H QH QH"
    three_pairs_cut = "3H 3H QH QH 4H 6H"
    ctx = F5.context(**T)
    assert accepts(ctx, hand.split(), lead.split(), tractor_and_pair.split())
    assert not accepts(ctx, hand.split(), lead.split(), three_pairs_cut.split())
    # the tractor alone is not enough either: the third pair is owed
    assert not accepts(ctx, hand.split(), lead.split(), "3H 3H 4H 4H QH 6H".split())
    two = tr.load("two-decks").context(**T)
    assert accepts(two, hand.split(), lead.split(), tractor_and_pair.split())
    refusal = two.follow_refusal(hand, lead, "3H 3H 4H 4H QH 6H")
    assert refusal is not None and refusal.code == "shape"


def test_a_trump_tractor_through_the_level_cards():
    """♠ trump at level 2: ♠A♠A ♥2♥2 ♦2♦2 ♠2♠2 hold a tractor of three pairs (A, other 2s, ♠2; the
    second pair of other 2s stands apart, §S5 牌型), so to a tractor of four trump pairs it must
    come, with the ♦2♦2 as the fourth pair."""
    ctx = F5.context(**T)
    lead = "5S 5S 6S 6S 7S 7S 8S 8S".split()
    hand = "AS AS 2H 2H 2D 2D 2S 2S 3S KH".split()
    assert longest_tractor(hand, "2", "S") == 3
    assert ctx.is_tractor("AS AS 2H 2H 2S 2S")
    for play in plays_of(hand, 8):
        assert accepts(ctx, hand, lead, play) is f5_allows(hand, lead, play, "2", "S", 4), play
    assert accepts(ctx, hand, lead, "AS AS 2H 2H 2D 2D 2S 2S".split())
    assert not accepts(ctx, hand, lead, "AS AS 2H 2H 2D 2D 3S KH".split())  # hearts are no trumps


# --- many hands, every play ----------------------------------------------------------------------


def suit_faces(suit: str, level: str, trump: str | None) -> list[str]:
    return [f for f in FACES if eff_suit(f, level, trump) == suit]


def a_tractor(rng: random.Random, suit: str, level: str, trump: str | None, length: int) -> list[str] | None:
    """A tractor of ``length`` pairs in ``suit``: a run of ordIdx, a face for each."""
    by_ord: dict[int, list[str]] = {}
    for f in suit_faces(suit, level, trump):
        by_ord.setdefault(ord_idx(f, level, trump), []).append(f)
    starts = [o for o in by_ord if all(o + i in by_ord for i in range(length))]
    if not starts:
        return None
    start = rng.choice(starts)
    return [f for i in range(length) for f in [rng.choice(by_ord[start + i])] * 2]


def a_case(rng: random.Random):
    level = rng.choice(RANKS)
    trump = rng.choice([None, "S", "H", "D", "C"])
    suit = rng.choice(["T", "T", *[s for s in SUITS if s != trump]])
    length = rng.choice([2, 2, 3, 3, 4, 5])
    lead = a_tractor(rng, suit, level, trump, length)
    if lead is None:
        return None
    # the follower: cards of the suit the lead leaves (two decks: no copy of a led card is left),
    # often in pairs, and a card or two of other suits
    free = [f for f in suit_faces(suit, level, trump) if f not in lead]
    rng.shuffle(free)
    hand: list[str] = []
    target = rng.randint(len(lead) - 1, len(lead) + 5)
    for f in free:
        if len(hand) >= target:
            break
        hand += [f] * (2 if rng.random() < 0.6 else 1)
    others = [f for f in FACES if eff_suit(f, level, trump) != suit]
    hand += rng.sample(others, rng.randint(0, 2))
    return level, trump, lead, length, hand


def test_every_play_of_many_hands_is_judged_as_the_source_judges_it():
    rng = random.Random(25)
    judged = disagree = 0
    seen_kinds: Counter = Counter()
    cases = 0
    while cases < 300:
        case = a_case(rng)
        if case is None:
            continue
        level, trump, lead, length, hand = case
        ctx = F5.context(level=level, trump=trump)
        assert ctx.is_tractor(" ".join(lead)), lead  # the same tractors as the source's
        cases += 1
        suit = eff_suit(lead[0], level, trump)
        held = [f for f in hand if eff_suit(f, level, trump) == suit]
        m = longest_tractor(held, level, trump)
        seen_kinds["short of the suit" if len(held) <= len(lead)
                   else "as long" if m >= length else "shorter tractor" if m >= 2 else "no tractor"] += 1
        for play in plays_of(hand, len(lead)):
            judged += 1
            want = f5_allows(hand, lead, play, level, trump, length)
            if accepts(ctx, hand, lead, play) is not want:
                disagree += 1
                pytest.fail(f"level {level}, trump {trump}: lead {lead}, hand {hand}, play {play}: "
                            f"the source says {'legal' if want else 'illegal'}")
    assert disagree == 0
    assert judged > 30000
    # every branch of the tractor duty was met
    assert all(seen_kinds[k] >= 5 for k in ("short of the suit", "as long", "shorter tractor", "no tractor")), seen_kinds


def test_a_pair_led_and_a_throw_without_a_tractor_as_the_source_says():
    """Duty 3 alone: to a pair, and to a throw of pairs and singles with no tractor in it."""
    rng = random.Random(5)
    cases = 0
    while cases < 60:
        level = rng.choice(RANKS)
        trump = rng.choice([None, "S", "H"])
        suit = rng.choice([s for s in SUITS if s != trump])
        faces = [f for f in suit_faces(suit, level, trump)]
        rng.shuffle(faces)
        kind = rng.choice(["pair", "throw"])
        if kind == "pair":
            lead = [faces[0]] * 2
        else:  # two pairs that do not touch and a single
            a, b = faces[0], next((f for f in faces[1:] if abs(ord_idx(f, level, trump) - ord_idx(faces[0], level, trump)) > 1), None)
            if b is None:
                continue
            lead = [a, a, b, b, rng.choice([f for f in faces if f not in (a, b)])]
        ctx = F5.context(level=level, trump=trump)
        if kind == "throw":
            assert not ctx.is_tractor(" ".join(lead[:4]))
        free = [f for f in faces if f not in lead]
        hand: list[str] = []
        for f in free[: rng.randint(2, 7)]:
            hand += [f] * (2 if rng.random() < 0.5 else 1)
        hand += rng.sample([f for f in FACES if eff_suit(f, level, trump) != suit], 2)
        cases += 1
        for play in plays_of(hand, len(lead)):
            assert accepts(ctx, hand, lead, play) is f5_allows(hand, lead, play, level, trump), (lead, hand, play)


def test_a_throw_holding_a_tractor_asks_only_its_pairs():
    """To a throw holding a tractor the source counts only its pairs: the file's `other leads: as
    many sets as the lead` counts the tractor's pairs and asks no tractor, as the source does."""
    ctx = F5.context(level="2", trump="S")
    lead = "QH QH JH JH 8H".split()  # a tractor of two pairs and a single, thrown
    hand = "5H 5H 6H 6H 9H 9H 3H 4D".split()
    for play in ("5H 5H 9H 9H 3H", "5H 5H 6H 6H 3H"):  # two pairs, a tractor or not
        assert f5_allows(hand, lead, play.split(), "2", "S")
        assert accepts(ctx, hand, lead, play.split())
    for play in ("5H 5H 9H 6H 3H", "5H 9H 6H 3H 4D"):  # a pair short: refused by both
        assert not f5_allows(hand, lead, play.split(), "2", "S")
        assert not accepts(ctx, hand, lead, play.split())


def test_the_same_hands_tell_two_decks_apart():
    """The check above has teeth: two-decks' own list (a tractor, else as many pairs as the lead,
    else pairs) is refused by the source on some of the same hands."""
    two = tr.load("two-decks")
    rng = random.Random(25)
    cases = disagree = 0
    while cases < 300:
        case = a_case(rng)
        if case is None:
            continue
        level, trump, lead, length, hand = case
        ctx = two.context(level=level, trump=trump)
        cases += 1
        disagree += sum(accepts(ctx, hand, lead, play) is not f5_allows(hand, lead, play, level, trump, length)
                        for play in plays_of(hand, len(lead)))
    assert disagree > 20


def long_play(rng: random.Random, held: list[str], size: int, level: str, trump: str | None) -> list[str]:
    """A play of ``size`` cards of ``held``: a run of adjacent pairs (any length), pairs, singles."""
    pairs = sorted({f for f, n in Counter(held).items() if n >= 2}, key=lambda f: ord_idx(f, level, trump))
    play: list[str] = []
    if pairs and rng.random() < 0.7:
        start = rng.randrange(len(pairs))
        run = [pairs[start]]
        for f in pairs[start + 1:]:
            if ord_idx(f, level, trump) == ord_idx(run[-1], level, trump) + 1 and rng.random() < 0.85:
                run.append(f)
            elif ord_idx(f, level, trump) > ord_idx(run[-1], level, trump):
                break
        for f in run[: size // 2]:
            play += [f, f]
    left = Counter(held) - Counter(play)
    for f in rng.sample(sorted(left), len(left)):
        if len(play) + 2 <= size and left[f] >= 2 and rng.random() < 0.6:
            play += [f, f]
    rest = list((Counter(held) - Counter(play)).elements())
    rng.shuffle(rest)
    return play + rest[: size - len(play)]


def test_long_tractors_in_trumps():
    """Tractors of six to twelve pairs (a hand of 25 leads at most 12), led in trumps, where the
    level cards and jokers make the longest runs: sampled plays, each built round a run of pairs."""
    rng = random.Random(16)
    cases = judged = legal = 0
    while cases < 40:
        level = rng.choice(RANKS)
        trump = rng.choice(SUITS)
        length = rng.choice([6, 6, 7, 7, 8, 9, 12])
        lead = a_tractor(rng, "T", level, trump, length)
        if lead is None:
            continue
        free = [f for f in suit_faces("T", level, trump) if f not in lead]
        hand = [f for f in free for _ in range(2 if rng.random() < 0.8 else 1)]
        rng.shuffle(hand)
        hand = hand[: rng.randint(len(lead) - 2, 22) if rng.random() < 0.2 else 22]
        hand += rng.sample([f for f in FACES if eff_suit(f, level, trump) != "T"], 25 - len(hand))
        ctx = F5.context(level=level, trump=trump)
        assert ctx.is_tractor(" ".join(lead))
        cases += 1
        held = [f for f in hand if eff_suit(f, level, trump) == "T"]
        for _ in range(60):
            play = long_play(rng, held, len(lead), level, trump) if len(held) > len(lead) else \
                held + rng.sample([f for f in hand if f not in held], len(lead) - len(held))
            judged += 1
            want = f5_allows(hand, lead, play, level, trump, length)
            legal += want
            assert accepts(ctx, hand, lead, play) is want, (level, trump, lead, hand, play)
    assert judged == 2400 and legal > 100


def test_the_lists_reach_every_length_a_follower_can_be_held_to():
    """The file's lists go to 8 pairs. A suit holds at most 36 cards (the trumps: the trump suit, the
    other level cards and the jokers), so to a tractor of 9 pairs or more (18 cards of the suit) no
    follower holds more of it than the lead: each plays all of theirs, which every list allows."""
    largest = max(2 * len(suit_faces(suit, level, trump)) for level in RANKS for trump in [None, *SUITS]
                  for suit in ["T", *SUITS] if suit != trump)
    assert largest == 36
    assert largest - 2 * 9 <= 2 * 9 and largest - 2 * 8 > 2 * 8
    labels = sorted(fl.lead.label for fl in F5.following.lists)
    assert labels == sorted(["pair"] + [f"tractor of {n} pairs" for n in range(2, 9)])
    # the longest tractor two decks make, 16 trump pairs, is a lead all the same
    ctx = F5.context(level="2", trump="S")
    longest = [f for r in RANKS[1:] for f in [r + "S"] * 2] + ["2H", "2H", "2S", "2S", "SJ", "SJ", "BJ", "BJ"]
    assert len(longest) == 32 and ctx.is_tractor(" ".join(longest))
