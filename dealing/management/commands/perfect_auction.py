"""Kersey's perfect auction: ``perfect_auction encode --deal "N:…" --dealer N`` / ``decode --dealer N --auction "P 1C …"``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from bridge.cards import Deal, Seat
from bridge.errors import BridgeError
from dealing.domain import perfect_auction


class Command(BaseCommand):
    help = (
        "Perfect bidding (Kersey): 'encode' prints the legal auction that describes a deal, calls "
        "separated by spaces (P, X, XX, 1C … 7N); 'decode' prints the deal an auction describes, as a "
        "PBN deal string starting with North."
    )

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True, metavar="{encode,decode}")
        encode = actions.add_parser("encode", help="deal -> auction")
        encode.add_argument("--deal", required=True, help='a PBN deal, e.g. "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT …"')
        encode.add_argument("--dealer", required=True, help="N, E, S or W")
        decode = actions.add_parser("decode", help="auction -> deal")
        decode.add_argument("--auction", required=True, help='the calls, e.g. "P 1C X XX 1H …"')
        decode.add_argument("--dealer", required=True, help="N, E, S or W")

    def handle(self, *args, **options):
        try:
            dealer = Seat.from_str(options["dealer"])
            if options["action"] == "encode":
                calls = perfect_auction.encode(Deal.from_pbn(options["deal"]), dealer)
                output = " ".join(str(call) for call in calls)
            else:
                output = perfect_auction.decode(options["auction"], dealer).to_pbn(Seat.NORTH)
        except BridgeError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(output)
