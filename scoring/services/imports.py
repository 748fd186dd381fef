"""Import a results file as a session: USEBIO (``session_import_usebio``) or PBN with results (``session_import_pbn``).

Thin over the domain's readers (``scoring.domain.formats``): the file is read and scored first,
so a damaged or unscorable one raises its :class:`~scoring.domain.errors.ScoringError` (file,
line, element) before anything is saved. Then, in one transaction:

* the **session** (name and date from the file, today when it has none), status finished;
* its **pairs** (``clubs.Pair``): number, direction when NS and EW pairs are numbered apart
  (``1NS``), section when the file has several; each player a member of the club when the
  file's national id is a member's ``national_id`` (once per session), else a guest by name;
* its **boards** with the deals the file has, through the dealing app's own import
  (``dealing.services.boards.session_deal_import``: Board rows, SessionDealing "imported",
  analysis queued), recorded under the file's name and SHA-256;
* its **results** (``scoring.Result``: an artificial score as kind artificial, a pass-out with
  no level) and one ``ResultChange`` "imported" per line;
* an **ImportedLayout** (who met whom on which boards, from the traveller lines; winners from
  the file's WINNER_TYPE; in ``source`` the file's own description and ``expected_plays``, the
  results each board should have had — the most of any board, as the file's program factored
  them: a board missed by a table or by a sit-out has fewer meetings than that; in ``source["report"]``
  what the file held and the comparison of its numbers with ours, ``scoring.domain.comparison``,
  which ``scoring.selectors.imports.session_import_report`` reads back) and a **SessionScoring**
  with the file's method.

Only the club's directors may import; a file larger than :data:`MAX_IMPORT_BYTES` (5 MB: the
largest real club file is under 1 MB) is refused before it is read (``session_import_upload``
takes an uploaded file and looks at its size first).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from pathlib import PurePath

from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Member, Pair, Session
from clubs.permissions import can_direct
from clubs.services import session_create
from dealing.domain.formats.pbn import export_pbn
from dealing.models import SessionDealing
from dealing.services.boards import session_deal_import
from scoring.domain.comparison import compare
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.notation import as_data
from scoring.domain.text import Text
from scoring.models import ImportedLayout, Result, ResultChange, SessionScoring
from scoring.selectors.results import result_fields

__all__ = [
    "session_import_usebio",
    "session_import_pbn",
    "session_import_file",
    "session_import_upload",
    "MAX_IMPORT_BYTES",
]

#: the largest results file taken (a club's evening is tens of kilobytes; 5 MB leaves room for a congress)
MAX_IMPORT_BYTES = 5 * 1024 * 1024
#: the highest board, round, table and pair number a session imported may have (the dealing app deals 999 boards)
MOST = 999
_NAME = Pair._meta.get_field("player_1_name").max_length
_SECTION = Pair._meta.get_field("section").max_length


def session_import_usebio(*, club: Club, data: bytes, filename: str, user) -> Session:
    """A session from a USEBIO file (see the module's docstring)."""
    return _import(club=club, data=data, filename=filename, user=user, reader=read_usebio)


def session_import_pbn(*, club: Club, data: bytes, filename: str, user) -> Session:
    """A session from a PBN file with ScoreTables (see the module's docstring)."""
    return _import(club=club, data=data, filename=filename, user=user, reader=read_pbn_results)


def session_import_file(*, club: Club, data: bytes, filename: str, user) -> Session:
    """A session from a results file, USEBIO (``.xml``) or PBN (``.pbn``) told by its suffix."""
    suffix = PurePath(filename or "").suffix.lower()
    if suffix == ".pbn":
        return session_import_pbn(club=club, data=data, filename=filename, user=user)
    if suffix == ".xml":
        return session_import_usebio(club=club, data=data, filename=filename, user=user)
    raise ScoringError(Text.of("file.unknown_format", name=PurePath(filename or "").name), field="file")


def session_import_upload(*, club: Club, upload, user) -> Session:
    """A session from an uploaded file (Django's ``UploadedFile``): its size is looked at before it is read; every
    error about the file's content names the field ``file``."""
    if not can_direct(user, club):
        raise ScoringError(Text.of("import.not_director"), field=None)
    name = PurePath(upload.name or "").name
    if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
        raise _too_large(name)
    try:
        return session_import_file(club=club, data=upload.read(MAX_IMPORT_BYTES + 1), filename=name, user=user)
    except ScoringError as exc:
        exc.field = exc.field or "file"  # whatever is wrong in the file is the upload's fault
        raise


def _too_large(name: str) -> ScoringError:
    return ScoringError(
        Text.of("import.too_large", name=name, megabytes=MAX_IMPORT_BYTES // (1024 * 1024)), field="file"
    )


def _import(*, club: Club, data: bytes, filename: str, user, reader) -> Session:
    if not can_direct(user, club):
        raise ScoringError(Text.of("import.not_director"), field=None)
    name = PurePath(filename or "").name
    if len(data) > MAX_IMPORT_BYTES:
        raise _too_large(name)
    event = reader(data, source=name)
    score = event.score()  # what the engine refuses (a pair with two results on a board) is refused here
    for pair in event.pairs:
        if len(pair.section) > _SECTION:
            raise ScoringError(Text.of("import.section", section=pair.section, most=_SECTION), field="file")
        if pair.number > MOST:
            raise ScoringError(
                Text.of("import.pair", pair=pair.written or pair.id, most=MOST),
                field="file",
                line=pair.line,
                source=name,
            )
    for line in event.lines:  # numbers a session's rows hold (and PostgreSQL's small integers, 32,767)
        if line.board > MOST or max(line.round or 0, line.table or 0) > MOST:
            raise ScoringError(
                Text.of("import.board", board=line.board, round=line.round or 0, table=line.table or 0, most=MOST),
                field="file",
                line=line.extra.get("line"),
                source=name,
            )
    expected = {str(b.board): b.expected for b in score.boards if not b.section}
    report = {
        "lines": len(event.lines),
        "pairs": len(event.pairs),
        "boards": len(event.boards),
        "deals": len(set(event.deals) & set(event.boards)),
        "comparison": compare(event, score).as_dict(),
        "handicaps": {pair: str(handicap) for pair, handicap in event.handicaps.items()},
    }
    return _store(club=club, event=event, data=data, name=name, user=user, expected=expected, report=report)


@transaction.atomic
def _store(*, club: Club, event: FileEvent, data: bytes, name: str, user, expected: dict, report: dict) -> Session:
    session = session_create(
        club=club, name=(event.name or PurePath(name).stem)[:120], date=event.date or timezone.localdate()
    )
    pairs = _pairs(session, event)
    _boards(session, event, data, name, user)
    results = _results(session, event, pairs, user, name)
    meetings: dict[tuple, list[int]] = defaultdict(list)
    for line in event.lines:
        meetings[(line.round, line.table, pairs[line.ns].pk, pairs[line.ew].pk)].append(line.board)
    ImportedLayout.objects.create(
        session=session,
        winners=event.winner_type,
        meetings=[
            {"round": r, "table": t, "ns": ns, "ew": ew, "boards": sorted(boards)}
            for (r, t, ns, ew), boards in meetings.items()
        ],
        source={
            "filename": name,
            "sha256": hashlib.sha256(data).hexdigest(),
            "format": event.file_format,
            "version": event.version,
            "program": " ".join(x for x in (event.program, event.program_version) if x),
            "event_type": event.event_type,
            "board_scoring_method": event.board_scoring_method,
            "identifier": event.identifier,
            "club": event.club_name,
            "sections": list(event.sections),
            "results": len(results),
            "expected_plays": expected,
            "report": report,
        },
    )
    SessionScoring.objects.update_or_create(session=session, defaults={"method": event.method})
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    return session


def _pairs(session: Session, event: FileEvent) -> dict[str, Pair]:
    several = len(event.sections) > 1
    members = {m.national_id.strip(): m for m in Member.objects.filter(club=session.club).exclude(national_id="")}
    used: set[int] = set()
    rows: dict[str, Pair] = {}
    for filed in event.pairs:
        pair = Pair(
            session=session,
            number=filed.number,
            section=filed.section if several else "",
            direction=filed.direction if filed.numbered_by_direction else "",
        )
        for slot, player in zip(("player_1", "player_2"), filed.players[:2]):
            member = members.get(player.national_id.strip()) if player.national_id else None
            if member is not None and member.pk not in used:
                used.add(member.pk)
                setattr(pair, slot, member)
            else:
                setattr(pair, f"{slot}_name", " ".join(player.name.split())[:_NAME])
        rows[filed.id] = pair
    Pair.objects.bulk_create(rows.values())
    return rows


def _boards(session: Session, event: FileEvent, data: bytes, name: str, user) -> None:
    """The deals of the boards played, through the dealing app's import; recorded under the file's own name."""

    deals = [(number, deal) for number, deal in sorted(event.deals.items()) if number in set(event.boards)]
    if not deals:
        return
    record = session_deal_import(
        session=session,
        user=user,
        filename=f"{PurePath(name).stem}.pbn",
        data=export_pbn(deals, event=event.name).encode(),
    )
    SessionDealing.objects.filter(pk=record.pk).update(
        imported_filename=name[:255], imported_sha256=hashlib.sha256(data).hexdigest()
    )


def _results(session: Session, event: FileEvent, pairs: dict[str, Pair], user, name: str) -> list[Result]:
    rows = [
        Result(
            session=session,
            board=line.board,
            ns_pair=pairs[line.ns],
            ew_pair=pairs[line.ew],
            round=line.round,
            table=line.table,
            group=line.group,
            entered_by=user,
            **result_fields(line.result),
        )
        for line in event.lines
    ]
    Result.objects.bulk_create(rows)
    ResultChange.objects.bulk_create(
        [
            ResultChange(
                session=session,
                result=row,
                board=row.board,
                ns_pair=row.ns_pair,
                ew_pair=row.ew_pair,
                action=ResultChange.Action.IMPORTED,
                new={**as_data(line.result), "line": line.extra.get("line")},
                reason=name,
                by=user,
            )
            for row, line in zip(rows, event.lines)
        ]
    )
    return rows
