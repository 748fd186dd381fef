"""A simultaneous pairs changed: the event created under its organising club, a club's results file added,
replaced or removed.

Thin over the scoring engine: a file is read by its reader and the whole field (the files already in, with this one
added or put in place of the one it replaces) is combined and scored (``scoring.domain.simultaneous``) before
anything is saved, so a bad file (not USEBIO or PBN, damaged, a pair with two results on a board, a club already
in) raises its :class:`~scoring.domain.errors.ScoringError` naming the file and the place, and nothing changes.
Only the organising club's directors change an event.
"""

from __future__ import annotations

import datetime
import hashlib
from pathlib import PurePath

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from scoring.domain.errors import ScoringError
from scoring.domain.text import Text
from scoring.services.imports import MAX_IMPORT_BYTES
from simultaneous.models import ClubResultsFile, SimultaneousEvent
from simultaneous.selectors import field_score, file_format_of, file_read, may_organise

__all__ = ["event_create", "club_file_upload", "club_file_remove", "MAX_FILE_BYTES"]

#: the largest club's results file taken (as for a session's import)
MAX_FILE_BYTES = MAX_IMPORT_BYTES
_CLUB = ClubResultsFile._meta.get_field("club_name").max_length
_FILENAME = ClubResultsFile._meta.get_field("filename").max_length


def _organiser(user, club: Club | int) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("Only the organising club's directors may do this.")


def event_create(
    *, club: Club, user, name: str, date: datetime.date, scale: str = "ebu", factoring: str = "neuberg"
) -> SimultaneousEvent:
    """A simultaneous pairs organised by ``club`` (its directors only)."""
    _organiser(user, club)
    return SimultaneousEvent.objects.create(
        club=club, name=name.strip(), date=date, scale=scale, factoring=factoring, created_by=user
    )


def club_file_upload(
    *, event: SimultaneousEvent, upload, user, club_name: str = "", replacing: ClubResultsFile | None = None
) -> ClubResultsFile:
    """A club's results file (Django's ``UploadedFile``) added to the event, or put in place of ``replacing``.

    The club is the one typed, else (a new file) the one the file names, else its event's name, else the file's
    name; a file in place of another keeps that one's club unless another is typed. Every error about the file
    names the field ``file``; a club already in, the field ``club``."""
    _organiser(user, event.club_id)
    filename = PurePath(upload.name or "").name[:_FILENAME]
    if upload.size is not None and upload.size > MAX_FILE_BYTES:
        raise ScoringError(
            Text.of("import.too_large", name=filename, megabytes=MAX_FILE_BYTES // (1024 * 1024)), field="file"
        )
    data = upload.read(MAX_FILE_BYTES + 1)
    try:
        file_format = file_format_of(filename)
        if not data.strip():
            raise ScoringError(Text.of("file.no_results"), source=filename)
        read = file_read(filename, data)
        if not read.lines:
            raise ScoringError(Text.of("file.no_results"), source=filename)
    except ScoringError as exc:
        exc.field = "file"  # whatever is wrong in the file is the upload's fault
        raise
    typed = " ".join(club_name.split())
    club = (typed or (replacing.club_name if replacing else "") or read.club_name or read.name or filename).strip()
    club = " ".join(club.split())[:_CLUB]
    others = list(ClubResultsFile.objects.filter(event=event).exclude(pk=replacing.pk if replacing else None))
    same = next((f for f in others if f.club_name.casefold() == club.casefold()), None)
    if same is not None:
        raise ScoringError(Text.of("sim.club_twice", club=club, first=same.filename, second=filename), field="club")
    field = [(f.club_name, f.filename, file_read(f.filename, bytes(f.data))) for f in others]
    try:
        field_score(event, [*field, (club, filename, read)])  # what the field refuses is refused now
    except ScoringError as exc:
        exc.field = "file"
        raise
    values = {
        "club_name": club,
        "filename": filename,
        "file_format": file_format,
        "data": data,
        "sha256": hashlib.sha256(data).hexdigest(),
        "pairs": len({line_pair for line in read.lines for line_pair in (line.ns, line.ew)}),
        "boards": len(read.boards),
        "lines": len(read.lines),
        "uploaded_by": user,
        "uploaded_at": timezone.now(),
    }
    with transaction.atomic():
        if replacing is None:
            return ClubResultsFile.objects.create(event=event, **values)
        for key, value in values.items():
            setattr(replacing, key, value)
        replacing.save()
        return replacing


def club_file_remove(*, club_file: ClubResultsFile, user) -> None:
    """A club's file taken out of the event (the organising club's directors only)."""
    _organiser(user, club_file.event.club_id)
    club_file.delete()
