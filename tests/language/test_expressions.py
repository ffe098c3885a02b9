"""The expression language: what it computes, what it refuses (located, with did-you-mean), and that no text a
stranger writes can crash, hang or reach Python.

Expressions are Python's syntax, parsed with ``ast`` and compiled to closures
by the engine: nothing is ever handed to ``eval``.
"""

from __future__ import annotations

import signal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game
from engine.base.errors import RuleFailedError
from engine.families.catalog import load_ruleset, validate
from engine.language.expression_params import evaluate
from engine.language.expression_places import ME
from engine.language.expressions.compiler import MAX_LENGTH
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.problems import ExpressionProblem
from engine.language.expressions.types import ANY, NUMBER

RULESET = "no-thanks/classic"


@pytest.fixture(scope="module")
def world():
    ruleset = load_ruleset(RULESET)
    game = Game(ruleset, 3)
    state = game.new_initial_state(seed=5)
    return ruleset, compiler_for(ruleset), state


def value_of(world, text, expected=ANY, me=0):
    _ruleset, compiler, state = world
    return evaluate(compiler.compile(text, expected, ME), state, {"me": me}, "test", "value")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("7 / 2", Fraction(7, 2)),
        ("7 // 2 + 7 % 2", 4),
        ("me.chips", 11),
        ("sum(p.chips for p in players)", 33),
        ("count(offer)", 1),
        ("count(deck) + count(removed) + count(offer)", 33),
        ("count(players) == player_count", True),
        ("max([1, 5, 3])", 5),
        ("min([], default=4)", 4),
        ("sorted([3, 1, 2])", (1, 2, 3)),
        ("[len_ for len_ in reversed([1, 2])]", (2, 1)),
        ("count(distinct([1, 1, 2]))", 2),
        ("[count(run) for run in runs([c for c in all_cards if c.value in [3, 4, 5, 9, 10, 20]])]", (3, 2, 1)),
        ("abs(-3) + floor(7 / 2) + ceil(7 / 2)", 10),
        ("sum(range(1, 5))", 10),
        ("product([2, 3, 1 / 2])", 3),
        ("product(1 / 2 for c in offer)", Fraction(1, 2)),
        ("product([])", 1),
        ("next(me) == players[1] and previous(me) == players[2]", True),
        ("count(opponents(me))", 2),
        ("card('35').value", 35),
        ("'x' if me.chips > 10 else 'y'", "x"),
        ("not (1 < 2 < 3) or true", True),
    ],
)
def test_an_expression_computes_what_it_says(world, text, expected):
    assert value_of(world, text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("me.chipz", "a player has no attribute 'chipz' (did you mean 'chips'?)"),
        ("count(ofer)", "did you mean 'offer'?"),
        ("cuont(offer)", "did you mean 'count'?"),
        ("count(offer) + 'a'", "'+' works on numbers, not on a text"),
        ("__import__('os')", "unknown function '__import__'"),
        ("me.__class__", "a player has no attribute '__class__'"),
        ("lambda: 1", "'lambda' is written only as a function's key= or where="),
        ("2 ** 2000", "this is not part of the expression language: **"),
        ("x = 1", "this is not a valid expression"),
        ("f'{me}'", "this is not part of the expression language: f-string"),
        ("card('99')", "no card has the id '99'"),
        ("me.taken.value", "a list of cards has no attributes (such as .value)"),
        ("offer.pop()", "only functions are called"),
        ("sum(offer)", "argument 1 of sum()"),
        ("max(offer)", "max() of a list of cards needs key=lambda x: ..."),
        ("1 if me else 2", "the condition of 'if' must be a yes-or-no value, not a player"),
        ("-" * 60 + "1", "nested too deeply"),
        ("1 + " * (MAX_LENGTH // 4 + 1) + "1", "longer than"),
        ("1E100", "this number is too large"),
        ("1e100000000", "this number is too large"),
        ("0.5e-100000000", "this number is too large"),
    ],
)
def test_a_bad_expression_is_refused_with_a_reason(world, text, message):
    _ruleset, compiler, _state = world
    with pytest.raises(ExpressionProblem) as refused:
        compiler.compile(text, ANY, ME)
    assert message in refused.value.message


def test_a_problem_points_at_its_place_in_the_text(world):
    _ruleset, compiler, _state = world
    text = "count(offer) + me.chipz"
    with pytest.raises(ExpressionProblem) as refused:
        compiler.compile(text, NUMBER, ME)
    assert text[refused.value.offset :].startswith("me.chipz")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("max([])", "max() of an empty list: give default= for that case"),
        ("1 / (me.chips - 11)", "division by zero"),
        ("[1, 2][5]", "index 5 is past the end of a list of 2"),
        ("9" * 70 + " * " + "9" * 70 + " * " + "9" * 70 + " * " + "9" * 70, "a number grew past 256 bits"),
        ("sum(range(0, 1000000000))", "a list grew past 100000 items"),
        ("product(2 for n in range(0, 300))", "a number grew past 256 bits"),
        ("count([p for p in range(0, 99999) for q in range(0, 99999) if false])", "goes through more than"),
        ("count([sum(range(0, 99999)) for p in range(0, 99999)])", "goes through more than"),
    ],
)
def test_a_rule_that_cannot_be_worked_out_ends_the_game_with_a_located_error(world, text, message):
    with pytest.raises(RuleFailedError) as failed:
        value_of(world, text)
    assert message in str(failed.value)
    assert "rulesets/no-thanks/classic.yaml:" in str(failed.value) and "step test" in str(failed.value)


def test_validate_locates_a_bad_expression_in_its_file(tmp_path):
    house = tmp_path / "bad.yaml"
    house.write_text(
        'extends: no-thanks/classic\nname: Bad\nscoring:\n  $replace: true\n  score: "sum(c.value for c in me.takn) - me.chips"\n',
        encoding="utf-8",
    )
    problems = [str(problem) for problem in validate(house)]
    assert problems == [f"{house}:5:32: $.scoring.score: a player has no attribute 'takn' (did you mean 'taken'?)"]


class _Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise _Hang


TOKENS = st.sampled_from(
    [
        "me",
        "players",
        "offer",
        "deck",
        "taken",
        "chips",
        "value",
        "count",
        "sum",
        "min",
        "max",
        "sorted",
        "runs",
        "groups",
        "distinct",
        "any",
        "all",
        "range",
        "card",
        "next",
        "opponents",
        "lambda",
        "for",
        "in",
        "if",
        "else",
        "and",
        "or",
        "not",
        "true",
        "x",
        "c",
        "p",
        "(",
        ")",
        "[",
        "]",
        ",",
        ".",
        ":",
        "=",
        "==",
        "<",
        "+",
        "-",
        "*",
        "/",
        "//",
        "%",
        "0",
        "1",
        "7",
        "99999",
        "'35'",
        "key",
        "default",
        "where",
        "__class__",
        "import",
        "**",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(TOKENS, max_size=25).map(" ".join), st.text(max_size=80)))
def test_no_text_crashes_or_hangs_the_compiler_or_a_game(world, text):
    """Whatever a stranger writes is refused with a problem, or compiles and then gives a value or a located
    error: never another exception, never a hang."""
    _ruleset, compiler, state = world
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(10)
    try:
        try:
            compiled = compiler.compile(text, ANY, ME)
        except ExpressionProblem as problem:
            assert problem.message
            return
        try:
            evaluate(compiled, state, {"me": 0}, "test", "value")
        except RuleFailedError as failed:
            assert "step test" in str(failed)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
