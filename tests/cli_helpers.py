"""Running the command line from tests, shared by the command tests (score, replay, bad input, paths).

Two ways: in-process with click's runner (quick; for output checks) and in a
fresh process (the real program: exit status, stderr, no traceback).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from engine.base import i18n
from engine.fronts.cli.main import build_group

REPO = Path(__file__).resolve().parent.parent
# The result object, as the game-log schema defines it for a log's "result".
RESULT_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$ref": "#/$defs/result",
    "$defs": json.loads((REPO / "schemas" / "game-log.schema.json").read_text(encoding="utf-8"))["$defs"],
}


# A located diagnostic as the command line prints it: FILE:LINE:COL: $.path: message.
LOCATED = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<path>\$[^:]*): (?P<message>.+)$", re.M)


def cardrules(*args: str, lang: str = "en") -> Result:
    """Run the command line in-process, in ``lang``."""
    i18n.set_language(lang)
    return CliRunner().invoke(build_group(), [*args, "--lang", lang])


def cardrules_process(
    *args: str, cwd: Path = REPO, env: dict[str, str] | None = None, lang: str = "en"
) -> subprocess.CompletedProcess:
    """The real program in a fresh process started in ``cwd``, in ``lang``."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args, "--lang", lang],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
    )
