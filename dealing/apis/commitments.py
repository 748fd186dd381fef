"""API for commitments: list, create (draft), detail, publish, delayed value, reveal, delete a draft, audit.

The same rules as the pages: directors manage their club's commitments; players see the
published ones; site auditors see and audit every published one. The secret key appears
only in a revealed commitment's ``revealed`` record. Errors have the standard shape
``{"error": {"code", "message", "field"}}``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Session
from clubs.selectors import club_get_for_director
from dealing.domain import commitment as domain
from dealing.models import Commitment
from dealing.models.commitment import DV_FORMAT_CHOICES
from dealing.selectors import commitments as selectors
from dealing.selectors.publication_log import publication_log_head
from dealing.services import commitments as services


class CommitmentSessionSerializer(serializers.Serializer):
    label = serializers.CharField()
    boards = serializers.IntegerField()
    session = serializers.IntegerField(source="session_id")


class LogHeadSerializer(serializers.Serializer):
    class Meta:
        ref_name = "CommitmentLogHead"

    position = serializers.IntegerField()
    hash = serializers.CharField()


class CommitmentOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    event = serializers.CharField()
    promise = serializers.CharField()
    dv_format = serializers.CharField()
    dv_promised_at = serializers.DateTimeField(allow_null=True)
    status = serializers.ChoiceField(choices=Commitment.Status.choices)
    commitment = serializers.CharField(source="commitment_hash", allow_blank=True)
    delayed_value = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    published_at = serializers.DateTimeField(allow_null=True)
    dv_entered_at = serializers.DateTimeField(allow_null=True)
    revealed_at = serializers.DateTimeField(allow_null=True)
    sessions = serializers.SerializerMethodField()
    published = serializers.SerializerMethodField()
    revealed = serializers.SerializerMethodField()
    publication_log_head = serializers.SerializerMethodField()

    @extend_schema(responses=CommitmentSessionSerializer(many=True))
    def get_sessions(self, obj) -> list[dict]:
        return CommitmentSessionSerializer(obj.entries.order_by("position"), many=True).data

    @extend_schema_field(LogHeadSerializer(allow_null=True))
    def get_publication_log_head(self, obj) -> dict | None:
        """The head of the club's publication log now (``/api/v1/clubs/{slug}/publication-log/``); null if empty."""
        head = publication_log_head(club_id=obj.club_id)
        return {"position": head.position, "hash": head.hash} if head else None

    def get_published(self, obj) -> dict | None:
        """The published record (bridge-commitment-v1 JSON, no key); null for a draft."""
        return None if obj.is_draft else obj.published_commitment().to_json()

    def get_revealed(self, obj) -> dict | None:
        """The revealed record with the DV, the secret key and the dealing key; null until revealed."""
        if not obj.is_revealed:
            return None
        return domain.RevealedCommitment(obj.record(), obj.delayed_value).to_json()


class CommitmentListApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CommitmentCreateInput"

        class SessionInput(serializers.Serializer):
            class Meta:
                ref_name = "CommitmentSessionInput"

            session = serializers.IntegerField()
            boards = serializers.IntegerField(min_value=1, max_value=domain.MAX_BOARDS)

        club = serializers.SlugField()
        event = serializers.CharField(max_length=domain.MAX_EVENT)
        promise = serializers.CharField(max_length=domain.MAX_PROMISE)
        dv_format = serializers.ChoiceField(choices=[value for value, _label in DV_FORMAT_CHOICES])
        dv_promised_at = serializers.DateTimeField(
            required=False, allow_null=True, help_text="When the promised value will be public (the audit compares)."
        )
        sessions = SessionInput(many=True, allow_empty=False)
        accept_board_counts = serializers.BooleanField(
            default=False,
            help_text="Make it even where a session's count is short of the boards its movement plays (refused "
            "otherwise, naming each such session).",
        )

    @extend_schema(responses=CommitmentOutputSerializer(many=True), operation_id="commitments_list")
    def get(self, request):
        commitments = selectors.commitment_list_for_user(request.user).prefetch_related("entries")
        return Response(CommitmentOutputSerializer(commitments, many=True).data)

    @extend_schema(
        request=InputSerializer, responses={201: CommitmentOutputSerializer}, operation_id="commitments_create"
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = club_get_for_director(user=request.user, slug=data.validated_data["club"])
        chosen = []
        for index, item in enumerate(data.validated_data["sessions"]):
            session = Session.objects.filter(pk=item["session"], club=club).first()
            if session is None:
                raise serializers.ValidationError(
                    {
                        "sessions": [
                            _("[%(index)s]: no session %(session)s in %(club)s")
                            % {"index": index, "session": item["session"], "club": club.slug}
                        ]
                    }
                )
            chosen.append((session, item["boards"]))
        commitment = services.commitment_create(
            club=club,
            user=request.user,
            event=data.validated_data["event"],
            promise=data.validated_data["promise"],
            dv_format=data.validated_data["dv_format"],
            dv_promised_at=data.validated_data.get("dv_promised_at"),
            sessions=chosen,
            accept_boards={s.pk: boards for s, boards in chosen}
            if data.validated_data["accept_board_counts"]
            else None,
        )
        return Response(CommitmentOutputSerializer(commitment).data, status=status.HTTP_201_CREATED)


class CommitmentDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=CommitmentOutputSerializer, operation_id="commitments_retrieve")
    def get(self, request, commitment_id: int):
        commitment = selectors.commitment_get_for_viewer(user=request.user, commitment_id=commitment_id)
        return Response(CommitmentOutputSerializer(commitment).data)

    @extend_schema(responses={204: None}, operation_id="commitments_destroy")
    def delete(self, request, commitment_id: int):
        commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
        services.commitment_delete(commitment=commitment, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CommitmentPublishApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CommitmentPublishInput"

        accept_board_counts = serializers.BooleanField(
            default=False,
            help_text="Publish even where a session's count is short of the boards its movement plays now (refused "
            "otherwise, naming each such session).",
        )

    @extend_schema(request=InputSerializer, responses=CommitmentOutputSerializer, operation_id="commitments_publish")
    def post(self, request, commitment_id: int):
        commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        accepted = {e.session_id: e.boards for e in commitment.entries.all()}
        commitment = services.commitment_publish(
            commitment=commitment,
            user=request.user,
            accept_boards=accepted if data.validated_data["accept_board_counts"] else None,
        )
        return Response(CommitmentOutputSerializer(commitment).data)


class CommitmentDelayedValueApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CommitmentDelayedValueInput"

        value = serializers.CharField(max_length=domain.MAX_TEXT_DV)

    @extend_schema(
        request=InputSerializer, responses=CommitmentOutputSerializer, operation_id="commitments_delayed_value"
    )
    def post(self, request, commitment_id: int):
        commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        commitment = services.commitment_enter_dv(
            commitment=commitment, user=request.user, value=data.validated_data["value"]
        )
        return Response(CommitmentOutputSerializer(commitment).data)


class CommitmentRevealApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=CommitmentOutputSerializer, operation_id="commitments_reveal")
    def post(self, request, commitment_id: int):
        commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
        commitment = services.commitment_reveal(commitment=commitment, user=request.user)
        return Response(CommitmentOutputSerializer(commitment).data)


class CommitmentAuditApi(APIView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CommitmentAudit"

        class CheckSerializer(serializers.Serializer):
            class Meta:
                ref_name = "CommitmentAuditCheck"

            name = serializers.CharField()
            passed = serializers.BooleanField()
            detail = serializers.CharField()
            warning = serializers.BooleanField(help_text="Passed, but to be looked at (a delayed value entered early).")

        commitment = serializers.CharField()
        passed = serializers.BooleanField()
        checks = CheckSerializer(many=True)

    @extend_schema(responses=OutputSerializer, operation_id="commitments_audit")
    def get(self, request, commitment_id: int):
        commitment = selectors.commitment_get_for_auditor(user=request.user, commitment_id=commitment_id)
        checks = selectors.commitment_audit(commitment=commitment)
        return Response(
            self.OutputSerializer(
                {"commitment": commitment.commitment_hash, "passed": all(c.passed for c in checks), "checks": checks}
            ).data
        )
