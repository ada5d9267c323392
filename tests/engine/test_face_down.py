"""Declarations face down until the kitty is buried (``declaring.face_down``, issue #26, 暗亮, D33
of the gallery): the others see who declared, how many cards and which jokers, but not the suit;
the player who buries does not know trump unless they made the standing declaration or it is of
jokers alone; the phase "reveal" turns them once the kitty is buried.  The language, the check
and the lint, what each player's view shows, the engine's phase and its players, the log and its
replay, the JSON form, the sheet and the learning environment."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr
from tractor_rules.engine.flow.views import PlayerView
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import RulesetError
from player_kinds import EVERY_KIND, SEARCH, first_hand
from json_forms import assert_a_field_of_version_4

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D33 = GALLERY / "D33-declarations-face-down.tractor"


@pytest.fixture(scope="module")
def face_down() -> tr.Rules:
    return tr.load(D33)


class Noting(GreedyPlayer):
    """Plays as the greedy player does, and notes the views it was given to declare and to bury,
    and when it was asked to guess trump."""

    def __init__(self) -> None:
        super().__init__()
        self.declaring: list[PlayerView] = []
        self.burying: list[PlayerView] = []
        self.guessed: list[str | None] = []
        self.leading: list[PlayerView] = []

    def declare(self, view, offers):
        self.declaring.append(view)
        return super().declare(view, offers)

    def guess_trump(self, view):
        guess = super().guess_trump(view)
        self.guessed.append(guess)
        return guess

    def bury(self, view, count):
        self.burying.append(view)
        return super().bury(view, count)

    def lead(self, view):
        self.leading.append(view)
        return super().lead(view)


def _hand(rules: tr.Rules, want, seeds=range(300)):
    """A hand (its record and players) of which ``want(record, players)`` holds."""
    return first_hand(rules, lambda seed: [Noting() for _ in range(4)], want, seeds=seeds)


# --- the language ----------------------------------------------------------------------------------


def test_the_statement_switches_the_phase_on(face_down):
    assert face_down.declaring.face_down
    assert face_down.phases() == ("deal", "bury", "reveal", "play", "score")
    two_decks = tr.load("two-decks")
    assert not two_decks.declaring.face_down and "reveal" not in two_decks.phases()
    origin = str(GALLERY / "h.tractor")
    up = tr.loads(f'extends: "{D33}"\ndeclare\n  declarations: face up\n', origin=origin)
    assert not up.declaring.face_down and "reveal" not in up.phases()
    unset = tr.loads(f'extends: "{D33}"\ndeclare\n  unset: declarations\n', origin=origin)
    assert not unset.declaring.face_down


@pytest.mark.parametrize("extra, where", [
    ("auction\n  bids: 80 down to 5 by 5\n", "an auction decides"),
    ("declare\n  overturn after kitty: yes\n", "an overturn after the kitty buries it again"),
    ("declare\n  suit order: C < D < H < S\n", "a suit order"),
    ("declare\n  give up the bank: yes\n", "gives up the bank"),
    ("declare\n  redeal: a hand without trumps\n", "a hand without trumps"),
    ("kitty\n  buried cards: when not a point card\n", "a rule on buried cards"),
    ("declare\n  ladder: 1 joker + 2 level cards < 2 jokers + 2 level cards\n  exchange with the declarer: yes\n",
     "the exchange with the declarer"),
])
def test_face_down_with_what_reads_them_before_the_turn_is_refused_where_it_is_written(extra, where):
    with pytest.raises(RulesetError) as info:
        tr.loads('extends: "two-decks"\ndeclare\n  declarations: face down until the kitty is buried\n' + extra,
                 origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E325", 3, 3)
    assert where in diagnostic.message


def test_a_redeal_for_a_hand_without_points_goes_with_it():
    rules = tr.loads('extends: "two-decks"\ndeclare\n  declarations: face down until the kitty is buried\n'
                     '  redeal: a hand without points\n', origin="house.tractor")
    assert rules.declaring.face_down and rules.declaring.redeal_hands == ("no-points",)


@pytest.mark.parametrize("extra, why", [
    ("  ladder: 2 small jokers < 2 big jokers\n", "every step of the ladder is of jokers alone"),
    ("  ladder: none\n  nobody declares: trump S\n", "nobody declares"),
])
def test_lint_warns_where_no_declaration_lies_face_down(extra, why):
    from tractor_rules import facade

    text = 'extends: "two-decks"\ndeclare\n  declarations: face down until the kitty is buried\n' + extra
    found = facade.lint(text, str(GALLERY / "house.tractor"))["diagnostics"]
    assert [(d["line"], d["code"]) for d in found if d["code"] == "W116"] == [(3, "W116")]
    assert why in next(d["message"] for d in found if d["code"] == "W116")
    assert not [d for d in facade.lint(D33.read_text(encoding="utf-8"), str(D33))["diagnostics"]]


# --- what each player sees ---------------------------------------------------------------------------


def test_during_the_deal_others_see_who_declared_and_how_many_cards_but_not_the_suit(face_down):
    def overcall_asked(record, players):
        return any(view.public.declarations and view.public.declarations[-1][0] != view.seat
                   for p in players for view in p.declaring)

    record, players = _hand(face_down, overcall_asked)
    for p in players:
        for view in p.declaring:
            pub = view.public
            assert pub.trump_known or pub.trump is None
            assert len(pub.unseen) == len(pub.declarations)
            for (seat, seen), hidden in zip(pub.declarations, pub.unseen):
                if seat == view.seat:
                    assert hidden == 0  # one's own declarations are seen whole
                else:
                    assert all(c.is_joker for c in seen)  # the jokers face up, the level cards counted
                    true = next(cards for who, cards in record.declarations if who == seat
                                and len(cards) == len(seen) + hidden and all(c in cards for c in seen))
                    assert hidden == sum(not c.is_joker for c in true)
    # the whole declarations once they are turned: the table as the tricks are played
    view = next(v for p in players for v in p.leading)
    assert view.public.unseen == () and view.public.trump_known
    assert [cards for _, cards in view.public.declarations] == [cards for _, cards in record.declarations]


def test_a_burier_who_did_not_declare_buries_by_a_guess_and_may_bury_trumps(face_down):
    def buried_blind(record, players):
        return record.face_down is not None and not record.face_down.burier_knew and record.declarer is not None

    record, players = _hand(face_down, buried_blind)
    burier = players[record.face_down.burier]
    assert len(burier.guessed) == 1
    (view,) = burier.burying
    assert not view.public.trump_known
    assert view.public.trump == burier.guessed[0]  # the trump it buries by: its guess
    assert record.face_down.declarer != record.face_down.burier
    log = record.to_log()
    assert log["face_down"]["burier_knew_trump"] is False


def test_the_declarer_buries_knowing_trump(face_down):
    def declarer_buries(record, players):
        return record.face_down is not None and record.face_down.declarer == record.face_down.burier

    record, players = _hand(face_down, declarer_buries)
    burier = players[record.face_down.burier]
    assert record.face_down.burier_knew and not burier.guessed
    (view,) = burier.burying
    assert view.public.trump_known and view.public.trump == record.trump


def test_what_a_seat_sees_of_the_table(face_down):
    """``Public.seen_by``: one's own declaration whole; another's jokers alone, the rest counted;
    trump to the standing declarer, or to all when it is of jokers alone (face up)."""
    from tractor_rules.engine.flow.views import Public

    cards = face_down.context("5", None).cards
    table = Public(face_down, 4, 0, "5", 0, face_down=True)
    table.declarations = [(1, cards("5S")), (2, cards("5H 5H"))]
    table.trump = "H"
    mine = table.seen_by(2)
    assert mine.trump_known and mine.trump == "H" and mine.unseen == (1, 0)
    assert mine.declarations == [(1, ()), (2, cards("5H 5H"))]
    theirs = table.seen_by(0)
    assert not theirs.trump_known and theirs.trump is None and theirs.ctx is None
    assert theirs.declarations == [(1, ()), (2, ())] and theirs.unseen == (1, 2)
    assert table.declarations[1] == (2, cards("5H 5H")) and table.trump == "H"  # the table itself unchanged
    table.declarations.append((3, cards("SJ SJ")))
    table.trump = None
    jokers = table.seen_by(0)
    assert jokers.trump_known and jokers.declarations[-1] == (3, cards("SJ SJ")) and jokers.unseen == (1, 2, 0)
    assert PlayerView(0, (), table).public.unseen == (1, 2, 0)  # a player's view is the table as they see it
    table.face_down = False
    assert PlayerView(0, (), table).public is table


def test_a_ruleset_without_the_statement_shows_every_declaration():
    plain = tr.load("two-decks")
    players = [Noting() for _ in range(4)]
    record = play_hand(plain, players, random.Random(7), level="5", banker=0)
    assert record.face_down is None and "face_down" not in record.to_log()
    assert not any(p.guessed for p in players)
    for p in players:
        for view in p.declaring:
            assert view.public.unseen == () and view.public.trump_known
    again = play_hand(plain, [GreedyPlayer() for _ in range(4)], random.Random(7), level="5", banker=0)
    assert again.to_log() == record.to_log()


# --- every player, the log and its replay -------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_replay_clean(face_down, kind):
    hands = 3 if kind == SEARCH else 60
    blind = 0
    for seed in range(hands):
        players = make_players(kind, 4, random.Random(seed))
        record = play_hand(face_down, players, random.Random(seed), level="5", banker=seed % 4)
        log = record.to_log()
        assert replay_hand(json.dumps(log), face_down) == []
        blind += not log["face_down"]["burier_knew_trump"]
    if kind != SEARCH:
        assert blind  # now and then the banker buries not knowing trump


def test_the_first_hand_plays_and_replays(face_down):
    for seed in range(20):
        record = play_hand(face_down, make_players("heuristic", 4, random.Random(seed)), random.Random(seed))
        assert replay_hand(json.dumps(record.to_log()), face_down) == []


def test_the_replay_checks_what_the_burier_knew(face_down):
    record, _ = _hand(face_down, lambda r, p: r.face_down is not None and r.face_down.declarer is not None)
    log = record.to_log()
    assert replay_hand(json.dumps(log), face_down) == []
    made = log["face_down"]

    def problems(**change):
        return replay_hand(json.dumps(dict(log, face_down=dict(made, **change))), face_down)

    assert any("could not see it" in p or "saw it" in p
               for p in problems(burier_knew_trump=not made["burier_knew_trump"]))
    other = "BJ SJ" if made["turned"] != "BJ SJ" else "2S"
    assert any("not a declaration of the hand's trump" in p for p in problems(turned=other))
    assert any("one of seats" in p for p in problems(burier=9))
    assert any("go together" in p for p in problems(declarer=None))
    assert any("an object of" in p for p in replay_hand(json.dumps(dict(log, face_down=[1])), face_down))
    unlogged = {k: v for k, v in log.items() if k != "face_down"}
    assert any("face_down: needed" in p for p in replay_hand(json.dumps(unlogged), face_down))
    two_decks = tr.load("two-decks")
    plain = play_hand(two_decks, [GreedyPlayer() for _ in range(4)], random.Random(1)).to_log()
    assert any("do not lay declarations face down" in p
               for p in replay_hand(json.dumps(dict(plain, face_down=None)), two_decks))


# --- the JSON form ----------------------------------------------------------------------------------


def test_the_json_form_round_trips_and_earlier_versions_refuse_it(face_down):
    assert_a_field_of_version_4(face_down, "declaring", "face_down", True)


# --- the sheet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [
    ("en", ["Declarations are made face down", "the banker takes the kitty and buries not knowing trump",
            "The declarations, made face down, are turned face up"]),
    ("zh", ["亮主时牌面朝下（暗亮）", "庄家拿底牌、扣底时不知道主牌花色", "扣着亮的主翻开"]),
])
def test_the_sheet_says_it(face_down, lang, words):
    for word in words:
        assert word in sheet_text(face_down, lang)
        assert word not in sheet_text(tr.load("two-decks"), lang)


def test_the_sheet_names_another_burier():
    rules = tr.loads('extends: "two-decks"\ndeclare\n  declarations: face down until the kitty is buried\n'
                     "kitty\n  buried by: the banker's partner\n", origin="house.tractor")
    assert "the player who takes the kitty buries not knowing trump" in sheet_text(rules, "en")
    assert "拿底牌的玩家扣底时不知道主牌花色" in sheet_text(rules, "zh")


def test_shandong_the_burier_is_never_the_declarer_and_buries_not_knowing_trump():
    """D45: the first of the bankers after the declarer buries, so never the declarer: with a ladder
    whose every step has level cards, the burier never knows trump as they bury."""
    rules = tr.load(GALLERY / "D45-shandong-face-down.tractor")
    assert "the player who takes the kitty, never the declarer, buries not knowing trump" in sheet_text(rules, "en")
    assert "拿底牌扣底的玩家不会是亮主的人" in sheet_text(rules, "zh")
    played = 0
    for seed in range(12):
        record = play_hand(rules, make_players("greedy", 4, random.Random(seed)), random.Random(seed), level="5",
                           banker=seed % 4)
        log = record.to_log()
        assert replay_hand(json.dumps(log), rules) == []
        if log["face_down"] is not None and log["face_down"]["declarer"] is not None:
            played += 1
            assert log["face_down"]["burier"] != log["face_down"]["declarer"]
            assert log["face_down"]["burier_knew_trump"] is False
    assert played


# --- the reinforcement-learning environment ----------------------------------------------------------


def test_the_learning_environment_plays_hands_with_declarations_face_down(face_down):
    """Declaring and burying are the engine's greedy player's decisions: an agent only leads and
    follows, from the mask, and every hand ends replayable."""
    from episodes import play_random_hands

    from tractor_rules.rl import raw_env

    for record in play_random_hands(raw_env(face_down, level="5", banker=0), 4, seed=1):
        assert replay_hand(json.dumps(record.to_log()), face_down) == []
