"""Chunks of work on more than one core, in order and with bounded memory.

The dealing kernels release the GIL (numba ``nogil``; hashlib and numpy on large buffers),
so plain threads run them side by side:

* :func:`ordered_map` — ``map`` over independent items on several threads, results in input
  order, at most ``threads + 1`` of them alive at a time. Chunks of our dealer's sets are
  independent (deal *i* depends only on key, label and *i*), and so are BigDeal's candidates
  (counter value *s* gives one whatever the others give), so both are dealt this way while
  the calling thread writes the chunks already done.
* :func:`available_cpus` — the CPUs this process may run on.

An exception in a worker reaches the reader at the item where it happened; a reader that
stops early (``close()``, ``break``, an error of its own) gets no more work started.

>>> list(ordered_map(lambda x: x * x, range(6), threads=3))
[0, 1, 4, 9, 16, 25]
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

__all__ = ["ordered_map", "available_cpus"]

T = TypeVar("T")
R = TypeVar("R")


def available_cpus() -> int:
    """How many CPUs this process may use (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def ordered_map(function: Callable[[T], R], items: Iterable[T], threads: int) -> Iterator[R]:
    """``map(function, items)`` on ``threads`` threads, in order, ``threads + 1`` results at most in flight."""
    if threads <= 1:
        yield from map(function, items)
        return
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="dealing-map") as pool:
        pending: deque[Future[R]] = deque()
        try:
            for item in items:
                pending.append(pool.submit(function, item))
                if len(pending) > threads:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
