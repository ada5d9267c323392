"""Every compiled value is on the sheet.

The sheet builder reads the rules through a recorder (``tractor_rules.render.track``), one rule
item at a time.  Here the recorded paths are compared with every leaf of the ``Rules`` dataclasses,
walked with ``dataclasses.fields``: each leaf that means something under the ruleset's other
settings must be stated by some item, and no item may claim a path the rules do not have.

What "means something" is decided here, from the docstrings of ``tractor_rules.rules``, not by the
sheet: a None (an unset optional field), the kitty card of a fallback that turns no card, the
points of a penalty that is not counted in points, and so on (``inert_paths``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build
from tractor_rules.render.track import leaf_paths
from tractor_rules.rules import (
    DERIVED_VALUES,
    Count,
    DeclareStep,
    Fallback,
    FollowList,
    GamePoints,
    KittyExchange,
    KnockBack,
    LeadShape,
    LinkTier,
    Multiplier,
    MultiplierRow,
    Pattern,
    Penalty,
    Rules,
    StakeStep,
    Term,
    ThresholdRow,
    TrumpTier,
)

NOT_STATED = ("files", "sources", "house_changes")  # they feed the house-rule marks, not sentences


def _walk_fields(value: object, path: str = "") -> set[str]:
    """Leaf paths by ``dataclasses.fields``, independently of the renderer's own walker."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: set[str] = set()
        for f in dataclasses.fields(value):
            out |= _walk_fields(getattr(value, f.name), f"{path}.{f.name}" if path else f.name)
        return out
    if isinstance(value, tuple) and value and any(
            dataclasses.is_dataclass(v) or (isinstance(v, tuple) and _walk_fields(v, "x") != {"x"}) for v in value):
        out = set()
        for i, item in enumerate(value):
            out |= _walk_fields(item, f"{path}[{i}]")
        return out
    return {path}


def all_leaves(rules: Rules) -> dict[str, object]:
    leaves = leaf_paths(rules)
    assert set(leaves) == _walk_fields(rules), "the renderer's walker and dataclasses.fields disagree"
    return {p: v for p, v in leaves.items() if p.split(".")[0].split("[")[0] not in NOT_STATED}


def inert_paths(rules: Rules, leaves: dict[str, object]) -> set[str]:
    """Leaves whose value the other settings make meaningless (the rules package's docstrings)."""
    inert: set[str] = {p for p, v in leaves.items() if v is None}

    def drop(prefix: str) -> None:
        inert.update(p for p in leaves if p == prefix or p.startswith((prefix + ".", prefix + "[")))

    t, c, d, k = rules.table, rules.combinations, rules.declaring, rules.kitty
    drop("translations")  # the title in other languages: on those languages' sheets (test_sheet_titles.py)
    if not rules.auction.on:
        drop("auction")  # no auction: the bank is declared (tests/engine/test_auction.py)
    else:
        drop("declaring")  # an auction decides the bank and trump: nobody declares
        drop("trumps.no_trump")  # and its banker always names a suit: no hand is no-trump
        drop("combinations.no_trump_links")
    if not rules.counted:
        drop("counted")  # the upgrade table reads the attackers' points themselves
    if not rules.levels.after_hand:
        drop("levels.after_hand")  # no house rules after a hand: nothing to say (tests/render/test_sheet_expressions.py)
    if t.partnership != "called":
        drop("table.called_cards")
        drop("solo_thresholds")  # nobody banks alone with fixed partners
        drop("levels.short_team_bonus")  # and their teams are always whole
        drop("table.call_limits")
        drop("table.called_when")
        drop("table.count_banker_copies")
        drop("table.join_twice")
    if t.join_twice:
        drop("table.join_twice")  # a teammate answers a call as anyone does: the copies' sentence says it all
    if rules.levels.game_end != "hands":
        drop("levels.end_hands")
    if rules.levels.rounds == 1:
        drop("levels.rounds")  # the levels are climbed once: the range says it all
    if not rules.following.exempt:
        drop("following.exempt")  # nothing exempt from the follow duty: nothing to say
    if not rules.leading.throw_stoppers_when or not rules.leading.throws:
        drop("leading.throw_stoppers_when")  # who stops a throw as 'throw stopped by' says: its own sentence
    if not rules.levels.end_early:
        drop("levels.end_early")  # every hand played out: nothing to say (tests/engine/test_end_early.py)
    if not rules.levels.concede:
        drop("levels.concede")  # nobody may end a hand: nothing to say (tests/engine/test_concede.py)
    if d.overturn_in_deal and not d.overturn_in_deal_when or not d.ladder:
        drop("declaring.overturn_in_deal")  # a stronger declaration overturns: the ladder's own words
        drop("declaring.overturn_in_deal_when")
    if not d.reinforce_when or not d.ladder:
        drop("declaring.reinforce_when")  # reinforcing as 'reinforce' says: its own sentence
    if not d.first_declaration_when or not d.ladder or rules.auction.on:
        drop("declaring.first_declaration_when")  # every player may declare first: nothing to say
    if d.first_dealer != "cut":
        drop("declaring.first_dealer")  # the first seat deals the first hand, as every sheet's first banker says
        drop("declaring.cut_suits")
    if not d.in_turn or not d.ladder:
        drop("declaring.in_turn")  # every hand declared during the deal: the ladder's own words
        drop("declaring.in_turn_when")
        drop("declaring.in_turn_first")  # nobody declares in turn: nobody is asked first
    if not d.overturn_after_kitty or not d.ladder:
        drop("declaring.overturn_first")  # no round of overturning after the kitty: nobody is asked first
        drop("declaring.overturn_rounds")  # and it goes round neither once nor until all pass
    if not d.ladder_after_kitty:
        drop("declaring.ladder_after_kitty")  # the round after the kitty reads the deal's ladder: its own words
    if rules.levels.game_end != "beyond-last":
        drop("levels.beyond_trumps")
    if not c.tractor_widths:
        for name in ("tractor_min_length", "tractor_max_length", "tractor_lengths", "bridge_gaps", "links",
                     "no_trump_links"):
            drop(f"combinations.{name}")
    if not c.bomb_width:
        drop("combinations.bomb_width")  # a game without bombs or rainbows says nothing of them
        drop("combinations.bomb_joins_sets")
    if not c.rainbow_min:
        drop("combinations.rainbow_min")
        drop("combinations.rainbow_trumps")
    if not c.rainbow_min or not c.rainbow_bombs:
        drop("combinations.rainbow_bombs")  # rainbows that are no bombs: the rainbows' sentence says it all
    if not c.straight_min:
        drop("combinations.straight_min")  # nor of straights
    if not c.straight_min or not c.straight_pairs:
        drop("combinations.straight_pairs")  # nor of pairs riding along
    has_sets = max(c.set_widths, default=1) > 1 or bool(c.tractor_widths)
    if not has_sets:
        drop("combinations.grouping")
    if d.fallback.kind != "kitty-card":
        drop("declaring.fallback.card")
        drop("declaring.fallback.skip_to")
    if d.fallback.kind != "suit":
        drop("declaring.fallback.suit")
    if d.fallback.kind != "scored":
        drop("declaring.fallback.side")  # the outcome of a hand scored without play
        drop("declaring.fallback.levels")
    if not d.ladder:  # nobody declares: nothing to say of ties, reinforcing or overturning
        for name in ("suit_order", "reinforce", "reinforce_to_retake", "overturn_own", "overturn_after_kitty",
                     "first_fallback"):
            drop(f"declaring.{name}")
    if d.fallback.kind not in ("kitty-card", "level-card", "highest-card"):
        drop("declaring.fallback.otherwise")
    if not t.jokers and d.fallback.kind in ("kitty-card", "highest-card"):
        drop("declaring.fallback.otherwise")  # every kitty card has a suit: no joker to skip or fall through
        drop("declaring.fallback.skip_to")
    if not d.redeal_hands:
        drop("declaring.redeal_by")
    if not d.give_up_bank:
        drop("declaring.give_up_bank")  # the bank is never given up: nothing to say (tests/engine/test_give_up.py)
    if not d.exchange_with_declarer:
        drop("declaring.exchange_with_declarer")  # no exchange: nothing to say (tests/engine/test_exchange.py)
        drop("declaring.exchange_timing")  # nor when it would be made (tests/engine/test_exchange_during_deal.py)
    if not d.face_down or not d.ladder or rules.auction.on:
        drop("declaring.face_down")  # declarations face up: nothing to say (tests/engine/test_face_down.py)
    if t.kitty_size == 0:
        drop("kitty_exchange")
        drop("kitty")  # no kitty: nothing to score, nor to multiply
    for path, penalty in (("leading.throw_penalty", rules.leading.throw_penalty),
                          ("following.revoke_penalty", rules.following.revoke_penalty)):
        if penalty.kind not in ("per-attempt", "per-card"):
            drop(f"{path}.points")
    if not rules.leading.throws:
        for name in ("throw_check", "throw_stoppers", "throw_decider", "throw_failure", "throw_penalty"):
            drop(f"leading.{name}")
    if not rules.leading.throws or not rules.leading.throw_kinds:
        drop("leading.throw_kinds")  # every kind may be thrown: 'throws' says throws, no sentence of kinds
        drop("leading.throw_kinds_only")
    if rules.leading.throw_failure == "smallest-card":  # the lowest card, whoever beats the throw
        drop("leading.throw_decider")
    if rules.following.duty != "lists":
        drop("following.lists")
        drop("following.default")
    if rules.following.duty == "suit" or not has_sets:
        drop("following.protect_longer_sets")
    for path, value in leaves.items():  # a greedy count has no number
        if path.endswith(".greedy") and value is True:
            drop(path[: -len(".greedy")] + ".per_n")
            drop(path[: -len(".greedy")] + ".plus")
    if k.kind != "table":
        drop("kitty.table")
        drop("kitty.doubling")
    if k.kind != "formula":
        drop("kitty.formula")
        drop("kitty.cap")
    s = rules.stakes
    if s == tr.rules.Stakes():
        drop("stakes")  # no stakes: the section is left out
    else:
        if not s.game_points:
            drop("stakes.game_points")
            drop("stakes.share")  # how game points move: none move (E330 refuses a share without them)
        if not s.multipliers:
            drop("stakes.multipliers")
        if not s.coins:
            for name in ("coins", "banker_base", "attackers_base", "winner_percent"):
                drop(f"stakes.{name}")
        if not s.leave_penalty and not s.leave_others:
            drop("stakes.leave_penalty")
            drop("stakes.leave_others")
    if rules.rotation.declarer_banks:
        drop("rotation.after_hold")
        drop("rotation.after_loss")
    if any(t.condition == ("fact", "always") and any(e[0] == "next-banker" for e in t.effects)
           for t in rules.levels.after_hand):
        drop("rotation.after_hold")  # a house rule names the next banker after every hand
        drop("rotation.after_loss")
    if not rules.kitty_exchange.dug_when:
        drop("kitty_exchange.dug_when")  # the kitty is dug whenever the attackers win the last trick
    if not rules.kitty_exchange.buried_when:
        drop("kitty_exchange.buried_when")  # any card may be buried: nothing to say
    if not d.redeal_clears_bank:
        drop("declaring.redeal_clears_bank")  # a redeal keeps the bank: the redeal's sentence says it all
    if not d.redeal_when:
        drop("declaring.redeal_when")  # only the named hands are redealt: their sentence says which
    return inert


def check_every_value_is_stated(rules: Rules) -> None:
    leaves = all_leaves(rules)
    stated = build(rules).stated_paths()
    must = set(leaves) - inert_paths(rules, leaves)
    missing = sorted(must - stated)
    assert not missing, f"{rules.name}: values no sentence states: {missing}"
    phantom = sorted(stated - set(leaves) - set(DERIVED_VALUES))  # a worked-out value is stated by its own path
    assert not phantom, f"{rules.name}: sentences claim paths the rules do not have: {phantom}"


@pytest.mark.parametrize("name", tr.builtin_names())
def test_every_compiled_value_of_a_shipped_ruleset_is_stated(name):
    check_every_value_is_stated(tr.load(name))


@pytest.mark.parametrize("name", tr.builtin_names())
def test_every_example_of_a_shipped_ruleset_is_computed(name):
    built = build(tr.load(name))
    assert built.dropped == ()
    assert any(item.kind == "example" for item in built.sheet.items())


# --- variants that reach the other wordings ------------------------------------------------------

BASE = Rules()


def _other_settings() -> Rules:
    b = BASE
    return replace(
        b,
        name="Variant A",
        table=replace(b.table, players=6, partnership="alternate", direction="clockwise", removed_ranks=("2",),
                      jokers=False, hand_size=15, kitty_size=6),
        levels=replace(b.levels, first="3", mandatory=(), knock_back=(KnockBack("J", "3"), KnockBack("Q", "6")),
                       game_end="hands", end_hands=20),
        trumps=replace(b.trumps, order=(TrumpTier("card", card="5H"), *b.trumps.order), no_trump="jokers-only"),
        combinations=replace(b.combinations, tractor_max_length=3, bridge_gaps=False, links=(), bomb_width=4,
                             set_widths=(1, 2, 3, 4), tractor_widths=(2,),
                             no_trump_links=((LinkTier("big-joker"), LinkTier("small-joker")),
                                             (LinkTier("level"), LinkTier("rank", rank="2")))),
        declaring=replace(b.declaring, suit_order=("D", "C", "H", "S"), reinforce=False, overturn_own=True,
                          overturn_after_kitty=True, fallback=Fallback("highest-card", 0, 0, "redeal"),
                          first_banker="final-declarer", first_fallback="redeal",
                          ladder=(DeclareStep(1, "level"), DeclareStep(2, "joker"), DeclareStep(3, "level"))),
        leading=replace(b.leading, throw_check="largest-part", throw_failure="next-player-chooses",
                        throw_stoppers="opponents", throw_decider="first",
                        throw_penalty=Penalty("per-attempt", 10)),
        following=replace(b.following, duty="tractors", protect_longer_sets=True,
                          revoke_penalty=Penalty("hand-lost")),
        ruffing=replace(b.ruffing, requirement="shape", compare="every-part"),
        kitty=Multiplier("none", (), False, (), 0),
        rotation=replace(b.rotation, declarer_banks=True),
    )


def _more_settings() -> Rules:
    b = BASE
    lists = (
        FollowList(LeadShape(3, 1), (Pattern((Term(Count(0, 1), 3),)), Pattern((Term(Count(0, 1), 2),
                                                                              Term(Count(0, 1), 1))))),
        FollowList(LeadShape(2, 3), (Pattern((Term(Count(0, 1), 2, Count(0, 3)),)),
                                     Pattern((Term(Count(0, 0, True), 2, Count(0, 2)), Term(Count(0, 0, True), 1))),
                                     Pattern())),
    )
    return replace(
        b,
        name="Variant B",
        table=replace(b.table, decks=3, hand_size=38, kitty_size=6, partnership="called", called_cards=1,
                      players=4, call_limits=("trumps", "highest", "points"), count_banker_copies=False,
                      removed_cards=(("2S", 1), ("SJ", 3))),
        levels=replace(b.levels, game_end="beyond-last", mandatory=("5", "10", "K", "A"), hold_needs_last_trick=True,
                       short_team_bonus=2),
        solo_thresholds=(ThresholdRow(0, 55, "banker", 6), ThresholdRow(60, -1, "attackers", 0, every=60, at_most=3)),
        combinations=replace(b.combinations, set_widths=(1, 2, 3), tractor_widths=(2, 3), grouping="identical",
                             tractor_min_length=3, tractor_lengths=((3, 2, 4),)),
        declaring=replace(b.declaring, fallback=Fallback("level-card", 0, 0, "no-trump"), first_banker="seat"),
        leading=replace(b.leading, throw_check="highest-card", throw_failure="smallest-card", throw_stoppers="opponents",
                        throw_penalty=Penalty("hand-lost")),
        following=replace(b.following, lists=lists, default="suit", revoke_penalty=Penalty("per-card", 5)),
        ruffing=replace(b.ruffing, requirement="types", compare="highest-card"),
        kitty=Multiplier("table", (MultiplierRow(1, 1, 2), MultiplierRow(2, 1, 4), MultiplierRow(3, 1, 6)),
                         False, (), 0),
        rotation=replace(b.rotation, after_hold="next-of-team", after_loss="next-of-team"),
        stakes=replace(b.stakes, game_points=(GamePoints("banker", 0, 1), GamePoints("attackers", 3, 5, True)),
                       multipliers=(StakeStep(100, 2),), coins=True, banker_base=0, attackers_base=1,
                       winner_percent=95, leave_penalty=3, leave_others=0),
    )


def _last_settings() -> Rules:
    b = BASE
    return replace(
        b,
        name="Variant C",
        table=replace(b.table, kitty_size=0, hand_size=27, points=()),
        levels=replace(b.levels, first="J", last="K"),
        combinations=replace(b.combinations, set_widths=(1,), tractor_widths=()),
        declaring=replace(b.declaring, fallback=Fallback("partner-names", 0, 0, "no-trump")),
        leading=replace(b.leading, throws=False),
        following=replace(b.following, duty="suit"),
        ruffing=replace(b.ruffing, requirement="any"),
        kitty=Multiplier("formula", (), False, ("add", ("mul", ("num", 2), ("var", "cards")), ("var", "size")), 50),
    )


def _fallbacks() -> list[Rules]:
    out = []
    for kind in ("redeal", "no-trump"):
        out.append(replace(BASE, name=f"Fallback {kind}",
                           declaring=replace(BASE.declaring, fallback=Fallback(kind, 0, 0, "no-trump"))))
    out.append(replace(BASE, name="Kitty card, no skipping",
                       declaring=replace(BASE.declaring, fallback=Fallback("kitty-card", 1, 0, "redeal"))))
    return out


def _house_declaring() -> list[Rules]:
    """Joker-and-level-card and tied steps, taking back, weak hands, the kitty shown (issue 7)."""
    b = BASE
    ladder = (DeclareStep(1, "level"), DeclareStep(1, "small-joker", 1), DeclareStep(2, "level"),
              DeclareStep(2, "joker", 0, tied=True))
    return [
        replace(b, name="Variant D",
                declaring=replace(b.declaring, ladder=ladder, suit_order=("D", "C", "H", "S"), reinforce=False,
                                  reinforce_to_retake=True, redeal_hands=("no-trumps",), redeal_by="automatic"),
                kitty_exchange=KittyExchange(shown_before_burying=True)),
        replace(b, name="Variant E",
                declaring=replace(b.declaring, reinforce_to_retake=True, redeal_hands=("no-points",)),
                kitty_exchange=KittyExchange(shown_at_end=True)),
        replace(b, name="Variant F",
                declaring=replace(b.declaring, redeal_hands=("no-trumps", "no-points")),
                kitty_exchange=KittyExchange(shown_before_burying=True, shown_at_end=True)),
    ]


VARIANTS = [_other_settings(), _more_settings(), _last_settings(), *_fallbacks(), *_house_declaring()]


@pytest.mark.parametrize("rules", VARIANTS, ids=[v.name for v in VARIANTS])
def test_every_value_of_a_variant_is_stated(rules):
    check_every_value_is_stated(rules)


@pytest.mark.parametrize("rules", VARIANTS, ids=[v.name for v in VARIANTS])
def test_a_variant_renders_in_every_format_and_language(rules):
    from tractor_rules.render import render_sheet

    for fmt in ("md", "html", "txt"):
        for lang in ("en", "zh"):
            assert rules.name in render_sheet(rules, fmt, lang)


def test_the_recorder_notes_what_properties_and_methods_read():
    from tractor_rules.render.track import Recorder, track

    rec = Recorder()
    view = track(tr.load("two-decks"), rec)
    with rec.item() as paths:
        assert view.table.total_points == 200
    assert paths == {"table.decks", "table.points", "table.removed_ranks", "table.removed_cards"}
    with rec.item() as paths:
        assert view.level_change(120) == ("attackers", 1)
    assert {"thresholds[0].low", "thresholds[4].levels"} <= paths
    with rec.item() as paths:
        assert view.trumps.constant_ranks == ()
    assert paths == {f"trumps.order[{i}].rank" for i in range(5)}
