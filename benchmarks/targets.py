"""The speed issue's targets, one per ruleset family and figure, and the summary of every figure's verdict.

Three kinds of target:

- against the plain (reference) implementation: the engine's rate over the
  plain implementation's rate on the same logs or the same seeded games, on
  the same machine in the same run, at least the target;
- against the recorded baseline: a rate now over the rate recorded when the
  issue was opened (:data:`benchmarks.bench_agents.BASELINE`), at least the
  target;
- seconds from starting a command to what it shows, at most the target.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field

# The engine's rate over the plain implementation's, at least, per ruleset family and figure.
AGAINST_PLAIN: dict[str, dict[str, float]] = {
    "high-society": {"games": 2.0, "replay": 1.5, "file": 1.2},
    "bohnanza": {"games": 1.0, "replay": 1.0},
    "high-bohn": {"games": 1.0, "replay": 1.0},
    "no-thanks": {"games": 0.5, "replay": 0.5},
    "coloretto": {"games": 0.5, "replay": 0.5},
    "love-letter": {"games": 0.5, "replay": 0.5},
}
# A rate now over the recorded baseline's, at least.
AGAINST_BASELINE: dict[str, float] = {"ismcts": 3.0, "openspiel": 3.0, "pettingzoo": 3.0}
# Seconds from starting the command, at most.
WITHIN_SECONDS: dict[str, float] = {"help": 0.5, "first-prompt": 0.5}

FIGURE_NAMES = {
    "games": "seeded random-bot games",
    "replay": "logs replayed in process",
    "file": "`cardrules replay FILE.jsonl`",
    "ismcts": "ISMCTS iterations/s",
    "openspiel": "OpenSpiel steps/s",
    "pettingzoo": "PettingZoo steps/s",
    "help": "`cardrules --help`",
    "first-prompt": "first prompt of `cardrules play`",
}
TITLE = "== The speed targets (the speed issue): every figure, its ratio and its verdict"


def family_of(ruleset: str) -> str:
    """The family whose targets a ruleset meets: its game's name, High Bohn apart from Bohnanza."""
    return "high-bohn" if ruleset == "bohnanza/high-bohn" else ruleset.split("/")[0]


def verdict(meets: bool) -> str:
    return "meets" if meets else "MISSES"


@dataclass
class Summary:
    """Every figure measured in a run, with its target and verdict; printed at the end under :data:`TITLE`."""

    rows: list[tuple[str, str, str, str, bool]] = field(default_factory=list)

    def against_plain(self, case: str, ruleset: str, figure: str, ratio: float) -> str:
        """Note the engine/plain ratio of ``figure``; return its verdict, as printed next to the figures."""
        target = AGAINST_PLAIN[family_of(ruleset)][figure]
        return self._add(case, figure, f"{ratio:.2f}x", f">= {target}x the plain implementation", ratio >= target)

    def against_baseline(self, case: str, figure: str, ratio: float) -> str:
        """Note the now/baseline ratio of ``figure``; return its verdict."""
        target = AGAINST_BASELINE[figure]
        return self._add(case, figure, f"{ratio:.2f}x", f">= {target}x the recorded baseline", ratio >= target)

    def within(self, case: str, figure: str, seconds: float) -> str:
        """Note the seconds ``figure`` took; return its verdict."""
        target = WITHIN_SECONDS[figure]
        return self._add(case, figure, f"{seconds:.3f} s", f"<= {target} s", seconds <= target)

    def _add(self, case: str, figure: str, measured: str, target: str, meets: bool) -> str:
        self.rows.append((case, FIGURE_NAMES[figure], measured, target, meets))
        return f"{measured} (target {target}: {verdict(meets)})"

    def print(self) -> None:
        print(f"\n{TITLE}")
        for case, figure, measured, target, meets in self.rows:
            print(f"  {case:<22} {figure:<34} {measured:>9}  {target:<38} {verdict(meets)}")
        met = sum(row[4] for row in self.rows)
        print(f"  {met} of {len(self.rows)} figures meet their targets")


def run_alone(
    argv: list[str] | None,
    prog: str,
    doc: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    run: Callable[[argparse.Namespace, Summary], None],
) -> int:
    """Run one section of the benchmarks alone (``python -m benchmarks`` runs them all): its options and
    ``--repeats``, pinned to one core, then the summary of its verdicts."""
    from benchmarks.cores import pin_to_one_core

    parser = argparse.ArgumentParser(prog=prog, description=doc.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the fastest counts")
    args = parser.parse_args(argv)
    pin_to_one_core()
    summary = Summary()
    run(args, summary)
    summary.print()
    return 0
