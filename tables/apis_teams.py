"""The phones' API at a teams session's tables (under /api/v1/tables/teams/): the same requests and answers as a
pairs table's (``tables/apis.py``, whose serializers and token it reuses), the result kept on the match's score card
(``tables.services.teams``).

* ``GET tables/teams/state/`` — the table's state (``tables.selectors.teams.teams_table_state``), with an ``ETag``
  (``If-None-Match``: 304 while nothing at the table changed);
* ``POST tables/teams/entries/`` — a board's result (as ``tables/entries/``), NS entering;
* ``POST tables/teams/confirmations/`` — ``entry`` and ``side``: EW accepts it, and it goes on the score card;
* ``POST tables/teams/requests/`` — ``board`` and ``note``: ask the director to correct a confirmed result;
* ``POST tables/teams/handovers/`` — refused, saying so: what a signed-out phone of a teams table holds is shown
  to the director, who enters it on the match's score card;
* ``GET tables/teams/ranking/`` — the standings once published (404 before).
"""

from __future__ import annotations

from django.http import Http404
from django.urls import path
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from tables.apis import ANSWER, TOKEN_HEADER, ConfirmApi, EntryApi, RequestApi, TableApi, answer_json
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.selectors.teams import is_teams_table, teams_phone_ranking, teams_state_version, teams_table_state
from tables.services.joining import device_for_token
from tables.services.teams import teams_correction_request, teams_entry_confirm, teams_entry_submit


class TeamsTableApi(TableApi):
    """A phone at a teams session's table (a pairs table's phone is answered 404 here: its endpoints are
    ``tables/apis.py``'s)."""

    def device(self, request, *, touch: bool = False):
        device = super().device(request, touch=touch)
        if not is_teams_table(device.table):
            raise Http404("Not a teams table.")
        return device


class TeamsTableStateApi(TeamsTableApi):
    @extend_schema(
        responses=inline_serializer(
            "TeamsTableState", {"table": serializers.IntegerField(), "rounds": serializers.ListField()}
        )
    )
    def get(self, request):
        device = self.device(request, touch=True)
        state = teams_table_state(device)
        etag = f'"{teams_state_version(state)}"'
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers={"ETag": etag})
        return Response(state, headers={"ETag": etag})


class TeamsEntryApi(TeamsTableApi, EntryApi):
    @extend_schema(request=EntryApi.InputSerializer, responses=ANSWER)
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        answer = teams_entry_submit(
            device=device, key=self.key(request, fields), data=fields, replaces=fields["replaces"], side=fields["side"]
        )
        return Response(answer_json(answer))


class TeamsConfirmApi(TeamsTableApi, ConfirmApi):
    @extend_schema(request=ConfirmApi.InputSerializer, responses=ANSWER)
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        answer = teams_entry_confirm(
            device=device, key=self.key(request, fields), entry=fields["entry"], side=fields["side"]
        )
        return Response(answer_json(answer))


class TeamsRequestApi(TeamsTableApi, RequestApi):
    @extend_schema(request=RequestApi.InputSerializer, responses=ANSWER)
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        answer = teams_correction_request(
            device=device, key=self.key(request, fields), board=fields["board"], note=fields["note"]
        )
        return Response(answer_json(answer))


class TeamsHandoverApi(TableApi):
    """A phone signed out of a teams table cannot hand over what it had not sent yet: it is told to show it to the
    director, who enters it on the match's score card."""

    @extend_schema(request=None, responses=inline_serializer("TeamsTableHandedOver", {}))
    def post(self, request):
        device_for_token(request.headers.get(TOKEN_HEADER), signed_out_too=True)
        raise TableError(Text.of("teams.no_handover"), field=None)


class TeamsRankingApi(TeamsTableApi):
    @extend_schema(
        responses=inline_serializer(
            "TeamsTableRanking",
            {"kind": serializers.CharField(), "rows": serializers.ListField(), "url": serializers.CharField()},
        )
    )
    def get(self, request):
        ranking = teams_phone_ranking(self.device(request))
        if ranking is None:
            raise Http404
        return Response(ranking)


urlpatterns = [
    path("tables/teams/state/", TeamsTableStateApi.as_view(), name="tables-teams-state"),
    path("tables/teams/entries/", TeamsEntryApi.as_view(), name="tables-teams-entries"),
    path("tables/teams/confirmations/", TeamsConfirmApi.as_view(), name="tables-teams-confirmations"),
    path("tables/teams/requests/", TeamsRequestApi.as_view(), name="tables-teams-requests"),
    path("tables/teams/handovers/", TeamsHandoverApi.as_view(), name="tables-teams-handovers"),
    path("tables/teams/ranking/", TeamsRankingApi.as_view(), name="tables-teams-ranking"),
]
