"""WeasyPrint with fewer garbage collections, for every printing module (guide cards, hand records, results).

WeasyPrint builds millions of small objects: with Python's default garbage-collector thresholds a good part of a
64-pair guide-card PDF's time went to young-generation collections (about 42 s; 34 s with these settings, the same
peak memory: docs/benchmarks.md). ``fewer_collections()`` raises the thresholds while a render runs and restores
them, with one full collection, when the last render running in the process ends.
"""

from __future__ import annotations

import gc as collector
import threading
from collections.abc import Iterator
from contextlib import contextmanager

RENDER_GC_THRESHOLD = (10_000, 10, 10)  # gen-0 allocations (default 700) while rendering
_lock = threading.Lock()


class _Renders:
    """The renders running in the process, and the thresholds to restore when the last ends (guarded by _lock)."""

    running: int = 0
    saved: tuple[int, int, int] | None = None


_renders = _Renders()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the collector's thresholds while WeasyPrint runs; restore them (and collect) when the last render in
    the process ends."""
    with _lock:
        if _renders.running == 0:
            _renders.saved = collector.get_threshold()
            collector.set_threshold(*RENDER_GC_THRESHOLD)
        _renders.running += 1
    try:
        yield
    finally:
        with _lock:
            _renders.running -= 1
            if _renders.running == 0:
                assert _renders.saved is not None  # saved when the count left 0, under the same lock
                collector.set_threshold(*_renders.saved)
        collector.collect()
