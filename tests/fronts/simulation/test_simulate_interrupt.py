"""Ctrl-C during `simulate` keeps the games played: their report is printed, then the program ends as interrupted.

The games reported are the first ones in order (batches that other processes
finished after the first unfinished one are left out), so the figures are
exactly those of `--games N` with the same seed; the `--logs` file holds the
same games. Workers ignore Ctrl-C and are ended by the parent, at once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from cli_helpers import REPO, cardrules

from engine.fronts.simulation import runner
from engine.fronts.simulation.runner import (
    RulesetSpec,
    SimulationInterrupted,
    SimulationPlan,
    play_batch,
    run_simulation,
)

SEATS = "bot:heuristic,bot:random,bot:random"


def _plan(games: int, keep_logs: bool = False) -> SimulationPlan:
    return SimulationPlan(
        (RulesetSpec("high-society/ja"), RulesetSpec("high-society/ko")),
        ("heuristic", "random", "random"),
        ("A", "B", "C"),
        games,
        7,
        keep_logs=keep_logs,
    )


def _interrupting_at(monkeypatch, game_index: int, ruleset: int) -> None:
    """Ctrl-C arrives while game ``game_index`` is played under the ``ruleset``-th ruleset."""
    real = runner.play_one_game
    calls = {"n": 0}

    def play(game, plan, index):
        if index == game_index and calls["n"] % len(plan.rulesets) == ruleset:
            raise KeyboardInterrupt
        calls["n"] += 1
        return real(game, plan, index)

    monkeypatch.setattr(runner, "play_one_game", play)


@pytest.mark.parametrize("ruleset", [0, 1])
def test_an_interrupted_batch_keeps_the_games_finished_under_every_ruleset(monkeypatch, ruleset):
    _interrupting_at(monkeypatch, 13, ruleset)
    kept = play_batch(_plan(40, keep_logs=True), 10, 30, keep_on_interrupt=True)
    monkeypatch.undo()
    whole = play_batch(_plan(40, keep_logs=True), 10, 13)
    assert kept.interrupted and (kept.start, kept.stop) == (10, 13)
    assert kept.tally == whole.tally  # game 13 is dropped under both rulesets: the pairs stay pairs
    assert kept.log_lines == whole.log_lines and len(kept.log_lines) == 2 * 3


def test_a_worker_batch_does_not_swallow_the_interrupt(monkeypatch):
    _interrupting_at(monkeypatch, 3, 0)
    with pytest.raises(KeyboardInterrupt):
        play_batch(_plan(10), 0, 10)


def test_an_interrupted_run_tells_the_first_games_played_and_their_tally(monkeypatch):
    _interrupting_at(monkeypatch, 57, 1)
    with pytest.raises(SimulationInterrupted) as stopped:
        run_simulation(_plan(500), jobs=1)
    monkeypatch.undo()
    assert stopped.value.games == 57
    assert stopped.value.tally == run_simulation(_plan(57), jobs=1)
    assert isinstance(stopped.value, KeyboardInterrupt)  # a caller that does not look for it stops as on Ctrl-C


def _simulate_until_interrupted(tmp_path, jobs: int, *extra: str) -> tuple[subprocess.CompletedProcess, int]:
    """Start a long simulation, press Ctrl-C (SIGINT to its process group) once a batch is logged."""
    logs = tmp_path / "games.jsonl"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine",
            "simulate",
            "-r",
            "high-society/ja",
            "-r",
            "high-society/ko",
            "--games",
            "1000000",
            "--players",
            SEATS,
            "--jobs",
            str(jobs),
            "--seed",
            "5",
            "--logs",
            str(logs),
            "--lang",
            "en",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        # As a terminal's shell starts it: Ctrl-C not ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not logs.exists() or logs.stat().st_size == 0):
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    # Nothing of the run is left: the workers were ended with it (multiprocessing's resource tracker notices
    # that its parent is gone a moment later).
    deadline = time.monotonic() + 10
    while True:
        leftover = subprocess.run(["pgrep", "-a", "-s", str(process.pid)], capture_output=True, text=True).stdout
        if not leftover or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert leftover == ""
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), sum(
        1 for _ in logs.open(encoding="utf-8")
    )


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_prints_the_statistics_of_the_first_games_and_ends_as_interrupted(tmp_path, jobs):
    done, log_lines = _simulate_until_interrupted(tmp_path, jobs, "--json")
    assert done.returncode == -signal.SIGINT, done.stderr  # a shell sees 130 and stops a script that ran it
    assert "Traceback" not in done.stderr
    summary = json.loads(done.stdout)
    played = summary["games"]
    assert 0 < played < 1000000
    assert done.stderr.strip().endswith(
        f"Interrupted: the report is of the first {played} games of 1000000 per "
        f"ruleset, the same as --games {played} --seed 5 gives."
    )
    assert log_lines == 2 * played  # the same games in the logs as in the report
    again = cardrules(
        "simulate",
        "-r",
        "high-society/ja",
        "-r",
        "high-society/ko",
        "--games",
        str(played),
        "--players",
        SEATS,
        "--jobs",
        "1",
        "--seed",
        "5",
        "--json",
    )
    assert again.exit_code == 0
    assert json.loads(again.output) == summary


def test_ctrl_c_before_any_game_is_over_says_there_is_nothing_to_report(monkeypatch):
    from engine.fronts.cli import simulate_run

    _interrupting_at(monkeypatch, 0, 0)
    handlers = []
    monkeypatch.setattr(signal, "signal", lambda number, handler: handlers.append((number, handler)))

    def end_as_interrupted():
        raise SystemExit(130)  # the real program kills itself with SIGINT, which would end pytest

    monkeypatch.setattr(simulate_run, "end_as_interrupted", end_as_interrupted)
    done = cardrules(
        "simulate", "-r", "high-society/ja", "--games", "10", "--players", SEATS, "--jobs", "1", "--seed", "1"
    )
    assert done.exit_code == 130
    assert done.output.strip() == "Interrupted before any game was finished: nothing to report."
    assert handlers[-1] == (signal.SIGINT, signal.SIG_DFL)  # a second Ctrl-C would end it at once


def test_workers_stopped_by_ctrl_c_send_back_the_games_their_batches_finished(tmp_path):
    # Bohnanza games with heuristic bots take about half a second: a batch (50 games here) is far from done
    # when Ctrl-C comes, and the games each worker finished in it are reported, not thrown away with it.
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine",
            "simulate",
            "-r",
            "bohnanza/amigo",
            "--players",
            "bot:heuristic,bot:heuristic,bot:heuristic",
            "--games",
            "100000",
            "--jobs",
            "2",
            "--seed",
            "3",
            "--json",
            "--lang",
            "en",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    workers = ""
    while time.monotonic() < deadline and len(workers.split()) < 3:  # the parent and its two workers
        workers = subprocess.run(["pgrep", "-s", str(process.pid)], capture_output=True, text=True).stdout
        time.sleep(0.1)
    time.sleep(4)  # a few games each
    os.kill(process.pid, signal.SIGINT)  # the parent alone, as `kill -INT` does: it passes the stop on
    out, err = process.communicate(timeout=60)
    assert process.returncode == -signal.SIGINT, err
    summary = json.loads(out)
    played = summary["games"]
    assert 0 < played < 50, err  # part of the first batch: the games finished in it
    again = cardrules(
        "simulate",
        "-r",
        "bohnanza/amigo",
        "--players",
        "bot:heuristic,bot:heuristic,bot:heuristic",
        "--games",
        str(played),
        "--jobs",
        "1",
        "--seed",
        "3",
        "--json",
    )
    assert json.loads(again.output) == summary


@pytest.mark.parametrize("where", ["load_rulesets", "save_plot"])
def test_ctrl_c_before_the_games_or_while_the_plot_is_drawn_ends_as_interrupted(monkeypatch, tmp_path, where):
    from engine.fronts.cli import common, simulate_run
    from engine.fronts.simulation import plot

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_run if where == "load_rulesets" else plot, where, interrupted)
    ended = []

    def end_as_interrupted():
        ended.append(True)
        raise SystemExit(130)  # the real program kills itself with SIGINT, which would end pytest

    monkeypatch.setattr(common, "end_as_interrupted", end_as_interrupted)
    monkeypatch.setattr(simulate_run, "end_as_interrupted", end_as_interrupted)
    done = cardrules(
        "simulate",
        "-r",
        "high-society/ja",
        "--games",
        "3",
        "--players",
        SEATS,
        "--jobs",
        "1",
        "--seed",
        "1",
        "--plot",
        str(tmp_path / "p.png"),
    )
    assert done.exit_code == 130 and ended
    assert "Aborted!" not in done.output
    if where == "save_plot":
        assert "3 games per ruleset" in done.output  # the report came first
        assert done.output.rstrip().endswith(f"{tmp_path / 'p.png'}: not written: interrupted while it was being drawn")


def test_ctrl_c_before_any_command_runs_ends_as_interrupted_without_a_traceback(monkeypatch):
    from engine.fronts.cli import common, main

    def interrupted(argv):
        raise KeyboardInterrupt  # as Ctrl-C while the catalogs load, before click has the command

    ended = []
    monkeypatch.setattr(main, "_main", interrupted)
    monkeypatch.setattr(common, "end_as_interrupted", lambda: ended.append(True) or sys.exit(130))
    with pytest.raises(SystemExit) as stopped:
        main.main(["--help"])
    assert stopped.value.code == 130 and ended


def test_ctrl_c_while_the_program_loads_ends_it_by_sigint_without_a_traceback():
    # The console script's first module imports nothing of the program; here Ctrl-C strikes as click is
    # imported (a finder raises it), in a real process, so the end is the signal's, as a shell sees it.
    script = textwrap.dedent("""
        import sys

        class CtrlC:
            def find_spec(self, name, path=None, target=None):
                if name == "click":
                    raise KeyboardInterrupt
                return None

        sys.meta_path.insert(0, CtrlC())
        from engine.fronts.cli.start import main
        main()
    """)
    done = subprocess.run(
        [sys.executable, "-c", script, "--help"], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == -signal.SIGINT, (done.returncode, done.stderr)
    assert done.stderr == "" and done.stdout == ""
