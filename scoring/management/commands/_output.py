"""What ``score_usebio`` and ``matchpoint`` share: reading the file, the scoring options, scoring, printing the report.

Every bad input becomes one :class:`CommandError` line naming the file and where in it (Django
prints it on stderr and exits with 1): a missing or unreadable file, a damaged one, a bad option.

A field the array path (``scoring.domain.array_path``) scores exactly is scored there and its report
written a few boards at a time (``scoring.domain.array_report``): the same text as the engine's
report, without a Python object per line. Anything else — IMPs, a fouled board, options the array
path does not take, a file it refuses (which the engine's checks then name) — is scored by the
engine (``FileEvent.score``) and written whole.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.core.management.base import CommandError, CommandParser

from scoring.domain.array_path import Columns, columns_of, score_columns, supports
from scoring.domain.array_report import report_chunks
from scoring.domain.comparison import compare
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.report import event_report, text_report
from scoring.domain.options import FACTORINGS, SCALES, SECTIONS


def add_arguments(parser: CommandParser) -> None:
    parser.add_argument("--format", choices=("json", "text"), default="json", help="json (default) or a text table")
    parser.add_argument("--scale", choices=SCALES, help="ebu: 2 per result beaten; acbl: 1 per result beaten")
    parser.add_argument(
        "--factoring", choices=FACTORINGS, help=f"for boards with fewer results: {', '.join(FACTORINGS)}"
    )
    parser.add_argument("--sections", choices=SECTIONS, help="across the field or within each section")


#: The collector's thresholds while a command reads and scores a file (Python's default: 700, 10, 10).
FEW_COLLECTIONS = (200_000, 20, 100)


@contextmanager
def few_collections() -> Iterator[None]:
    """The garbage collector run seldom while a command reads and scores a file, as before afterwards.

    A field of 27,000 lines makes a few hundred thousand objects that live until the report is written and
    hold no cycles to free: with the default thresholds the collector walks them again and again (about a
    tenth of ``score_usebio``'s time on 1,000 tables).
    """
    saved = gc.get_threshold()
    gc.set_threshold(*FEW_COLLECTIONS)
    try:
        yield
    finally:
        gc.set_threshold(*saved)


def read_bytes(path: str) -> bytes:
    file = Path(path)
    try:
        return file.read_bytes()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: is a folder, not a file") from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot be read ({exc.strerror})") from None


def read_or_fail(reader: Callable[..., FileEvent], data: bytes, name: str) -> FileEvent:
    """The file read by ``reader``; what it refuses as one line naming the file and the place."""
    try:
        return reader(data, source=name)
    except ScoringError as exc:
        raise CommandError(str(exc)) from None


def options_of(event, options: dict):
    """The event's options, changed by the command line's."""
    try:
        return event.options(
            scale=options.get("scale"), factoring=options.get("factoring"), sections=options.get("sections")
        )
    except ScoringError as exc:
        raise CommandError(f"--{exc.field}: {exc}") from None


def score_or_fail(event, options, name: str):
    """The event scored; what the engine refuses (a pair with two results on a board …) said with the file's name."""
    try:
        return event.score(options)
    except ScoringError as exc:
        said = str(exc)  # the file's line or place, when the event says which, names the file already
        raise CommandError(said if said.startswith(name) else f"{name}: {said}") from None


def score_file(
    command,
    event: FileEvent,
    columns: Columns | None,
    options: dict,
    *,
    exact: Callable[[], FileEvent],
    comparing: bool = False,
) -> None:
    """Score the file and print the report: the array path when it scores the field exactly, else the engine.

    ``event`` holds the lines, or (read straight into ``columns``) only the file's name and options;
    ``exact()`` reads the file's lines when the engine needs them. ``comparing``: the file's own numbers
    compared with ours (``comparison.compare``, which takes the engine's score), the report still written
    by the array path.
    """
    chosen = options_of(event, options)
    form = options["format"]
    comparison, score = None, None
    if comparing:
        score = score_or_fail(event, chosen, event.source)
        comparison = compare(event, score)
    if supports(chosen):
        columns = columns if columns is not None else columns_of(event.lines)
        fields = event.fields(chosen) if event.lines else None
        bulk = score_columns(columns, chosen, fields=fields, two_winners=event.two_winners)
        if bulk is not None:
            for chunk in report_chunks(event, columns, bulk, form, comparison):
                command.stdout.write(chunk, ending="")
            if form == "json":
                command.stdout.write("")
            return
    if not event.lines:
        event = exact()
    score = score or score_or_fail(event, chosen, event.source)
    write(command, event_report(event, score, comparison), form)


def write(command, report: dict, form: str) -> None:
    if form == "text":
        command.stdout.write(text_report(report), ending="")
    else:
        command.stdout.write(json.dumps(report, ensure_ascii=False, indent=1))
