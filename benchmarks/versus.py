"""``python -m benchmarks.versus COMMIT``: this tree's engine against a commit's, on the same work, in one run.

A redesign must not slow the engine down: "no slowdown" means at least
0.95x the earlier commit on every figure, measured in the same run, the
fastest of three. Both engines run in child processes pinned to one core
(:mod:`benchmarks.versus_driver`, the same script in both trees), and take
turns on each piece of work, so both meet the same machine. The commit is
exported from git history into a temporary directory (nothing in the
repository is touched). Nothing here asserts a timing: the figures are for
people, and the commit message or docs that quote them.

Work measured: random-bot and heuristic-bot games of High Society and
Bohnanza (games per second), logs replayed in memory and from a JSON Lines
file as ``cardrules replay`` does (logs per second), and the command line's
start-up (``--help`` and ``validate`` of a shipped ruleset, whole processes).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DRIVER = Path(__file__).with_name("versus_driver.py")
# The fastest of this many runs of each piece of work and side.
RUNS = 3
# A process's start-up is short and noisy: more runs, the two trees in turns.
STARTUP_RUNS = 10
# At least this share of the earlier commit's speed, on every figure.
TARGET = 0.95

GAMES = [
    # (label, ruleset, players, games, bot kinds)
    ("High Society ja, random bots", "high-society/ja", 4, 200, ["random"] * 4),
    ("High Society ko, random bots", "high-society/ko", 4, 200, ["random"] * 4),
    ("High Society ja, a heuristic bot", "high-society/ja", 4, 40, ["heuristic", "random", "random", "random"]),
    ("Bohnanza Amigo, random bots", "bohnanza/amigo", 4, 8, ["random"] * 4),
    ("Bohnanza Amigo, heuristic bots", "bohnanza/amigo", 3, 2, ["heuristic"] * 3),
    ("High Bohn, random bots", "bohnanza/high-bohn", 4, 6, ["random"] * 4),
]
REPLAYED = 500  # High Society logs replayed in memory
FILE_LOGS = 1000  # in the JSON Lines file


class Side:
    """One engine in a child process: this tree's, or an export's."""

    def __init__(self, label: str, root: Path) -> None:
        self.label = label
        self.root = root
        # The same driver for both sides, each finding its own engine first on the path.
        environment = {key: value for key, value in os.environ.items() if key != "PYTHONHOME"}
        environment["PYTHONPATH"] = str(root)
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER)],
            cwd=root,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        engine = self.ask({"do": "hello"})["engine"]
        if Path(engine).resolve() != (root / "engine").resolve():
            raise SystemExit(f"{label}: the child imported the engine from {engine}, not from {root}")

    def ask(self, command: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline() or '{"error": "the driver stopped"}')
        if "error" in answer:
            raise SystemExit(f"{self.label}: {answer['error']}")
        return answer

    def close(self) -> None:
        if self.process.poll() is None:
            self.ask_quietly()

    def ask_quietly(self) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write('{"do": "quit"}\n')
            self.process.stdin.flush()
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def export(commit: str) -> Path:
    """The tree of ``commit``, exported from git into a new temporary directory."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", commit], capture_output=True, check=True
    ).stdout
    directory = Path(tempfile.mkdtemp(prefix="cardrules-versus-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(directory, filter="data")
    return directory


def best(sides: list[Side], command: dict[str, Any]) -> list[float]:
    """Per side, the fastest of RUNS runs of ``command`` (sides in turns), in seconds."""
    fastest = [float("inf")] * len(sides)
    for _run in range(RUNS):
        for index, side in enumerate(sides):
            fastest[index] = min(fastest[index], side.ask(dict(command))["seconds"])
    return fastest


def startup(roots: list[Path], args: list[str]) -> list[float]:
    """Per tree, the fastest of STARTUP_RUNS whole runs of ``python -m engine ARGS`` in it (trees in turns)."""
    fastest = [float("inf")] * len(roots)
    for _run in range(STARTUP_RUNS):
        for index, root in enumerate(roots):
            environment = {key: value for key, value in os.environ.items() if key != "PYTHONHOME"}
            environment["PYTHONPATH"] = str(root)
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "engine", *args, "--lang", "en"],
                cwd=root,
                env=environment,
                capture_output=True,
                check=True,
            )
            fastest[index] = min(fastest[index], time.perf_counter() - start)
    return fastest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the earlier commit (e.g. the one before a redesign)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    then_root = export(args.commit)
    sides = [Side(f"commit {args.commit}", then_root), Side("this tree", REPO)]
    rows: list[tuple[str, float, float, str]] = []
    try:
        for label, ruleset, players, count, kinds in GAMES:
            command = {"do": "games", "ruleset": ruleset, "players": players, "count": count, "seed": 7, "kinds": kinds}
            then, now = best(sides, command)
            rows.append((label, count / then, count / now, "games/s"))
        with tempfile.TemporaryDirectory() as scratch:
            logs = Path(scratch) / "logs.json"
            sides[1].ask(
                {
                    "do": "logs",
                    "path": str(logs),
                    "ruleset": "high-society/ja",
                    "players": 4,
                    "count": REPLAYED,
                    "seed": 3,
                }
            )
            then, now = best(sides, {"do": "replay", "path": str(logs)})
            rows.append(("High Society logs replayed in memory", REPLAYED / then, REPLAYED / now, "logs/s"))
            lines = Path(scratch) / "logs.jsonl"
            loaded = json.loads(logs.read_text(encoding="utf-8"))
            with open(lines, "w", encoding="utf-8") as handle:
                for number in range(FILE_LOGS):
                    handle.write(json.dumps(loaded[number % len(loaded)]) + "\n")
            then, now = best(sides, {"do": "replay-file", "path": str(lines)})
            rows.append(("High Society JSON Lines file replayed", FILE_LOGS / then, FILE_LOGS / now, "logs/s"))
        for label, command in (
            ("cardrules --help", ["--help"]),
            ("cardrules validate (a shipped ruleset)", ["validate", "rulesets/high-society/ja.yaml"]),
        ):
            then, now = startup([then_root, REPO], command)
            rows.append((label, 1 / then, 1 / now, "runs/s"))
    finally:
        for side in sides:
            side.close()
        shutil.rmtree(then_root, ignore_errors=True)
    width = max(len(label) for label, *_ in rows)
    print(f"{'':{width}}  {'commit ' + args.commit:>16}  {'this tree':>12}  ratio")
    worst = min(now / then for _label, then, now, _unit in rows)
    for label, then, now, unit in rows:
        flag = "" if now / then >= TARGET else "  below the target"
        print(f"{label:{width}}  {then:>10.1f} {unit:<7} {now:>8.1f}  {now / then:5.2f}x{flag}")
    print(
        f"Fastest of {RUNS} runs a side, in turns, one core each. The lowest ratio: {worst:.2f}x "
        f"(target {TARGET:.2f}x)."
    )
    if args.json:
        print(json.dumps([{"work": label, "then": then, "now": now, "unit": unit} for label, then, now, unit in rows]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
