"""``cardrules simulate`` speed: one core against the reference, two jobs against one, memory against games.

Three figures, each measured in a fresh child process so that one
measurement's memory or CPU pinning cannot leak into another:

1. random-bot games per second on one core, the simulation runner next to
   the plain reference implementation, in the same process (target: at least
   0.5x the reference);
2. 20,000 random-bot games with ``--jobs 2`` against ``--jobs 1`` (target: at
   least 1.7x on a 2-core machine);
3. peak memory (max RSS) of a run of 2,000 games and of 20,000 games in
   process: nothing is kept per game, so the two should be about equal.

Nothing here asserts: the figures are for people. Run with
``python -m benchmarks`` (all benchmarks) or ``python -m benchmarks.bench_simulate``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

from benchmarks.cores import pin_to_one_core, use_every_core

RULESET = "high-society/ja"
SEATS = ("random", "random", "random", "random")
ONE_CORE_RATIO_TARGET = 0.5
SPEEDUP_TARGET = 1.7
# Peak memory may grow this much from 2,000 to 20,000 games and still count as flat
# (allocator noise, caches warming up).
FLAT_MEMORY_TOLERANCE = 1.10


def _plan(games: int, seed: int = 1):
    from engine.fronts.simulation.runner import RulesetSpec, SimulationPlan

    return SimulationPlan(
        (RulesetSpec.from_argument(RULESET),), SEATS, tuple(f"P{seat + 1}" for seat in range(len(SEATS))), games, seed
    )


def child_one_core(games: int) -> dict:
    """Games per second of the runner and of the reference, in this process, on one core."""
    from benchmarks.bench_games import reference_random_games
    from engine.fronts.simulation.runner import run_simulation

    pin_to_one_core()
    run_simulation(_plan(50), jobs=1)  # warm up: imports, ruleset loading
    start = time.perf_counter()
    run_simulation(_plan(games), jobs=1)
    runner_seconds = time.perf_counter() - start
    reference = reference_random_games(RULESET, games)
    return {"games": games, "runner_per_second": games / runner_seconds, "reference_per_second": reference.per_second}


def child_run(games: int, jobs: int) -> dict:
    """Wall time and peak memory of one simulation with ``jobs`` jobs, as ``cardrules simulate`` runs it."""
    from engine.fronts.simulation.runner import run_simulation

    use_every_core()
    start = time.perf_counter()
    tally = run_simulation(_plan(games), jobs=jobs)
    seconds = time.perf_counter() - start
    assert tally.rulesets[0].games == games
    # CPU time of this process and of its (finished, reaped) pool workers: on a
    # machine that others are busy with, it tells work from waiting for a core.
    cpu = sum(
        usage.ru_utime + usage.ru_stime
        for usage in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    )
    return {
        "games": games,
        "jobs": jobs,
        "seconds": seconds,
        "cpu_seconds": cpu,
        "max_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }


def in_child(*args: str) -> dict:
    """Run ``--child ARGS`` in a fresh interpreter and return its JSON answer."""
    output = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_simulate", "--child", *args],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Measure and print the three figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games for the jobs and memory figures")
    parser.add_argument("--one-core-games", type=int, default=2_000, help="games for the one-core figure")
    parser.add_argument(
        "--repeats",
        type=int,
        default=2,
        help="runs per figure; the fastest counts (a shared machine only ever slows a run down)",
    )
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, *numbers = args.child
        answer = child_one_core(int(numbers[0])) if kind == "one-core" else child_run(int(numbers[0]), int(numbers[1]))
        print(json.dumps(answer))
        return 0

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"\n== simulate ({RULESET}, {len(SEATS)} random bots; {os.cpu_count()} cores, load average {load}; "
        f"fastest of {args.repeats})"
    )

    def fastest(*child_args: str) -> dict:
        """The fastest of ``--repeats`` child runs."""
        answers = [in_child(*child_args) for _ in range(max(1, args.repeats))]
        if "seconds" in answers[0]:
            return min(answers, key=lambda answer: answer["seconds"])
        return max(answers, key=lambda answer: answer["runner_per_second"] / answer["reference_per_second"])

    one_core = fastest("one-core", str(args.one_core_games))
    ratio = one_core["runner_per_second"] / one_core["reference_per_second"]
    print(
        f"  one core: runner {one_core['runner_per_second']:.0f} games/s, reference "
        f"{one_core['reference_per_second']:.0f} games/s: ratio {ratio:.2f} "
        f"({'meets' if ratio >= ONE_CORE_RATIO_TARGET else 'MISSES'} the {ONE_CORE_RATIO_TARGET} target)"
    )

    one_job = fastest("run", str(args.games), "1")
    two_jobs = fastest("run", str(args.games), "2")
    speedup = one_job["seconds"] / two_jobs["seconds"]
    print(
        f"  {args.games} games: --jobs 1 {one_job['seconds']:.1f} s ({args.games / one_job['seconds']:.0f}/s), "
        f"--jobs 2 {two_jobs['seconds']:.1f} s ({args.games / two_jobs['seconds']:.0f}/s): speedup {speedup:.2f} "
        f"({'meets' if speedup >= SPEEDUP_TARGET else 'MISSES'} the {SPEEDUP_TARGET} target)"
    )
    print(
        f"  CPU time: --jobs 1 {one_job['cpu_seconds']:.1f} s, --jobs 2 {two_jobs['cpu_seconds']:.1f} s in all "
        f"processes (x{two_jobs['cpu_seconds'] / one_job['cpu_seconds']:.2f}: the cost of the second process "
        f"and of shipping batches; a speedup below 2 / that factor means the cores were busy with other work)"
    )

    small = in_child("run", str(args.games // 10), "1")
    growth = one_job["max_rss_kib"] / small["max_rss_kib"]
    print(
        f"  peak memory in process: {small['max_rss_kib'] / 1024:.1f} MiB for {args.games // 10} games, "
        f"{one_job['max_rss_kib'] / 1024:.1f} MiB for {args.games} games: x{growth:.2f} "
        f"({'flat' if growth <= FLAT_MEMORY_TOLERANCE else 'GROWS'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
