"""The expression compiler of a ruleset, made once and kept with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.language.expressions.compiler import Compiler

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def compiler_for(ruleset: Ruleset | Any) -> Compiler:
    """The compiler of ``ruleset``'s expressions (its scope), cached on the ruleset: every step compiles its
    expressions with one compiler, which compiles each function of the ruleset once."""
    found = ruleset.__dict__.get("_expression_compiler")
    if found is None:
        found = Compiler(ruleset.scope)
        # Not a field: the cache stays out of comparisons and of the pickle a worker process receives.
        object.__setattr__(ruleset, "_expression_compiler", found)
    return found
