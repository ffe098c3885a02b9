"""Score steps, elimination and tiebreak blocks, one at a time."""

from __future__ import annotations

from fractions import Fraction

import pytest
from game_fixtures import sample_ruleset

from engine.families.catalog import CATALOG
from engine.language.catalog import CATEGORIES

BLOCKS = CATALOG.by_category()
all_blocks = CATALOG.by_category
build = CATALOG.build

RULESET = sample_ruleset()


def cards(*ids: str):
    return [RULESET.card(card_id) for card_id in ids]


def step(spec):
    return build("score-step", spec, RULESET)


def money(*amounts: int):
    """Each player's measures, as the scoring pipeline gives them to elimination and tiebreaks."""
    return [{"money": amount} for amount in amounts]


def test_sum_attribute_adds_the_values_of_matching_cards():
    block = step({"id": "lux", "kind": "sum-attribute", "attribute": "value", "tag": "luxury"})
    score, detail = block.apply(Fraction(0), cards("luxury-3", "luxury-9", "prestige-1"))
    assert score == 12 and detail["cards"] == ("luxury-3", "luxury-9")


def test_sum_attribute_without_a_selector_counts_every_card_with_the_attribute():
    block = step({"id": "all", "kind": "sum-attribute", "attribute": "value"})
    score, detail = block.apply(0, cards("luxury-3", "prestige-1", "money-1000"))
    assert score == 1003 and detail["cards"] == ("luxury-3", "money-1000")


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
    assert block.apply(Fraction(before), [])[1]["skipped"] is (at is None)


def test_multiply_per_card_doubles_once_per_title_and_halves_exactly():
    double = step({"id": "p", "kind": "multiply-per-card", "tag": "prestige", "factor": 2})
    half = step({"id": "s", "kind": "multiply-per-card", "tag": "scandal", "factor": Fraction(1, 2)})
    assert double.apply(Fraction(7), cards("prestige-1", "prestige-2"))[0] == 28
    assert half.apply(Fraction(7), cards("scandal"))[0] == Fraction(7, 2)
    assert double.apply(Fraction(-3), cards("prestige-1"))[0] == -6


@pytest.mark.parametrize(
    "mode, value, expected",
    [
        ("exact", Fraction(7, 2), Fraction(7, 2)),
        ("floor", Fraction(7, 2), 3),
        ("ceil", Fraction(7, 2), 4),
        ("half-up", Fraction(7, 2), 4),
        ("half-up", Fraction(-7, 2), -3),
        ("floor", Fraction(-7, 2), -4),
        ("ceil", Fraction(-7, 2), -3),
        ("half-up", Fraction(13, 4), 3),
        ("half-up", Fraction(-13, 4), -3),
        ("half-up", Fraction(-15, 4), -4),
        ("half-up", Fraction(-1, 2), 0),
        ("floor", 5, 5),
        ("half-up", -5, -5),
    ],
)
def test_round_modes(mode, value, expected):
    block = step({"id": "r", "kind": "round", "mode": mode})
    rounded = block.apply(value, [])[0]
    assert rounded == expected
    if mode != "exact":
        assert Fraction(rounded).denominator == 1


def test_round_refuses_an_unknown_mode_and_defaults_to_exact():
    with pytest.raises(ValueError):
        step({"id": "r", "kind": "round", "mode": "banker"})
    assert step({"id": "r", "kind": "round"}).apply(Fraction(7, 2), [])[0] == Fraction(7, 2)


def test_add_measure_adds_a_measure_times_its_factor():
    block = step({"id": "m", "kind": "add-measure", "measure": "money"})
    score, detail = block.apply(10, [], {"money": 26000})
    assert score == 26010 and detail == {"measure": "money", "of": 26000, "amount": 26000}
    assert block.apply(10, [], {})[0] == 10  # a player without the measure adds nothing


def test_add_measure_rounds_the_amount_added_down_or_keeps_it_exact():
    floor = step(
        {"id": "m", "kind": "add-measure", "measure": "money", "factor": Fraction(1, 10000), "rounding": "floor"}
    )
    exact = step({"id": "m", "kind": "add-measure", "measure": "money", "factor": Fraction(1, 10000)})
    assert floor.apply(Fraction(1, 2), [], {"money": 26000})[0] == Fraction(5, 2)  # 1/2 + 2
    assert exact.apply(Fraction(1, 2), [], {"money": 26000})[0] == Fraction(31, 10)  # 1/2 + 13/5
    assert exact.apply(0, [], {"money": 30000})[0] == 3 and type(exact.value(0, [], {"money": 30000})) is int


@pytest.mark.parametrize(
    "spec",
    [
        {"id": "a", "kind": "sum-attribute", "attribute": "value", "tag": "luxury"},
        {"id": "b", "kind": "add-per-card", "tag": "debt", "amount": -5},
        {"id": "c", "kind": "floor", "at": 0},
        {"id": "d", "kind": "multiply-per-card", "tag": "scandal", "factor": Fraction(1, 2)},
        {"id": "e", "kind": "round", "mode": "half-up"},
        {"id": "f", "kind": "add-measure", "measure": "money", "factor": Fraction(1, 3000)},
    ],
)
@pytest.mark.parametrize("before", [0, -7, Fraction(-7, 2), Fraction(9, 4)])
def test_the_fast_path_gives_the_same_score_as_the_recorded_one(spec, before):
    block = step(spec)
    held = cards("luxury-3", "debt", "scandal", "prestige-1")
    assert block.value(before, held, {"money": 7000}) == block.apply(before, held, {"money": 7000})[0]


def test_poorest_out_puts_out_everyone_tied_for_least_money():
    """``lowest-out`` (once ``poorest-out``) on the measure money."""
    block = build("elimination", {"kind": "lowest-out", "measure": "money", "enabled": True}, RULESET)
    assert block.eliminated(money(5000, 3000, 3000, 9000)) == [False, True, True, False]
    assert block.eliminated(money(4000, 4000, 4000)) == [True, True, True]


def test_lowest_out_with_ties_sole_puts_out_only_a_single_lowest_player():
    block = build("elimination", {"kind": "lowest-out", "measure": "money", "ties": "sole"}, RULESET)
    assert block.eliminated(money(5000, 2000, 3000)) == [False, True, False]
    assert block.eliminated(money(5000, 3000, 3000, 9000)) == [False, False, False, False]
    assert block.eliminated(money(4000, 4000, 4000)) == [False, False, False]


def test_lowest_out_reads_the_measure_it_names():
    block = build("elimination", {"kind": "lowest-out", "measure": "crowns"}, RULESET)
    assert block.eliminated([{"money": 1, "crowns": 5}, {"money": 9, "crowns": 2}]) == [False, True]


def test_poorest_out_disabled_and_none_put_out_nobody():
    disabled = build("elimination", {"kind": "lowest-out", "measure": "money", "enabled": False}, RULESET)
    assert disabled.eliminated(money(1, 2)) == [False] * 2
    assert build("elimination", {"kind": "none"}, RULESET).eliminated(money(1, 2)) == [False, False]
    assert build("elimination", {"kind": "lowest-out", "measure": "money"}, RULESET).eliminated([]) == []


def test_most_money_ranks_by_money_in_hand():
    """``highest-measure`` (once ``most-money``) on the measure money."""
    block = build("tiebreak", {"kind": "highest-measure", "measure": "money"}, RULESET)
    assert block.rank([], {"money": 5000}) > block.rank([], {"money": 4000})
    assert block.rank(cards("luxury-10"), {"money": 4000}) == block.rank([], {"money": 4000})


def test_highest_attribute_ranks_by_the_single_highest_card_and_none_ranks_lowest():
    block = build("tiebreak", {"kind": "highest-attribute", "attribute": "value", "tag": "luxury"}, RULESET)
    assert block.rank(cards("luxury-9"), {"money": 0}) > block.rank(cards("luxury-3", "luxury-5"), {"money": 0})
    assert block.rank(cards("luxury-1"), {"money": 0}) > block.rank(cards("prestige-1"), {"money": 10**6})


def test_most_cards_ranks_by_how_many_matching_cards_are_held():
    block = build("tiebreak", {"kind": "most-cards", "tag": "prestige"}, RULESET)
    two = block.rank(cards("prestige-1", "prestige-2"), {})
    one = block.rank(cards("prestige-3", "luxury-10", "luxury-9"), {})
    assert two > one > block.rank(cards("luxury-1"), {})
    by_card = build("tiebreak", {"kind": "most-cards", "card": "debt"}, RULESET)
    assert by_card.rank(cards("debt"), {}) > by_card.rank(cards("scandal", "theft"), {})


def test_every_category_of_the_contract_is_registered():
    # Other block families (other games) may add kinds; these must always be there.
    assert CATEGORIES == ("step", "effect", "end", "score-step", "elimination", "tiebreak", "anytime")
    blocks = all_blocks()
    assert set(blocks) == set(CATEGORIES) and blocks is BLOCKS
    assert {
        "sequence",
        "repeat",
        "each-player",
        "turns",
        "phase",
        "switch",
        "set-player",
        "check-end",
        "deal-each",
        "shuffle",
        "reveal",
        "choose-first-player",
        "ascending",
        "first-pass-takes",
    } <= set(BLOCKS["step"])
    assert {"discard-tagged"} <= set(BLOCKS["effect"])
    assert {"nth-tagged-revealed", "deck-empty", "condition"} <= set(BLOCKS["end"])
    assert {"sum-attribute", "add-per-card", "floor", "multiply-per-card", "round", "add-measure"} <= set(
        BLOCKS["score-step"]
    )
    assert {"lowest-out", "none"} <= set(BLOCKS["elimination"])
    assert {"highest-measure", "highest-attribute", "most-cards"} <= set(BLOCKS["tiebreak"])
    # The kinds of format 1 are no blocks of their own any more (deal-each, shuffle, reveal, lowest-out...).
    old = {"deal-money", "shuffle-deck", "reveal-top", "poorest-out", "most-money"}
    assert not old & {kind for kinds in BLOCKS.values() for kind in kinds}
    for category, kinds in BLOCKS.items():
        assert all(block.category == category and block.kind == kind for kind, block in kinds.items())


def test_every_block_documents_itself_under_its_kind():
    for kinds in all_blocks().values():
        for kind, block in kinds.items():
            assert block.__doc__.startswith(f"``{kind}``: "), block.__name__
