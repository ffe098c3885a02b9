"""Where the tests find the repository and their data, wherever a test module sits under tests/."""

from __future__ import annotations

from pathlib import Path

# tests/: the shared helpers and the data (broken/, golden/, logs/, tables/, toy/).
TESTS = Path(__file__).resolve().parent
# The checkout: engine/, rulesets/, locales/, docs/, benchmarks/, references/.
REPO = TESTS.parent
