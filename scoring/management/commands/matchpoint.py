"""``python manage.py matchpoint FILE.json``: score a generic traveller set (``scoring.domain.formats.travellers``).

Input: ``{"scale": "ebu"|"acbl", "factoring": "neuberg"|"none", "method": …, "boards": [{"board": 1,
"results": [{"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9}, {"ns": 3, "ew": 4,
"score": 420}, {"ns": 5, "ew": 6, "adjusted": "60/40"}, {"ns": 7, "ew": 8, "contract": "PASS"},
{"ns": 9, "ew": 10, "weighted": [[20, 650], [80, 620]]}, …]}, …]}``. Output: the same shape as
``score_usebio`` (without a comparison). ``--scale``, ``--factoring`` and ``--sections`` override
the file's. Bad input (not JSON, a result that is not one, contract 8S, 14 tricks, a missing
declarer …) is one line on stderr naming the file and where in it, and the exit code is 1.

A million lines take seconds: the common layout is read straight into columns
(``scoring.domain.array_json``), scored by the array path (``scoring.domain.array_path``) and written a
few boards at a time (``scoring.domain.array_report``); any other file, and any option the array
path does not take, goes through the reader and the engine (``_output.score_file``), with the
same numbers and the same errors.
"""

from __future__ import annotations

from pathlib import PurePath

from django.core.management.base import BaseCommand

from scoring.domain.array_json import scan_travellers
from scoring.domain.formats.travellers import read_travellers
from scoring.management.commands._output import add_arguments, read_bytes, read_or_fail, score_file


class Command(BaseCommand):
    help = "Score a generic traveller set (JSON): matchpoints or IMPs, totals, percentages and places."
    requires_system_checks: list[str] = []  # no database, models or URLs: manage.py runs it without the apps

    def add_arguments(self, parser):
        parser.add_argument("file", help="the traveller set as JSON")
        add_arguments(parser)

    def handle(self, *args, **options):
        path = options["file"]
        data = read_bytes(path)
        name = PurePath(path).name
        scanned = scan_travellers(data, source=name)
        if scanned is None:
            event, columns = read_or_fail(read_travellers, data, name), None
        else:
            event, columns = scanned
        score_file(self, event, columns, options, exact=lambda: read_or_fail(read_travellers, data, name))
