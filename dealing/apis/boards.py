"""API for a session's boards: read them (deals only once the session is over) and deal them (directors).

``GET /api/v1/sessions/{id}/boards/`` answers for anyone who may see the session. Before
the session is over it gives the board numbers, dealers and vulnerabilities only, with
``deals_visible: false``; afterwards each board's deal (PBN and Pavlicek number), HCP and
analysis. ``POST`` deals the session: ``{"source": "commitment"}``, ``{"source": "fresh",
"boards": 24}`` or a multipart upload ``source=import`` with ``file``; it answers with the
same listing (no deal before the session is over).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import session_get_for_director, session_get_for_viewer
from dealing.models import Board
from dealing.selectors import boards as selectors
from dealing.services import boards as services


class BoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    vulnerability = serializers.CharField()
    deal = serializers.CharField(required=False, help_text="PBN, North first; only once the session is over")
    deal_number = serializers.CharField(required=False, help_text="Pavlicek's number of the deal")
    hcp = serializers.DictField(child=serializers.IntegerField(), required=False)
    analysis = serializers.CharField(required=False, help_text="pending, done or failed")
    double_dummy_tricks = serializers.CharField(
        required=False,
        help_text="PBN DoubleDummyTricks (declarers N, S, E, W × NT, S, H, D, C); once the analysis is done",
    )
    par_score = serializers.IntegerField(required=False, help_text="North–South's view; once the analysis is done")
    par_contracts = serializers.CharField(required=False, help_text="PBN ParContract; once the analysis is done")


class SessionBoardsOutputSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    status = serializers.CharField()
    deals_visible = serializers.BooleanField()
    dealt_from = serializers.CharField(allow_null=True)
    commitment = serializers.IntegerField(allow_null=True)
    boards = BoardSerializer(many=True)


def _listing(*, user, session_id: int) -> dict:
    session = session_get_for_viewer(user=user, session_id=session_id)
    summary = selectors.session_dealing_summary(session=session)
    base = {
        "session": session.pk,
        "status": session.status,
        "deals_visible": session.is_over,
        "dealt_from": summary.source,
        "commitment": summary.commitment.pk if summary.commitment else None,
    }
    if not session.is_over:
        boards = Board.objects.filter(session=session).order_by("number").values("number", "dealer", "vulnerability")
        return {**base, "boards": list(boards)}
    _, records = selectors.hand_record_for_viewer(user=user, session_id=session_id)
    rows = []
    for b in records:
        row = {
            "number": b.number,
            "dealer": b.dealer.letter,
            "vulnerability": b.vulnerability.pbn,
            "deal": b.deal.to_pbn(),
            "deal_number": str(b.deal_number),
            "hcp": b.hcp,
            "analysis": b.analysis_status,
        }
        if b.analysis is not None:
            row.update(
                double_dummy_tricks=b.analysis.table.to_pbn_tricks(),
                par_score=b.analysis.par.score,
                par_contracts=b.analysis.par.par_contract_pbn(),
            )
        rows.append(row)
    return {**base, "boards": rows}


class SessionBoardsApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SessionBoardsDealInput"

        source = serializers.ChoiceField(choices=["commitment", "fresh", "import"])
        boards = serializers.IntegerField(min_value=1, max_value=services.MAX_SESSION_BOARDS, required=False)
        file = serializers.FileField(required=False)
        replace = serializers.BooleanField(default=False)

        def validate(self, attrs):
            if attrs["source"] == "fresh" and "boards" not in attrs:
                raise serializers.ValidationError({"boards": _("How many boards? (1 … 999)")})
            if attrs["source"] == "import" and "file" not in attrs:
                raise serializers.ValidationError({"file": _("Upload the file to import (PBN, DUP, DLM, LIN or CSV).")})
            return attrs

    @extend_schema(responses=SessionBoardsOutputSerializer, operation_id="session_boards_list")
    def get(self, request, session_id: int):
        return Response(SessionBoardsOutputSerializer(_listing(user=request.user, session_id=session_id)).data)

    @extend_schema(
        request=InputSerializer, responses={201: SessionBoardsOutputSerializer}, operation_id="session_boards_deal"
    )
    def post(self, request, session_id: int):
        session = session_get_for_director(user=request.user, session_id=session_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if given["source"] == "commitment":
            services.session_deal_from_commitment(session=session, user=request.user, replace=given["replace"])
        elif given["source"] == "fresh":
            services.session_deal_fresh(
                session=session, user=request.user, boards=given["boards"], replace=given["replace"]
            )
        else:
            upload = given["file"]
            services.session_deal_import(
                session=session, user=request.user, filename=upload.name, data=upload.read(), replace=given["replace"]
            )
        listing = _listing(user=request.user, session_id=session_id)
        return Response(SessionBoardsOutputSerializer(listing).data, status=status.HTTP_201_CREATED)
