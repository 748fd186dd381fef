"""Streaming writers: every format decodes back to the reference deals; memory stays bounded."""

import io
import tracemalloc

import numpy as np
import pytest

from bridge.cards import Deal, board_dealer, board_vulnerability
from bridge.errors import BridgeError
from dealing.domain import bigdeal, generator, streaming

KEY = bytes(range(32))


class CountingSink(io.RawIOBase):
    """A binary file that keeps only a byte count."""

    def __init__(self):
        self.size = 0

    def writable(self):
        return True

    def write(self, data):
        self.size += len(data)
        return len(data)


def test_deal_lines_match_deal_to_pbn():
    _, owners = generator.deal_arrays(KEY, "lines", 0, 5000)
    lines = streaming.deal_lines(owners)
    assert lines.shape == (5000, 69)
    for k in range(0, 5000, 7):
        assert lines[k].tobytes().decode() == Deal(owners[k]).to_pbn()


def test_deal_lines_extremes_with_void_suits():
    from dealing.domain.numbering import D, numbers_from_ints, numbers_to_owners

    owners = numbers_to_owners(numbers_from_ints([0, D - 1]))
    assert [row.tobytes().decode() for row in streaming.deal_lines(owners)] == [
        "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432",
        "N:432.432.432.5432 765.765.8765.876 T98.JT98.JT9.JT9 AKQJ.AKQ.AKQ.AKQ",
    ]
    void = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert streaming.deal_lines(np.array([void.owners], dtype=np.uint8))[0].tobytes().decode() == void.to_pbn()


def written(fmt, start=0, count=300, label="set", chunk=128):
    out = io.BytesIO()
    streaming.write_deal_set(out, KEY, label, start, count, fmt, chunk=chunk)
    return out.getvalue()


def reference(start, count, label="set"):
    return [generator.deal(KEY, label, i) for i in range(start, start + count)]


def test_deals_format():
    lines = written("deals", start=1000, count=300).decode().splitlines()
    assert [Deal.from_pbn(line) for line in lines] == reference(1000, 300)


def test_pbn_format_tags_follow_law_2():
    text = written("pbn", start=0, count=40, label='Club "Wed" \\ night').decode()
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    records = [block for block in text.split("\n\n") if block.startswith("[Event")]
    assert len(records) == 40
    for board, record in enumerate(records, start=1):
        tags = dict(line[1:-1].split(" ", 1) for line in record.splitlines())
        assert tags["Event"] == '"Club \\"Wed\\" \\\\ night"'
        assert tags["Board"] == f'"{board}"'
        assert tags["Dealer"] == f'"{board_dealer(board).letter}"'
        assert tags["Vulnerable"] == f'"{board_vulnerability(board).pbn}"'
        assert Deal.from_pbn(tags["Deal"].strip('"')) == generator.deal(KEY, 'Club "Wed" \\ night', board - 1)


def test_numbers_csv_and_binary_formats():
    numbers = [generator.deal_number(KEY, "set", i) for i in range(50, 350)]
    assert [int(x) for x in written("numbers", start=50).split()] == numbers
    rows = written("csv", start=50).decode().splitlines()
    assert rows[0] == "index,board,number,deal"
    assert rows[1] == f"50,51,{numbers[0]},{generator.deal(KEY, 'set', 50).to_pbn()}"
    assert len(rows) == 301
    raw = written("binary", start=50)
    assert [int.from_bytes(raw[k : k + 12], "big") for k in range(0, len(raw), 12)] == numbers


@pytest.mark.parametrize("fmt", streaming.FORMATS)
def test_chunk_size_does_not_change_the_output(fmt):
    assert written(fmt, start=3, count=2500, chunk=1024) == written(fmt, start=3, count=2500, chunk=333)


def test_bigdeal_chunks_stream_through_the_same_writers():
    seed, owner = bigdeal.seed_random_from_entropy(["stream"]), bigdeal.owner_hash("stream")

    def chunks():
        first = 0
        for numbers, owners in bigdeal.bigdeal_chunks(seed, owner, 100, chunk=30):
            yield first, numbers, owners
            first += len(numbers)

    out = io.BytesIO()
    streaming.stream_chunks(out, chunks(), "deals")
    expected = [deal.to_pbn() for _, deal in bigdeal.bigdeal_deals(seed, owner, 1, 100)]
    assert out.getvalue().decode().splitlines() == expected


def test_progress_is_reported_per_chunk():
    seen = []
    streaming.write_deal_set(
        io.BytesIO(), KEY, "p", 0, 1000, "binary", chunk=256, on_progress=lambda done, total: seen.append((done, total))
    )
    assert seen == [(256, 1000), (512, 1000), (768, 1000), (1000, 1000)]


def test_memory_stays_bounded_for_a_large_stream():
    sink = CountingSink()
    tracemalloc.start()
    try:
        streaming.write_deal_set(sink, KEY, "big", 0, 400_000, "pbn", chunk=16_384)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert sink.size > 400_000 * 150  # about 163 bytes a record
    assert peak < 40_000_000  # a few chunks' worth, not 65 MB of output or 21 MB of owners


def test_unknown_format_is_refused():
    with pytest.raises(BridgeError, match="unknown format 'xml'"):
        streaming.write_deal_set(io.BytesIO(), KEY, "x", 0, 1, "xml")


def test_pbn_records_byte_for_byte():
    label = 'Club "Wed" \\ night'
    escaped = label.replace("\\", "\\\\").replace('"', '\\"')
    expected = '% PBN 2.1\n% EXPORT\n%\n[Generator "clubsite dealer v1"]\n\n' + "".join(
        f'[Event "{escaped}"]\n[Site "?"]\n[Date "?"]\n[Board "{i + 1}"]\n[Dealer "{board_dealer(i + 1).letter}"]\n'
        f'[Vulnerable "{board_vulnerability(i + 1).pbn}"]\n[Deal "{generator.deal(KEY, label, i).to_pbn()}"]\n\n'
        for i in range(990, 1030)
    )  # boards 991 … 1030: three and four digits
    assert written("pbn", start=990, count=40, label=label).decode() == expected


def test_the_last_indices_have_their_board_numbers():
    """Boards run up to 2^63 (index 2^63 − 1): the board number no longer fits a signed 64-bit int."""
    last = generator.MAX_INDEX - 1
    text = written("pbn", start=last - 2, count=3, label="end").decode()
    boards = [line for line in text.splitlines() if line.startswith("[Board ")]
    assert boards == [f'[Board "{b}"]' for b in (2**63 - 2, 2**63 - 1, 2**63)]
    assert '[Dealer "W"]\n[Vulnerable "EW"]' in text  # board 2^63: 2^63 ≡ 0 (mod 16), like board 16


@pytest.mark.parametrize("fmt", streaming.FORMATS)
def test_threads_do_not_change_the_output(fmt):
    one = io.BytesIO()
    streaming.write_deal_set(one, KEY, "t", 5, 5000, fmt, chunk=1024)
    seen = []
    two = io.BytesIO()
    streaming.write_deal_set(
        two, KEY, "t", 5, 5000, fmt, chunk=1024, threads=3, on_progress=lambda done, total: seen.append(done)
    )
    assert two.getvalue() == one.getvalue()
    assert seen == [1019, 2043, 3067, 4091, 5000]


def test_threaded_chunks_come_in_order():
    plain = list(generator.deal_chunks(KEY, "c", 100, 10_000, chunk=2048))
    threaded = list(generator.deal_chunks(KEY, "c", 100, 10_000, chunk=2048, threads=2))
    assert [c[0] for c in threaded] == [c[0] for c in plain] == [100, 2048, 4096, 6144, 8192]
    assert all((a[1] == b[1]).all() and (a[2] == b[2]).all() for a, b in zip(plain, threaded))
