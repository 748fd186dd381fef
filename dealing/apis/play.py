"""API of Play it again: a position of a finished session's board, set against double dummy.

``POST /api/v1/sessions/{id}/boards/{n}/play/`` ``{"contract": "4S", "declarer": "N",
"cards": ["C2", "CA", "C3"], "defenders_play": false}`` answers where the play stands (whose turn,
tricks won, the trick on the table, the cards each hand still holds), every card played with the
tricks it gave away against double dummy, and the options of the player to move, each with the
tricks declarer's side ends with and what it gives away. ``contract`` and ``declarer`` may be left
out (the board's par contract); ``cards`` may also be one string (``"C2 CA C3"``). With
``defenders_play`` the defenders then play double dummy until it is declarer's side's turn.

Every card is checked on the server: one not in the hand, not following suit, out of turn or
already played is a 400 in the standard shape, naming the card by its place (``field`` "cards"),
in the request's language. Before the session is over, and for anyone who may not see it, the
answer is 404. Each position is solved once and kept in the cache (``dealing.selectors.play``).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bridge.cards import Hand, Seat
from dealing.domain.play import parse_cards
from dealing.selectors import play as selectors


@extend_schema_field(
    {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}], "example": ["HA", "H8"]}
)
class CardsField(serializers.Field):
    """A list of cards (``["HA", "H8"]``) or one string (``"HA H8"``)."""

    def to_internal_value(self, data):
        if isinstance(data, list):
            data = " ".join(str(item) for item in data)
        return parse_cards(str(data))

    def to_representation(self, value):
        return [str(card) for card in value]


class BoardPlayApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "BoardPlayInput"

        contract = serializers.CharField(
            max_length=8,
            required=False,
            allow_blank=True,
            help_text="4S, 3NT, 2HX …; the board's par contract when left out",
        )
        declarer = serializers.CharField(max_length=8, required=False, allow_blank=True, help_text="N, E, S or W")
        cards = CardsField(required=False, help_text='the cards played from the opening lead: ["HA", "H8"] or "HA H8"')
        defenders_play = serializers.BooleanField(default=False, help_text="the defenders then play double dummy")

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "BoardPlayOutput"

        class Played(serializers.Serializer):
            card = serializers.CharField()
            seat = serializers.CharField()
            trick = serializers.IntegerField()
            declarer_tricks = serializers.IntegerField(
                help_text="declarer's side's tricks at the end, double dummy, after this card"
            )
            cost = serializers.IntegerField(help_text="tricks this card gave away against its player's best card")

        class Option(serializers.Serializer):
            card = serializers.CharField()
            declarer_tricks = serializers.IntegerField()
            cost = serializers.IntegerField()

        class TrickOnTable(serializers.Serializer):
            leader = serializers.CharField()
            cards = serializers.ListField(child=serializers.CharField())

        contract = serializers.CharField(help_text="e.g. 4S by N")
        cards = serializers.ListField(child=serializers.CharField(), help_text="every card played, in order")
        to_play = serializers.CharField(allow_null=True)
        declarer_tricks = serializers.IntegerField(help_text="tricks won so far by declarer's side")
        defence_tricks = serializers.IntegerField()
        trick = TrickOnTable(help_text="the trick in progress")
        hands = serializers.DictField(child=serializers.CharField(), help_text="cards still held, PBN per seat")
        start = serializers.IntegerField(help_text="declarer's tricks, double dummy, before the opening lead")
        double_dummy = serializers.IntegerField(help_text="declarer's side's tricks, double dummy, from here")
        played = Played(many=True)
        options = Option(many=True)

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, summary="Play it again: a position")
    def post(self, request, session_id: int, number: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        session, board = selectors.play_board_for_viewer(user=request.user, session_id=session_id, number=number)
        analysis = selectors.board_analysis(board)
        contract = selectors.parse_contract(
            data.validated_data.get("contract"), data.validated_data.get("declarer"), analysis
        )
        result = selectors.board_play(
            session=session,
            board=board,
            contract=contract,
            cards=data.validated_data.get("cards", []),
            defenders_play=data.validated_data["defenders_play"],
        )
        if result.error is not None:
            raise result.error
        play, evaluation = result.play, result.evaluation
        trick = play.current
        return Response(
            self.OutputSerializer(
                {
                    "contract": str(contract),
                    "cards": [str(c) for c in play.cards],
                    "to_play": play.to_play.letter if play.to_play is not None else None,
                    "declarer_tricks": play.declarer_tricks,
                    "defence_tricks": play.defence_tricks,
                    "trick": {"leader": trick.leader.letter, "cards": [str(c) for c in trick.cards]},
                    "hands": {seat.letter: Hand(play.hand(seat)).to_pbn() for seat in Seat},
                    "start": evaluation.start,
                    "double_dummy": evaluation.declarer_tricks,
                    "played": [
                        {
                            "card": str(p.card),
                            "seat": p.seat.letter,
                            "trick": p.trick,
                            "declarer_tricks": p.declarer_tricks,
                            "cost": p.cost,
                        }
                        for p in evaluation.played
                    ],
                    "options": [
                        {"card": str(o.card), "declarer_tricks": o.declarer_tricks, "cost": o.cost}
                        for o in evaluation.options
                    ],
                }
            ).data
        )
