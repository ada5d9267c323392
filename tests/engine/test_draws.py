"""The engine's draws give exactly what ``random.Random``'s own methods give, seed by seed, and
leave any other generator to its own methods."""

from __future__ import annotations

import random

import pytest

from tractor_rules.engine.deck.draws import below, between, choice, sample, shuffle

SIZES = (1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 25, 54, 108, 216, 1000)


@pytest.mark.parametrize("seed", range(60))
def test_each_draw_is_the_standard_library_s(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in SIZES:
        x, y = list(range(n)), list(range(n))
        shuffle(ours, x)
        theirs.shuffle(y)
        assert x == y
        assert choice(ours, x) == theirs.choice(y)
        assert choice(ours, tuple(x)) == theirs.choice(tuple(y))
        assert below(ours, n) == theirs.randrange(n)
        assert between(ours, -3, n) == theirs.randint(-3, n)
        assert between(ours, n, n) == theirs.randint(n, n)
        for k in {0, 1, 2, n // 3, n // 2, 5, 6, 7, 20, n - 1, n}:  # both of the ways a sample is drawn
            if 0 <= k <= n:
                assert sample(ours, x, k) == theirs.sample(y, k)
                assert sample(ours, tuple(x), k) == theirs.sample(tuple(y), k)
    assert ours.getstate() == theirs.getstate()  # as many bits drawn, no more


def test_bad_draws_fail_as_the_standard_library_s():
    rng = random.Random(1)
    with pytest.raises(IndexError):
        choice(rng, [])
    with pytest.raises(ValueError):
        below(rng, 0)
    with pytest.raises(ValueError):
        between(rng, 3, 2)
    with pytest.raises(ValueError):
        sample(rng, [1, 2], 3)
    with pytest.raises(TypeError):
        sample(rng, {1, 2}, 1)  # a set is no sequence
    empty: list[int] = []
    shuffle(rng, empty)
    assert empty == [] and rng.getstate() == random.Random(1).getstate()


class Counting(random.Random):
    """A generator of its own: every method the draws could use is counted."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.asked: list[str] = []

    def choice(self, seq):
        self.asked.append("choice")
        return seq[0]

    def randrange(self, *args):
        self.asked.append("randrange")
        return 0

    def randint(self, a, b):
        self.asked.append("randint")
        return a

    def shuffle(self, x):
        self.asked.append("shuffle")
        x.reverse()

    def sample(self, population, k, **kwargs):
        self.asked.append("sample")
        return list(population[:k])


def test_another_generator_is_asked_through_its_own_methods():
    rng = Counting(3)
    x = [1, 2, 3]
    shuffle(rng, x)
    assert x == [3, 2, 1]
    assert choice(rng, x) == 3 and below(rng, 5) == 0 and between(rng, 4, 9) == 4
    assert sample(rng, x, 2) == [3, 2]
    assert rng.asked == ["shuffle", "choice", "randrange", "randint", "sample"]
