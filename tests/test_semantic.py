"""Checks after the schema: references exist, values in range, the game can end."""
from __future__ import annotations

from engine.language.semantic import check, check_duplicate_ids
from engine.language.ruleset import load_merged
from engine.language.yaml_loader import load_yaml
from engine.language.overlay import merge


def problems_of(overlay_text: str, tmp_path) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text("extends: high-society/ja\n" + overlay_text, encoding="utf-8")
    tree = load_merged(str(path)).tree
    return [d.message for d in check(tree)]


def test_the_shipped_edition_has_no_semantic_problem(tmp_path):
    assert problems_of("", tmp_path) == []


def test_an_unknown_tag_on_a_card_gets_a_hint(tmp_path):
    assert problems_of("cards:\n  - {id: x, name: X, tags: [prestig]}\n", tmp_path) == [
        "unknown tag 'prestig' (did you mean 'prestige'?)"]


def test_an_unknown_attribute_is_flagged(tmp_path):
    assert problems_of("scoring:\n  steps:\n    - {id: luxuries, attribute: valeu}\n", tmp_path) == [
        "no card has the attribute 'valeu' (did you mean 'value'?)"]


def test_an_end_condition_waiting_for_more_cards_than_exist_can_never_trigger(tmp_path):
    (message,) = problems_of("end:\n  - {id: fourth-red, count: 9}\n", tmp_path)
    assert "can never trigger" in message and "the deck has 4" in message


def test_a_game_without_a_reachable_end_is_flagged(tmp_path):
    messages = problems_of("end:\n  - {id: fourth-red, count: 9}\n  - {id: deck-empty, $remove: true}\n", tmp_path)
    assert "the game can never end: no end condition can trigger" in messages


def test_an_auction_after_one_without_when_is_never_held(tmp_path):
    messages = problems_of("round:\n  auctions:\n    - {id: extra, kind: ascending}\n", tmp_path)
    assert messages == ["this auction is never held: the auction before it has no `when` and takes every card"]


def test_fewer_than_two_players_or_min_above_max_is_flagged(tmp_path):
    assert problems_of("players: {min: 1, max: 5}\n", tmp_path) == ["a game needs at least 2 players, not 1"]
    assert problems_of("players: {min: 5, max: 4}\n", tmp_path) == [
        "the most players (4) is fewer than the fewest (5)"]


def test_money_values_must_be_distinct_and_ascending(tmp_path):
    (message,) = problems_of("money: {values: [1, 3, 3]}\n", tmp_path)
    assert "distinct and ascending" in message


def test_an_edition_option_value_must_fit_its_declaration(tmp_path):
    assert problems_of("options: {tiebreak: [money, money]}\n", tmp_path) == ["option 'tiebreak' lists money more than once"]


def test_a_declared_default_must_fit_the_declared_type(tmp_path):
    (message,) = problems_of("option-definitions:\n  rounding: {default: ceil}\n", tmp_path)
    assert "cannot be 'ceil'" in message


def test_a_tiebreak_option_may_only_name_declared_criteria(tmp_path):
    (message,) = problems_of("option-definitions:\n  tiebreak: {values: [money, mony]}\n", tmp_path)
    assert "unknown tiebreak criterion 'mony' (did you mean 'money'?)" in message


def test_unknown_block_kinds_are_checked_against_the_engine_registry(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: high-society/ja\n", encoding="utf-8")
    tree = load_merged(str(path)).tree
    registry = {"end": {"deck-empty": object}}
    (message,) = [d.message for d in check(tree, registry)]
    assert message == "the engine has no end block 'nth-tagged-revealed' (did you mean 'deck-empty'?)" or \
        "nth-tagged-revealed" in message


def test_two_items_with_one_id_in_one_file_are_a_mistake():
    tree = load_yaml("cards:\n  - {id: a, name: A}\n  - {id: a, name: B}\n", "f.yaml")
    assert [str(d) for d in check_duplicate_ids(tree)] == [
        "f.yaml:3:10: $.cards[1].id: duplicate id 'a' (also item 1 of this list)"]
