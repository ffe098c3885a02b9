"""Every shipped ruleset passes the conformance suite users run on their own house rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.fronts.conformance import all_shipped_rulesets, check_ruleset


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
    path.write_text(
        "extends: high-society/ko\ncards:\n  - {id: luxury-11, name: Luxury, tags: [luxury], value: 11}\n",
        encoding="utf-8",
    )
    assert check_ruleset(str(path), games=1) == []


@given(
    st.integers(0, 300).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(
                st.one_of(
                    st.sets(st.integers(0, size + 2)).map(lambda cards: sum(1 << card for card in cards)),
                    st.lists(st.integers(-1, size + 2)).map(tuple),
                ),
                max_size=6,
            ),
        )
    )
)
def test_cards_are_counted_as_a_plain_walk_over_the_zones_counts_them(case):
    # The linear count (a byte array for ordered zones) agrees with the obvious one.
    from types import SimpleNamespace

    from engine.fronts.conformance import cards_misplaced

    size, zones = case
    state = SimpleNamespace(zones=zones, game=SimpleNamespace(cards=SimpleNamespace(size=size)))
    places = [
        card
        for content in zones
        for card in (
            [bit for bit in range(content.bit_length()) if content >> bit & 1] if type(content) is int else content
        )
    ]
    each_once = len(places) == len(set(places)) and sorted(places) == list(range(size))
    assert (cards_misplaced(state) is None) == each_once
