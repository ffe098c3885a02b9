"""Logs replayed per second: the interpreter against the reference implementation.

The logs are random games recorded by the reference (so neither side replays
its own recordings only); both sides replay the same in-memory logs, checking
every action. The engine's figure for whole files (JSON Lines read, validated
against the schema and replayed) is measured too, as the ``replay`` command
does it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from benchmarks.bench_games import PLAYERS, Measurement
from references import high_society as reference


def make_logs(ruleset_name: str, count: int, seed: int = 7) -> list[dict]:
    """``count`` finished random games as game logs (docs/formats.md) (without their stored results)."""
    logs = []
    for number in range(count):
        log = reference.play_random_game(seed * 1_000_003 + number, PLAYERS, ruleset_name)
        del log["result"]  # the stored result is checked by the engine; keep both sides' work equal
        logs.append(log)
    return logs


def engine_replay(logs: list[dict]) -> Measurement:
    """Replay in-memory logs with the engine (rulesets cached, every action checked)."""
    from engine.fronts.formats.gamelog import LogRecord
    from engine.fronts.formats.replay import ReplayContext, replay_record

    context = ReplayContext()
    records = [LogRecord(log, "<bench>", 1, number, None) for number, log in enumerate(logs)]
    start = time.perf_counter()
    for record in records:
        replay_record(record, context)
    return Measurement("interpreter, replay", len(logs), time.perf_counter() - start)


def write_jsonl(logs: list[dict], path: Path) -> Path:
    """The logs as a JSON Lines file, one log a line (as ``cardrules simulate --logs`` writes them)."""
    with open(path, "w", encoding="utf-8") as handle:
        for log in logs:
            handle.write(json.dumps(log) + "\n")
    return path


def engine_replay_file(path: Path) -> Measurement:
    """Read, validate and replay a JSON Lines file as ``cardrules replay`` does."""
    from engine.fronts.formats.replay import ReplayContext, replay_file

    start = time.perf_counter()
    count = sum(1 for _ in replay_file(path, ReplayContext()))
    return Measurement("interpreter (new core), JSON Lines file", count, time.perf_counter() - start)


def reference_replay_file(path: Path) -> Measurement:
    """A hand-written replay of the same file: each line parsed with ``json.loads``, then replayed."""
    start = time.perf_counter()
    count = 0
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                reference.replay(json.loads(line))
                count += 1
    return Measurement("reference, JSON Lines file", count, time.perf_counter() - start)


def reference_replay(logs: list[dict]) -> Measurement:
    """Replay in-memory logs with the reference implementation."""
    start = time.perf_counter()
    for log in logs:
        reference.replay(log)
    return Measurement("reference, replay", len(logs), time.perf_counter() - start)
