"""numpy's pairwise-summation tree cut into leaves, and leaf values folded back along it (no numpy needed: the
compare's early pass cuts its leaves before numpy is imported). Why the folded sums carry numpy's bits:
:mod:`.pairwise`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

PW_BLOCKSIZE = 128
"""numpy's pairwise-summation block size: ranges up to this length are summed without splitting."""

DEFAULT_LEAF = 1 << 17
"""Elements per leaf: a leaf and its temporaries stay in a 2 MiB L2 cache, and each numpy call is long
enough (tens of microseconds) that threads rarely wait for the GIL between calls."""

T = TypeVar("T")


def _split(n: int) -> int:
    half = n // 2
    return half - half % 8


def leaves(n: int, leaf: int = DEFAULT_LEAF) -> list[tuple[int, int]]:
    """The ``(start, stop)`` ranges of the pairwise tree's leaves for ``n`` elements, in order."""
    leaf = max(int(leaf), PW_BLOCKSIZE)
    out: list[tuple[int, int]] = []
    stack = [(0, n)]
    while stack:
        start, size = stack.pop()
        if size <= leaf:
            out.append((start, start + size))
            continue
        n2 = _split(size)
        stack.append((start + n2, size - n2))
        stack.append((start, n2))
    return out


def combine(n: int, values: Sequence[T], add: Callable[[T, T], T], leaf: int = DEFAULT_LEAF) -> T:
    """Fold per-leaf ``values`` (from :func:`leaves` with the same ``n``/``leaf``) along the pairwise tree."""
    leaf = max(int(leaf), PW_BLOCKSIZE)
    it: Iterator[T] = iter(values)

    def rec(size: int) -> T:
        if size <= leaf:
            return next(it)
        n2 = _split(size)
        left = rec(n2)
        return add(left, rec(size - n2))

    return rec(n)
