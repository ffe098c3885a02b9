"""One side of a comparison (:class:`Figure`), and the comparison of the engine's side with the plain one's."""

from __future__ import annotations

from dataclasses import dataclass, field

from benchmarks.bench_games import Measurement
from benchmarks.targets import Summary

# The previous interpreter's old target, printed for information only (the verdicts are the speed issue's targets).
PREVIOUS_TARGET = 0.8


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


def compare(
    title: str,
    new: Figure,
    reference: Figure,
    summary: Summary,
    case: str,
    ruleset: str,
    figure: str | None,
    previous: Figure | None = None,
) -> None:
    """Print one comparison (the engine, the previous interpreter if any, the plain implementation) and its
    verdict against the target of ``figure`` (None: a figure with no target of its own), noted in ``summary``."""
    print(title)
    for side in (new, previous, reference):
        if side is not None:
            print(side.line())
    ratio = new.per_second / reference.per_second
    if figure is None:
        print(f"  engine/plain {ratio:.2f} (no target of its own)")
    else:
        print(f"  engine/plain {summary.against_plain(case, ruleset, figure, ratio)}")
    if previous is not None and previous.per_second:
        print(
            f"  engine/previous interpreter {new.per_second / previous.per_second:.2f} "
            f"(for information: the old target was {PREVIOUS_TARGET}x)"
        )
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
