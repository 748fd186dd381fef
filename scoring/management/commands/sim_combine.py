"""``python manage.py sim_combine FILE.json``: a simultaneous pairs, every board matchpointed across all the clubs.

Input: ``{"scale": "ebu"|"acbl", "factoring": "neuberg"|"none", "clubs": [{"club": "C1", "boards": [the
boards as the ``matchpoint`` command takes them]}, …]}``, or the clubs' own results files (``--files A.xml
B.pbn …``: USEBIO or PBN, a club each, named by the file's club or event, else by the file's name).
Output (``--format json``): ``{"boards": [{"board", "results": [{"club", "ns", "ew", "ns_score", "mp_ns",
"mp_ew"}, …]}, …], "pairs": [{"club", "pair", "matchpoints", "percentage", "rank", "local_percentage",
"local_rank"}, …]}``; without it, the overall ranking as a table. The rules and the reading are
``scoring.domain.simultaneous``'s, the report ``scoring.domain.simultaneous_report``'s. Bad input (a club
twice, a result that is not one, an unknown scale …) is one line on stderr naming the file and where in it
(the club, the board, the result), and the exit code is 1.
"""

from __future__ import annotations

import dataclasses
from pathlib import PurePath

from django.core.management.base import BaseCommand, CommandError

from scoring.domain.errors import ScoringError
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.options import FACTORINGS, SCALES
from scoring.domain.simultaneous import read_simultaneous, score_simultaneous, simultaneous_of_files
from scoring.domain.simultaneous_report import report_chunks
from scoring.domain.text import Text
from scoring.management.commands._output import few_collections, read_bytes, read_or_fail


class Command(BaseCommand):
    help = "Combine the clubs' results of a simultaneous pairs: every board matchpointed across all the clubs."
    requires_system_checks: list[str] = []  # no database, models or URLs: manage.py runs it without the apps

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="every club's results as one JSON file")
        parser.add_argument("--files", nargs="+", metavar="FILE", help="the clubs' USEBIO (.xml) or PBN (.pbn) files")
        parser.add_argument("--format", choices=("json", "text"), default="text", help="text (default) or json")
        parser.add_argument("--scale", choices=SCALES, help="ebu: 2 per result beaten; acbl: 1 per result beaten")
        parser.add_argument(
            "--factoring", choices=FACTORINGS, help="neuberg (to the most results of any board in the field) or none"
        )

    def handle(self, *args, **options):
        if bool(options["file"]) == bool(options["files"]):
            raise CommandError(str(Text.of("sim.input")))
        with few_collections():
            try:
                event = self._read(options)
                chosen = {k: options[k] for k in ("scale", "factoring") if options[k]}
                event.options = dataclasses.replace(event.options, **chosen)
                score = score_simultaneous(event)
            except ScoringError as exc:
                raise CommandError(str(exc)) from None
            for chunk in report_chunks(event, score, options["format"]):
                self.stdout.write(chunk, ending="")
            self.stdout.write("")

    def _read(self, options):
        if options["file"]:
            path = options["file"]
            return read_simultaneous(read_bytes(path), source=PurePath(path).name)
        files = []
        for path in options["files"]:
            name = PurePath(path).name
            if name.lower().endswith(".pbn"):
                reader = read_pbn_results
            elif name.lower().endswith(".xml"):
                reader = read_usebio
            else:
                raise CommandError(str(Text.of("file.unknown_format", name=name)))
            files.append((name, read_or_fail(reader, read_bytes(path), name)))
        return simultaneous_of_files(files)
