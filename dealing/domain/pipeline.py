"""Chunks of work on more than one core, in order and with bounded memory.

The dealing kernels release the GIL (numba ``nogil``; hashlib and numpy on large buffers),
so plain threads run them side by side. Two shapes serve the bulk writers:

* :func:`ahead` — run an iterator in a background thread, a few items ahead of its reader:
  BigDeal's chunks must be made one after another (each starts where the last one's counter
  stopped), but the next one can be dealt while this one is written.
* :func:`ordered_map` — ``map`` over independent items on several threads, results in input
  order, at most ``threads + 1`` of them alive at a time: chunks of our dealer's sets are
  independent (deal *i* depends only on key, label and *i*).
* :func:`available_cpus` — the CPUs this process may run on.

An exception in a worker reaches the reader at the item where it happened; a reader that
stops early (``close()``, ``break``, an error of its own) stops the workers.

>>> list(ahead(iter(range(5))))
[0, 1, 2, 3, 4]
>>> list(ordered_map(lambda x: x * x, range(6), threads=3))
[0, 1, 4, 9, 16, 25]
"""

from __future__ import annotations

import os
import queue
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["ahead", "ordered_map", "available_cpus"]

T = TypeVar("T")
R = TypeVar("R")
_DONE = object()


def available_cpus() -> int:
    """How many CPUs this process may use (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def ahead(items: Iterator[T], depth: int = 2) -> Iterator[T]:
    """Yield ``items`` in order while a background thread produces up to ``depth`` more."""
    slots: queue.Queue = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def produce() -> None:
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        slots.put((item, None), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            slots.put((_DONE, None))
        except BaseException as exc:  # handed to the reader, raised there
            slots.put((_DONE, exc))

    worker = threading.Thread(target=produce, name="dealing-ahead", daemon=True)
    worker.start()
    try:
        while True:
            item, error = slots.get()
            if item is _DONE:
                if error is not None:
                    raise error
                return
            yield item
    finally:
        stop.set()
        while worker.is_alive():
            try:
                slots.get_nowait()
            except queue.Empty:
                worker.join(0.05)


def ordered_map(function: Callable[[T], R], items: Iterable[T], threads: int) -> Iterator[R]:
    """``map(function, items)`` on ``threads`` threads, in order, ``threads + 1`` results at most in flight."""
    if threads <= 1:
        yield from map(function, items)
        return
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="dealing-map") as pool:
        pending: deque = deque()
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
