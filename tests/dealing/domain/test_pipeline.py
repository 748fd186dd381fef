"""pipeline.py: work on more than one thread, results in order, errors and early stops handled."""

from __future__ import annotations

import time

import pytest

from dealing.domain.pipeline import available_cpus, ordered_map


def test_ordered_map_keeps_the_order_with_uneven_work():
    def slow_square(x):
        time.sleep(0.002 * (x % 3))
        return x * x

    assert list(ordered_map(slow_square, range(40), threads=4)) == [x * x for x in range(40)]
    assert list(ordered_map(slow_square, range(5), threads=1)) == [0, 1, 4, 9, 16]


def test_ordered_map_raises_where_the_work_failed():
    def work(x):
        if x == 3:
            raise ValueError("three")
        return x

    results = ordered_map(work, range(10), threads=2)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError, match="three"):
        next(results)


def test_ordered_map_holds_few_results_at_a_time():
    started = []

    def work(x):
        started.append(x)
        return x

    results = ordered_map(work, range(1000), threads=2)
    next(results)
    time.sleep(0.1)
    assert len(started) <= 4
    results.close()


def test_available_cpus_is_at_least_one():
    assert available_cpus() >= 1
