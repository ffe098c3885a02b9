"""What a player types at the prompts of `cardrules play`, read the way the cards read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base.i18n import set_language
from engine.core.game import Game
from engine.families.auction.front.prompts import (
    bid_mask,
    mask_values,
    parse_bid_prompt,
    resolve_money_value,
    split_amounts,
)
from engine.families.catalog import load_ruleset
from engine.families.common.front.player_input import InputProblem, in_typed_form, parse_choice_prompt
from engine.fronts.terminal.seats import Seat, SeatSpecError, parse_players_spec, seats_from_log

JA_MONEY = [1000, 2000, 3000, 4000, 6000, 8000, 10000, 12000, 15000, 20000, 25000]
KO_MONEY = [1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25]
MILLION = 1_000_000


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_a_bid_is_the_values_of_the_cards_to_add_as_the_cards_read():
    assert parse_bid_prompt("6000 4000", JA_MONEY, JA_MONEY).values == (4000, 6000)


def test_a_japanese_bid_may_drop_the_thousands():
    assert parse_bid_prompt("6 4", JA_MONEY, JA_MONEY).values == (4000, 6000)


def test_grouped_thousands_are_one_card_and_commas_between_cards_separate_them():
    assert split_amounts("12,000 4,000") == ["12000", "4000"] and split_amounts("6,4") == ["6", "4"]
    assert parse_bid_prompt("12,000 4,000", JA_MONEY, JA_MONEY).values == (4000, 12000)
    assert parse_bid_prompt("6,4", JA_MONEY, JA_MONEY).values == (4000, 6000)
    assert parse_bid_prompt("6+4", JA_MONEY, JA_MONEY).values == (4000, 6000)


def test_full_width_digits_typed_with_an_input_method_are_understood():
    assert parse_bid_prompt("６　４", JA_MONEY, JA_MONEY).values == (4000, 6000)


@pytest.mark.parametrize(
    ("typed", "hand", "scale", "bid"),
    [
        ("1万 6千", JA_MONEY, 1, (6000, 10000)),  # as Japanese writes large amounts
        ("２万５千", JA_MONEY, 1, (25000,)),  # one amount written with two units, as Japanese writes 25,000
        ("2万5千 1万2千", JA_MONEY, 1, (12000, 25000)),
        ("5千2万", JA_MONEY, 1, None),  # units not largest first: no amount (told, not guessed)
        ("１．５万", JA_MONEY, 1, (15000,)),
        ("600만 400만", KO_MONEY, MILLION, (4, 6)),  # as the Korean edition's screen writes them: 600만 달러
        ("2500만", KO_MONEY, MILLION, (25,)),
        # The Korean screen groups thousands before the unit (1,500만 달러): one amount, never cards 1 and 500.
        ("1,200만", KO_MONEY, MILLION, (12,)),
        ("1,500만 2,500만", KO_MONEY, MILLION, (15, 25)),
        ("１，２００만", KO_MONEY, MILLION, (12,)),
    ],
)
def test_amounts_written_with_the_languages_units_name_the_cards(typed, hand, scale, bid):
    if bid is None:
        with pytest.raises(InputProblem, match="not a money value"):
            parse_bid_prompt(typed, hand, hand, scale)
    else:
        assert parse_bid_prompt(typed, hand, hand, scale).values == bid


def test_a_word_typed_in_hiragana_is_the_word_in_katakana():
    set_language("ja")
    try:
        assert parse_bid_prompt("ぱす", JA_MONEY, JA_MONEY).kind == "pass"
        assert parse_bid_prompt("パス", JA_MONEY, JA_MONEY).kind == "pass"
    finally:
        set_language("en")


def test_a_korean_bid_counts_millions_and_accepts_the_full_amount():
    assert parse_bid_prompt("6 4", KO_MONEY, KO_MONEY, MILLION).values == (4, 6)
    assert parse_bid_prompt("6000000", KO_MONEY, KO_MONEY, MILLION).values == (6,)


def test_a_card_that_is_not_in_hand_is_explained():
    with pytest.raises(InputProblem, match="not in your hand"):
        parse_bid_prompt("6", [1000, 2000], JA_MONEY)


def test_naming_the_same_card_twice_is_refused_because_each_value_is_held_once():
    with pytest.raises(InputProblem, match="twice"):
        parse_bid_prompt("6 6000", JA_MONEY, JA_MONEY)


def test_a_value_no_money_card_has_is_explained():
    with pytest.raises(InputProblem, match="no money card"):
        resolve_money_value("5", JA_MONEY)
    with pytest.raises(InputProblem, match="not a money value"):
        resolve_money_value("lots", JA_MONEY)


@pytest.mark.parametrize("typed", ["pass", "p", "PASS", " p "])
def test_pass_is_pass(typed):
    assert parse_bid_prompt(typed, JA_MONEY, JA_MONEY).kind == "pass"


def test_question_mark_asks_for_help_and_q_quits():
    assert parse_bid_prompt("?", JA_MONEY, JA_MONEY).kind == "help"
    assert parse_bid_prompt("q", JA_MONEY, JA_MONEY).kind == "quit"


@pytest.mark.parametrize(
    "lang, words", [("ko", ["패스", "포기", "pass"]), ("ja", ["パス", "降りる", "p"]), ("en", ["pass", "give up"])]
)
def test_a_pass_may_be_typed_in_either_word_players_of_the_language_use(lang, words):
    set_language(lang)
    try:
        for typed in words:
            assert parse_bid_prompt(typed, JA_MONEY, JA_MONEY).kind == "pass", typed
        assert parse_bid_prompt("q", JA_MONEY, JA_MONEY).kind == "quit"
    finally:
        set_language("en")


def test_empty_input_is_explained_not_taken_as_a_pass():
    with pytest.raises(InputProblem):
        parse_bid_prompt("   ", JA_MONEY, JA_MONEY)


def test_a_choice_is_a_number_from_the_list():
    assert parse_choice_prompt("2", 3).choice == 1
    for bad in ("0", "4", "two", ""):
        with pytest.raises(InputProblem, match="1 to 3"):
            parse_choice_prompt(bad, 3)


def money_values(ruleset):
    """The face values of a ruleset's money cards, in card-list order."""
    return [int(card.attributes["value"]) for card in ruleset.cards if "money" in card.tags]


def test_the_money_typed_here_is_the_money_of_the_shipped_editions():
    assert money_values(load_ruleset("high-society/ja")) == JA_MONEY
    assert money_values(load_ruleset("high-society/ko")) == KO_MONEY
    assert int(load_ruleset("high-society/ko").unit("money")["scale"]) == MILLION


def test_bid_masks_follow_the_money_values_of_the_ruleset():
    assert bid_mask([1000, 6000], JA_MONEY) == 0b10001
    assert mask_values(0b10001, JA_MONEY) == (1000, 6000)
    # The game's bid actions are the same masks.
    space = Game(load_ruleset("high-society/ja"), ["Ann", "Bo", "Cy"]).space("bid")
    assert space.mask_of([1000, 6000]) == 0b10001
    assert space.values_of(0b10001) == (1000, 6000)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_no_input_crashes_the_bid_prompt(typed):
    try:
        command = parse_bid_prompt(typed, JA_MONEY[:5], JA_MONEY)
    except InputProblem as problem:
        assert problem.message
    else:
        assert command.kind in {"bid", "pass", "help", "quit"}
        assert all(value in JA_MONEY[:5] for value in command.values)


@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(JA_MONEY), min_size=1))
def test_any_set_of_held_cards_typed_as_shown_is_read_back(cards):
    typed = " ".join(f"{value:,}" for value in sorted(cards))
    assert parse_bid_prompt(typed, JA_MONEY, JA_MONEY).values == tuple(sorted(cards))


def test_without_a_players_list_the_user_plays_against_three_heuristic_bots():
    seats = parse_players_spec(None, ("random", "heuristic"))
    assert [seat.is_human for seat in seats] == [True, False, False, False]
    assert {seat.bot_kind for seat in seats[1:]} == {"heuristic"}


def test_a_players_list_names_humans_and_bots():
    seats = parse_players_spec("Ann, Bo, bot:random", ("random", "heuristic"))
    assert seats[0] == Seat("Ann") and seats[1] == Seat("Bo")
    assert seats[2].bot_kind == "random" and seats[2].log_kind() == "bot:random"


def test_an_unknown_bot_kind_lists_the_kinds():
    with pytest.raises(SeatSpecError, match="random, heuristic"):
        parse_players_spec("Ann,bot:genius", ("random", "heuristic"))


def test_two_players_with_the_same_name_are_refused():
    with pytest.raises(SeatSpecError, match="Ann"):
        parse_players_spec("Ann,Ann,bot:random", ("random",))


def test_a_saved_game_gives_every_seat_back_to_the_same_kind_of_player():
    seats = seats_from_log(["Ann", "Bot 1 (heuristic)"], ["Ann", "bot:heuristic"], ("random", "heuristic"))
    assert seats[0].is_human and seats[1].bot_kind == "heuristic"


def test_the_seats_accepted_are_the_seats_a_log_can_hold():
    import json

    from engine.base.resources import schema_path
    from engine.fronts.terminal.seats import MAX_PLAYER_NAME, MAX_PLAYERS

    players = json.loads(schema_path("game-log").read_text(encoding="utf-8"))["properties"]["players"]
    assert (MAX_PLAYERS, MAX_PLAYER_NAME) == (players["maxItems"], players["items"]["maxLength"])
    assert parse_players_spec("A" * MAX_PLAYER_NAME + ",bot:random", ["random"])[0].name == "A" * MAX_PLAYER_NAME
    with pytest.raises(SeatSpecError, match=f"at most {MAX_PLAYER_NAME} characters long, not {MAX_PLAYER_NAME + 1}"):
        parse_players_spec("A" * (MAX_PLAYER_NAME + 1) + ",bot:random", ["random"])
    with pytest.raises(SeatSpecError, match=f"At most {MAX_PLAYERS} players"):
        parse_players_spec(",".join(["bot:random"] * (MAX_PLAYERS + 1)), ["random"])


@pytest.mark.parametrize("typed", ["1 2 (300만 달러)", "1 2（300만 달러）", "(300만 달러) 1 2", "1 2 ($3 million)"])
def test_a_bid_copied_from_the_help_with_its_amount_in_brackets_reads_as_its_faces(typed):
    assert parse_bid_prompt(typed, KO_MONEY, KO_MONEY).values == (1, 2)


@pytest.mark.parametrize("edition", ["high-society/ja", "high-society/ko"])
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_amount_as_the_screen_writes_it_names_its_card(edition, lang):
    """What the screen shows for a money card (15,000; 1,500만 달러; 1,500万ドル), its number typed back as shown,
    names that card: never another card, never two."""
    import re

    from engine.base.formatting import format_amount
    from engine.families.catalog import load_ruleset

    ruleset = load_ruleset(edition)
    money = JA_MONEY if edition.endswith("ja") else KO_MONEY
    scale = int(ruleset.unit(None).get("scale", 1))
    set_language(lang)
    try:
        for value in money:
            shown = format_amount(ruleset, value)
            number = re.search(r"[\d,.]+[千천万萬만億억]?", shown).group(0)
            assert parse_bid_prompt(number, money, money, scale).values == (value,), (shown, number)
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("message", "typed", "shown"),
    [
        ("「カンリョウ」は数字ではありません。", "かんりょう", "「かんりょう」は数字ではありません。"),
        ('"カンリョウ 1" is not a move', "かんりょう 1", '"かんりょう 1" is not a move'),
        # Outside the quotes a refusal's own words stay as they are: a card named in katakana is not respelled.
        ("「インゲ」はありません：紅花インゲン、いんげん", "いんげ", "「いんげ」はありません：紅花インゲン、いんげん"),
        ("「パス」", "パス", "「パス」"),
    ],
)
def test_a_refusal_repeats_what_was_typed_in_its_quotes_as_typed(message, typed, shown):
    assert in_typed_form(message, typed) == shown
