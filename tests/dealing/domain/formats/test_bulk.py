"""The bulk writers (formats/bulk.py, the fast path of ``manage.py bigdeal``) write exactly what
the reference writers write: on 100,000 deals in every format, on the real bigdealx's golden
files, and whatever the chunks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bridge.cards import Deal
from bridge.errors import BridgeError
from dealing.domain import bigdeal
from dealing.domain.formats import BIGDEAL_GENERATOR, FORMATS, Run, render
from dealing.domain.formats.bulk import bulk_writer, render_arrays

from .conftest import GOLDEN_RUNS
from .test_bigdeal_layouts import CASES as GOLDEN_CASES

COUNT = 100_000
FIRST = 99_950  # the board numbers grow from 5 to 6 digits on the way


@pytest.fixture(scope="module")
def many():
    """100,000 BigDeal deals: their numbers, owners and Deal objects (board FIRST onwards)."""
    seed, owner = bigdeal.seed_random_from_entropy(["bulk writers"]), bigdeal.owner_hash("reference path")
    numbers, owners = bigdeal.bigdeal_arrays(seed, owner, COUNT)
    deals = [Deal(row) for row in owners.tolist()]
    return numbers, owners, deals


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n, f in FORMATS.items() if f.max_board is None])
def test_every_format_equals_the_reference_on_100000_deals(name, many):
    numbers, owners, deals = many
    expected = render(name, [(FIRST + k, deal) for k, deal in enumerate(deals)])
    assert render_arrays(name, FIRST, numbers, owners) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n, f in FORMATS.items() if f.max_board is not None])
def test_duplimate_formats_equal_the_reference_on_100000_deals(name, many):
    """DUP and DLM hold boards 1 … 99: 100,000 deals as runs of 99 boards (and a shorter last one)."""
    numbers, owners, deals = many
    for start in range(0, COUNT, 99):
        n = min(99, COUNT - start)
        expected = render(name, [(1 + k, deal) for k, deal in enumerate(deals[start : start + n])])
        assert render_arrays(name, 1, numbers[start : start + n], owners[start : start + n]) == expected, start


@pytest.mark.parametrize(("run", "filename", "fmt"), GOLDEN_CASES, ids=[f"{c[1]}-{c[2]}" for c in GOLDEN_CASES])
def test_bulk_writer_reproduces_bigdealx(run, filename, fmt, golden_dir):
    seed, owner, low, high = GOLDEN_RUNS[run]
    numbers, owners = bigdeal.bigdeal_arrays(seed(), bigdeal.owner_hash(owner), high - low + 1)
    options = {"generator": BIGDEAL_GENERATOR} if fmt == "pbn" else {}
    assert render_arrays(fmt, low, numbers, owners, **options) == (golden_dir / run / filename).read_bytes()


def test_stats_overflow_of_20000_boards(golden_dir):
    seed, owner = bigdeal.seed_random_from_entropy(["twenty thousand"]), bigdeal.owner_hash("Stats Run")
    numbers, owners = bigdeal.bigdeal_arrays(seed, owner, 20000)
    assert render_arrays("stats", 1, numbers, owners) == (golden_dir / "stats20k" / "stats20k.txt").read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pbn", "lin", "csv", "goedel", "stats", "borel", "cds", "dlm", "dupblind"])
def test_chunks_of_any_size_write_the_same_file(name, many):
    numbers, owners, _ = many
    high = 99 if FORMATS[name].max_board else 3000
    first = 1
    whole = render_arrays(name, first, numbers[:high], owners[:high])
    writer = bulk_writer(name, Run.range(first, high))
    parts = [writer.header()]
    cuts = [0, 1, 8, 9, 10, 27, 50, 99, 100, 1000, 1017, high]
    for a, b in itertools.pairwise(cuts):
        if a < b <= high:
            parts.append(writer.chunk(first + a, numbers[a:b], owners[a:b]))
    parts.append(writer.footer())
    assert b"".join(parts) == whole


def test_chunks_must_come_in_order_and_cover_the_run(many):
    numbers, owners, _ = many
    writer = bulk_writer("pbn", Run.range(1, 10))
    writer.header()
    with pytest.raises(BridgeError, match="in order"):
        writer.chunk(2, numbers[:3], owners[:3])
    writer.chunk(1, numbers[:3], owners[:3])
    with pytest.raises(BridgeError, match="in order"):
        writer.chunk(4, numbers[:8], owners[:8])  # past the run's last board
    with pytest.raises(BridgeError, match="were not written"):
        writer.footer()


def test_duplimate_formats_refuse_boards_above_99(many):
    numbers, owners, _ = many
    with pytest.raises(BridgeError, match="holds boards 1 … 99"):
        bulk_writer("dup", Run.range(95, 100))
    with pytest.raises(BridgeError, match="holds boards 1 … 99"):
        render_arrays("dlm", 98, numbers[:3], owners[:3])


def test_board_numbers_up_to_bigdealx_limit(many):
    numbers, owners, deals = many
    first = bigdeal.MAX_BOARDS - 20  # 10-digit boards
    for name in ("pbn", "lin", "csv", "cds"):
        expected = render(name, [(first + k, deal) for k, deal in enumerate(deals[:21])])
        assert render_arrays(name, first, numbers[:21], owners[:21]) == expected


def test_extreme_deals():
    """A whole suit to each seat (voids everywhere), and cards dealt round: the layouts' corners."""
    corners = np.array(
        [
            [c // 13 for c in range(52)],
            [3 - c // 13 for c in range(52)],
            [c % 4 for c in range(52)],
            [(c % 13 + c // 13) % 4 for c in range(52)],
        ],
        dtype=np.uint8,
    )
    deals = [Deal(row.tolist()) for row in corners]
    numbers = np.array([list(bigdeal.deal_to_godel(d).to_bytes(12, "big")) for d in deals], dtype=np.uint8)
    for name in FORMATS:
        boards = [(1 + k, deal) for k, deal in enumerate(deals)]
        assert render_arrays(name, 1, numbers, corners) == render(name, boards), name
