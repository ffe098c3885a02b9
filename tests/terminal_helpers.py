"""Real terminal sessions for the tests: `cardrules` in a pseudo-terminal (pexpect) and what it showed."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import sys
from pathlib import Path

import pexpect
from rich.console import Console

from engine.fronts.terminal.seats import Seat
from engine.fronts.terminal.session import GameSession, QuitRequested

ROOT = Path(__file__).resolve().parent.parent
CARDRULES = [sys.executable, "-m", "engine"]
# The environment of a user with the program installed: `cardrules` is on PATH (so the resume hint says "cardrules").
ENV = {
    **os.environ,
    "COLUMNS": "120",
    "LINES": "50",
    "TERM": "xterm",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "PYTHONIOENCODING": "utf-8",
    "PATH": os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]),
}
ENV.pop("LANGUAGE", None)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


def plain(text: str) -> str:
    """Screen text without colours and cursor moves."""
    return ANSI.sub("", text)


def _as_from_a_terminal() -> None:
    """In the child: the signals a program started from a terminal gets by default.

    A test run started under ``nohup`` (or any runner that ignores SIGHUP)
    would otherwise hand its children an ignored SIGHUP, and a closed
    terminal would not reach the program under test.
    """
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def spawn(*args: str, timeout: int = 30) -> pexpect.spawn:
    """`cardrules ARGS` in a pseudo-terminal 120 columns wide and 50 lines high."""
    child = pexpect.spawn(
        CARDRULES[0],
        [*CARDRULES[1:], *args],
        cwd=str(ROOT),
        env=ENV,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, 120),
        preexec_fn=_as_from_a_terminal,
    )
    # The prompts are read before anything is typed: no need for pexpect's pause before each line sent.
    child.delaybeforesend = None
    return child


def finish(child: pexpect.spawn) -> int:
    """Wait for the program to end; its exit status."""
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def load_log(path: Path) -> dict:
    """A saved game log."""
    return json.loads(path.read_text(encoding="utf-8"))


def session_for(ruleset, state, human: int, lines):
    """A terminal session where seat ``human`` answers with ``lines`` (then ``q``), the screen kept in a string."""
    console = Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)
    feed = iter(lines)

    def read_line(prompt: str) -> str:
        console.file.write(prompt + "\n")
        return next(feed, "q")

    seats = [Seat(name) if seat == human else Seat(name, "random") for seat, name in enumerate(state.players)]
    return GameSession(
        ruleset=ruleset, seats=seats, state=state, console=console, interactive=True, read_line=read_line
    )


def answer(ruleset, state, lines):
    """What the player to move answers ``lines`` with: an action int, or "quit"; and the screen."""
    session = session_for(ruleset, state, state.current_player(), lines)
    try:
        action = session.ask_human(state.current_player())
    except QuitRequested:
        action = "quit"
    return action, session.console.file.getvalue()
