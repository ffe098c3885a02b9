"""Each language names one concept with one word in every message (a player who reads 코인 in one line and 동전 in
the next wonders whether they are two things), and a typed command is named in the player's words in every hint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.base.i18n import set_language
from engine.text.i18n_tools import read_catalog

LOCALES = Path(__file__).resolve().parents[2] / "locales"
# The English words of the offer's commands, as words (not "Dask", not a {give} placeholder).
COMMAND_WORD = re.compile(r"(?<![A-Za-z{])(give|ask)(?![A-Za-z}])")

# Per language: the word the catalog uses for a concept, and the words it must not use for it. The rulebooks' own
# words come first where they fit (docs/GLOSSARY.md says where ours depart, and why): the Korean High Society
# rulebook's 공짜로 (free) and 액면가 (face value); the Japanese High Bohn rulebook's 銀行 (bank), 貯金 (savings),
# フェーズ (phase), ビルディング (building), ゲームから除去 (out of the game); and the words the glossary chose
# where the rulebook has two (豆, not マメ; 植える, not 蒔く).
ONE_WORD = {
    "ko": [("코인", ["동전"]), ("공짜로", ["무료"]), ("액면가", ["액면 가치", "액면값"])],
    "ja": [
        ("フェーズ", ["フェイズ"]),
        ("銀行", ["バンク"]),
        ("貯金", ["預金"]),
        ("ビルディング", ["建物"]),
        ("ゲームから除去", ["ゲームから取り除"]),
        ("豆", ["マメ"]),
        ("植え", ["蒔"]),
    ],
}


@pytest.mark.parametrize("lang", sorted(ONE_WORD))
def test_a_concept_has_one_word_in_every_message(lang: str) -> None:
    catalog = read_catalog(LOCALES / lang / "LC_MESSAGES" / "cardrules.po", lang)
    texts = [
        text
        for message in catalog
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    for word, others in ONE_WORD[lang]:
        assert any(word in text for text in texts)
        assert [text for text in texts if any(other in text for other in others)] == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_hints_name_the_typed_commands_in_the_players_words(lang: str) -> None:
    catalog = read_catalog(LOCALES / lang / "LC_MESSAGES" / "cardrules.po", lang)
    leftovers = [
        message.id for message in catalog if isinstance(message.string, str) and COMMAND_WORD.search(message.string)
    ]
    assert leftovers == []
    set_language(lang)
    try:
        from engine.base.i18n import _

        assert "give" not in _("give") and "ask" not in _("ask")  # the words the hints put in their place
    finally:
        set_language("en")
