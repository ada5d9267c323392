"""The kitty shown to whom the rules name (``shown: MOMENT to WHO``, ``kitty_exchange.shown_to``):
what each seat may know of the kitty, for every kind of player.

A watcher stands between the engine and each player: at every decision it checks the view the
player is given against what the rules show that seat (the kitty as dealt only to those shown it
before burying, the cards buried only to the player who buried them and those shown them after),
so no kind of player can read a card it was not shown; every hand replays clean, its log naming
each showing's seats."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rl.observation import layout, observe
from player_kinds import EVERY_KIND

#: the attackers see the kitty as dealt, the banker's partner the cards buried, the attackers them again at the end
SHOWN = ('extends: "two-decks"\n\nkitty\n'
         "  shown: before burying to the attackers and after burying to the banker's partner and at the end to "
         "the attackers\n")
#: the methods a player is asked a decision by, each given the player's view first
DECISIONS = ("declare", "name_trump", "name_held_trump", "guess_trump", "bid", "give_up_bank", "exchange_with_declarer",
             "redeal", "concede", "bury", "call", "lead", "follow", "choose_part")


class Watched:
    """Hands every decision to ``player``, checking first what the view shows of the kitty."""

    def __init__(self, player, seat: int, table: "Table"):
        self._player, self._seat, self._table = player, seat, table
        for name in DECISIONS:
            setattr(self, name, self._watch(getattr(player, name)))

    def __getattr__(self, name):
        return getattr(self._player, name)

    def _watch(self, decide):
        def decision(view, *args, **kwargs):
            self._table.check(self._seat, view, decide.__name__)
            return decide(view, *args, **kwargs)
        return decision


class Table:
    """What the watchers saw: for each seat, the kitty as dealt and the cards buried it was given."""

    def __init__(self):
        self.dealt_seen: dict[int, tuple] = {}
        self.buried_seen: dict[int, tuple] = {}
        self.views = 0

    def check(self, seat: int, view, decision: str) -> None:
        self.views += 1
        pub = view.public
        banker = pub.banker
        if banker is None:
            assert pub.kitty_shown is None and view.kitty is None, decision
            return
        attackers = {s for s in range(pub.players) if (s - banker) % 2}
        if pub.kitty_shown is not None:
            assert seat in attackers, (seat, decision)  # the kitty as dealt: to the attackers only
            self.dealt_seen[seat] = pub.kitty_shown
        if view.kitty is not None and decision != "bury":
            burier = pub.buried_by
            assert seat == burier or seat == (banker + 2) % pub.players, (seat, decision)
            self.buried_seen[seat] = view.kitty


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_no_player_kind_reads_a_kitty_card_it_was_not_shown(kind):
    rules = tr.loads(SHOWN, origin="house.tractor")
    for seed in range(3 if kind.startswith("search") else 8):
        table = Table()
        players = [Watched(p, seat, table) for seat, p in enumerate(make_players(kind, 4, random.Random(seed)))]
        banker = seed % 4
        record = play_hand(rules, players, random.Random(seed), level="5", banker=banker)
        log = record.to_log()
        assert replay_hand(json.dumps(log), rules) == [], seed
        partner, attackers = (banker + 2) % 4, [(banker + 1) % 4, (banker + 3) % 4]
        before, after, end = log["kitty_shown_to"]
        assert (before["seats"], after["seats"], end["seats"]) == (sorted(attackers), [partner], sorted(attackers))
        assert Counter(tr.load("two-decks").context("5", None).cards(after["cards"])) == Counter(record.kitty)
        # the attackers saw the dealt kitty, the partner the buried cards: each as logged
        assert set(table.dealt_seen) <= set(attackers) and table.dealt_seen
        assert table.buried_seen.get(partner) is not None and Counter(table.buried_seen[partner]) == Counter(record.kitty)
        assert "kitty_shown" not in log and "buried_shown" not in log


def test_the_observation_of_a_seat_shown_the_buried_cards_counts_them():
    """The reinforcement-learning observation reads the view: the banker's partner, shown the cards
    buried, counts them in its kitty field; an attacker, shown none, counts nothing."""
    rules = tr.loads(SHOWN, origin="house.tractor")
    seen: dict[int, list] = {}

    class Keeping(Watched):
        def _watch(self, decide):
            def decision(view, *args, **kwargs):
                if decide.__name__ == "follow":
                    fields = layout(4)
                    vector = observe(view, view.hand, (), rules.table.total_points, fields)
                    seen[view.seat] = list(vector[fields["kitty"]])
                return decide(view, *args, **kwargs)
            return decision

    players = [Keeping(p, seat, Table()) for seat, p in enumerate(make_players("greedy", 4, random.Random(1)))]
    record = play_hand(rules, players, random.Random(1), level="5", banker=0)
    assert sum(seen[2]) == len(record.kitty)
    assert sum(seen[1]) == 0 and sum(seen[3]) == 0


def test_the_dealt_kitty_is_hidden_from_a_seat_not_shown_it():
    """``Public.seen_by``: the kitty as dealt stays in the views of the seats it was shown to only."""
    rules = tr.loads(SHOWN, origin="house.tractor")
    from tractor_rules.engine.flow.views import PlayerView, Public
    public = Public(rules, 4, 0, "5", 0, kitty_shown=tuple(rules.context("5", None).cards("5H 5H")),
                    kitty_shown_to=frozenset({1, 3}))
    assert PlayerView(1, (), public).public.kitty_shown is not None
    assert PlayerView(2, (), public).public.kitty_shown is None
    assert PlayerView(0, (), public).public.kitty_shown is None


# --- the statement, its JSON form and its sentences ---------------------------------------------------


def _shown(text: str, parent: str = "two-decks"):
    return tr.loads(f'extends: "{parent}"\n\nkitty\n  shown: {text}\n', origin="house.tractor").kitty_exchange


@pytest.mark.parametrize(("text", "before", "end", "to"), [
    ("never", False, False, ()),
    ("before burying", True, False, ()),
    ("at the end", False, True, ()),
    ("before burying and at the end", True, True, ()),
    ("before burying to everyone and at the end to everyone", True, True, ()),
    ("after burying", False, False, (("after-burying", "everyone"),)),
    ("at the end to the attackers and before burying to the banker", False, False,
     (("before-burying", "banker"), ("at-end", "attackers"))),
    ("after burying to the burier and at the end", False, True, (("after-burying", "burier"),)),
    ("before burying to the declarer", False, False, (("before-burying", "declarer"),)),
    ("after burying to the banker's friends", False, False, (("after-burying", "friends"),)),
])
def test_each_spelling_compiles_to_its_showings(text, before, end, to):
    shown = _shown(text)
    assert (shown.shown_before_burying, shown.shown_at_end) == (before, end)
    assert tuple((s.moment, s.to) for s in shown.shown_to) == to


def test_the_showings_go_through_the_json_form_and_back():
    rules = tr.loads(SHOWN, origin="house.tractor")
    data = rules.to_dict()
    assert data["kitty_exchange"]["shown_to"] == [{"moment": "before-burying", "to": "attackers"},
                                                  {"moment": "after-burying", "to": "partner"},
                                                  {"moment": "at-end", "to": "attackers"}]
    assert tr.Rules.from_dict(data) == rules
    assert tr.load("two-decks").to_dict()["kitty_exchange"]["shown_to"] == []  # the default: nobody in particular


@pytest.mark.parametrize(("showings", "code"), [
    ([{"moment": "after-burying", "to": "bankers"}], "E366"),   # called partners: the teams not known yet
    ([{"moment": "after-burying", "to": "partner"}], "E367"),   # no seated partner
    ([{"moment": "at-end", "to": "bankers"}, {"moment": "at-end", "to": "banker"}], "E205"),
])
def test_the_json_form_is_refused_a_showing_the_rules_cannot_make(showings, code):
    data = tr.load("house-finding-friends").to_dict()
    data["kitty_exchange"]["shown_to"] = showings
    with pytest.raises(tr.RulesetError) as refused:
        tr.Rules.from_dict(data)
    assert f"error[{code}]: kitty_exchange.shown_to" in str(refused.value)


def test_called_teams_may_be_shown_the_kitty_at_the_end():
    rules = tr.loads('extends: "house-finding-friends"\n\nkitty\n  shown: at the end to the attackers\n',
                     origin="house.tractor")
    record = play_hand(rules, make_players("greedy", rules.table.players, random.Random(2)), random.Random(2),
                       level="5", banker=0)
    (end,) = record.to_log()["kitty_shown_to"]
    assert end["moment"] == "at-end" and 0 not in end["seats"] and set(end["seats"]).isdisjoint(record.banker_team)
    assert replay_hand(json.dumps(record.to_log()), rules) == []


def test_the_sheet_says_to_whom_in_english_and_in_chinese():
    from tractor_rules.render.sheet import build_sheet
    rules = tr.loads(SHOWN, origin="house.tractor")
    english = {i.key: i.text for i in build_sheet(rules, "en").items()}
    chinese = {i.key: i.text for i in build_sheet(rules, "zh").items()}
    assert "shown to the attackers; the other players do not see it" in english["kitty.shown"]
    assert "shown to the banker's partner before the first trick" in english["kitty.shown"]
    assert "亮给闲家看" in chinese["kitty.shown"] and "亮给庄家的对家看" in chinese["kitty.shown"]
    assert "shown to" in english["kitty.shown_example"] and "only" in english["kitty.shown_example"]


def test_the_oracle_says_what_each_seat_knows_of_the_kitty():
    """``rules.kitty_known(seat, hand)``: from a logged hand, the kitty as dealt for the attackers
    shown it, the cards buried for the banker who buried them and the partner shown them, nothing
    of the buried cards for the attackers until the end."""
    rules = tr.loads(SHOWN, origin="house.tractor")
    record = play_hand(rules, make_players("greedy", 4, random.Random(3)), random.Random(3), level="5", banker=0)
    log = record.to_log()
    buried = Counter(record.kitty)
    known = {seat: rules.kitty_known(seat, json.dumps(log)) for seat in range(4)}
    assert known[0]["dealt"] is None and Counter(known[0]["buried"]) == buried  # the banker buried them
    assert known[2]["dealt"] is None and Counter(known[2]["buried"]) == buried  # shown after burying
    for attacker in (1, 3):
        assert known[attacker]["dealt"] is not None and known[attacker]["buried"] is None
        assert Counter(known[attacker]["end"]) == buried
    plain = tr.load("two-decks")
    other = play_hand(plain, make_players("greedy", 4, random.Random(3)), random.Random(3), level="5", banker=0)
    assert plain.kitty_known(1, other.to_log()) == {"dealt": None, "buried": None, "end": None}
    log["kitty_shown_to"][1]["seats"] = [1]
    with pytest.raises(tr.RulesetError, match="kitty_shown_to"):  # a log the rules could not have written
        rules.kitty_known(1, log)
