"""WeasyPrint with fewer garbage collections, for every printing module (guide cards, hand records, results).

WeasyPrint builds millions of small objects: with Python's default garbage-collector thresholds a good part of a
64-pair guide-card PDF's time went to young-generation collections (about 42 s; 34 s with these settings, the same
peak memory: docs/benchmarks.md). ``fewer_collections()`` raises the thresholds while a render runs and restores
them, with one full collection, when the last render running in the process ends.
"""

from __future__ import annotations

import gc as collector
import threading
from contextlib import contextmanager

RENDER_GC_THRESHOLD = (10_000, 10, 10)  # gen-0 allocations (default 700) while rendering
_lock = threading.Lock()
_renders = [0, None]  # renders running, the thresholds to restore when the last ends


@contextmanager
def fewer_collections():
    """Raise the collector's thresholds while WeasyPrint runs; restore them (and collect) when the last render in
    the process ends."""
    with _lock:
        if _renders[0] == 0:
            _renders[1] = collector.get_threshold()
            collector.set_threshold(*RENDER_GC_THRESHOLD)
        _renders[0] += 1
    try:
        yield
    finally:
        with _lock:
            _renders[0] -= 1
            if _renders[0] == 0:
                collector.set_threshold(*_renders[1])
        collector.collect()
