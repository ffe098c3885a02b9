"""Score steps, elimination and tiebreak blocks, one at a time."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.blocks import BLOCKS, build
from game_fixtures import sample_ruleset

RULESET = sample_ruleset()


def cards(*ids: str):
    return [RULESET.card(card_id) for card_id in ids]


def step(spec):
    return build("score-step", spec, RULESET)


def test_sum_attribute_adds_the_values_of_matching_cards():
    block = step({"id": "lux", "kind": "sum-attribute", "attribute": "value", "tag": "luxury"})
    score, detail = block.apply(Fraction(0), cards("luxury-3", "luxury-9", "prestige-1"))
    assert score == 12 and detail["cards"] == ("luxury-3", "luxury-9")


def test_add_per_card_subtracts_five_for_the_gambling_debt():
    block = step({"id": "debt", "kind": "add-per-card", "tag": "debt", "amount": -5})
    assert block.apply(Fraction(12), cards("debt"))[0] == 7
    assert block.apply(Fraction(12), cards("luxury-1"))[0] == 12


def test_add_per_card_can_name_a_single_card():
    block = step({"id": "bonus", "kind": "add-per-card", "card": "luxury-1", "amount": 3})
    assert block.apply(Fraction(0), cards("luxury-1", "luxury-2"))[0] == 3


@pytest.mark.parametrize("at, before, after", [(0, -3, 0), (0, 4, 4), (None, -3, -3)])
def test_floor_raises_the_score_to_at_least_its_value_unless_there_is_none(at, before, after):
    block = step({"id": "floor", "kind": "floor", "at": at})
    assert block.apply(Fraction(before), [])[0] == after


def test_multiply_per_card_doubles_once_per_title_and_halves_exactly():
    double = step({"id": "p", "kind": "multiply-per-card", "tag": "prestige", "factor": 2})
    half = step({"id": "s", "kind": "multiply-per-card", "tag": "scandal", "factor": Fraction(1, 2)})
    assert double.apply(Fraction(7), cards("prestige-1", "prestige-2"))[0] == 28
    assert half.apply(Fraction(7), cards("scandal"))[0] == Fraction(7, 2)
    assert double.apply(Fraction(-3), cards("prestige-1"))[0] == -6


@pytest.mark.parametrize("mode, value, expected", [
    ("exact", Fraction(7, 2), Fraction(7, 2)), ("floor", Fraction(7, 2), 3), ("ceil", Fraction(7, 2), 4),
    ("half-up", Fraction(7, 2), 4), ("half-up", Fraction(-7, 2), -3), ("floor", Fraction(-7, 2), -4),
])
def test_round_modes(mode, value, expected):
    assert step({"id": "r", "kind": "round", "mode": mode}).apply(value, [])[0] == expected


def test_poorest_out_puts_out_everyone_tied_for_least_money():
    block = build("elimination", {"kind": "poorest-out", "enabled": True}, RULESET)
    assert block.eliminated([5000, 3000, 3000, 9000]) == [False, True, True, False]
    assert block.eliminated([4000, 4000, 4000]) == [True, True, True]


def test_poorest_out_disabled_and_none_put_out_nobody():
    assert build("elimination", {"kind": "poorest-out", "enabled": False}, RULESET).eliminated([1, 2]) == [False] * 2
    assert build("elimination", {"kind": "none"}, RULESET).eliminated([1, 2]) == [False, False]


def test_most_money_ranks_by_money_in_hand():
    block = build("tiebreak", {"kind": "most-money"}, RULESET)
    assert block.rank([], 5000) > block.rank([], 4000)


def test_highest_attribute_ranks_by_the_single_highest_card_and_none_ranks_lowest():
    block = build("tiebreak", {"kind": "highest-attribute", "attribute": "value", "tag": "luxury"}, RULESET)
    assert block.rank(cards("luxury-9"), 0) > block.rank(cards("luxury-3", "luxury-5"), 0)
    assert block.rank(cards("luxury-1"), 0) > block.rank(cards("prestige-1"), 10**6)


def test_every_category_of_the_contract_is_registered():
    assert set(BLOCKS["setup"]) == {"deal-money", "shuffle-deck"}
    assert set(BLOCKS["reveal"]) == {"reveal-top"}
    assert set(BLOCKS["effect"]) == {"discard-tagged"}
    assert set(BLOCKS["end"]) == {"nth-tagged-revealed", "deck-empty"}
    assert set(BLOCKS["score-step"]) == {"sum-attribute", "add-per-card", "floor", "multiply-per-card", "round"}
    assert set(BLOCKS["elimination"]) == {"poorest-out", "none"}
    assert set(BLOCKS["tiebreak"]) == {"most-money", "highest-attribute"}
    assert set(BLOCKS["next-start"]) == {"taker"}


def test_every_block_documents_itself_under_its_kind():
    for kinds in BLOCKS.values():
        for kind, block in kinds.items():
            assert block.__doc__.startswith(f"``{kind}``: "), block.__name__
