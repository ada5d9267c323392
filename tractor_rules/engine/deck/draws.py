"""Random draws of the engine's players and deal: the numbers ``random.Random`` itself draws.

``choice(rng, seq)`` is ``rng.choice(seq)``, ``below(rng, n)`` is ``rng.randrange(n)``,
``between(rng, a, b)`` is ``rng.randint(a, b)``, ``shuffle(rng, x)`` is ``rng.shuffle(x)`` and
``sample(rng, seq, k)`` is ``rng.sample(seq, k)``: for a plain ``random.Random`` they draw the very
bits its methods draw, the way its methods turn them into a number (as many random bits as ``n`` has
binary digits, drawn again while the number is ``n`` or more), and so give exactly what they give;
any other generator (a subclass may draw otherwise) is asked through its own method. They exist
because the standard library's methods are interpreted Python, where this module is compiled with
the engine: a simulation draws a few hundred numbers a hand (the shuffle of the deal alone draws one
per card). tests/engine/test_draws.py holds them to the standard library's answers, seed by seed.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")

_Random = random.Random


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: a number from 0 to ``n - 1``."""
    if type(rng) is not _Random or n <= 0:
        return rng.randrange(n)  # a generator of its own, or the error ``randrange`` gives
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def between(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)``: a number from ``low`` to ``high``, both included."""
    if type(rng) is not _Random or high < low:
        return rng.randint(low, high)
    return low + below(rng, high - low + 1)


#: ``n.bit_length()`` of the numbers most draws are below (an index instead of a method call)
_BITS = tuple(n.bit_length() for n in range(256))


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: one item of ``seq``."""
    n = len(seq)
    if type(rng) is not _Random or not n:
        return rng.choice(seq)
    k = _BITS[n] if n < 256 else n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


def shuffle(rng: random.Random, x: MutableSequence[T]) -> None:
    """``rng.shuffle(x)``: ``x`` in a random order, in place."""
    if type(rng) is not _Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        # a place from 0 to i, drawn as ``below(rng, i + 1)`` draws it
        n = i + 1
        k = _BITS[n] if n < 256 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: ``k`` items of a list or tuple, drawn without replacement."""
    n = len(population)
    if type(rng) is not _Random or not 0 <= k <= n or type(population) not in (list, tuple):
        return rng.sample(population, k)  # a generator of its own, another sequence, or the error
    getrandbits = rng.getrandbits
    result = []
    # the standard library's choice between its two ways (the size of a list of the population
    # against the size of a set of the draws), and each way as it draws
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]  # the item not drawn moves into the place drawn
    else:
        selected = set()
        bits = n.bit_length()
        for i in range(k):
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            result.append(population[j])
    return result
