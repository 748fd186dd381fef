"""SquareDeal: verify a published commitment, regenerate a session's deals, create a new .sqd/.sqk pair.

    manage.py squaredeal verify --sqd T.sqd --sqk T.sqk
    manage.py squaredeal deal --sqd T.sqd --sqk T.sqk --phase 1 --session 3 [--reserve] [--format deals|pbn|…]
    manage.py squaredeal create --name "Spring Pairs" --delayed-info "DJI close 2 May" \\
        --phase "3:1-14,15-28:SP#:Session" [--phase …] --output T      (writes T.sqd and T.sqk)
    manage.py squaredeal set-dv --sqd T.sqd --value "43275.91"
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bridge.errors import BridgeError
from dealing.domain import squaredeal as sq
from dealing.domain.errors import DealingError
from dealing.domain.formats import get_format, render


def _read(path: str, what: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read the {what} file {path}: {exc.strerror}") from None


def _write_new(path: Path, data: bytes) -> None:
    """Write a file that must not exist yet, atomically."""
    if path.exists():
        raise CommandError(f"{path} already exists; choose another name (nothing was written)")
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.resolve().parent)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


class Command(BaseCommand):
    help = "SquareDeal (BigDeal 2.0 compatible commit-reveal dealing): verify, deal, create, set-dv."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True, metavar="verify|deal|create|set-dv")
        verify = sub.add_parser("verify", help="check KH = SHA-256 of the .sqk and that every session has a key")
        verify.add_argument("--sqd", required=True, help="the published description file")
        verify.add_argument("--sqk", required=True, help="the revealed key file")

        deal = sub.add_parser("deal", help="regenerate the deals of sessions of a phase (after verifying the keys)")
        deal.add_argument("--sqd", required=True)
        deal.add_argument("--sqk", required=True)
        deal.add_argument("--phase", required=True, type=int, help="phase number (SN line order, from 1)")
        deal.add_argument("--session", default="*", help="a session, a range like 3-5, or * for all (default *)")
        deal.add_argument("--reserve", action="store_true", help="the reserve set instead of the original")
        deal.add_argument("--boards", help="board range(s) when the phase says ? (e.g. 1-16)")
        deal.add_argument("--dv", help="use this delayed value instead of the DV line (e.g. to test a claim)")
        deal.add_argument(
            "--format",
            default="deals",
            help="deals (board and PBN deal string per line; default) or a format of the formats "
            "module (pbn, dup, dlm, lin, csv, …) written to --output",
        )
        deal.add_argument("--output", help="file to write (required for the binary formats)")

        create = sub.add_parser("create", help="write a new .sqd/.sqk pair with keys from secrets")
        create.add_argument("--name", required=True, help="tournament name (TN)")
        create.add_argument(
            "--delayed-info",
            required=True,
            help="the promised delayed information (DI), e.g. 'Dow Jones close 2 May 2025'",
        )
        create.add_argument(
            "--phase",
            action="append",
            required=True,
            metavar="N:BOARDS:PREFIX:DESCRIPTION",
            help="a phase, as an SN line: sessions (0 = open-ended), boards (16, 1-16,17-32, "
            "3x7 or ?), file prefix (# for the session number), description; repeat",
        )
        create.add_argument("--output", required=True, help="path without suffix: writes PATH.sqd and PATH.sqk")

        set_dv = sub.add_parser("set-dv", help="record the delayed value (DV) in the .sqd after the event")
        set_dv.add_argument("--sqd", required=True)
        set_dv.add_argument("--value", required=True)

    def handle(self, *args, **options):
        try:
            getattr(self, "_" + options["action"].replace("-", "_"))(options)
        except BridgeError as exc:
            raise CommandError(str(exc)) from None

    def _load(self, options):
        tournament = sq.read_sqd(_read(options["sqd"], ".sqd"))
        keys = sq.read_sqk(_read(options["sqk"], ".sqk"))
        return tournament, keys, sq.verify_keys(tournament, keys)

    def _verify(self, options):
        tournament, keys, check = self._load(options)
        self.stdout.write(f"Tournament: {tournament.name}")
        self.stdout.write(f"Delayed information (DI): {tournament.delayed_info}")
        self.stdout.write(f"Delayed value (DV): {tournament.delayed_value or '(not set yet)'}")
        for phase in tournament.phases:
            count = "open-ended" if phase.open_ended else f"{phase.sessions} sessions"
            self.stdout.write(
                f"Phase {phase.number}: {count}, boards {phase.boards}, files {phase.prefix}: {phase.description}"
            )
        for message in check.messages:
            self.stdout.write(message)
        self.stdout.write(
            "Not covered by the hash (compare with your copy of the .sqd published in advance): "
            "DI, DV, phases and board numbers."
        )
        self.stdout.write("OK: the key file is the one committed to.")

    def _sessions(self, phase: sq.Phase, text: str) -> list[int]:
        text = text.strip()
        if text == "*":
            if phase.open_ended:
                raise DealingError(f"phase {phase.number} is open-ended: give --session N or a range", field="session")
            return list(range(1, phase.sessions + 1))
        lo, _, hi = text.partition("-")
        try:
            first, last = int(lo), int(hi or lo)
        except ValueError:
            raise DealingError(
                f"--session must be a number, a range like 3-5, or *, not {text!r}", field="session"
            ) from None
        if first > last:
            raise DealingError(f"--session range {text} runs backwards", field="session")
        for s in (first, last):
            phase.check_session(s)
        return list(range(first, last + 1))

    def _deal(self, options):
        tournament, keys, _ = self._load(options)
        if options["dv"] is not None:
            tournament = tournament.__class__(**{**tournament.__dict__, "delayed_value": options["dv"].strip()})
        phase = tournament.phase(options["phase"])
        sessions = self._sessions(phase, options["session"])
        fmt = options["format"].strip().lower()
        made = [
            (s, sq.session_deals(tournament, keys, phase.number, s, options["reserve"], options["boards"]))
            for s in sessions
        ]
        if fmt == "deals":
            lines = []
            for session, deals in made:
                name = phase.file_name(session, options["reserve"])
                lines += [f"{name} {board} {deal.to_pbn()}" for board, deal in deals]
            text = "\n".join(lines) + "\n"
            if options["output"]:
                _write_new(Path(options["output"]), text.encode("ascii"))
            else:
                self.stdout.write(text, ending="")
            return
        writer = get_format(fmt)
        if len(made) != 1:
            raise DealingError("files in a deal format hold one session: give one --session", field="session")
        data = render(writer, made[0][1])
        if options["output"]:
            _write_new(Path(options["output"]), data)
        elif writer.binary:
            raise CommandError(f"format {fmt} is binary: give --output FILE")
        else:
            self.stdout.write(data.decode("utf-8", "replace"), ending="")

    def _create(self, options):
        phases = []
        for text in options["phase"]:
            parts = text.split(":", 3)
            if len(parts) != 4:
                raise DealingError(f"--phase {text!r}: write SESSIONS:BOARDS:PREFIX:DESCRIPTION", field="phase")
            count, boards, prefix, description = parts
            try:
                count = int(count)
            except ValueError:
                raise DealingError(
                    f"--phase {text!r}: the number of sessions must be a number", field="phase"
                ) from None
            phases.append((count, boards, prefix, description))
        tournament, sqd, sqk = sq.create_tournament(options["name"], options["delayed_info"], phases)
        base = Path(options["output"])
        sqd_path, sqk_path = base.with_name(base.name + ".sqd"), base.with_name(base.name + ".sqk")
        for path in (sqd_path, sqk_path):
            if path.exists():
                raise CommandError(f"{path} already exists; choose another name (nothing was written)")
        if not sqd_path.resolve().parent.is_dir():
            raise CommandError(f"directory {sqd_path.resolve().parent} does not exist")
        _write_new(sqk_path, sqk)
        _write_new(sqd_path, sqd)
        self.stdout.write(f"Wrote {sqd_path} (publish it now) and {sqk_path} (keep it secret until the event is over).")
        self.stdout.write(f"KH {tournament.key_hash}")
        self.stdout.write(f"{len(sq.read_sqk(sqk).keys)} session keys of {sq.KEY_LENGTH} characters.")

    def _set_dv(self, options):
        path = Path(options["sqd"])
        tournament = sq.read_sqd(_read(options["sqd"], ".sqd"))
        if tournament.delayed_value is not None:
            raise CommandError(f"{path} already has DV {tournament.delayed_value}; it cannot be changed")
        updated = tournament.with_delayed_value(options["value"])
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.resolve().parent)
        with os.fdopen(fd, "wb") as out:
            out.write(sq.write_sqd(updated))
        os.replace(temporary, path)
        self.stdout.write(f"DV {updated.delayed_value} recorded in {path}")
