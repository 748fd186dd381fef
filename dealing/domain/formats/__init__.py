"""Deal-file formats: every format BigDeal writes, PBN 2.1 both ways, and readers for the
machine formats.

What it offers:

* :data:`FORMATS` — format name → :class:`DealFormat` (suffix, text or binary, the highest
  board it can hold, a writer factory and, for pbn, dup, dlm, lin and csv, a reader), in
  BigDeal's own order: ``dup``, ``dupblind``, ``dlm``, ``dlmblind``, ``bri``, ``dge``,
  ``pbn``, ``lin``, ``csv``, ``ber``, ``borel``, ``kops``, ``cds``, ``goedel``, ``stats``
  (and ``stdout``: PBN on standard output).
* :func:`get_format` and :func:`parse_format_list` (``"pbn,dup"`` as bigdealx's ``-f``
  takes it; an unknown name is an error that lists the known ones; two formats writing the
  same file suffix are refused, as BigDeal refuses them).
* :func:`render` — a whole file in one call; :func:`read_deals` — the deals of a file.

Writers follow :class:`~dealing.domain.formats.base.DealWriter` (header, one call per board,
footer) so a run of any length streams. The modules: :mod:`.pbn`, :mod:`.duplimate` (dup,
dlm, bri, dge), :mod:`.lin`, :mod:`.csv_format`, :mod:`.compact` (ber, borel, kops, cds),
:mod:`.bigdealx_extras` (goedel, stats). Layouts: ``../shared/specs/bigdeal-squaredeal.md`` §3.

>>> [f.name for f in parse_format_list("pbn,dup")]
['pbn', 'dup']
>>> get_format("xyz")
Traceback (most recent call last):
...
dealing.domain.errors.DealingError: unknown format 'xyz'; known formats: dup, dupblind, dlm, ..., goedel, stats, stdout
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from bridge.cards import Deal
from dealing.domain.errors import DealingError
from dealing.domain.formats.base import BoardDeal, DealWriter, Run
from dealing.domain.formats.bigdealx_extras import GoedelWriter, StatsWriter
from dealing.domain.formats.compact import BerWriter, BorelWriter, CdsWriter, KopsWriter
from dealing.domain.formats.csv_format import CsvWriter, read_csv
from dealing.domain.formats.duplimate import BriWriter, DgeWriter, DlmWriter, DupWriter, read_dlm, read_dup
from dealing.domain.formats.lin import LinWriter, read_lin
from dealing.domain.formats.pbn import BigDealPbnWriter, read_pbn
from dealing.domain.text import Text

__all__ = [
    "DealFormat",
    "FORMATS",
    "get_format",
    "parse_format_list",
    "render",
    "read_deals",
    "Run",
    "DealWriter",
    "BoardDeal",
    "BIGDEAL_GENERATOR",
    "OUR_GENERATOR",
]

#: What BigDeal 2.0 writes in PBN's [Generator] tag.
BIGDEAL_GENERATOR = "Big Deal version 2.0"
#: What we write there: the only line in which our BigDeal-compatible PBN differs.
OUR_GENERATOR = "Bridge club platform, Big Deal 2.0 compatible"


@dataclass(frozen=True)
class DealFormat:
    name: str
    suffix: str | None  # None: standard output
    binary: bool
    description: str
    writer: Callable[[Run], DealWriter]
    reader: Callable[[bytes], list[BoardDeal]] | None = None
    max_board: int | None = None

    def filename(self, prefix: str) -> str | None:
        return None if self.suffix is None else prefix + self.suffix


def _pbn_writer(run: Run, generator: str = OUR_GENERATOR, event: str = "?", date: str = "?") -> BigDealPbnWriter:
    return BigDealPbnWriter(generator, event=event, date=date)


def _read_pbn(data: bytes) -> list[BoardDeal]:
    return read_pbn(data).boards()


def _read_lin(data: bytes) -> list[BoardDeal]:
    return [(b.board if b.board is not None else i + 1, b.deal) for i, b in enumerate(read_lin(data))]


_LIST = [
    DealFormat("dup", ".dup", True, "Duplimate format", DupWriter, read_dup, 99),
    DealFormat(
        "dupblind", ".dup", True, "Duplimate format, no cards on screen", partial(DupWriter, blind=True), read_dup, 99
    ),
    DealFormat("dlm", ".dlm", False, "New Duplimate format", DlmWriter, read_dlm, 99),
    DealFormat(
        "dlmblind",
        ".dlm",
        False,
        "New Duplimate format, no cards on screen",
        partial(DlmWriter, blind=True),
        read_dlm,
        99,
    ),
    DealFormat("bri", ".bri", True, "BRI format", BriWriter),
    DealFormat("dge", ".dge", True, "DGE format", DgeWriter),
    DealFormat("pbn", ".pbn", False, "Portable Bridge Notation", _pbn_writer, _read_pbn),
    DealFormat("lin", ".lin", False, "BBO format", LinWriter, _read_lin),
    DealFormat("csv", ".csv", False, "Comma Separated Values", CsvWriter, read_csv),
    DealFormat("ber", ".ber", True, "Bernasconi format", BerWriter),
    DealFormat("borel", ".bhg", False, "Borel Hand Generator format", BorelWriter),
    DealFormat("kops", ".rzd", True, "Kops format", KopsWriter),
    DealFormat("cds", ".cds", True, "Cds format", CdsWriter),
    DealFormat("goedel", ".goe", False, "BigDeal's own deal numbers (development only)", GoedelWriter),
    DealFormat("stats", ".txt", False, "Statistics on set", StatsWriter),
    DealFormat("stdout", None, False, "Portable Bridge Notation on standard output", _pbn_writer),
]
FORMATS: dict[str, DealFormat] = {f.name: f for f in _LIST}


def get_format(name: str) -> DealFormat:
    key = str(name).strip().lower()
    if key not in FORMATS:
        raise DealingError(f"unknown format {name!r}; known formats: {', '.join(FORMATS)}", field="format")
    return FORMATS[key]


def parse_format_list(text: str) -> list[DealFormat]:
    """bigdealx's ``-f``: a comma-separated list; each format at most once, one per suffix."""
    chosen: list[DealFormat] = []
    for part in str(text).split(","):
        if not part.strip():
            raise DealingError(f"empty format name in {text!r}; known formats: {', '.join(FORMATS)}", field="format")
        fmt = get_format(part)
        clash = next((c for c in chosen if c.suffix == fmt.suffix), None)
        if clash is not None:
            what = f"suffix {fmt.suffix}" if fmt.suffix else "standard output"
            raise DealingError(f"cannot use {fmt.name}: {clash.name} already writes to {what}", field="format")
        chosen.append(fmt)
    return chosen


def render(name: str | DealFormat, boards: Sequence[BoardDeal], *, run: Run | None = None, **options: object) -> bytes:
    """A whole file of ``(board, deal)`` pairs in one format (boards ascending)."""
    fmt = name if isinstance(name, DealFormat) else get_format(name)
    boards = list(boards)
    run = run or Run.of(board for board, _ in boards)
    if fmt.max_board is not None and run.high > fmt.max_board:
        raise DealingError(
            Text.of("format.max_board", format=fmt.name, max=fmt.max_board, board=run.high), field="format"
        )
    writer = fmt.writer(run, **options)
    parts = [writer.header()]
    previous = None
    for board, deal in boards:
        if previous is not None and board <= previous:
            raise DealingError(f"boards must be ascending: {board} after {previous}", field="board")
        previous = board
        parts.append(writer.board(board, deal))
    parts.append(writer.footer())
    return b"".join(parts)


def read_deals(name: str | DealFormat, data: bytes) -> list[tuple[int, Deal]]:
    """The ``(board, deal)`` pairs of a file in a format that has a reader."""
    fmt = name if isinstance(name, DealFormat) else get_format(name)
    if fmt.reader is None:
        readable = [f.name for f in FORMATS.values() if f.reader is not None]
        raise DealingError(
            f"format {fmt.name} can be written but not read; readable: {', '.join(readable)}", field="format"
        )
    return fmt.reader(data)
