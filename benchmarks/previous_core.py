"""The previous interpreter (before the generic core), timed in the same run as the new one.

The redesign's issue asks that the new core keep at least 0.8x the previous
interpreter's random-bot games per second and logs replayed per second. To
compare on the same machine at the same moment, :class:`PreviousCore` exports
the commit with the old core from git history (``git archive`` into a
temporary directory, nothing in the repository is touched) and runs
``previous_core_driver.py`` there in a child process: the old engine, the same
workload (same seeds, same logs), the same one-core pin (inherited from
``python -m benchmarks``). The parent sends one measurement at a time, so old
and new figures are taken in turns.

When git or the commit is not there (a shallow clone, an sdist, no git), the
benchmarks say so and fall back to :data:`RECORDED`: the old interpreter's
figures as measured once on the machine named there (not comparable to
another machine's figures, and never to this run's as precisely).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# The last commit with the old core ("Layout shows the architecture: ...").
PREVIOUS_COMMIT = "e355432"
DRIVER = Path(__file__).with_name("previous_core_driver.py")

# The previous interpreter's figures (per second, one core, fastest of 3; 1,000 random
# games, 2,000 logs), measured by `python -m benchmarks` on the machine below, for when
# the commit cannot be run. Same run: the new core made 732/619 random-bot games/s and
# replayed 2,089/2,185 logs/s (ja/ko); the reference 369/317 games/s, 4,322/5,022 logs/s.
RECORDED: dict[str, Any] = {
    "machine": "the 2-core x86_64 Linux development container (Python 3.11.7), 2026-11-30",
    "commit": PREVIOUS_COMMIT,
    "figures": {
        "high-society/ja": {"games": 934.5, "uniform": 2027.1, "replay": 5217.0},
        "high-society/ko": {"games": 881.1, "uniform": 1880.0, "replay": 4596.4},
    },
}


class PreviousCoreUnavailable(Exception):
    """Why the previous interpreter cannot be run from git history here."""


def _git(*args: str, binary: bool = False) -> Any:
    git = shutil.which("git")
    if git is None:
        raise PreviousCoreUnavailable("git is not installed")
    done = subprocess.run([git, "-C", str(REPO), *args], capture_output=True, text=not binary)
    if done.returncode != 0:
        error = done.stderr if not binary else done.stderr.decode(errors="replace")
        raise PreviousCoreUnavailable(
            f"git {args[0]} failed: {error.strip().splitlines()[-1] if error.strip() else done.returncode}"
        )
    return done.stdout


class PreviousCore:
    """The old interpreter exported from git and running in a child process (use as a context manager)."""

    def __init__(self, commit: str = PREVIOUS_COMMIT) -> None:
        self.commit = commit
        self.directory: Path | None = None
        self.process: subprocess.Popen | None = None
        self.engine_path = ""
        self.full_commit = ""

    def __enter__(self) -> PreviousCore:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def start(self) -> None:
        """Export the commit and start the driver; PreviousCoreUnavailable says why it cannot be."""
        if not (REPO / ".git").exists():
            raise PreviousCoreUnavailable(f"{REPO} is not a git checkout")
        try:
            self.full_commit = _git("rev-parse", "--verify", "--quiet", f"{self.commit}^{{commit}}").strip()
        except PreviousCoreUnavailable:
            shallow = ""
            try:
                if _git("rev-parse", "--is-shallow-repository").strip() == "true":
                    shallow = " (this is a shallow clone)"
            except PreviousCoreUnavailable:
                pass
            raise PreviousCoreUnavailable(f"commit {self.commit} is not in the repository{shallow}") from None
        archive = _git("archive", "--format=tar", self.full_commit, binary=True)
        self.directory = Path(tempfile.mkdtemp(prefix="cardrules-previous-core-"))
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(self.directory, filter="data")
            else:  # pragma: no cover - Python without extraction filters
                tar.extractall(self.directory)
        if not (self.directory / "engine" / "game.py").exists():
            raise PreviousCoreUnavailable(f"commit {self.commit} has no engine/game.py: not the old core")
        script = self.directory / "_previous_core_driver.py"
        shutil.copyfile(DRIVER, script)
        environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
        self.process = subprocess.Popen(
            [sys.executable, str(script)],
            cwd=self.directory,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        hello = self.ask({"do": "hello"})
        self.engine_path = hello["engine"]
        # The script's directory comes first on sys.path; make sure no installed engine came first.
        if Path(self.engine_path).resolve() != (self.directory / "engine").resolve():
            raise PreviousCoreUnavailable(
                f"the child imported the engine from {self.engine_path}, not from the export of {self.commit}"
            )

    def ask(self, command: dict[str, Any]) -> dict[str, Any]:
        """Send one command to the driver and return its answer."""
        assert self.process is not None and self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise PreviousCoreUnavailable(f"the previous interpreter stopped (exit code {self.process.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise PreviousCoreUnavailable(answer["error"])
        return answer

    def random_games(
        self, ruleset: str, games: int, seed: int = 1, *, use_bots: bool = True, first: int = 0
    ) -> dict[str, Any]:
        """``{"count", "seconds", "actions"}`` of the same games as ``bench_games.engine_random_games``."""
        return self.ask(
            {"do": "games", "ruleset": ruleset, "games": games, "seed": seed, "bots": use_bots, "first": first}
        )

    def replay(self, logs_file: Path, first: int = 0, count: int | None = None) -> dict[str, Any]:
        """``{"count", "seconds"}`` of replaying the logs saved in ``logs_file`` (a JSON list), or ``count`` of
        them from ``first``."""
        return self.ask({"do": "replay", "logs": str(logs_file), "first": first, "count": count})

    def replay_file(self, jsonl_file: Path) -> dict[str, Any]:
        """``{"count", "seconds"}`` of reading, validating and replaying a JSON Lines file (``cardrules replay``)."""
        return self.ask({"do": "replay-file", "logs": str(jsonl_file)})

    def close(self) -> None:
        """Stop the driver and delete the export."""
        if self.process is not None:
            try:
                if self.process.poll() is None and self.process.stdin is not None:
                    self.process.stdin.write(json.dumps({"do": "quit"}) + "\n")
                    self.process.stdin.close()
                self.process.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired, ValueError):
                self.process.kill()
                self.process.wait()
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None
