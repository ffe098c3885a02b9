"""Runs that lose their workers or meet another run: the games already finished are reported, never a traceback.

A worker process killed part way (``--jobs N``) ends the run with the report
of the first games, what happened, and status 1; a ``--logs`` file is locked
by the run writing it, so a second run cannot mix its lines into it; a writer
killed outright leaves at most its last line cut off, which ``replay`` names
by line and column after replaying the whole games before it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import BrokenExecutor, Executor, Future
from pathlib import Path

import pytest
from cli_helpers import REPO

from engine.fronts.simulation.runner import (
    RulesetSpec,
    SimulationLost,
    SimulationPlan,
    _stop_workers,
    play_batch,
    process_pool,
    run_simulation,
)

SEATS = "bot:random,bot:random,bot:random"
# A run far longer than any test: it ends when the test ends it.
ENDLESS = "1000000"
STARTUP_LIMIT = 120.0  # seconds: a slow, shared CI machine, never a hang


def simulate_process(logs: Path, *extra: str) -> subprocess.Popen:
    """A long ``simulate --logs LOGS`` in a session of its own (so that all of it can be found and ended)."""
    return subprocess.Popen(
        [sys.executable, "-m", "engine", "simulate", "-r", "high-society/ja", "--games", ENDLESS, "--players", SEATS]
        + ["--seed", "4", "--logs", str(logs), "--lang", "en", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def wait_for_logged_games(process: subprocess.Popen, logs: Path) -> None:
    """Until the run has written some games (its workers are at work, its file locked)."""
    deadline = time.monotonic() + STARTUP_LIMIT
    while not logs.exists() or logs.stat().st_size == 0:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the simulation wrote no game"
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(child) for child in found.split()]


def simulate_alone(logs: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "-r", "high-society/ja", "--games", "2", "--players", SEATS]
        + ["--seed", "4", "--jobs", "1", "--logs", str(logs), "--lang", "en", *extra],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=STARTUP_LIMIT,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


class BreaksAfter(Executor):
    """Plays the first ``whole`` batches, then is broken as a pool whose worker was killed."""

    def __init__(self, whole: int) -> None:
        self.whole = whole

    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        if self.whole > 0:
            self.whole -= 1
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(BrokenExecutor("a child process terminated abruptly"))
        return future


def test_a_lost_worker_ends_the_run_with_the_tally_of_the_games_before_it():
    plan = SimulationPlan((RulesetSpec("high-society/ja"),), ("random",) * 3, ("A", "B", "C"), 40, 9)
    with pytest.raises(SimulationLost) as caught:
        run_simulation(plan, executor=BreaksAfter(whole=2), workers=4)
    batches = list(plan.batches(4))
    played = batches[1][1]
    assert caught.value.games == played
    assert isinstance(caught.value.cause, BrokenExecutor)
    expected = play_batch(plan, 0, played).tally
    assert caught.value.tally == expected


def test_a_killed_worker_process_ends_with_the_report_of_the_games_finished(tmp_path):
    logs = tmp_path / "games.jsonl"
    process = simulate_process(logs, "--jobs", "2", "--json")
    try:
        wait_for_logged_games(process, logs)
        os.kill(children(process.pid)[0], signal.SIGKILL)
        out, err = process.communicate(timeout=STARTUP_LIMIT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert "Traceback" not in err, err
    assert process.returncode == 1, err
    played = json.loads(out)["games"]
    assert 0 < played < int(ENDLESS)
    assert err.splitlines()[-2:] == [
        "a worker process ended before its games were over (killed, or out of memory)",
        f"The report is of the first {played} games of {ENDLESS} per ruleset, the same as "
        f"--games {played} --seed 4 gives.",
    ]
    # The logs hold the same games as the report, whole.
    assert [json.loads(line)["simulation"]["game"] for line in logs.open(encoding="utf-8")] == list(range(played))
    # The other worker was ended with the run.
    assert subprocess.run(["pgrep", "-s", str(process.pid)], capture_output=True, text=True).stdout == ""


def test_a_pool_whose_worker_died_while_sending_a_result_still_stops():
    """A worker killed while it wrote a result leaves part of the message in the pipe: the pool's manager thread
    reads on for the rest, which never comes, and Python would wait for that thread at exit (the run hung after
    its report, now and then, under load). Stopping the workers ends that read."""
    import struct

    pool = process_pool(2)
    try:
        assert pool.submit(abs, -1).result(timeout=STARTUP_LIMIT) == 1  # the workers are up
        manager = pool._executor_manager_thread
        # What a torn write leaves: a result's length, then only the start of it.
        os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 4096) + b"\x80\x04" * 8)
        time.sleep(0.5)  # the manager is reading the rest now
        os.kill(next(iter(pool._processes)), signal.SIGKILL)
    finally:
        _stop_workers(pool)
    manager.join(timeout=STARTUP_LIMIT)
    assert not manager.is_alive()


def test_a_second_run_cannot_write_the_logs_a_first_run_is_writing(tmp_path):
    logs = tmp_path / "games.jsonl"
    first = simulate_process(logs, "--jobs", "1", "--json")
    try:
        wait_for_logged_games(first, logs)
        second = simulate_alone(logs, "--force")
        assert "Traceback" not in second.stderr, second.stderr
        assert second.returncode == 1, second.stderr
        assert (
            second.stderr
            == f"{logs}: another cardrules simulate is writing this file: wait for it to end, or name another file\n"
        )
        # The first run's games are still there: the second one neither emptied the file nor wrote into it.
        assert json.loads(logs.open(encoding="utf-8").readline())["simulation"] == {"seed": 4, "game": 0}
        # Killed outright, the first run can leave its last line cut off, never more.
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=STARTUP_LIMIT)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
        first.communicate()
    *complete, tail = logs.read_bytes().split(b"\n")  # tail: empty, or the line the kill cut off
    games = [json.loads(line)["simulation"]["game"] for line in complete]
    assert games == list(range(len(games)))
    replayed = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(logs), "--json", "--lang", "en"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=STARTUP_LIMIT,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert "Traceback" not in replayed.stderr, replayed.stderr
    assert len(replayed.stdout.splitlines()) == len(games)  # every whole game is replayed
    if tail:
        # The kill cut the last line: it is named, by line and column, after the games before it.
        assert replayed.returncode == 1
        assert replayed.stderr.startswith(f"{logs}:{len(games) + 1}:")
    else:
        assert replayed.returncode == 0, replayed.stderr  # the kill fell between two lines
    # A new run keeps its hands off the file unless told to replace it...
    refused = simulate_alone(logs)
    assert refused.returncode == 2 and f"{logs} already holds a file: replace it with --force" in refused.stderr
    # ...and the lock went with the killed run: it may.
    assert simulate_alone(logs, "--force").returncode == 0


def test_a_device_given_as_logs_is_written_by_every_run_alike(tmp_path):
    # Only files are locked: /dev/null is everybody's, and a run writing its logs there never stops another.
    holder = os.open(os.devnull, os.O_WRONLY)
    try:
        import fcntl

        fcntl.flock(holder, fcntl.LOCK_EX)
        done = simulate_alone(Path(os.devnull))
    finally:
        os.close(holder)
    assert done.returncode == 0, done.stderr
