"""The real event files (read in place from the shared folder) and small helpers for the formats' tests."""

from __future__ import annotations

import pytest

USEBIO_FILES = (
    "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml",
    "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml",
    "ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml",
    "ebuscore-two-sections-18boards-2025-01-02.usebio.xml",
    "realbridge-club-duplicate-8tables-2025-04-07.usebio.xml",
    "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml",
)
BRIDGEWEBS_PBN = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"


@pytest.fixture(scope="session")
def read_event(events_dir):
    """``read_event(name)``: a real file of ``../shared/data/events`` read by our reader for its format."""
    from scoring.domain.formats.pbn_results import read_pbn_results
    from scoring.domain.formats.usebio import read_usebio

    def read(name: str):
        data = (events_dir / name).read_bytes()
        reader = read_pbn_results if name.endswith(".pbn") else read_usebio
        return reader(data, source=name)

    return read


@pytest.fixture(scope="session")
def ranking():
    """``ranking(score)``: (pair, field, place, percentage — or total — at 2 decimals) of every pair, best first."""
    from scoring.domain.ranking import shown

    def of(score) -> list[tuple[str, str, str, str]]:
        return [
            (p.pair, p.field, p.place, shown(p.percentage if p.percentage is not None else p.total))
            for p in score.pairs
        ]

    return of
