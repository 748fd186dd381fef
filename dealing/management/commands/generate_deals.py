"""Stream a deal set of our dealer (scheme v1) to standard output or a file, with bounded memory."""

from __future__ import annotations

import gc
import io
import os
import sys
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bridge.errors import BridgeError
from dealing.domain import generator, pipeline, streaming
from dealing.domain.errors import DealingError

MAX_THREADS = 4  # by default; the dealing kernels release the GIL, so threads run side by side


class Command(BaseCommand):
    # Nothing here touches the database, the models or the URLs: skip Django's system checks
    # (a third of a second of start-up, mostly importing every view to check the URL patterns).
    requires_system_checks: list[str] = []
    help = (
        "Generate deals start … start+count-1 of the set (key, label) with our dealer (docs/dealing.md) "
        "and stream them in one of the formats: " + ", ".join(streaming.FORMATS) + "."
    )

    def add_arguments(self, parser):
        key = parser.add_mutually_exclusive_group(required=True)
        key.add_argument("--key", metavar="HEX64", help="the set's 256-bit key as 64 hex digits")
        key.add_argument(
            "--new-key",
            action="store_true",
            help="make a fresh key with secrets and print it on standard error (keep it secret)",
        )
        parser.add_argument("--count", required=True, help="how many deals")
        parser.add_argument("--label", default="", help="the set's label (UTF-8), part of the definition")
        parser.add_argument("--start", default="0", help="index of the first deal (default 0)")
        parser.add_argument("--format", default="pbn", help=f"one of {', '.join(streaming.FORMATS)} (default pbn)")
        parser.add_argument("--output", metavar="FILE", help="write here instead of standard output")
        parser.add_argument(
            "--threads", default=None, help=f"threads that deal (default: this machine's CPUs, at most {MAX_THREADS})"
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
            fmt = streaming.check_format(options["format"])
            key = generator.new_key() if options["new_key"] else generator.parse_key(options["key"])
            count = _whole(options["count"], "--count")
            start = _whole(options["start"], "--start")
            label = options["label"]
            threads = (
                min(MAX_THREADS, pipeline.available_cpus())
                if options["threads"] is None
                else max(1, _whole(options["threads"], "--threads"))
            )
            generator.check_label(label)
            if start + count > generator.MAX_INDEX:
                raise DealingError(
                    f"--start + --count goes beyond the last deal index {generator.MAX_INDEX - 1}", field="count"
                )
            if options["new_key"]:
                self.stderr.write(f"key: {key.hex()}")
            if options["output"]:
                self._to_file(Path(options["output"]), key, label, start, count, fmt, threads)
            else:
                out = getattr(self.stdout, "_out", sys.stdout)
                stream = getattr(out, "buffer", None)
                if stream is None:  # a text stream (tests): decode
                    buffer = io.BytesIO()
                    streaming.write_deal_set(buffer, key, label, start, count, fmt, threads=threads)
                    out.write(buffer.getvalue().decode("latin-1"))
                else:
                    try:
                        streaming.write_deal_set(stream, key, label, start, count, fmt, threads=threads)
                        stream.flush()
                    except BrokenPipeError:
                        # The reader stopped early (e.g. `| head`): not an error; silence the
                        # final flush of the closed pipe and stop.
                        devnull = os.open(os.devnull, os.O_WRONLY)
                        os.dup2(devnull, stream.fileno())
                        raise SystemExit(0) from None
        except BridgeError as exc:
            raise CommandError(str(exc)) from None

    @staticmethod
    def _to_file(path: Path, key: bytes, label: str, start: int, count: int, fmt: str, threads: int) -> None:
        """Write through a temporary file in the same directory, renamed when complete."""
        directory = path.resolve().parent
        if not directory.is_dir():
            raise CommandError(f"--output: directory {directory} does not exist")
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
        try:
            with os.fdopen(fd, "wb", buffering=1 << 20) as out:
                streaming.write_deal_set(out, key, label, start, count, fmt, threads=threads)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


def _whole(text: str, option: str) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise DealingError(f"{option} must be a whole number, not {text!r}", field=option.strip("-")) from None
    if value < 0:
        raise DealingError(f"{option} must be 0 or more, not {value}", field=option.strip("-"))
    return value
