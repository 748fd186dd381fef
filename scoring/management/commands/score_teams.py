"""``python manage.py score_teams FILE.json [--format json] [--tie-break …]``: score a teams event.

Input (``scoring.domain.formats.teams``): ``{"scale": "wbf2013"|"wbf2013-discrete"|"acbl"|"imps"|"board-a-match"|"patton",
"boards_per_match": 8, "matches": [{"round": 1, "home": "1", "away": "2", "boards": [{"board": 1, "home_ns":
{"contract": "4S", "declarer": "N", "tricks": 10}, "away_ns": {"score": -50}}, …]}, …]}`` (``away`` null: a
bye). Output (``scoring.domain.teams``): each match's boards, IMPs and VPs and the standings, as a text report
for the director (the default) or as JSON (``--format json``). ``--tie-break`` overrides the file's. Bad input
is one line on stderr naming the file and where in it, and the exit code is 1.

A file with ``"format": "swiss-pairs"`` is a Swiss pairs event (``scoring.domain.formats.swiss_pairs_json``:
``"method": "imps"|"matchpoints"``, one table a match, each board's ``home_ns`` only), scored against each round's
field (``scoring.domain.swiss_pairs``); the output has the same shape (``pairs_json``: each board's
``away_ns_score`` null, with its ``datum``, or its ``matchpoints``, ``top`` and percentages; ``"teams"`` the pairs).
"""

from __future__ import annotations

import json
from pathlib import PurePath

from django.core.management.base import BaseCommand, CommandError

from scoring.domain.errors import ScoringError
from scoring.domain.formats.swiss_pairs_json import read_swiss_pairs
from scoring.domain.formats.teams import TIE_BREAKS, event_format, load_json, read_teams
from scoring.domain.swiss_pairs import pairs_json, pairs_text, score_swiss_pairs
from scoring.domain.teams import score_teams, teams_json, teams_text
from scoring.management.commands._output import read_bytes


class Command(BaseCommand):
    help = "Score a teams event (JSON): each match's IMPs and victory points, byes, and the standings."
    requires_system_checks: list[str] = []  # no database, models or URLs: manage.py runs it without the apps

    def add_arguments(self, parser):
        parser.add_argument("file", help="the teams event as JSON")
        parser.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")
        parser.add_argument(
            "--tie-break",
            choices=TIE_BREAKS,
            help="for teams level on VPs (default: the file's, else imp-difference, then the match between them)",
        )

    def handle(self, *args, **options):
        path = options["file"]
        data = read_bytes(path)
        source = PurePath(path).name
        as_json = options["format"] == "json"
        try:
            document = load_json(data, source=source)
            if event_format(document, source=source) == "swiss-pairs":
                pairs = score_swiss_pairs(read_swiss_pairs(document, source=source), tie_break=options["tie_break"])
                output, text = (pairs_json(pairs), "") if as_json else ({}, pairs_text(pairs))
            else:
                score = score_teams(read_teams(document, source=source), tie_break=options["tie_break"])
                output, text = (teams_json(score), "") if as_json else ({}, teams_text(score))
        except ScoringError as exc:
            raise CommandError(str(exc)) from None
        if as_json:
            self.stdout.write(json.dumps(output, ensure_ascii=False, indent=1))
        else:
            self.stdout.write(text, ending="")
