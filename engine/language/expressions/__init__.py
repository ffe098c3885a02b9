"""The expression language of rulesets: formulas in YAML strings, checked when a ruleset is read.

``Compiler(scope).compile(text, expected_type)`` gives an :class:`Expression`
(raises :class:`ExpressionProblem` with the offset in the text); calling it
with a world (``StateWorld(state)``) works it out (raises
:class:`ExpressionFailure`). See ``docs/rulesets/expressions.md``.
"""

from engine.language.expressions.compiler import Compiler, Expression
from engine.language.expressions.names import Binding, Scope, expression_name
from engine.language.expressions.problems import ExpressionFailure, ExpressionProblem
from engine.language.expressions.types import Type

__all__ = [
    "Binding",
    "Compiler",
    "Expression",
    "ExpressionFailure",
    "ExpressionProblem",
    "Scope",
    "Type",
    "expression_name",
]
