"""The phones' API (under /api/v1/tables/): a joined phone's table, its entries and confirmations.

A phone proves it is joined to a table with the token it got when it joined, in the ``X-Table-Token``
header (a header no other site can make a browser send, so no CSRF token is needed; no login either).
Every write carries an idempotency key (``key``, or the ``Idempotency-Key`` header): the same key again
is answered as the first time and changes nothing.

* ``GET tables/state/`` — the table's state (``tables.selectors.table.table_state``), with an ``ETag``: asked
  again with ``If-None-Match``, it answers 304 while nothing has changed (cheap polling);
* ``POST tables/entries/`` — a board's result: ``board`` (and ``round``), ``passed_out`` or ``level``,
  ``strain``, ``doubling``, ``declarer``, ``tricks`` or ``relative``, ``lead``; ``side`` (who enters,
  NS by default); ``replaces`` (the key of the pending entry this corrects);
* ``POST tables/confirmations/`` — ``entry`` (its key) and ``side`` (EW by default): the result is recorded;
* ``POST tables/requests/`` — ``board`` and ``note``: ask the director to correct a confirmed result;
* ``GET tables/boards/{n}/traveller/`` — the board's traveller so far (a club setting; only once this
  table has confirmed the board);
* ``POST tables/moves/`` — ``round``: the table has read where to go after a round it finished late, and goes on
  to the next (``tables.domain.progress``);
* ``POST tables/phone/pair/`` — ``pair``: when the session's phones follow their pairs, the pair this phone goes
  with (one of the pairs at its table now); ``POST tables/phone/follow/`` — once its table has gone on past the
  pair's round, the phone joins the pair's next table (``moved``, ``table``, ``code``; nothing changes otherwise);
* ``POST tables/handovers/`` — a phone signed out of its table (its token still names it) hands over what it had
  not sent: ``actions`` (its queue: ``key``, ``kind``, ``body``) and ``to`` (``table``, ``director``, or "" to
  report them only); ``POST tables/handovers/dismissals/`` — ``handover``: the table's phone sets one aside;
* ``GET tables/ranking/`` — the ranking for the players: live while in play when the director shows it, the
  published one (provisional included) once out; 404 when there is none to show.

Answers: ``{"status", "board", "round", "entry", "result", "key", "said"}`` — ``status`` pending, confirmed,
conflict or requested; ``said`` the result in bridge words in the phone's language. Errors have the
API's one shape ``{"error": {"code", "message", "field"}}``, the message in the phone's language;
``code`` is ``not_joined``, ``session_over``, ``table_locked``, ``conflict``, ``replaced`` … or ``invalid``.
"""

from __future__ import annotations

from django.http import Http404
from django.urls import path
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.domain.notation import from_data
from tables.selectors.ranking import phone_ranking
from tables.selectors.table import board_traveller, phone_state, said, table_state_at, table_state_version
from tables.services.following import device_follow, device_pair_set
from tables.services.handovers import handover_dismiss, handover_give
from tables.services.joining import device_for_token
from tables.services.submissions import Answer, correction_request, entry_confirm, entry_submit, table_moved_on

TOKEN_HEADER = "X-Table-Token"


def answer_json(answer: Answer) -> dict:
    out = answer.as_json()
    if answer.result:
        out["said"] = said(from_data(answer.result), answer.board)
    return out


class TableApi(APIView):
    """A phone's request: no login, no session cookie; the table token in ``X-Table-Token``."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    def device(self, request, *, touch: bool = False):
        return device_for_token(request.headers.get(TOKEN_HEADER), touch=touch)

    @staticmethod
    def key(request, data) -> str:
        return str(data.get("key") or request.headers.get("Idempotency-Key") or "")


ANSWER = inline_serializer(
    "TableAnswer",
    {
        "status": serializers.CharField(),
        "board": serializers.IntegerField(),
        "round": serializers.IntegerField(),
        "entry": serializers.CharField(),
        "key": serializers.CharField(),
        "said": serializers.CharField(),
        "result": serializers.DictField(allow_null=True),
    },
)


class TableStateApi(TableApi):
    @extend_schema(
        responses=inline_serializer(
            "TableState", {"table": serializers.IntegerField(), "rounds": serializers.ListField()}
        )
    )
    def get(self, request):
        device = self.device(request, touch=True)
        version = table_state_version(device)
        etag = f'"{version}-{device.pair or 0}-{device.round}"'  # the phone's own part too (phone_state)
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers={"ETag": etag})
        state = table_state_at(device, version)
        return Response({**state, "phone": phone_state(device, state)}, headers={"ETag": etag})


class EntryApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableEntryInput"

        key = serializers.CharField(max_length=64, required=False)
        board = serializers.CharField(max_length=8, required=False, allow_blank=True)
        round = serializers.IntegerField(required=False, allow_null=True)
        passed_out = serializers.BooleanField(required=False, default=False)
        level = serializers.CharField(max_length=4, required=False, allow_blank=True, allow_null=True)
        strain = serializers.CharField(max_length=4, required=False, allow_blank=True, allow_null=True)
        doubling = serializers.CharField(max_length=4, required=False, allow_blank=True, allow_null=True)
        declarer = serializers.CharField(max_length=2, required=False, allow_blank=True, allow_null=True)
        tricks = serializers.CharField(max_length=4, required=False, allow_blank=True, allow_null=True)
        relative = serializers.CharField(max_length=4, required=False, allow_blank=True, allow_null=True)
        lead = serializers.CharField(max_length=4, required=False, allow_blank=True, allow_null=True)
        side = serializers.CharField(max_length=2, required=False, default="NS")
        replaces = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses=ANSWER)
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        answer = entry_submit(
            device=device, key=self.key(request, fields), data=fields, replaces=fields["replaces"], side=fields["side"]
        )
        return Response(answer_json(answer), status=200)


class ConfirmApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableConfirmationInput"

        key = serializers.CharField(max_length=64, required=False)
        entry = serializers.CharField(max_length=64)
        side = serializers.CharField(max_length=2, required=False, default="EW")

    @extend_schema(request=InputSerializer, responses=ANSWER)
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        answer = entry_confirm(device=device, key=self.key(request, fields), entry=fields["entry"], side=fields["side"])
        return Response(answer_json(answer))


class RequestApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableRequestInput"

        key = serializers.CharField(max_length=64, required=False)
        board = serializers.CharField(max_length=8)
        note = serializers.CharField(max_length=1000, allow_blank=True)

    @extend_schema(request=InputSerializer, responses=ANSWER)
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        answer = correction_request(
            device=device, key=self.key(request, fields), board=fields["board"], note=fields["note"]
        )
        return Response(answer_json(answer))


class TravellerApi(TableApi):
    @extend_schema(
        responses=inline_serializer(
            "TableTraveller", {"board": serializers.IntegerField(), "lines": serializers.ListField()}
        )
    )
    def get(self, request, board: int):
        traveller = board_traveller(self.device(request), board)
        if traveller is None:
            raise Http404
        return Response(traveller)


class MoveApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableMoveInput"

        key = serializers.CharField(max_length=64, required=False)
        round = serializers.CharField(max_length=8)

    @extend_schema(
        request=InputSerializer, responses=inline_serializer("TableMoved", {"moved": serializers.IntegerField()})
    )
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response({"moved": table_moved_on(device=device, round_number=data.validated_data["round"])})


class PhonePairApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TablePhonePairInput"

        key = serializers.CharField(max_length=64, required=False)
        pair = serializers.CharField(max_length=16, allow_blank=True)

    @extend_schema(
        request=InputSerializer, responses=inline_serializer("TablePhonePair", {"pair": serializers.CharField()})
    )
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        device = device_pair_set(device=device, pair=data.validated_data["pair"])
        return Response({"pair": device.pair, "round": device.round})


class PhoneFollowApi(TableApi):
    @extend_schema(
        request=None,
        responses=inline_serializer(
            "TablePhoneFollowed",
            {"moved": serializers.BooleanField(), "table": serializers.IntegerField(), "code": serializers.CharField()},
        ),
    )
    def post(self, request):
        device, moved = device_follow(device=self.device(request))
        return Response(
            {"moved": moved, "table": device.table.number, "code": device.table.code, "round": device.round}
        )


class HandoverApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableHandoverInput"

        to = serializers.ChoiceField(choices=["", "table", "director"], required=False, default="")
        actions = serializers.ListField(child=serializers.DictField(), max_length=200)

    @extend_schema(
        request=InputSerializer, responses=inline_serializer("TableHandedOver", {"handed": serializers.IntegerField()})
    )
    def post(self, request):
        device = device_for_token(request.headers.get(TOKEN_HEADER), signed_out_too=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        handed = handover_give(device=device, actions=fields["actions"], to=fields["to"])
        return Response({"handed": len(handed)})


class HandoverDismissApi(TableApi):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableHandoverDismissInput"

        key = serializers.CharField(max_length=64, required=False)
        handover = serializers.CharField(max_length=12)

    @extend_schema(request=InputSerializer, responses=inline_serializer("TableHandoverSetAside", {}))
    def post(self, request):
        device = self.device(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        handover_dismiss(device=device, handover=data.validated_data["handover"])
        return Response({})


class RankingApi(TableApi):
    @extend_schema(
        responses=inline_serializer(
            "TableRanking",
            {"kind": serializers.CharField(), "rows": serializers.ListField(), "url": serializers.CharField()},
        )
    )
    def get(self, request):
        ranking = phone_ranking(self.device(request))
        if ranking is None:
            raise Http404
        return Response(ranking)


urlpatterns = [
    path("tables/state/", TableStateApi.as_view(), name="tables-state"),
    path("tables/entries/", EntryApi.as_view(), name="tables-entries"),
    path("tables/confirmations/", ConfirmApi.as_view(), name="tables-confirmations"),
    path("tables/requests/", RequestApi.as_view(), name="tables-requests"),
    path("tables/boards/<int:board>/traveller/", TravellerApi.as_view(), name="tables-traveller"),
    path("tables/moves/", MoveApi.as_view(), name="tables-moves"),
    path("tables/phone/pair/", PhonePairApi.as_view(), name="tables-phone-pair"),
    path("tables/phone/follow/", PhoneFollowApi.as_view(), name="tables-phone-follow"),
    path("tables/handovers/", HandoverApi.as_view(), name="tables-handovers"),
    path("tables/handovers/dismissals/", HandoverDismissApi.as_view(), name="tables-handover-dismissals"),
    path("tables/ranking/", RankingApi.as_view(), name="tables-ranking"),
]
