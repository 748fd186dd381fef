"""API of deal-set jobs: ``POST/GET /api/v1/deal-sets/``, ``GET/DELETE /api/v1/deal-sets/{id}/``,
``POST /api/v1/deal-sets/{id}/resume/``, ``GET /api/v1/deal-sets/{id}/files/{format}/``.

A club's directors make and see the club's jobs. Bad input is a 400 with the one error shape
(``{"error": {"code", "message", "field"}}``) and nothing is queued. ``GET`` on a job gives its
progress (done/total, deals per second, seconds left) and, when done, its files with size,
SHA-256 and a download address. ``DELETE`` cancels a queued or running job.
"""

from __future__ import annotations

from django.core.files.storage import storages
from django.http import FileResponse, Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import club_get_for_director, clubs_directed_by
from dealing.domain.errors import DealingError
from dealing.models import DealSet
from dealing.selectors.deal_sets import (
    deal_set_file_get,
    deal_set_get_for_director,
    deal_set_list_for_user,
    deal_set_progress,
)
from dealing.services import deal_sets as service


class DealSetProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    dealt = serializers.IntegerField()
    analysed = serializers.IntegerField(allow_null=True)
    percent = serializers.FloatField()
    deals_per_second = serializers.FloatField(allow_null=True)
    seconds_left = serializers.FloatField(allow_null=True)
    elapsed = serializers.FloatField(allow_null=True)


class DealSetFileSerializer(serializers.Serializer):
    format = serializers.CharField(source="output")
    name = serializers.CharField()
    size = serializers.IntegerField()
    sha256 = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, stored) -> str:
        path = reverse("api-deal-set-file", args=[stored.deal_set_id, stored.output])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class DealSetOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    label = serializers.CharField()
    count = serializers.IntegerField()
    formats = serializers.ListField(child=serializers.CharField())
    analysis = serializers.BooleanField()
    key_source = serializers.CharField()
    key_fingerprint = serializers.CharField()
    commitment = serializers.IntegerField(source="commitment_id", allow_null=True)
    status = serializers.CharField()
    error = serializers.CharField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    progress = serializers.SerializerMethodField()
    files = serializers.SerializerMethodField()

    @extend_schema(responses=DealSetProgressSerializer)
    def get_progress(self, deal_set) -> dict:
        return DealSetProgressSerializer(deal_set_progress(deal_set).as_dict()).data

    @extend_schema(responses=DealSetFileSerializer(many=True))
    def get_files(self, deal_set) -> list:
        files = deal_set.files.all() if deal_set.status == DealSet.Status.DONE else []
        return DealSetFileSerializer(files, many=True, context=self.context).data


class DealSetListApi(APIView):
    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField(
            required=False, help_text="The club's short name; optional if you direct one club."
        )
        count = serializers.JSONField(help_text="Number of deals, 1 … 100,000,000.")
        formats = serializers.JSONField(help_text='Any of "pbn", "pbn-gz", "csv", "binary".')
        analysis = serializers.BooleanField(default=False, help_text="Double-dummy table and par for every deal.")
        label = serializers.CharField(required=False, allow_blank=True, default="", max_length=1000)
        key = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=1000,
            help_text="64 hex digits; leave out for a new random key.",
        )
        commitment = serializers.IntegerField(
            required=False, allow_null=True, default=None, help_text="Deal from this commitment's dealing key."
        )

        class Meta:
            ref_name = "DealSetCreateInput"

    @extend_schema(responses=DealSetOutputSerializer(many=True), operation_id="deal_sets_list")
    def get(self, request):
        deal_sets = deal_set_list_for_user(request.user)[:200]
        return Response(DealSetOutputSerializer(deal_sets, many=True, context={"request": request}).data)

    @extend_schema(request=InputSerializer, responses={201: DealSetOutputSerializer}, operation_id="deal_sets_create")
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if values.get("club"):
            club = club_get_for_director(user=request.user, slug=values["club"])
        else:
            clubs = list(clubs_directed_by(request.user)[:2])
            if len(clubs) != 1:
                raise DealingError(
                    _("Say which club the deal set is for (club: its short name).")
                    if clubs
                    else _("Only a club's directors may make deal sets."),
                    field="club",
                )
            club = clubs[0]
        formats = values["formats"]
        if not isinstance(formats, (list, str)):
            raise DealingError(_('formats is a list such as ["pbn", "csv"].'), field="formats")
        deal_set = service.deal_set_create(
            user=request.user,
            club=club,
            count=values["count"],
            formats=formats,
            analysis=values["analysis"],
            label=values["label"],
            key_hex=values["key"],
            commitment=values["commitment"],
        )
        return Response(
            DealSetOutputSerializer(deal_set, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class DealSetDetailApi(APIView):
    @extend_schema(responses=DealSetOutputSerializer, operation_id="deal_sets_retrieve")
    def get(self, request, deal_set_id: int):
        deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
        return Response(DealSetOutputSerializer(deal_set, context={"request": request}).data)

    @extend_schema(request=None, responses=DealSetOutputSerializer, operation_id="deal_sets_cancel")
    def delete(self, request, deal_set_id: int):
        deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
        deal_set = service.deal_set_cancel(deal_set=deal_set, user=request.user)
        return Response(DealSetOutputSerializer(deal_set, context={"request": request}).data)


class DealSetResumeApi(APIView):
    @extend_schema(request=None, responses=DealSetOutputSerializer, operation_id="deal_sets_resume")
    def post(self, request, deal_set_id: int):
        deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
        deal_set = service.deal_set_resume(deal_set=deal_set, user=request.user)
        return Response(DealSetOutputSerializer(deal_set, context={"request": request}).data)


class DealSetFileApi(APIView):
    """A published file, streamed from storage; its SHA-256 in the ``X-Checksum-SHA256`` header."""

    @extend_schema(responses={(200, "application/octet-stream"): bytes}, operation_id="deal_sets_file")
    def get(self, request, deal_set_id: int, output: str):
        deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
        stored = deal_set_file_get(deal_set=deal_set, output=output)
        try:
            handle = storages["deal_sets"].open(stored.storage_name, "rb")
        except FileNotFoundError:
            raise Http404("The file is missing from storage.") from None
        response = FileResponse(handle, as_attachment=True, filename=stored.name)
        response["Content-Length"] = str(stored.size)
        response["X-Checksum-SHA256"] = stored.sha256
        return response
