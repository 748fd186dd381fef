"""``python manage.py score_usebio FILE``: a USEBIO (or PBN) results file re-scored by us, compared with its numbers.

Prints ``{"event", "options", "boards": [{"board", "results": [{"ns", "ew", "contract", "declarer",
"tricks", "ns_score", "mp_ns", "mp_ew"}, …]}, …], "pairs": [{"pair", "matchpoints", "percentage",
"rank"}, …], "comparison"}`` (``scoring.domain.formats.report``), pair ids as the file writes them;
IMP events give ``imp_ns``/``imp_ew``, ``datum`` and ``imps``. The comparison
(``scoring.domain.comparison``) says how the file's numbers differ from ours and why. ``--scale``,
``--factoring`` and ``--sections`` change how we score; ``--format text`` prints a table.
An event type we cannot score, or a damaged file, is one line on stderr naming the file, the line
and the element, and the exit code is 1.
"""

from __future__ import annotations

from pathlib import PurePath

from django.core.management.base import BaseCommand

from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.management.commands._output import add_arguments, few_collections, read_bytes, read_or_fail, score_file


class Command(BaseCommand):
    help = "Re-score a USEBIO (or PBN) results file and compare our numbers with the file's."
    requires_system_checks: list[str] = []  # no database, models or URLs: manage.py runs it without the apps

    def add_arguments(self, parser):
        parser.add_argument("file", help="a USEBIO .xml file (or a PBN .pbn file with ScoreTables)")
        add_arguments(parser)

    def handle(self, *args, **options):
        path = options["file"]
        data = read_bytes(path)
        name = PurePath(path).name
        reader = read_pbn_results if name.lower().endswith(".pbn") else read_usebio
        with few_collections():
            event = read_or_fail(reader, data, name)
            score_file(self, event, None, options, exact=lambda: event, comparing=True)
