"""The engine's quick draws are random.Random's own: the same numbers, and the generator left in the same state."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.core.draws import below, drawn_positions, up_to


@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 2**70), min_size=1, max_size=30))
def test_below_draws_what_randrange_draws(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), tops=st.lists(st.integers(0, 200), min_size=1, max_size=30))
def test_up_to_draws_what_randint_draws(seed: int, tops: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [up_to(ours, most) for most in tops] == [theirs.randint(0, most) for most in tops]
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), data=st.data())
def test_positions_draw_what_sample_draws(seed: int, data: st.DataObject) -> None:
    """Every size on both sides of the list's way and the set's way (n past 21, k past 5)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(10):
        n = data.draw(st.integers(0, 40))
        k = data.draw(st.integers(0, n))
        assert drawn_positions(ours, n, k) == theirs.sample(range(n), k)
    assert ours.getstate() == theirs.getstate()


def test_every_small_case_on_many_seeds() -> None:
    """The sizes a game's draws meet, exhaustively, on a thousand seeds."""
    for seed in range(1000):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in range(0, 24):
            for k in range(0, min(n, 7) + 1):
                assert drawn_positions(ours, n, k) == theirs.sample(range(n), k)
            if n:
                assert below(ours, n) == theirs.randrange(n)
            assert up_to(ours, n) == theirs.randint(0, n)
        assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A generator of another class: asked through its own methods."""

    def __init__(self) -> None:
        super().__init__(5)
        self.asked: list[str] = []

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        self.asked.append("randrange")
        return super().randrange(*args)

    def randint(self, a: int, b: int) -> int:
        self.asked.append("randint")
        return super().randint(a, b)

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
        self.asked.append("sample")
        return super().sample(population, k, counts=counts)


def test_a_generator_of_another_class_is_asked_its_own_way() -> None:
    rng = _Counting()
    below(rng, 7)
    up_to(rng, 3)
    drawn_positions(rng, 6, 2)
    assert rng.asked[0] == "randrange"
    assert rng.asked[1] == "randint"
    assert "sample" in rng.asked[2:]
