"""The command lines whose output is kept as golden files, per language.

Each case is ``(name, args)``; its golden file is ``tests/golden/LANG/NAME.txt``
holding the exit status, stdout and stderr of ``cardrules ARGS --lang LANG``
run from the repository root with a fixed terminal width and no user roots.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent
LANGUAGES = ("en", "ja", "ko")

CASES: list[tuple[str, list[str]]] = [
    ("help", ["--help"]),
    *[
        (f"help-{command}", [command, "--help"])
        for command in ("rulesets", "validate", "play", "score", "replay", "simulate", "i18n")
    ],
    ("help-i18n-check", ["i18n", "check", "--help"]),
    ("unknown-option", ["score", "--no-such-option"]),
    ("rulesets", ["rulesets"]),
    (
        "validate-broken",
        ["validate", "tests/golden/inputs/broken-ruleset.yaml", "tests/golden/inputs/broken-schema.yaml"],
    ),
    ("score-explain-ja-edition", ["score", "tests/tables/rulebook-example.yaml", "--explain"]),
    ("score-explain-ko-edition", ["score", "tests/golden/inputs/korean-table.yaml", "--explain"]),
    # The games written in the general language: a table scored by expressions, a narrated game of each.
    ("score-no-thanks", ["score", "tests/tables/no-thanks.yaml", "--explain"]),
    ("score-coloretto", ["score", "tests/tables/coloretto.yaml"]),
    ("score-love-letter", ["score", "tests/tables/love-letter.yaml"]),
    *[
        (
            f"play-{game}",
            ["play", "-r", f"{game}/classic", "--players", "bot:random,bot:heuristic,bot:random", "--seed", "3"],
        )
        for game in ("no-thanks", "coloretto", "love-letter")
    ],
]


def run_case(args: list[str], lang: str, scratch: Path) -> str:
    """The golden text of one command line in one language."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "CARDRULES_PATH")
    }
    # A fixed width keeps click's help wrapping stable; an empty data dir
    # keeps the user's own rulesets and catalogs out of the output.
    env.update({"COLUMNS": "80", "XDG_DATA_HOME": str(scratch), "PYTHONIOENCODING": "utf-8"})
    result = subprocess.run(
        [sys.executable, "-m", "engine", *args, "--lang", lang],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    return (
        f"$ cardrules {' '.join(args)} --lang {lang}\n[exit {result.returncode}]\n"
        f"--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    )


def golden_path(name: str, lang: str) -> Path:
    """Where the golden text of a case lives."""
    return GOLDEN / lang / f"{name}.txt"
