"""``python manage.py matchpoint FILE.json``: score a generic traveller set (``scoring.domain.formats.travellers``).

Input: ``{"scale": "ebu"|"acbl", "factoring": "neuberg"|"none", "method": …, "boards": [{"board": 1,
"results": [{"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9}, {"ns": 3, "ew": 4,
"score": 420}, {"ns": 5, "ew": 6, "adjusted": "60/40"}, {"ns": 7, "ew": 8, "contract": "PASS"},
{"ns": 9, "ew": 10, "weighted": [[20, 650], [80, 620]]}, …]}, …]}``. Output: the same shape as
``score_usebio`` (without a comparison). ``--scale``, ``--factoring`` and ``--sections`` override
the file's. Bad input (not JSON, a result that is not one, contract 8S, 14 tricks, a missing
declarer …) is one line on stderr naming the file and where in it, and the exit code is 1.
"""

from __future__ import annotations

from pathlib import PurePath

from django.core.management.base import BaseCommand, CommandError

from scoring.domain.errors import ScoringError
from scoring.domain.formats.report import event_report
from scoring.domain.formats.travellers import read_travellers
from scoring.management.commands._output import add_arguments, options_of, read_bytes, score_or_fail, write


class Command(BaseCommand):
    help = "Score a generic traveller set (JSON): matchpoints or IMPs, totals, percentages and places."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the traveller set as JSON")
        add_arguments(parser)

    def handle(self, *args, **options):
        path = options["file"]
        data = read_bytes(path)
        name = PurePath(path).name
        try:
            event = read_travellers(data, source=name)
        except ScoringError as exc:
            raise CommandError(str(exc)) from None
        score = score_or_fail(event, options_of(event, options), name)
        write(self, event_report(event, score), options["format"])
