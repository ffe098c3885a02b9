"""``python -m benchmarks`` (``make bench``): the interpreter's speed next to the reference's.

Prints random-bot games per second and logs replayed per second for the
interpreter and for the independent reference implementation, measured in the
same run on one core, and their ratios. The target is an interpreter at least
half as fast as the reference on both. Nothing here asserts timings: the
figures are for people.
"""
from __future__ import annotations

import argparse
import os
import sys

from . import bench_games, bench_replay

TARGET_RATIO = 0.5


def pin_to_one_core() -> None:
    """Run on a single CPU so the figures do not depend on how busy the other cores are."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass


def report(title: str, engine: bench_games.Measurement, reference: bench_games.Measurement) -> float:
    """Print one comparison and return the ratio interpreter / reference."""
    ratio = engine.per_second / reference.per_second
    verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"{title}")
    print(f"  {engine.label:<55} {engine.per_second:>10.1f}/s  ({engine.count} in {engine.seconds:.2f} s)")
    print(f"  {reference.label:<55} {reference.per_second:>10.1f}/s  ({reference.count} in {reference.seconds:.2f} s)")
    print(f"  ratio interpreter/reference: {ratio:.2f} ({verdict} the {TARGET_RATIO} target)")
    return ratio


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per edition and side")
    parser.add_argument("--logs", type=int, default=2000, help="logs replayed per edition and side")
    parser.add_argument("--rulesets", default="high-society/ja,high-society/ko")
    args = parser.parse_args(argv)
    pin_to_one_core()
    print(f"Python {sys.version.split()[0]}, one core")
    for name in args.rulesets.split(","):
        print(f"\n== {name}")
        reference = bench_games.reference_random_games(name, args.games)
        report("random-bot games", bench_games.engine_random_games(name, args.games), reference)
        print(f"  ({bench_games.engine_random_games(name, args.games, use_bots=False).per_second:.1f}/s "
              f"for the interpreter sampling legal actions directly, without the bot's observation)")
        logs = bench_replay.make_logs(name, args.logs)
        report("logs replayed", bench_replay.engine_replay(logs), bench_replay.reference_replay(logs))
        whole = bench_replay.engine_replay_file(logs)
        print(f"  ({whole.per_second:.1f}/s for {whole.label})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
