"""API for a session's pairs: every pair of its movement with its players (GET), and naming them (PUT)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import selectors
from clubs.models import Pair, Session
from events.pairs import pairs_set, session_pair_rows


class SessionPairsApi(APIView):
    """A session's pairs: every pair of its movement with its players (GET, whoever may see the session), and
    the director naming them, a whole list at once (PUT: all saved, or none — an error names the row and field,
    ``pairs[2].player_1``). Each player is a member of the club (``{"member": 12}``) or a guest
    (``{"name": "Jan Gość"}``); null leaves the player unnamed."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SessionPairsInput"

        class RowSerializer(serializers.Serializer):
            class Meta:
                ref_name = "SessionPairInput"

            class PlayerSerializer(serializers.Serializer):
                class Meta:
                    ref_name = "SessionPairPlayerInput"

                member = serializers.IntegerField(
                    required=False, allow_null=True, help_text="A member of the club (id)."
                )
                name = serializers.CharField(
                    required=False, allow_blank=True, default="", max_length=120, help_text="A guest's name."
                )

            number = serializers.IntegerField(min_value=1)
            direction = serializers.ChoiceField(
                choices=Pair.Direction.values,
                required=False,
                default="",
                help_text="NS or EW when the movement numbers NS and EW apart.",
            )
            section = serializers.CharField(required=False, allow_blank=True, default="", max_length=8)
            player_1 = PlayerSerializer(required=False, allow_null=True, default=None)
            player_2 = PlayerSerializer(required=False, allow_null=True, default=None)

        pairs = RowSerializer(many=True)

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SessionPairs"

        class RowSerializer(serializers.Serializer):
            class Meta:
                ref_name = "SessionPair"

            class PlayerSerializer(serializers.Serializer):
                class Meta:
                    ref_name = "SessionPairPlayer"

                member = serializers.IntegerField(allow_null=True, help_text="The member's id; null for a guest.")
                name = serializers.CharField()
                guest = serializers.BooleanField()

            label = serializers.CharField(help_text='The pair as results show it: "3", "1NS", "A3".')
            number = serializers.IntegerField()
            direction = serializers.CharField()
            section = serializers.CharField()
            player_1 = PlayerSerializer(allow_null=True)
            player_2 = PlayerSerializer(allow_null=True)
            sits_out = serializers.ListField(
                child=serializers.IntegerField(),
                help_text="Rounds in which the pair sits out (it would meet the phantom).",
            )
            line = serializers.CharField(help_text="NS or EW when the movement ranks NS and EW apart; else empty.")

        session = serializers.IntegerField()
        final = serializers.BooleanField(help_text="Results are final: the pairs can no longer change.")
        pairs = RowSerializer(many=True)

    @staticmethod
    def _player(member, guest: str):
        if member is not None:
            return {"member": member.pk, "name": member.full_name, "guest": False}
        return {"member": None, "name": guest, "guest": True} if guest else None

    def _output(self, session: Session) -> Response:
        rows = []
        for row in session_pair_rows(session=session):
            pair = row.pair
            rows.append(
                {
                    "label": row.label,
                    "number": row.number,
                    "direction": row.direction,
                    "section": row.section,
                    "player_1": self._player(pair.player_1, pair.player_1_name) if pair else None,
                    "player_2": self._player(pair.player_2, pair.player_2_name) if pair else None,
                    "sits_out": list(row.sits_out),
                    "line": row.line,
                }
            )
        return Response(self.OutputSerializer({"session": session.pk, "final": session.is_final, "pairs": rows}).data)

    @extend_schema(responses=OutputSerializer, operation_id="session_pairs_list")
    def get(self, request, session_id: int):
        session = selectors.session_get_for_viewer(user=request.user, session_id=session_id)
        return self._output(session)

    @extend_schema(
        request=InputSerializer,
        responses=OutputSerializer,
        operation_id="session_pairs_set",
        description='Name the session\'s pairs, all at once. Each player is `{"member": id}`, '
        '`{"name": "a guest"}` or null.',
    )
    def put(self, request, session_id: int):
        session = selectors.session_get_for_director(user=request.user, session_id=session_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rows = []
        for row in data.validated_data["pairs"]:
            out = {"number": row["number"], "direction": row["direction"], "section": row["section"]}
            for slot in ("player_1", "player_2"):
                player = row[slot] or {}
                out[slot], out[f"{slot}_name"] = player.get("member"), player.get("name", "")
            rows.append(out)
        pairs_set(session=session, rows=rows)
        return self._output(session)
