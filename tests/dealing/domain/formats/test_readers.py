"""Readers for the machine formats (DUP, DLM), LIN and CSV: they read the real bigdealx files
back to the deals that made them, read LIN from another program, and reject damaged input with
an error that says where."""

from __future__ import annotations

import re

import pytest

from bridge.cards import Deal
from bridge.errors import BridgeError
from dealing.domain.formats import read_deals
from dealing.domain.formats.csv_format import read_csv
from dealing.domain.formats.duplimate import read_dlm, read_dup
from dealing.domain.formats.lin import read_lin


@pytest.mark.parametrize(
    ("run", "filename", "fmt"),
    [
        ("wizard32", "wizard32.dup", "dup"),
        ("wizard32", "wizard32blind.dup", "dupblind"),
        ("wizard32", "wizard32.dlm", "dlm"),
        ("wizard32", "wizard32blind.dlm", "dlmblind"),
        ("wizard32", "wizard32.lin", "lin"),
        ("wizard32", "wizard32.csv", "csv"),
        ("wizard32", "wizard32.pbn", "pbn"),
        ("range17", "range17.dlm", "dlm"),
        ("range17", "range17.lin", "lin"),
        ("range17", "range17.csv", "csv"),
        ("edge", "edge.dlm", "dlm"),
        ("edge", "edge.pbn", "pbn"),
        ("big", "big.csv", "csv"),
    ],
)
def test_reader_returns_the_deals_bigdealx_wrote(run, filename, fmt, boards_of, golden_dir):
    assert read_deals(fmt, (golden_dir / run / filename).read_bytes()) == boards_of(run)


def test_dup_records_carry_no_board_numbers(boards_of, golden_dir):
    data = (golden_dir / "range17" / "range17.dup").read_bytes()
    assert read_dup(data) == [(b - 16, d) for b, d in boards_of("range17")]
    assert read_dup(data, first_board=17) == boards_of("range17")


def test_formats_without_a_reader_say_which_can_be_read():
    with pytest.raises(BridgeError, match="kops can be written but not read; readable: dup, dupblind, dlm"):
        read_deals("kops", b"")


# --- damaged input ---------------------------------------------------------------------------


def _dup(golden_dir) -> bytes:
    return (golden_dir / "three" / "three.dup").read_bytes()


def test_dup_wrong_length(golden_dir):
    with pytest.raises(BridgeError, match="156 bytes per board; this one has 467"):
        read_dup(_dup(golden_dir)[:-1])


def test_dup_card_given_twice(golden_dir):
    data = bytearray(_dup(golden_dir))
    data[2:4] = data[0:2]
    with pytest.raises(BridgeError, match=r"DUP record 1 \(byte 0\): card .* is given twice"):
        read_dup(bytes(data))


def test_dup_screen_disagreeing_with_numbers(golden_dir):
    data = bytearray(_dup(golden_dir))
    data[156 + 80] = ord("2") if data[156 + 80] != ord("2") else ord("3")
    with pytest.raises(BridgeError, match=r"DUP record 2 \(byte 156\): the on-screen cards"):
        read_dup(bytes(data))


def test_dlm_bad_checksum_names_line_and_board(golden_dir):
    text = (golden_dir / "three" / "three.dlm").read_text()
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("Board 02="))
    lines[index] = lines[index][:-3] + "000"
    with pytest.raises(BridgeError, match=rf"line {index + 1}: Board 02: checksum 000, expected \d{{3}}") as info:
        read_dlm("\n".join(lines))
    assert info.value.field == "Board 02" and info.value.line == index + 1


def test_dlm_header_checksum(golden_dir):
    text = (golden_dir / "three" / "three.dlm").read_text().replace("Status=Show", "Status=Sealed")
    with pytest.raises(BridgeError, match="line 10: DLM header checksum is 3, expected 2"):
        read_dlm(text)


def test_dlm_missing_board(golden_dir):
    text = re.sub(r"Board 03=.*\n", "", (golden_dir / "three" / "three.dlm").read_text())
    with pytest.raises(BridgeError, match="lacks board 3"):
        read_dlm(text)


# --- LIN -----------------------------------------------------------------------------------


def test_lin_from_realbridge_usebio(events_dir):
    """RealBridge puts URL-encoded LIN in every traveller line; each board's deal is the same."""
    xml = (events_dir / "realbridge-club-duplicate-8tables-2025-04-07.usebio.xml").read_text()
    records = re.findall(r"<LIN_DATA>([^<]*)</LIN_DATA>", xml)
    assert len(records) == 168
    boards = [b for r in records for b in read_lin(r)]
    assert len(boards) == 168
    by_board: dict[int, set[Deal]] = {}
    for b in boards:
        by_board.setdefault(b.board, set()).add(b.deal)
    assert sorted(by_board) == list(range(1, 22))
    assert all(len(deals) == 1 for deals in by_board.values())
    first = next(b for b in boards if b.board == 1)
    assert first.deal.to_pbn().startswith("N:AT86.T82.T9743.T ")  # md|3 S J43…, W K72…, N AT86…
    assert first.dealer.letter == "N" and first.vulnerability.pbn == "None"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("qx|o1|md|5SAK|", "dealer digit must be 1"),
        ("qx|o1|md|3SAKQJT98765432HA,S,S|", "line 1: md: South's hand 'SAKQJT98765432HA' has 14 cards, not 13"),
        ("qx|o1|md|3AKQ,S,S|", "before any suit letter"),
    ],
)
def test_lin_errors(line, message):
    with pytest.raises(BridgeError, match=message):
        read_lin(line)


# --- CSV -----------------------------------------------------------------------------------


def test_csv_errors_name_the_line(golden_dir):
    lines = (golden_dir / "three" / "three.csv").read_text().splitlines()
    bad = lines[:]
    fields = bad[1].rsplit('","', 2)
    assert fields[1] == "2"
    bad[1] = '","'.join([fields[0], "3", fields[2]])
    with pytest.raises(BridgeError, match="line 2: board 3: dealer/vulnerability"):
        read_csv("\n".join(bad))
    short = lines[:]
    short[2] = short[2][: short[2].rindex(",")]
    with pytest.raises(BridgeError, match="line 3: a BigDeal CSV line has 18 fields"):
        read_csv("\n".join(short))
