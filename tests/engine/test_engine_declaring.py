"""RULES.md §5: declarations and the trump when nobody declares."""

from dataclasses import replace

import pytest
from engine_variants import three_decks

from tractor_rules.engine import NoTrumpFromKitty
from tractor_rules.rules import DeclareStep, Declaring, Fallback, Rules


def test_two_deck_ladder():
    rules = Rules()
    one = rules.declaration("10H", "10")
    two = rules.declaration("10S 10S", "10")
    small = rules.declaration("SJ SJ", "10")
    big = rules.declaration("BJ BJ", "10")
    assert (one.strength, one.trump) == (0, "H")
    assert (two.strength, two.trump) == (1, "S")
    assert (small.strength, small.trump) == (2, None)
    assert (big.strength, big.trump) == (3, None)
    assert one.strength < two.strength < small.strength < big.strength


@pytest.mark.parametrize("cards", ["SJ", "BJ", "9H", "10H 10S", "SJ BJ", "10H 10H 10H"])
def test_not_declarations(cards):
    rules = three_decks()  # three decks so that three 10s can be written
    assert rules.declaration(cards, "10") is None


def test_three_deck_ladder_jokers_of_either_kind():
    ladder = (DeclareStep(1, "level"), DeclareStep(2, "level"), DeclareStep(2, "joker"),
              DeclareStep(3, "level"), DeclareStep(3, "joker"))
    base = three_decks()
    rules = replace(base, declaring=replace(base.declaring, ladder=ladder))
    assert rules.declaration("SJ SJ", "10").strength == rules.declaration("BJ BJ", "10").strength == 2
    assert rules.declaration("10D 10D 10D", "10").strength == 3
    assert rules.declaration("BJ BJ BJ", "10").strength == 4


def test_suit_order_breaks_ties():
    rules = replace(Rules(), declaring=Declaring(suit_order=("D", "C", "H", "S")))
    spades = rules.declaration("10S 10S", "10")
    clubs = rules.declaration("10C 10C", "10")
    assert spades.strength == clubs.strength and spades.key > clubs.key


def fallback(**kw):
    return replace(Rules(), declaring=Declaring(fallback=Fallback(**kw)))


def test_kitty_card_3_skipping_jokers_to_card_7():
    rules = Rules()
    assert rules.fallback_trump("2S 3H 4D 5C 6S 7H 8D 9C", "10") == "D"
    assert rules.fallback_trump("2S 3H BJ SJ 5D 6C 7C 8C", "10") == "D"
    assert rules.fallback_trump("2S 3H BJ SJ BJ SJ 7C 8C", "10") == "C"
    short = fallback(kind="kitty-card", card=3, skip_to=5)
    assert short.fallback_trump("2S 3H BJ SJ BJ 6C 7C 8C", "10") is None


def test_seed_001_third_card_joker_means_no_trump():
    rules = fallback(kind="kitty-card", card=3, skip_to=0)
    assert rules.fallback_trump("2S 3H BJ 4D 5C 6S 7H 8D", "10") is None
    assert rules.fallback_trump("2S 3H 4D BJ 5C 6S 7H 8D", "10") == "D"


def test_redeal_and_partner_names_cannot_come_from_the_kitty():
    with pytest.raises(NoTrumpFromKitty) as err:
        fallback(kind="redeal").fallback_trump("2S 3H 4D", "10")
    assert err.value.kind == "redeal"
    with pytest.raises(NoTrumpFromKitty) as err:
        fallback(kind="partner-names").fallback_trump("2S 3H 4D", "10")
    assert err.value.kind == "partner-names"
    with pytest.raises(NoTrumpFromKitty):
        fallback(kind="kitty-card", card=1, skip_to=0, otherwise="redeal").fallback_trump("BJ 3H", "10")


def test_level_card_highest_card_and_no_trump():
    assert fallback(kind="level-card").fallback_trump("2S 10H 10C", "10") == "H"
    assert fallback(kind="level-card").fallback_trump("2S 3H", "10") is None
    assert fallback(kind="highest-card").fallback_trump("2S KH AD AC BJ", "10") == "D"
    assert fallback(kind="highest-card").fallback_trump("2S AH 10C", "10") == "C"
    assert fallback(kind="no-trump").fallback_trump("2S 3H", "10") is None


def ways(text: str) -> Rules:
    """The rules of ``nobody declares: <text>`` over the two-deck ruleset (a kitty of 8)."""
    import tractor_rules as tr

    return tr.loads(f'extends: "two-decks"\ndeclare\n  nobody declares: {text}\n')


def test_skipping_jokers_back_towards_the_first_card():
    back = ways("kitty card 8, skip jokers back to card 1")
    assert back.fallback_trump("2S 3H 4D 5C 6S 7H 8D 9C", "10") == "C"
    assert back.fallback_trump("2S 3H 4D 5C 6S 7H BJ SJ", "10") == "H"  # the source's third example
    assert back.fallback_trump("2S 3H 4D 5C BJ BJ SJ SJ", "10") == "C"
    assert ways("kitty card 8, skip jokers back to card 5").fallback_trump("2S 3H 4D 5C BJ BJ SJ SJ", "10") is None
    short = ways("kitty card 8, skip jokers back to card 6, otherwise redeal")
    assert short.fallback_trump("2S 3H 4D 5C 6S 7H BJ SJ", "10") == "H"
    with pytest.raises(NoTrumpFromKitty):
        short.fallback_trump("2S 3H 4D 5C 6S SJ BJ SJ", "10")


def test_the_first_level_card_or_joker_decides():
    rules = ways("first level card or joker in kitty")
    assert rules.fallback_trump("2S 10H BJ 10C", "10") == "H"
    assert rules.fallback_trump("2S SJ 10H 10C", "10") is None  # the joker comes first: no-trump
    assert rules.fallback_trump("2S 3H 4D 5C", "10") is None    # neither: the otherwise, no-trump


def test_ways_are_tried_in_turn_until_one_finds_a_suit():
    rules = ways("first level card or joker in kitty, otherwise highest kitty card")
    assert rules.fallback_trump("2S KH 3D AC 5C 6S 7H 8D", "10") == "C"  # no level card nor joker: the ace
    assert rules.fallback_trump("2S KH 3D AC 10D 6S 7H 8D", "10") == "D"
    chain = ways("first level card in kitty, otherwise kitty card 8, skip jokers back to card 5, otherwise redeal")
    assert chain.fallback_trump("2S 3H 10D 5C 6S 7H 8D 9C", "10") == "D"
    assert chain.fallback_trump("2S 3H 4D 5C 6S 7H 8D SJ", "10") == "D"
    with pytest.raises(NoTrumpFromKitty) as err:
        chain.fallback_trump("2S 3H 4D 5C BJ BJ SJ SJ", "10")
    assert err.value.kind == "redeal"


@pytest.mark.parametrize(("text", "column", "words"), [
    ("otherwise redeal", 20, "comes before any 'otherwise'"),
    ("highest kitty card, first level card in kitty", 40, "begin with 'otherwise'"),
    ("kitty card 3, skip jokers to card 2", 54, "must come after it"),
    ("kitty card 3, skip jokers back to card 5", 59, "must come before it"),
    ("first level card in kitty, skip jokers to card 4", 47, "goes right after the kitty card"),
    ("redeal, otherwise no-trump", 20, "always decides"),
    ("partner names trump, otherwise highest kitty card", 20, "always decides"),
])
def test_a_list_of_ways_out_of_order_is_e206_where_it_goes_wrong(text, column, words):
    import tractor_rules as tr

    with pytest.raises(tr.RulesetError) as info:
        ways(text)
    (d,) = info.value.diagnostics
    assert (d.line, d.column, d.code) == (3, column, "E206")
    assert words in d.message


def test_todays_forms_compile_as_they_did():
    assert ways("kitty card 3, skip jokers to card 7, otherwise redeal").declaring.fallback == \
        Fallback("kitty-card", 3, 7, "redeal")
    assert ways("first level card in kitty, otherwise redeal").declaring.fallback == Fallback("level-card", 0, 0, "redeal")
    assert ways("kitty card 2").declaring.fallback == Fallback("kitty-card", 2, 0, "no-trump")
    assert ways("kitty card 2").declaring.fallback_then == ()


def test_four_deck_ladder_seed_001():
    from engine_variants import four_decks

    ladder = tuple(DeclareStep(n, kind) for n in (1, 2, 3, 4)
                   for kind in (("level",) if n == 1 else ("level", "small-joker", "big-joker")))
    base = four_decks()
    rules = replace(base, declaring=replace(base.declaring, ladder=ladder))
    order = ["10H", "10H 10H", "SJ SJ", "BJ BJ", "10C 10C 10C", "SJ SJ SJ", "BJ BJ BJ", "10S 10S 10S 10S",
             "SJ SJ SJ SJ", "BJ BJ BJ BJ"]
    strengths = [rules.declaration(cards, "10").strength for cards in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(order)
    assert rules.declaration("10S 10S 10S 10S", "10").trump == "S"
    assert rules.declaration("BJ BJ BJ BJ", "10").trump is None


# --- nobody declares: 'ladder: none' --------------------------------------------------------------


def test_a_fixed_suit_is_trump_in_every_hand_and_nobody_declares():
    import json

    import tractor_rules as tr
    from tractor_rules.engine.records.replay import replay_log
    from tractor_rules.engine.records.simulate import simulate

    rules = tr.loads('extends: "two-decks"\ndeclare\n  ladder: none\n  nobody declares: trump ♥\n')
    assert rules.declaring.ladder == () and rules.declaring.fallback == Fallback("suit", 0, 0, suit="H")
    assert rules.declaration("10H", "10") is None  # no step: no declaration
    lines = [r.log_line for r in simulate(rules, 40, seed=2, players="random,greedy", log=True)]
    entries = [json.loads(line) for line in lines]
    assert {e["trump"] for e in entries} == {"H"}
    assert all(e.get("declarations", []) == [] for e in entries)
    assert replay_log(lines, rules) == {}
    # the same log does not replay under rules that fix another suit
    spades = tr.loads('extends: "two-decks"\ndeclare\n  ladder: none\n  nobody declares: trump S\n')
    problems = replay_log(lines, spades)
    assert len(problems) == len(lines)
    assert all("nobody declares in these rules, and the trump is always 'S'" in p[0] for p in problems.values())


def test_a_fixed_suit_always_decides_and_a_redeal_without_declaring_would_never_end():
    import tractor_rules as tr

    for text, words in [
        ("nobody declares: trump ♥, otherwise no-trump", "'trump H' always decides"),
    ]:
        with pytest.raises(tr.RulesetError, match=words):
            tr.loads(f'extends: "two-decks"\ndeclare\n  {text}\n')
    for declare in ("  ladder: none\n  nobody declares: redeal\n",
                    "  ladder: none\n  nobody declares: kitty card 1, otherwise redeal\n",
                    "  ladder: none\n  nobody declares: no-trump\n  first hand nobody declares: redeal\n"):
        with pytest.raises(tr.RulesetError, match="would never end") as info:
            tr.loads('extends: "two-decks"\ndeclare\n' + declare)
        assert info.value.diagnostics[0].code == "E306"
    # a way that always finds trump is fine
    assert tr.loads('extends: "two-decks"\ndeclare\n  ladder: none\n  nobody declares: no-trump\n').declaring.ladder == ()


@pytest.mark.parametrize(("lang", "present", "absent"), [
    ("en", ["Nobody declares trump: the trump suit is ♥.", "the player who deals is the banker."],
     ["overturn", "reinforce", "From the weakest"]),
    ("zh", ["不亮主：主牌花色为♥。"], ["加固自己的亮主"]),
])
def test_the_sheet_of_a_fixed_suit_says_nothing_of_declaring(lang, present, absent):
    import tractor_rules as tr
    from tractor_rules.render import render_sheet

    rules = tr.loads('extends: "two-decks"\ndeclare\n  ladder: none\n  nobody declares: trump ♥\n')
    sheet = render_sheet(rules, "txt", lang)
    heading = "Declaring trump" if lang == "en" else "亮主"
    section = sheet.split(f"5. {heading}\n")[1].split("\n6. ")[0]
    flat = " ".join(section.split()) if lang == "en" else "".join(section.split())
    for text in present:
        assert text in flat
    for text in absent:
        assert text not in flat
