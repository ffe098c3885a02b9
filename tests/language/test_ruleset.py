"""The ruleset model and registry, as the interpreter and the commands use them."""

from __future__ import annotations

import os
from fractions import Fraction

import locations
import pytest

from engine.base.errors import OptionError, RulesetError
from engine.families.catalog import list_rulesets, load_ruleset
from engine.language.ruleset_files import find_ruleset_path

REPO = locations.REPO


def test_the_japanese_edition_loads_with_its_own_options():
    ruleset = load_ruleset("high-society/ja")
    assert ruleset.id == "high-society/ja" and ruleset.game == "high-society"
    assert (ruleset.players_min, ruleset.players_max) == (3, 5)
    money = [int(card.attributes["value"]) for card in ruleset.cards_with_tag("money")]
    assert money[0] == 1000 and money[-1] == 25000 and len(money) == 11
    assert dict(ruleset.options) == {
        "debt-floor": None,
        "tiebreak": ("money",),
        "eliminate-poorest": True,
        "rounding": "exact",
    }
    assert ruleset.tiebreak == ("money",)
    assert ruleset.text_context == "high-society/ja" and ruleset.languages == ("ja", "en")


def test_the_korean_edition_counts_millions_of_dollars_and_clamps_debt():
    ruleset = load_ruleset("high-society/ko")
    assert ruleset.unit("money")["scale"] == 1_000_000 and ruleset.unit("money")["currency"] == "USD"
    assert [int(card.attributes["value"]) for card in ruleset.cards_with_tag("money")][:3] == [1, 2, 3]
    floor = next(step for step in ruleset.scoring_steps if step["kind"] == "floor")
    assert floor["at"] == 0
    assert ruleset.card("theft").name == "Thief" and ruleset.tiebreak == ("highest-luxury",)


def test_cards_keep_file_order_and_know_their_index_tags_and_values():
    ruleset = load_ruleset("high-society/ja")
    # The sixteen status cards, then one card type per money value (a series).
    assert [card.index for card in ruleset.cards] == list(range(27))
    assert [card.id for card in ruleset.cards[15:18]] == ["theft", "money-1000", "money-2000"]
    assert ruleset.card("money-6000").copies(4) == 4
    assert ruleset.card("luxury-3").attributes["value"] == Fraction(3)
    assert ruleset.card("scandal").tags == frozenset({"misfortune", "scandal", "red"})
    assert len(ruleset.cards_with_tag("red")) == 4
    assert ruleset.card("theft").on_take["kind"] == "discard-tagged"


def test_a_halving_factor_written_one_half_is_an_exact_fraction():
    factor = next(s for s in load_ruleset("high-society/ja").scoring_steps if s["id"] == "scandal")["factor"]
    assert factor == Fraction(1, 2)


def test_option_references_are_resolved_and_overrides_are_parsed_by_type():
    ruleset = load_ruleset(
        "high-society/ko",
        options={"debt-floor": "none", "tiebreak": "money,highest-luxury", "eliminate-poorest": "false"},
    )
    floor = next(step for step in ruleset.scoring_steps if step["kind"] == "floor")
    assert floor["at"] is None
    assert ruleset.tiebreak == ("money", "highest-luxury")
    assert ruleset.elimination["enabled"] is False


def test_real_values_are_accepted_as_overrides_too():
    assert load_ruleset("high-society/ja", options={"debt-floor": Fraction(-3, 2)}).options["debt-floor"] == Fraction(
        -3, 2
    )


def test_a_bad_override_is_an_option_error_listing_valid_values():
    with pytest.raises(OptionError, match="valid values: exact, floor"):
        load_ruleset("high-society/ja", options={"rounding": "up"})
    with pytest.raises(OptionError, match="valid options"):
        load_ruleset("high-society/ja", options={"colour": "red"})


def test_everything_in_a_ruleset_is_read_only():
    ruleset = load_ruleset("high-society/ja")
    with pytest.raises(TypeError):
        ruleset.options["rounding"] = "floor"
    with pytest.raises(TypeError):
        ruleset.scoring_steps[0]["kind"] = "x"
    with pytest.raises(AttributeError):
        ruleset.id = "other"


def test_house_rules_are_named_by_their_path_under_a_root():
    ruleset = load_ruleset("high-society/house/no-theft")
    assert ruleset.id == "high-society/house/no-theft"
    assert "theft" not in [card.id for card in ruleset.cards]


def test_a_house_rule_may_be_given_as_a_path(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("extends: high-society/ja\noptions: {debt-floor: 0}\n", encoding="utf-8")
    ruleset = load_ruleset(str(path))
    assert ruleset.id == "mine" and ruleset.options["debt-floor"] == 0 and ruleset.source == path


def test_an_unknown_name_suggests_the_close_one():
    with pytest.raises(RulesetError, match="did you mean 'high-society/ja'"):
        load_ruleset("high-society/jp")


def test_an_abstract_ruleset_cannot_be_played():
    with pytest.raises(RulesetError, match="abstract"):
        load_ruleset("high-society/base")


def test_names_cannot_escape_the_rulesets_directory():
    assert find_ruleset_path("../pyproject") is None
    assert find_ruleset_path("/etc/passwd") is None


def test_list_rulesets_finds_editions_and_house_rules_and_marks_abstract_ones():
    infos = {info.name: info for info in list_rulesets()}
    assert {"high-society/ja", "high-society/ko", "high-society/house/clamped-ja"} <= set(infos)
    assert infos["high-society/base"].abstract and not infos["high-society/ja"].abstract
    assert infos["high-society/house/forgiving"].text_context == "high-society/ko"


def test_a_root_named_in_cardrules_path_comes_first(tmp_path, monkeypatch):
    (tmp_path / "rulesets/high-society").mkdir(parents=True)
    (tmp_path / "rulesets/high-society/ja.yaml").write_text(
        f"extends: {REPO}/rulesets/high-society/ja.yaml\nname: Overridden\n", encoding="utf-8"
    )
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    assert load_ruleset("high-society/ja").name == "Overridden"


def test_an_edited_file_is_seen_at_once(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("extends: high-society/ja\nname: One\n", encoding="utf-8")
    assert load_ruleset(str(path)).name == "One"
    path.write_text("extends: high-society/ja\nname: Two!\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))
    assert load_ruleset(str(path)).name == "Two!"


def test_a_problem_inherited_from_a_parent_is_reported_in_the_parent(tmp_path):
    (tmp_path / "parent.yaml").write_text("extends: high-society/ja\nplayers: {min: 1}\n", encoding="utf-8")
    (tmp_path / "child.yaml").write_text("extends: parent.yaml\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(tmp_path / "child.yaml"))
    assert caught.value.diagnostics[0].location.file.endswith("parent.yaml")


def test_a_house_rule_in_a_root_whose_extends_names_nothing_is_listed_with_its_problem(tmp_path, monkeypatch):
    # Listing the rulesets loads the broken file, whose message lists the rulesets: by name only, not by loading
    # them again (which met the broken file again, without end).
    from engine.base.errors import UnknownRulesetName
    from engine.families.catalog import list_rulesets, validate
    from engine.language.ruleset_files import ruleset_names

    house = tmp_path / "rulesets" / "high-society" / "house" / "my-table.yaml"
    house.parent.mkdir(parents=True)
    house.write_text("extends: high-society/jp\noptions:\n  debt-floor: 0\n", encoding="utf-8")
    (tmp_path / "rulesets" / "high-society" / "base.yaml").write_text(
        f"extends: {REPO}/rulesets/high-society/base.yaml\nabstract: true\n", encoding="utf-8"
    )
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    listed = {info.name: info for info in list_rulesets()}
    assert (
        "'high-society/jp', which is neither a known ruleset nor a file (did you mean 'high-society/ja'?)"
        in listed["high-society/house/my-table"].error
    )
    (problem,) = validate(house)
    assert (problem.location.line, problem.location.column) == (1, 10)
    with pytest.raises(UnknownRulesetName) as caught:
        load_ruleset("high-society/jp")
    assert "(did you mean 'high-society/ja'?)" in str(caught.value)
    assert "high-society/house/my-table" in ruleset_names(playable_only=True)
    assert "high-society/base" in ruleset_names() and "high-society/base" not in ruleset_names(playable_only=True)
