"""A simultaneous pairs read: who may see it (the organising club's directors; site auditors read it), and its
field-wide ranking worked out from the clubs' files by the scoring engine (``scoring.domain.simultaneous``: every
board matchpointed across the whole field, factored to its largest board, beside each club's local result)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import PurePath

from django.db.models import QuerySet
from django.http import Http404

from clubs.models import Club
from clubs.permissions import can_direct, is_site_auditor
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import shown
from scoring.domain.simultaneous import SimultaneousScore, score_simultaneous, simultaneous_of_files
from scoring.domain.text import Text
from simultaneous.models import ClubResultsFile, SimultaneousEvent

__all__ = [
    "FieldRow",
    "file_format_of",
    "file_read",
    "field_score",
    "event_list_for_organiser",
    "event_get_for_organiser",
    "event_ranking",
    "may_organise",
]


def may_organise(user, club: Club | int) -> bool:
    """Who changes a simultaneous pairs: the organising club's directors."""
    return can_direct(user, club)


def _may_read(user, club: Club | int) -> bool:
    return can_direct(user, club) or is_site_auditor(user)


def event_list_for_organiser(*, user, club: Club) -> QuerySet[SimultaneousEvent]:
    """The club's simultaneous pairs, for its directors and site auditors; anyone else: the site's 404."""
    if not _may_read(user, club):
        raise Http404("No such club.")
    return SimultaneousEvent.objects.filter(club=club).order_by("-date", "-pk")


def event_get_for_organiser(*, user, event_id: int) -> SimultaneousEvent:
    """The event, for the organising club's directors and site auditors; anyone else: the site's 404 (as for another
    club's pages)."""
    event = SimultaneousEvent.objects.select_related("club").filter(pk=event_id).first()
    if event is None or not _may_read(user, event.club_id):
        raise Http404("No such simultaneous pairs.")
    return event


def file_format_of(filename: str) -> str:
    """``usebio`` (``.xml``) or ``pbn`` (``.pbn``) by the file's suffix; a ScoringError naming the file otherwise."""
    suffix = PurePath(filename).suffix.lower()
    if suffix == ".xml":
        return "usebio"
    if suffix == ".pbn":
        return "pbn"
    raise ScoringError(Text.of("file.unknown_format", name=PurePath(filename).name), field="file")


def file_read(filename: str, data: bytes) -> FileEvent:
    """A club's results file read by its reader (a ScoringError naming the file and its line otherwise)."""
    reader = read_usebio if file_format_of(filename) == "usebio" else read_pbn_results
    return reader(data, source=filename)


def field_score(
    event: SimultaneousEvent, files: Sequence[tuple[str, str, FileEvent]]
) -> tuple[SimultaneousScore, dict[tuple[str, str], str]]:
    """The field scored from ``(club, file name, event read)`` of each club, and each pair's players' names."""
    options = ScoringOptions(scale=event.scale, factoring=event.factoring)
    named = [(filename, dataclasses.replace(read, club_name=club)) for club, filename, read in files]
    score = score_simultaneous(simultaneous_of_files(named, options))
    names = {(club, pair.id): pair.names for club, _f, read in files for pair in read.pairs}
    return score, names


@dataclass(frozen=True)
class FieldRow:
    """A pair's line of the overall ranking: its club and number, players, overall and local percentage and place."""

    club: str
    pair: str
    names: str
    percentage: Fraction
    place: str
    local_percentage: Fraction
    local_place: str

    @property
    def written(self) -> tuple[str, str]:
        """The two percentages as a file writes them (two decimals, halves away from zero)."""
        return shown(self.percentage), shown(self.local_percentage)


def event_ranking(*, event: SimultaneousEvent) -> list[FieldRow]:
    """Every pair of the field, best first: its overall place and percentage, and its local ones (its club alone).
    Empty when no club's file is in; the files were each read and combined when they were uploaded."""
    stored = list(ClubResultsFile.objects.filter(event=event).order_by("club_name"))
    if not stored:
        return []
    files = [(f.club_name, f.filename, file_read(f.filename, bytes(f.data))) for f in stored]
    score, names = field_score(event, files)
    rows = []
    for pair in score.overall.pairs:
        local, local_place = score.local[(pair.section, pair.pair)]
        rows.append(
            FieldRow(
                club=pair.section,
                pair=pair.pair,
                names=names.get((pair.section, pair.pair), ""),
                percentage=pair.percentage or Fraction(0),
                place=pair.place,
                local_percentage=local,
                local_place=local_place,
            )
        )
    return rows
