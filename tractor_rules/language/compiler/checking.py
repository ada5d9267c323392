"""The compiler's side of the checks that relate several fields (``rules/checks.py``): it runs them
once the rules are built, and reports each problem at the statement that set the field to blame,
as every other error of the compiler is reported.
"""

from __future__ import annotations

from ... import rules as model
from ...rules.checks import Restatement, check_rules, effect_path
from ..syntax import Node
from .core import Compiler, checks


class StatementReporter:
    """The ``rules.checks.Reporter`` of a compile: a field's problem goes to the statement that set
    the field (``Compiler.error_at_field``), and a problem with one effect of a house rule to that
    effect's words in its ``when`` statement (with its condition, to the condition's words); the
    statements that would mend it go with it as edits of the file (``Compiler.statement_fix``: LSP
    quick fixes, playground buttons)."""

    def __init__(self, compiler: Compiler, rules: model.Rules):
        self.compiler = compiler
        #: each effect of the house rules after a hand by its field (``checks.effect_path``): the
        #: rules hold the statements' effects in the order written, one trigger per statement
        #: that compiled (``levels.after_hand`` is made of ``Compiler.triggers``)
        self.effects: dict[str, Node] = {}
        if rules.levels.after_hand:
            for i, (_trigger, st) in enumerate(compiler.triggers):
                if st.node.args and isinstance(st.node.args[0], Node):
                    self.effects[f"levels.after_hand[{i}].condition"] = st.node.args[0]
                for j, effect in enumerate(st.node.args[1:]):
                    if isinstance(effect, Node):
                        self.effects[effect_path(i, j)] = effect

    def error_at_field(self, paths: tuple[str, ...], message: str, *, code: str,
                       fixes: tuple[Restatement, ...] = ()) -> None:
        # each statement that would mend the problem, as an edit of the file being compiled
        edits = tuple(self.compiler.statement_fix(fix.field, fix.section, fix.statement) for fix in fixes)
        effect = self.effects.get(paths[0])
        if effect is not None:
            self.compiler.error(effect, message, code=code, fixes=edits)
        else:
            self.compiler.error_at_field(paths, message, code=code, fixes=edits)

    def already_refused(self, field: str) -> bool:
        table = self.compiler.upgrade_tables.get(field)
        return table is not None and table.broken

    def hand_without_call(self, rules: model.Rules) -> tuple[str | None, str | None] | None:
        # Loaded only for a ruleset with conditions on its called cards: the engine's rulings are
        # the one module of the engine a compile needs, and most compiles (the playground's first
        # answer, `check`) need none of it.
        from ...engine.rulings.card_rules import hand_without_call

        return hand_without_call(rules)


@checks
def check_compiled(compiler: Compiler, rules: model.Rules) -> None:
    """Report every problem of ``rules`` that relates several fields, each at its statement."""
    check_rules(StatementReporter(compiler, rules), rules)
