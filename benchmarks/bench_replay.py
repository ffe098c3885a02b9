"""Logs replayed per second: the interpreter against the reference implementation.

The logs are random games recorded by the reference (so neither side replays
its own recordings only); both sides replay the same in-memory logs, checking
every action. The engine's figure for whole files (JSON Lines read, validated
against the schema and replayed) is measured too, as the ``replay`` command
does it.
"""
from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from . import reference_high_society as reference
from .bench_games import PLAYERS, Measurement


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
    from engine.formats.gamelog import LogRecord
    from engine.formats.replay import ReplayContext, replay_record

    context = ReplayContext()
    records = [LogRecord(log, "<bench>", 1, number, None) for number, log in enumerate(logs)]
    start = time.perf_counter()
    for record in records:
        replay_record(record, context)
    return Measurement("interpreter, replay", len(logs), time.perf_counter() - start)


def engine_replay_file(logs: list[dict]) -> Measurement:
    """Write the logs as JSON Lines, then read, validate and replay the file as ``cardrules replay`` does."""
    from engine.formats.replay import ReplayContext, replay_file

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "logs.jsonl"
        with open(path, "w", encoding="utf-8") as handle:
            for log in logs:
                handle.write(json.dumps(log) + "\n")
        start = time.perf_counter()
        count = sum(1 for _ in replay_file(path, ReplayContext()))
        return Measurement("interpreter replaying a JSON Lines file (read + schema + replay)", count,
                           time.perf_counter() - start)


def reference_replay(logs: list[dict]) -> Measurement:
    """Replay in-memory logs with the reference implementation."""
    start = time.perf_counter()
    for log in logs:
        reference.replay(log)
    return Measurement("reference, replay", len(logs), time.perf_counter() - start)
