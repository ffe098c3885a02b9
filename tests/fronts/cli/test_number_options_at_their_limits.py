"""Every option that takes a decimal number refuses nan, inf and values past its ends as a usage error (status 2),
in the user's language, never a traceback: nan passes every comparison with a range's ends, and inf or 1e308
cannot become a count of bytes (``serve --data-cap-mb nan`` ended in Python's ValueError)."""

from __future__ import annotations

import pytest
from cli_helpers import cardrules

from engine.fronts.cli.main import build_group

BOTS = "bot:random,bot:random,bot:random"


def _float_options() -> list[tuple[str, str]]:
    """(command, option) of every option whose value is a decimal number."""
    import click

    found = []
    group = build_group()
    for name in group.list_commands(None):
        command = group.get_command(None, name)
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(param.type, click.FloatRange):
                found.append((name, param.opts[0]))
    return found


FLOAT_OPTIONS = _float_options()


def test_every_decimal_option_refuses_what_is_no_finite_number():
    assert {option for _command, option in FLOAT_OPTIONS} >= {
        "--scheduler-timeout",
        "--away-minutes",
        "--idle-days",
        "--finished-idle-days",
        "--data-cap-mb",
    }


@pytest.mark.parametrize(("command", "option"), FLOAT_OPTIONS)
@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "1e308", "-1e308", "1e999"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_value_that_is_no_number_or_past_an_end_is_a_usage_error(command, option, value, lang):
    extra = ("-r", "high-society/ja", "--players", BOTS) if command == "simulate" else ()
    done = cardrules(command, *extra, f"{option}={value}", lang=lang)
    assert done.exit_code == 2, done.output
    assert option in done.output and "Traceback" not in done.output
    if value.lower() == "nan":  # past no end: told it is no number, in the user's language
        assert ("수가 아닙니다" if lang == "ko" else "is not a number") in done.output, done.output
