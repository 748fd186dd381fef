"""Every BigDeal output format, written by our domain writers, equals the real bigdealx's file
byte for byte (tests/data/bigdeal, made by the real program; see its README)."""

from __future__ import annotations

import pytest

from bridge.errors import BridgeError
from dealing.domain.formats import BIGDEAL_GENERATOR, FORMATS, Run, get_format, parse_format_list, render

# (golden run, file name, format)
CASES = (
    [
        (run, f"{prefix}{suffix}", fmt)
        for run, prefix, blind in [("wizard32", "wizard32", ""), ("range17", "range17", ""), ("three", "three", "")]
        for fmt, suffix in [
            ("pbn", ".pbn"),
            ("dup", ".dup"),
            ("dlm", ".dlm"),
            ("bri", ".bri"),
            ("dge", ".dge"),
            ("ber", ".ber"),
            ("borel", ".bhg"),
            ("lin", ".lin"),
            ("csv", ".csv"),
            ("kops", ".rzd"),
        ]
    ]
    + [
        (run, f"{run}blind{suffix}", fmt)
        for run in ("wizard32", "range17", "three")
        for fmt, suffix in [
            ("cds", ".cds"),
            ("goedel", ".goe"),
            ("stats", ".txt"),
            ("dupblind", ".dup"),
            ("dlmblind", ".dlm"),
        ]
    ]
    + [
        ("edge", f"edge{suffix}", fmt)
        for fmt, suffix in [
            ("dup", ".dup"),
            ("dlm", ".dlm"),
            ("pbn", ".pbn"),
            ("cds", ".cds"),
            ("kops", ".rzd"),
            ("borel", ".bhg"),
        ]
    ]
    + [("big", "big.txt", "stats"), ("big", "big.goe", "goedel"), ("big", "big.csv", "csv")]
)


@pytest.mark.parametrize(("run", "filename", "fmt"), CASES, ids=[f"{c[1]}-{c[2]}" for c in CASES])
def test_writer_reproduces_bigdealx(run, filename, fmt, boards_of, golden_dir):
    boards = boards_of(run)
    options = {"generator": BIGDEAL_GENERATOR} if fmt == "pbn" else {}
    written = render(fmt, boards, run=Run.range(boards[0][0], boards[-1][0]), **options)
    assert written == (golden_dir / run / filename).read_bytes()


def test_our_pbn_differs_from_bigdealx_only_in_the_generator_line(boards_of, golden_dir):
    ours = render("pbn", boards_of("wizard32")).decode().splitlines()
    theirs = (golden_dir / "wizard32" / "wizard32.pbn").read_text().splitlines()
    assert len(ours) == len(theirs)
    differing = [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    assert differing == [3]
    assert ours[3].startswith("[Generator ") and "Big Deal version 2.0" not in ours[3]


def test_real_wbg_2024_file_is_reproduced(golden_dir):
    """The organiser's FIN1.pbn of the World Bridge Games 2024: read its deals, write them again."""
    from dealing.domain.formats.pbn import read_pbn

    real = (golden_dir / "wbg2024-fin1" / "FIN1.pbn").read_bytes()
    boards = read_pbn(real).boards()
    assert [b for b, _ in boards] == list(range(1, 17))
    assert render("pbn", boards, generator=BIGDEAL_GENERATOR) == real
    assert render("goedel", boards) == (golden_dir / "wbg2024-fin1" / "FIN1.goe").read_bytes()


def test_stats_reproduces_bigdealx_32_bit_overflow(golden_dir):
    """20,000 boards: BigDeal's int arithmetic overflows into negative "percentages"; we match it."""
    from types import SimpleNamespace

    from dealing.domain import bigdeal

    seed = bigdeal.seed_random_from_entropy(["twenty thousand"])
    owner = bigdeal.owner_hash("Stats Run")
    ((_, owners),) = bigdeal.bigdeal_chunks(seed, owner, 20000, chunk=20000)
    # The stats writer reads only ``deal.owners``; skip building 20,000 Deal objects.
    boards = [(board, SimpleNamespace(owners=row)) for board, row in enumerate(owners.tolist(), start=1)]
    expected = (golden_dir / "stats20k" / "stats20k.txt").read_bytes()
    assert b"-1.-60-1-1%" in expected  # the overflow is really there
    assert render("stats", boards) == expected


def test_registry_lists_formats_in_bigdeal_order():
    assert list(FORMATS) == [
        "dup",
        "dupblind",
        "dlm",
        "dlmblind",
        "bri",
        "dge",
        "pbn",
        "lin",
        "csv",
        "ber",
        "borel",
        "kops",
        "cds",
        "goedel",
        "stats",
        "stdout",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pbn,nope", "unknown format 'nope'; known formats: dup, dupblind"),
        ("dup,dupblind", "cannot use dupblind: dup already writes to suffix .dup"),
        ("dlm,dlmblind", "cannot use dlmblind: dlm already writes to suffix .dlm"),
        ("pbn,,dup", "empty format name"),
    ],
)
def test_bad_format_lists_are_refused_with_the_known_names(text, message):
    with pytest.raises(BridgeError, match=message.replace(".", r"\.")):
        parse_format_list(text)


def test_format_names_are_case_insensitive():
    assert get_format(" PBN ").name == "pbn"


@pytest.mark.parametrize("fmt", ["dup", "dupblind", "dlm", "dlmblind"])
def test_duplimate_formats_refuse_boards_above_99(fmt, boards_of):
    boards = [(100, boards_of("three")[0][1])]
    with pytest.raises(BridgeError, match="board 100"):
        render(fmt, boards)


def test_boards_must_be_ascending(boards_of):
    deal = boards_of("three")[0][1]
    with pytest.raises(BridgeError, match="ascending"):
        render("pbn", [(2, deal), (1, deal)])


def test_cds_keeps_the_low_byte_of_the_board_number_as_bigdealx(boards_of):
    deal = boards_of("three")[0][1]
    one = render("cds", [(1, deal)])
    assert render("cds", [(257, deal)]) == one and one[0] == 1
