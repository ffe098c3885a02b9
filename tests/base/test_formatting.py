"""Numbers, money, names and lists read the way each edition's readers write them (CLDR)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import i18n
from engine.base.formatting import (
    card_name,
    criterion_description,
    format_amount,
    format_list,
    format_number,
    format_score,
    tag_name,
)
from engine.families.catalog import load_ruleset


@pytest.fixture
def language():
    """Switch the reader's language for one test, back to English afterwards."""
    yield i18n.set_language
    i18n.set_language("en")


@pytest.fixture(scope="module")
def japanese_edition():
    return load_ruleset("high-society/ja")


@pytest.fixture(scope="module")
def korean_edition():
    return load_ruleset("high-society/ko")


def test_the_korean_editions_millions_of_dollars_read_naturally_in_each_language(language, korean_edition):
    language("en")
    assert format_amount(korean_edition, 6) == "$6 million"
    language("ja")
    assert format_amount(korean_edition, 6) == "600万ドル"
    language("ko")
    assert format_amount(korean_edition, 6) == "600만 달러"
    assert format_amount(korean_edition, 25) == "2,500만 달러"


def test_no_money_at_all_is_zero_dollars_without_cents(language, korean_edition):
    language("en")
    assert format_amount(korean_edition, 0) == "$0"


def test_the_japanese_editions_plain_amounts_use_the_readers_grouping(language, japanese_edition):
    for lang in ("en", "ja", "ko"):
        language(lang)
        assert format_amount(japanese_edition, 25000) == "25,000"


def test_lists_of_names_follow_each_languages_conjunction(language):
    language("en")
    assert format_list(["Ann", "Bo", "Cy"]) == "Ann, Bo, and Cy"
    language("ja")
    assert format_list(["Ann", "Bo", "Cy"]) == "Ann、Bo、Cy"
    language("ko")
    assert format_list(["Ann", "Bo", "Cy"]) == "Ann, Bo 및 Cy"
    assert format_list(["Ann"]) == "Ann"


def test_scores_are_whole_numbers_finite_decimals_or_fractions():
    assert format_score(Fraction(14)) == "14"
    assert format_score(Fraction(7, 2)) == "3.5"
    assert format_score(Fraction(-1, 8)) == "-0.125"
    assert format_score(Fraction(7, 3)) == "7/3"
    assert format_score(Fraction(-7, 3)) == "-7/3"


def test_large_numbers_are_grouped():
    assert format_number(1234567) == "1,234,567"
    assert format_number(Fraction(5, 2)) == "2.5"
    assert format_number(Decimal("0.5")) == "0.5"


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.fractions(min_value=-(10**9), max_value=10**9, max_denominator=1000),
        # Past the decimal context's 28 digits, up to what a 30-digit factor makes of a score.
        st.tuples(
            st.integers(10**28, 10**62), st.sampled_from([1, -1]), st.sampled_from([1, 2, 3, 8, 125, 1024, 10**20])
        ).map(lambda parts: Fraction(parts[0] * parts[1], parts[2])),
    )
)
def test_a_printed_score_reads_back_as_the_same_exact_number(score):
    text = format_score(score).replace(",", "")
    assert Fraction(text) == score


def test_card_names_carry_the_editions_name_and_value(language, japanese_edition, korean_edition):
    language("en")
    assert card_name(japanese_edition, "luxury-3") == "Possession 3"
    assert card_name(korean_edition, "luxury-3") == "Luxury 3"
    language("ja")
    assert card_name(japanese_edition, "luxury-3") == "財産 3"
    assert card_name(japanese_edition, "scandal") == "醜聞"
    assert card_name(japanese_edition, "debt") == "ギャンブル負債"
    assert card_name(japanese_edition, "theft") == "窃盗"
    assert card_name(japanese_edition, "prestige-1") == "肩書き"
    language("ko")
    assert card_name(korean_edition, "luxury-3") == "사치품 3"
    assert card_name(korean_edition, "prestige-2") == "명성"
    assert card_name(korean_edition, "debt") == "도박빚"
    assert card_name(korean_edition, "theft") == "도둑"


def test_the_korean_editions_half_score_card_is_tax_evasion_in_every_language(language, korean_edition):
    expected = {"en": "Tax evasion", "ja": "脱税", "ko": "탈세"}
    for lang, name in expected.items():
        language(lang)
        assert card_name(korean_edition, "scandal") == name


def test_tag_names_are_translated_in_the_editions_context(language, japanese_edition):
    language("ja")
    assert tag_name(japanese_edition, "red") == "赤縁"
    assert tag_name(japanese_edition, "luxury") == "財産"


def test_a_language_cldr_does_not_know_still_formats_numbers(language, tmp_path, monkeypatch):
    catalog = tmp_path / "locales" / "tlh" / "LC_MESSAGES" / "cardrules.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n', encoding="utf-8")
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    assert language("tlh") == "tlh"
    assert format_number(25000) == "25,000"
    assert format_score(Fraction(7, 2)) == "3.5"


def test_a_whole_hand_of_korean_money_reads_in_myriads_not_decimals(language, korean_edition):
    language("ko")
    assert format_amount(korean_edition, 106) == "1억 600만 달러"
    language("ja")
    assert format_amount(korean_edition, 106) == "1億600万ドル"
    language("en")
    assert format_amount(korean_edition, 106) == "$106 million"


def test_money_is_never_rounded_away(language, korean_edition):
    language("en")
    assert format_amount(korean_edition, 10001) == "$10.001 billion"
    assert format_amount(korean_edition, Fraction(3, 2)) == "$1.5 million"


def test_the_korean_edition_says_dollars_not_us_dollars_since_a_game_has_one_currency(language, korean_edition):
    language("ko")
    assert format_amount(korean_edition, 18) == "1,800만 달러"
    assert format_amount(korean_edition, 0) == "0 달러"


def test_a_count_of_myriads_is_grouped_like_any_number(language, korean_edition):
    language("ja")
    assert format_amount(korean_edition, 18) == "1,800万ドル"
    language("ko")
    assert format_amount(korean_edition, 10025) == "100억 2,500만 달러"
    assert format_amount(korean_edition, 123400) == "1,234억 달러"


def test_a_currency_named_after_another_country_keeps_its_whole_name(language):
    from babel import Locale

    from engine.base.formatting import currency_word

    assert currency_word("USD", 2, Locale.parse("ko")) == "달러"
    # CLDR's Korean name of the euro has no country in it.
    assert currency_word("EUR", 2, Locale.parse("ko")) == "유로"
    assert currency_word("USD", 2, Locale.parse("en")) == "US dollars"


def test_a_tiebreak_criterion_is_described_in_the_readers_language_else_named():
    ruleset = load_ruleset("high-society/ko")
    assert criterion_description(ruleset, "money") == "most money in hand"
    i18n.set_language("ja")
    assert criterion_description(ruleset, "money") != "most money in hand"
    assert criterion_description(ruleset, "coin-flip") == "coin-flip"


@pytest.mark.parametrize(
    "lang, dollars, euros",
    [("ja", "600万ドル", "600万ユーロ"), ("ko", "600만 달러", "600만 유로"), ("en", "$6 million", "€6 million")],
)
def test_the_catalog_names_the_dollar_as_players_say_it_and_other_currencies_keep_their_own_name(lang, dollars, euros):
    """Japanese players say ドル, not CLDR's 米ドル; that word is the catalog's, so a euro game still says ユーロ."""
    from types import SimpleNamespace

    from engine.base.formatting import format_amount

    def edition(currency):
        return SimpleNamespace(unit=lambda name=None: {"scale": 1000, "style": "currency", "currency": currency})

    i18n.set_language(lang)
    try:
        assert format_amount(edition("USD"), 6000) == dollars
        assert format_amount(edition("EUR"), 6000) == euros
    finally:
        i18n.set_language("en")


# The largest amount a valid ruleset can reach: every money value at its limit (10**15), times the largest scale
# (10**12), times the most cards a hand can hold; and past it.
AMOUNTS = st.one_of(st.integers(0, 10**6), st.integers(10**18, 10**30), st.integers(10**30, 10**45))
MYRIADS = {
    "ja": {"京": 10**16, "兆": 10**12, "億": 10**8, "万": 10**4},
    "ko": {"경": 10**16, "조": 10**12, "억": 10**8, "만": 10**4, "천": 10**3},
}


@settings(max_examples=60, deadline=None)
@given(amount=AMOUNTS, lang=st.sampled_from(["en", "ja", "ko"]))
def test_an_amount_of_any_size_is_written_whole_in_compact_words(amount, lang):
    """An amount in compact words (6 million, 600万, 1억 600만) never fails and, in myriads, reads back exactly."""
    from babel import Locale

    from engine.base.formatting import compact_amount

    text = compact_amount(amount, Locale.parse(lang))
    assert text
    if lang in MYRIADS and amount:
        total = 0
        for part in text.split():
            digits = part.rstrip("".join(MYRIADS[lang]))
            unit = MYRIADS[lang].get(part[len(digits) :], 1)
            total += int(digits.replace(",", "")) * unit
        assert total == amount, text


def test_the_korean_editions_amounts_at_the_largest_scale_are_written(language, korean_edition):
    for lang in ("en", "ja", "ko"):
        language(lang)
        # A value of 10**15 (the schema's limit) counts 10**21 dollars once the edition's scale of 10**6 applies.
        assert (
            format_amount(korean_edition, 10**15)
            == {"en": "$1,000,000,000 trillion", "ja": "100,000京ドル", "ko": "1,000,000,000조 달러"}[lang]
        )
