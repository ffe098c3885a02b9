"""Start-up: seconds from starting ``cardrules`` to what it first shows, against the 0.5 s targets.

Two figures, each the best of a few runs, every run a fresh process:

- ``cardrules --help``: the wall time of the whole command, to its exit;
- ``cardrules play -r high-society/ja`` with its default seats (a human and
  three heuristic bots): the time until the human seat's first prompt shows
  in a pseudo-terminal (pexpect, as the terminal tests drive the program),
  the bots' moves before it included, as a user waits for them.

The command is started as the installed ``cardrules`` console script starts
it: the entry point of ``[project.scripts]`` in ``pyproject.toml``, imported
and called by a fresh interpreter (the one running the benchmark, with this
checkout first on its path). ``python -m benchmarks.bench_startup`` runs them
alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from benchmarks.targets import Summary

ROOT = Path(__file__).resolve().parent.parent
PLAY = ("play", "-r", "high-society/ja", "--lang", "en", "--seed", "1")
# The prompt a human seat answers ends the line with "> " (High Society: "cards to add (...), pass, ? or q > ").
PROMPT = r"> $"


def entry_point() -> str:
    """The ``cardrules`` console script's entry point, ``module:function``, as ``pyproject.toml`` names it."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]["scripts"]["cardrules"]


def command(*arguments: str) -> list[str]:
    """``cardrules ARGUMENTS`` as the console script runs it: its entry point imported and called."""
    module, function = entry_point().split(":")
    script = f"import sys; from {module} import {function}; sys.argv[0] = 'cardrules'; sys.exit({function}())"
    return [sys.executable, "-c", script, *arguments]


def environment(data: str) -> dict[str, str]:
    """A user's terminal of 120 columns by 50 lines in English, this checkout first on the path, saved games in
    ``data``."""
    env = {
        **os.environ,
        "COLUMNS": "120",
        "LINES": "50",
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "XDG_DATA_HOME": data,
    }
    env.pop("LANGUAGE", None)
    return env


def help_seconds(data: str) -> float:
    """Seconds from starting ``cardrules --help`` to its exit."""
    start = time.perf_counter()
    done = subprocess.run(command("--help"), env=environment(data), cwd=data, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0 or "Usage" not in done.stdout:
        raise SystemExit(f"cardrules --help failed ({done.returncode}): {done.stderr}")
    return seconds


def first_prompt_seconds(data: str, number: int) -> float:
    """Seconds from starting ``cardrules play`` in a pseudo-terminal to the human seat's first prompt."""
    import pexpect

    log = str(Path(data) / f"game-{number}.json")
    start = time.perf_counter()
    child = pexpect.spawn(
        command()[0],
        [*command()[1:], *PLAY, "--log", log],
        cwd=data,
        env=environment(data),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )
    try:
        child.expect(PROMPT)
        return time.perf_counter() - start
    finally:
        child.terminate(force=True)


def run(repeats: int, summary: Summary) -> None:
    """Measure and print both figures, the best of ``repeats`` runs each, and their verdicts."""
    print("\n== start-up (a fresh process each run, the best of the runs)")
    print(f"  entry point {entry_point()} (pyproject.toml [project.scripts]), run by {sys.executable}")
    runs = max(1, repeats)
    with tempfile.TemporaryDirectory(prefix="cardrules-startup-") as data:
        helps = [help_seconds(data) for _ in range(runs)]
        print(f"  cardrules --help: {' '.join(f'{s:.3f}' for s in helps)} s")
        print(f"  cardrules --help {summary.within('start-up', 'help', min(helps))}")
        try:
            import pexpect  # noqa: F401 - the terminal tests' tool, installed with the test extras
        except ImportError:
            print("  first prompt: not measured (pexpect is not installed: pip install -e '.[test]')")
            return
        prompts = [first_prompt_seconds(data, number) for number in range(runs)]
        shown = " ".join(f"{s:.3f}" for s in prompts)
        print(f"  cardrules {' '.join(PLAY[:3])} (a human and three heuristic bots), to the first prompt: {shown} s")
        print(f"  first prompt {summary.within('start-up', 'first-prompt', min(prompts))}")


def main(argv: list[str] | None = None) -> int:
    """Run the start-up figures alone (``python -m benchmarks`` runs them with the others)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_startup", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure; the fastest counts")
    args = parser.parse_args(argv)
    summary = Summary()
    run(args.repeats, summary)
    summary.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
