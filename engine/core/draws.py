"""Seeded draws on a game's hot paths: the very draws of :class:`random.Random`, without its generic checks.

A random bot, a search's playouts and a random offer draw a few numbers at
every action, and a seeded game must draw exactly what it drew before (logs,
results and tests depend on it). ``Random.randrange``, ``randint`` and
``sample`` are written in Python and check their arguments at every call
(``sample`` asks whether its population is a ``Sequence``, an abstract-class
check of about a microsecond): in a compiled engine they were the largest
share of a random trade offer. The functions here take only what the
engine passes (whole numbers in range, a population ``range(n)``) and draw
with the generator's own ``getrandbits``, as ``Random._randbelow`` does, so
the numbers and the generator's state after them are the same
(``tests/core/test_draws.py`` compares them with ``random.Random`` itself on
the running Python, for many seeds and sizes).

A generator of another class (a subclass that draws its own way, such as
Hypothesis's) is asked through its public methods, as before.
"""

from __future__ import annotations

import random

_RANDOM = random.Random


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``: a whole number in ``[0, n)``."""
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    getrandbits = rng.getrandbits
    bits = n.bit_length()  # not (n - 1): n may be 1, as in Random._randbelow
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def up_to(rng: random.Random, most: int) -> int:
    """``rng.randint(0, most)`` for ``most >= 0``."""
    if type(rng) is not _RANDOM:
        return rng.randint(0, most)
    return below(rng, most + 1)


# Random.sample keeps a list of the population while it is no longer than this (for at most 5 drawn), and a set of
# the positions drawn otherwise: both ways are written here for at most 5 drawn, the most a game's draws take.
_LIST_MOST = 21
_DRAWN_MOST = 5


def drawn_positions(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)`` for ``0 <= k <= n``: ``k`` distinct positions of ``n``, in drawing order."""
    if type(rng) is not _RANDOM or k > _DRAWN_MOST:
        return rng.sample(range(n), k)
    getrandbits = rng.getrandbits
    result = []
    if n <= _LIST_MOST:
        pool = list(range(n))
        for i in range(k):
            left = n - i
            bits = left.bit_length()
            drawn = getrandbits(bits)
            while drawn >= left:
                drawn = getrandbits(bits)
            result.append(pool[drawn])
            pool[drawn] = pool[left - 1]  # the last of those not drawn takes the place of the one drawn
        return result
    bits = n.bit_length()
    for _ in range(k):  # a position drawn again is drawn anew
        drawn = getrandbits(bits)
        while drawn >= n or drawn in result:
            drawn = getrandbits(bits)
        result.append(drawn)
    return result
