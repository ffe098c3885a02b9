"""The printf-style ``%`` fields of a text (``%(prog)s``, ``%5.2f``, ``%%``), found in one pass.

Click fills some of its messages with ``%``, so a translation's ``%`` fields
are compared with the English text's (:mod:`engine.fronts.cli.click_i18n`,
:mod:`engine.text.i18n_tools`). A translation is a stranger's text: a
regular expression with an optional ``(name)`` and runs of flags and digits
backtracks on ``%(%(%(...`` or ``%000...0(`` (seconds for 20,000 characters,
minutes for a catalog's worth, at the start of every command). Here each
character is looked at a bounded number of times, and the fields found are
exactly the regular expression's (the tests compare the two).
"""

from __future__ import annotations

import string
from collections.abc import Callable

# Conversion flags, then the width and the precision (``\d``: any decimal digit, as a regular expression has it).
_FLAGS = frozenset("#0- +")
_LETTERS = frozenset(string.ascii_letters)
_LETTERS_OR_PERCENT = _LETTERS | {"%"}


def _spec_end(text: str, position: int, conversions: frozenset[str]) -> int | None:
    """Where ``[#0\\- +]*\\d*(?:\\.\\d+)?[conversion]`` starting at ``position`` ends; None if it does not match.

    Taking each part as long as it goes is the only way to match: no part
    takes a conversion letter, and a digit given to the width instead of a
    ``0`` flag leaves the same text after it.
    """
    end = len(text)
    at = position
    while at < end and text[at] in _FLAGS:
        at += 1
    while at < end and text[at].isdecimal():
        at += 1
    if at + 1 < end and text[at] == "." and text[at + 1].isdecimal():
        at += 2
        while at < end and text[at].isdecimal():
            at += 1
    if at < end and text[at] in conversions:
        return at + 1
    return None


def _fields(text: str, field_end: Callable[[int], int | None]) -> list[str]:
    """The fields of ``text`` left to right: at each ``%`` (from ``start``), ``field_end(start)`` says where the
    field ends, or None when none starts there; a field's characters are not looked at again."""
    fields: list[str] = []
    start = text.find("%")
    while start >= 0:
        end = field_end(start)
        if end is None:
            start = text.find("%", start + 1)
        else:
            fields.append(text[start:end])
            start = text.find("%", end)
    return fields


def percent_fields(text: str) -> list[str]:
    """Every field ``%(?:\\([^)]*\\))?[#0\\- +]*\\d*(?:\\.\\d+)?[a-zA-Z%]`` finds, left to right (``%%`` too).

    A name runs to the next ``)``, found once for every ``%(`` before it;
    what follows that ``)`` is read once however many names share it.
    """
    close = -1  # the next ")" after the last name looked at; -2: there is none
    after_close: tuple[int, int | None] = (-1, None)  # (where, _spec_end there)

    def field_end(start: int) -> int | None:
        nonlocal close, after_close
        name = start + 1
        if not text.startswith("(", name):
            return _spec_end(text, name, _LETTERS_OR_PERCENT)
        if close != -2 and close <= name:
            close = text.find(")", name + 1)
            close = -2 if close < 0 else close
        if close < 0:
            return None  # without a name, "(" is no flag, digit or conversion
        if after_close[0] != close + 1:
            after_close = (close + 1, _spec_end(text, close + 1, _LETTERS_OR_PERCENT))
        return after_close[1]

    return _fields(text, field_end)


def named_percent_fields(text: str) -> list[str]:
    """Every field ``%\\(\\w+\\)[#0\\- +]*\\d*(?:\\.\\d+)?[a-zA-Z]`` finds, left to right: named fields only.

    A bare ``95%`` in prose is not a field. A name's characters (``\\w``)
    never include ``%``, so no character is read for two fields.
    """
    length = len(text)

    def field_end(start: int) -> int | None:
        if not text.startswith("(", start + 1):
            return None
        at = start + 2
        while at < length and (text[at].isalnum() or text[at] == "_"):  # \w
            at += 1
        if at > start + 2 and text.startswith(")", at):
            return _spec_end(text, at + 1, _LETTERS)
        return None

    return _fields(text, field_end)
