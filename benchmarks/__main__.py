"""``python -m benchmarks`` (``make bench``): the interpreter's speed next to the reference's.

Prints random-bot games per second and logs replayed per second for the
interpreter and for the independent reference implementation, measured in the
same run on one core, and their ratios. The target is an interpreter at least
half as fast as the reference on both. Nothing here asserts timings: the
figures are for people.
"""
from __future__ import annotations

import argparse
import sys

from . import bench_games, bench_replay
from .cores import pin_to_one_core

TARGET_RATIO = 0.5


def best_of(repeats: int, measure, *args, **kwargs) -> bench_games.Measurement:
    """The fastest of ``repeats`` runs: other processes on a shared machine only ever slow a run down."""
    return min((measure(*args, **kwargs) for _ in range(repeats)), key=lambda m: m.seconds)


def report(title: str, engine: bench_games.Measurement, reference: bench_games.Measurement) -> float:
    """Print one comparison and return the ratio interpreter / reference."""
    ratio = engine.per_second / reference.per_second
    verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"{title}")
    for side in (engine, reference):
        length = f", {side.actions / side.count:.1f} actions each" if side.actions else ""
        print(f"  {side.label:<45} {side.per_second:>10.1f}/s  ({side.count} in {side.seconds:.2f} s{length})")
    print(f"  ratio interpreter/reference: {ratio:.2f} ({verdict} the {TARGET_RATIO} target)")
    return ratio


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per edition and side")
    parser.add_argument("--logs", type=int, default=2000, help="logs replayed per edition and side")
    parser.add_argument("--rulesets", default="high-society/ja,high-society/ko")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the fastest counts")
    args = parser.parse_args(argv)
    pin_to_one_core()
    print(f"Python {sys.version.split()[0]}, one core, fastest of {args.repeats} runs per figure")
    for name in args.rulesets.split(","):
        print(f"\n== {name}")
        reference = best_of(args.repeats, bench_games.reference_random_games, name, args.games)
        report("random-bot games (each side's own random bot)",
               best_of(args.repeats, bench_games.engine_random_games, name, args.games), reference)
        # The reference's bot is uniform over the legal actions, as LegalActions.sample is:
        # this pair plays games of the same kind and length.
        report("uniform random legal actions (same play on both sides)",
               best_of(args.repeats, bench_games.engine_random_games, name, args.games, use_bots=False), reference)
        logs = bench_replay.make_logs(name, args.logs)
        report("logs replayed", best_of(args.repeats, bench_replay.engine_replay, logs),
               best_of(args.repeats, bench_replay.reference_replay, logs))
        whole = best_of(args.repeats, bench_replay.engine_replay_file, logs)
        print(f"  ({whole.per_second:.1f}/s for the {whole.label})")
    # The simulation runner's figures (its child processes undo the one-core pin for --jobs 2).
    from . import bench_simulate

    bench_simulate.main([])
    return 0


if __name__ == "__main__":
    sys.exit(main())
