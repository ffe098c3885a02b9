"""The JSON Schema: every key documented, misspellings caught, each block kind's parameters checked."""

from __future__ import annotations

import copy
import json

import locations
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from engine.language import schema_check
from engine.language.schema_check import check_file, check_merged, ruleset_schema
from engine.language.yaml_loader import load_yaml

REPO = locations.REPO


def messages(text: str, merged: bool = False) -> list[str]:
    tree = load_yaml(text, "house.yaml")
    return [str(d) for d in (check_merged(tree) if merged else check_file(tree))]


def test_the_schema_is_a_valid_draft_2020_12_schema_with_an_id():
    schema = ruleset_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"].endswith("2020-12/schema") and schema["$id"]


def test_every_property_has_a_title_and_a_description():
    def walk(node, path):
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                if "$ref" not in sub or "title" in sub:
                    assert "title" in sub and "description" in sub, f"{path}.{name}"
            for key, value in node.items():
                # `if` conditions and the completeness overlays only restate properties documented elsewhere.
                if key not in ("if", "complete") and not key.endswith("-complete"):
                    walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for item in node:
                walk(item, path)

    walk(ruleset_schema(), "$")


def test_every_shipped_file_validates_on_its_own():
    for path in (REPO / "rulesets").rglob("*.yaml"):
        assert check_file(load_yaml(path)) == [], path


def test_a_misspelt_key_is_caught_at_the_key_with_a_hint():
    assert messages("extends: x\nplayers: {min: 3, mxa: 4}\n") == [
        "house.yaml:2:19: $.players.mxa: unknown key 'mxa' (did you mean 'max'?)"
    ]


def test_a_misspelt_kind_gets_a_hint():
    assert messages("extends: x\nend:\n  - {id: e, kind: deck-emtpy}\n") == [
        "house.yaml:3:19: $.end[0].kind: 'deck-emtpy' is not one of condition, counter-reaches, deck-empty, nth-tagged-revealed (did you mean "
        "'deck-empty'?)"
    ]


def test_a_parameter_of_another_kind_is_caught():
    (message,) = messages("extends: x\nend:\n  - {id: e, kind: deck-empty, count: 3}\n")
    assert "'count' is not a parameter of kind 'deck-empty'" in message


def test_an_overlay_may_be_partial_but_a_root_ruleset_must_be_complete():
    assert messages("extends: x\nend:\n  - {id: fourth-red, count: 5}\n") == []
    assert "missing required key 'kind'" in " ".join(
        messages(
            "format: 1\ngame: g\nname: n\nplayers: {min: 2, max: 3}\nmoney: {values: [1], unit: {style: plain}}\n"
            "cards: []\nround: {reveal: {kind: reveal-top}, auctions: [{id: a, kind: ascending}]}\n"
            "end: [{id: e}]\nscoring: {steps: []}\n"
        )
    )


def test_the_merged_result_is_checked_as_a_complete_ruleset():
    assert any("missing required key 'cards'" in m for m in messages("extends: x\nname: n\n", merged=True))


def test_a_number_may_be_a_fraction_written_as_text():
    assert (
        messages("extends: x\nscoring:\n  steps:\n    - {id: s, kind: multiply-per-card, tag: t, factor: 1/2}\n") == []
    )
    (message,) = messages(
        "extends: x\nscoring:\n  steps:\n    - {id: s, kind: multiply-per-card, tag: t, factor: half}\n"
    )
    assert "expected a number (such as 3, -5, 0.5 or 1/2)" in message


def test_option_references_are_accepted_where_values_are():
    assert messages("extends: x\nscoring:\n  steps:\n    - {id: f, kind: floor, at: {option: debt-floor}}\n") == []


def test_a_huge_value_is_shown_short():
    (message,) = messages("extends: x\nname: [" + ", ".join(["word"] * 5000) + "]\n")
    assert "a list of 5000 items" in message and len(message) < 200


def test_all_errors_come_in_one_run():
    assert len(messages("extends: x\nplayers: {min: x, max: y}\nfoo: 1\n")) == 3


@pytest.mark.parametrize("name", ["luxury-1\n", "luxury-1\n\n", "\nluxury-1"])
def test_a_name_with_a_newline_is_no_name_as_in_every_json_schema_implementation(name):
    # Python's `$` matches before a final newline; the schema's patterns are ECMA-262, where it does not.
    text = "extends: x\ncards:\n  - {id: " + json.dumps(name) + "}\n"
    assert messages(text) == [
        f"house.yaml:3:10: $.cards[0].id: {name!r} is not a valid name: use lowercase letters, digits and hyphens"
    ]


def test_a_table_whose_card_name_ends_in_a_newline_is_refused(tmp_path):
    from engine.base.errors import TableError
    from engine.fronts.formats.table import load_table

    table = tmp_path / "table.yaml"
    table.write_text(
        'ruleset: high-society/ja\nplayers:\n  Ann: {cards: ["luxury-1\\n"]}\n  Bo: {}\n  Cy: {}\n', encoding="utf-8"
    )
    with pytest.raises(TableError) as caught:
        load_table(table)
    assert "luxury-1" in str(caught.value)


@pytest.mark.parametrize("value", ["0", "-3"])
def test_a_count_below_one_says_the_least_allowed_not_what_kind_of_value_is_expected(value):
    # The count is a number or a table by player count, either of which may be an option: the value is a
    # number, so the number's own rule is the one it breaks.
    text = f"extends: x\nend:\n  - {{id: e, kind: counter-reaches, counter: c, count: {value}}}\n"
    assert messages(text) == [f"house.yaml:3:55: $.end[0].count: {value} is too small: the least allowed is 1"]


@pytest.mark.parametrize(
    "step",
    [
        "{id: e, kind: counter-reaches, counter: c, count: {by-players: {3: VALUE}}}",
        "{id: d, kind: draw, from: deck, to: hand, count: {by-players: {3: VALUE}}}",
        "{id: d, kind: deal, from: deck, to: hand, count: {otherwise: VALUE}}",
    ],
)
@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("0", "0 is too small: the least allowed is 1"),
        ("-1", "-1 is too small: the least allowed is 1"),
        ("1000001", "1000001 is too large: the most allowed is 1000000"),
    ],
)
def test_a_count_by_players_has_the_limits_of_the_plain_count_and_is_told_at_the_number(step, value, problem):
    # The count is a number, a table by players or an option reference: a table that names no option is told
    # what is wrong inside it, at the number, not "expected a number or a mapping or {option: NAME}".
    section = "end" if "counter-reaches" in step else "setup"
    [message] = messages(f"extends: x\n{section}:\n  - {step.replace('VALUE', value)}\n")
    key = 'by-players["3"]' if "by-players" in step else "otherwise"
    column = len("  - ") + step.index("VALUE") + 1
    assert message == f"house.yaml:3:{column}: $.{section}[0].count.{key}: {problem}"


def test_a_parameter_a_block_does_not_take_is_one_mistake_told_once():
    text = "extends: x\nscoring:\n  steps:\n    - {id: big, kind: add-per-card, cards: {tag: luxury}, amount: 2}\n"
    assert messages(text) == [
        "house.yaml:4:37: $.scoring.steps[0].cards: 'cards' is not a parameter of kind 'add-per-card' "
        "(did you mean 'card'?); its parameters: amount, card, tag"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a plain number
        ("players: {min: 3, max: 65}\n", "house.yaml:2:24: $.players.max: 65 is too large: the most allowed is 64"),
        # a number or a table by player count
        (
            "cards:\n  - {id: a, count: 10001}\n",
            "house.yaml:3:20: $.cards[0].count: 10001 is too large: the most allowed is 10000",
        ),
        # a number, a table, or an option reference (alternatives nest)
        (
            "end:\n  - {id: e, kind: counter-reaches, counter: c, count: 1000001}\n",
            "house.yaml:3:55: $.end[0].count: 1000001 is too large: the most allowed is 1000000",
        ),
        # an item of a list
        (
            "cards:\n  - {id: money, values: [1, 1000000000000001]}\n",
            "house.yaml:3:29: $.cards[0].values[1]: 1000000000000001 is too large: the most allowed is 1000000000000000",
        ),
    ],
)
def test_a_number_past_its_limit_says_the_limit_wherever_it_is_written(text, expected):
    assert messages("extends: x\n" + text) == [expected]


def test_a_text_past_its_length_says_the_length():
    assert messages("extends: x\ndescription: " + "x" * 2001 + "\n") == [
        "house.yaml:2:14: $.description: is too long (at most 2000 characters)"
    ]


def test_a_number_of_the_wrong_type_is_one_mistake_not_also_a_number_too_large():
    assert messages("extends: x\nunits: {money: {scale: 1e30}}\n") == [
        "house.yaml:2:24: $.units.money.scale: expected a whole number, got 1000000000000000000000000000000.0"
    ]


@pytest.mark.parametrize("key", ["new\n", "a\x1b]0;title\x07b", 'say "hi"'])
def test_a_key_with_a_newline_or_a_control_character_keeps_its_diagnostic_on_one_line(key):
    [line] = messages("extends: x\ntags:\n  " + json.dumps(key) + ": {name: New}\n")
    assert "\n" not in line and "\x1b" not in line and "\x07" not in line
    # The path writes the key as a JSON string (escaped), then the message says why it is no name.
    assert line.startswith('house.yaml:3:3: $.tags["') and "is not a valid name" in line


def test_a_misspelt_required_key_of_a_ruleset_is_one_problem_at_the_key():
    base = (REPO / "rulesets" / "high-society" / "base.yaml").read_text(encoding="utf-8")
    found = messages(base.replace("\nplayers:", "\nplayer:", 1))
    assert found == ["house.yaml:15:1: $.player: unknown key 'player' (did you mean 'players'?)"]


def test_a_key_the_mapping_takes_is_never_blamed_for_a_missing_one():
    # An end condition's `id` looks like its missing `kind`, but it is a key of its own.
    found = messages("extends: x\nend:\n  - {id: e}\n", merged=True)
    assert any("missing required key 'kind'" in message for message in found)
    assert not any("unknown key 'id'" in message for message in found)


@pytest.mark.parametrize("key", ['"03"', "x", '"3.0"', '"-3"'])
@pytest.mark.parametrize(
    ("where", "text"),
    [
        (
            "by-players",
            "end:\n  - {id: e, kind: counter-reaches, counter: c, count: {by-players: {KEY: 2}, otherwise: 3}}\n",
        ),
        ("a table", "cards:\n  - {id: a, tables: {meter: {KEY: 1}}}\n"),
    ],
)
def test_a_number_key_is_written_one_way_only(where, text, key):
    # "03" would be a second key for 3 players (or for a threshold of 3): the engine reads both as 3.
    [message] = messages("extends: x\n" + text.replace("KEY", key))
    written = key.strip('"')
    assert message.endswith(f"'{written}' is not a whole number written in digits, without leading zeros"), message
    assert f'["{written}"]: ' in message or f".{written}: " in message


def _errors(validator, data):
    return sorted(
        (list(error.absolute_path), list(error.schema_path), error.message) for error in validator.iter_errors(data)
    )


def _blocks(node):
    """Every mapping with a ``kind`` in a plain ruleset, with a setter that replaces it."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, dict) and "kind" in value:
                yield node, key
            yield from _blocks(value)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            if isinstance(value, dict) and "kind" in value:
                yield node, index
            yield from _blocks(value)


_KINDS = sorted(
    {
        kind
        for definition in ruleset_schema()["$defs"].values()
        for kind in ((definition.get("properties") or {}).get("kind") or {}).get("enum", ())
    }
)
_SHIPPED_DATA = [load_yaml(path).plain() for path in sorted((REPO / "rulesets").rglob("*.yaml"))]


@settings(max_examples=60, deadline=None)
@given(
    which=st.integers(0, len(_SHIPPED_DATA) - 1),
    changes=st.lists(
        st.tuples(
            st.integers(0, 10_000),
            st.one_of(
                st.sampled_from(_KINDS).map(lambda kind: ("kind", kind)),
                st.sampled_from([5, None, True, "no-such-kind", ["a"]]).map(lambda kind: ("kind", kind)),
                st.just(("whole", "not a block")),
                st.just(("whole", 3)),
                st.just(("drop", "kind")),
                st.sampled_from(["zone", "options", "amount", "cards", "to", "bogus"]).map(lambda key: ("key", key)),
            ),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_going_straight_to_a_blocks_kind_reports_what_trying_every_kind_reports(which, changes):
    """The validator reads the per-kind ``allOf`` by the block's kind; plain Draft 2020-12 tries every branch."""
    data = copy.deepcopy(_SHIPPED_DATA[which])
    for where, (change, value) in changes:
        blocks = list(_blocks(data))
        if not blocks:
            break
        parent, key = blocks[where % len(blocks)]
        if change == "kind":
            parent[key]["kind"] = value
        elif change == "whole":
            parent[key] = value
        elif change == "drop":
            parent[key].pop("kind", None)
        else:
            parent[key][value] = {"x": [1, "two"]}
    schema = ruleset_schema()
    assert _errors(schema_check.SchemaValidator(schema), data) == _errors(Draft202012Validator(schema), data)
