"""What ``score_usebio`` and ``matchpoint`` share: reading the file, the scoring options, printing the report.

Every bad input becomes one :class:`CommandError` line naming the file and where in it (Django
prints it on stderr and exits with 1): a missing or unreadable file, a damaged one, a bad option.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError, CommandParser

from scoring.domain.errors import ScoringError
from scoring.domain.formats.report import text_report
from scoring.domain.options import FACTORINGS, SCALES, SECTIONS


def add_arguments(parser: CommandParser) -> None:
    parser.add_argument("--format", choices=("json", "text"), default="json", help="json (default) or a text table")
    parser.add_argument("--scale", choices=SCALES, help="ebu: 2 per result beaten; acbl: 1 per result beaten")
    parser.add_argument("--factoring", choices=FACTORINGS, help="neuberg or none, for boards with fewer results")
    parser.add_argument("--sections", choices=SECTIONS, help="across the field or within each section")


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


def write(command, report: dict, form: str) -> None:
    if form == "text":
        command.stdout.write(text_report(report), ending="")
    else:
        command.stdout.write(json.dumps(report, ensure_ascii=False, indent=1))
