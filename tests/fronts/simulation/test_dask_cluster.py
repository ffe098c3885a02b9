"""A real Dask cluster on 127.0.0.1 (a scheduler and a worker process) gives the local run's numbers."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the cluster extra (dask[distributed]) is not installed")

from engine.fronts.cli.main import main  # noqa: E402

BIN = Path(sys.executable).parent
STARTUP_LIMIT = 60.0  # seconds: a slow CI machine, never a hang
# What the tests give --scheduler-timeout (or its environment variable): a loss is found in seconds.
LIVENESS_SECONDS = "2"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def dask_command(*args: str) -> list[str]:
    """``dask ARGS`` from this environment (the worker must import the same ``engine``)."""
    executable = BIN / "dask"
    if executable.exists():
        return [str(executable), *args]
    return [sys.executable, "-m", "distributed.cli.dask_" + args[0], *args[1:]]


def wait_for_workers(address: str, count: int) -> None:
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(count, timeout=STARTUP_LIMIT)


def start_scheduler(port: int, logs: Path) -> subprocess.Popen:
    """A Dask scheduler on 127.0.0.1:PORT, once it accepts connections (its output in LOGS/scheduler.log)."""
    process = subprocess.Popen(
        dask_command("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"),
        stdout=open(logs / "scheduler.log", "wb"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    deadline = time.monotonic() + STARTUP_LIMIT
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("the Dask scheduler did not start:\n" + (logs / "scheduler.log").read_text())
            time.sleep(0.2)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """``tcp://127.0.0.1:PORT`` of a scheduler with one worker (two threads), torn down afterwards."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = tmp_path_factory.mktemp("dask")
    environment = {**os.environ, "PYTHONWARNINGS": "ignore"}
    processes = []
    try:
        processes.append(start_scheduler(port, logs))
        processes.append(
            subprocess.Popen(
                dask_command(
                    "worker", address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "2", "--no-dashboard"
                ),
                stdout=open(logs / "worker.log", "wb"),
                stderr=subprocess.STDOUT,
                env=environment,
            )
        )
        wait_for_workers(address, 1)
        yield address
    finally:
        # The worker first: a worker whose scheduler vanished keeps trying to reconnect.
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def simulate_json(capsys, *extra: str) -> dict:
    with pytest.raises(SystemExit) as exited:
        main(
            [
                "simulate",
                "-r",
                "high-society/ja",
                "-r",
                "high-society/ko",
                "--games",
                "30",
                "--players",
                "bot:heuristic,bot:random,bot:random,bot:random",
                "--seed",
                "2024",
                "--json",
                "--lang",
                "en",
                *extra,
            ]
        )
    captured = capsys.readouterr()
    assert exited.value.code in (0, None), captured.err
    return json.loads(captured.out)


def test_a_dask_cluster_gives_exactly_the_numbers_of_the_local_runs(capsys, cluster):
    on_cluster = simulate_json(capsys, "--scheduler", cluster)
    assert on_cluster == simulate_json(capsys, "--jobs", "1")
    assert on_cluster == simulate_json(capsys, "--jobs", "2")


def test_logs_come_back_from_the_cluster_in_game_order(capsys, cluster, tmp_path):
    logs = tmp_path / "games.jsonl"
    simulate_json(capsys, "--scheduler", cluster, "--logs", str(logs))
    games = [json.loads(line) for line in logs.read_text(encoding="utf-8").splitlines()]
    assert [game["simulation"]["game"] for game in games] == [index for index in range(30) for _ in range(2)]


def test_bohnanza_on_the_cluster_gives_the_local_numbers_reshuffles_and_all(capsys, cluster):
    """Long games with reshuffles, counters and per-turn means: the cluster still adds up to the last digit."""

    def bohnanza(*extra: str) -> dict:
        with pytest.raises(SystemExit) as exited:
            main(
                [
                    "simulate",
                    "-r",
                    "bohnanza/amigo",
                    "-r",
                    "bohnanza/rio-grande",
                    "--games",
                    "2",
                    "--players",
                    "bot:heuristic,bot:random,bot:random",
                    "--seed",
                    "8",
                    "--json",
                    "--lang",
                    "en",
                    *extra,
                ]
            )
        captured = capsys.readouterr()
        assert exited.value.code in (0, None), captured.err
        return json.loads(captured.out)

    on_cluster = bohnanza("--scheduler", cluster)
    assert on_cluster == bohnanza("--jobs", "1")
    assert on_cluster["rulesets"][0]["mean_counters"]["trades"]["per_round"] is not None


def test_a_cluster_with_no_worker_is_a_clear_error_not_a_wait(capsys, tmp_path):
    port = free_port()
    scheduler = start_scheduler(port, tmp_path)
    try:
        started = time.monotonic()
        with pytest.raises(SystemExit) as exited:
            main(
                [
                    "simulate",
                    "-r",
                    "high-society/ja",
                    "--games",
                    "3",
                    "--players",
                    "bot:random,bot:random,bot:random",
                    "--scheduler",
                    f"tcp://127.0.0.1:{port}",
                    "--scheduler-timeout",
                    LIVENESS_SECONDS,
                    "--lang",
                    "en",
                ]
            )
        assert exited.value.code == 2
        assert time.monotonic() - started < STARTUP_LIMIT
        assert (
            f"the Dask scheduler at tcp://127.0.0.1:{port} has no workers (none came within 2 s)"
            in capsys.readouterr().err
        )
    finally:
        scheduler.kill()
        scheduler.wait()


def test_an_address_that_answers_but_never_speaks_is_a_clear_error_not_a_hang(capsys):
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)  # accepts connections (the kernel does), never says a word
        port = silent.getsockname()[1]
        started = time.monotonic()
        with pytest.raises(SystemExit) as exited:
            main(
                [
                    "simulate",
                    "-r",
                    "high-society/ja",
                    "--games",
                    "3",
                    "--players",
                    "bot:random,bot:random,bot:random",
                    "--scheduler",
                    f"tcp://127.0.0.1:{port}",
                    "--lang",
                    "en",
                ]
            )
    assert exited.value.code == 2
    assert time.monotonic() - started < STARTUP_LIMIT
    assert "does not answer as a Dask scheduler" in capsys.readouterr().err


def test_bot_strength_plays_a_search_run_on_the_cluster(capsys, cluster, tmp_path):
    """`python -m benchmarks.bot_strength --search ... --scheduler ADDRESS`: the same games, so the same figures, as
    a run here (the workers import engine, not this checkout's benchmarks); `--results` keeps the cluster's games;
    an address where no scheduler listens stops the run with its reason."""
    from benchmarks import bot_strength

    def report(*extra: str) -> tuple[str, str]:
        bot_strength.search_main(
            ["--search", "heuristic", "--set", "rivalry=0.5", "--games", "8", *extra, "bohnanza/amigo"]
        )
        line = capsys.readouterr().out.strip()
        return re.search(r"vs 3 heuristic: (\d+/8 wins)", line).group(1), re.search(r"margin (\S+) a game", line).group(
            1
        )

    results = tmp_path / "results.jsonl"
    on_cluster = report("--scheduler", cluster, "--results", str(results))
    assert on_cluster == report("--workers", "1")
    batches = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    assert sorted(
        number for batch in batches for number in range(batch["first"], batch["first"] + len(batch["games"]))
    ) == list(range(8))
    with pytest.raises(SystemExit) as stopped:
        report("--scheduler", f"tcp://127.0.0.1:{free_port()}")
    assert str(stopped.value).startswith("--scheduler: cannot reach the Dask scheduler at tcp://127.0.0.1:")


@pytest.fixture
def own_cluster(tmp_path):
    """``(address, scheduler, worker)`` of a cluster of its own, for a test that ends part of it.

    The worker runs without a nanny: killed, it stays gone (a nanny would start another).
    """
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = start_scheduler(port, tmp_path)
    worker = subprocess.Popen(
        dask_command("worker", address, "--host", "127.0.0.1", "--no-nanny", "--nthreads", "2", "--no-dashboard"),
        stdout=open(tmp_path / "worker.log", "wb"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    try:
        wait_for_workers(address, 1)
        yield address, scheduler, worker
    finally:
        for process in (worker, scheduler):
            if process.poll() is None:
                os.kill(process.pid, signal.SIGCONT)  # a test may have frozen it
                process.kill()
            process.wait()


def simulate_until(address: str, tmp_path: Path, lose) -> tuple[subprocess.CompletedProcess, int]:
    """A long run on the cluster; once it has logged games, ``lose()`` ends part of the cluster. Returns the
    finished run and the number of games its logs hold."""
    logs = tmp_path / "games.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "simulate", "-r", "high-society/ja", "--games", "1000000", "--players"]
        + ["bot:random,bot:random,bot:random", "--seed", "6", "--scheduler", address, "--logs", str(logs)]
        + ["--json", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={
            **os.environ,
            "PYTHONPATH": str(Path(__file__).resolve().parents[3]),
            "CARDRULES_SCHEDULER_TIMEOUT": LIVENESS_SECONDS,
        },
    )
    try:
        deadline = time.monotonic() + STARTUP_LIMIT
        while not logs.exists() or logs.stat().st_size == 0:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the cluster played no game"
            time.sleep(0.05)
        lose()
        out, err = process.communicate(timeout=STARTUP_LIMIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), sum(1 for _ in logs.open("rb"))


def assert_reported_after(done: subprocess.CompletedProcess, logged: int, why: str) -> None:
    """The run ended with status 1 and no traceback: the report of the games logged, then ``why``."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    played = json.loads(done.stdout)["games"]
    assert played == logged > 0
    assert done.stderr.splitlines()[-2:] == [
        why,
        f"The report is of the first {played} games of 1000000 per ruleset, the same as --games {played} --seed 6 gives.",
    ]


def test_a_cluster_that_loses_its_last_worker_reports_the_games_finished(own_cluster, tmp_path):
    address, _scheduler, worker = own_cluster
    done, logged = simulate_until(address, tmp_path, lambda: worker.kill())
    assert_reported_after(done, logged, f"the Dask cluster at {address} has no worker left (none came within 2 s)")


def test_a_cluster_that_loses_its_scheduler_reports_the_games_finished(own_cluster, tmp_path):
    address, scheduler, _worker = own_cluster
    done, logged = simulate_until(address, tmp_path, lambda: scheduler.kill())
    assert_reported_after(done, logged, f"the Dask scheduler at {address} was lost: its games under way were cancelled")


def test_a_frozen_scheduler_is_found_out_within_the_timeout_and_the_games_finished_reported(own_cluster, tmp_path):
    address, scheduler, _worker = own_cluster
    done, logged = simulate_until(address, tmp_path, lambda: os.kill(scheduler.pid, signal.SIGSTOP))
    assert_reported_after(done, logged, f"the Dask scheduler at {address} stopped answering (nothing for 4 s)")


def test_a_frozen_worker_is_found_out_within_the_timeout_and_the_games_finished_reported(own_cluster, tmp_path):
    # The scheduler lists a stopped worker as running until its worker-ttl (minutes): its heartbeats tell.
    address, _scheduler, worker = own_cluster
    started = time.monotonic()
    done, logged = simulate_until(address, tmp_path, lambda: os.kill(worker.pid, signal.SIGSTOP))
    assert_reported_after(done, logged, f"the Dask cluster at {address} has no worker that answers (none for 2 s)")
    assert time.monotonic() - started < 60  # not the scheduler's worker-ttl
