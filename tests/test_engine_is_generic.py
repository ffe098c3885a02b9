"""The interpreter names no particular game: game knowledge lives in rulesets/ and locales/ only."""

from __future__ import annotations

import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
GAME_WORDS = re.compile(
    r"luxury|prestige|scandal|theft|high.?society|\bbeans?\b|bohn|chili|stink|\bsoy\b|"
    r"black.?eyed|\bcocoa\b|beanometer",
    re.IGNORECASE,
)


def test_no_python_file_in_the_engine_names_a_game():
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_check_itself_catches_a_game_word():
    assert GAME_WORDS.search("High-Society") and GAME_WORDS.search("the THEFT card") and GAME_WORDS.search("Blue Bean")


CORE = ENGINE / "core"
AUCTION_OR_TRADE_WORDS = re.compile(r"money|\bbids?\b|auction|\bbeans?\b|\bcoins?\b", re.IGNORECASE)


def test_the_core_names_no_money_bid_or_auction():
    """engine/core is the game model: the words of a kind of game belong to its block family."""
    offenders = []
    for path in sorted(CORE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if AUCTION_OR_TRADE_WORDS.search(line):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{number}: {line.strip()}")
    assert offenders == []
