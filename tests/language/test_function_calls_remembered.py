"""A call of one of the ruleset's functions made again with the same arguments, while the world stays as it is,
is worked out once (``Env.memo``): its value is the same, and the work it went through is counted again, so an
expression's budget runs out exactly where it did when every call was worked out.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import Game
from engine.base.errors import RuleFailedError
from engine.families.catalog import load_ruleset
from engine.language.expression_params import evaluate_in
from engine.language.expression_places import ME
from engine.language.expressions.compiler import MAX_WORK, Env
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.problems import ExpressionFailure
from engine.language.expressions.types import NUMBER
from engine.language.expressions.worlds import StateWorld

# Two functions alike but for their names: the memo never shares their calls, so an expression with both is
# worked out as it was before calls were remembered.
HOUSE = """\
extends: no-thanks/classic
name: Two alike
functions:
  heavy:
    parameters: {n: number}
    value: "sum(x for x in range(0, n)) + count(offer)"
  heavy-too:
    parameters: {n: number}
    value: "sum(x for x in range(0, n)) + count(offer)"
  echo:
    parameters: {n: number}
    value: "[n, count(offer)]"
"""


class CountingWorld(StateWorld):
    """A game's world that counts the zones it is asked for."""

    __slots__ = ("reads",)

    def __init__(self, state) -> None:
        super().__init__(state)
        self.reads = 0

    def cards(self, zone_index: int, owner: int) -> tuple[int, ...]:
        self.reads += 1
        return super().cards(zone_index, owner)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    house = tmp_path_factory.mktemp("house") / "two-alike.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    ruleset = load_ruleset(house)
    return ruleset, compiler_for(ruleset), Game(ruleset, 3).new_initial_state(seed=5)


def worked_out(game, text: str, work: int = MAX_WORK) -> tuple[object, int, int]:
    """``text``'s value, the work it went through and the zones it read."""
    _ruleset, compiler, state = game
    world = CountingWorld(state)
    budget = [work]
    value = compiler.compile(text, None, ME).fn(Env(world, {"me": 0}, budget))
    return value, work - budget[0], world.reads


def test_a_call_made_again_is_worked_out_once_with_its_work_counted_again(game):
    remembered = worked_out(game, "heavy(1000) + heavy(1000)")
    each_worked_out = worked_out(game, "heavy(1000) + heavy_too(1000)")
    assert remembered[0] == each_worked_out[0] == 2 * (499_500 + 1)
    assert remembered[1] == each_worked_out[1]  # the same work counted
    assert (remembered[2], each_worked_out[2]) == (1, 2)  # but the second call read nothing


def test_calls_with_other_arguments_are_worked_out_each(game):
    assert worked_out(game, "heavy(10) + heavy(20)")[2] == 2


def test_the_budget_runs_out_where_it_did_when_every_call_was_worked_out(game):
    _value, spent, _reads = worked_out(game, "heavy(1000) + heavy_too(1000)")
    assert worked_out(game, "heavy(1000) + heavy(1000)", work=spent)[1] == spent
    with pytest.raises(ExpressionFailure, match="goes through more than"):
        worked_out(game, "heavy(1000) + heavy(1000)", work=spent - 1)


def test_a_memo_shared_by_expressions_of_one_unchanging_world_gives_each_the_value_it_had(game):
    ruleset, compiler, state = game
    world = CountingWorld(state)
    memo: dict = {}
    first = compiler.compile("heavy(300)", None, ME)
    second = compiler.compile("heavy(300) * 2", None, ME)
    assert evaluate_in(first, world, {"me": 0}, ruleset, "test", "value", memo) == 44_850 + 1
    assert evaluate_in(second, world, {"me": 0}, ruleset, "test", "value", memo) == 2 * (44_850 + 1)
    assert world.reads == 1


def test_a_call_past_the_budget_still_ends_the_game_with_a_located_error(game):
    ruleset, compiler, state = game
    text = "count([heavy(99999) for p in range(0, 99)])"
    with pytest.raises(RuleFailedError, match="goes through more than"):
        evaluate_in(compiler.compile(text, None, ME), StateWorld(state), {"me": 0}, ruleset, "test", "value")


def test_arguments_equal_but_of_other_types_are_not_the_same_call(game):
    ruleset, compiler, state = game
    world = CountingWorld(state)
    memo: dict = {}
    echo = compiler.compile("echo(n)", None, {**ME, "n": NUMBER})
    whole = evaluate_in(echo, world, {"me": 0, "n": 3}, ruleset, "test", "value", memo)
    fraction = evaluate_in(echo, world, {"me": 0, "n": Fraction(3)}, ruleset, "test", "value", memo)
    assert whole == fraction and type(whole[0]) is int and type(fraction[0]) is Fraction
    assert world.reads == 2  # 3 and 3/1 are equal, but the second call was worked out for itself
