"""``python manage.py bigdeal``: BigDeal's ``bigdealx`` with the same options and the same files.

A recorded bigdealx call can be replayed: the same seed and owner give the same deals, and
every output format is written as bigdealx writes it (DUP and DLM byte for byte; PBN byte for
byte apart from the ``[Generator]`` line). Options, as bigdealx (``main.c``):

    -W owner    wizard mode: hash this owner string instead of the .bigdealrc owner
    -e text     entropy string (repeatable; collected in command-line order with -E)
    -E file     entropy file (each byte collected as a 4-byte little-endian int, as bigdealx does)
    -h hex40    the 160-bit seed itself, 40 hex digits (Django's help moves to --help)
    -o          only the command-line entropy: no fresh operating-system randomness
    -n N|lo-hi  number of boards, or a range such as 17-32 (the counter restarts at 1)
    -f list     formats, comma-separated (default: formats= of .bigdealrc, else dup,pbn)
    -p prefix   output file prefix (files prefix.pbn, prefix.dup … in the current directory)

Without -h, -o or -W, 40 bytes from ``secrets`` are added to the entropy, as bigdealx adds
40 bytes of /dev/urandom; without any entropy option the seed is fresh. Unlike bigdealx, no
``deallog.txt`` is written: it would record the seed, and whoever holds it can regenerate the
deals. Files are written to temporary names and renamed only when the whole run succeeded.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import secrets
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError

from bridge.errors import BridgeError
from dealing.domain import bigdeal, pipeline
from dealing.domain.errors import DealingError
from dealing.domain.formats import FORMATS, DealFormat, Run, parse_format_list
from dealing.domain.formats.base import DealWriter
from dealing.domain.formats.bulk import bulk_writer

if TYPE_CHECKING:
    from dealing.domain.formats.bulk import BulkWriter  # at run time imported only by a bulk run (_write)

BIGDEALRC = ".bigdealrc"
DEFAULT_FORMATS = "dup,pbn"
OS_ENTROPY_BYTES = 40  # bigdealx reads 40 bytes of /dev/urandom (unix.c)
# Up to this many boards, the reference path (one Deal per board, pure Python) is quicker than
# loading numba; above it the engine's chunks go through the bulk writers (formats/bulk.py).
PURE_PYTHON_LIMIT = 2000
MAX_THREADS = 4  # by default; the dealing kernels release the GIL, so threads run side by side
STATS_WARNING = (
    "Statistics will be produced in an accompanying file.\n"
    "Usage of these statistics for a decision on whether or when\n"
    "to play this set of deals is a violation of the spirit of the\n"
    "Laws of Duplicate Contract Bridge.\n\n"
    "STATISTICS ARE FOR DISPLAY PURPOSES ONLY!!\n"
)


class _Entropy(argparse.Action):
    """-e and -E go to one list so their command-line order is kept, as bigdealx collects them."""

    def __call__(self, parser, namespace, values, option_string=None):
        items = list(getattr(namespace, self.dest, None) or [])
        items.append((option_string, values))
        setattr(namespace, self.dest, items)


class Command(BaseCommand):
    # Nothing here touches the database, the models or the URLs: skip Django's system checks
    # (a third of a second of start-up, mostly importing every view to check the URL patterns).
    requires_system_checks: list[str] = []
    help = (
        "Deal boards exactly as BigDeal's bigdealx does, in any of its formats: "
        + ", ".join(FORMATS)
        + ". Options as bigdealx: -W owner, -e text, -E file, -h seed, -o, "
        "-n count|lo-hi, -f formats, -p prefix (use --help for help; -h is the seed)."
    )

    def create_parser(self, prog_name, subcommand, **kwargs):
        # bigdealx's -h is the seed: take it away from argparse's help and keep --help.
        parser = super().create_parser(prog_name, subcommand, add_help=False, **kwargs)
        parser.add_argument("--help", action="help", help="show this help message and exit")
        return parser

    def add_arguments(self, parser):
        parser.add_argument("-W", dest="wizard", metavar="OWNER", help="owner string (wizard mode)")
        parser.add_argument("-e", dest="entropy", action=_Entropy, metavar="TEXT", help="entropy string (repeatable)")
        parser.add_argument("-E", dest="entropy", action=_Entropy, metavar="FILE", help="entropy file (repeatable)")
        parser.add_argument("-h", dest="seed", metavar="HEX40", help="the 160-bit seed as 40 hex digits")
        parser.add_argument("-o", dest="only_arguments", action="store_true", help="use only the command-line entropy")
        parser.add_argument("-n", dest="boards", metavar="N|LO-HI", help="number of boards or a range like 17-32")
        parser.add_argument("-f", dest="formats", metavar="LIST", help="comma-separated formats")
        parser.add_argument("-p", dest="prefix", metavar="PREFIX", help="output file prefix")
        parser.add_argument(
            "--threads",
            metavar="N",
            help="threads that deal a large run while it is written "
            f"(default: this machine's CPUs, at most {MAX_THREADS}); 1 deals and writes in turn",
        )

    def run_from_argv(self, argv):
        """From the command line (not call_command): the process ends right after, so its
        objects are frozen out of the interpreter's final garbage collections — some 160,000
        of Django's, numpy's and numba's, about a fifth of a second of exit."""
        try:
            super().run_from_argv(argv)
        finally:
            gc.freeze()

    def handle(self, *args, **options):
        try:
            low, high = parse_boards(options["boards"])
            prefix = check_prefix(options["prefix"])
            settings = read_bigdealrc(Path.cwd() / BIGDEALRC)
            formats = parse_format_list(options["formats"] or settings.get("formats", DEFAULT_FORMATS))
            seed = self._seed(options)
            owner = (
                os.fsencode(options["wizard"])
                if options["wizard"] is not None
                else settings.get("owner", bigdeal.DEFAULT_OWNER).encode("latin-1")
            )
            usable = []
            for fmt in formats:
                if fmt.max_board is not None and high > fmt.max_board:
                    self.stderr.write(f"Format {fmt.name} supports {fmt.max_board} as high board, skipping")
                else:
                    usable.append(fmt)
            if not usable:
                self.stderr.write("No format can hold these boards; nothing written.")
                return
            if any(f.name == "stats" for f in usable):
                self.stderr.write(STATS_WARNING)
            threads = (
                min(MAX_THREADS, pipeline.available_cpus())
                if options["threads"] is None
                else max(1, _threads(options["threads"]))
            )
            written = self._write(usable, prefix, seed, bigdeal.owner_hash(owner), low, high, threads)
        except BridgeError as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(f"cannot write the files in {Path.cwd()}: {exc.strerror or exc}") from None
        if written:
            self.stderr.write(f"Dealt boards {low}-{high} to {', '.join(written)}")

    @staticmethod
    def _seed(options) -> bytes:
        collected = []
        for option, value in options["entropy"] or []:
            if option == "-e":
                collected.append(os.fsencode(value))
            else:
                try:
                    data = Path(value).read_bytes()
                except OSError as exc:
                    raise DealingError(
                        f"-E {value}: cannot read the entropy file ({exc.strerror})", field="-E"
                    ) from None
                collected.append(b"".join(bytes((b, 0, 0, 0)) for b in data))
        if options["seed"] is not None:
            try:
                return bigdeal.seed_from_hex(options["seed"])
            except BridgeError as exc:
                raise DealingError(f"-h: {exc}", field="-h") from None
        if not (options["only_arguments"] or options["wizard"] is not None):
            collected.append(secrets.token_bytes(OS_ENTROPY_BYTES))
        return bigdeal.seed_random_from_entropy(collected)

    def _write(
        self, formats: list[DealFormat], prefix: str, seed: bytes, owner: bytes, low: int, high: int, threads: int = 1
    ) -> list[str]:
        run = Run.range(low, high)
        bulk = run.count > PURE_PYTHON_LIMIT
        writers: list[tuple[DealFormat, BulkWriter | DealWriter]]
        if bulk:
            writers = [(fmt, bulk_writer(fmt, run)) for fmt in formats]
        else:
            writers = [(fmt, fmt.writer(run)) for fmt in formats]
        directory = Path.cwd()
        files = {}
        umask = os.umask(0)
        os.umask(umask)
        try:
            for fmt, _ in writers:
                if fmt.suffix is not None:
                    fd, temporary_name = tempfile.mkstemp(prefix=f".{prefix}{fmt.suffix}.", dir=directory)
                    os.chmod(temporary_name, 0o666 & ~umask)  # as fopen() would create it
                    files[fmt.name] = (os.fdopen(fd, "wb", buffering=1 << 20), Path(temporary_name))
            self._emit(writers, files, lambda w: w.header())
            if bulk:
                board = low
                # With threads, the next chunks are dealt while this one is written.
                for numbers, owners in bigdeal.bigdeal_chunks(seed, owner, run.count, threads=threads):
                    self._emit(writers, files, lambda w: w.chunk(board, numbers, owners))
                    board += owners.shape[0]
            else:
                for board, deal in _deals(seed, owner, low, high):
                    self._emit(writers, files, lambda w: w.board(board, deal))
            self._emit(writers, files, lambda w: w.footer())
            for handle, _ in files.values():
                handle.close()
            for fmt, _ in writers:
                if fmt.name in files:
                    filename = fmt.filename(prefix)
                    assert filename is not None  # only a format with a suffix has a file
                    os.replace(files[fmt.name][1], directory / filename)
        except BaseException:
            for handle, temporary in files.values():
                handle.close()
                temporary.unlink(missing_ok=True)
            raise
        return [fmt.filename(prefix) or "standard output" for fmt, _ in writers]

    def _emit(self, writers, files, produce) -> None:
        for fmt, writer in writers:
            data = produce(writer)
            if not len(data):
                continue
            if fmt.name in files:
                files[fmt.name][0].write(data)
            else:
                self._stdout_bytes(data)

    def _stdout_bytes(self, data) -> None:
        """PBN on standard output: bytes to the binary stream when there is one (a terminal,
        a pipe), decoded for a text stream (call_command's tests)."""
        out = getattr(self.stdout, "_out", None)
        binary = getattr(out, "buffer", None)
        if out is None or binary is None:  # (no stream, no buffer)
            self.stdout.write(bytes(data).decode("ascii"), ending="")
        else:
            out.flush()
            binary.write(data)


def _deals(seed: bytes, owner: bytes, low: int, high: int):
    """Boards low … high with BigDeal's deals, one :class:`Deal` each (the reference path, for
    runs of at most PURE_PYTHON_LIMIT boards: no numba to load)."""
    yield from bigdeal.bigdeal_deals(seed, owner, low, high)


def _threads(text: str) -> int:
    number = str(text).strip()  # (str.strip() takes more than int() does: "4\x1d")
    if not re.fullmatch(r"[0-9]{1,3}", number):  # ("²".isdigit(), but int() refuses it)
        raise DealingError(f"--threads {text!r}: expected a whole number like 1 or 2", field="--threads")
    return int(number)


def parse_boards(text: str | None) -> tuple[int, int]:
    """bigdealx's ``-n``: a count (boards 1 … N) or a range ``lo-hi``; strict, with clear errors.

    >>> parse_boards("32"), parse_boards("17-32")
    ((1, 32), (17, 32))
    """
    if text is None:
        raise DealingError("give the boards with -n: a number of boards (-n 32) or a range (-n 17-32)", field="-n")
    match = re.fullmatch(r"\s*([0-9]{1,12})\s*(?:-\s*([0-9]{1,12})\s*)?", text)  # (int() refuses 5,000 digits)
    if not match:
        raise DealingError(f"-n {text!r}: expected a number of boards like 32 or a range like 17-32", field="-n")
    low, high = (int(match[1]), int(match[2])) if match[2] else (1, int(match[1]))
    if not match[2] and high == 0:
        raise DealingError("-n 0: deal at least one board", field="-n")
    if low < 1:
        raise DealingError(f"-n {text}: board numbers start at 1", field="-n")
    if high < low:
        raise DealingError(f"-n {text}: the range runs backwards ({low} > {high})", field="-n")
    if high - low + 1 > bigdeal.MAX_BOARDS or high > bigdeal.MAX_BOARDS:
        raise DealingError(
            f"-n {text}: bigdealx deals at most {bigdeal.MAX_BOARDS:,} boards, numbered up to {bigdeal.MAX_BOARDS:,}",
            field="-n",
        )
    return low, high


def check_prefix(prefix: str | None) -> str:
    """bigdealx's rule for ``-p`` (``legal_filename_prefix``): 1-100 characters, no '/' or space."""
    if prefix is None or prefix == "":
        raise DealingError(
            "give the output file prefix with -p (files are named <prefix>.pbn, <prefix>.dup …)", field="-p"
        )
    if len(prefix) > 100 or "/" in prefix or " " in prefix:
        raise DealingError(
            f"-p {prefix!r}: a prefix has at most 100 characters and no '/' or space (the files "
            f"go to the current directory)",
            field="-p",
        )
    return prefix


def read_bigdealrc(path: Path) -> dict[str, str]:
    """The ``key=value`` settings of a ``.bigdealrc`` as bigdealx reads them (``read_init_file``):
    lines of at most 119 bytes (``fgets`` into a 120-byte buffer), only ``\\n`` removed, the
    ``[BigDeal]`` header skipped, reading stopped at any other ``[`` line. Missing file: no settings."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise DealingError(f"{path}: cannot read ({exc.strerror})", field=BIGDEALRC) from None
    settings: dict[str, str] = {}
    for chunk in _fgets_lines(data, 120):
        line = chunk[:-1] if chunk.endswith(b"\n") else chunk
        if not line or line == b"[BigDeal]":
            continue
        if line.startswith(b"["):
            break
        key, sep, value = line.partition(b"=")
        if sep and key.decode("latin-1") in ("formats", "askformats", "owner"):
            settings[key.decode("latin-1")] = value.decode("latin-1")
    return settings


def _fgets_lines(data: bytes, size: int):
    start = 0
    while start < len(data):
        end = data.find(b"\n", start, start + size - 1)
        stop = end + 1 if end >= 0 else min(start + size - 1, len(data))
        yield data[start:stop]
        start = stop
