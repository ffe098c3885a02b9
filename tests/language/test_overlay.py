"""`extends` and the merge rules: a house rule changes only what differs."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.base.errors import RulesetError
from engine.families.catalog import CATALOG
from engine.language.overlay import MAX_CHAIN, load_chain
from engine.language.yaml_loader import PositionIndex


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def merged_of(path: Path):
    return load_chain(path, path.name, catalog=CATALOG).tree


def merge_problems(path: Path) -> list:
    """The problems for which the chain of ``path`` cannot be merged (there must be some)."""
    with pytest.raises(RulesetError) as caught:
        merged_of(path)
    return list(caught.value.diagnostics)


def test_mappings_merge_key_by_key(tmp_path):
    write(tmp_path, "parent.yaml", "players: {min: 3, max: 5}\nname: Parent\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\nplayers: {max: 6}\n")
    data = merged_of(child).plain()
    assert data["players"] == {"min": 3, "max": 6} and data["name"] == "Parent"


def test_items_with_an_id_merge_by_id_and_keep_their_order(tmp_path):
    write(tmp_path, "parent.yaml", "cards:\n  - {id: a, name: A, value: 1}\n  - {id: b, name: B, value: 2}\n")
    child = write(
        tmp_path, "child.yaml", "extends: parent.yaml\ncards:\n  - {id: a, name: Renamed}\n  - {id: c, name: C}\n"
    )
    assert merged_of(child).plain()["cards"] == [
        {"id": "a", "name": "Renamed", "value": 1},
        {"id": "b", "name": "B", "value": 2},
        {"id": "c", "name": "C"},
    ]


def test_replace_swaps_an_inherited_item_whole(tmp_path):
    write(tmp_path, "parent.yaml", "cards:\n  - {id: a, name: A, value: 1, tags: [x]}\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\ncards:\n  - {id: a, name: New, $replace: true}\n")
    assert merged_of(child).plain()["cards"] == [{"id": "a", "name": "New"}]


def test_remove_takes_an_inherited_item_out(tmp_path):
    write(tmp_path, "parent.yaml", "cards:\n  - {id: a, name: A}\n  - {id: b, name: B}\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\ncards:\n  - {id: a, $remove: true}\n")
    assert merged_of(child).plain()["cards"] == [{"id": "b", "name": "B"}]


def test_removing_an_unknown_id_is_reported_at_the_overlay_with_a_hint(tmp_path):
    write(tmp_path, "parent.yaml", "cards:\n  - {id: apple, name: A}\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\ncards:\n  - {id: aple, $remove: true}\n")
    with pytest.raises(RulesetError) as caught:
        merged_of(child)
    # Named as every check names a list item: in the merged ruleset (the list: the item is in no merged list),
    # with where the file writes it.
    assert str(caught.value) == (
        "child.yaml:3:10: $.cards: cannot remove 'aple': no inherited item has this id "
        "(did you mean 'apple'?); ids: apple (in this file: $.cards[0].id)"
    )


def test_a_directive_in_a_nested_list_is_named_by_its_whole_path(tmp_path):
    write(tmp_path, "parent.yaml", "flow:\n  - id: start\n  - id: round\n    steps:\n      - {id: reveal}\n")
    child = write(
        tmp_path,
        "child.yaml",
        "extends: parent.yaml\nflow:\n  - id: round\n    steps:\n      - {id: reveall, $remove: true}\n",
    )
    (problem,) = merge_problems(child)
    assert problem.location.json_path == "$.flow[1].steps"  # `round` is the merged second item
    assert problem.message.endswith("(in this file: $.flow[0].steps[0].id)")


@pytest.mark.parametrize(
    "item, second",
    [
        ("{id: b, $before: a, $after: a}", "$after"),
        ("{id: b, $remove: true, $after: a}", "$after"),
        ("{id: b, $replace: true, $remove: true}", "$replace"),
    ],
)
def test_directives_that_contradict_each_other_are_refused_at_the_second(tmp_path, item, second):
    write(tmp_path, "parent.yaml", "end:\n  - {id: a, kind: k}\n  - {id: b, kind: k}\n")
    child = write(tmp_path, "child.yaml", f"extends: parent.yaml\nend:\n  - {item}\n")
    (problem,) = merge_problems(child)
    first = "$before" if second == "$after" and "$before" in item else ("$remove" if "$remove" in item else None)
    assert problem.message.startswith(f"{first} and {second} cannot go together on one item")
    assert problem.location.column == item.index(second) + 5  # "  - " and 1-based columns


def test_an_item_placed_next_to_itself_is_told_so(tmp_path):
    write(tmp_path, "parent.yaml", "end:\n  - {id: a, kind: k}\n  - {id: b, kind: k}\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\nend:\n  - {id: b, $before: b}\n")
    (problem,) = merge_problems(child)
    assert problem.message.startswith("'b' cannot be placed next to itself")


def test_an_id_removed_twice_is_one_mistake(tmp_path):
    write(tmp_path, "parent.yaml", "end:\n  - {id: a, kind: k}\n  - {id: b, kind: k}\n")
    child = write(
        tmp_path, "child.yaml", "extends: parent.yaml\nend:\n  - {id: a, $remove: true}\n  - {id: a, $remove: true}\n"
    )
    assert [item["id"] for item in merged_of(child).plain()["end"]] == ["b"]  # the repeated id is told elsewhere


def test_before_and_after_place_new_items(tmp_path):
    write(tmp_path, "parent.yaml", "end:\n  - {id: a, kind: k}\n  - {id: b, kind: k}\n")
    child = write(
        tmp_path,
        "child.yaml",
        "extends: parent.yaml\nend:\n  - {id: first, kind: k, $before: a}\n  - {id: middle, kind: k, $after: a}\n",
    )
    assert [item["id"] for item in merged_of(child).plain()["end"]] == ["first", "a", "middle", "b"]


def test_lists_of_plain_values_replace_the_inherited_list(tmp_path):
    write(tmp_path, "parent.yaml", "languages: [ja, en]\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\nlanguages: [ko]\n")
    assert merged_of(child).plain()["languages"] == ["ko"]


def test_extends_id_and_abstract_are_not_inherited(tmp_path):
    write(tmp_path, "parent.yaml", "id: parent\nabstract: true\nname: P\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\n")
    data = merged_of(child).plain()
    assert "id" not in data and "abstract" not in data and data["name"] == "P"


def test_chains_of_several_files_apply_in_order(tmp_path):
    write(tmp_path, "a.yaml", "name: A\ndescription: from a\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\nname: B\n")
    child = write(tmp_path, "c.yaml", "extends: b.yaml\ndescription: from c\n")
    merged = load_chain(child, "c.yaml", catalog=CATALOG)
    assert merged.tree.plain() == {"name": "B", "description": "from c", "extends": "b.yaml"}
    assert [f.path.name for f in merged.chain] == ["c.yaml", "b.yaml", "a.yaml"]


def test_a_cycle_is_rejected_with_the_chain_in_the_message(tmp_path):
    write(tmp_path, "a.yaml", "extends: b.yaml\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    with pytest.raises(RulesetError) as caught:
        load_chain(tmp_path / "a.yaml", "a.yaml", catalog=CATALOG)
    assert "a.yaml -> " in str(caught.value) and "makes a cycle" in str(caught.value)


def test_a_file_extending_itself_is_a_cycle(tmp_path):
    path = write(tmp_path, "self.yaml", "extends: self.yaml\n")
    with pytest.raises(RulesetError, match="cycle"):
        load_chain(path, "self.yaml", catalog=CATALOG)


def test_chains_longer_than_the_limit_are_refused(tmp_path):
    write(tmp_path, "f0.yaml", "name: root\n")
    for i in range(1, MAX_CHAIN + 2):
        write(tmp_path, f"f{i}.yaml", f"extends: f{i - 1}.yaml\n")
    assert load_chain(tmp_path / f"f{MAX_CHAIN - 1}.yaml", catalog=CATALOG).tree.plain()["name"] == "root"
    with pytest.raises(RulesetError, match="longer than"):
        load_chain(tmp_path / f"f{MAX_CHAIN + 1}.yaml", catalog=CATALOG)


def test_a_missing_parent_is_reported_at_extends(tmp_path):
    child = write(tmp_path, "child.yaml", "name: x\nextends: nowhere/edition\n")
    with pytest.raises(RulesetError) as caught:
        load_chain(child, "child.yaml", catalog=CATALOG)
    assert str(caught.value).startswith("child.yaml:2:10: $.extends: `extends` names 'nowhere/edition'")


def test_extends_by_ruleset_name_finds_the_shipped_edition(tmp_path):
    child = write(tmp_path, "house.yaml", "extends: high-society/ko\nname: Mine\n")
    data = merged_of(child).plain()
    money = next(card for card in data["cards"] if card["id"] == "money")
    assert data["name"] == "Mine" and money["values"][0] == 1


def test_every_merged_value_keeps_the_position_of_the_file_that_wrote_it(tmp_path):
    write(tmp_path, "parent.yaml", "cards:\n  - {id: a, name: A, value: 1}\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\ncards:\n  - {id: a, name: B}\n")
    index = PositionIndex.of(merged_of(child))
    assert index.value("$.cards[0].value").file.endswith("parent.yaml")
    assert index.value("$.cards[0].name").file == "child.yaml"


# --------------------------------------------------------------------------- paths count items in the merged list

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine.families.catalog import validate  # noqa: E402
from engine.language.overlay import in_merged_terms, merged_paths  # noqa: E402


def parent_cards() -> int:
    from engine.families.catalog import load_merged

    return len(load_merged("high-society/ja").tree.plain()["cards"])


PARENT_CARDS = parent_cards()


def house_rule(tmp_path: Path, cards: list[str]) -> Path:
    return write(tmp_path, "house.yaml", "extends: high-society/ja\ncards:\n" + "".join(cards))


def test_an_overlays_own_schema_error_is_placed_in_the_merged_list_and_says_where_it_is_in_the_file(tmp_path):
    path = house_rule(
        tmp_path,
        [
            "  - {id: new-one, name: One, value: 20, tags: [luxury]}\n",
            "  - {id: new-two, name: Two, value: many, tags: [luxury]}\n",
        ],
    )
    [problem] = validate(path)
    assert problem.location.json_path == f"$.cards[{PARENT_CARDS + 1}].value"
    assert (problem.location.line, problem.location.column) == (4, 37)  # the file's own position
    assert problem.message.endswith("(in this file: $.cards[1].value)")


@settings(max_examples=25, deadline=None)
@given(new=st.integers(1, 4), bad=st.data(), kind=st.sampled_from(["schema", "semantic"]))
def test_one_item_has_one_path_whichever_check_finds_its_mistake(tmp_path_factory, new, bad, kind):
    """A schema error (a word for a number) and a semantic one (an unknown tag) on the same item name the same item."""
    wrong = bad.draw(st.integers(0, new - 1))
    cards = []
    for index in range(new):
        value, tag = (
            (("many", "luxury") if kind == "schema" else (20, "nonsense")) if index == wrong else (20, "luxury")
        )
        cards.append(f"  - {{id: new-{index}, name: N, value: {value}, tags: [{tag}]}}\n")
    path = house_rule(tmp_path_factory.mktemp("h"), cards)
    [problem] = validate(path)
    assert problem.location.json_path.startswith(f"$.cards[{PARENT_CARDS + wrong}].")
    assert problem.location.line == 3 + wrong


def test_an_item_merged_into_an_inherited_one_takes_the_inherited_items_place(tmp_path):
    write(tmp_path, "parent.yaml", "cards:\n  - {id: a, name: A}\n  - {id: b, name: B, tags: [x, y]}\n")
    child = write(
        tmp_path,
        "child.yaml",
        "extends: parent.yaml\ncards:\n  - {id: c, name: C}\n  - {id: b, tags: [z]}\n  - {id: a, $remove: true}\n",
    )
    paths = merged_paths(load_chain(child, child.name, catalog=CATALOG).chain[0].tree, merged_of(child))
    assert paths == {"$.cards[0]": "$.cards[1]", "$.cards[1]": "$.cards[0]"}
    assert in_merged_terms("$.cards[1].tags[0]", paths) == "$.cards[0].tags[0]"
    assert in_merged_terms("$.cards[2].id", paths) == "$.cards[2].id"  # removed: no merged place, kept as written
    assert in_merged_terms("$.players.min", paths) == "$.players.min"


def test_an_unknown_parent_name_gets_the_nearest_name_and_the_list(tmp_path):
    child = write(tmp_path, "child.yaml", "extends: high-society/jp\n")
    with pytest.raises(RulesetError) as caught:
        merged_of(child)
    message = str(caught.value)
    assert "(did you mean 'high-society/ja'?); rulesets: " in message and "bohnanza/amigo" in message


def test_a_tiebreak_on_an_attribute_no_card_has_is_one_mistake(tmp_path):
    path = house_rule(tmp_path, [])
    path.write_text(
        "extends: high-society/ja\ntiebreak-criteria:\n"
        "  highest-luxury: {kind: highest-attribute, attribute: weight, tag: luxury}\n",
        encoding="utf-8",
    )
    [problem] = validate(path)
    assert problem.message == "no card has the attribute 'weight'; attributes: value"


def _overlay_problems(tmp_path, text):
    from engine.families.catalog import validate

    house = tmp_path / "house.yaml"
    house.write_text("extends: high-society/ja\n" + text, encoding="utf-8")
    return [str(d).replace(str(house), "house.yaml") for d in validate(str(house))]


def test_an_options_changed_type_is_told_once_at_its_type_line_in_yaml_words(tmp_path):
    problems = _overlay_problems(tmp_path, "option-definitions:\n  debt-floor:\n    type: boolean\n")
    assert len(problems) == 1, problems
    assert problems[0].startswith("house.yaml:4:5: $.scoring.steps[2].at: when option 'debt-floor' is true: ")
    assert "got true (at " in problems[0] and "True" not in problems[0]


def test_a_new_option_without_type_or_default_names_what_is_missing_at_its_key(tmp_path):
    assert _overlay_problems(tmp_path, "option-definitions:\n  house-bonus:\n    default: 3\n") == [
        "house.yaml:3:3: $.option-definitions.house-bonus: option 'house-bonus' has no `type`: add one of number, "
        "integer, boolean, choice, list"
    ]
    assert _overlay_problems(tmp_path, "option-definitions:\n  house-bonus:\n    type: number\n") == [
        "house.yaml:3:3: $.option-definitions.house-bonus: option 'house-bonus' has no `default`: add one (or "
        "`nullable: true` if the option may be none)"
    ]


def test_a_directive_that_cannot_apply_hides_no_check_of_the_built_ruleset(tmp_path):
    from engine.families.catalog import validate

    house = write(
        tmp_path,
        "house.yaml",
        "extends: high-society/ja\nid: b2\ncards:\n  - {id: thief, $remove: true}\n"
        "scoring:\n  steps:\n    - {id: debt, amount: {option: rounding}}\n",
    )
    problems = validate(house)
    assert [(p.location.line, p.location.json_path) for p in problems] == [
        (4, "$.cards"),
        (7, "$.scoring.steps[1].amount"),
    ]
    assert "with the option values in effect" in problems[1].message


def test_items_that_cannot_be_placed_are_named_where_they_end_up(tmp_path):
    write(tmp_path, "parent.yaml", "end:\n  - {id: a, kind: k}\n  - {id: b, kind: k}\n")
    child = write(
        tmp_path,
        "child.yaml",
        "extends: parent.yaml\nend:\n  - {id: x, kind: k, $after: nowhere}\n"
        "  - {id: y, kind: k, $after: elsewhere}\n  - {id: z, kind: k, $before: [a]}\n",
    )
    problems = merge_problems(child)
    # Each in the merged list as it is once every item is in: x third, y fourth (not both "the last").
    assert [(p.location.json_path, p.location.line) for p in problems] == [("$.end[2]", 3), ("$.end[3]", 4)]
    assert all("Node(" not in p.message for p in problems)  # a list as an anchor: the schema's
