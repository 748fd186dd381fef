"""Fixtures for deal-set tests: a throw-away deal-set storage, commitments, and the sequential reference."""

from __future__ import annotations

import gzip
import io

import pytest

from bridge.cards import board_dealer, board_vulnerability
from dealing.domain import analysis as dd
from dealing.domain import generator, streaming


@pytest.fixture
def deal_set_root(settings, tmp_path):
    """The ``deal_sets`` storage in a temporary directory; returns that directory."""
    root = tmp_path / "deal-sets"
    settings.STORAGES = {
        **settings.STORAGES,
        "deal_sets": {"BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": str(root)}},
    }
    return root


def _commitment(club, director, sessions, *, publish=True, dv="43275.91"):
    from dealing.services.commitments import commitment_create, commitment_enter_dv, commitment_publish

    commitment = commitment_create(
        club=club,
        user=director,
        event="Autumn congress",
        promise="DJIA close 2026-11-20",
        dv_format="decimal:2",
        sessions=[(s, 4) for s in sessions],
    )
    if publish:
        commitment = commitment_publish(commitment=commitment, user=director)
        if dv:
            commitment = commitment_enter_dv(commitment=commitment, user=director, value=dv)
    return commitment


@pytest.fixture
def make_commitment():
    return _commitment


def sequential_output(code: str, key: bytes, label: str, count: int) -> bytes:
    """What one process writes, deal after deal, for an output of a deal set (the reference)."""
    if code == "analysis":
        rows = [b"index,board,double_dummy_tricks,optimum_score,par_contract\n"]
        for i in range(count):
            a = dd.analyse(generator.deal(key, label, i), board_vulnerability(i + 1), board_dealer(i + 1))
            rows.append(
                f"{i},{i + 1},{a.table.to_pbn_tricks()},{a.par.optimum_score_pbn()},"
                f"{a.par.par_contract_pbn()}\n".encode()
            )
        return b"".join(rows)
    if code == "pbn-gz":  # one gzip member for the header, one per 16,384 deals
        out = [gzip.compress(streaming.header("pbn", label), compresslevel=6, mtime=0)]
        for first, numbers, owners in generator.deal_chunks(key, label, 0, count, chunk=16_384):
            out.append(
                gzip.compress(streaming.encode_chunk("pbn", first, numbers, owners, label), compresslevel=6, mtime=0)
            )
        return b"".join(out)
    buffer = io.BytesIO()
    streaming.write_deal_set(buffer, key, label, 0, count, {"pbn": "pbn", "csv": "csv", "binary": "binary"}[code])
    return buffer.getvalue()
