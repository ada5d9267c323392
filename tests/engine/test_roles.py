"""The vocabulary of roles (#25): one table of who-words whose views are the lists every statement
had (the same names, compiled values and JSON); the declarer and the previous declarer as the next
banker; the first of a team after a role, with ``the first of the winners after the banker`` its
old case; the banker's friends as a team; and a role's fallbacks (``A, otherwise B``).  Each from
its words to the compiled tree, the JSON form and schema, the errors (E354-E356), the engine on hands
built to order and on whole hands logged and replayed (tampering reported), the oracle, the sheet in
English and Chinese, and lint (W136)."""

from __future__ import annotations

import json

import jsonschema
import pytest

import tractor_rules as tr
from tractor_rules import codes
from tractor_rules.engine.flow.after_hand import facts_of, first_of, next_banker_after, role_seat
from tractor_rules.engine.flow.record import HandRecord
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.engine.errors import EngineError
from tractor_rules.errors import ExportError, RulesetError
from tractor_rules.render.i18n import language
from tractor_rules.render.sections.expressions import effect_words, trigger_sentence
from tractor_rules.rules import expressions as ex

HEADER = 'extends: "two-decks"\n'
FRIENDS = 'extends: "house-finding-friends"\n'


def effects_of(effects: str, header: str = HEADER) -> tuple:
    rules = tr.loads(f"{header}\nlevels\n  when a hand ends: {effects}\n")
    return rules.levels.after_hand[-1].effects


def error_of(text: str) -> tuple[int, int, str, str]:
    with pytest.raises(RulesetError) as caught:
        tr.loads(text, origin="house.tractor")
    first = caught.value.diagnostics[0]
    return first.line, first.column, first.code, first.message


# --- one vocabulary, its views the lists of before --------------------------------------------------


def test_the_views_are_the_lists_each_statement_had():
    assert ex.ROLES[:5] == ("banker", "next-seat", "partner", "last-trick-winner", "first-winner")
    assert ex.ROLES[5:] == ("declarer", "previous-declarer")
    assert ex.CARD_ROLES == ("holder", "holder-after-kitty", "taker")
    assert ex.BURIER_ROLES == ("banker", "partner", "first-banker-after-declarer")
    assert list(ex.SEATS) == ["banker", "after-banker", "holder", "burier", "after-burier", "declarer",
                              "after-declarer", "dealer", "after-dealer"]
    assert ex.seats_at("auction") == ("holder", "dealer", "after-dealer")  # the holder of a card: the auction only
    # every role of every view is an entry of the one table, with its words and meaning
    for name in {*ex.ROLES, *ex.CARD_ROLES, *ex.BURIER_ROLES, *ex.SEATS}:
        role = ex.ROLE_TABLE[name]
        assert role.words and role.meaning and role.found and role.known


def test_the_old_first_of_the_winners_is_the_same_compiled_value():
    assert effects_of("the next banker is the first of the winners after the banker") == \
        (("next-banker", "first-winner"),)
    # the JSON form's general tree of that case reads as the name every version wrote
    assert ex.role_tree(["first-of", "winners", "banker"]) == "first-winner"
    assert ex.role_tree("first-winner") == "first-winner"


def test_each_new_role_compiles_to_its_tree():
    assert effects_of("the next banker is the declarer") == (("next-banker", "declarer"),)
    assert effects_of("the next banker is the previous declarer") == (("next-banker", "previous-declarer"),)
    assert effects_of("the next banker is the first of the attackers after the declarer") == \
        (("next-banker", ("first-of", "attackers", "declarer")),)
    assert effects_of("the next banker is the first of the bankers after the holder of 3H") == \
        (("next-banker", ("first-of", "bankers", ("holder", "3H"))),)
    assert effects_of("the next banker is the first of the banker's friends after the banker", FRIENDS) == \
        (("next-banker", ("first-of", "friends", "banker")),)


def test_fallbacks_compile_to_one_effect_with_its_roles_in_order():
    assert effects_of("the next banker is the holder of 3H after the kitty, otherwise the declarer, "
                      "otherwise the next seat, bankers + 1 level") == (
        ("next-banker", ("otherwise", ("holder-after-kitty", "3H"), "declarer", "next-seat")),
        ("up", "bankers", ("num", 1)))


def test_the_banker_s_friends_are_a_team_of_what_players_did():
    rules = tr.loads(FRIENDS + "\nlevels\n  when the banker's friends took 5H: bankers + 1 level\n")
    assert rules.levels.after_hand[-1].condition == ("fact", "took", "friends", "5H")


# --- the JSON form ---------------------------------------------------------------------------------


RULES = tr.loads(FRIENDS + "\nlevels\n  when a hand ends: the next banker is the holder of 3H after the kitty, "
                           "otherwise the first of the banker's friends after the banker, otherwise the declarer\n"
                           "  when the banker's friends held 5H: bankers + 1 level\n")


def test_roles_round_trip_through_json_and_meet_the_schema():
    data = RULES.to_dict()
    assert data["levels"]["after_hand"][-2]["effects"] == [
        ["next-banker", ["otherwise", ["holder-after-kitty", "3H"], ["first-of", "friends", "banker"], "declarer"]]]
    assert tr.Rules.from_dict(json.loads(json.dumps(data))) == RULES
    jsonschema.validate(data, tr.schema())


@pytest.mark.parametrize("role", [
    ["otherwise", "banker"],                                    # one role is no fallback
    ["otherwise", "banker", ["otherwise", "banker", "declarer"]],  # fallbacks inside fallbacks
    ["first-of", "bankers", ["first-of", "attackers", "banker"]],  # the first of a team after another
    ["first-of", "everybody", "banker"],
    ["otherwise", *(["next-seat"] * (ex.MAX_FALLBACKS + 1))],
    "dealer",                                                   # a seat of a phase, not known after a hand
])
def test_a_document_with_a_role_that_is_none_is_refused(role):
    data = RULES.to_dict()
    data["levels"]["after_hand"][-2]["effects"] = [["next-banker", role]]
    with pytest.raises(ExportError):
        tr.Rules.from_dict(data)


def test_a_document_with_the_friends_where_they_mean_nothing_is_refused():
    for tree in (["fact", "wins", "friends"], ["fact", "loses", "friends"]):
        data = RULES.to_dict()
        data["levels"]["after_hand"][-1]["condition"] = tree
        with pytest.raises(ExportError):
            tr.Rules.from_dict(data)
    data = RULES.to_dict()
    data["levels"]["after_hand"][-1]["effects"] = [["up", "friends", ["num", 1]]]
    with pytest.raises(ExportError):
        tr.Rules.from_dict(data)


def test_a_document_of_version_3_has_none_of_the_new_words():
    assert ex.words_after(("next-banker", "declarer"), 3) == {"declarer"}
    assert ex.words_after(("next-banker", ("otherwise", "banker", "next-seat")), 3) == {"otherwise"}
    assert ex.words_after(("next-banker", ("first-of", "friends", "banker")), 3) == {"first-of", "friends"}
    assert ex.words_after(("fact", "took", "friends", "5H"), 3) == {"friends"}
    assert ex.words_after(("next-banker", "first-winner"), 3) == set()
    assert ex.words_after(("next-banker", ("otherwise", "declarer", "next-seat")), 4) == set()


# --- errors ----------------------------------------------------------------------------------------


def test_the_friends_of_an_outcome_or_a_level_change_are_e354():
    assert error_of(FRIENDS + "\nlevels\n  when the banker's friends win: bankers + 1 level\n")[:3] == (4, 8, "E354")
    assert error_of(FRIENDS + "\nlevels\n  when a hand ends: the banker's friends + 1 level\n")[:3] == (4, 21, "E354")


def test_the_friends_of_a_banker_alone_are_e354():
    alone = HEADER + "\ntable\n  partners: banker alone\n\nlevels\n  when the banker's friends took 5H: bankers + 1 level\n"
    line, column, code, message = error_of(alone)
    assert code == "E354" and "plays alone" in message


def test_an_otherwise_after_no_role_is_e355():
    assert error_of(HEADER + "\nlevels\n  when a hand ends: bankers + 1 level, otherwise the declarer\n")[:3] == \
        (4, 40, "E355")


def test_too_many_fallbacks_are_e355():
    many = ", ".join(["otherwise the next seat"] * ex.MAX_FALLBACKS)
    code = error_of(HEADER + f"\nlevels\n  when a hand ends: the next banker is the declarer, {many}\n")[2]
    assert code == "E355"


def test_the_declarer_where_nobody_declares_is_e356():
    line, column, code, message = error_of(HEADER + "\ndeclare\n  ladder: none\n\nlevels\n"
                                                    "  when a hand ends: the next banker is the declarer\n")
    assert (line, column, code) == (7, 21, "E356") and "nobody declares" in message


def test_the_first_of_a_team_after_the_first_of_another_is_e356():
    text = HEADER + "\nlevels\n  when a hand ends: the next banker is the first of the bankers after the first of " \
                    "the attackers after the banker\n"
    assert error_of(text)[2] == "E356"


def test_the_partner_in_a_fallback_with_called_partners_is_e313():
    text = FRIENDS + "\nlevels\n  when a hand ends: the next banker is the declarer, otherwise the banker's partner\n"
    assert error_of(text)[2] == codes.CALLED_PARTNERS


# --- the engine ------------------------------------------------------------------------------------


def record(rules: tr.Rules, *, banker: int = 0, team=frozenset({0, 2}), declarer: int | None = 1,
           declarations=((3, ()), (1, ())), side: str = "banker") -> HandRecord:
    return HandRecord(
        rules=rules, level="2", trump="S", banker=banker, hands=[() for _ in range(rules.table.players)], kitty=(),
        tricks=[], attacker_points=40, kitty_points=0, kitty_multiplier=0, level_change=(side, 1), next_banker=2,
        banker_team=team, declarations=list(declarations), declarer=declarer)


TWO = tr.load("two-decks")
SIX = tr.load("house-finding-friends")


def test_the_declarer_and_the_previous_declarer_are_read_from_the_declaring():
    facts = facts_of(record(TWO))
    assert (role_seat("declarer", facts), role_seat("previous-declarer", facts)) == (1, 3)
    # reinforcing one's own declaration keeps the previous declarer
    facts = facts_of(record(TWO, declarations=((3, ()), (1, ()), (1, ()))))
    assert role_seat("previous-declarer", facts) == 3
    # nobody overturned; nobody declared
    assert role_seat("previous-declarer", facts_of(record(TWO, declarations=((1, ()),)))) is None
    facts = facts_of(record(TWO, declarer=None, declarations=()))
    assert (role_seat("declarer", facts), role_seat("previous-declarer", facts)) == (None, None)


def test_the_first_of_a_team_counts_from_the_role_that_seat_last():
    facts = facts_of(record(TWO))  # bankers 0 and 2, the banker holds
    assert role_seat(("first-of", "bankers", "declarer"), facts) == 2
    assert role_seat(("first-of", "attackers", "banker"), facts) == 1
    assert role_seat(("first-of", "attackers", "declarer"), facts) == 3
    assert role_seat(("first-of", "friends", "banker"), facts) == 2     # with fixed teams, the partner
    # nobody held it as the tricks began: nobody
    assert role_seat(("first-of", "bankers", ("holder-after-kitty", "3H")), facts) is None
    # the old role is its case
    for side in ("banker", "attackers"):
        facts = facts_of(record(TWO, side=side))
        assert role_seat("first-winner", facts) == first_of("winners", 0, facts)


def test_the_banker_s_friends_are_those_the_calls_brought_in():
    facts = facts_of(record(SIX, banker=2, team=frozenset({2, 5})))
    assert role_seat(("first-of", "friends", "banker"), facts) == 5
    assert role_seat(("first-of", "bankers", "banker"), facts) == 5
    alone = facts_of(record(SIX, banker=2, team=frozenset({2})))
    assert role_seat(("first-of", "friends", "banker"), alone) is None  # nobody joined
    assert role_seat(("first-of", "bankers", "banker"), alone) == 2     # the banker last


FALLBACK = tr.loads(HEADER + "\nlevels\n  when a hand ends: the next banker is the previous declarer, otherwise the "
                             "declarer, otherwise the first of the attackers after the banker\n")


def test_fallbacks_name_the_first_role_that_names_somebody():
    assert next_banker_after(FALLBACK, facts_of(record(FALLBACK)), (0,), 0) == 3
    assert next_banker_after(FALLBACK, facts_of(record(FALLBACK, declarations=((1, ()),))), (0,), 0) == 1
    assert next_banker_after(FALLBACK, facts_of(record(FALLBACK, declarer=None, declarations=())), (0,), 0) == 1
    only_declarer = tr.loads(HEADER + "\nlevels\n  when a hand ends: the next banker is the declarer\n")
    # every role nobody: the rules' own next banker stands
    assert next_banker_after(only_declarer, facts_of(record(only_declarer, declarer=None, declarations=())),
                             (0,), 2) == 2


def test_whole_hands_bank_by_the_fallbacks_and_replay_clean():
    lines = [r.log_line for r in simulate(FALLBACK, 40, seed=5, players="random,greedy", log=True)]
    assert replay_log(lines, FALLBACK) == {}
    kinds = set()
    for line in lines:
        e = json.loads(line)
        expected = (e["previous_declarer"] if e["previous_declarer"] is not None
                    else e["declarer"] if e["declarer"] is not None else (e["banker"] + 1) % 4
                    if e["level_change"][0] == "banker" else None)
        if expected is not None:
            assert e["next_banker"] == expected, e
        kinds.add("previous" if e["previous_declarer"] is not None else "declarer" if e["declarer"] is not None
                  else "nobody")
    assert {"previous", "declarer"} <= kinds  # the rule is tested where each role names the seat
    entry = json.loads(next(line for line in lines if json.loads(line)["previous_declarer"] is not None))
    assert any("previous_declarer" in p for p in replay_hand({**entry, "previous_declarer": entry["declarer"]},
                                                              FALLBACK))
    assert any("previous_declarer" in p for p in replay_hand({k: v for k, v in entry.items()
                                                               if k != "previous_declarer"}, FALLBACK))
    other = (entry["next_banker"] + 1) % 4
    assert any("next banker" in p for p in replay_hand({**entry, "next_banker": other}, FALLBACK))


def test_friends_in_whole_hands_of_finding_friends_replay_clean():
    rules = tr.loads(FRIENDS + "\nlevels\n  when a hand ends: the next banker is the first of the banker's friends "
                               "after the banker, otherwise the banker\n")
    lines = [r.log_line for r in simulate(rules, 20, seed=3, players="random,greedy", log=True)]
    assert replay_log(lines, rules) == {}
    assert not any("previous_declarer" in json.loads(line) for line in lines)  # no declarer named: not logged


# --- the oracle ------------------------------------------------------------------------------------


def test_the_oracle_names_the_player_a_role_names_in_a_logged_hand():
    lines = [r.log_line for r in simulate(FALLBACK, 12, seed=9, players="random", log=True)]
    for line in lines:
        e = json.loads(line)
        assert FALLBACK.role_seat("declarer", e) == e["declarer"]
        assert FALLBACK.role_seat(["otherwise", "previous-declarer", "declarer", ["first-of", "attackers", "banker"]],
                                  line) == e["next_banker"]
        seats = [(e["banker"] + k) % 4 for k in range(1, 5)]
        assert FALLBACK.role_seat(["first-of", "attackers", "banker"], e) == \
            next(s for s in seats if s % 2 != e["banker"] % 2)
    with pytest.raises(EngineError):
        FALLBACK.role_seat(["otherwise", "banker"], json.loads(lines[0]))
    with pytest.raises(EngineError):  # its rules read no declarer: the log does not say who declared
        tr.load("two-decks").role_seat("declarer", json.loads(lines[0]))


# --- the sheet -------------------------------------------------------------------------------------


def test_the_sheet_says_each_role_and_the_fallbacks():
    trigger = RULES.levels.after_hand[-2]
    english = trigger_sentence(trigger)
    assert ("the first player after the banker in turn order who holds ♥3 as the tricks begin, or if nobody, the "
            "first of the banker's friends after the banker in turn order (the banker last), or if nobody, the "
            "declarer (the player whose declaration stood) banks the next hand (if nobody, the next banker is as "
            "the other rules say)") in english
    with language("zh"):
        chinese = trigger_sentence(trigger)
        assert "若无此人则按出牌顺序庄家本人之后庄家的朋友中的第一位（庄家本人排在最后）" in chinese
        assert "亮主者（最后亮主成立的玩家）做下一局的庄家（若无此人，下一局的庄家照其他规则定）" in chinese
        assert "前一个" not in effect_words(("next-banker", "declarer"))
        assert "上一个亮主者" in effect_words(("next-banker", "previous-declarer"))
    # a role that always names somebody says no "if nobody"
    assert effect_words(("next-banker", ("first-of", "attackers", "banker"))) == \
        "the first of the attackers after the banker in turn order (the banker last) banks the next hand"


# --- lint ------------------------------------------------------------------------------------------


def test_a_fallback_after_a_role_that_always_names_somebody_is_w136():
    from tractor_rules import facade

    text = HEADER + "\nlevels\n  when a hand ends: the next banker is the banker's partner, otherwise the declarer\n"
    found = [d for d in facade.lint(text, "house.tractor")["diagnostics"] if d["code"] == "W136"]
    assert [(d["line"], d["column"]) for d in found] == [(4, 62)]
    fine = HEADER + "\nlevels\n  when a hand ends: the next banker is the declarer, otherwise the banker's partner\n"
    assert not [d for d in facade.lint(fine, "house.tractor")["diagnostics"] if d["code"] == "W136"]
    # the banker's friends may be nobody with called partners, never with fixed teams
    called = FRIENDS + ("\nlevels\n  when a hand ends: the next banker is the first of the banker's friends after the "
                        "banker, otherwise the banker\n")
    assert not [d for d in facade.lint(called, "house.tractor")["diagnostics"] if d["code"] == "W136"]
    seated = HEADER + ("\nlevels\n  when a hand ends: the next banker is the first of the banker's friends after the "
                       "banker, otherwise the banker\n")
    assert [d["code"] for d in facade.lint(seated, "house.tractor")["diagnostics"]].count("W136") == 1


def test_codes_are_in_the_table():
    assert codes.code_info("E354").name == "friends-team"
    assert codes.code_info("E355").name == "misplaced-fallback"
    assert codes.code_info("E356").name == "role-never-names"
    assert codes.code_info("W136").severity == "warning"
