"""The table of diagnostic codes: every error and warning the package reports has one stable code.

A code never changes its meaning once released; a retired code is not reused.  Errors are
``E…`` (syntax ``E0xx``, resolution of ``extends`` and files ``E1xx``, one statement ``E2xx``, the
rules as a whole ``E3xx``, the oracle and the export ``E4xx``); warnings are ``W1xx``, the
linter's (``check`` reports those the compiler makes too).  Each code has a section in docs/errors.md (errors) or
docs/lint.md (warnings) whose anchor is the code in lower case, which a test checks.

Raise sites name their code through the constants below, never as a bare string, so that a
search for a constant finds every place it is raised.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Code:
    code: str
    #: a short, stable slug ("unknown-word"), for configuration and for people
    name: str
    severity: Severity
    #: one line saying what it reports
    summary: str

    @property
    def anchor(self) -> str:
        """The anchor of the code's section on its docs page."""
        return self.code.lower()

    @property
    def page(self) -> str:
        """The docs page that explains the code."""
        return "errors.md" if self.severity == "error" else "lint.md"


#: code → its entry, in the order defined
CODES: dict[str, Code] = {}


def _define(code: str, name: str, summary: str) -> str:
    assert code not in CODES, code
    assert code[0] in "EW" and len(code) == 4 and code[1:].isdigit(), code
    CODES[code] = Code(code, name, "error" if code[0] == "E" else "warning", summary)
    return code


# --- syntax -----------------------------------------------------------------------------------------
UNKNOWN_WORD = _define("E001", "unknown-word", "a word the grammar does not know here, close to one it does")
WRONG_SECTION = _define("E002", "wrong-section", "a statement written under the wrong section, or the "
                                                 "preamble after a section")
UNEXPECTED_TOKEN = _define("E003", "unexpected-token", "a word or value that cannot come here")
LINE_ENDS_EARLY = _define("E004", "line-ends-early", "the line stops before the statement is complete")
UNEXPECTED_END = _define("E005", "unexpected-end", "the file stops in the middle of a statement")
UNEXPECTED_CHARACTER = _define("E006", "unexpected-character", "a character that is no part of the language")
UNTERMINATED_STRING = _define("E007", "unterminated-string", "a string not closed on its line")
BAD_ESCAPE = _define("E008", "bad-escape", "a backslash escape a string cannot hold")
CONTROL_CHARACTER = _define("E009", "control-character", "a string holding a control character or a "
                                                         "direction override")
NUMBER_TOO_LARGE = _define("E010", "number-too-large", "a number of more than six digits")
NESTED_TOO_DEEP = _define("E011", "nested-too-deep", "parentheses nested more than 16 deep")
FILE_TOO_LARGE = _define("E012", "file-too-large", "a ruleset file over 256 KiB")
NOT_UTF8 = _define("E013", "not-utf8", "a file that is not UTF-8 text")
NOT_TEXT = _define("E014", "not-text", "something other than text given as a ruleset")
LONE_SURROGATE = _define("E015", "lone-surrogate", "half of a UTF-16 surrogate pair on its own, written or "
                                                   "escaped: no character")
LONE_CARRIAGE_RETURN = _define("E016", "lone-carriage-return", "a carriage return that no line feed follows "
                                                               "(an old Mac line end)")
FORMULA_TOO_LONG = _define("E017", "formula-too-long", "an expression (a kitty formula, a house rule) of more than 64 operators")
WRONG_KIND = _define("E018", "wrong-kind", "a word of another kind where a number, a card or a condition "
                                            "goes: a condition or a player where a number goes, a player where a "
                                            "card goes, an effect where a condition goes")

# --- resolution: extends and files -------------------------------------------------------------------
UNKNOWN_RULESET = _define("E101", "unknown-ruleset", "extends names no shipped ruleset")
PARENT_NOT_FOUND = _define("E102", "parent-not-found", "extends names a file that does not exist")
OUTSIDE_ALLOWED_FOLDERS = _define("E103", "outside-allowed-folders", "extends names a file outside the "
                                                                     "folders it may read")
NOT_A_RULESET_FILE = _define("E104", "not-a-ruleset-file", "extends names a file whose name does not end "
                                                           "in .tractor")
SHIPPED_ONLY = _define("E105", "shipped-only", "a file is extended where only shipped rulesets may be")
PARENT_UNREADABLE = _define("E106", "parent-unreadable", "the parent file exists but cannot be read")
EXTENDS_TWICE = _define("E107", "extends-twice", "a ruleset with two extends statements")
EXTENDS_EMPTY = _define("E108", "extends-empty", "extends with an empty name")
EXTENDS_CYCLE = _define("E109", "extends-cycle", "the chain of parents goes round in a circle")
EXTENDS_TOO_DEEP = _define("E110", "extends-too-deep", "more than 16 levels of extends")
FILE_UNREADABLE = _define("E111", "file-unreadable", "the ruleset named on the command line or given to "
                                                     "load cannot be found or read")
BAD_ARGUMENT = _define("E112", "bad-argument", "a Python argument of the wrong type given to load or "
                                               "loads")

# --- semantics: one statement ----------------------------------------------------------------------
OUT_OF_RANGE = _define("E201", "out-of-range", "a number outside the range its statement allows")
NOT_A_RANK = _define("E202", "not-a-rank", "a value that is not a rank")
NOT_A_CARD = _define("E203", "not-a-card", "a value that is not a card")
DUPLICATE_STATEMENT = _define("E204", "duplicate-statement", "a statement written twice in one file")
REPEATED_VALUE = _define("E205", "repeated-value", "a value listed twice in one statement")
WRONG_ORDER = _define("E206", "wrong-order", "a range or a list written in the wrong direction")
NOTHING_TO_UNSET = _define("E207", "nothing-to-unset", "an unset that names nothing it could take back")
TEXT_TOO_LONG = _define("E208", "text-too-long", "an empty name, or a name or description too long")
CONTRADICTORY_STATEMENT = _define("E209", "contradictory-statement", "a statement whose parts cannot all "
                                                                     "hold")
UNKNOWN_LANGUAGE = _define("E210", "unknown-language", "a name or description 'in' a code that names no "
                                                      "language, or 'in en'")
EXPRESSION_TYPE = _define("E211", "expression-type", "a number where a condition goes")
NOT_KNOWN_HERE = _define("E212", "not-known-here", "a quantity read where its value is not known yet")
NOTHING_TO_CALL = _define("E213", "nothing-to-call", "a rule on called cards that leaves no card to call in "
                                                     "some hand")

# --- semantics: the rules as a whole ---------------------------------------------------------------
TABLE_MISMATCH = _define("E301", "table-mismatch", "players, partners and points that do not fit together")
LEVELS_MISMATCH = _define("E302", "levels-mismatch", "levels that the deck or the range cannot play")
TRUMP_ORDER = _define("E303", "trump-order", "a trump order that is incomplete or misordered")
COMBINATION_DECKS = _define("E304", "combination-decks", "a combination the deck count cannot produce")
LINKS = _define("E305", "links", "links that do not follow the trump order")
DECLARING = _define("E306", "declaring", "a ladder, a fallback or a redeal the deck cannot support")
THROWS = _define("E307", "throws", "throw rules that contradict each other")
FOLLOW_LEAD = _define("E308", "follow-lead", "a follow list for a lead the game does not have")
FOLLOW_ENTRY = _define("E309", "follow-entry", "a follow list entry of the wrong size, shape or place")
FOLLOW_UNREACHABLE = _define("E310", "follow-unreachable", "a follow list entry that an earlier entry "
                                                           "always hides")
KITTY = _define("E311", "kitty", "a kitty multiplier or display that cannot work")
UPGRADE_TABLE = _define("E312", "upgrade-table", "an upgrade table with gaps, overlaps or no open end")
CALLED_PARTNERS = _define("E313", "called-partners", "a rule for called partners with fixed teams, or for a "
                                                     "seated partner with called partners")
STAKES = _define("E314", "stakes", "game points that miss an outcome the table can produce")
NOT_UNDERSTOOD = _define("E315", "not-understood", "a statement the compiler does not know (the grammar "
                                                   "and the compiler are out of step)")
ENDLESS_GAME = _define("E316", "endless-game", "levels that go round without end, and a game end that needs a "
                                             "last level")
AUCTION = _define("E317", "auction", "an auction that the rest of the rules cannot play, or a bid read "
                                     "without an auction")
KIND_UNPLAYABLE = _define("E318", "kind-unplayable", "a kind of combination that no hand can hold")
GIVE_UP = _define("E319", "give-up", "giving up the bank where no declaration can find the next banker")
DECLARING_PHASES = _define("E320", "declaring-phases", "a phase of declaring (in turn after the deal) that the "
                                                       "rest of the rules cannot play")
OUTCOME_NUMBER = _define("E321", "outcome-number", "a number where a row's levels go that cannot be one: "
                                                   "below 0, unbounded, or reading what the row does not know")
OWN_LEVEL = _define("E322", "own-level", "each player declaring at their own level where the rest of the rules "
                                         "cannot find the banker by that declaring")
EXCHANGE = _define("E323", "exchange", "the exchange with the declarer where no declaration stands to take, or "
                                       "with a later declaring that would read the cards taken")
TURNED = _define("E324", "turned", "turning the kitty's cards to find the banker (翻底牌定庄) where the players "
                                   "have no levels of their own, or after another way of choosing trump")
FACE_DOWN = _define("E325", "face-down", "declarations face down until the kitty is buried where the rest of the "
                                        "rules would judge or read them, or trump, before they are turned")
CONTEST = _define("E326", "contest", "a contest for the first trump where the rest of the rules find the first "
                                     "hand's banker and trump another way")
REDEAL_ASKED = _define("E327", "redeal-asked", "a condition on who may ask for a redeal that the rest of the "
                                              "rules cannot play, or that would redeal every deal")
DECLARER_RELATION = _define("E328", "declarer-relation", "a condition on who may overturn or reinforce during the "
                                                       "deal, or overturn after the kitty, that cannot be asked there: the standing declarer's "
                                                       "partner or opponent without fixed teams, or of the one who "
                                                       "reinforces")
END_EARLY = _define("E329", "end-early", "ending a hand early where the rest of the rules read what the tricks "
                                         "not played would decide (the last trick, the teams of called partners, "
                                         "the points in the stakes)")
STAKE_SHARE = _define("E330", "stake-share", "a share of the table points between the hand's sides where no game "
                                             "points move them")
HOLDER_NOT_IN_PACK = _define("E331", "holder-not-in-pack", "the holder of a card that the pack does not have "
                                                           "(its rank or the card taken out), so nobody holds it")
CALLED_WITHOUT_CALLS = _define("E332", "called-without-calls", "a condition on the card the banker called in a "
                                                               "game where the banker calls no card (fixed teams)")
PREVIOUS_RELATION = _define("E333", "previous-relation", "a condition on who may overturn or reinforce that asks "
                                                        "of the previous declarer what cannot be asked there: "
                                                        "their partner without fixed teams, or the one who "
                                                        "reinforces being them")
FREE_BOMBS = _define("E335", "free-bombs", "bombs exempt from following suit in rules that have no bombs")
THROWER_RELATION = _define("E336", "thrower-relation", "a condition on who may stop a throw that reads the thrower's "
                                                       "partner or opponent without fixed teams")
TRACTORS_KEPT = _define("E337", "tractors-kept", "tractors exempt from breaking in rules that have no tractors")
PHASE_SEAT = _define("E339", "phase-seat", "a seat a phase goes round the table from that is not known when the "
                                          "phase begins (the burier before the kitty is buried, the dealer at "
                                          "the first lead)")
NO_DECLARER_SEAT = _define("E340", "no-declarer-seat", "a phase that goes round from the declarer, or the seat "
                                                       "after, where no declaration ever stands")
RIDING_PAIRS_ONE_DECK = _define("E345", "riding-pairs-one-deck", "pairs riding along a straight with a pack of "
                                                                 "one deck, where no two cards are alike")
CONCEDE = _define("E346", "concede", "letting a player concede a hand where the rest of the rules read what the "
                                     "tricks not played would decide (the last trick, the points in the stakes)")
PARTNER_REINFORCE = _define("E348", "partner-reinforce", "the declarer's partner named among those who may "
                                                           "reinforce where no partner can: without fixed teams, "
                                                           "with declarations face down, or with the exchange "
                                                           "with the declarer")
ONCE_ROUND_NEVER_PLAYED = _define("E350", "once-round-never-played", "a round of overturning after the kitty "
                                                                    "said to go once round where nobody overturns "
                                                                    "after the kitty")
LADDER_AFTER_KITTY_UNUSED = _define("E360", "ladder-after-kitty-unused", "a ladder for the round of overturning "
                                                                        "after the kitty where that round is never "
                                                                        "played (no overturning after the kitty, "
                                                                        "nobody declaring, an auction)")
LADDER_AFTER_KITTY_NONE = _define("E361", "ladder-after-kitty-none", "'ladder after kitty: none', a round of "
                                                                    "overturning after the kitty in which no "
                                                                    "declaration may overturn")
QUANTITY_CARD_NOT_IN_PACK = _define("E351", "quantity-card-not-in-pack", "a quantity of a card the pack does not "
                                                                        "have (its copies a team took or held, the "
                                                                        "level of its holder), which is always 0")
PLAYER_LEVEL_NOBODY = _define("E352", "player-level-nobody", "the level of a player the rules never have: the "
                                                             "banker's partner without fixed teams")
FRIENDS_TEAM = _define("E354", "friends-team", "the banker's friends named where they mean nothing: a hand's "
                                               "outcome (they win and lose with the bankers), a level change, or "
                                               "rules where the banker plays alone")
MISPLACED_FALLBACK = _define("E355", "misplaced-fallback", "'otherwise ROLE' that follows no role ('the next banker "
                                                           "is ROLE'), or more fallbacks than a role takes")
ROLE_NEVER_NAMES = _define("E356", "role-never-names", "a role that can name nobody in these rules (the declarer "
                                                       "where nobody declares), or the first of a team counted "
                                                       "from the first of another team")
ROLE_NOT_KNOWN = _define("E370", "role-not-known", "a role named where it is not known: who buries or the next "
                                                   "banker named by a role found only at another moment (the "
                                                   "burier after a hand, the declarer when the kitty is taken)")
FIRST_DECLARATION_BEFORE = _define("E371", "first-declaration-before", "a condition on who may make a deal's first "
                                                                       "declaration that reads the declarations "
                                                                       "before it (the declarer, the previous "
                                                                       "declarer, the overturns), of which it has "
                                                                       "none")
OWN_CHANGE_READS_LEVELS = _define("E357", "own-change-reads-levels", "a house rule that changes the hand's own "
                                                                     "level change ('the hand gives N levels') "
                                                                     "whose condition reads the levels that change "
                                                                     "gives")
PLAYER_LEVEL_SHARED = _define("E362", "player-level-shared", "one player's level changed ('the declarer + 1 "
                                                             "level') where partners share one level: fixed "
                                                             "teams")
WORTH_WITHOUT_GAME_POINTS = _define("E363", "worth-without-game-points", "a house rule that changes what a hand is "
                                                                         "worth ('the hand is worth N game "
                                                                         "points') in rules that count no game "
                                                                         "points")
SCORE_TEAM_UNKNOWN = _define("E364", "score-team-unknown", "the level of the winners or the losers where the upgrade "
                                                           "table is read ('counted:'): the table decides who wins")
SCORE_ROLE_UNKNOWN = _define("E365", "score-role-unknown", "the level of a player where the upgrade table is read "
                                                           "('counted:') whose seat the bank does not name (only the "
                                                           "banker's, the banker's partner's and the next seat's are "
                                                           "read there)")
KITTY_SHOWN_UNKNOWN = _define("E366", "kitty-shown-unknown", "the kitty shown to players not known at that "
                                                             "moment: the winners or the losers, the dealer, or "
                                                             "a team of called partners before the last trick")
KITTY_SHOWN_NOBODY = _define("E367", "kitty-shown-nobody", "the kitty shown to a team or a role these rules do not "
                                                           "have: the banker's partner without fixed teams, the "
                                                           "banker's friends where the banker plays alone, the "
                                                           "declarer where nobody declares")
RAINBOW_LIST = _define("E368", "rainbow-list", "a follow list for a rainbow where rainbows are not among trumps, "
                                              "so a follower short of the rainbow has no suit to follow")
RAINBOW_TERM = _define("E369", "rainbow-term", "a rainbow in a follow list other than as the whole first entry of a "
                                              "list for a rainbow, or of another length than the lead")
THROW_KIND_UNKNOWN = _define("E374", "throw-kind-unknown", "a kind of combination named in 'throws: allowed, "
                                                           "without ...' (or 'of ... only') that these rules do "
                                                           "not have")
THROW_KINDS_NOT_ALLOWED = _define("E375", "throw-kinds-not-allowed", "kinds of combination named for throws where "
                                                                     "throws are not allowed")
THROW_KINDS_NONE_LEFT = _define("E376", "throw-kinds-none-left", "a restriction of throws that leaves no kind of "
                                                                 "combination of these rules to throw")

# --- the oracle and the export ---------------------------------------------------------------------
CARD_NOTATION = _define("E401", "card-notation", "a card string the notation does not allow")
BAD_EXPORT = _define("E402", "bad-export", "data given to Rules.from_dict that is not a valid export")

# --- warnings: rules that compile but are probably not what the author meant ----------------------
INHERITED_TITLE = _define("W101", "inherited-title", "the name or description is inherited while the "
                                                     "table changed (also reported by check)")
RESTATED_VALUE = _define("W102", "restated-value", "a statement that says what its parent already says")
SWAP_POINT = _define("W103", "swap-point", "an upgrade table whose swap point does not fit the deck's points")
FOLLOW_ENTRY_NEVER_APPLIES = _define("W104", "follow-entry-never-applies", "a follow list entry that no "
                                                                           "hand can reach")
IMPOSSIBLE_LADDER_STEP = _define("W105", "impossible-ladder-step", "a declaration step that no hand can "
                                                                   "make with this deck")
UNREACHABLE_THRESHOLD = _define("W106", "unreachable-threshold", "an upgrade row that no score can reach")
NEVER_HOLDS = _define("W107", "never-holds", "a house rule whose condition no hand can meet, so its effects never "
                                             "happen")
BURIAL_SHORTFALL = _define("W108", "burial-shortfall", "a rule on buried cards that a player may hold too few "
                                                       "cards to keep")
BOMB_NEVER_MEETS = _define("W109", "bomb-never-meets", "a bomb that no other play is as large as, so it never "
                                                     "beats one")
NEVER_GIVEN_UP = _define("W110", "never-given-up", "giving up the bank in a game whose only hand is the first, "
                                                   "which has no banker yet to give it up")
IN_TURN_UNUSED = _define("W111", "in-turn-unused", "a statement about declaring during the deal in rules "
                                                  "that declare every hand in turn after it")
ROW_NUMBER_FIXED = _define("W112", "row-number-fixed", "an upgrade row whose levels, written as a number of the "
                                                       "hand, come to the same at every score it covers")
OWN_LEVEL_NEVER = _define("W113", "own-level-never", "each player declaring at their own level in a game where "
                                                     "the players' levels never differ, or no declaration shows a "
                                                     "level card")
NEVER_EXCHANGED = _define("W114", "never-exchanged", "the exchange with the declarer where no declaration of "
                                                     "a joker with a pair of level cards can stand, or no tractor "
                                                     "of pairs be shown")
TURNED_NEVER = _define("W115", "turned-never", "a way of choosing trump after the kitty's cards were turned to "
                                               "find the banker that can never find a card")
NEVER_FACE_DOWN = _define("W116", "never-face-down", "declarations face down where no declaration has a card "
                                                     "to lie face down: nobody declares, or every step is of "
                                                     "jokers alone, which are shown")
NEVER_DECLARED_IN_DEAL = _define("W117", "never-declared-in-deal", "a statement about declaring during the deal "
                                                                   "in a game of one hand whose trump a contest "
                                                                   "chooses")
REDEAL_NEVER = _define("W118", "redeal-never", "a condition on who may ask for a redeal that no player's dealt "
                                              "hand can meet, so no deal is ever redealt")
DECLARE_OVER_NEVER = _define("W119", "declare-over-never", "a condition on who may overturn or reinforce during "
                                                          "the deal that no player can meet")
END_EARLY_NEVER = _define("W120", "end-early-never", "a condition for ending a hand early that can never hold "
                                                     "while cards are left, so every hand is played out")

ONCE_ROUND_SAME = _define("W121", "once-round-same", "a round of overturning after the kitty said to go once "
                                                     "round where its condition allows one overturn at most, so "
                                                     "it ends as the round that goes on until all pass")
THROW_STOPPERS_NEVER = _define("W123", "throw-stoppers-never", "a condition on who may stop a throw that no player "
                                                             "can meet, so every throw stands")

EXEMPTION_NEVER = _define("W124", "exemption-never", "an exemption from the follow duty that never applies: "
                                                     "tractors exempt from breaking where only suit is followed")
ORDER_UNUSED = _define("W125", "order-unused", "who is asked first in a phase the rules never play (the round "
                                               "of overturning after the kitty, declaring in turn)")
ORDER_AS_DEFAULT = _define("W126", "order-as-default", "a phase's first seat that is always the seat the "
                                                       "default names (the burier who is always the banker)")
OVERTURN_AFTER_KITTY_NEVER = _define("W127", "overturn-after-kitty-never", "a condition on who may overturn "
                                                                          "after the kitty that no player can meet")
RIDING_PAIRS_NEVER = _define("W129", "riding-pairs-never", "pairs riding along a straight where a hand holds "
                                                           "fewer cards than the shortest straight with a pair")
CONCEDE_NEVER = _define("W130", "concede-never", "a condition on who may concede a hand that no player can "
                                              "meet while cards are left, or that only holds where the rule for "
                                              "ending early ends the hand first")
PARTNER_REINFORCE_NEVER = _define("W131", "partner-reinforce-never", "the declarer's partner named among those "
                                                                     "who may reinforce where no ladder step can "
                                                                     "take more of the same cards from the pack")
FIRST_OVERTURN_NEVER = _define("W133", "first-overturn-never", "a condition on who may overturn that only the "
                                                               "previous declarer (or their partner) can meet, "
                                                               "where nobody can be overturned first")
EFFECT_NEVER_FIRES = _define("W134", "effect-never-fires", "an effect of a house rule after a hand that never "
                                                           "changes anything: always undone by a later effect, "
                                                           "or naming a level the team is at already")
QUANTITY_FIXED = _define("W135", "quantity-fixed", "a quantity of the hand that every hand of these rules gives the "
                                                   "same value: the number of a team's players with fixed teams, "
                                                   "the overturns where no declaration can pass to another player")
FALLBACK_NEVER_REACHED = _define("W136", "fallback-never-reached", "a role's fallback that is never tried: a role "
                                                                   "before it names somebody in every hand")
HOLD_GAINS_NOTHING = _define("W137", "hold-gains-nothing", "'banker goes up: only with the last trick' where no "
                                                           "hold ever gains a level, so there is nothing for the "
                                                           "last trick to take away")
ROUND_STEP_NEVER = _define("W138", "round-step-never", "a step of the ladder after the kitty that overturns no "
                                                       "declaration the deal or the round can leave standing")
PLAYER_EFFECT_NEVER = _define("W139", "player-effect-never", "an effect on one player's level that never changes "
                                                             "anything: its role names nobody in any hand of these "
                                                             "rules, or it moves the player 0 levels")
KITTY_SHOWN_NOTHING_NEW = _define("W141", "kitty-shown-nothing-new", "the kitty shown only to the player who "
                                                                     "buries it, who knows it already")
STRAIGHT_LIST_NEVER = _define("W142", "straight-list-never", "a follow list for a straight of more cards than any "
                                                             "suit can hold in a row, or than a hand holds: no "
                                                             "straight of that length is ever led")
FIRST_DECLARATION_UNUSED = _define("W143", "first-declaration-unused", "a condition on who may make the first "
                                                                       "declaration where nobody declares (an "
                                                                       "auction, 'ladder: none')")
THROW_KINDS_NEVER = _define("W145", "throw-kinds-never", "a restriction of throws that never bars a throw: it "
                                                         "names every kind of combination these rules have as "
                                                         "one a throw may hold")
ONCE_CHANGES_NOTHING = _define("W146", "bid-once-changes-nothing", "'each player once' in an auction of two bids "
                                                                   "only: the second ends it at once, so no player "
                                                                   "is ever asked twice anyway")
FIRST_HAND_BIDDER_SAME = _define("W147", "first-hand-bidder-same", "'first bidder in the first hand:' that names "
                                                                   "the first bidder of every hand, or is written "
                                                                   "where no auction decides the bank")


def code_info(code: str) -> Code:
    """The entry of ``code``; KeyError for a code that is not in the table."""
    return CODES[code]

