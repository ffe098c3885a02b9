"""Which CPUs a benchmark runs on: one core for per-core figures, every core for parallel ones."""

from __future__ import annotations

import os


def pin_to_one_core() -> None:
    """Run on a single CPU so a one-core figure means one core, whatever the other cores are doing."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass  # not allowed here (some containers): the figure is then merely noisier


def use_every_core() -> None:
    """Undo a pin to one core inherited from the parent (``python -m benchmarks`` pins itself)."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, range(os.cpu_count() or 1))
        except OSError:
            pass  # as above
