"""The README's tour works as written: every `cardrules ...` line of it runs and exits 0.

The commands are read from README.md itself, so a tour that drifts from the
program fails here. They run from the repository root, as the README says,
with three changes a test needs: `play` gets no terminal (so bots play every
seat and the game is narrated), the 20,000-game simulation plays 20 (one of searching bots 4), and
the files it writes (game.json, out.png) go to a scratch directory.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
from pathlib import Path

import locations

ROOT = locations.REPO
README = ROOT / "README.md"


def tour_commands() -> list[list[str]]:
    """The `cardrules` commands of the README's tour block, as argument lists (comments dropped)."""
    text = README.read_text(encoding="utf-8")
    tour = text[text.index("## A tour") :]
    block = re.search(r"```sh\n(.*?)```", tour, re.S).group(1)
    # A trailing backslash continues a command on the next line, as in the shell.
    joined = block.replace("\\\n", " ")
    commands = []
    for line in joined.splitlines():
        words = shlex.split(line, comments=True)
        if words and words[0] == "cardrules":
            commands.append(words)
    return commands


def test_the_tour_shows_every_command_the_readme_promises():
    names = {words[1] for words in tour_commands()}
    assert {"rulesets", "validate", "play", "score", "replay", "simulate", "i18n"} <= names
    assert any("--resume" in words for words in tour_commands())


def test_the_readme_says_what_cardrules_is_and_how_to_start():
    text = README.read_text(encoding="utf-8")
    assert "rules-as-data engine" in text
    assert "make play" in text and "make test" in text
    for linked in re.findall(r"\]\(((?:docs/|TRANSLATING)[^)#]*)\)", text):
        assert (ROOT / linked).is_file(), linked


def as_test_runs_it(words: list[str], scratch: Path) -> list[str]:
    """A tour command with its output files in ``scratch`` and a small simulation."""
    changed = []
    for word in words[1:]:
        if word in ("game.json", "out.png"):
            word = str(scratch / word)
        changed.append(word)
    if words[1] == "serve":
        # A free port, and the tables kept in the scratch folder.
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            changed += ["--port", str(probe.getsockname()[1]), "--data", str(scratch / "web")]
    if words[1] == "simulate":
        # Searching bots think for a moment each move: a handful of games shows the command works.
        changed[changed.index("--games") + 1] = "4" if any("ismcts" in word for word in words) else "20"
    script = Path(sys.executable).with_name("cardrules")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "engine"]
    return [*program, *changed]


def left_with_q(log_file: Path) -> None:
    """Make a finished log look like a game stopped halfway (what `q` leaves behind)."""
    log = json.loads(log_file.read_text(encoding="utf-8"))
    log.pop("result", None)
    log["actions"] = log["actions"][: len(log["actions"]) // 2]
    log_file.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")


def test_every_command_of_the_tour_runs_from_the_repository_root(tmp_path):
    environment = {
        **os.environ,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "LANGUAGE": "",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "MPLBACKEND": "Agg",
    }
    ran = []
    for words in tour_commands():
        if "--resume" in words:
            left_with_q(tmp_path / "game.json")
        if words[1] == "serve":
            # A server runs until stopped: it must say where it serves, then stop on Ctrl-C without a traceback.
            server = subprocess.Popen(
                as_test_runs_it(words, tmp_path),
                cwd=ROOT,
                env=environment,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            assert server.stdout is not None and server.stdout.readline().startswith("Serving web tables on http://")
            server.send_signal(signal.SIGINT)
            _out, errors = server.communicate(timeout=60)
            assert "Traceback" not in errors, errors
            ran.append("serve")
            continue
        completed = subprocess.run(
            as_test_runs_it(words, tmp_path),
            cwd=ROOT,
            env=environment,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert "Traceback" not in completed.stderr, (words, completed.stderr)
        if words[1] == "i18n":
            # Its exit status is the state of the catalogs (1 while a translation is
            # missing, which tests/test_i18n_complete.py judges); here it must report, not crash.
            assert completed.returncode in (0, 1), (words, completed.stderr)
            assert completed.stdout.strip(), words
        else:
            assert completed.returncode == 0, (words, completed.stdout[-2000:], completed.stderr[-2000:])
        ran.append(words[1])
    assert (tmp_path / "out.png").stat().st_size > 0
    assert ran.count("play") == 4
