"""Deal numbers ↔ deals: ``deal_number --to-deal N`` / ``--from-deal "E:…"`` (``-`` reads stdin)."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from bridge.cards import Deal
from bridge.errors import BridgeError
from dealing.domain import bigdeal, numbering


class Command(BaseCommand):
    help = (
        "Convert a deal number to its deal (PBN deal string, North first) or a PBN deal to its number. "
        "Pavlicek's numbering by default; --numbering bigdeal uses BigDeal's own. "
        "Give - instead of a value to read one item per line from standard input."
    )

    def add_arguments(self, parser):
        what = parser.add_mutually_exclusive_group(required=True)
        what.add_argument("--to-deal", metavar="N", help="a deal number 0 … D-1 (or - for stdin)")
        what.add_argument("--from-deal", metavar="PBN", help='a PBN deal such as "E:… … … …" (or - for stdin)')
        parser.add_argument(
            "--numbering",
            choices=["pavlicek", "bigdeal"],
            default="pavlicek",
            help="which numbering (default: pavlicek)",
        )

    def handle(self, *args, **options):
        to_deal = options["to_deal"] is not None
        value = options["to_deal"] if to_deal else options["from_deal"]
        bigdeal_numbers = options["numbering"] == "bigdeal"
        convert = self._to_deal if to_deal else self._from_deal
        items: list[tuple[int | None, str]]  # (line number on stdin, or None for the argument; the text)
        if value == "-":
            items = [(n, line.strip()) for n, line in enumerate(sys.stdin, start=1) if line.strip()]
        else:
            items = [(None, value)]
        results = []
        for line, item in items:
            try:
                results.append(convert(item, bigdeal_numbers))
            except BridgeError as exc:
                where = f"line {line}: " if line is not None else ""
                raise CommandError(f"{where}{exc}") from None
        self.stdout.write("\n".join(results) + ("\n" if results else ""), ending="")

    @staticmethod
    def _to_deal(text: str, bigdeal_numbers: bool) -> str:
        number = numbering.parse_deal_number(text)
        deal = bigdeal.godel_to_deal(number) if bigdeal_numbers else numbering.number_to_deal(number)
        return deal.to_pbn()

    @staticmethod
    def _from_deal(text: str, bigdeal_numbers: bool) -> str:
        deal = Deal.from_pbn(text)
        return str(bigdeal.deal_to_godel(deal) if bigdeal_numbers else numbering.deal_to_number(deal))
