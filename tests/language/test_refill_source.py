"""A stack's ``refill`` takes the cards of one shared zone: a zone each player has would leave "whose?" open.

Such a ruleset used to pass ``validate`` and then stop ``play`` with a
traceback as soon as the heuristic bot looked at the stack ("zone coins
belongs to each player: name the owner"). ``validate`` now refuses it, at
the refill's ``from``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cardrules


@pytest.mark.parametrize(("parent", "stack", "source"), [("bohnanza/amigo", "draw", "coins")])
def test_a_refill_from_a_zone_of_each_player_is_refused_where_it_is_written(
    tmp_path: Path, parent: str, stack: str, source: str
) -> None:
    overlay = tmp_path / "refill.yaml"
    overlay.write_text(
        f"extends: {parent}\nid: test/refill\nzones:\n  {stack}: {{refill: {{from: {source}, counter: exhaustions}}}}\n",
        encoding="utf-8",
    )
    result = cardrules("validate", str(overlay))
    assert result.exit_code == 1
    assert (
        f"{overlay}:4:25: $.zones.{stack}.refill.from: a refill takes the cards of one zone: {source} belongs to "
        "each player; refill from a shared zone" in result.stderr
    )
    played = cardrules("play", "-r", str(overlay), "--players", "bot:heuristic,bot:random,bot:random")
    assert played.exit_code == 1 and "Traceback" not in played.output
