"""`--help` fits the terminal in every language: lines are wrapped by the columns they take on screen.

A Japanese or Korean character takes two columns of a terminal; wrapped by
its number of characters, the help ran far past an 80-column screen.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_helpers import REPO
from rich.cells import cell_len

COMMANDS = [
    [],
    ["play"],
    ["simulate"],
    ["replay"],
    ["score"],
    ["validate"],
    ["rulesets"],
    ["i18n"],
    ["i18n", "check"],
    ["i18n", "update"],
    ["i18n", "extract"],
    ["i18n", "init"],
]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("width", [80, 60])
def test_every_help_line_fits_the_terminal_and_no_line_starts_with_closing_punctuation(lang, width):
    for command in COMMANDS:
        done = subprocess.run(
            [sys.executable, "-m", "engine", *command, "--help", "--lang", lang],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=REPO,
            env={**os.environ, "COLUMNS": str(width), "PYTHONPATH": str(REPO)},
        )
        assert done.returncode == 0, done.stderr
        for line in done.stdout.splitlines():
            assert cell_len(line) <= width, (command, line)
            assert not line.strip().startswith(("、", "。", "）", "」")), (command, line)
