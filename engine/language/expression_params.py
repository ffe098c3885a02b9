"""Block parameters written as expressions: their schema, their checks, and their values in a game.

A block class that takes expressions lists them in ``expression_params``
(parameter name -> the type its value must have) and may bind names for
them (``local_names``: a choice's ``where`` sees the option it weighs). A
parameter may hold a plain value (``3``, ``true``) or an expression in a
string (``"count(deck) - 15"``). ``validate`` checks each expression against
the ruleset's scope (:func:`check_block_expressions`); a game compiles them
once (:class:`ExpressionParams.compile_expressions`) and works them out with
:meth:`ExpressionParams.value`, which turns a failure into an error located
at the step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.base.errors import Diagnostic, Location, RuleFailedError, RulesetError
from engine.base.i18n import _
from engine.base.jsontypes import JSON
from engine.core.conditions import Condition, make_condition
from engine.language.expressions.compiler import Env, Expression, Memo
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.problems import ExpressionFailure, ExpressionProblem
from engine.language.expressions.types import FLAG, PLAYER, Type
from engine.language.expressions.worlds import StateWorld
from engine.language.yaml_loader import Node, json_path_child, json_path_parts

if TYPE_CHECKING:
    from engine.core.rules import RulesetLike
    from engine.core.state import State
    from engine.language.expressions.names import Scope
    from engine.language.expressions.values import World
    from engine.language.ruleset import Ruleset


def expression(expected: Type, literal: Mapping[str, JSON] | None = None) -> dict[str, JSON]:
    """The schema of a parameter written as an expression of type ``expected`` (or as ``literal``, a plain value)."""
    text: dict[str, JSON] = {"type": "string", "minLength": 1, "maxLength": 2000, "x-expression": expected.name}
    if literal is None:
        return text
    return {"anyOf": [text, dict(literal)]}


class ExpressionParams:
    """What a block that takes expressions has (a mixin of flow nodes and other blocks)."""

    # Parameter name -> the type of its value.
    expression_params: ClassVar[Mapping[str, Type]] = {}
    # The compiled parameters, by name: an Expression, or the plain value written.
    compiled: dict[str, Any]
    id: str

    @classmethod
    def local_names(cls, spec: Mapping[str, Any], parameter: str) -> Mapping[str, Type]:
        """The names an expression of ``parameter`` may use beside the ruleset's (none by default)."""
        return {}

    @classmethod
    def expressions(
        cls, spec: Mapping[str, Any]
    ) -> Iterator[tuple[tuple[str | int, ...], str, Type, Mapping[str, Type]]]:
        """The expressions written in ``spec``: ``(keys below the block, text, type, local names)``."""
        for name, expected in cls.expression_params.items():
            value = spec.get(name)
            if isinstance(value, str):
                yield (name,), value, expected, cls.local_names(spec, name)

    def compile_expressions(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        """Compile every expression parameter once (a problem here was reported by ``validate`` already)."""
        self.compiled = {}
        compiler = compiler_for(ruleset)
        for name in self.expression_params:
            if name in spec:
                value = spec[name]
                self.compiled[name] = value
        for keys, text, expected, local in self.expressions(spec):
            if len(keys) == 1:  # nested ones (a choice's options) are the block's own to compile
                name = str(keys[0])
                self.compiled[name] = compile_or_raise(compiler, text, expected, local, ruleset, self.id, name)

    def value(self, state: State, name: str, local: dict[str, object] | None = None, default: Any = None) -> Any:
        """The value of parameter ``name`` now (``default`` when it was not written)."""
        compiled = self.compiled.get(name, default)
        if type(compiled) is not Expression:
            return compiled
        return evaluate(compiled, state, local, self.id, name)

    def player_named(self, state: State) -> int:
        """The player parameter ``player`` names (an expression), the active player when it is left out.

        The step's ``compile`` keeps the slot of the variable ``active`` as ``self.active``.
        """
        player = self.value(state, "player", default=None)
        if player is None:
            return state.variables[self.active]  # type: ignore[attr-defined]
        return int(player)


def compile_or_raise(
    compiler: Any, text: str, expected: Type, local: Mapping[str, Type], ruleset: Ruleset, step: str, key: str
) -> Expression:
    """An expression compiled for a game; a located RulesetError when it does not compile."""
    try:
        compiled: Expression = compiler.compile(text, expected, local)
    except ExpressionProblem as problem:
        raise RulesetError(
            [
                ruleset.problem_at(
                    "$",
                    # TRANSLATORS: an expression in a ruleset does not compile; {step} is the step's id, e.g.
                    # "last-round-played", {key} the key holding the expression, e.g. "when"; {problem} says why.
                    _("step {step}, {key}: {problem}", step=step, key=key, problem=problem.message),
                    step=step,
                    expression=text,
                )
            ]
        ) from None
    return compiled


def world_of(state: State) -> StateWorld:
    """The world expressions read for ``state`` (made once per state)."""
    world = state.__dict__.get("_expression_world")
    if world is None or world.state is not state:
        world = StateWorld(state)
        state.__dict__["_expression_world"] = world
    return world


def evaluate(expression: Expression, state: State, local: dict[str, object] | None, step: str, key: str) -> Any:
    """Work ``expression`` out in ``state``; a failure ends the game with an error located at ``step``."""
    return evaluate_in(expression, world_of(state), local, state.game.ruleset, step, key)


def evaluate_in(
    expression: Expression,
    world: World,
    local: dict[str, object] | None,
    ruleset: RulesetLike,
    step: str,
    key: str,
    memo: Memo | None = None,
) -> Any:
    """Work ``expression`` out in ``world`` (a game's, or a table's); a failure is an error of ``ruleset`` located
    at ``step``. Expressions worked out in turn in a world that does not change between them may share a ``memo``
    of the ruleset's functions' calls (see :class:`~engine.language.expressions.compiler.Env`)."""
    try:
        return expression.fn(Env(world, {} if local is None else local, None, memo))
    except ExpressionFailure as failure:
        raise failed_in(ruleset, step, key, expression.text, failure.message) from None
    except (ZeroDivisionError, OverflowError, MemoryError, RecursionError) as error:
        from engine.language.expressions.compiler import failure_message  # noqa: PLC0415  (rare: an error path)

        raise failed_in(ruleset, step, key, expression.text, failure_message(error)) from None


def failed(state: State, step: str, key: str, text: str, message: str) -> RuleFailedError:
    """The error that ends a game whose rule could not be worked out."""
    return failed_in(state.game.ruleset, step, key, text, message)


def failed_in(ruleset: RulesetLike, step: str, key: str, text: str, message: str) -> RuleFailedError:
    """The error of a rule of ``ruleset`` that could not be worked out (in a game, or scoring a table)."""
    return RuleFailedError(
        [
            ruleset.problem_at(
                "$.flow",
                # TRANSLATORS: a ruleset's expression failed while a game was played or scored; {step} is the step's id,
                # {key} the key holding it, e.g. "when", {expression} its text; {problem} says why.
                _(
                    "step {step}, {key} ({expression}): {problem}",
                    step=step,
                    key=key,
                    expression=text[:80],
                    problem=message,
                ),
                step=step,
                expression=text,
            )
        ]
    )


# ---------------------------------------------------------------------------- validate


def check_expression(
    scope: Scope,
    tree: Node | None,
    path: str,
    text: str,
    expected: Type | None,
    local: Mapping[str, Type],
    file_name: str | None = None,
) -> Diagnostic | None:
    """The problem of one expression written at ``path`` (None when it compiles), placed at its column."""
    from engine.language.expressions.compiler import Compiler  # noqa: PLC0415  (a sibling, kept light at import)

    try:
        Compiler(scope).compile(text, expected, local)
    except ExpressionProblem as problem:
        node = node_at(tree, path) if tree is not None else None
        if node is None:
            return Diagnostic(Location(file_name, json_path=path), problem.message)
        position = node.position
        column = position.column
        if node.style in ("'", '"'):
            column += 1 + problem.offset
        elif not node.style:
            column += problem.offset
        return Diagnostic(Location(position.file, position.line, column, path), problem.message)
    return None


def node_at(tree: Node, path: str) -> Node | None:
    """The node of ``tree`` at a JSON path (None when there is none)."""
    node: Node | None = tree
    for part in json_path_parts(path) or ():
        if node is None:
            return None
        if isinstance(part, int):
            node = node.value[part] if isinstance(node.value, list) and part < len(node.value) else None
        else:
            node = node.get(part)
    return node


def expression_paths(
    block: Any, spec: Mapping[str, Any], path: str
) -> Iterator[tuple[str, str, Type, Mapping[str, Type]]]:
    """The expressions of a block at ``path``: ``(JSON path, text, type, local names)``."""
    expressions = getattr(block, "expressions", None)
    if expressions is None:
        return
    for keys, text, expected, local in expressions(spec):
        full = path
        for part in keys:
            full = json_path_child(full, part)
        yield full, text, expected, local


class ExpressionCondition:
    """A condition written as an expression (``until: "count(deck) == 0"``), asked as a mapping's condition is
    (``engine.core.conditions``): ``holds(state, player)``; in a ``skip``, ``p`` names the player considered."""

    def __init__(self, text: str, ruleset: Ruleset, step: str, key: str, about_a_player: bool = False) -> None:
        local = {"p": PLAYER} if about_a_player else {}
        self.expression = compile_or_raise(compiler_for(ruleset), text, FLAG, local, ruleset, step, key)
        self.about_a_player = about_a_player
        self.step = step
        self.key = key

    def compile(self, game: object) -> None:
        """Nothing to resolve: the expression was compiled with the ruleset."""

    def holds(self, state: State, player: int | None) -> bool:
        local: dict[str, object] | None = {"p": player} if self.about_a_player else None
        return bool(evaluate(self.expression, state, local, self.step, self.key))


def condition_from(
    spec: Any, ruleset: Ruleset, step: str, key: str, about_a_player: bool = False
) -> Condition | ExpressionCondition | None:
    """The compiled condition of a parameter: a mapping (``{empty: deck}``), an expression, or None."""
    if isinstance(spec, str):
        return ExpressionCondition(spec, ruleset, step, key, about_a_player)
    return make_condition(spec)


def condition_param() -> dict[str, JSON]:
    """The schema of a condition parameter: a condition mapping or an expression giving yes or no."""
    return {"anyOf": [{"$ref": "#/$defs/condition"}, expression(FLAG)]}
