"""Every shipped ruleset passes the conformance suite users run on their own house rules."""
from __future__ import annotations

import pytest

from engine.conformance import all_shipped_rulesets, check_ruleset


@pytest.mark.parametrize("name", all_shipped_rulesets())
def test_every_shipped_ruleset_conforms(name):
    assert check_ruleset(name) == []


def test_the_suite_finds_the_editions_and_the_house_rules():
    names = all_shipped_rulesets()
    assert "high-society/ja" in names and "high-society/ko" in names and "high-society/house/no-theft" in names


def test_a_broken_house_rule_fails_conformance_with_located_diagnostics(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("extends: high-society/ja\nend:\n  - {id: fourth-red, count: 40}\n", encoding="utf-8")
    (diagnostic,) = check_ruleset(str(path))
    assert diagnostic.location.line == 3 and "can never trigger" in diagnostic.message


def test_a_house_rule_with_a_new_card_is_played_to_the_end(tmp_path):
    path = tmp_path / "bigger.yaml"
    path.write_text("extends: high-society/ko\ncards:\n  - {id: luxury-11, name: Luxury, tags: [luxury], value: 11}\n",
                    encoding="utf-8")
    assert check_ruleset(str(path), games=1) == []
