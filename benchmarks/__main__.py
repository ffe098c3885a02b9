"""``python -m benchmarks`` (``make bench``): the engine's speed against the speed issue's targets.

Every figure is a ratio with a target of its own (the table is
:mod:`benchmarks.targets`), printed ``meets`` or ``MISSES`` where it is
measured and listed again in the summary that ends the run, under "The speed
targets":

- **High Society** (``--rulesets``): the engine against the plain
  (reference) implementation, :mod:`references.high_society`, on the same
  seeded games and the same logs, in the same run on one core: seeded
  random-bot games at least 2x, logs replayed in process at least 1.5x, and
  JSON Lines files replayed as ``cardrules replay FILE.jsonl`` does (read,
  schema-checked, replayed) at least 1.2x a hand-written loop of
  ``json.loads`` and the reference's replay over the same file. The previous
  interpreter (the commit before the generic core, exported from git history
  and run in a child process: :mod:`benchmarks.previous_core`) is measured
  too, unless ``--no-previous``; its ratio is printed for information, the
  old issue's 0.8x no longer judged. Uniformly random legal actions (the same
  play on every side) are printed with no target of their own.
- **Bohnanza and High Bohn** (``--bohnanza``, :mod:`benchmarks.bench_bohnanza`):
  random-bot games and logs replayed at least 1.0x their plain implementations.
- **No Thanks!, Coloretto, Love Letter** (``--new-games``, unless
  ``--no-new-games``; :mod:`benchmarks.bench_new_games`): random-bot games
  and logs replayed at least 0.5x their plain implementations.
- **ISMCTS iterations, OpenSpiel and PettingZoo steps per second** on High
  Society and Bohnanza (``--agents``, unless ``--no-agents``;
  :mod:`benchmarks.bench_agents`): at least 3x the baseline recorded when the
  issue was opened (``bench_agents.BASELINE``: its date, machine and commit).
- **Start-up** (unless ``--no-startup``; :mod:`benchmarks.bench_startup`):
  ``cardrules --help`` and the first prompt of ``cardrules play`` within
  0.5 s of starting the command, in a fresh process each run.

Each ratio compares like with like: the same logs (made by the plain
implementation, so neither side replays only its own recordings, every action
checked on both sides) or the same number of seeded games, taken a chunk at a
time with the sides in turns after each chunk, the fastest of ``--repeats``
runs of each chunk counting (:class:`benchmarks.figure.Figure`).

The simulation runner's figures (:mod:`benchmarks.bench_simulate`, unless
``--no-simulate``) and the heuristic bot's time per decision as seats grow
(:mod:`benchmarks.bench_seats`, unless ``--no-seats``) follow, with no
target. Nothing here asserts timings: the figures are for people.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from benchmarks import (
    bench_agents,
    bench_bohnanza,
    bench_games,
    bench_new_games,
    bench_replay,
    bench_startup,
    previous_core,
)
from benchmarks.bench_games import Measurement
from benchmarks.cores import pin_to_one_core
from benchmarks.figure import Figure, compare
from benchmarks.targets import Summary

SKIPPED = "skipped (--no-previous)"
# Games played, logs replayed in memory, and logs per JSON Lines file, per turn of each side (see Figure). A file
# is replayed as `cardrules replay` does, with its own setup (the ruleset looked up, the game compiled): files of
# 1,000 logs keep that setup as small a part of the figure as one file of all the logs does, well under 1%.
GAMES_CHUNK = 50
REPLAY_CHUNK = 250
FILE_CHUNK = 1000


class Previous:
    """The previous interpreter: run from git history, or its recorded figures."""

    def __init__(self, core: previous_core.PreviousCore | None, reason: str | None) -> None:
        self.core = core
        self.reason = reason

    @property
    def runs(self) -> bool:
        return self.core is not None

    def label(self) -> str:
        return f"previous interpreter ({previous_core.PREVIOUS_COMMIT})"

    def games(self, ruleset: str, games: int, use_bots: bool, first: int = 0) -> Measurement:
        assert self.core is not None
        answer = self.core.random_games(ruleset, games, use_bots=use_bots, first=first)
        return Measurement(self.label(), answer["count"], answer["seconds"], answer["actions"])

    def replay(self, logs_file: Path, first: int = 0, count: int | None = None) -> Measurement:
        assert self.core is not None
        answer = self.core.replay(logs_file, first, count)
        return Measurement(self.label(), answer["count"], answer["seconds"])

    def replay_file(self, jsonl_file: Path) -> Measurement:
        assert self.core is not None
        answer = self.core.replay_file(jsonl_file)
        return Measurement(self.label(), answer["count"], answer["seconds"])

    def recorded(self, ruleset: str, figure: str) -> float | None:
        if self.reason == SKIPPED:
            return None
        return previous_core.RECORDED["figures"].get(ruleset, {}).get(figure)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per edition and side")
    parser.add_argument("--logs", type=int, default=2000, help="logs replayed per edition and side")
    parser.add_argument("--rulesets", default="high-society/ja,high-society/ko")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the fastest counts")
    parser.add_argument(
        "--previous-commit",
        default=previous_core.PREVIOUS_COMMIT,
        help="the commit of the previous interpreter (default: the last one with the old core)",
    )
    parser.add_argument("--no-previous", action="store_true", help="skip the previous interpreter")
    parser.add_argument("--no-simulate", action="store_true", help="skip the simulation runner's figures")
    parser.add_argument("--no-seats", action="store_true", help="skip the heuristic bot's figures as seats grow")
    bench_bohnanza.add_bohnanza_arguments(parser)
    parser.add_argument("--no-new-games", action="store_true", help="skip No Thanks!, Coloretto and Love Letter")
    bench_new_games.add_arguments(parser)
    parser.add_argument("--no-agents", action="store_true", help="skip the ISMCTS, OpenSpiel and PettingZoo figures")
    bench_agents.add_arguments(parser)
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up figures (--help, first prompt)")
    parser.add_argument(
        "--startup-repeats", type=int, default=5, help="fresh processes per start-up figure; the fastest counts"
    )
    args = parser.parse_args(argv)
    pin_to_one_core()
    print(
        f"Python {sys.version.split()[0]}, one core, fastest of {args.repeats} runs per figure (per chunk of a "
        f"figure's work), sides in turns"
    )

    previous = Previous(None, SKIPPED)
    core = None
    if not args.no_previous:
        core = previous_core.PreviousCore(args.previous_commit)
        try:
            core.start()
            previous = Previous(core, None)
            print(
                f"Previous interpreter: commit {core.full_commit[:12]} exported with git archive and run in a "
                f"child process on the same core ({core.engine_path})"
            )
        except previous_core.PreviousCoreUnavailable as error:
            core.close()
            core = None
            previous = Previous(None, str(error))
    if not previous.runs:
        recorded = previous_core.RECORDED
        print(f"Previous interpreter NOT run from git history: {previous.reason}.")
        if not args.no_previous:
            print(
                f"  Falling back to its figures recorded on {recorded['machine']} (commit {recorded['commit']}); "
                f"ratios against them compare two machines or two moments."
            )

    summary = Summary()
    try:
        with tempfile.TemporaryDirectory(prefix="cardrules-bench-") as directory:
            for name in filter(None, args.rulesets.split(",")):
                run_ruleset(name, args, previous, Path(directory), summary)
    finally:
        if core is not None:
            core.close()
    bench_bohnanza.run_bohnanza(args, summary)
    if not args.no_new_games:
        bench_new_games.run(args, summary)
    if not args.no_agents:
        bench_agents.run(args, summary)
    if not args.no_startup:
        bench_startup.run(args.startup_repeats, summary)
    if not args.no_simulate:
        # The simulation runner's figures (its child processes undo the one-core pin for --jobs 2).
        from benchmarks import bench_simulate

        bench_simulate.main([])
    if not args.no_seats:
        from benchmarks import bench_seats

        bench_seats.main([])
    summary.print()
    return 0


def run_ruleset(name: str, args: argparse.Namespace, previous: Previous, directory: Path, summary: Summary) -> None:
    """Measure and print the three comparisons of one ruleset, the sides in turns."""
    print(f"\n== {name}")
    logs = bench_replay.make_logs(name, args.logs)
    logs_file = directory / f"logs-{name.replace('/', '-')}.json"
    logs_file.write_text(json.dumps(logs), encoding="utf-8")
    # The same logs as JSON Lines files of FILE_CHUNK logs each (see the loop below).
    jsonl_files = [
        bench_replay.write_jsonl(
            logs[first : first + FILE_CHUNK], directory / f"logs-{name.replace('/', '-')}-{part}.jsonl"
        )
        for part, first in enumerate(range(0, len(logs), FILE_CHUNK))
    ]

    def previous_figure(figure: str, label: str) -> Figure | None:
        if previous.runs:
            return Figure(f"{previous.label()}, {label}")
        recorded = previous.recorded(name, figure)
        return Figure(f"{previous.label()}, {label}", recorded=recorded) if recorded else None

    # The reference's bot is uniform over the legal actions, as LegalActions.sample is:
    # the "uniform" comparison plays games of the same kind and length on every side.
    reference_games = Figure("reference, random bot")
    sides = {
        "games": (
            Figure("interpreter (new core), random bot"),
            previous_figure("games", "random bot"),
            reference_games,
        ),
        "uniform": (
            Figure("interpreter (new core), legal_actions().sample"),
            previous_figure("uniform", "legal_actions().sample"),
            reference_games,
        ),
        "replay": (
            Figure("interpreter (new core), replay"),
            previous_figure("replay", "replay"),
            Figure("reference, replay"),
        ),
        "file": (
            Figure("interpreter (new core), JSON Lines file"),
            previous_figure("file", "JSON Lines file"),
            Figure("reference, JSON Lines file"),
        ),
    }
    # Every workload is taken a chunk at a time (a fraction of a second a side), the sides in turns after each
    # chunk, so that a machine whose speed drifts meets every side alike.
    game_chunks = [(first, min(GAMES_CHUNK, args.games - first)) for first in range(0, args.games, GAMES_CHUNK)]
    log_chunks = list(range(0, len(logs), REPLAY_CHUNK))
    for _ in range(max(1, args.repeats)):
        for part, (first, count) in enumerate(game_chunks):
            for key, use_bots in (("games", True), ("uniform", False)):
                new, old, reference = sides[key]
                new.add(bench_games.engine_random_games(name, count, use_bots=use_bots, first=first), part)
                if previous.runs and old is not None:
                    old.add(previous.games(name, count, use_bots, first), part)
                if use_bots:  # the reference plays one kind of game: both comparisons read it
                    reference.add(bench_games.reference_random_games(name, count, first=first), part)
        for part, first in enumerate(log_chunks):
            chunk = logs[first : first + REPLAY_CHUNK]
            new, old, reference = sides["replay"]
            new.add(bench_replay.engine_replay(chunk), part)
            if previous.runs and old is not None:
                old.add(previous.replay(logs_file, first, len(chunk)), part)
            reference.add(bench_replay.reference_replay(chunk), part)
        for part, path in enumerate(jsonl_files):
            new, old, reference = sides["file"]
            new.add(bench_replay.engine_replay_file(path), part)
            if previous.runs and old is not None:
                old.add(previous.replay_file(path), part)
            reference.add(bench_replay.reference_replay_file(path), part)
    for key, figure, title in (
        ("games", "games", f"random-bot games (each side's own random bot; {GAMES_CHUNK} at a time, sides in turns)"),
        (
            "uniform",
            None,
            f"uniform random legal actions (same play on every side; {GAMES_CHUNK} at a time, sides in turns)",
        ),
        ("replay", "replay", f"logs replayed (the same reference-made logs, {REPLAY_CHUNK} at a time, sides in turns)"),
        (
            "file",
            "file",
            f"JSON Lines files replayed (read, schema-checked and replayed, as `cardrules replay` does; "
            f"files of {FILE_CHUNK} logs, sides in turns)",
        ),
    ):
        new, old, reference = sides[key]
        compare(title, new, reference, summary, f"{name} {len(bench_games.PLAYERS)}p", name, figure, previous=old)


if __name__ == "__main__":
    sys.exit(main())
