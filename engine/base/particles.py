"""Korean particles that agree with the word before them, once the word is known.

A Korean particle has two forms, chosen by whether the word before it ends in
a final consonant: 카드**는**, 돈**은**; 카드**를**, 돈**을**. A translation
cannot know which word a placeholder will hold (a card name, a number, an
amount), so translators write both forms, as Korean software usually does:
``{card}은(는)``, ``{zone}(으)로``. Once the values are in place the word is
known, and :func:`agree` keeps the one form that fits it, leaving both when the
word's reading is not known (a Latin name: "Bo은(는)" stays as written).

The choice is the standard rule (final consonant, and ㄹ for 으로/로), applied
to Hangul syllables by Unicode arithmetic and to numbers by how they are read
(3 삼, 10 십, 1000 천). No maintained Python library covers this (the packages
that exist are small and unmaintained), and the rule is a few lines.
"""

from __future__ import annotations

import re

# Each written pair, and its forms after a final consonant and after none.
_PAIRS = {
    "은(는)": ("은", "는"),
    "는(은)": ("은", "는"),
    "이(가)": ("이", "가"),
    "가(이)": ("이", "가"),
    "을(를)": ("을", "를"),
    "를(을)": ("을", "를"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)나": ("이나", "나"),
    "(이)다": ("이다", "다"),
    "(이)며": ("이며", "며"),
    "(이)라": ("이라", "라"),
}
_PAIR = re.compile("|".join(re.escape(pair) for pair in _PAIRS))
_MARKS = ("(는)", "(은)", "(가)", "(이)", "(를)", "(을)", "(와)", "(과)", "(으)")

# Closing marks a particle may follow: the word is the one inside them ('카드'를).
_CLOSING = "'\"’”]」』》〉"
# A parenthesis is an aside: the particle after it agrees with the word before it, as Korean writes it
# ("봇 1 (무작위)이": 일, not 위).
_ASIDES = {")": "(", "）": "（"}

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # the index of ㄹ among final consonants

# How the last digit of a number is read: (has a final consonant, that consonant is ㄹ).
_DIGITS = {
    "0": (True, False),
    "1": (True, True),
    "2": (False, False),
    "3": (True, False),
    "4": (False, False),
    "5": (False, False),
    "6": (True, False),
    "7": (True, True),
    "8": (True, True),
    "9": (False, False),
}
# Round numbers are read by their unit: 10 십, 100 백, 1000 천, 10^4 만, 10^8 억, 10^12 조, 10^16 경.
_TENS = {1: (True, False), 2: (True, False), 3: (True, False)}
_MYRIADS = {1: (True, False), 2: (True, False), 3: (False, False), 4: (True, False)}


def agree(text: str) -> str:
    """``text`` with each two-form particle reduced to the form its word takes, where the word's reading is known."""
    if not any(mark in text for mark in _MARKS):
        return text
    return _PAIR.sub(lambda match: _choose(text, match), text)


def _choose(text: str, match: re.Match[str]) -> str:
    ending = _ending(text[: match.start()])
    if ending is None:
        return match.group(0)
    has_final, is_rieul = ending
    with_final, without = _PAIRS[match.group(0)]
    if with_final == "으로":
        return without if (not has_final or is_rieul) else with_final
    return with_final if has_final else without


def _ending(before: str) -> tuple[bool, bool] | None:
    """How the word that ends ``before`` ends: (a final consonant, that it is ㄹ); None when not known."""
    if before and before[-1] in _ASIDES:
        opening = before.rfind(_ASIDES[before[-1]])
        if opening > 0:
            before = before[:opening].rstrip()
    before = before.rstrip(_CLOSING)
    if not before:
        return None
    last = before[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        final = (ord(last) - _HANGUL_FIRST) % 28
        return final != 0, final == _RIEUL
    if last.isdigit() and last.isascii():
        return _number_ending(before)
    return None


def _number_ending(before: str) -> tuple[bool, bool]:
    found = re.search(r"[0-9][0-9,]*$", before)
    assert found is not None  # the caller saw a digit at the end
    written = found.group(0)
    digits = written.replace(",", "")
    if before[: -len(written)].endswith(".") or digits.strip("0") == "" or not digits.endswith("0"):
        return _DIGITS[digits[-1]]  # a decimal's last digit, zero, or a number that is not round
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros % 4:
        return _TENS[zeros % 4]
    return _MYRIADS.get(zeros // 4, (True, False))
