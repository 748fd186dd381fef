"""API for Kersey's perfect auction: a deal → its legal auction, an auction → its deal.

``POST /api/v1/perfect-auction/encode/`` ``{"deal": "N:… … … …", "dealer": "N"}`` answers
``{"deal", "dealer", "calls": ["1D", "X", …], "auction": "1D X …", "contract": "6C by W"}``.
``POST /api/v1/perfect-auction/decode/`` ``{"auction": "P 1C X …", "dealer": "N"}`` answers
``{"deal": "N:…", "hands": {"N": "S.H.D.C", …}, "dealer", "calls", "auction"}``. Any logged-in
user may call them: the caller supplies the deal. A deal, auction or dealer that cannot be
used is a 400 in the standard shape ``{"error": {"code", "message", "field"}}``, the message
naming the offending call (its position and who made it), in the request's language
(``clubsite.api`` says it through ``clubsite.texts.error_message``).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bridge.auction import Auction
from bridge.cards import Seat
from dealing.domain import perfect_auction


class PerfectAuctionEncodeApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PerfectAuctionEncodeInput"

        deal = serializers.CharField(max_length=120, help_text='PBN deal, e.g. "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT …"')
        dealer = serializers.CharField(max_length=8, help_text="N, E, S or W")

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PerfectAuctionEncodeOutput"

        deal = serializers.CharField(help_text="the deal as PBN, North first")
        dealer = serializers.CharField()
        calls = serializers.ListField(child=serializers.CharField(), help_text="P, X, XX, 1C … 7N")
        auction = serializers.CharField(help_text="the calls separated by spaces")
        contract = serializers.CharField(help_text="the final contract, e.g. 6C by W")

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, summary="Deal → perfect auction")
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        deal = perfect_auction.deal_from_pbn(data.validated_data["deal"])
        dealer = perfect_auction.dealer_seat(data.validated_data["dealer"])
        calls = perfect_auction.encode(deal, dealer)
        auction = Auction(dealer, calls)
        return Response(
            self.OutputSerializer(
                {
                    "deal": deal.to_pbn(Seat.NORTH),
                    "dealer": dealer.letter,
                    "calls": [str(call) for call in calls],
                    "auction": str(auction),
                    "contract": str(auction.contract),
                }
            ).data
        )


class PerfectAuctionDecodeApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PerfectAuctionDecodeInput"

        auction = serializers.CharField(max_length=2000, help_text='the calls, e.g. "P 1C X XX 1H …"')
        dealer = serializers.CharField(max_length=8, help_text="N, E, S or W")

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PerfectAuctionDecodeOutput"

        deal = serializers.CharField(help_text="the deal as PBN, North first")
        hands = serializers.DictField(child=serializers.CharField(), help_text="seat letter -> S.H.D.C")
        dealer = serializers.CharField()
        calls = serializers.ListField(child=serializers.CharField())
        auction = serializers.CharField(help_text="the calls as read, separated by spaces")

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, summary="Perfect auction → deal")
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dealer = perfect_auction.dealer_seat(data.validated_data["dealer"])
        deal = perfect_auction.decode(data.validated_data["auction"], dealer)
        calls = perfect_auction.encode(deal, dealer)  # decode accepts only this auction, so it is the one read
        return Response(
            self.OutputSerializer(
                {
                    "deal": deal.to_pbn(Seat.NORTH),
                    "hands": {seat.letter: deal.hand(seat).to_pbn() for seat in Seat},
                    "dealer": dealer.letter,
                    "calls": [str(call) for call in calls],
                    "auction": " ".join(str(call) for call in calls),
                }
            ).data
        )
