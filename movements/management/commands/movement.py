"""``manage.py movement``: build a movement and print it as JSON, guide-card JSON, or write its PDF cards.

python manage.py movement --pairs 8 --format json
python manage.py movement --pairs 13 --rounds 9 --format cards-json
python manage.py movement --pairs 10 --half-sets --boards-per-round 4 --format pdf --output cards.pdf
python manage.py movement --pairs 64 --format pdf --language pl --output karty.pdf
python manage.py movement --pairs 20 --kind mitchell --variant skip --arrow-switch --format json
"""

from __future__ import annotations

import json

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from movements.domain.balance import balance_of
from movements.domain.catalogue import check_boards_per_round, movement_for
from movements.domain.errors import MovementError
from movements.domain.guide_cards import cards_json
from movements.printing import cards_pdf, parse_sections


def movement_json(m) -> dict:
    """The shape issue 5 names: pairs, tables, rounds, board_sets, phantom, rounds_data, relays, balance."""
    return {
        "pairs": m.pairs,
        "tables": m.tables,
        "rounds": m.round_count,
        "board_sets": m.board_sets,
        "phantom": m.phantom,
        "rounds_data": [[t.as_json() for t in rnd.tables] for rnd in m.rounds],
        "relays": [[{"relay": h.relay, "board_set": h.board_set} for h in rnd.relays] for rnd in m.rounds],
        "balance": balance_of(m).as_json(),
    }


class Command(BaseCommand):
    help = "Build a Howell or Mitchell movement and print its schedule, guide cards or PDF cards."

    def add_arguments(self, parser):
        parser.add_argument("--pairs", type=int, required=True, help="number of pairs (4–64)")
        parser.add_argument("--rounds", type=int, help="fewer rounds for a partial Howell (default: complete)")
        parser.add_argument("--kind", default="howell", help="howell (default) or mitchell")
        parser.add_argument("--half-sets", action="store_true", help="two half-sets per table per round")
        parser.add_argument("--variant", help="Mitchell with an even number of tables: skip or relay")
        parser.add_argument("--arrow-switch", action="store_true", help="Mitchell: arrow-switch rounds, one winner")
        parser.add_argument("--boards-per-round", type=int, default=2, help="boards per round (default 2)")
        parser.add_argument("--format", default="json", help="json, cards-json or pdf")
        parser.add_argument("--paper", default="A6", help="pdf card size: A6 (default) or A5")
        parser.add_argument("--sections", default="", help="pdf: pairs,tables,sheet,report (default: all)")
        parser.add_argument("--language", default="en", help="pdf: the cards' language, en (default) or pl")
        parser.add_argument("--output", help="file to write (required for pdf; default stdout for JSON)")

    def handle(self, *args, **o):
        fmt = o["format"]
        if fmt not in ("json", "cards-json", "pdf"):
            raise CommandError(f"--format must be json, cards-json or pdf, not {fmt!r}")
        if fmt == "pdf" and not o["output"]:
            raise CommandError("--format pdf needs --output FILE")
        try:
            check_boards_per_round(o["boards_per_round"], o["half_sets"])
            m = movement_for(o["pairs"], o["rounds"], o["kind"], o["half_sets"], o["variant"], o["arrow_switch"])
        except MovementError as exc:
            field = f" (--{exc.field.replace('_', '-')})" if exc.field else ""
            raise CommandError(f"{exc}{field}") from None
        if fmt == "pdf":
            try:
                sections = parse_sections(o["sections"])
            except ValueError as exc:
                raise CommandError(f"{exc} (--sections)") from None
            languages = [code for code, _name in settings.LANGUAGES]
            if o["language"] not in languages:
                raise CommandError(f"--language must be one of {', '.join(languages)}, not {o['language']!r}")
            with translation.override(o["language"]):
                data = cards_pdf(m, boards_per_round=o["boards_per_round"], paper=o["paper"], sections=sections)
            with open(o["output"], "wb") as fh:
                fh.write(data)
            self.stderr.write(f"wrote {o['output']}: {m.title}, {len(data):,} bytes")
            return
        payload = movement_json(m) if fmt == "json" else cards_json(m)
        text = json.dumps(payload, ensure_ascii=False)
        if o["output"]:
            with open(o["output"], "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        else:
            self.stdout.write(text)
