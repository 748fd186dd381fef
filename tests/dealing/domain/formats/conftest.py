"""Shared helpers for the format tests: the golden BigDeal runs (the real files come from the suite's
``events_dir`` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealing.domain import bigdeal

REPO = Path(__file__).resolve().parents[4]
GOLDEN = REPO / "tests" / "data" / "bigdeal"

# The seeds and owners of the golden runs (tests/data/bigdeal/README.md).
GOLDEN_RUNS = {
    "wizard32": (lambda: bigdeal.seed_random_from_entropy(["entropy one", "entropy two"]), "Test Club Owner", 1, 32),
    "range17": (
        lambda: bigdeal.seed_from_hex("0123456789abcdefFEDCBA9876543210DeadBeef"),
        "Welwyn Garden City Bridge Club",
        17,
        32,
    ),
    "three": (lambda: bigdeal.seed_random_from_entropy(["abc"]), bigdeal.DEFAULT_OWNER, 1, 3),
    "edge": (lambda: bigdeal.seed_from_hex("F" * 40), "Edge", 90, 99),
    "big": (lambda: bigdeal.seed_random_from_entropy(["one thousand"]), "Big Run", 1, 1000),
}


def golden_boards(run: str) -> list:
    seed, owner, low, high = GOLDEN_RUNS[run]
    return bigdeal.bigdeal_deals(seed(), bigdeal.owner_hash(owner), low, high)


@pytest.fixture(scope="session")
def wizard32_boards():
    return golden_boards("wizard32")


@pytest.fixture(scope="session")
def boards_of():
    """``boards_of("wizard32")`` → the golden run's ``(board, deal)`` pairs (cached)."""
    cache: dict[str, list] = {}

    def get(run: str) -> list:
        if run not in cache:
            cache[run] = golden_boards(run)
        return cache[run]

    return get


@pytest.fixture(scope="session")
def golden_dir() -> Path:
    return GOLDEN
