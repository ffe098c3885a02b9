"""Declared options: defaults, edition values, `-o NAME=VALUE` overrides.

`{option: NAME}` references are resolved when a ruleset is built (tests/test_ruleset.py).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import engine
from engine.base.errors import OptionError
from engine.language.options import OptionValueError, coerce_option_value, effective_options, parse_number

DEFINITIONS = {
    "debt-floor": {"type": "number", "nullable": True, "default": None},
    "tiebreak": {"type": "list", "values": ["money", "highest-luxury"], "default": ["money"]},
    "eliminate-poorest": {"type": "boolean", "default": True},
    "rounding": {"type": "choice", "values": ["exact", "floor"], "default": "exact"},
    "hand-size": {"type": "integer", "default": 5},
}


@pytest.mark.parametrize(
    "text, number",
    [
        ("3", 3),
        ("-5", -5),
        ("0.5", Fraction(1, 2)),
        ("1/2", Fraction(1, 2)),
        (" 4/2 ", 2),
        (7, 7),
        (Fraction(3, 4), Fraction(3, 4)),
    ],
)
def test_numbers_are_parsed_exactly(text, number):
    assert parse_number(text) == number


@pytest.mark.parametrize("bad", ["many", "1/0", True, 0.5, "", None])
def test_anything_else_is_not_a_number(bad):
    with pytest.raises(OptionValueError):
        parse_number(bad)


def test_a_nullable_number_takes_none_or_null():
    assert coerce_option_value("debt-floor", DEFINITIONS["debt-floor"], "none") is None
    assert coerce_option_value("debt-floor", DEFINITIONS["debt-floor"], "null") is None
    assert coerce_option_value("debt-floor", DEFINITIONS["debt-floor"], "0") == 0


def test_a_non_nullable_option_refuses_none():
    with pytest.raises(OptionValueError, match="cannot be none"):
        coerce_option_value("hand-size", DEFINITIONS["hand-size"], "none")


def test_an_integer_option_refuses_a_fraction():
    with pytest.raises(OptionValueError, match="whole number"):
        coerce_option_value("hand-size", DEFINITIONS["hand-size"], "1/2")


def test_booleans_are_true_or_false():
    assert coerce_option_value("eliminate-poorest", DEFINITIONS["eliminate-poorest"], "false") is False
    with pytest.raises(OptionValueError, match="true or false"):
        coerce_option_value("eliminate-poorest", DEFINITIONS["eliminate-poorest"], "no")


def test_a_list_option_takes_a_comma_separated_list_in_order():
    assert coerce_option_value("tiebreak", DEFINITIONS["tiebreak"], "highest-luxury, money") == (
        "highest-luxury",
        "money",
    )


def test_a_list_option_refuses_duplicates_and_unknown_values():
    with pytest.raises(OptionValueError, match="more than once"):
        coerce_option_value("tiebreak", DEFINITIONS["tiebreak"], "money,money")
    with pytest.raises(OptionValueError, match="did you mean 'highest-luxury'"):
        coerce_option_value("tiebreak", DEFINITIONS["tiebreak"], "highest-luxary")


def test_a_bad_choice_lists_the_valid_values():
    with pytest.raises(OptionValueError) as caught:
        coerce_option_value("rounding", DEFINITIONS["rounding"], "ceiling")
    assert "valid values: exact, floor" in str(caught.value)


def test_overrides_beat_edition_values_which_beat_defaults():
    values = effective_options(DEFINITIONS, {"debt-floor": 0, "rounding": "floor"}, {"rounding": "exact"})
    assert values == {
        "debt-floor": 0,
        "tiebreak": ("money",),
        "eliminate-poorest": True,
        "rounding": "exact",
        "hand-size": 5,
    }


def test_an_unknown_override_lists_the_valid_options_with_a_hint():
    with pytest.raises(OptionError) as caught:
        effective_options(DEFINITIONS, {}, {"debt-flor": "0"})
    message = str(caught.value)
    assert "unknown option 'debt-flor' (did you mean 'debt-floor'?)" in message
    assert "valid options: debt-floor, eliminate-poorest, hand-size, rounding, tiebreak" in message


def test_every_bad_override_is_reported_at_once():
    with pytest.raises(OptionError) as caught:
        effective_options(DEFINITIONS, {}, {"rounding": "up", "hand-size": "many"})
    assert len(caught.value.diagnostics) == 2


@pytest.mark.parametrize(
    ("definition", "expected"),
    [
        ({"type": "number", "nullable": True, "default": None}, "option 'floor' expects a number or none, got 'abc'"),
        ({"type": "number", "default": 0}, "option 'floor' expects a number, got 'abc'"),
        ({"type": "integer", "default": 0}, "option 'floor' expects a whole number, got 'abc'"),
        (
            {"type": "integer", "nullable": True, "default": None},
            "option 'floor' expects a whole number or none, got 'abc'",
        ),
    ],
)
def test_a_value_that_is_no_number_names_the_option_and_what_it_takes(definition, expected):
    from engine.language.options import OptionValueError, coerce_option_value

    with pytest.raises(OptionValueError) as caught:
        coerce_option_value("floor", definition, "abc")
    assert str(caught.value) == expected


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("2.0", "'2.0'"),
        ("1e3", "'1e3'"),
        ("4/2", "'4/2'"),
        ("1E0", "'1E0'"),
        (Fraction(2), "2.0"),
        (Fraction(1000), "1000.0"),
    ],
)
def test_an_integer_option_takes_digits_only_as_a_count_written_in_a_ruleset_does(value, shown):
    # A count written 2.0 or 1e3 in a ruleset is refused ("expected a whole number, got 2.0"): an option that
    # stands for one is held to the same rule, on the command line and in YAML (where 2.0 reads as an exact 2).
    from engine.language.options import OptionValueError, coerce_option_value

    with pytest.raises(OptionValueError) as caught:
        coerce_option_value("n", {"type": "integer", "default": 1}, value)
    assert str(caught.value) == f"option 'n' expects a whole number, got {shown}"
    assert coerce_option_value("n", {"type": "integer", "default": 1}, " 12 ") == 12
    if value in ("2.0", Fraction(2)):  # a number option takes it, exactly
        assert coerce_option_value("n", {"type": "number", "default": 1}, value) == 2


def test_a_whole_number_has_at_most_the_digits_its_text_may_have():
    # A JSON integer (a log's options) is held to the limit a written number is held to.
    from engine.language.options import OptionValueError, parse_number

    assert parse_number(10**30 - 1) == 10**30 - 1
    assert parse_number(-(10**30 - 1)) == -(10**30 - 1)
    for value in (10**30, -(10**30)):
        with pytest.raises(OptionValueError) as refused:
            parse_number(value)
        assert str(refused.value).endswith("has too many digits (at most 30)")


@pytest.mark.parametrize("options", [["seed"], "reveal=true", 3, [("reveal", True)]])
def test_options_that_are_no_mapping_are_refused_by_name(options):
    """A program's ``options`` that are no mapping get a TypeError naming what was given, not an AttributeError."""
    with pytest.raises(TypeError, match=f"not {type(options).__name__}"):
        engine.load_ruleset("high-society/ja", options=options)
