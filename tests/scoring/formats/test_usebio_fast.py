"""The USEBIO reader's fast pass gives the same event as the exact reader, and every error still names the line and
the element (Hypothesis; issue 20).

The files are written by our exporter (``usebio_writer``) from random events: contracts with and without leads,
passed-out boards, assigned and artificial scores (which the fast pass leaves to the exact reader), one section or
two; the damaged ones have one element of one traveller line spoiled.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.contract import Contract
from scoring.domain.engine import score_event
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.formats.usebio_writer import write_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine
from tests.scoring.formats.conftest import USEBIO_FILES

contracts = st.builds(
    Contract.from_str, st.sampled_from(["1N", "2H", "3N", "4S", "4SX", "5C", "6NXX", "7DX"]), st.sampled_from("NESW")
)
result = st.one_of(
    st.builds(Played, contracts, st.integers(0, 13), st.sampled_from(["", "SA", "H2", "DT", "CK"])),
    st.just(Played(None)),
    st.builds(Assigned.of, st.sampled_from([-500, -100, 0, 110, 420, 620])),
    st.just(Assigned.weighted(("1/5", 650), ("4/5", 620))),  # NOTES "Weighted: …": the exact reader's
    st.sampled_from([Artificial(60, 40), Artificial(50, 50), Artificial(40, 60)]),
)
plain = st.one_of(st.builds(Played, contracts, st.integers(0, 13)), st.just(Played(None)))
#: board → its results; each board played by the same tables, so a pair plays once a board.
boards = st.lists(st.lists(result, min_size=2, max_size=5), min_size=1, max_size=4)
plain_boards = st.lists(st.lists(plain, min_size=2, max_size=5), min_size=1, max_size=3)


def written(results_by_board, sections: int = 1) -> bytes:
    """Our USEBIO file of the event: the n-th table's pairs 2n − 1 (NS) v 2n (EW), in each section."""
    names = ["A", "B"][:sections] if sections > 1 else [""]
    lines = [
        TravellerLine(board, f"{name}{2 * n - 1}", f"{name}{2 * n}", r, section=name)
        for name in names
        for board, results in enumerate(results_by_board, start=1)
        for n, r in enumerate(results, start=1)
    ]
    event = FileEvent(name="Fast pass", lines=lines, sections=tuple(n for n in names if n))
    return write_usebio(event, score_event(lines, ScoringOptions()))


def same_event(fast: FileEvent, exact: FileEvent) -> None:
    assert fast == exact and fast.deals == exact.deals
    assert [line.extra for line in fast.lines] == [line.extra for line in exact.lines]
    assert [(p.line, p.written, p.players) for p in fast.pairs] == [(p.line, p.written, p.players) for p in exact.pairs]


@pytest.mark.slow
@settings(deadline=None, max_examples=60)
@given(boards, st.sampled_from([1, 2]))
def test_the_fast_pass_reads_our_files_as_the_exact_reader(results_by_board, sections):
    data = written(results_by_board, sections)
    same_event(read_usebio(data, source="x.xml"), read_usebio(data, source="x.xml", fast=False))


@pytest.mark.parametrize("name", USEBIO_FILES)
def test_the_fast_pass_reads_the_real_files_as_the_exact_reader(events_dir, name):
    # (RealBridge's lines carry LIN_DATA: the exact reader reads that file; the others are read by the fast pass)
    data = (events_dir / name).read_bytes()
    same_event(read_usebio(data, source=name), read_usebio(data, source=name, fast=False))


#: One element of a traveller line, spoiled: (tag, new text) — or ``None`` to leave the element out.
SPOILED = [
    ("NS_PAIR_NUMBER", "x"),
    ("NS_PAIR_NUMBER", None),
    ("EW_PAIR_NUMBER", "0"),
    ("CONTRACT", "9Z"),
    ("CONTRACT", None),
    ("PLAYED_BY", "Q"),
    ("PLAYED_BY", None),
    ("TRICKS", "x"),
    ("TRICKS", "14"),
    ("SCORE", "1e3"),
    ("SCORE", "A9999"),
]


def spoil(data: bytes, index: int, tag: str, text: str | None) -> tuple[bytes, int] | None:
    """``data`` with the ``tag`` of its ``index``-th traveller line that has one spoiled, and that line's line
    number in the file; None when no line has the element."""
    lines = data.decode().split("\n")
    found = [n for n, line in enumerate(lines) if line.strip().startswith(f"<{tag}>")]
    if not found:
        return None
    n = found[index % len(found)]
    if text is None:
        lines[n] = ""
    else:
        lines[n] = re.sub(rf"<{tag}>.*</{tag}>", f"<{tag}>{text}</{tag}>", lines[n])
    opening = max(i for i in range(n + 1) if lines[i].strip() == "<TRAVELLER_LINE>")
    return "\n".join(lines).encode(), opening + 1


@pytest.mark.slow
@settings(deadline=None, max_examples=60)
@given(plain_boards, st.sampled_from(SPOILED), st.integers(0, 50))
def test_every_error_still_names_the_line_and_the_element(results_by_board, spoiled, index):
    tag, text = spoiled
    damaged = spoil(written(results_by_board), index, tag, text)
    if damaged is None:
        return
    data, opening = damaged
    try:
        exact = read_usebio(data, source="x.xml", fast=False)
    except ScoringError as error:
        with pytest.raises(ScoringError) as fast:
            read_usebio(data, source="x.xml")
        assert str(fast.value) == str(error)
        assert fast.value.line is not None and fast.value.where
        assert opening <= fast.value.line <= opening + 10  # the traveller line, or the element of it that is wrong
        assert str(fast.value).startswith(f"x.xml: line {fast.value.line} ({fast.value.where})")
    else:  # no error (a line without its contract is an assigned score): the same event
        same_event(read_usebio(data, source="x.xml"), exact)


def test_a_truncated_file_names_the_element_left_open():
    data = written([[Played(Contract.from_str("4S", "N"), 10), Played(None)]])
    cut = data[: data.index(b"<TRICKS>") + 3]
    with pytest.raises(ScoringError) as fast:
        read_usebio(cut, source="x.xml")
    with pytest.raises(ScoringError) as exact:
        read_usebio(cut, source="x.xml", fast=False)
    assert str(fast.value) == str(exact.value)
    assert "line" in str(fast.value)


def test_entities_are_refused_as_before():
    data = written([[Played(Contract.from_str("4S", "N"), 10), Played(None)]])
    bomb = data.replace(b"<USEBIO ", b'<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa">]>\n<USEBIO ', 1).replace(
        b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n', b""
    )
    with pytest.raises(ScoringError) as fast:
        read_usebio(bomb, source="x.xml")
    assert "xml.entity" == fast.value.reason.code
