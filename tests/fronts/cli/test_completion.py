"""Shell completion (the README's `_CARDRULES_COMPLETE=bash_source`): file arguments complete to files, a
ruleset to the names found under the roots and to files. Asked as bash's script asks: `type,value` lines."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_helpers import REPO


def completions(*words: str) -> list[tuple[str, str]]:
    """What the program answers for the last word of ``cardrules WORDS``."""
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "_CARDRULES_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(("cardrules", *words)),
        "COMP_CWORD": str(len(words)),
    }
    done = subprocess.run(
        [sys.executable, "-m", "engine"], env=env, capture_output=True, text=True, timeout=60, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    return [tuple(line.split(",", 1)) for line in done.stdout.splitlines()]


@pytest.mark.parametrize(
    "words",
    [
        ("validate", "docs/ex"),
        ("score", "docs/ex"),
        ("replay", "tests/lo"),
        ("play", "--resume", "sav"),
        ("play", "--log", "sav"),
        ("simulate", "--logs", "out"),
    ],
)
def test_a_file_argument_lets_the_shell_complete_file_names(words):
    assert completions(*words) == [("file", words[-1])]


@pytest.mark.parametrize("command", [("play", "-r"), ("simulate", "-r"), ("simulate", "--baseline")])
def test_a_ruleset_completes_to_its_names_and_to_files(command):
    answer = completions(*command, "high-society/")
    names = [value for kind, value in answer if kind == "plain"]
    assert "high-society/ja" in names and "high-society/house/forgiving" in names
    assert "high-society/base" not in names  # shared parts, not playable
    assert answer[-1] == ("file", "high-society/")  # a house-rule file
