"""A house rule given as a file reaches workers that cannot read it.

On a Dask cluster the workers may run on other machines: the parent loads a
house-rule file once and the loaded ruleset travels with the work.
"""

from __future__ import annotations

import pickle

import pytest

import engine
from engine.fronts.simulation import runner
from engine.fronts.simulation.runner import RulesetSpec, SimulationPlan, play_batch

HOUSE_RULE = """\
extends: high-society/ko
description: Korean edition where the poorest are not out.
options:
  eliminate-poorest: false
cards:
  - {id: theft, $remove: true}
"""


def test_a_loaded_ruleset_pickles_to_an_equal_read_only_ruleset():
    for name in ("high-society/ja", "high-society/ko", "high-society/house/long-season"):
        ruleset = engine.load_ruleset(name, {"rounding": "floor"})
        copy = pickle.loads(pickle.dumps(ruleset))
        assert copy == ruleset
        assert copy.card("luxury-3").attributes == ruleset.card("luxury-3").attributes
        with pytest.raises(TypeError):
            copy.options["rounding"] = "exact"  # type: ignore[index]  # still read-only


def test_a_house_rule_file_travels_with_the_plan_and_needs_no_file_at_the_worker(tmp_path):
    house_rule = tmp_path / "no-elimination.yaml"
    house_rule.write_text(HOUSE_RULE, encoding="utf-8")
    spec = RulesetSpec.from_argument(str(house_rule), {"rounding": "floor"})
    plan = SimulationPlan(rulesets=(spec,), seat_kinds=("random",) * 3, player_names=("A", "B", "C"), games=20, seed=5)
    expected = play_batch(plan, 0, 20).tally

    house_rule.unlink()  # what a worker on another machine sees: no such file
    runner._loaded.clear()  # and nothing loaded in that worker yet
    shipped = pickle.loads(pickle.dumps(plan))
    assert shipped.rulesets[0].load().options["eliminate-poorest"] is False
    assert "theft" not in [card.id for card in shipped.rulesets[0].load().cards]
    assert play_batch(shipped, 0, 20).tally == expected
