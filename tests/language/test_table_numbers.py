"""Numbers of the table as rule expressions: the deal sizes, the throw and revoke penalties, the
smaller banker team's bonus, the coins, the leaving stakes, the stake multipliers, the upgrade
table's 'every', 'at most' and 'steps', the kitty formula's cap and the game's length in hands may
be written with the decks and the
players ("deal: 100 / players each"); the compiler works them out once the whole ruleset is read,
so the compiled field stays the number (its JSON form unchanged) and the sheet says the formula."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet
from tractor_rules.rules import expressions as ex
from quantity_cases import QUANTITY_CASES

HEADER = 'extends: "two-decks"\n'


def diagnostics(text: str) -> list[tuple[int, int, str, str]]:
    """(line, column, code, message) of each error ``text`` gives, in order; [] when it compiles."""
    try:
        tr.loads(text, "x.tractor")
    except tr.RulesetError as error:
        return [(d.line, d.column, d.code, d.message) for d in error.diagnostics]
    return []


#: each statement that takes a number of the table, a formula in it, and the fields it gives
#: (2 decks, 4 players: two-decks's table)
STATEMENTS = {
    "deal": ("table", "deal: (54 * decks - 8) / players each, kitty 8",
             lambda r: (r.table.hand_size, r.table.kitty_size), (25, 8)),
    "throw per attempt": ("lead", "throw penalty: 5 * decks per attempt",
                          lambda r: (r.leading.throw_penalty.kind, r.leading.throw_penalty.points), ("per-attempt", 10)),
    "throw per card": ("lead", "throw penalty: players + 6 per card taken back",
                       lambda r: (r.leading.throw_penalty.kind, r.leading.throw_penalty.points), ("per-card", 10)),
    "throw sides": ("lead", "throw penalty: bankers 10 * decks per attempt, attackers 5 × decks per attempt",
                    lambda r: (r.leading.throw_penalty.points, r.leading.attackers_throw_penalty.points), (20, 10)),
    "revoke": ("follow", "revoke penalty: 10 × decks points",
               lambda r: (r.following.revoke_penalty.kind, r.following.revoke_penalty.points), ("per-attempt", 20)),
    "bonus": ("levels", "bonus for a smaller banker team: + players - 3",
              lambda r: r.levels.short_team_bonus, 1),
    "coins": ("stakes", "coins: banker base decks, attackers base decks + 1, winner receives 100 - players %",
              lambda r: (r.stakes.banker_base, r.stakes.attackers_base, r.stakes.winner_percent), (2, 3, 96)),
    "leaving": ("stakes", "leaving: leaver loses 2 * players, others gain 2",
                lambda r: (r.stakes.leave_penalty, r.stakes.leave_others), (8, 2)),
    "multiplier": ("stakes", "multiplier: decks above 20 * players, decks + 1 above 100 * (decks + 1)",
                   lambda r: tuple((s.factor, s.above) for s in r.stakes.multipliers), ((2, 80), (3, 300))),
    "every": ("upgrade", "{rows}160+: attackers +1, +1 every 20 * decks",
              lambda r: r.thresholds[-1].every, 40),
    "at most": ("upgrade", "{rows}160+: attackers +1, +1 every 40, at most +players",
                lambda r: r.thresholds[-1].at_most, 4),
    "steps": ("upgrade", "steps: 20 * decks, attackers at most +decks",
              lambda r: (r.thresholds[-1].low, r.thresholds[-1].every, r.thresholds[-1].at_most), (120, 40, 2)),
    "kitty cap": ("kitty", "multiplier: 2 ^ size, at most 4 * decks", lambda r: r.kitty.cap, 8),
    "hands": ("levels", "game end: after 4 * players hands", lambda r: r.levels.end_hands, 16),
}
#: the closed rows above an open row of the upgrade table
ROWS = "0: banker +3\n  5-35: banker +2\n  40-75: banker +1\n  80-115: swap\n  120-155: attackers +1\n  "
#: the same statements with literal numbers
LITERALS = {
    "deal": "deal: 25 each, kitty 8",
    "throw per attempt": "throw penalty: 10 per attempt",
    "throw per card": "throw penalty: 10 per card taken back",
    "throw sides": "throw penalty: bankers 20 per attempt, attackers 10 per attempt",
    "revoke": "revoke penalty: 20 points",
    "bonus": "bonus for a smaller banker team: + 1",
    "coins": "coins: banker base 2, attackers base 3, winner receives 96 %",
    "leaving": "leaving: leaver loses 8, others gain 2",
    "multiplier": "multiplier: 2 above 80, 3 above 300",
    "every": "{rows}160+: attackers +1, +1 every 40",
    "at most": "{rows}160+: attackers +1, +1 every 40, at most +4",
    "steps": "steps: 40, attackers at most +2",
    "kitty cap": "multiplier: 2 ^ size, at most 8",
    "hands": "game end: after 16 hands",
}
#: the bonus is read only where partners are called
CALLED = (HEADER + "table\n  partners: by calling 1 card\nlevels\n"
          "  next banker: same banker after a hold, next of winners after a loss\n")


def text_of(case: str, statement: str) -> str:
    if case == "bonus":
        return CALLED + f"  {statement}\n"
    return HEADER + f"{STATEMENTS[case][0]}\n  {statement.format(rows=ROWS)}\n"


@pytest.mark.parametrize("case", list(STATEMENTS))
def test_each_statement_takes_a_formula_and_compiles_to_the_number_the_literal_gives(case):
    section, statement, read, value = STATEMENTS[case]
    formula = tr.loads(text_of(case, statement), "x.tractor")
    literal = tr.loads(text_of(case, LITERALS[case]), "x.tractor")
    assert read(formula) == read(literal) == value
    # the field is the number: the rules are equal, and so are their JSON forms
    assert formula == literal
    assert formula.to_dict() == literal.to_dict()
    assert "written" not in formula.to_dict()
    assert formula.written and not literal.written


def test_a_formula_is_kept_for_the_sheet_and_not_in_the_json_form():
    rules = tr.loads(HEADER + "table\n  deal: 100 / players each, kitty 8\n", "x.tractor")
    assert dict(rules.written) == {"table.hand_size": ("div", ("num", 100), ("var", "players"))}
    back = tr.Rules.from_dict(rules.to_dict())
    assert back == rules and back.written == ()


@pytest.mark.parametrize("name", list(ex.QUANTITIES))
def test_only_the_decks_and_the_players_are_known_before_a_hand(name):
    words = QUANTITY_CASES[name][0]
    text = HEADER + f"follow\n  revoke penalty: 10 + {words} points\n"
    if name in ("decks", "players"):
        assert diagnostics(text) == []
        return
    ((line, column, code, message),) = diagnostics(text)
    assert (line, column, code) == (3, 24, "E212")
    assert f"'{words}'" in message and "is not known before any hand is dealt" in message


def test_a_formula_out_of_range_is_the_literals_error_at_the_formula_with_the_table_it_was_worked_with():
    ((line, column, code, message),) = diagnostics(HEADER + "lead\n  throw penalty: 10 - 5 * decks per attempt\n")
    assert (line, column, code) == (3, 18, "E201")
    assert message == "a penalty must be from 1 to 10000, not 0 (with 2 decks and 4 players)"
    literal = diagnostics(HEADER + "lead\n  throw penalty: 0 per attempt\n")
    assert [(li, co, cd) for li, co, cd, _ in literal] == [(3, 18, "E201")]


def test_a_deal_worked_out_that_does_not_use_the_cards_is_the_literals_error():
    formula = diagnostics(HEADER + "table\n  deal: 100 / players each, kitty 6\n")
    literal = diagnostics(HEADER + "table\n  deal: 25 each, kitty 6\n")
    assert formula and [d[:3] for d in formula] == [d[:3] for d in literal]


def test_a_number_in_brackets_is_that_number_written_plainly():
    rules = tr.loads(HEADER + "table\n  deal: (25) each, kitty 8\n", "x.tractor")
    assert rules.table.hand_size == 25 and rules.written == ()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.tractor"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_files_decks_and_players_count_in_its_parents_formula(tmp_path: Path):
    write(tmp_path, "parent", 'ruleset: "parent"\nextends: "two-decks"\ntable\n'
                              "  deal: (54 * decks - 12) / players each, kitty 12\n"
                              "follow\n  revoke penalty: 10 * decks points\n")
    parent = tr.load(tmp_path / "parent.tractor")
    assert (parent.table.hand_size, parent.following.revoke_penalty.points) == (24, 20)
    six = tr.load(write(tmp_path, "six", 'ruleset: "six"\nextends: "parent.tractor"\ntable\n  players: 6\n'
                                        "  partners: alternate\n"))
    assert (six.table.players, six.table.hand_size, six.table.kitty_size) == (6, 16, 12)
    assert dict(six.written)["table.hand_size"] == dict(parent.written)["table.hand_size"]
    # a formula of its own, read with its own decks (the revoke penalty, its parent's, with them too)
    three = tr.load(write(tmp_path, "three", 'ruleset: "three"\nextends: "parent.tractor"\ntable\n  decks: 3\n'
                                            "  deal: (54 * decks - 10) / players each, kitty 10\n"))
    assert (three.table.decks, three.table.hand_size, three.following.revoke_penalty.points) == (3, 38, 30)


def test_a_house_file_whose_table_no_longer_fits_its_parents_formula_gets_the_literals_error(tmp_path: Path):
    write(tmp_path, "parent", 'ruleset: "parent"\nextends: "two-decks"\ntable\n'
                              "  deal: (54 * decks - 12) / players each, kitty 12\n")
    write(tmp_path, "three", 'ruleset: "three"\nextends: "parent.tractor"\ntable\n  decks: 3\n')
    with pytest.raises(tr.RulesetError) as info:
        tr.load(tmp_path / "three.tractor")
    # (162 - 12) / 4 rounds down to 37: 4 × 37 + 12 is not the 162 cards, as a literal 37 would not be
    literal = write(tmp_path, "literal", 'ruleset: "literal"\nextends: "two-decks"\ntable\n  decks: 3\n'
                                         "  deal: 37 each, kitty 12\n")
    with pytest.raises(tr.RulesetError) as expected:
        tr.load(literal)
    assert [d.code for d in info.value.diagnostics] == [d.code for d in expected.value.diagnostics]
    assert info.value.diagnostics[0].code == "E301"


@pytest.mark.parametrize("lang, words", [
    ("en", "25 (100 divided by the number of players, rounded down) cards"),
    ("zh", "25（100除以玩家人数（向下取整））张"),
])
def test_the_sheet_says_the_number_and_its_formula(lang, words):
    rules = tr.loads(HEADER + "table\n  deal: 100 / players each, kitty 8\n"
                              "follow\n  revoke penalty: 10 × decks points\n", "x.tractor")
    sheet = render_sheet(rules, "md", lang)
    assert words in sheet
    penalty = "20 (10 times the number of decks) points" if lang == "en" else "20（牌的副数的10倍）分"
    assert penalty in sheet
    plain = render_sheet(tr.loads(HEADER + "table\n  deal: 25 each, kitty 8\n", "x.tractor"), "md", lang)
    assert "25 (" not in plain and "25（" not in plain


def test_a_stake_multipliers_formulas_are_kept_by_row_and_field():
    rules = tr.loads(HEADER + "stakes\n  multiplier: 2 above 20 * players, decks + 1 above 300\n", "x.tractor")
    assert dict(rules.written) == {"stakes.multipliers[0].above": ("mul", ("num", 20), ("var", "players")),
                                   "stakes.multipliers[1].factor": ("add", ("var", "decks"), ("num", 1))}
    assert rules.to_dict()["stakes"]["multipliers"] == [{"above": 80, "factor": 2}, {"above": 300, "factor": 3}]


def test_a_stake_multipliers_thresholds_go_upwards_as_worked_out():
    # 20 × 4 players is 80: a threshold of 50 after it does not go upwards, as a literal 80 would say
    ((line, column, code, message),) = diagnostics(HEADER + "stakes\n  multiplier: 2 above 20 * players, 3 above 50\n")
    assert (line, column, code, message) == (3, 37, "E206", "thresholds go upwards: 50 is not above 80")
    literal = diagnostics(HEADER + "stakes\n  multiplier: 2 above 80, 3 above 50\n")
    assert [(li, cd, m) for li, _, cd, m in literal] == [(3, code, message)]


def test_a_stake_multiplier_reads_only_the_table_and_stays_in_range():
    ((line, column, code, message),) = diagnostics(HEADER + "stakes\n  multiplier: 2 above bid\n")
    assert (line, column, code) == (3, 23, "E212") and "is not known before any hand is dealt" in message
    ((line, column, code, message),) = diagnostics(HEADER + "stakes\n  multiplier: 50 * players above 80\n")
    assert (line, column, code) == (3, 15, "E201")
    assert message == "a stake multiplier must be from 1 to 100, not 200 (with 2 decks and 4 players)"


@pytest.mark.parametrize("lang, words", [
    ("en", "when every player has more than 80 (20 times the number of players) table points, a hand counts "
           "3 (the number of decks plus 1) times"),
    ("zh", "所有玩家的积分都超过80（玩家人数的20倍）时，一局按3（牌的副数加1）倍计算"),
])
def test_the_sheet_says_a_stake_multipliers_formulas(lang, words):
    rules = tr.loads(HEADER + "stakes\n  game points: banker +1 or more = 2, swap = 2, attackers +1 or more = 3\n"
                              "  multiplier: decks + 1 above 20 * players\n", "x.tractor")
    assert words in render_sheet(rules, "md", lang)


@pytest.mark.parametrize("statement", [
    "160+: attackers +1, +1 every 20 + points",
    "160+: attackers +1, +1 every 40, at most +bid",
    "steps: points / 2",
])
def test_the_upgrade_tables_numbers_refuse_what_the_hand_decides(statement):
    # 'every' and 'at most' are read with the score they decide about: only the table is known there
    text = HEADER + "upgrade\n  " + (ROWS if statement.startswith("160") else "") + statement + "\n"
    codes = [code for _, _, code, _ in diagnostics(text)]
    assert codes == ["E212"]


@pytest.mark.parametrize("lang, words", [
    ("en", ["every further 40 (20 times the number of decks) points", "up to 4 (the number of players) levels",
            "at most 8 (4 times the number of decks)", "after 16 (4 times the number of players) hands"]),
    ("zh", ["每多40（牌的副数的20倍）分", "最多升4（玩家人数）级", "倍数最多为8（牌的副数的4倍）", "打16（玩家人数的4倍）局"]),
])
def test_the_sheet_says_the_upgrade_kitty_and_game_numbers_with_their_formulas(lang, words):
    rules = tr.loads(HEADER + "upgrade\n  " + ROWS + "160+: attackers +1, +1 every 20 * decks, at most +players\n"
                     "kitty\n  multiplier: 2 ^ size, at most 4 * decks\nlevels\n  game end: after 4 * players hands\n",
                     "x.tractor")
    sheet = render_sheet(rules, "txt", lang).replace("\n  ", " ").replace("\n", " ")
    if lang == "zh":
        sheet = sheet.replace(" ", "")
    for phrase in words:
        assert phrase in sheet, phrase


@pytest.mark.parametrize("lang, words", [
    ("en", ["steps of 40 (20 times the number of decks) points", "at most 2 (the number of decks) levels"]),
    ("zh", ["每40（牌的副数的20倍）分为一档", "最多升2（牌的副数）级"]),
])
def test_the_sheet_says_the_step_and_its_cap_with_their_formulas(lang, words):
    rules = tr.loads(HEADER + "upgrade\n  steps: 20 * decks, attackers at most +decks\n", "x.tractor")
    sheet = render_sheet(rules, "txt", lang).replace("\n  ", " ").replace("\n", " ")
    if lang == "zh":
        sheet = sheet.replace(" ", "")
    for phrase in words:
        assert phrase in sheet, phrase
    plain = render_sheet(tr.loads(HEADER + "upgrade\n  steps: 40, attackers at most +2\n", "x.tractor"), "txt", lang)
    assert "steps of" not in plain and "一档" not in plain
