"""Table files: a finished physical game, checked against its ruleset before it is scored."""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

import locations
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base.errors import TableError
from engine.base.i18n import current_language, requested_language, set_language
from engine.fronts.formats.table import load_table

TABLES = locations.TESTS / "tables"


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def problems(name: str, **kwargs) -> list[str]:
    """The diagnostics loading a broken table gives, as printed."""
    with pytest.raises(TableError) as caught:
        load_table(TABLES / name, **kwargs)
    return [str(d) for d in caught.value.diagnostics]


def test_the_rulebook_example_scores_fourteen():
    result = load_table(TABLES / "rulebook-example.yaml").score()
    assert result.player("Ann").score == 14
    assert result.player("Ann").measure("money") == 26000


def test_money_may_be_a_list_of_cards_or_a_total():
    table = load_table(TABLES / "rulebook-example.yaml")
    assert [holdings.measures["money"] for holdings in table.holdings()] == [26000, 12000, 6000]


def test_an_unknown_card_is_located_and_a_close_id_is_suggested():
    assert problems("unknown-card.yaml") == [
        f"{TABLES / 'unknown-card.yaml'}:3:27: $.players.Ann.cards[1]: unknown card luxary-9 (did you mean luxury-9?); "
        "the cards here: luxury-1, luxury-2, luxury-3, luxury-4, luxury-5, luxury-6, luxury-7, luxury-8, luxury-9, "
        "luxury-10, prestige-1, prestige-2, prestige-3, scandal, debt, theft"
    ]


def test_a_card_cannot_be_held_twice_nor_by_two_players():
    found = problems("card-held-twice.yaml")
    assert found[0].endswith("$.players.Ann.cards[1]: Ann lists luxury-3 twice")
    assert found[1].endswith("$.players.Bo.cards[0]: luxury-3 is held by both Ann and Bo")


def test_money_must_be_cards_of_the_edition_each_at_most_once_and_a_total_a_hand_can_make():
    found = problems("bad-money.yaml")
    assert ":3:24: $.players.Ann.money[1]: there is no money card of 5000" in found[0]
    assert ":4:23: $.players.Bo.money[1]: Bo lists the money card 1000 twice" in found[1]
    assert ":5:16: $.players.Cy.money: no hand of this edition's money cards adds up to 999" in found[2]


def test_the_player_count_must_be_one_the_ruleset_allows():
    assert problems("too-few-players.yaml") == [
        f"{TABLES / 'too-few-players.yaml'}:3:3: $.players: 2 players, but this ruleset is for 3 to 5"
    ]


def test_a_table_that_breaks_the_schema_is_located_at_the_bad_value():
    found = problems("schema-error.yaml")
    assert found[0].startswith(
        f"{TABLES / 'schema-error.yaml'}:3:16: $.players.Ann.cards: expected a number or a list or a mapping, got 'luxury-3'"
    )


def test_a_house_rule_is_found_relative_to_the_table_file():
    table = load_table(TABLES / "clamped-house.yaml")
    # luxury 1 - 5 = -4, floored at 0 by the house rule, doubled: still 0.
    assert table.score().player("Ann").score == 0


def test_options_from_the_command_line_change_the_rules(tmp_path):
    result = load_table(TABLES / "clamped-house.yaml", options={"debt-floor": "none"}).score()
    assert result.player("Ann").score == Fraction(-8)


def test_a_bad_option_is_an_error_naming_the_table_and_the_option():
    found = problems("rulebook-example.yaml", options={"no-such-option": "1"})
    assert found[0].startswith(f"{TABLES / 'rulebook-example.yaml'}:4:")
    assert any("no-such-option" in line for line in found)


def test_an_unknown_ruleset_is_an_error_at_the_ruleset_line(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("ruleset: high-society/xx\nplayers: {A: {}, B: {}, C: {}}\n", encoding="utf-8")
    with pytest.raises(TableError) as caught:
        load_table(path)
    assert str(caught.value.diagnostics[0]).startswith(f"{path}:1:10: $.ruleset: unknown ruleset")


@pytest.mark.parametrize(
    "text",
    [
        "ruleset: [unclosed\n",
        "ruleset: high-society/ja\nplayers:\n\tAnn: {}\n",
        "- a list\n- not a table\n",
        "",
    ],
)
def test_malformed_files_are_table_errors_not_crashes(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableError) as caught:
        load_table(path)
    assert str(caught.value).startswith(str(path))


def test_fields_holding_the_same_kinds_of_cards_hold_no_more_of_them_together_than_the_game_has(tmp_path):
    """Gardens' two beds hold flowers: 28 with two players, however they are split between the beds."""
    gardens = locations.REPO / "docs" / "examples" / "gardens.yaml"
    table = tmp_path / "beds.yaml"
    table.write_text(
        f"ruleset: {gardens}\nplayers:\n"
        "  Ann: {first_bed: 20, second_bed: {tulip: 4, rose: 2}, shed: [watering-can]}\n"
        "  Bo:  {first_bed: {lily: 3}, second_bed: 29}\n",
        encoding="utf-8",
    )
    with pytest.raises(TableError) as caught:
        load_table(table)
    assert [str(d) for d in caught.value.diagnostics] == [
        f"{table}:4:27: $.players.Bo.first_bed.lily: with these 3 cards the players hold 29 that first_bed and "
        "second_bed can hold, but this game has only 28",
        f"{table}:4:43: $.players.Bo.second_bed: 29 cards, but this game has only 28 that first_bed and second_bed "
        "can hold",
    ]


@pytest.mark.parametrize("written, meant", [("rulset", "ruleset"), ("player", "players")])
def test_a_misspelt_required_key_is_one_problem_at_the_key(tmp_path, written, meant):
    # Not "missing required key" at the top as well: one mistake, told once, where the fix is.
    text = (
        "ruleset: high-society/ja\nplayers:\n  Ann: {cards: [], money: 1000}\n  Bo: {cards: [], money: 1000}\n"
        "  Cy: {cards: [], money: 1000}\n"
    ).replace(f"{meant}:", f"{written}:", 1)
    path = tmp_path / "table.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableError) as caught:
        load_table(path)
    line = 1 if meant == "ruleset" else 2
    assert [str(d) for d in caught.value.diagnostics] == [
        f"{path}:{line}:1: $.{written}: unknown key '{written}' (did you mean '{meant}'?)"
    ]


# ------------------------------------------------------------------ games scored by expressions


def test_no_thanks_runs_count_their_lowest_card_and_chips_count_off():
    result = load_table(TABLES / "no-thanks.yaml").score()
    # Ann: 3-4-5 counts 3, then 10 and 20; 4 chips. Bo: 30-31 counts 30, then 33; 10 chips. Cy: 8 less 19 chips.
    assert [(p.name, p.score) for p in result.players] == [("Ann", 29), ("Bo", 53), ("Cy", -11)]
    assert result.winners == ("Cy",) and result.lowest_wins
    assert [p.values["chips"] for p in result.players] == [4, 10, 19]
    assert [p.measure("chips") for p in result.players] == [4, 10, 19]


def test_coloretto_scores_the_best_three_colours_plus_the_rest_minus_a_joker_where_it_counts_most():
    result = load_table(TABLES / "coloretto.yaml").score()
    # Ann: the joker makes blue six (21), then green 6 and pink 3; yellow one is -1; a +2. Bo: 21 + 10 + 10.
    assert [(p.name, p.score) for p in result.players] == [("Ann", 31), ("Bo", 41), ("Cy", 16)]
    assert result.winners == ("Bo",)
    assert result.players[0].values["jokers_to"] == ["blue"]
    assert set(result.to_json()["players"][1]["plus_colours"]) == {"brown", "grey", "orange"}


def test_coloretto_alternative_table_from_the_command_line():
    standard = load_table(TABLES / "coloretto.yaml").score()
    alternative = load_table(TABLES / "coloretto.yaml", options={"scoring-table": "alternative"}).score()
    assert [p.score for p in alternative.players] != [p.score for p in standard.players]


def test_love_letter_the_most_tokens_win():
    result = load_table(TABLES / "love-letter.yaml").score()
    assert result.winners == ("Ann",) and [p.score for p in result.players] == [5, 2, 4]


def test_a_number_field_is_a_whole_number_in_range(tmp_path):
    table = tmp_path / "t.yaml"
    for bad in ("-1", "1.5", "true", "'3'", "1000001", "[1, 2]"):
        table.write_text(
            f"ruleset: no-thanks/classic\nplayers:\n  A: {{chips: {bad}}}\n  B: {{}}\n  C: {{}}\n", encoding="utf-8"
        )
        with pytest.raises(TableError) as caught:
            load_table(table)
        assert all(str(d).startswith(f"{table}:3:") for d in caught.value.diagnostics), bad


BEANS = ("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")


@settings(max_examples=40, deadline=None)
@given(
    banked=st.dictionaries(st.sampled_from(BEANS), st.integers(1, 6), max_size=4),
    bank=st.sampled_from(["bank-2", "bank-3", "bank-4"]),
)
def test_a_high_bohn_bank_given_as_a_number_earns_the_interest_of_the_same_coins_given_by_bean(banked, bank):
    # The docs allow either; the interest (a count of the coins on the Bank, by a Bank's table) is the same.
    def scored(bank_field: str):
        with tempfile.TemporaryDirectory() as folder:
            table = Path(folder) / "table.yaml"
            table.write_text(
                "ruleset: bohnanza/high-bohn\nplayers:\n"
                f"  Cy: {{coins: 5, hand: 2, buildings: [{bank}], bank: {bank_field}}}\n"
                "  Di: {coins: 4, hand: 1}\n  Ed: {coins: 3, hand: 0}\n",
                encoding="utf-8",
            )
            return load_table(table).score().players[0]

    by_bean = scored("{" + ", ".join(f"{bean}: {count}" for bean, count in banked.items()) + "}")
    as_number = scored(str(sum(banked.values())))
    assert as_number.score == by_bean.score
    assert as_number.measure("interest") == by_bean.measure("interest")
    assert as_number.measure("bank") == by_bean.measure("bank") == sum(banked.values())


def test_cards_given_as_a_number_where_a_measure_needs_their_types_are_refused_at_the_field(tmp_path):
    gardens = locations.REPO / "docs" / "examples" / "gardens.yaml"
    house = tmp_path / "valued-beds.yaml"
    house.write_text(
        f"extends: {gardens}\nid: gardens/valued\nmeasures:\n"
        "  bed-kinds: {count: [bed-1], distinct: true, name: kinds of flower in the first bed}\n"
        "tiebreak-criteria:\n  most-kinds: {kind: highest-measure, measure: bed-kinds, description: most kinds}\n"
        "scoring:\n  tiebreak: [most-kinds]\n",
        encoding="utf-8",
    )
    table = tmp_path / "table.yaml"
    table.write_text(
        f"ruleset: {house}\nplayers:\n  Ann: {{first_bed: 3}}\n  Bo: {{first_bed: {{tulip: 2}}}}\n", encoding="utf-8"
    )
    with pytest.raises(TableError) as caught:
        load_table(table)
    assert [str(d) for d in caught.value.diagnostics] == [
        f"{table}:3:20: $.players.Ann.first_bed: give these cards by type (as {{TYPE: COUNT}}): kinds of flower in "
        "the first bed depends on their types"
    ]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_table_may_name_cards_as_the_screen_shows_them_in_its_language(tmp_path, lang):
    # High Society's possessions by name and value ("財産 3", full-width "財産９"), a bean by its name ("칠리 빈"):
    # the same score as with ids.
    import engine
    from engine.base.formatting import card_name

    set_language(lang)
    try:
        society, beans = engine.load_ruleset("high-society/ja"), engine.load_ruleset("bohnanza/amigo")
        luxury3, luxury9, debt = (card_name(society, card) for card in ("luxury-3", "luxury-9", "debt"))
        chili, soy = card_name(beans, "chili"), card_name(beans, "soy")
    finally:
        set_language("en")
    wide9 = luxury9.replace("9", "９").replace(" ", "")
    by_name = tmp_path / "names.yaml"
    by_name.write_text(
        "ruleset: high-society/ja\nplayers:\n"
        f'  Ann: {{cards: ["{luxury3}", "{wide9}", "{debt}", prestige-1, prestige-2, scandal], money: [25000, 1000]}}\n'
        "  Bo:  {cards: [luxury-10, luxury-4], money: 12000}\n"
        "  Cy:  {cards: [luxury-1, luxury-2, prestige-3], money: [2000, 4000]}\n",
        encoding="utf-8",
    )
    set_language(lang)
    try:
        named = load_table(by_name).score()
        by_id = load_table(locations.REPO / "tests" / "tables" / "rulebook-example.yaml").score()
        assert named.to_json()["players"] == by_id.to_json()["players"]
        beans_table = tmp_path / "beans.yaml"
        beans_table.write_text(
            "ruleset: bohnanza/amigo\nplayers:\n"
            f'  Ann: {{coins: {{blue: 3, "{chili}": 2, "{soy.upper()}": 4}}, hand: 3}}\n'
            "  Bo:  {coins: {stink: 4}, hand: 5}\n  Cy:  {coins: {red: 3}, hand: 7}\n",
            encoding="utf-8",
        )
        assert load_table(beans_table).score().players[0].score == 9
    finally:
        set_language("en")


def beans_table(folder: Path, coin: str) -> Path:
    """A three-player Bohnanza (Amigo) table whose first player's three coins are written as ``coin``."""
    table = folder / "beans.yaml"
    table.write_text(
        "ruleset: bohnanza/amigo\nplayers:\n"
        f'  Ann: {{coins: {{"{coin}": 3}}, hand: 3}}\n  Bo:  {{coins: {{stink: 2}}, hand: 5}}\n'
        "  Cy:  {coins: {red: 1}, hand: 7}\n",
        encoding="utf-8",
    )
    return table


@pytest.mark.parametrize("written", ["そらまめ", "ソラマメ", "ｿﾗﾏﾒ", " そら まめ "])
def test_a_japanese_name_is_read_in_hiragana_katakana_or_half_width_as_the_prompts_read_it(tmp_path, written):
    table = beans_table(tmp_path, written)
    set_language("ja")
    try:
        scored = load_table(table).score().to_json()["players"][0]
    finally:
        set_language("en")
    assert scored["coins_by_type"] == {"stink": 3}, scored


def test_a_name_several_cards_share_asks_for_an_id(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text(
        "ruleset: high-society/ja\nplayers:\n  Ann: {cards: [Title], money: 1000}\n  Bo: {cards: [], money: 1000}\n"
        "  Cy: {cards: [], money: 1000}\n",
        encoding="utf-8",
    )
    with pytest.raises(TableError) as caught:
        load_table(table)
    assert [str(d) for d in caught.value.diagnostics] == [
        f"{table}:3:17: $.players.Ann.cards[0]: Title names several cards; write one of: prestige-1, prestige-2, "
        "prestige-3"
    ]


@pytest.mark.parametrize(
    ("output", "written", "expected"),
    [
        # A table written from a Japanese screen, scored in English and in Korean; one from a Korean screen, in
        # Japanese. (The ruleset's own names, in English, are read in every language.)
        ("en", "そらまめ", "そらまめ is a card's name in 日本語: write stink, or score with --lang ja"),
        (
            "ko",
            "ソラマメ",
            "ソラマメ은(는) 日本語 카드 이름입니다. stink(으)로 쓰거나 --lang ja 옵션을 붙여 점수를 매기세요",
        ),
        ("ja", "스팅크 빈", "스팅크 빈は한국어でのカード名です。stinkと書くか、--lang koを付けて採点してください"),
    ],
)
def test_a_card_named_in_another_language_says_which_and_how_to_score_it(tmp_path, output, written, expected):
    """Not merely "unknown card": the name is a card's in another installed language, so the message names the
    id to write and the --lang that reads the table as written; the language in use is left as it was."""
    table = beans_table(tmp_path, written)
    set_language(output)
    try:
        with pytest.raises(TableError) as caught:
            load_table(table)
        assert [d.message for d in caught.value.diagnostics] == [expected]
        assert current_language() == output and requested_language() == output
        assert load_table(beans_table(tmp_path, "stink")).score().to_json()["players"][0]["coins_by_type"] == {
            "stink": 3
        }
    finally:
        set_language("en")


def test_a_name_in_another_language_of_a_card_the_field_does_not_take_is_an_unknown_card(tmp_path):
    """The language hint names only an id the field takes: a building's Japanese name among the coins stays an
    unknown card, with the coins' ids; among the buildings it gets the hint."""
    rows = {
        "coins": '{coins: {"銀行 2": 3}, hand: 3}',
        "buildings": '{coins: {stink: 3}, hand: 3, buildings: ["銀行 2"]}',
    }
    found = {}
    for field, row in rows.items():
        table = tmp_path / f"{field}.yaml"
        table.write_text(
            f"ruleset: bohnanza/high-bohn\nplayers:\n  Ann: {row}\n  Bo: {{coins: {{stink: 2}}, hand: 5}}\n"
            "  Cy: {coins: {red: 1}, hand: 7}\n",
            encoding="utf-8",
        )
        with pytest.raises(TableError) as caught:
            load_table(table)
        found[field] = [d.message for d in caught.value.diagnostics]
    assert found["coins"] == [
        "unknown card 銀行 2; the cards here: blue, chili, stink, green, soy, black-eyed, red, garden"
    ]
    assert found["buildings"] == ["銀行 2 is a card's name in 日本語: write bank-2, or score with --lang ja"]
