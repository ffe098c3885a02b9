"""Korean two-form particles agree with the word a value puts before them."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.base import i18n
from engine.base.particles import agree

syllables = st.integers(0xAC00, 0xD7A3).map(chr)


def has_final_consonant(syllable: str) -> bool:
    # An independent reading of the same fact: a syllable with a final consonant decomposes into three jamo.
    return len(unicodedata.normalize("NFD", syllable)) == 3


def final_is_rieul(syllable: str) -> bool:
    return unicodedata.normalize("NFD", syllable)[-1] == "\u11af"


@given(word=st.text(st.sampled_from("카드돈상류사회"), max_size=4), last=syllables)
def test_after_a_hangul_syllable_the_form_follows_its_final_consonant(word, last):
    final = has_final_consonant(last)
    assert agree(f"{word}{last}은(는) 없습니다") == f"{word}{last}{'은' if final else '는'} 없습니다"
    assert agree(f"{word}{last}이(가)") == f"{word}{last}{'이' if final else '가'}"
    assert agree(f"{word}{last}을(를)") == f"{word}{last}{'을' if final else '를'}"
    assert agree(f"{word}{last}과(와)") == f"{word}{last}{'과' if final else '와'}"
    # 으로 after a final consonant, except ㄹ, which takes 로 like a vowel.
    assert agree(f"{last}(으)로") == f"{last}{'으로' if final and not final_is_rieul(last) else '로'}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3이(가)", "3이"),  # 삼
        ("2이(가)", "2가"),  # 이
        ("7(으)로", "7로"),  # 칠: ㄹ
        ("6(으)로", "6으로"),  # 육
        ("10은(는)", "10은"),  # 십
        ("1,000을(를)", "1,000을"),  # 천
        ("10000이(가)", "10000이"),  # 만
        ("1000000000000은(는)", "1000000000000는"),  # 조
        ("0.5이(가)", "0.5가"),  # 영점 오
        ("'카드'을(를)", "'카드'를"),  # the word inside quotes
        ("「돈」은(는)", "「돈」은"),
        ("1억 600만 달러(으)로", "1억 600만 달러로"),
        # A parenthesis is an aside: the word before it decides (일 has a final ㄹ; 카드 none).
        ("봇 1 (무작위)이(가)", "봇 1 (무작위)이"),
        ("봇 2 (휴리스틱)을(를)", "봇 2 (휴리스틱)를"),
        ("카드（2장）은(는)", "카드（2장）는"),
        ("봇 1 (무작위)(으)로", "봇 1 (무작위)로"),
    ],
)
def test_numbers_are_read_as_they_are_said_and_quotes_are_looked_through(text, expected):
    assert agree(text) == expected


@pytest.mark.parametrize("text", ["Bo은(는)", "'many'이(가)", "x(으)로", "은(는) 처음", "€을(를)"])
def test_a_word_whose_reading_is_not_known_keeps_both_forms(text):
    assert agree(text) == text


def test_text_without_a_two_form_particle_is_returned_as_it_is():
    text = "돈(money)은 그대로 (이것도)"
    assert agree(text) is text


def test_a_translated_message_agrees_with_the_value_put_into_it():
    i18n.set_language("ko")
    try:
        assert (
            i18n._("{value} is too large: the most allowed is {limit}", value="3", limit=2)
            == "3은 너무 큽니다. 최댓값은 2입니다"
        )
        assert (
            i18n._("{value} is too large: the most allowed is {limit}", value="2", limit=1)
            == "2는 너무 큽니다. 최댓값은 1입니다"
        )
    finally:
        i18n.set_language("en")
