"""API of the movements app (under /api/v1/): the catalogue with balance, one schedule, a session's choice.

Errors come out as ``{"error": {"code", "message", "field"}}``: a ``MovementError`` raised
here (2 pairs, too many rounds, 0 boards per round …) becomes a 400 with its field, said in the
request's language by the API's error handler (``clubsite.api``). Words
(titles, constructions, notes, relay places, option labels, explanations, error messages)
come in the request's language (``Accept-Language`` or the language cookie).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import selectors as club_selectors
from clubs.texts import localize, render
from movements import selectors, services
from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.guide_cards import cards_json
from movements.management.commands.movement import movement_json


@extend_schema_serializer(component_name="MovementParameters")
class ParametersSerializer(serializers.Serializer):
    pairs = serializers.IntegerField()
    rounds = serializers.IntegerField(required=False, allow_null=True, default=None)
    kind = serializers.ChoiceField(choices=["howell", "mitchell"], required=False, default="howell")
    half_sets = serializers.BooleanField(required=False, default=False)
    variant = serializers.ChoiceField(choices=["", "skip", "relay"], required=False, allow_null=True, default=None)
    arrow_switch = serializers.BooleanField(required=False, default=False)
    boards_per_round = serializers.IntegerField(required=False, default=2)


def _build(data: dict):
    check_boards_per_round(data["boards_per_round"], data["half_sets"])
    return movement_for(data["pairs"], data["rounds"], data["kind"], data["half_sets"], data["variant"] or None,
                        data["arrow_switch"])


class MovementListApi(APIView):
    """GET ?pairs=N — every movement offered for N pairs with its balance report."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="MovementListQuery")
    class InputSerializer(serializers.Serializer):
        pairs = serializers.IntegerField(min_value=1, max_value=200)

    @extend_schema(parameters=[InputSerializer], responses=OpenApiTypes.OBJECT, operation_id="movements_list")
    def get(self, request):
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        pairs = data.validated_data["pairs"]
        movement_for(pairs) if pairs < 4 or pairs > 64 else None   # explains an impossible field
        options = selectors.movement_options(pairs=pairs)
        return Response({"pairs": pairs, "movements": [
            localize({k: v for k, v in opt.items() if k != "movement"}) for opt in options]})


class MovementDetailApi(APIView):
    """GET ?pairs=N&rounds=&kind=&half_sets=&boards_per_round= — the schedule, cards and balance report."""

    permission_classes = [IsAuthenticated]

    @extend_schema(parameters=[ParametersSerializer], responses=OpenApiTypes.OBJECT, operation_id="movements_detail")
    def get(self, request):
        data = ParametersSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        m = _build(data.validated_data)
        return Response({**movement_json(m), "title": render(m.title), "construction": render(m.construction),
                         "notes": [render(n) for n in m.notes], "relay_places": [
                             {"relay": r.name, "place": render(r.place)} for r in m.relays],
                         "balance_report": localize(balance_report(m)), **cards_json(m)})


class SessionMovementApi(APIView):
    """GET: the session's movement (viewers); POST: choose it (directors)."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="SessionMovement")
    class OutputSerializer(serializers.Serializer):
        session = serializers.IntegerField(source="session_id")
        kind = serializers.CharField()
        pairs = serializers.IntegerField()
        rounds = serializers.IntegerField(allow_null=True)
        half_sets = serializers.BooleanField()
        variant = serializers.CharField()
        arrow_switch = serializers.BooleanField()
        boards_per_round = serializers.IntegerField(source="session.boards_per_round", allow_null=True,
                                                    help_text="the session's boards per round")
        title = serializers.CharField(source="display_title")
        balance = serializers.JSONField(source="display_balance")
        chosen_at = serializers.DateTimeField()

    @extend_schema(responses=OutputSerializer, operation_id="session_movement_get")
    def get(self, request, session_id: int):
        session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
        choice = selectors.session_movement_get(session=session)
        if choice is None:
            raise NotFound(_("no movement chosen for this session yet"))
        return Response(self.OutputSerializer(choice).data)

    @extend_schema(request=ParametersSerializer, responses=OutputSerializer, operation_id="session_movement_choose")
    def post(self, request, session_id: int):
        session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
        data = ParametersSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        choice = services.session_movement_choose(
            session=session, user=request.user, pairs=d["pairs"], boards_per_round=d["boards_per_round"],
            kind=d["kind"], rounds=d["rounds"], half_sets=d["half_sets"], variant=d["variant"] or None,
            arrow_switch=d["arrow_switch"])
        return Response(self.OutputSerializer(choice).data, status=status.HTTP_201_CREATED)
