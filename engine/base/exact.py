"""Exact numbers for score steps: ints while a value is whole, Fractions otherwise.

Scores are exact. Python's ``int`` is exact too and much faster than
``Fraction``, so blocks keep whole numbers as ints and let Python promote to
``Fraction`` as soon as a step needs it (``7 * Fraction(1, 2)``). Scoring
converts the final values to ``Fraction``.
"""

from __future__ import annotations

from fractions import Fraction

from engine.base.jsontypes import JSON


def exact(value: JSON) -> int | Fraction:
    """``value`` as an int when whole, else as a Fraction (``"1/2"`` and ``0.5`` included)."""
    if isinstance(value, bool):
        raise TypeError("a truth value is not a number")
    if isinstance(value, int):
        return value
    number = Fraction(value) if not isinstance(value, float) else Fraction(repr(value))
    return number.numerator if number.denominator == 1 else number


# Fractions of the small whole numbers scores are made of, built once: a Fraction
# is immutable, so one object can stand for every 7 of every score record.
_WHOLE_FRACTIONS: dict[int | Fraction, Fraction] = {}


def as_fraction(value: int | Fraction) -> Fraction:
    """``value`` as a Fraction (whole numbers come from a cache; scoring records thousands of them)."""
    if type(value) is Fraction:
        return value
    cached = _WHOLE_FRACTIONS.get(value)
    if cached is None:
        cached = Fraction(value)
        if -1000 <= value <= 1000:
            _WHOLE_FRACTIONS[value] = cached
    return cached
