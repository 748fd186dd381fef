"""API for clubs and sessions: list what the user may see; directors create sessions (a session's pairs: events/apis.py)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import selectors, services
from clubs.models import Session


class ClubListApi(APIView):
    class OutputSerializer(serializers.Serializer):
        slug = serializers.SlugField()
        name = serializers.CharField()
        city = serializers.CharField()

    @extend_schema(responses=OutputSerializer(many=True), operation_id="clubs_list")
    def get(self, request):
        clubs = selectors.club_list_for_user(request.user)
        return Response(self.OutputSerializer(clubs, many=True).data)


class SessionOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    name = serializers.CharField()
    date = serializers.DateField()
    start_time = serializers.TimeField(allow_null=True)
    status = serializers.ChoiceField(choices=Session.Status.choices)
    boards_per_round = serializers.IntegerField(allow_null=True)


class ClubSessionListApi(APIView):
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=120)
        date = serializers.DateField()
        start_time = serializers.TimeField(required=False, allow_null=True)
        boards_per_round = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=36)
        notes = serializers.CharField(required=False, allow_blank=True, default="")

    @extend_schema(responses=SessionOutputSerializer(many=True), operation_id="club_sessions_list")
    def get(self, request, slug):
        club = selectors.club_get_for_viewer(user=request.user, slug=slug)
        return Response(SessionOutputSerializer(club.sessions.all(), many=True).data)

    @extend_schema(
        request=InputSerializer, responses={201: SessionOutputSerializer}, operation_id="club_sessions_create"
    )
    def post(self, request, slug):
        club = selectors.club_get_for_director(user=request.user, slug=slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        session = services.session_create(club=club, **data.validated_data)
        return Response(SessionOutputSerializer(session).data, status=status.HTTP_201_CREATED)


class SessionDetailApi(APIView):
    @extend_schema(responses=SessionOutputSerializer, operation_id="sessions_retrieve")
    def get(self, request, session_id):
        session = selectors.session_get_for_viewer(user=request.user, session_id=session_id)
        return Response(SessionOutputSerializer(session).data)
