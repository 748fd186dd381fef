"""API for a club's publication log: ``GET /api/v1/clubs/{slug}/publication-log/`` (``docs/commitments.md`` §9).

Public, anonymous included: the log holds only what the club has published. The answer is the
downloadable log that ``tools/verify_commitment.py --log`` checks: every entry with its
canonical fields and hash, and the head.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from dealing.selectors import publication_log as selectors


class PublicationLogApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PublicationLog"

        class HeadSerializer(serializers.Serializer):
            class Meta:
                ref_name = "PublicationLogHead"

            position = serializers.IntegerField()
            hash = serializers.CharField(help_text="SHA-256 of the last entry's canonical form")

        class EntrySerializer(serializers.Serializer):
            class Meta:
                ref_name = "PublicationLogEntry"

            position = serializers.IntegerField()
            previous = serializers.CharField(help_text="the previous entry's hash; 64 zeros for entry 1")
            time = serializers.CharField(help_text="UTC, YYYY-MM-DDTHH:MM:SS.ffffffZ")
            act = serializers.ChoiceField(
                choices=["published", "dv-entered", "dv-corrected", "session-dealt", "deal-file-downloaded", "revealed"]
            )
            commitment = serializers.CharField(help_text="the commitment hash")
            data = serializers.DictField(child=serializers.CharField(), help_text="the act's public data")
            hash = serializers.CharField(help_text="SHA-256 of the entry's canonical form")

        format = serializers.CharField()
        club = serializers.SlugField()
        head = HeadSerializer(allow_null=True)
        entries = EntrySerializer(many=True)

    @extend_schema(responses=OutputSerializer, operation_id="publication_log_retrieve")
    def get(self, request, slug: str):
        club, entries = selectors.publication_log_for_viewer(user=request.user, slug=slug)
        return Response(self.OutputSerializer(selectors.publication_log_json(club=club, entries=entries)).data)
