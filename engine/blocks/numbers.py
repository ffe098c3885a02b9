"""Exact numbers for score steps: ints while a value is whole, Fractions otherwise.

Scores are exact. Python's ``int`` is exact too and much faster than
``Fraction``, so blocks keep whole numbers as ints and let Python promote to
``Fraction`` as soon as a step needs it (``7 * Fraction(1, 2)``). Scoring
converts the final values to ``Fraction``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any


def exact(value: Any) -> int | Fraction:
    """``value`` as an int when whole, else as a Fraction (``"1/2"`` and ``0.5`` included)."""
    if isinstance(value, bool):
        raise TypeError("a truth value is not a number")
    if isinstance(value, int):
        return value
    number = Fraction(value) if not isinstance(value, float) else Fraction(repr(value))
    return number.numerator if number.denominator == 1 else number
