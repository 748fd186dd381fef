"""The results API (under /api/v1/): a session's results, travellers and ranking; entering and correcting lines.

* ``GET sessions/{id}/results/`` — the scoring options, the ranking and every board with every
  line entered: pairs, contract, declarer, tricks, lead, NS score and each side's matchpoints
  (``mp_ns``/``mp_ew``) or IMPs (``imp_ns``/``imp_ew``), rounded to two decimals, and the board's
  top or Butler datum.
* ``POST sessions/{id}/results/`` — enter a line (scorers and directors): ``board``, the ``ns`` and
  ``ew`` pair labels, and either ``entry`` (the scorer's shorthand, ``4SX N 9``) or ``result``
  (``{"contract": "4SX", "declarer": "N", "tricks": 9}``, ``{"score": 420}``, ``{"adjusted":
  "60/40"}``, ``{"contract": "PASS"}``, ``{"weighted": [[20, 650], [80, 620]]}``); optionally
  ``round`` and ``table``, checked against the movement. 201 with the line and its score. The
  same line sent again is answered with the line; a different result for a table that has one
  is refused (correct it with PATCH).
* ``GET sessions/{id}/boards/{n}/traveller/`` — one board's traveller.
* ``GET sessions/{id}/ranking/`` — scorers and directors: the ranking as the results stand;
  players of the club: the ranking as published, and 403 before the results are published.
* ``PATCH results/{id}/`` — correct a line (``entry`` or ``result``, and the ``reason``);
  ``DELETE results/{id}/`` — remove it (``reason`` in the body or the query string). Both go
  into the board's audit trail.

Errors have the API's one shape ``{"error": {"code", "message", "field"}}`` (``clubsite.api``):
``field`` names what is wrong — ``board``, ``ns``, ``ew``, ``round``, ``table``, or the part of
the result (``contract``, ``declarer``, ``tricks``, ``score``, ``adjusted``, ``weighted``,
``result``) — and nothing recorded changes. A session of another club answers 404.
"""

from __future__ import annotations

from fractions import Fraction

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import session_get_for_scorer
from clubsite.texts import render
from scoring.domain.errors import ScoringError
from scoring.domain.notation import as_data, from_data
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import shown
from scoring.domain.results import Played
from scoring.domain.shorthand import parse_entry
from scoring.domain.text import Text
from scoring.selectors.results import session_pairs, session_score
from scoring.selectors.travellers import (
    options_in_words,
    publication_state,
    published_ranking_for_player,
    ranking_rows,
    result_get_for_scorer,
    session_for_results,
    session_travellers,
)
from scoring.services.results import result_correct, result_delete, result_record
from scoring.services.sessions import session_pairs_ensure

# --- numbers as the API shows them ------------------------------------------------------------------


@extend_schema_field(OpenApiTypes.NUMBER)
class RoundedField(serializers.Field):
    """An exact number (a ``Fraction``) rounded to two decimals, halves away from zero."""

    def to_representation(self, value):
        return None if value is None else float(shown(Fraction(value)))


@extend_schema_field(OpenApiTypes.NUMBER)
class ScoreField(serializers.Field):
    """A score: a whole number, or a weighted one to two decimals."""

    def to_representation(self, value):
        if value is None:
            return None
        value = Fraction(value)
        return int(value) if value.denominator == 1 else float(shown(value))


# --- output --------------------------------------------------------------------------------------


class ScoringOptionsSerializer(serializers.Serializer):
    method = serializers.CharField(help_text="matchpoints, butler or cross_imps")
    scale = serializers.CharField(help_text="ebu (2 per result beaten) or acbl (1 per result beaten)")
    factoring = serializers.CharField(help_text="neuberg or none")
    sections = serializers.CharField(help_text="across (the whole field) or within (each section on its own)")
    description = serializers.CharField(help_text="the same in words, in the request's language")


class TravellerLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    board = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    ns = serializers.CharField(help_text="the NS pair's label")
    ew = serializers.CharField(help_text="the EW pair's label")
    ns_names = serializers.CharField()
    ew_names = serializers.CharField()
    kind = serializers.ChoiceField(choices=["played", "assigned", "artificial"])
    result = serializers.JSONField(help_text="the result as data (the shape POST takes)")
    entry = serializers.CharField(help_text="the result as a scorer types it")
    said = serializers.CharField(help_text="the result in words with its score, in the request's language")
    contract = serializers.CharField(allow_null=True, help_text="4SX, 3N, PASS; null for an adjusted score")
    declarer = serializers.CharField(allow_null=True)
    tricks = serializers.IntegerField(allow_null=True)
    lead = serializers.CharField(allow_null=True)
    ns_score = ScoreField(allow_null=True, help_text="NS's score; null for an artificial score")
    mp_ns = RoundedField(required=False, help_text="NS's matchpoints (matchpoint scoring only)")
    mp_ew = RoundedField(required=False, help_text="EW's matchpoints (matchpoint scoring only)")
    imp_ns = RoundedField(required=False, help_text="NS's IMPs (Butler or cross-IMP scoring only)")
    imp_ew = RoundedField(required=False, help_text="EW's IMPs (Butler or cross-IMP scoring only)")
    off_schedule = serializers.BooleanField(help_text="not where the movement puts it (entered by a director)")


class TravellerBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    tables = serializers.IntegerField(help_text="tables the movement puts on this board")
    entered = serializers.IntegerField()
    complete = serializers.BooleanField()
    top = RoundedField(allow_null=True, help_text="the matchpoint top every line is scored on")
    datum = serializers.IntegerField(allow_null=True, help_text="the Butler datum")
    lines = TravellerLineSerializer(many=True)


class RankedPairSerializer(serializers.Serializer):
    place = serializers.CharField(help_text="1, 2=, …")
    pair = serializers.CharField()
    names = serializers.CharField()
    field = serializers.CharField(help_text="'' for one field; NS or EW for a two-winner movement")
    total = RoundedField(help_text="matchpoints or IMPs")
    top = RoundedField(allow_null=True)
    percentage = RoundedField(allow_null=True, help_text="null for IMPs")
    boards = serializers.IntegerField()


class ResultsPublicationSerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=["unpublished", "provisional", "final"])
    published_at = serializers.DateTimeField(allow_null=True)
    provisional_until = serializers.DateTimeField(allow_null=True)


class SessionRankingSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    status = serializers.CharField()
    live = serializers.BooleanField(help_text="true: as the results stand now; false: as published")
    options = ScoringOptionsSerializer()
    publication = ResultsPublicationSerializer()
    pairs = RankedPairSerializer(many=True)


class SessionResultsSerializer(SessionRankingSerializer):
    boards = TravellerBoardSerializer(many=True)


class BoardTravellerSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    options = ScoringOptionsSerializer()
    board = TravellerBoardSerializer()


def _options(options) -> dict:
    return {**options.as_dict(), "description": options_in_words(options)}


def _publication(session) -> dict:
    state = publication_state(session)
    return {"state": state.status, "published_at": state.published_at, "provisional_until": state.provisional_until}


def _line(line, options) -> dict:
    result = line.result
    played = isinstance(result, Played) and result.contract is not None
    out = {
        "id": line.id,
        "board": line.board,
        "round": line.round,
        "table": line.table,
        "ns": line.ns,
        "ew": line.ew,
        "ns_names": line.ns_pair.names if line.ns_pair else "",
        "ew_names": line.ew_pair.names if line.ew_pair else "",
        "kind": as_data(result)["kind"],
        "result": as_data(result),
        "entry": line.typed,
        "said": render(line.description),
        "contract": result.contract.call if played else ("PASS" if isinstance(result, Played) else None),
        "declarer": result.contract.declarer.letter if played else None,
        "tricks": result.tricks if played else None,
        "lead": (result.lead or None) if played else None,
        "ns_score": line.scored.ns_score if line.scored else line.line.ns_score,
        "off_schedule": line.meeting is None,
    }
    side = "imp" if options.is_imps else "mp"
    out[f"{side}_ns"] = line.scored.ns if line.scored else None
    out[f"{side}_ew"] = line.scored.ew if line.scored else None
    return out


def _board(traveller, options) -> dict:
    return {
        "board": traveller.board,
        "tables": traveller.expected,
        "entered": traveller.entered,
        "complete": traveller.complete,
        "top": traveller.top if not options.is_imps else None,
        "datum": traveller.datum,
        "lines": [_line(ln, options) for ln in traveller.lines if ln.entered],
    }


def _live_pairs(event, pairs) -> list[dict]:
    return [
        {
            "place": r.place,
            "pair": r.pair,
            "names": r.names,
            "field": r.field,
            "total": r.total,
            "top": r.top if r.percentage is not None else None,
            "percentage": r.percentage,
            "boards": r.boards,
        }
        for _field, rows in ranking_rows(event, pairs)
        for r in rows
    ]


def _published_pairs(snapshot: dict) -> list[dict]:
    return [
        {
            "place": p["place"],
            "pair": p["pair"],
            "names": p.get("names", ""),
            "field": p.get("field", ""),
            "total": p["total"],
            "top": p["top"] if p.get("percentage") is not None else None,
            "percentage": p.get("percentage"),
            "boards": p["boards"],
        }
        for p in snapshot.get("pairs", [])
    ]


def _ranking(session, live: bool, event=None, pairs=None) -> dict:
    if live:
        event = event or session_score(session=session)
        ranked, options = (
            _live_pairs(event, pairs if pairs is not None else session_pairs(session=session)),
            event.options,
        )
    else:
        snapshot = published_ranking_for_player(session=session)
        ranked, options = _published_pairs(snapshot), ScoringOptions.parse(snapshot.get("options"))
    return {
        "session": session.pk,
        "status": session.status,
        "live": live,
        "options": _options(options),
        "publication": _publication(session),
        "pairs": ranked,
    }


# --- input ---------------------------------------------------------------------------------------

#: the highest board, round and table a line may name (a session deals at most 999 boards)
MOST = 999


class ResultInputSerializer(serializers.Serializer):
    entry = serializers.CharField(
        required=False,
        max_length=80,
        help_text="the scorer's shorthand: 4SX N 9, 4S= N, 3NT-2 W, P, +420, A6040, 20% +650 80% +620",
    )
    result = serializers.DictField(
        required=False,
        help_text="the result as data: {contract, declarer, tricks, "
        "lead}, {contract: PASS}, {score}, {weighted}, {adjusted}",
    )

    def validate(self, attrs):
        if ("entry" in attrs) == ("result" in attrs):
            raise ValidationError({"entry": _("Give the result either as entry (e.g. 4S= N) or as result data.")})
        return attrs


def _result_of(data: dict):
    return parse_entry(data["entry"]) if "entry" in data else from_data(data["result"])


def _pair(pairs: dict, label: str, field: str):
    if label not in pairs:
        raise ScoringError(Text.of("result.pair_unknown", pair=label), field=field)
    return pairs[label]


def _line_response(session, result_row, http_status=status.HTTP_200_OK) -> Response:
    data = session_travellers(session=session, board=result_row.board)
    traveller = data.traveller(result_row.board)
    assert traveller is not None  # session_travellers(board=…) has that board's traveller
    line = next(ln for ln in traveller.lines if ln.id == result_row.pk)
    return Response(TravellerLineSerializer(_line(line, data.options)).data, status=http_status)


class SessionResultsApi(APIView):
    """GET: the session's results (scorers and directors; players once published). POST: enter a line."""

    class InputSerializer(ResultInputSerializer):
        board = serializers.IntegerField(min_value=1, max_value=MOST)  # (the columns hold no more than 32,767)
        ns = serializers.CharField(max_length=12, help_text="the NS pair's label, e.g. 3 or 1NS")
        ew = serializers.CharField(max_length=12, help_text="the EW pair's label")
        round = serializers.IntegerField(required=False, min_value=1, max_value=MOST)
        table = serializers.IntegerField(required=False, min_value=1, max_value=MOST)
        reason = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=500,
            help_text="needed while the results are provisional (directors only)",
        )

        class Meta:
            ref_name = "ResultEnterInput"

    @extend_schema(responses=SessionResultsSerializer, operation_id="session_results")
    def get(self, request, session_id: int):
        session, live = session_for_results(user=request.user, session_id=session_id)
        data = session_travellers(session=session)
        ranking = _ranking(session, live, event=data.event, pairs=data.pairs)
        boards = [_board(t, data.options) for t in data.travellers]
        return Response(SessionResultsSerializer({**ranking, "boards": boards}).data)

    @extend_schema(
        request=InputSerializer, responses={201: TravellerLineSerializer}, operation_id="session_results_enter"
    )
    def post(self, request, session_id: int):
        session = session_get_for_scorer(user=request.user, session_id=session_id)
        given = self.InputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        pairs = session_pairs(session=session)
        if data["ns"] not in pairs or data["ew"] not in pairs:  # a movement's pairs not named yet
            pairs = {p.label: p for p in session_pairs_ensure(session=session)}
        ns, ew = _pair(pairs, data["ns"], "ns"), _pair(pairs, data["ew"], "ew")
        row = result_record(
            session=session,
            board=data["board"],
            ns_pair=ns,
            ew_pair=ew,
            result=_result_of(data),
            user=request.user,
            round=data.get("round"),
            table=data.get("table"),
            reason=data["reason"],
        )
        return _line_response(session, row, status.HTTP_201_CREATED)


class BoardTravellerApi(APIView):
    """One board's traveller (scorers and directors; players once published)."""

    @extend_schema(responses=BoardTravellerSerializer, operation_id="session_board_traveller")
    def get(self, request, session_id: int, board: int):
        session, _live = session_for_results(user=request.user, session_id=session_id)
        data = session_travellers(session=session, board=board)
        traveller = data.traveller(board)
        if traveller is None or (not traveller.lines and board not in data.layout.boards):
            raise NotFound(_("This session has no board %(board)s.") % {"board": board})
        return Response(
            BoardTravellerSerializer(
                {"session": session.pk, "options": _options(data.options), "board": _board(traveller, data.options)}
            ).data
        )


class SessionRankingApi(APIView):
    """Scorers and directors: the ranking as the results stand. Players: the ranking as published (403 before)."""

    @extend_schema(responses=SessionRankingSerializer, operation_id="session_ranking")
    def get(self, request, session_id: int):
        session, live = session_for_results(user=request.user, session_id=session_id)
        return Response(SessionRankingSerializer(_ranking(session, live)).data)


class ResultDetailApi(APIView):
    """GET a line; PATCH: correct it (with the reason); DELETE: remove it (with the reason)."""

    class CorrectSerializer(ResultInputSerializer):
        reason = serializers.CharField(max_length=500, help_text="why: kept in the board's audit trail")

        class Meta:
            ref_name = "ResultCorrectInput"

    class DeleteSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=500, help_text="why: kept in the board's audit trail")

        class Meta:
            ref_name = "ResultDeleteInput"

    @extend_schema(responses=TravellerLineSerializer, operation_id="result_retrieve")
    def get(self, request, result_id: int):
        row = result_get_for_scorer(user=request.user, result_id=result_id)
        return _line_response(row.session, row)

    @extend_schema(request=CorrectSerializer, responses=TravellerLineSerializer, operation_id="result_correct")
    def patch(self, request, result_id: int):
        row = result_get_for_scorer(user=request.user, result_id=result_id)
        given = self.CorrectSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        row = result_correct(
            result=row, new=_result_of(given.validated_data), user=request.user, reason=given.validated_data["reason"]
        )
        return _line_response(row.session, row)

    @extend_schema(
        request=DeleteSerializer,
        responses={204: None},
        operation_id="result_delete",
        parameters=[OpenApiParameter("reason", str, description="why (or in the body)")],
    )
    def delete(self, request, result_id: int):
        row = result_get_for_scorer(user=request.user, result_id=result_id)
        given = self.DeleteSerializer(data=request.data or {"reason": request.query_params.get("reason", "")})
        given.is_valid(raise_exception=True)
        result_delete(result=row, user=request.user, reason=given.validated_data["reason"])
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns = [
    path("sessions/<int:session_id>/results/", SessionResultsApi.as_view(), name="api-session-results"),
    path(
        "sessions/<int:session_id>/boards/<int:board>/traveller/",
        BoardTravellerApi.as_view(),
        name="api-session-board-traveller",
    ),
    path("sessions/<int:session_id>/ranking/", SessionRankingApi.as_view(), name="api-session-ranking"),
    path("results/<int:result_id>/", ResultDetailApi.as_view(), name="api-result-detail"),
]
