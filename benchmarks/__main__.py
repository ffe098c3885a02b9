"""``python -m benchmarks`` (``make bench``): the interpreter's speed next to the previous interpreter's and the reference's.

Prints random-bot games per second and logs replayed per second for the
interpreter (the generic core), for the previous interpreter (the commit
before the generic core, exported from git history and run in a child
process: see :mod:`benchmarks.previous_core`) and for the independent
reference implementation, all measured in the same run on one core and in
turns, and their ratios. The targets: the new interpreter at least 0.8x the
previous one and at least 0.5x the reference, for random-bot games and for
logs replayed. Logs are replayed twice: in memory (the engine alone) and from
JSON Lines files read, schema-checked and replayed as ``cardrules replay``
does (against a hand-written loop of ``json.loads`` and the reference's
replay), both a chunk of logs at a time with the sides in turns after each
chunk. Nothing here asserts timings: the figures are for people.

The heuristic bot's time per decision as seats grow (:mod:`benchmarks.bench_seats`)
follows, unless ``--no-seats``.

Bohnanza (``--bohnanza``) is measured the same way against its own reference
implementation (:mod:`benchmarks.bench_bohnanza`); the previous interpreter
did not know the game, so only the reference ratio is given.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import bench_games, bench_replay, previous_core
from benchmarks.bench_games import Measurement
from benchmarks.cores import pin_to_one_core

REFERENCE_TARGET = 0.5
PREVIOUS_TARGET = 0.8
SKIPPED = "skipped (--no-previous)"
# Games played, logs replayed in memory, and logs per JSON Lines file, per turn of each side (see Figure). A file
# is replayed as `cardrules replay` does, with its own setup (the ruleset looked up, the game compiled): files of
# 1,000 logs keep that setup as small a part of the figure as one file of all the logs does, well under 1%.
GAMES_CHUNK = 50
REPLAY_CHUNK = 250
FILE_CHUNK = 1000
# The same for Bohnanza, whose games are some twenty times as long.
BOHNANZA_GAMES_CHUNK = 5
BOHNANZA_LOGS_CHUNK = 10


@dataclass
class Figure:
    """One side of a comparison: the fastest of its runs (or a figure recorded elsewhere).

    A workload measured in parts (logs replayed a chunk at a time, the sides
    in turns after each chunk) keeps the fastest run of each part; the figure
    is their sum. On a machine whose speed drifts, sides that take turns every
    fraction of a second meet the same machine, which whole runs of a second
    or more do not.
    """

    label: str
    parts: dict[int, Measurement] = field(default_factory=dict)
    recorded: float | None = None  # per second, when the side could not run here

    def add(self, measurement: Measurement, part: int = 0) -> None:
        known = self.parts.get(part)
        if known is None or measurement.seconds < known.seconds:
            self.parts[part] = measurement

    @property
    def best(self) -> Measurement | None:
        """The fastest run, or the sum of the fastest run of every part."""
        if len(self.parts) <= 1:
            return next(iter(self.parts.values()), None)
        parts = list(self.parts.values())
        return Measurement(
            parts[0].label,
            sum(part.count for part in parts),
            sum(part.seconds for part in parts),
            sum(part.actions for part in parts),
        )

    @property
    def per_second(self) -> float:
        return self.best.per_second if self.best is not None else float(self.recorded or 0.0)

    def line(self) -> str:
        if self.best is None:
            return f"  {self.label:<52} {self.per_second:>10.1f}/s  (recorded, not measured in this run)"
        side = self.best
        length = f", {side.actions / side.count:.1f} actions each" if side.actions else ""
        return f"  {self.label:<52} {self.per_second:>10.1f}/s  ({side.count} in {side.seconds:.2f} s{length})"


def verdict(ratio: float, target: float) -> str:
    return f"{ratio:.2f} ({'meets' if ratio >= target else 'MISSES'} the {target} target)"


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


def compare(
    title: str,
    new: Figure,
    previous: Figure | None,
    reference: Figure,
    summary: list[str],
    ruleset: str,
    required: bool,
) -> None:
    """Print one comparison (new, previous, reference) with its ratios, and note it for the summary."""
    print(title)
    for side in (new, previous, reference):
        if side is not None:
            print(side.line())
    ratios = []
    if previous is not None and previous.per_second:
        ratios.append(f"new/previous {verdict(new.per_second / previous.per_second, PREVIOUS_TARGET)}")
    ratios.append(f"new/reference {verdict(new.per_second / reference.per_second, REFERENCE_TARGET)}")
    print("  " + "; ".join(ratios))
    if (
        previous is not None
        and previous.best is not None
        and new.best is not None
        and new.best.actions
        and previous.best.actions != new.best.actions
    ):
        print(
            f"  NOTE: the previous interpreter applied {previous.best.actions} actions, the new one "
            f"{new.best.actions}: not the same games"
        )
    if required:
        summary.append(f"  {ruleset:<18} {title.split(' (')[0]:<18} " + "; ".join(ratios))


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
    add_bohnanza_arguments(parser)
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

    summary: list[str] = []
    try:
        with tempfile.TemporaryDirectory(prefix="cardrules-bench-") as directory:
            for name in filter(None, args.rulesets.split(",")):
                run_ruleset(name, args, previous, Path(directory), summary)
    finally:
        if core is not None:
            core.close()
    run_bohnanza(args, summary)

    print(f"\n== the issue's targets: new >= {PREVIOUS_TARGET}x previous, new >= {REFERENCE_TARGET}x reference")
    print("\n".join(summary))
    if not args.no_simulate:
        # The simulation runner's figures (its child processes undo the one-core pin for --jobs 2).
        from benchmarks import bench_simulate

        bench_simulate.main([])
    if not args.no_seats:
        from benchmarks import bench_seats

        bench_seats.main([])
    return 0


def run_ruleset(name: str, args: argparse.Namespace, previous: Previous, directory: Path, summary: list[str]) -> None:
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
    compare(
        f"random-bot games (each side's own random bot; {GAMES_CHUNK} at a time, sides in turns)",
        *sides["games"],
        summary,
        name,
        True,
    )
    compare(
        f"uniform random legal actions (same play on every side; {GAMES_CHUNK} at a time, sides in turns)",
        *sides["uniform"],
        summary,
        name,
        False,
    )
    compare(
        f"logs replayed (the same reference-made logs, {REPLAY_CHUNK} at a time, sides in turns)",
        *sides["replay"],
        summary,
        name,
        True,
    )
    compare(
        f"JSON Lines files replayed (read, schema-checked and replayed, as `cardrules replay` does; "
        f"files of {FILE_CHUNK} logs, sides in turns)",
        *sides["file"],
        summary,
        name,
        True,
    )


def add_bohnanza_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the Bohnanza figures (shared with ``python -m benchmarks.bench_bohnanza``)."""
    parser.add_argument(
        "--bohnanza",
        default="bohnanza/amigo:4,bohnanza/rio-grande:6,bohnanza/high-bohn:4",
        help="Bohnanza editions and player counts, RULESET:PLAYERS,... (empty: none)",
    )
    parser.add_argument("--bohnanza-games", type=int, default=30, help="Bohnanza random games per case and side")
    parser.add_argument("--bohnanza-logs", type=int, default=200, help="Bohnanza logs replayed per case and side")


def run_bohnanza(args: argparse.Namespace, summary: list[str]) -> None:
    """Bohnanza: the interpreter against the reference, random-bot games and logs replayed, sides in turns."""
    from benchmarks import bench_bohnanza

    for case in filter(None, args.bohnanza.split(",")):
        ruleset, players = case.rsplit(":", 1)
        count = int(players)
        label = f"{ruleset} {count}p"
        print(f"\n== {label}")
        logs = bench_bohnanza.make_logs(ruleset, count, args.bohnanza_logs)
        sides = {
            "games": (Figure("interpreter, random bot"), Figure("reference, random bot")),
            "replay": (Figure("interpreter, replay"), Figure("reference, replay")),
        }
        # A chunk at a time, the sides in turns after each (see Figure): a Bohnanza game is some twenty High
        # Society games long.
        games = args.bohnanza_games
        for _ in range(max(1, args.repeats)):
            for part, first in enumerate(range(0, games, BOHNANZA_GAMES_CHUNK)):
                chunk = min(BOHNANZA_GAMES_CHUNK, games - first)
                new, reference = sides["games"]
                new.add(bench_bohnanza.engine_random_games(ruleset, count, chunk, first=first), part)
                reference.add(bench_bohnanza.reference_random_games(ruleset, count, chunk, first=first), part)
            for part, first in enumerate(range(0, len(logs), BOHNANZA_LOGS_CHUNK)):
                chunk_logs = logs[first : first + BOHNANZA_LOGS_CHUNK]
                new, reference = sides["replay"]
                new.add(bench_bohnanza.engine_replay(chunk_logs), part)
                reference.add(bench_bohnanza.reference_replay(chunk_logs), part)
        for key, title in (
            (
                "games",
                f"random-bot games (each side's own random bot; {BOHNANZA_GAMES_CHUNK} at a time, sides in turns)",
            ),
            (
                "replay",
                f"logs replayed (the same reference-made logs, {BOHNANZA_LOGS_CHUNK} at a time, sides in turns)",
            ),
        ):
            new, reference = sides[key]
            compare(title, new, None, reference, summary, label, True)
            if new.best is not None and reference.best is not None:
                # Game lengths differ between the two bots: the rate per action says how much of the gap is length.
                per_action = [side.best.actions / side.best.seconds for side in (new, reference)]
                print(
                    f"  actions per second: interpreter {per_action[0]:.0f}, reference {per_action[1]:.0f} "
                    f"(ratio {per_action[0] / per_action[1]:.2f})"
                )


if __name__ == "__main__":
    sys.exit(main())
