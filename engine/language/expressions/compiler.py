"""Expressions: read with Python's own parser, checked against the ruleset's names and types, compiled to closures.

An expression is a formula written in a ruleset as a YAML string::

    sum(min(c.value for c in run) for run in runs(me.taken, by='value')) - me.chips

It is read by :func:`ast.parse` (the syntax is a small part of Python's: the
authors of rules are more likely to know it than any other), then walked
node by node here. Nothing is ever evaluated by Python: every node is checked
against an allow-list and turned into a closure, once, when the ruleset is
compiled for a game, so working an expression out costs a few calls. Names
are the ruleset's (zones, counters, statuses, constants, functions, names its
steps bind) and a few built in; a name that is none of these, an attribute
that a value does not have, a function given the wrong types, are problems
told with the place in the text and a did-you-mean.

What is allowed: whole and decimal numbers (exact), texts in quotes, ``True``
and ``False``; ``+ - * / // %`` on numbers (``+`` also joins lists); ``==
!= < <= > >=``, ``in`` and ``not in``; ``and``, ``or``, ``not``; ``a if c
else b``; lists ``[1, 3, 6]``, indexing and slices ``xs[0]``, ``xs[:3]``;
``f(x for x in xs if ...)`` and ``[... for ...]``; attributes (``p.hand``,
``c.value``); calls of the built-in functions (``engine.language.expressions.functions``)
and of the ruleset's own; ``lambda`` as the ``key=`` or ``where=`` of a function.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.base.i18n import _
from engine.base.suggestions import did_you_mean
from engine.language.expressions.names import Scope, expression_name
from engine.language.expressions.problems import ExpressionFailure, ExpressionProblem
from engine.language.expressions.types import (
    ANY,
    CARD,
    CARDS,
    FLAG,
    NUMBER,
    PLAYER,
    PLAYERS,
    TEXT,
    TEXTS,
    VARIANT,
    Type,
    fits,
    joined,
    list_of,
)
from engine.language.expressions.values import UNBOUND, World

# An expression longer than this is refused (a formula of rules is a line or two).
MAX_LENGTH = 2000
# Nesting deeper than this is refused before it could exhaust Python's stack.
MAX_DEPTH = 50
# A number whose numerator or denominator needs more bits than this ends the game with an error: rules do not
# need numbers with more than 77 digits, and a formula that grows without bound would otherwise eat memory.
MAX_NUMBER_BITS = 256
# The most items a list made at run time may hold (a range, the variants of a hand with wild cards).
MAX_LIST = 100_000
# The most items one evaluation may go through (loops of comprehensions, ranges made, lists read by functions,
# calls of the ruleset's functions): lists of at most MAX_LIST items nested in each other must not hang a game.
MAX_WORK = 2_000_000


# The calls of the ruleset's functions made while the world stays as it is: (name, arguments) -> (value, the work
# the call went through, the arguments as given).
Memo = dict[tuple[Any, ...], tuple[Any, int, tuple[Any, ...]]]


class Env:
    """What a compiled expression reads while it is worked out: the world, and the names bound locally
    (a comprehension's variable, the player being scored, the option a choice weighs)."""

    __slots__ = ("world", "local", "work", "memo")

    def __init__(
        self,
        world: World,
        local: dict[str, object],
        work: list[int] | None = None,
        memo: Memo | None = None,
    ) -> None:
        self.world = world
        self.local = local
        # What is left of the evaluation's budget (MAX_WORK), shared with the functions it calls.
        self.work = [MAX_WORK] if work is None else work
        # The ruleset's functions called so far while the world stays as it is (see ``user_call``): made at the first
        # call, shared with the functions called.
        self.memo = memo

    def spend(self, amount: int) -> None:
        """Count ``amount`` items gone through; an ExpressionFailure once the budget is spent."""
        work = self.work
        work[0] -= amount
        if work[0] < 0:
            # TRANSLATORS: a ruleset's formula (expression) failed during a game: it went through too many list items;
            # {limit} is that many items.
            raise ExpressionFailure(_("the expression goes through more than {limit} items", limit=MAX_WORK))


Fn = Callable[[Env], Any]


@dataclass(frozen=True)
class Expression:
    """A compiled expression: its text, its type, and the closure that works it out."""

    text: str
    type: Type
    fn: Fn

    def __call__(self, world: World, local: dict[str, object] | None = None) -> Any:
        """The value now; raises :class:`ExpressionFailure` when it cannot be worked out."""
        try:
            return self.fn(Env(world, {} if local is None else local))
        except (ZeroDivisionError, OverflowError, MemoryError, RecursionError) as error:
            raise ExpressionFailure(failure_message(error)) from None

    def __repr__(self) -> str:
        return f"Expression({self.text!r}, {self.type})"


# The largest power of ten a number may be written with (1e77 already passes the 256 bits a number may have).
MAX_EXPONENT = 400


def failure_message(error: BaseException) -> str:
    """A run-time problem of Python's in words a ruleset's author reads."""
    if isinstance(error, ZeroDivisionError):
        # TRANSLATORS: a ruleset's formula (expression) failed during a game: a number was divided by zero.
        return _("division by zero")
    # TRANSLATORS: a ruleset's formula (expression) failed during a game: a number became too large to work with.
    return _("the numbers grew too large")


def bounded(value: Any, offset: int) -> Any:
    """``value`` unchanged, unless it is a number past the limits (a formula that grows without bound)."""
    if type(value) is int:
        if value.bit_length() > MAX_NUMBER_BITS:
            # TRANSLATORS: a ruleset's formula (expression) failed during a game: a number needs more than {bits} binary
            # digits (bits).
            raise ExpressionFailure(_("a number grew past {bits} bits", bits=MAX_NUMBER_BITS), offset)
        return value
    if type(value) is Fraction:
        if value.denominator == 1:
            return bounded(value.numerator, offset)
        if value.numerator.bit_length() > MAX_NUMBER_BITS or value.denominator.bit_length() > MAX_NUMBER_BITS:
            raise ExpressionFailure(_("a number grew past {bits} bits", bits=MAX_NUMBER_BITS), offset)
    return value


def whole(value: Fraction) -> int | Fraction:
    """A Fraction as an int when it is whole (ints are exact and faster)."""
    return value.numerator if value.denominator == 1 else value


class Compiler:
    """Checks and compiles the expressions of one ruleset (its :class:`Scope`)."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.text = ""
        self._locals: list[dict[str, Type]] = []
        self._depth = 0
        # User functions compiled so far, and those being compiled (a function may not call itself).
        self._functions: dict[str, tuple[tuple[tuple[str, Type], ...], Type, Fn]] = {}
        self._compiling: list[str] = []

    # ------------------------------------------------------------------ entry points

    def compile(self, text: str, expected: Type | None = None, local: Mapping[str, Type] | None = None) -> Expression:
        """The compiled expression ``text``; ``expected`` is the type its place needs, ``local`` the names
        the place binds (given at each evaluation). Raises :class:`ExpressionProblem`."""
        tree = parse(text)
        saved = (self.text, self._locals, self._depth)
        self.text, self._locals, self._depth = text, [dict(local or {})], 0
        try:
            value_type, fn = self.node(tree.body)
        finally:
            self.text, self._locals, self._depth = saved
        if expected is not None and not fits(value_type, expected):
            raise ExpressionProblem(
                # TRANSLATORS: a ruleset's formula (expression) is refused: its value has the wrong type for its place;
                # {actual} and {expected} are types, e.g. "number", "list of cards".
                _(
                    "this expression gives a {actual}, where a {expected} is needed",
                    actual=value_type.shown(),
                    expected=expected.shown(),
                ),
                0,
            )
        return Expression(text, value_type, fn)

    # ------------------------------------------------------------------ nodes

    def node(self, node: ast.AST) -> tuple[Type, Fn]:
        """The type and closure of one node of the tree."""
        self._depth += 1
        if self._depth > MAX_DEPTH:
            # TRANSLATORS: a ruleset's formula (expression) is refused: too many brackets or calls inside one another;
            # {limit} is a number of levels.
            raise self.problem(
                node, _("the expression is nested too deeply (more than {limit} levels)", limit=MAX_DEPTH)
            )
        try:
            handler = _HANDLERS.get(type(node))
            if handler is None:
                # TRANSLATORS: a ruleset's formula (expression) is refused: it uses a piece of Python the rules language
                # does not have; {what} is that piece, e.g. "**" or ":=".
                raise self.problem(node, _("this is not part of the expression language: {what}", what=_describe(node)))
            result: tuple[Type, Fn] = handler(self, node)
            return result
        finally:
            self._depth -= 1

    def typed(self, node: ast.AST, expected: Type, what: str) -> Fn:
        """The closure of a node that must have type ``expected`` (``what``: how a message names it)."""
        actual, fn = self.node(node)
        if not fits(actual, expected):
            raise self.problem(
                node,
                # TRANSLATORS: a ruleset's formula (expression) is refused: {what} names a part of it, e.g. "the
                # condition of 'if'"; {expected} and {actual} are types, e.g. "number".
                _(
                    "{what} must be a {expected}, not a {actual}",
                    what=what,
                    expected=expected.shown(),
                    actual=actual.shown(),
                ),
            )
        return fn

    def problem(self, node: ast.AST, message: str) -> ExpressionProblem:
        """A problem at ``node``'s place in the text."""
        return ExpressionProblem(message, offset_of(self.text, node))

    def offset(self, node: ast.AST) -> int:
        """Where ``node`` starts in the text."""
        return offset_of(self.text, node)

    # ------------------------------------------------------------------ locals

    def local_type(self, name: str) -> Type | None:
        """The type of a local name (a comprehension's, a lambda's or the place's), innermost first."""
        for frame in reversed(self._locals):
            if name in frame:
                return frame[name]
        return None

    def with_locals(self, names: Mapping[str, Type]) -> _LocalFrame:
        """A context in which ``names`` are local (a comprehension's variables, a lambda's parameters)."""
        return _LocalFrame(self, dict(names))

    def known_names(self) -> list[str]:
        """Every name the expression could use here (for did-you-mean)."""
        scope = self.scope
        names = [name for frame in self._locals for name in frame]
        names += [*scope.bindings, *scope.variables, *scope.constants, *scope.shared_zones, *scope.shared_counters]
        names += [*BUILT_IN_NAMES, "options"]
        return names

    # ------------------------------------------------------------------ user functions

    def user_function(self, name: str, node: ast.AST) -> tuple[tuple[tuple[str, Type], ...], Type, Fn]:
        """A function of the ruleset's ``functions``, compiled the first time it is called."""
        if name in self._functions:
            return self._functions[name]
        if name in self._compiling:
            # TRANSLATORS: a ruleset's formula (expression) is refused: a function of the ruleset calls itself; {name}
            # is the function's name, as written.
            raise self.problem(node, _("the function '{name}' calls itself: functions may not be recursive", name=name))
        spec = self.scope.functions[name]
        parameters: list[tuple[str, Type]] = []
        for parameter, type_name in (spec.get("parameters") or {}).items():
            from engine.language.expressions.names import type_named  # noqa: PLC0415  (a sibling: no cycle at import)

            parameter_type = type_named(str(type_name))
            if parameter_type is None:
                # TRANSLATORS: a ruleset's formula (expression) is refused: a parameter of the ruleset's function {name}
                # is given a type the rules language does not have.
                raise self.problem(node, _("the function '{name}' has a parameter of no known type", name=name))
            parameters.append((expression_name(parameter), parameter_type))
        self._compiling.append(name)
        try:
            body = Compiler(self.scope)
            body._functions = self._functions
            body._compiling = self._compiling
            try:
                compiled = body.compile(str(spec.get("value", "")), None, dict(parameters))
            except ExpressionProblem as problem:
                # TRANSLATORS: a ruleset's formula (expression) is refused: the problem is in the ruleset's own function
                # {name}; {problem} says what it is.
                raise self.problem(
                    node, _("in the function '{name}': {problem}", name=name, problem=problem.message)
                ) from None
        finally:
            self._compiling.pop()
        entry = (tuple(parameters), compiled.type, compiled.fn)
        self._functions[name] = entry
        return entry


class _LocalFrame:
    def __init__(self, compiler: Compiler, names: dict[str, Type]) -> None:
        self.compiler = compiler
        self.names = names

    def __enter__(self) -> None:
        self.compiler._locals.append(self.names)

    def __exit__(self, *exc: object) -> None:
        self.compiler._locals.pop()


def parse(text: str) -> ast.Expression:
    """The syntax tree of an expression; :class:`ExpressionProblem` for text that is no expression."""
    if not isinstance(text, str):
        # TRANSLATORS: a ruleset's formula (expression) is refused: the YAML value given as a formula is not text (e.g.
        # a number or a list).
        raise ExpressionProblem(_("an expression must be text"))
    if len(text) > MAX_LENGTH:
        # TRANSLATORS: a ruleset's formula (expression) is refused: {limit} is a number of characters.
        raise ExpressionProblem(_("the expression is longer than {limit} characters", limit=MAX_LENGTH))
    if not text.strip():
        # TRANSLATORS: a ruleset's formula (expression) is refused: the formula is blank.
        raise ExpressionProblem(_("the expression is empty"))
    try:
        # Python's parser reads the text only: nothing in it is evaluated. A newline in a YAML block
        # scalar joins the lines (an expression is one formula).
        return ast.parse(" ".join(text.splitlines()).strip(), mode="eval")
    except SyntaxError as error:
        offset = max((error.offset or 1) - 1, 0)
        message = error.msg or "syntax error"
        # TRANSLATORS: a ruleset's formula (expression) is refused: bad syntax; {problem} is Python's own message, in
        # English, e.g. "invalid syntax".
        return _raise(ExpressionProblem(_("this is not a valid expression: {problem}", problem=message), offset))
    except (ValueError, RecursionError, MemoryError):
        # TRANSLATORS: a ruleset's formula (expression) is refused: bad syntax (no more detail is known).
        return _raise(ExpressionProblem(_("this is not a valid expression")))


def _raise(problem: ExpressionProblem) -> ast.Expression:
    raise problem


def offset_of(text: str, node: ast.AST) -> int:
    """Where a node starts in the text (0-based), as far as the parser says."""
    column = getattr(node, "col_offset", 0) or 0
    # The parser counts UTF-8 bytes; a message counts characters.
    flat = " ".join(text.splitlines()).strip()
    return len(flat.encode("utf-8")[:column].decode("utf-8", errors="ignore")) + (len(text) - len(text.lstrip()))


def _describe(node: ast.AST) -> str:
    words = {
        ast.Pow: "**",
        ast.Lambda: "lambda",
        ast.Dict: "{...}",
        ast.Set: "{...}",
        ast.Tuple: "(a, b)",
        ast.Starred: "*",
        ast.NamedExpr: ":=",
        ast.Await: "await",
        ast.JoinedStr: "f-string",
        ast.DictComp: "{... for ...}",
        ast.SetComp: "{... for ...}",
    }
    return words.get(type(node), type(node).__name__)


# ---------------------------------------------------------------------------- the nodes' handlers


def _constant(compiler: Compiler, node: ast.Constant) -> tuple[Type, Fn]:
    value = node.value
    if isinstance(value, bool):
        return FLAG, (lambda e: True) if value else (lambda e: False)
    if isinstance(value, int):
        if value.bit_length() > MAX_NUMBER_BITS:
            # TRANSLATORS: a ruleset's formula (expression) is refused: a number written in it is too large.
            raise compiler.problem(node, _("this number is too large"))
        return NUMBER, lambda e: value
    if isinstance(value, float):
        written = ast.get_source_segment(" ".join(compiler.text.splitlines()).strip(), node) or repr(value)
        exponent = re.search(r"[eE]([-+]?[0-9_]+)", written)
        # An exponent is read before the number: Fraction works 1e100000000 out digit by digit (a hang).
        if exponent is not None and abs(int(exponent.group(1).replace("_", ""))) > MAX_EXPONENT:
            raise compiler.problem(node, _("this number is too large"))
        try:
            exact = whole(Fraction(written.replace("_", "")))
        except (ValueError, ZeroDivisionError):
            # TRANSLATORS: a ruleset's formula (expression) is refused: a decimal number written in it cannot be read as
            # an exact value; {number} is it as written.
            raise compiler.problem(node, _("this number cannot be read exactly: {number}", number=written)) from None
        try:
            bounded(exact, 0)
        except ExpressionFailure:
            raise compiler.problem(node, _("this number is too large")) from None
        return NUMBER, lambda e: exact
    if isinstance(value, str):
        return TEXT, lambda e: value
    raise compiler.problem(node, _("this is not part of the expression language: {what}", what=repr(value)[:40]))


def _name(compiler: Compiler, node: ast.Name) -> tuple[Type, Fn]:
    name = node.id
    scope = compiler.scope
    local = compiler.local_type(name)
    if local is not None:
        offset = compiler.offset(node)

        def read_local(e: Env) -> Any:
            try:
                return e.local[name]
            except KeyError:
                # TRANSLATORS: a ruleset's formula (expression) failed during a game: a local name (e.g. a loop's
                # variable) has no value here; {name} is the name.
                raise ExpressionFailure(_("'{name}' has no value here", name=name), offset) from None

        return local, read_local
    binding = scope.bindings.get(name)
    if binding is not None:
        slot = binding.slot
        offset = compiler.offset(node)

        def read_bound(e: Env) -> Any:
            value = e.world.bound(slot)
            if value is UNBOUND:
                # TRANSLATORS: a ruleset's formula (expression) failed during a game: {name} is a name a step of the
                # rules sets (e.g. a chosen card), read before that step ran.
                raise ExpressionFailure(_("'{name}' has not been set yet at this point of the game", name=name), offset)
            return value

        return binding.type, read_bound
    if name in scope.variables:
        return PLAYER, lambda e: e.world.variable(name)
    if name in scope.constants:
        return _constant_value(compiler, node, scope.constants[name])
    if name in scope.shared_zones:
        zone = scope.shared_zones[name]
        return CARDS, lambda e: e.world.cards(zone, -1)
    if name in scope.shared_counters:
        counter = scope.shared_counters[name]
        return NUMBER, lambda e: e.world.counter(counter, -1)
    built_in = BUILT_IN_NAMES.get(name)
    if built_in is not None:
        return built_in
    if name == "options":
        # TRANSLATORS: a ruleset's formula (expression) is refused: options was written alone; keep options.NAME as it
        # is (NAME stands for an option's name).
        raise compiler.problem(node, _("write an option as options.NAME"))
    if name in scope.player_zones or name in scope.player_counters or name in scope.statuses:
        raise compiler.problem(
            node,
            # TRANSLATORS: a ruleset's formula (expression) is refused: {name} is a player's zone, counter or status;
            # keep active and me (the rules language's names of players).
            _("'{name}' belongs to each player: write whose, as in active.{name} or me.{name}", name=name),
        )
    # TRANSLATORS: a ruleset's formula (expression) is refused: {name} is a name the ruleset does not have; a
    # did-you-mean may follow.
    raise compiler.problem(node, _("unknown name '{name}'", name=name) + did_you_mean(name, compiler.known_names()))


def _constant_value(compiler: Compiler, node: ast.AST, value: Any) -> tuple[Type, Fn]:
    """A constant of the ruleset's ``constants``: a number, a text, a list, or a number by players."""
    if isinstance(value, bool):
        return FLAG, lambda e: value
    if isinstance(value, (int, Fraction)):
        return NUMBER, lambda e: value
    if isinstance(value, str):
        return TEXT, lambda e: value
    if isinstance(value, (list, tuple)):
        items = tuple(value)
        if all(isinstance(item, (int, Fraction)) and not isinstance(item, bool) for item in items):
            return list_of(NUMBER), lambda e: items
        if all(isinstance(item, str) for item in items):
            return TEXTS, lambda e: items
    if isinstance(value, Mapping) and ("by-players" in value or "otherwise" in value):
        table = {int(key): item for key, item in (value.get("by-players") or {}).items()}
        otherwise = value.get("otherwise")
        offset = compiler.offset(node)

        def by_players(e: Env) -> Any:
            found = table.get(e.world.player_count, otherwise)
            if found is None:
                # TRANSLATORS: a ruleset's formula (expression) failed during a game: a constant given by number of
                # players has no value for this many; {count} is the number of players.
                raise ExpressionFailure(
                    _("the constant has no value for {count} players", count=e.world.player_count), offset
                )
            return found

        return NUMBER, by_players
    # TRANSLATORS: a ruleset's formula (expression) is refused: a constant of the ruleset is of another kind (e.g. a
    # mapping).
    raise compiler.problem(node, _("this constant is neither a number, a text nor a list"))


def _attribute(compiler: Compiler, node: ast.Attribute) -> tuple[Type, Fn]:
    if isinstance(node.value, ast.Name) and node.value.id == "options" and compiler.local_type("options") is None:
        name = node.attr
        if name not in compiler.scope.options:
            # TRANSLATORS: a ruleset's formula (expression) is refused: options.{name} names an option the ruleset does
            # not have; a did-you-mean may follow.
            raise compiler.problem(
                node, _("unknown option '{name}'", name=name) + did_you_mean(name, list(compiler.scope.options))
            )
        return _constant_value(compiler, node, compiler.scope.options[name])
    owner_type, owner = compiler.node(node.value)
    name = node.attr
    attributes = ATTRIBUTES.get(owner_type.name)
    if attributes is None:
        # TRANSLATORS: a ruleset's formula (expression) is refused: a .{name} attribute was read from a value that has
        # none; {type} is its type, e.g. "number".
        raise compiler.problem(
            node, _("a {type} has no attributes (such as .{name})", type=owner_type.shown(), name=name)
        )
    result = attributes(compiler, node, owner_type, owner, name)
    if result is None:
        choices = attribute_names(compiler, owner_type)
        raise compiler.problem(
            node,
            # TRANSLATORS: a ruleset's formula (expression) is refused: {type} is a type, e.g. "card", {name} the
            # attribute written after the dot; a did-you-mean may follow.
            _("a {type} has no attribute '{name}'", type=owner_type.shown(), name=name) + did_you_mean(name, choices),
        )
    return result


def _player_attribute(
    compiler: Compiler, node: ast.AST, owner_type: Type, owner: Fn, name: str
) -> tuple[Type, Fn] | None:
    scope = compiler.scope
    if name == "seat":
        return NUMBER, owner
    if name in scope.player_zones:
        zone = scope.player_zones[name]
        return CARDS, lambda e: e.world.cards(zone, owner(e))
    if name in scope.player_counters:
        counter = scope.player_counters[name]
        return NUMBER, lambda e: e.world.counter(counter, owner(e))
    if name in scope.statuses:
        status = scope.statuses[name]
        return FLAG, lambda e: e.world.status(status, owner(e))
    if name == "score" and scope.scored:
        return NUMBER, lambda e: e.world.score(owner(e))
    return None


def _card_attribute(
    compiler: Compiler, node: ast.AST, owner_type: Type, owner: Fn, name: str
) -> tuple[Type, Fn] | None:
    if name == "id":
        return TEXT, lambda e: e.world.card_type(owner(e)).id
    if name == "tags":
        return TEXTS, lambda e: tuple(sorted(e.world.card_type(owner(e)).tags))
    if name in compiler.scope.attributes:
        attribute = name.replace("_", "-") if name not in ("value",) else name
        names = (name, attribute)

        def read(e: Env) -> Any:
            values = e.world.card_type(owner(e)).attributes
            for key in names:
                found = values.get(key)
                if found is not None:
                    return whole(found)
            return 0

        return NUMBER, read
    return None


def _group_attribute(
    compiler: Compiler, node: ast.AST, owner_type: Type, owner: Fn, name: str
) -> tuple[Type, Fn] | None:
    if name == "key":
        return owner_type.item or ANY, lambda e: owner(e).key
    if name == "cards":
        return CARDS, lambda e: owner(e).cards
    if name == "size":
        return NUMBER, lambda e: len(owner(e).cards)
    return None


def _variant_attribute(
    compiler: Compiler, node: ast.AST, owner_type: Type, owner: Fn, name: str
) -> tuple[Type, Fn] | None:
    if name == "cards":
        return CARDS, lambda e: owner(e).cards
    if name == "assigned":
        return TEXTS, lambda e: owner(e).assigned
    return None


AttributeHandler = Callable[[Compiler, ast.AST, Type, Fn, str], "tuple[Type, Fn] | None"]
ATTRIBUTES: dict[str, AttributeHandler] = {
    "player": _player_attribute,
    "card": _card_attribute,
    "group": _group_attribute,
    "variant": _variant_attribute,
}


def attribute_names(compiler: Compiler, owner_type: Type) -> list[str]:
    """The attributes a value of ``owner_type`` has (for did-you-mean)."""
    scope = compiler.scope
    if owner_type.name == "player":
        names = ["seat", *scope.player_zones, *scope.player_counters, *scope.statuses]
        return names + (["score"] if scope.scored else [])
    if owner_type.name == "card":
        return ["id", "tags", *scope.attributes]
    if owner_type.name == "group":
        return ["key", "cards", "size"]
    if owner_type.name == "variant":
        return ["cards", "assigned"]
    return []


def _binary(compiler: Compiler, node: ast.BinOp) -> tuple[Type, Fn]:
    left_type, left = compiler.node(node.left)
    right_type, right = compiler.node(node.right)
    offset = compiler.offset(node)
    operator = type(node.op)
    if operator is ast.Add and left_type.is_list and right_type.is_list:
        joined_type = joined(left_type, right_type)
        if joined_type is None:
            # TRANSLATORS: a ruleset's formula (expression) is refused: two lists joined with + hold different types of
            # items, e.g. cards and numbers.
            raise compiler.problem(node, _("these two lists hold different things and cannot be joined"))
        return joined_type, lambda e: tuple(left(e)) + tuple(right(e))
    symbol = _OPERATOR_SYMBOLS.get(operator)
    if symbol is None:
        raise compiler.problem(node, _("this is not part of the expression language: {what}", what=_describe(node.op)))
    for side_type, side in ((left_type, node.left), (right_type, node.right)):
        if not fits(side_type, NUMBER):
            # TRANSLATORS: a ruleset's formula (expression) is refused: {operator} is an arithmetic sign, e.g. + or //;
            # {type} the type it was used on, e.g. "card".
            raise compiler.problem(
                side, _("'{operator}' works on numbers, not on a {type}", operator=symbol, type=side_type.shown())
            )
    if operator is ast.Add:
        return NUMBER, lambda e: bounded(left(e) + right(e), offset)
    if operator is ast.Sub:
        return NUMBER, lambda e: bounded(left(e) - right(e), offset)
    if operator is ast.Mult:
        return NUMBER, lambda e: bounded(left(e) * right(e), offset)
    if operator is ast.Div:

        def divide(e: Env) -> Any:
            divisor = right(e)
            if divisor == 0:
                raise ExpressionFailure(_("division by zero"), offset)
            return bounded(whole(Fraction(left(e)) / Fraction(divisor)), offset)

        return NUMBER, divide

    def integer_division(e: Env) -> Any:
        divisor = right(e)
        if divisor == 0:
            raise ExpressionFailure(_("division by zero"), offset)
        value = left(e) // divisor if operator is ast.FloorDiv else left(e) % divisor
        return bounded(whole(Fraction(value)), offset)

    return NUMBER, integer_division


_OPERATOR_SYMBOLS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%"}


def _unary(compiler: Compiler, node: ast.UnaryOp) -> tuple[Type, Fn]:
    if isinstance(node.op, ast.Not):
        # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; keep 'not' as it is (the rules
        # language's word).
        operand = compiler.typed(node.operand, FLAG, _("what 'not' negates"))
        return FLAG, lambda e: not operand(e)
    if isinstance(node.op, (ast.USub, ast.UAdd)):
        # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; the value after a + or - sign,
        # as in -x.
        operand = compiler.typed(node.operand, NUMBER, _("what a sign applies to"))
        if isinstance(node.op, ast.USub):
            return NUMBER, lambda e: -operand(e)
        return NUMBER, operand
    raise compiler.problem(node, _("this is not part of the expression language: {what}", what="~"))


def _boolean(compiler: Compiler, node: ast.BoolOp) -> tuple[Type, Fn]:
    word = "and" if isinstance(node.op, ast.And) else "or"
    # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; {word} is 'and' or 'or', the
    # rules language's words: keep them as they are.
    parts = [compiler.typed(value, FLAG, _("each side of '{word}'", word=word)) for value in node.values]
    if word == "and":
        return FLAG, lambda e: all(part(e) for part in parts)
    return FLAG, lambda e: any(part(e) for part in parts)


def _compare(compiler: Compiler, node: ast.Compare) -> tuple[Type, Fn]:
    left_type, left = compiler.node(node.left)
    tests: list[Callable[[Any, Any], bool]] = []
    sides: list[Fn] = []
    for operator, comparator in zip(node.ops, node.comparators):
        right_type, right = compiler.node(comparator)
        kind = type(operator)
        if kind in (ast.In, ast.NotIn):
            if not right_type.is_list or right_type.item is None or not fits(left_type, right_type.item):
                raise compiler.problem(
                    comparator,
                    # TRANSLATORS: a ruleset's formula (expression) is refused: keep 'in' as it is; {item} and {type}
                    # are types, e.g. "card" and "number".
                    _(
                        "'in' looks for a {item} in a list of them, not in a {type}",
                        item=left_type.shown(),
                        type=right_type.shown(),
                    ),
                )
            tests.append((lambda a, b: a in b) if kind is ast.In else (lambda a, b: a not in b))
        elif kind in (ast.Eq, ast.NotEq):
            if joined(left_type, right_type) is None:
                raise compiler.problem(
                    node,
                    # TRANSLATORS: a ruleset's formula (expression) is refused: == or != compares values of two types
                    # that are never equal; {left} and {right} are types, e.g. "card".
                    _(
                        "a {left} is compared with a {right}: they are never equal",
                        left=left_type.shown(),
                        right=right_type.shown(),
                    ),
                )
            tests.append((lambda a, b: a == b) if kind is ast.Eq else (lambda a, b: a != b))
        elif kind in _ORDERINGS:
            for side_type, side in ((left_type, node.left), (right_type, comparator)):
                if not fits(side_type, NUMBER):
                    # TRANSLATORS: a ruleset's formula (expression) is refused: < <= > >= compare numbers only; {type}
                    # is the type they were used on, e.g. "card".
                    raise compiler.problem(
                        side, _("only numbers are compared by size, not a {type}", type=side_type.shown())
                    )
            tests.append(_ORDERINGS[kind])
        else:  # is, is not
            # TRANSLATORS: a ruleset's formula (expression) is refused: keep ==, != and 'is' as they are (the rules
            # language's operators).
            raise compiler.problem(node, _("write == and != to compare, not 'is'"))
        sides.append(right)
        left_type = right_type
    if len(tests) == 1:
        test, right = tests[0], sides[0]
        return FLAG, lambda e: test(left(e), right(e))

    def chain(e: Env) -> bool:
        value = left(e)
        for test, side in zip(tests, sides):
            other = side(e)
            if not test(value, other):
                return False
            value = other
        return True

    return FLAG, chain


_ORDERINGS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}


def _if_expression(compiler: Compiler, node: ast.IfExp) -> tuple[Type, Fn]:
    # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; the condition between 'if' and
    # 'else'; keep 'if' as it is.
    test = compiler.typed(node.test, FLAG, _("the condition of 'if'"))
    body_type, body = compiler.node(node.body)
    other_type, other = compiler.node(node.orelse)
    value_type = joined(body_type, other_type)
    if value_type is None:
        raise compiler.problem(
            node,
            # TRANSLATORS: a ruleset's formula (expression) is refused: keep 'if ... else' as it is; {first} and
            # {second} are types, e.g. "number" and "text".
            _(
                "both sides of 'if ... else' must give the same type, not a {first} and a {second}",
                first=body_type.shown(),
                second=other_type.shown(),
            ),
        )
    return value_type, lambda e: body(e) if test(e) else other(e)


def _list(compiler: Compiler, node: ast.List) -> tuple[Type, Fn]:
    item_type = ANY
    items: list[Fn] = []
    for element in node.elts:
        element_type, fn = compiler.node(element)
        found = joined(item_type, element_type)
        if found is None:
            # TRANSLATORS: a ruleset's formula (expression) is refused: a list written in brackets mixes types,
            # e.g. [1, 'red'].
            raise compiler.problem(element, _("the items of a list must all have the same type"))
        item_type = found
        items.append(fn)
    if all(isinstance(element, ast.Constant) for element in node.elts):
        constant = tuple(fn(None) for fn in items)  # type: ignore[arg-type]  # constants read no world
        return list_of(item_type), lambda e: constant
    return list_of(item_type), lambda e: tuple(fn(e) for fn in items)


def _subscript(compiler: Compiler, node: ast.Subscript) -> tuple[Type, Fn]:
    value_type, value = compiler.node(node.value)
    if not value_type.is_list:
        # TRANSLATORS: a ruleset's formula (expression) is refused: brackets, as in xs[0], follow a value that is not a
        # list; {type} is its type.
        raise compiler.problem(node, _("only a list can be indexed, not a {type}", type=value_type.shown()))
    index = node.slice
    offset = compiler.offset(node)
    if isinstance(index, ast.Slice):
        if index.step is not None:
            # TRANSLATORS: a ruleset's formula (expression) is refused: a slice such as xs[1:3] was given a step too, as
            # in xs[1:3:2].
            raise compiler.problem(index, _("a slice takes a start and an end only"))
        # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; the number before the colon in
        # xs[1:3].
        lower = compiler.typed(index.lower, NUMBER, _("a slice's start")) if index.lower is not None else None
        # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; the number after the colon in
        # xs[1:3].
        upper = compiler.typed(index.upper, NUMBER, _("a slice's end")) if index.upper is not None else None

        def sliced(e: Env) -> tuple[Any, ...]:
            start = _whole_index(lower(e), offset) if lower is not None else None
            end = _whole_index(upper(e), offset) if upper is not None else None
            return tuple(value(e))[start:end]

        return value_type, sliced
    # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; the position in brackets in xs[2].
    position = compiler.typed(index, NUMBER, _("an index"))

    def item(e: Env) -> Any:
        items = value(e)
        at = _whole_index(position(e), offset)
        if not -len(items) <= at < len(items):
            # TRANSLATORS: a ruleset's formula (expression) failed during a game: a list was read at a position it does
            # not have; {index} is the position (from 0), {count} its length.
            raise ExpressionFailure(
                _("index {index} is past the end of a list of {count}", index=at, count=len(items)), offset
            )
        return items[at]

    return value_type.item or ANY, item


def _whole_index(value: Any, offset: int) -> int:
    if type(value) is not int:
        # TRANSLATORS: a ruleset's formula (expression) failed during a game: a position in a list, as in xs[i], is not
        # a whole number; {value} is it, e.g. 1.5.
        raise ExpressionFailure(_("an index must be a whole number, not {value}", value=value), offset)
    return value


def _comprehension(compiler: Compiler, node: ast.GeneratorExp | ast.ListComp) -> tuple[Type, Fn]:
    """``[x.value for x in xs if x.value > 3]``: the loops bind names for the item and the conditions."""
    loops: list[tuple[str, Fn, list[Fn]]] = []
    frames: list[_LocalFrame] = []
    try:
        for generator in node.generators:
            if generator.is_async:
                raise compiler.problem(node, _("this is not part of the expression language: {what}", what="async"))
            if not isinstance(generator.target, ast.Name):
                # TRANSLATORS: a ruleset's formula (expression) is refused: a loop takes one name, not several;
                # keep "for x in ..." as it is (the rules language's syntax).
                raise compiler.problem(generator.target, _("a loop names one variable: for x in ..."))
            source_type, source = compiler.node(generator.iter)
            if not source_type.is_list:
                # TRANSLATORS: a ruleset's formula (expression) is refused: what follows 'in' in a loop is not a list;
                # {type} is its type, e.g. "number".
                raise compiler.problem(
                    generator.iter, _("a loop goes over a list, not over a {type}", type=source_type.shown())
                )
            name = generator.target.id
            frame = compiler.with_locals({name: source_type.item or ANY})
            frame.__enter__()
            frames.append(frame)
            # TRANSLATORS: names a part of a formula in "... must be a number, not a card"; a condition in a loop, as in
            # [c for c in hand if c.value > 3]; keep 'if' as it is.
            conditions = [compiler.typed(test, FLAG, _("a condition after 'if'")) for test in generator.ifs]
            loops.append((name, source, conditions))
        item_type, item = compiler.node(node.elt)
    finally:
        for frame in reversed(frames):
            frame.__exit__()
    names = [name for name, _source, _conditions in loops]
    if len(loops) == 1:
        return list_of(item_type), _single_loop(loops[0], item)

    def run(e: Env) -> tuple[Any, ...]:
        local = e.local
        saved = [local.get(name, _ABSENT) for name in names]
        found: list[Any] = []
        try:
            _loop(e, loops, 0, item, found)
        finally:
            for name, value in zip(names, saved):
                if value is _ABSENT:
                    local.pop(name, None)
                else:
                    local[name] = value
        return tuple(found)

    return list_of(item_type), run


_ABSENT = object()


def _grew_too_long() -> ExpressionFailure:
    # TRANSLATORS: a ruleset's formula (expression) failed during a game: a list it made is too long; {limit} is a
    # number of items.
    return ExpressionFailure(_("a list grew past {limit} items", limit=MAX_LIST))


def _single_loop(loop: tuple[str, Fn, list[Fn]], item: Fn) -> Fn:
    """A comprehension of one loop (nearly all of them): as :func:`_loop` does it, without its recursion and with
    its conditions joined once."""
    name, source, conditions = loop
    if not conditions:
        condition = None
    elif len(conditions) == 1:
        condition = conditions[0]
    else:

        def condition(e: Env) -> bool:
            return all(test(e) for test in conditions)

    def run(e: Env) -> tuple[Any, ...]:
        local = e.local
        saved = local.get(name, _ABSENT)
        found: list[Any] = []
        try:
            for value in _items(e, source):
                local[name] = value
                if condition is not None and not condition(e):
                    continue
                found.append(item(e))
                if len(found) > MAX_LIST:
                    raise _grew_too_long()
        finally:
            if saved is _ABSENT:
                local.pop(name, None)
            else:
                local[name] = saved
        return tuple(found)

    return run


def _items(e: Env, source: Fn) -> tuple[Any, ...] | list[Any]:
    """The list a loop goes through, its length counted against the evaluation's budget."""
    values: tuple[Any, ...] | list[Any] = source(e)
    if type(values) is not tuple and type(values) is not list:
        values = tuple(values)
    e.spend(len(values))
    return values


def _loop(e: Env, loops: list[tuple[str, Fn, list[Fn]]], level: int, item: Fn, found: list[Any]) -> None:
    name, source, conditions = loops[level]
    local = e.local
    last = level == len(loops) - 1
    for value in _items(e, source):
        local[name] = value
        if conditions and not all(condition(e) for condition in conditions):
            continue
        if last:
            found.append(item(e))
            if len(found) > MAX_LIST:
                raise _grew_too_long()
        else:
            _loop(e, loops, level + 1, item, found)


def _call(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    from engine.language.expressions.functions import BUILT_IN_FUNCTIONS, user_call  # noqa: PLC0415  (they call back here)

    if not isinstance(node.func, ast.Name):
        # TRANSLATORS: a ruleset's formula (expression) is refused: a call was written after a dot; keep count(xs) and
        # xs.count() as they are.
        raise compiler.problem(node, _("only functions are called: write count(xs), not xs.count()"))
    name = node.func.id
    if any(isinstance(argument, ast.Starred) for argument in node.args) or any(
        keyword.arg is None for keyword in node.keywords
    ):
        raise compiler.problem(node, _("this is not part of the expression language: {what}", what="*"))
    if name in compiler.scope.functions:
        return user_call(compiler, node, name)
    function = BUILT_IN_FUNCTIONS.get(name)
    if function is None:
        choices = [*BUILT_IN_FUNCTIONS, *compiler.scope.functions]
        # TRANSLATORS: a ruleset's formula (expression) is refused: {name} is a function neither the rules language nor
        # the ruleset has; a did-you-mean may follow.
        raise compiler.problem(node.func, _("unknown function '{name}'", name=name) + did_you_mean(name, choices))
    return function(compiler, node)


def _lambda_outside(compiler: Compiler, node: ast.Lambda) -> tuple[Type, Fn]:
    # TRANSLATORS: a ruleset's formula (expression) is refused: keep 'lambda', key= and where= as they are: lambda is
    # only given to a function as key= or where=.
    raise compiler.problem(node, _("'lambda' is written only as a function's key= or where="))


_HANDLERS: dict[type, Callable[[Compiler, Any], tuple[Type, Fn]]] = {
    ast.Constant: _constant,
    ast.Name: _name,
    ast.Attribute: _attribute,
    ast.BinOp: _binary,
    ast.UnaryOp: _unary,
    ast.BoolOp: _boolean,
    ast.Compare: _compare,
    ast.IfExp: _if_expression,
    ast.List: _list,
    ast.Subscript: _subscript,
    ast.GeneratorExp: _comprehension,
    ast.ListComp: _comprehension,
    ast.Call: _call,
    ast.Lambda: _lambda_outside,
}


def _players(e: Env) -> tuple[int, ...]:
    return tuple(range(e.world.player_count))


# Names every expression may use (the ruleset's own names come first).
BUILT_IN_NAMES: dict[str, tuple[Type, Fn]] = {
    "players": (PLAYERS, _players),
    "player_count": (NUMBER, lambda e: e.world.player_count),
    "round": (NUMBER, lambda e: e.world.round_number()),
    "true": (FLAG, lambda e: True),
    "false": (FLAG, lambda e: False),
    "card_ids": (TEXTS, lambda e: e.world.card_ids()),
    "all_cards": (CARDS, lambda e: e.world.all_cards()),
}

__all__ = ["CARD", "Compiler", "Env", "Memo", "Expression", "ExpressionFailure", "ExpressionProblem", "Fn", "VARIANT"]
