"""The built-in functions of the expression language, and calls of a ruleset's own functions.

Each built-in checks its arguments' types when the expression is compiled and
returns the type of its value and a closure. The list, as the ruleset docs
give it:

- ``count(xs)``: how many items; ``sum(numbers)``: their total (0 for none);
  ``product(numbers)``: their product (1 for none);
- ``min(xs)``, ``max(xs)`` (also ``min(a, b, ...)``), with ``key=lambda x: ...``
  to compare by something else and ``default=`` for an empty list (without it,
  an empty list ends the game with an error); of equal items the first wins;
- ``any(flags)``, ``all(flags)``;
- ``sorted(xs, key=..., reverse=...)`` (stable: equal items keep their order),
  ``reversed(xs)``, ``distinct(xs)`` (each value once, first seen first);
- ``runs(cards, by='value')``: the longest runs of consecutive values (each a
  list of cards, lowest first; the runs lowest first);
- ``groups(cards, by='id')``: the cards grouped by id or by an attribute
  (groups have ``.key``, ``.cards``, ``.size``; by id in the order the
  ruleset declares the cards, by attribute from the lowest value);
- ``table(n, [1, 3, 6, 10])``: the ``n``-th number of a list (1 is the
  first; past the end, the last; 0 or less gives 0);
- ``assignments(cards, wild='joker', to=[...])``: every way of counting the
  wild cards as one of the ids ``to`` (``.cards``, ``.assigned``), in the
  order of ``to``;
- ``next(p)``, ``previous(p)`` (clockwise; ``p`` itself when no other
  player fits), ``opponents(p)`` (the others, from ``p``'s left), each with
  ``where=lambda q: ...`` to skip players;
- ``card('spy')``: a card of that id (to read its value);
- ``abs``, ``floor``, ``ceil``; ``range(a, b)``: the whole numbers from ``a`` to ``b - 1``.
"""

from __future__ import annotations

import ast
import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from engine.base.i18n import _, ngettext
from engine.base.suggestions import did_you_mean
from engine.language.expressions.compiler import MAX_LIST, Compiler, Env, Fn, bounded, whole
from engine.language.expressions.names import expression_name
from engine.language.expressions.problems import ExpressionFailure
from engine.language.expressions.types import (
    ANY,
    CARD,
    CARDS,
    FLAG,
    NUMBER,
    NUMBERS,
    PLAYER,
    PLAYERS,
    TEXT,
    TEXTS,
    VARIANT,
    Type,
    fits,
    group_of,
    joined,
    list_of,
)
from engine.language.expressions.values import Group, Variant, card_of_type

Handler = Callable[[Compiler, ast.Call], tuple[Type, Fn]]


class _Arguments:
    """A call's arguments, checked against what the function takes."""

    def __init__(
        self, compiler: Compiler, node: ast.Call, name: str, least: int, most: int, keywords: tuple[str, ...] = ()
    ) -> None:
        self.compiler = compiler
        self.node = node
        self.name = name
        count = len(node.args)
        if not least <= count <= most:
            if least == most:
                # TRANSLATORS: an error in a ruleset's expression, e.g. "max() takes 1 argument, not 2"; keep {name}()
                # as written; {count} is how many arguments it takes, {given} how many were written.
                message = ngettext(
                    "{name}() takes {count} argument, not {given}",
                    "{name}() takes {count} arguments, not {given}",
                    least,
                    name=name,
                    count=least,
                    given=count,
                )
            else:
                # TRANSLATORS: an error in a ruleset's expression, e.g. "min() takes 1 to 100 arguments, not 0"; keep
                # {name}() as written; {least} and {most} are the limits, {given} how many arguments were written.
                message = _(
                    "{name}() takes {least} to {most} arguments, not {given}",
                    name=name,
                    least=least,
                    most=most,
                    given=count,
                )
            raise compiler.problem(node, message)
        self.keywords: dict[str, ast.expr] = {}
        for keyword in node.keywords:
            assert keyword.arg is not None  # a ** argument was refused before
            if keyword.arg not in keywords:
                raise compiler.problem(
                    keyword.value,
                    # TRANSLATORS: an error in a ruleset's expression: a keyword the function does not take, e.g.
                    # "sorted() takes no argument 'by'"; keep {name}() and '{keyword}' as written.
                    _("{name}() takes no argument '{keyword}'", name=name, keyword=keyword.arg)
                    + did_you_mean(keyword.arg, keywords),
                )
            self.keywords[keyword.arg] = keyword.value

    def typed(self, index: int, expected: Type) -> Fn:
        # TRANSLATORS: names an argument in "{what} must be a {expected}, not a {actual}", e.g. "argument 2 of table()";
        # {number} counts from 1, {name} is the function's name (keep it).
        fn = self.compiler.typed(
            self.node.args[index], expected, _("argument {number} of {name}()", number=index + 1, name=self.name)
        )
        return _spent(fn) if expected.is_list else fn

    def any(self, index: int) -> tuple[Type, Fn]:
        return self.compiler.node(self.node.args[index])

    def list(self, index: int) -> tuple[Type, Fn]:
        value_type, fn = self.any(index)
        if not value_type.is_list:
            raise self.compiler.problem(
                self.node.args[index],
                # TRANSLATORS: an error in a ruleset's expression, e.g. "count() takes a list, not a number"; keep
                # {name}() as written; {type} is a type of the expression language ("number", "card"...).
                _("{name}() takes a list, not a {type}", name=self.name, type=value_type.shown()),
            )
        return value_type, _spent(fn)

    def keyword(self, name: str, expected: Type) -> Fn | None:
        node = self.keywords.get(name)
        if node is None:
            return None
        # TRANSLATORS: names a keyword argument in "{what} must be a {expected}, not a {actual}", e.g. "default= of
        # max()"; keep {keyword}= and {name}() as written.
        return self.compiler.typed(node, expected, _("{keyword}= of {name}()", keyword=name, name=self.name))

    def literal_text(self, name: str, default: str) -> tuple[str, ast.AST]:
        node = self.keywords.get(name)
        if node is None:
            return default, self.node
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            # TRANSLATORS: an error in a ruleset's expression: a keyword argument that must be a name in quotes, as
            # by='value' of runs(); keep {keyword}= and {name}() as written.
            raise self.compiler.problem(
                node, _("{keyword}= of {name}() is a name in quotes", keyword=name, name=self.name)
            )
        return node.value, node

    def function(self, name: str, parameter: Type) -> tuple[Type, Callable[[Env, Any], Any]] | None:
        """A ``lambda x: ...`` given as keyword ``name``, taking one value of type ``parameter``."""
        node = self.keywords.get(name)
        if node is None:
            return None
        if not isinstance(node, ast.Lambda):
            # TRANSLATORS: an error in a ruleset's expression, e.g. "key= of max() is written lambda x: ..."; keep
            # {keyword}=, {name}() and "lambda x: ..." as written (code of the expression language).
            raise self.compiler.problem(
                node, _("{keyword}= of {name}() is written lambda x: ...", keyword=name, name=self.name)
            )
        arguments = node.args
        if (
            len(arguments.args) != 1
            or arguments.posonlyargs
            or arguments.kwonlyargs
            or arguments.vararg
            or arguments.kwarg
            or arguments.defaults
        ):
            # TRANSLATORS: an error in a ruleset's expression: a lambda with no or several parameters; keep the code
            # lambda x: ... as is.
            raise self.compiler.problem(node, _("a lambda here takes one name: lambda x: ..."))
        variable = arguments.args[0].arg
        with self.compiler.with_locals({variable: parameter}):
            body_type, body = self.compiler.node(node.body)

        def call(e: Env, value: Any) -> Any:
            local = e.local
            saved = local.get(variable, _ABSENT)
            local[variable] = value
            try:
                return body(e)
            finally:
                if saved is _ABSENT:
                    del local[variable]
                else:
                    local[variable] = saved

        return body_type, call


_ABSENT = object()


def _spent(fn: Fn) -> Fn:
    """``fn``, its list's length counted against the evaluation's budget (a function goes through the list)."""

    def read(e: Env) -> Any:
        items = fn(e)
        e.spend(len(items))
        return items

    return read


def _count(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "count", 1, 1)
    _items_type, items = arguments.list(0)
    return NUMBER, lambda e: len(items(e))


def _sum(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "sum", 1, 1)
    items = arguments.typed(0, NUMBERS)
    offset = compiler.offset(node)
    return NUMBER, lambda e: bounded(sum(items(e)), offset)


def _product(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "product", 1, 1)
    items = arguments.typed(0, NUMBERS)
    offset = compiler.offset(node)

    def run(e: Env) -> Any:
        # Checked at every factor, not once at the end: a long list of factors could grow past any bound first.
        total: Any = 1
        for item in items(e):
            total = bounded(total * item, offset)
        return total

    return NUMBER, run


def _extreme(name: str) -> Handler:
    pick = min if name == "min" else max

    def handler(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
        offset = compiler.offset(node)
        if len(node.args) >= 2:  # min(a, b, ...): numbers
            arguments = _Arguments(compiler, node, name, 2, 100)
            values = [arguments.typed(index, NUMBER) for index in range(len(node.args))]
            return NUMBER, lambda e: pick(value(e) for value in values)
        arguments = _Arguments(compiler, node, name, 1, 1, ("key", "default"))
        items_type, items = arguments.list(0)
        item_type = items_type.item or ANY
        key = arguments.function("key", item_type)
        if key is None and not fits(item_type, NUMBER):
            # TRANSLATORS: an error in a ruleset's expression: min() or max() of things other than numbers; {items} is a
            # plural type, e.g. "cards"; keep {name}() and the code key=lambda x: ... as written.
            raise compiler.problem(
                node, _("{name}() of a list of {items} needs key=lambda x: ...", name=name, items=item_type.plural())
            )
        if key is not None and not fits(key[0], NUMBER):
            # TRANSLATORS: an error in a ruleset's expression: the key=lambda of min() or max() gives no number; keep
            # {name}() as written.
            raise compiler.problem(node, _("the key of {name}() must give a number", name=name))
        default = arguments.keyword("default", item_type)
        key_fn = key[1] if key is not None else None

        def extreme(e: Env) -> Any:
            values = items(e)
            if not values:
                if default is not None:
                    return default(e)
                # TRANSLATORS: an error while a game is played: min() or max() of an empty list; keep {name}() and
                # default= as written.
                raise ExpressionFailure(_("{name}() of an empty list: give default= for that case", name=name), offset)
            if key_fn is None:
                return pick(values)
            return pick(values, key=lambda value: key_fn(e, value))

        return item_type, extreme

    return handler


def _any_all(name: str) -> Handler:
    def handler(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
        arguments = _Arguments(compiler, node, name, 1, 1)
        items = arguments.typed(0, list_of(FLAG))
        if name == "any":
            return FLAG, lambda e: any(items(e))
        return FLAG, lambda e: all(items(e))

    return handler


def _sorted(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "sorted", 1, 1, ("key", "reverse"))
    items_type, items = arguments.list(0)
    key = arguments.function("key", items_type.item or ANY)
    if key is None and not fits(items_type.item or ANY, NUMBER):
        # TRANSLATORS: an error in a ruleset's expression: sorting other things than numbers needs a key; keep sorted()
        # and "key=lambda x: ..." as written.
        raise compiler.problem(node, _("sorted() of anything but numbers needs key=lambda x: ..."))
    if key is not None and not fits(key[0], NUMBER):
        # TRANSLATORS: an error in a ruleset's expression: the key=lambda of sorted() gives no number; keep sorted() as
        # written.
        raise compiler.problem(node, _("the key of sorted() must give a number"))
    reverse = arguments.keyword("reverse", FLAG)
    key_fn = key[1] if key is not None else None

    def run(e: Env) -> tuple[Any, ...]:
        backwards = bool(reverse(e)) if reverse is not None else False
        if key_fn is None:
            return tuple(sorted(items(e), reverse=backwards))
        return tuple(sorted(items(e), key=lambda value: key_fn(e, value), reverse=backwards))

    return items_type, run


def _reversed(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "reversed", 1, 1)
    items_type, items = arguments.list(0)
    return items_type, lambda e: tuple(reversed(items(e)))


def _distinct(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "distinct", 1, 1)
    items_type, items = arguments.list(0)
    return items_type, lambda e: tuple(dict.fromkeys(items(e)))


def _attribute_key(compiler: Compiler, arguments: _Arguments, default: str) -> tuple[str, Type]:
    """The ``by=`` of runs() and groups(): ``'id'`` or a card attribute, checked; and its type."""
    written, where = arguments.literal_text("by", default)
    if written == "id":
        return "id", TEXT
    name = expression_name(written)
    if name not in compiler.scope.attributes:
        raise compiler.problem(
            where,
            # TRANSLATORS: an error in a ruleset's expression: by= of runs() or groups() names no card attribute, e.g.
            # "no card has the attribute 'colour'"; {name} is the name as written.
            _("no card has the attribute '{name}'", name=written)
            + did_you_mean(written, ["id", *compiler.scope.attributes]),
        )
    return name, NUMBER


def _key_reader(attribute: str) -> Callable[[Env, int], Any]:
    if attribute == "id":
        return lambda e, card: e.world.card_type(card).id
    names = (attribute, attribute.replace("_", "-"))

    def read(e: Env, card: int) -> Any:
        values = e.world.card_type(card).attributes
        for name in names:
            found = values.get(name)
            if found is not None:
                return whole(found)
        return None

    return read


def _runs(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "runs", 1, 1, ("by",))
    cards = arguments.typed(0, CARDS)
    attribute, key_type = _attribute_key(compiler, arguments, "value")
    if key_type != NUMBER:
        # TRANSLATORS: an error in a ruleset's expression: runs() finds runs of consecutive numbers, so its by= must
        # name a numeric card attribute (such as value), not id; keep runs() and by= as written.
        raise compiler.problem(node, _("runs() follows a number: by= names a numeric attribute"))
    read = _key_reader(attribute)

    def run(e: Env) -> tuple[tuple[int, ...], ...]:
        valued = sorted(
            ((value, card) for card in cards(e) if (value := read(e, card)) is not None), key=lambda pair: pair[0]
        )
        found: list[list[int]] = []
        last: Any = None
        for value, card in valued:
            if found and (value == last or value == last + 1):
                found[-1].append(card)
            else:
                found.append([card])
            last = value
        return tuple(tuple(run) for run in found)

    return list_of(CARDS), run


def _groups(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "groups", 1, 1, ("by",))
    cards = arguments.typed(0, CARDS)
    attribute, key_type = _attribute_key(compiler, arguments, "id")
    read = _key_reader(attribute)
    by_id = attribute == "id"

    def run(e: Env) -> tuple[Group, ...]:
        found: dict[Any, list[int]] = {}
        order: dict[Any, Any] = {}
        for card in cards(e):
            key = read(e, card)
            if key is None:
                continue
            found.setdefault(key, []).append(card)
            if key not in order:
                order[key] = e.world.card_type(card).index if by_id else key
        return tuple(Group(key, tuple(found[key])) for key in sorted(found, key=order.__getitem__))

    return list_of(group_of(key_type)), run


def _table(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "table", 2, 2)
    position = arguments.typed(0, NUMBER)
    values = arguments.typed(1, NUMBERS)
    offset = compiler.offset(node)

    def run(e: Env) -> Any:
        items = values(e)
        at = position(e)
        if at < 1 or not items:
            return 0
        if type(at) is not int:
            # TRANSLATORS: an error while a game is played: the position given to table() is a fraction, e.g. "5/2";
            # keep table().
            raise ExpressionFailure(_("table() counts with whole numbers, not {value}", value=at), offset)
        return items[min(at, len(items)) - 1]

    return NUMBER, run


def _assignments(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "assignments", 1, 1, ("wild", "to"))
    cards = arguments.typed(0, CARDS)
    wild, where = arguments.literal_text("wild", "")
    if wild not in compiler.scope.card_ids:
        raise compiler.problem(
            where,
            # TRANSLATORS: an error in a ruleset's expression: wild= of assignments() names no card id, e.g. "'jokr' is
            # no card"; keep wild= as written; {name} is the id as written.
            _("wild= names the id of the wild cards: '{name}' is no card", name=wild)
            + did_you_mean(wild, compiler.scope.card_ids),
        )
    targets = arguments.keyword("to", TEXTS)
    if targets is None:
        # TRANSLATORS: an error in a ruleset's expression: assignments() is missing to=, the list of card ids a wild
        # card may stand for; keep assignments() and to= as written.
        raise compiler.problem(node, _("assignments() needs to=: the ids a wild card may count as"))
    offset = compiler.offset(node)

    def run(e: Env) -> tuple[Variant, ...]:
        held = cards(e)
        type_of = e.world.card_type
        plain = tuple(card for card in held if type_of(card).id != wild)
        wild_count = len(held) - len(plain)
        ids = tuple(targets(e))
        indexes = e.world.type_indexes(ids)
        variants = []
        for choice in itertools.combinations_with_replacement(range(len(ids)), wild_count):
            variants.append(
                Variant(plain + tuple(card_of_type(indexes[index]) for index in choice), tuple(ids[i] for i in choice))
            )
            if len(variants) > MAX_LIST:
                raise ExpressionFailure(_("a list grew past {limit} items", limit=MAX_LIST), offset)
        return tuple(variants)

    return list_of(VARIANT), run


def _seat_function(name: str) -> Handler:
    def handler(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
        arguments = _Arguments(compiler, node, name, 1, 1, ("where",))
        player = arguments.typed(0, PLAYER)
        where = arguments.function("where", PLAYER)
        if where is not None and not fits(where[0], FLAG):
            # TRANSLATORS: an error in a ruleset's expression: where=lambda q: ... of next(), previous() or opponents()
            # must give true or false; keep where= and {name}() as written.
            raise compiler.problem(node, _("where= of {name}() must give yes or no", name=name))
        keep = where[1] if where is not None else None
        step = -1 if name == "previous" else 1

        def around(e: Env) -> list[int]:
            count = e.world.player_count
            seat = player(e)
            found = [(seat + step * distance) % count for distance in range(1, count)]
            return [other for other in found if keep is None or keep(e, other)]

        if name == "opponents":
            return PLAYERS, lambda e: tuple(around(e))

        def one(e: Env) -> int:
            found = around(e)
            # No other player fits (everyone else is out): the player given.
            return found[0] if found else player(e)

        return PLAYER, one

    return handler


def _card(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "card", 1, 1)
    argument = node.args[0]
    if not isinstance(argument, ast.Constant) or not isinstance(argument.value, str):
        text_type, text = arguments.any(0)
        if not fits(text_type, TEXT):
            # TRANSLATORS: an error in a ruleset's expression: card() is given something other than a text (a card's id,
            # e.g. 'spy'); keep card() as written.
            raise compiler.problem(argument, _("card() takes a card id"))
        offset = compiler.offset(node)

        def any_card(e: Env) -> int:
            indexes = e.world.type_indexes((text(e),))
            if indexes[0] < 0:
                # TRANSLATORS: an error, while a game is played or in a ruleset's expression: card('...') names no card;
                # {name} is the id as written, e.g. 'spy'.
                raise ExpressionFailure(_("no card has the id '{name}'", name=text(e)), offset)
            return card_of_type(indexes[0])

        return CARD, any_card
    card_id = argument.value
    if card_id not in compiler.scope.card_ids:
        raise compiler.problem(
            argument, _("no card has the id '{name}'", name=card_id) + did_you_mean(card_id, compiler.scope.card_ids)
        )
    index = compiler.scope.card_ids.index(card_id)
    return CARD, lambda e: card_of_type(index)


def _rounding(name: str) -> Handler:
    operations: dict[str, Callable[[Any], Any]] = {"abs": abs, "floor": math.floor, "ceil": math.ceil}
    operation = operations[name]

    def handler(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
        arguments = _Arguments(compiler, node, name, 1, 1)
        value = arguments.typed(0, NUMBER)
        return NUMBER, lambda e: operation(value(e))

    return handler


def _range(compiler: Compiler, node: ast.Call) -> tuple[Type, Fn]:
    arguments = _Arguments(compiler, node, "range", 2, 2)
    low = arguments.typed(0, NUMBER)
    high = arguments.typed(1, NUMBER)
    offset = compiler.offset(node)

    def run(e: Env) -> tuple[int, ...]:
        start, end = low(e), high(e)
        if type(start) is not int or type(end) is not int:
            # TRANSLATORS: an error while a game is played: range() is given a fraction, e.g. range(1, 7/2); keep
            # range() as written.
            raise ExpressionFailure(_("range() counts with whole numbers"), offset)
        if end - start > MAX_LIST:
            raise ExpressionFailure(_("a list grew past {limit} items", limit=MAX_LIST), offset)
        e.spend(max(0, end - start))
        return tuple(range(start, end))

    return NUMBERS, run


def user_call(compiler: Compiler, node: ast.Call, name: str) -> tuple[Type, Fn]:
    """A call of one of the ruleset's ``functions``: its arguments bound to its parameters."""
    parameters, value_type, body = compiler.user_function(name, node)
    if node.keywords:
        # TRANSLATORS: an error in a ruleset's expression: a call of one of the functions the ruleset declares (under
        # `functions`) names its arguments (f(x=1)); they must be given in order, f(1).
        raise compiler.problem(node, _("the ruleset's functions take their arguments in order, without names"))
    arguments = _Arguments(compiler, node, name, len(parameters), len(parameters))
    values = [arguments.typed(index, parameter_type) for index, (_name, parameter_type) in enumerate(parameters)]
    names = [parameter for parameter, _type in parameters]

    def call(e: Env) -> Any:
        given = tuple([value(e) for value in values])
        e.spend(1)
        # A function reads only its arguments and the world, which stays as it is while one expression (or one
        # result) is worked out: a call made again with the same arguments (a hand's points, for each way its
        # wild cards may count) has the same value. Its work is counted again all the same, so an evaluation's
        # budget runs out exactly where it would have. Arguments equal but of other types (1 and 1/1) are not
        # the same call: a remembered call counts only for arguments of the same types.
        memo = e.memo
        if memo is None:
            memo = e.memo = {}
        key = (name, given)
        try:
            known = memo.get(key)
        except TypeError:  # an argument that cannot be a key: worked out, not remembered
            return body(Env(e.world, dict(zip(names, given)), e.work, memo))
        if known is not None and all(type(one) is type(other) for one, other in zip(known[2], given)):
            e.spend(known[1])
            return known[0]
        work = e.work
        before = work[0]
        result = body(Env(e.world, dict(zip(names, given)), work, memo))
        memo[key] = (result, before - work[0], given)
        return result

    return value_type, call


BUILT_IN_FUNCTIONS: dict[str, Handler] = {
    "count": _count,
    "sum": _sum,
    "product": _product,
    "min": _extreme("min"),
    "max": _extreme("max"),
    "any": _any_all("any"),
    "all": _any_all("all"),
    "sorted": _sorted,
    "reversed": _reversed,
    "distinct": _distinct,
    "runs": _runs,
    "groups": _groups,
    "table": _table,
    "assignments": _assignments,
    "next": _seat_function("next"),
    "previous": _seat_function("previous"),
    "opponents": _seat_function("opponents"),
    "card": _card,
    "abs": _rounding("abs"),
    "floor": _rounding("floor"),
    "ceil": _rounding("ceil"),
    "range": _range,
}

__all__ = ["BUILT_IN_FUNCTIONS", "Fraction", "joined", "user_call"]
