"""``python manage.py swiss_pair FILE.json``: propose the next round of a Swiss teams event.

Input (``movements.domain.swiss_file``): ``{"round": 5, "danish": false, "teams": [{"team": "1", "vp": 53.2,
"met": ["4", "7"], "had_bye": false}, …]}``. Output: the draw of ``movements.domain.swiss.swiss_pair`` as JSON,
``{"round": 5, "tables": [{"table": 1, "home": "3", "away": "8"}, …], "bye": "12" or null, "rematches": 0}``.
Bad input is one line on stderr naming the file and where in it, and the exit code is 1.
"""

from __future__ import annotations

import json
from pathlib import PurePath

from django.core.management.base import BaseCommand, CommandError

from movements.domain.errors import MovementError
from movements.domain.swiss import swiss_pair
from movements.domain.swiss_file import read_standings
from movements.domain.text import Text


class Command(BaseCommand):
    help = "Propose a Swiss round's draw from the standings (JSON): no avoidable rematch, the least VP spread."
    requires_system_checks: list[str] = []  # no database, models or URLs: manage.py runs it without the apps

    def add_arguments(self, parser):
        parser.add_argument("file", help="the standings as JSON")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        name = PurePath(path).name
        try:
            number, danish, standings = read_standings(data, source=name)
            draw = swiss_pair(standings, number, danish=danish)
        except MovementError as exc:
            said = str(exc)
            if not said.startswith(name):
                said = str(Text.of("error.swiss_file_at", source=name, where="teams", error=exc.text or said))
            raise CommandError(said) from None
        self.stdout.write(json.dumps(draw.as_json(), ensure_ascii=False))
