"""Step ``call``: run a named step of the ruleset's ``procedures``, its parameters bound to the values given."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import RulesetError
from engine.base.i18n import _
from engine.base.suggestions import did_you_mean
from engine.core.flow import FlowNode, run_steps
from engine.language.expression_params import check_expression, compile_or_raise, evaluate
from engine.language.expressions.compiler import Expression
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.names import expression_name, type_named
from engine.language.expressions.types import ANY, Type
from engine.language.params import NAME_PATTERN, param
from engine.language.yaml_loader import json_path_child

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# Calls inside calls deeper than this are refused when the game is compiled (validate refuses a cycle first).
MAX_CALL_DEPTH = 32


class CallStep(FlowNode):
    """``call``: run the named step ``procedure`` (declared under ``procedures``), each of its parameters bound to
    the value of the expression ``with`` gives it.

    A named step is written once and called wherever it is needed, with
    different values: "that player is out of the round" takes the player.
    Its parameters are names like any other (``who``); a named step may call
    another, never itself (directly or not).

    Parameters: ``procedure``; ``with`` (parameter -> expression).

    ```yaml
    procedures:
      knock-out:
        parameters: {who: player}
        steps:
          - {kind: eliminate, player: who}
    flow:
      - {kind: call, procedure: knock-out, with: {who: target}}
    ```
    """

    kind = "call"
    parameters = {
        "procedure": param(
            "Procedure",
            "The named step to run (a key of procedures).",
            {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200},
            option=False,
        ),
        "with": param(
            "With",
            "The value of each parameter, an expression each.",
            {
                "type": "object",
                "propertyNames": {"pattern": NAME_PATTERN, "maxLength": 200},
                "additionalProperties": {"type": ["string", "number", "boolean"], "maxLength": 2000},
                "maxProperties": 50,
            },
            option=False,
        ),
    }
    required = ("procedure",)

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        procedures = context.data.get("procedures") or {}
        name = spec.get("procedure")
        if name not in procedures:
            context.add(
                f"{path}.procedure",
                # TRANSLATORS: error in a ruleset file: a "call" step names no procedure of the ruleset; {name} is the
                # name it gives, e.g. "draw-two".
                _("no procedure is called '{name}'", name=name) + did_you_mean(str(name), list(procedures)),
            )
            return
        parameters = procedures[name].get("parameters") or {}
        given = spec.get("with") or {}
        for missing in [parameter for parameter in parameters if parameter not in given]:
            # TRANSLATORS: error in a ruleset file; {name} is a procedure's name, e.g. "draw-two"; {parameter} the name
            # of one of its parameters, e.g. "count".
            context.add(
                path,
                _("the call of '{name}' gives no value to its parameter '{parameter}'", name=name, parameter=missing),
            )
        for extra in [parameter for parameter in given if parameter not in parameters]:
            # TRANSLATORS: error in a ruleset file: a call gives a value to a parameter the procedure lacks; {name} is
            # the procedure's name, e.g. "draw-two"; {parameter} the name given, e.g. "count".
            context.add(
                f"{path}.with",
                _("'{name}' has no parameter '{parameter}'", name=name, parameter=extra)
                + did_you_mean(extra, list(parameters)),
            )
        for parameter, text in given.items():
            expected = type_named(str(parameters.get(parameter)))
            if isinstance(text, str) and expected is not None:
                where = json_path_child(json_path_child(path, "with"), parameter)
                problem = check_expression(context.scope, context.tree, where, text, expected, {})
                if problem is not None:
                    context.report(problem)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        procedure = (ruleset.data.get("procedures") or {})[spec["procedure"]]
        depth = getattr(build, "call_depth", 0)
        if depth >= MAX_CALL_DEPTH:
            # TRANSLATORS: error in a ruleset file whose procedures call each other (or themselves) in an endless
            # circle.
            raise RulesetError([ruleset.problem_at("$.procedures", _("procedures call each other without end"))])
        compiler = compiler_for(ruleset)
        types = procedure.get("parameters") or {}
        # (slot, value or compiled expression) for each parameter.
        self.arguments: list[tuple[int, Any]] = []
        for name, value in (spec.get("with") or {}).items():
            slot = ruleset.scope.bindings[expression_name(name)].slot
            if isinstance(value, str):
                expected = type_named(str(types.get(name))) or ANY
                value = compile_or_raise(compiler, value, expected, {}, ruleset, self.id, f"with.{name}")
            self.arguments.append((slot, value))
        # The procedure's steps are built for this call (a call inside counts one level deeper).
        build.call_depth = depth + 1  # type: ignore[attr-defined]
        try:
            self.steps = tuple(build(child) for child in procedure.get("steps") or ())
        finally:
            build.call_depth = depth  # type: ignore[attr-defined]

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def start(self, state: State, frame: list) -> int:
        for slot, value in self.arguments:
            state.bound[slot] = evaluate(value, state, None, self.id, "with") if type(value) is Expression else value
        return run_steps(state, frame, self.steps)

    def resume(self, state: State, frame: list) -> int:
        return run_steps(state, frame, self.steps)


def parameter_types(procedure: Mapping[str, Any]) -> dict[str, Type]:
    """A procedure's parameters and their types."""
    return {
        name: found
        for name, type_name in (procedure.get("parameters") or {}).items()
        if (found := type_named(str(type_name))) is not None
    }
