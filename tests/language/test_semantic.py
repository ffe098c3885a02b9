"""Checks after the schema: references exist, values in range, the game can end."""

from __future__ import annotations

import pytest

from engine.base.errors import RulesetError
from engine.families.catalog import CATALOG, load_merged, validate
from engine.language.semantic import check, check_duplicate_ids
from engine.language.yaml_loader import load_yaml


def problems_of(overlay_text: str, tmp_path) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text("extends: high-society/ja\n" + overlay_text, encoding="utf-8")
    tree = load_merged(str(path)).tree
    return [d.message for d in check(tree, CATALOG)]


def test_the_shipped_edition_has_no_semantic_problem(tmp_path):
    assert problems_of("", tmp_path) == []


def test_an_unknown_tag_on_a_card_gets_a_hint_and_the_declared_tags(tmp_path):
    assert problems_of("cards:\n  - {id: x, name: X, tags: [prestig]}\n", tmp_path) == [
        "unknown tag 'prestig' (did you mean 'prestige'?); declared: money, luxury, prestige, misfortune, red, debt, "
        "scandal"
    ]


def test_an_unknown_attribute_is_flagged(tmp_path):
    assert problems_of("scoring:\n  steps:\n    - {id: luxuries, attribute: valeu}\n", tmp_path) == [
        "no card has the attribute 'valeu' (did you mean 'value'?); attributes: value"
    ]


def test_an_unknown_zone_in_a_step_is_flagged_with_the_declared_zones(tmp_path):
    messages = problems_of("flow:\n  - id: round\n    steps:\n      - {id: reveal, to: revaeled}\n", tmp_path)
    assert messages == [
        "unknown zone 'revaeled' (did you mean 'revealed'?); declared: hand, bid, spent, deck, revealed, "
        "won, discarded, box"
    ]


def test_a_player_variable_no_step_sets_is_flagged(tmp_path):
    messages = problems_of("flow:\n  - id: round\n    steps:\n      - {id: next-start, to: takr}\n", tmp_path)
    assert messages == [
        "no step sets the player variable 'takr' (did you mean 'taker'?); variables: active, player, start, taker"
    ]


def test_a_measure_named_by_a_block_must_be_declared(tmp_path):
    messages = problems_of("scoring:\n  elimination: {measure: mony}\n", tmp_path)
    assert messages == ["unknown measure 'mony' (did you mean 'money'?); declared: money"]


def test_every_player_is_dealt_a_copy_of_each_money_card(tmp_path):
    messages = problems_of("cards:\n  - {id: money, count: 3}\n", tmp_path)
    assert "every player is dealt one money-1000, but with 5 players there are 3" in messages


def test_an_end_condition_waiting_for_more_cards_than_exist_can_never_trigger(tmp_path):
    (message,) = problems_of("end:\n  - {id: fourth-red, count: 9}\n", tmp_path)
    assert "can never trigger" in message and "the deck has 4" in message


def test_a_game_without_a_reachable_end_is_flagged(tmp_path):
    messages = problems_of("end:\n  - {id: fourth-red, count: 9}\n  - {id: deck-empty, $remove: true}\n", tmp_path)
    assert "the game can never end: no end condition can trigger" in messages


def test_an_auction_after_one_without_when_is_never_held(tmp_path):
    messages = problems_of(
        "flow:\n  - id: round\n    steps:\n      - id: auction\n        cases:\n"
        "          - {id: extra, kind: ascending}\n",
        tmp_path,
    )
    assert messages == ["this case is never chosen: the case before it has no `when` and takes every card"]


def test_the_same_in_the_old_format_of_a_house_rule_is_still_understood(tmp_path):
    messages = problems_of("round:\n  auctions:\n    - {id: extra, kind: ascending}\n", tmp_path)
    assert messages == ["this case is never chosen: the case before it has no `when` and takes every card"]


def test_fewer_than_two_players_or_min_above_max_is_flagged(tmp_path):
    assert problems_of("players: {min: 1, max: 5}\n", tmp_path) == ["a game needs at least 2 players, not 1"]
    assert problems_of("players: {min: 5, max: 4}\n", tmp_path) == ["the most players (4) is fewer than the fewest (5)"]


def test_money_values_must_be_distinct(tmp_path):
    from engine.families.catalog import load_merged, validate

    path = tmp_path / "house.yaml"
    path.write_text("extends: high-society/ja\ncards:\n  - {id: money, values: [1, 3, 3]}\n", encoding="utf-8")
    (problem,) = validate(str(path))
    # The path counts the merged cards (money is the parent's last card); the message adds the file's own path.
    money = len(load_merged("high-society/ja").tree.plain()["cards"]) - 1
    assert problem.message == "lists the same entry more than once (in this file: $.cards[0].values)"
    assert (problem.location.line, problem.location.json_path) == (3, f"$.cards[{money}].values")


def test_at_most_twenty_kinds_of_money_can_be_bid(tmp_path):
    values = ", ".join(str(v) for v in range(1, 22))
    messages = problems_of(f"cards:\n  - {{id: money, values: [{values}]}}\n", tmp_path)
    assert messages == ["a bid is a set of money cards: at most 20 kinds of money card, not 21"]


def test_an_edition_option_value_must_fit_its_declaration(tmp_path):
    assert problems_of("options: {tiebreak: [money, money]}\n", tmp_path) == [
        "option 'tiebreak' lists money more than once"
    ]


def test_a_declared_default_must_fit_the_declared_type(tmp_path):
    (message,) = problems_of("option-definitions:\n  rounding: {default: ceiling}\n", tmp_path)
    assert "cannot be 'ceiling'" in message


def test_a_tiebreak_option_may_only_name_declared_criteria(tmp_path):
    (message,) = problems_of("option-definitions:\n  tiebreak: {values: [money, mony]}\n", tmp_path)
    assert "unknown tiebreak criterion 'mony' (did you mean 'money'?)" in message


def test_the_schema_names_exactly_the_kinds_the_engine_registers():
    import json

    from engine.base import resources
    from engine.families.catalog import CATALOG
    from engine.language.schema_gen import schema_text

    with open(resources.schema_path("ruleset"), encoding="utf-8") as handle:
        shipped = handle.read()
    assert shipped == schema_text(CATALOG), "run: python -m engine.fronts.formats.ruleset_schema --write"
    schema = json.loads(shipped)
    for category, blocks in CATALOG.by_category().items():
        assert schema["$defs"][category]["properties"]["kind"]["enum"] == sorted(blocks)


def test_two_items_with_one_id_in_one_file_are_a_mistake():
    tree = load_yaml("cards:\n  - {id: a, name: A}\n  - {id: a, name: B}\n", "f.yaml")
    assert [str(d) for d in check_duplicate_ids(tree)] == [
        "f.yaml:3:10: $.cards[1].id: duplicate id 'a' (also item 1 of this list)"
    ]


def test_a_tiebreak_on_an_attribute_the_cards_it_looks_at_lack_is_refused(tmp_path):
    found = problems_of(
        "tiebreak-criteria:\n"
        "  highest-title: {kind: highest-attribute, attribute: value, tag: prestige, "
        "description: highest title}\n",
        tmp_path,
    )
    assert found == ["none of the cards this criterion looks at has the attribute 'value': it could never break a tie"]
    assert (
        problems_of(
            "tiebreak-criteria:\n"
            "  highest-luxury-2: {kind: highest-attribute, attribute: value, tag: luxury, "
            "description: highest luxury}\n",
            tmp_path,
        )
        == []
    )


def test_an_end_condition_counting_an_unknown_tag_is_one_mistake(tmp_path):
    from engine.families.catalog import validate

    path = tmp_path / "house.yaml"
    path.write_text("extends: high-society/ja\nend:\n  - {id: fourth-red, tag: rde}\n", encoding="utf-8")
    [problem] = validate(str(path))
    assert problem.location.json_path == "$.end[0].tag" and "(did you mean 'red'?)" in problem.message


def test_removing_the_money_is_one_mistake_though_both_auctions_find_none(tmp_path):
    from engine.families.catalog import validate

    path = tmp_path / "house.yaml"
    path.write_text("extends: high-society/ja\ncards:\n  - {id: money, $remove: true}\n", encoding="utf-8")
    [problem] = validate(str(path))
    assert problem.message.startswith("no card is money for this auction")
    assert (problem.location.file, problem.location.line) == (str(path), 3)  # at the removal, its cause


@pytest.mark.parametrize(
    ("house", "expected"),
    [
        (
            "extends: high-society/ja\nzones: {hand: {kind: stack}}\n",
            "$.zones.hand.kind: the zone hand is a stack, but this step needs a set (the step misfortune uses it as its hand)",
        ),
        (
            "extends: high-society/ja\nzones: {revealed: {owner: player}}\n",
            "$.zones.revealed.owner: the zone revealed belongs to each player, but this step needs one shared zone",
        ),
        (
            "extends: high-society/ja\nzones: {deck: {kind: set}}\n",
            "the zone deck is a set, but this step needs a stack",
        ),
        (
            "extends: high-society/ja\nflow:\n  - id: round\n    steps:\n      - id: auction\n        cases:\n"
            "          - {id: misfortune, lot: deck}\n",
            "lot: the zone deck is a stack, but this step needs a set",
        ),
        ("extends: bohnanza/amigo\nzones: {hand: {kind: set}}\n", "the zone hand is a set, but this step needs a row"),
        (
            "extends: bohnanza/amigo\nzones: {face-up: {owner: player}}\n",
            "pool: the zone face-up belongs to each player, but this step needs one shared zone",
        ),
        (
            "extends: bohnanza/amigo\nflow:\n  - id: turn\n    steps:\n      - id: plant\n        steps:\n"
            "          - {id: plant-from-hand, from: coins}\n",
            "from: the zone coins is a set, but this step needs a row",
        ),
        (
            "extends: bohnanza/amigo\nanytime:\n  - {id: buy-third-field, pay-from: face-up}\n",
            "pay-from: the zone face-up is shared, but this step needs a zone of each player's",
        ),
        (
            "extends: bohnanza/amigo\nanytime:\n  - {id: buy-third-field, pay-to: set-aside}\n",
            "pay-to: the zone set-aside belongs to each player, but this step needs one shared zone",
        ),
        (
            "extends: bohnanza/high-bohn\nanytime:\n  - {id: build, from: coins}\n",
            "from: the zone coins belongs to each player, but this step needs one shared zone",
        ),
        (
            "extends: bohnanza/amigo\nzones: {set-aside: {owner: shared}}\n",
            "the zone set-aside is shared, but this step needs a zone of each player's",
        ),
        (
            "extends: high-society/ja\nflow:\n  - id: round\n    steps:\n      - {id: auction, zone: hand}\n",
            "zone: the zone hand belongs to each player, but this step needs one shared zone",
        ),
    ],
    ids=[
        "auction hand a stack",
        "the lot a player zone",
        "deck a set",
        "lot the deck",
        "bean hand a set",
        "face-up a player zone",
        "planting from coins",
        "paying from shared coins",
        "paying into each player's",
        "building from coins",
        "planting all from a shared zone",
        "switching on a player zone",
    ],
)
def test_a_zone_a_block_cannot_work_with_is_refused_where_it_is_named_or_declared(tmp_path, house, expected):
    """Each block says which zones it can work with (each player's or shared; set, row or stack), also for the
    zone it uses by default; a ruleset that gives it another is refused instead of crashing in play."""
    from engine.families.catalog import load_ruleset

    path = tmp_path / "house.yaml"
    path.write_text(house, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert expected in str(caught.value)


@pytest.mark.parametrize(
    "values, refused",
    [
        # Unlike 30-digit denominators add up to one over their product: far past 60 digits.
        (
            [
                "1/100000000000000000000000000319",
                "1/100000000000000000000000000379",
                "1/100000000000000000000000000459",
            ],
            True,
        ),
        (["1/2", "1/3", "5/6", "999999999999999999999999999999"], False),  # 30 digits over a denominator of 6
    ],
)
def test_values_whose_sum_could_make_a_score_too_long_are_refused(tmp_path, values, refused):
    cards = "".join(f"  - {{id: luxury-{index + 1}, value: {value}}}\n" for index, value in enumerate(values))
    found = [message for message in problems_of("cards:\n" + cards, tmp_path) if "digits long" in message]
    assert bool(found) == refused, found
    if refused:
        assert found[0].startswith("the values this step adds could make a score about ")
        assert found[0].endswith("digits long; at most 60 are allowed")


@pytest.mark.parametrize(
    ("count", "missing"), [("{by-players: {4: 2}}", "3 and 5"), ("{by-players: {3: 2, 5: 1}}", "4")]
)
def test_a_count_by_players_that_cannot_be_0_names_every_number_of_players_or_gives_otherwise(tmp_path, count, missing):
    # Left out, `otherwise` is 0: a game of exhaustions would end at the first, whatever 0 was meant to say.
    house = tmp_path / "house.yaml"
    house.write_text(
        f"extends: bohnanza/amigo\nid: h\nend:\n  - {{id: final-exhaustion, count: {count}}}\n", encoding="utf-8"
    )
    assert [str(d) for d in validate(house)] == [
        f"{house}:4:35: $.end[0].count: no number for {missing} players: list them under by-players, "
        "or give one for every other number with otherwise"
    ]
    house.write_text(
        f"extends: bohnanza/amigo\nid: h\nend:\n  - {{id: final-exhaustion, count: {count[:-1]}, otherwise: 3}}}}\n",
        encoding="utf-8",
    )
    assert validate(house) == []
    house.write_text(
        "extends: bohnanza/amigo\nid: h\nend:\n  - {id: final-exhaustion, count: {by-players: {3: 2, 4: 3, 5: 3}}}\n",
        encoding="utf-8",
    )
    assert validate(house) == []


def test_a_block_that_leaves_out_a_zone_nobody_declared_is_refused_at_the_block(tmp_path):
    """Bohnanza's stack is `draw`: an end condition `deck-empty` left without `zone` would watch a zone `deck`."""
    path = tmp_path / "deck-out.yaml"
    path.write_text("extends: bohnanza/amigo\nend:\n  - {id: deck-out, kind: deck-empty}\n", encoding="utf-8")
    [problem] = validate(str(path))
    assert (problem.location.file, problem.location.line, problem.location.column) == (str(path), 3, 5)
    assert problem.location.json_path == "$.end[1]"  # the merged ruleset's second end condition
    assert problem.message == (
        "`zone` is left out, so this uses the zone deck, which is not declared: declare it, or name a zone with "
        "`zone` (in this file: $.end[0])"
    )
    path.write_text(
        "extends: bohnanza/amigo\nend:\n  - {id: deck-out, kind: deck-empty, zone: draw}\n", encoding="utf-8"
    )
    assert validate(str(path)) == []
