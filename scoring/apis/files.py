"""Results files through the API (under /api/v1/): import a USEBIO or PBN file as a session; export a session.

* ``POST clubs/{slug}/sessions/import/`` — the club's directors; multipart with ``file`` (USEBIO
  ``.xml`` or PBN ``.pbn``, at most 5 MB). 201 with the new session's id and the comparison of
  our numbers with the file's (``scoring.selectors.imports.session_import_report``): how many
  lines, pairs, boards and hands the file had, the numbers compared, the conventions that explain
  differences (in the request's language), the director's overrides found in the file, and every
  differing number with its explanation (``explained_by`` empty: nobody explains it); and the
  ranking as we score it. A bad file is a 400 in the one error shape, ``field`` ``file``, its
  message naming the file, the line and the element; nothing is saved.
* ``GET sessions/{id}/export/usebio/`` — the session as USEBIO 1.2; ``GET sessions/{id}/export/pbn/``
  — as PBN 2.1 with ScoreTable and TotalScoreTable. Directors and scorers at any time, players
  once the results are published (403 before); the hands only once the session is over
  (``scoring.selectors.exports``). 404 for a session the user cannot see or with no results.

Errors are raised and made into the one shape by ``clubsite.api``; no view here catches one.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import path, reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import club_get_for_director
from clubsite.texts import render
from scoring.domain.ranking import shown
from scoring.selectors.exports import ResultsFile, session_export_pbn, session_export_usebio
from scoring.selectors.imports import session_import_report
from scoring.selectors.results import session_pairs, session_score
from scoring.selectors.travellers import options_in_words, ranking_rows
from scoring.services.imports import session_import_upload

# --- output --------------------------------------------------------------------------------------


class ImportSourceSerializer(serializers.Serializer):
    filename = serializers.CharField()
    format = serializers.CharField(help_text="usebio or pbn")
    program = serializers.CharField(help_text="the program that wrote the file, as it says")
    event_type = serializers.CharField(help_text="the file's EVENT_TYPE (USEBIO) or PAIRS (PBN)")


class ImportConventionSerializer(serializers.Serializer):
    code = serializers.CharField(
        help_text="factoring_none, factoring_neuberg, raw_lines, rounded_lines, "
        "totals_all_boards, half_even, single_precision or override"
    )
    text = serializers.CharField(help_text="the convention in words, in the request's language")
    explains = serializers.IntegerField(help_text="how many of the file's numbers it explains")


class ImportOverrideSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    ns = serializers.CharField()
    ew = serializers.CharField()
    result = serializers.CharField(help_text="the line's result: its NS score, or an artificial score (A5050)")
    theirs = serializers.ListField(child=serializers.CharField(), help_text="the file's NS and EW matchpoints")
    ours = serializers.ListField(child=serializers.CharField(), help_text="what the rules give")
    line = serializers.IntegerField(allow_null=True, help_text="the file's line")
    text = serializers.CharField(help_text="the override in words, in the request's language")


class ImportDifferenceSerializer(serializers.Serializer):
    what = serializers.ChoiceField(choices=["score", "matchpoints", "total", "percentage", "place"])
    theirs = serializers.CharField(help_text="the file's number, as written")
    ours = serializers.CharField(help_text="ours, with the file's decimals (at least two)")
    explained_by = serializers.ListField(
        child=serializers.CharField(), help_text="the conventions that give the file's number; empty: none does"
    )
    board = serializers.IntegerField(allow_null=True)
    ns = serializers.CharField(allow_null=True)
    ew = serializers.CharField(allow_null=True)
    side = serializers.CharField(help_text="NS or EW for a line's matchpoints; empty otherwise")
    pair = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True, help_text="the file's line")


class ImportComparisonSerializer(serializers.Serializer):
    checked = serializers.DictField(
        child=serializers.IntegerField(), help_text="numbers compared: scores, matchpoints, totals, percentages, places"
    )
    agrees = serializers.BooleanField(help_text="every number of the file is ours or differs for a named reason")
    scores_differ = serializers.IntegerField(help_text="line scores that are not Law 77's")
    unexplained = serializers.IntegerField()
    conventions = ImportConventionSerializer(many=True)
    overrides = ImportOverrideSerializer(many=True)
    differences = ImportDifferenceSerializer(many=True)


class ImportRankedPairSerializer(serializers.Serializer):
    place = serializers.CharField()
    pair = serializers.CharField()
    names = serializers.CharField()
    field = serializers.CharField(help_text="'' for one field; NS or EW for two winners")
    total = serializers.FloatField(help_text="matchpoints or IMPs, to two decimals")
    percentage = serializers.FloatField(allow_null=True, help_text="null for IMPs")
    boards = serializers.IntegerField()


class SessionImportedSerializer(serializers.Serializer):
    session = serializers.IntegerField(help_text="the new session's id")
    name = serializers.CharField()
    date = serializers.DateField()
    url = serializers.CharField(help_text="the page with the comparison")
    source = ImportSourceSerializer()
    lines = serializers.IntegerField(help_text="traveller lines in the file")
    pairs = serializers.IntegerField()
    boards = serializers.IntegerField()
    deals = serializers.IntegerField(help_text="boards whose hands the file has")
    scoring = serializers.CharField(help_text="how we score it, in words")
    comparison = ImportComparisonSerializer()
    ranking = ImportRankedPairSerializer(many=True)


def _number(value) -> float | None:
    return None if value is None else float(shown(value))


def _imported(request, session) -> dict:
    report = session_import_report(session=session)
    assert report is not None  # the session was just imported, and its import keeps the report
    score = session_score(session=session)
    ranking = [
        {
            "place": r.place,
            "pair": r.pair,
            "names": r.names,
            "field": r.field,
            "total": _number(r.total),
            "percentage": _number(r.percentage),
            "boards": r.boards,
        }
        for _field, rows in ranking_rows(score, session_pairs(session=session))
        for r in rows
    ]
    comparison = {
        "checked": report.checked,
        "agrees": report.agrees,
        "scores_differ": len(report.errors),
        "unexplained": len(report.unexplained),
        "conventions": [{"code": c.code, "text": render(c.text), "explains": c.explains} for c in report.conventions],
        "overrides": [
            {
                "board": o.board,
                "ns": o.ns,
                "ew": o.ew,
                "result": o.result,
                "theirs": list(o.theirs),
                "ours": list(o.ours),
                "line": o.line,
                "text": render(o.text),
            }
            for o in report.overrides
        ],
        "differences": [
            {
                "what": d.what,
                "theirs": d.theirs,
                "ours": d.ours,
                "explained_by": list(d.explained_by),
                "board": d.board,
                "ns": d.ns,
                "ew": d.ew,
                "side": d.side,
                "pair": d.pair,
                "line": d.line,
            }
            for d in report.differences
        ],
    }
    return {
        "session": session.pk,
        "name": session.name,
        "date": session.date,
        "url": request.build_absolute_uri(reverse("scoring:import_report", args=[session.pk])),
        "source": {
            "filename": report.filename,
            "format": report.file_format,
            "program": report.program,
            "event_type": report.event_type,
        },
        "lines": report.lines,
        "pairs": report.pairs,
        "boards": report.boards,
        "deals": report.deals,
        "scoring": options_in_words(score.options),
        "comparison": comparison,
        "ranking": ranking,
    }


# --- files out -----------------------------------------------------------------------------------


class _FileRenderer(BaseRenderer):
    """Lets a client ask for the file's own type; what is rendered through it is an error, written as JSON."""

    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return JSONRenderer().render(data, accepted_media_type, renderer_context)


class UsebioRenderer(_FileRenderer):
    media_type = "application/xml"
    format = "xml"


class PbnRenderer(_FileRenderer):
    media_type = "application/x-chess-pbn"
    format = "pbn"


#: the files are asked for by their path (and ``Accept``), not by DRF's ``?format=``
_NO_FORMAT = OpenApiParameter("format", exclude=True)


def _download(results_file: ResultsFile) -> HttpResponse:
    response = HttpResponse(results_file.content, content_type=results_file.content_type)
    response["Content-Disposition"] = f'attachment; filename="{results_file.filename}"'
    return response


# --- views ---------------------------------------------------------------------------------------


class ClubSessionImportApi(APIView):
    """Import a USEBIO or PBN results file as a new session of the club (directors)."""

    parser_classes = [MultiPartParser, FormParser]

    class InputSerializer(serializers.Serializer):
        file = serializers.FileField(help_text="USEBIO (.xml) or PBN with results (.pbn), at most 5 MB")

        class Meta:
            ref_name = "SessionImportInput"

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses={201: SessionImportedSerializer},
        operation_id="club_session_import",
    )
    def post(self, request, slug: str):
        club = club_get_for_director(user=request.user, slug=slug)
        given = self.InputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        session = session_import_upload(club=club, upload=given.validated_data["file"], user=request.user)
        return Response(SessionImportedSerializer(_imported(request, session)).data, status=status.HTTP_201_CREATED)


class SessionExportUsebioApi(APIView):
    """The session's results as USEBIO 1.2 (hands once the session is over)."""

    renderer_classes = [JSONRenderer, UsebioRenderer]

    @extend_schema(
        responses={(200, "application/xml"): OpenApiResponse(OpenApiTypes.BINARY, description="a USEBIO 1.2 file")},
        parameters=[_NO_FORMAT],
        operation_id="session_export_usebio",
    )
    def get(self, request, session_id: int):
        return _download(session_export_usebio(user=request.user, session_id=session_id))


class SessionExportPbnApi(APIView):
    """The session's results as PBN 2.1 with ScoreTable and TotalScoreTable (hands once the session is over)."""

    renderer_classes = [JSONRenderer, PbnRenderer]

    @extend_schema(
        responses={
            (200, "application/x-chess-pbn"): OpenApiResponse(OpenApiTypes.BINARY, description="a PBN 2.1 file")
        },
        parameters=[_NO_FORMAT],
        operation_id="session_export_pbn",
    )
    def get(self, request, session_id: int):
        return _download(session_export_pbn(user=request.user, session_id=session_id))


urlpatterns = [
    path("clubs/<slug:slug>/sessions/import/", ClubSessionImportApi.as_view(), name="api-club-session-import"),
    path(
        "sessions/<int:session_id>/export/usebio/", SessionExportUsebioApi.as_view(), name="api-session-export-usebio"
    ),
    path("sessions/<int:session_id>/export/pbn/", SessionExportPbnApi.as_view(), name="api-session-export-pbn"),
]
