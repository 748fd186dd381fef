"""API of the movements app (under /api/v1/): the catalogue with balance and the chooser's ranked offers, one
schedule, a session's choice.

``GET /api/v1/movements/?pairs=N[&boards=24–28][&length=3 h][&minutes_per_board=7.5][&winners=one|two|any]`` answers
``movements`` (every movement offered, with its balance report, as before) and ``offers``: the options ranked for the
session as the chooser page ranks them (the best fit first), each in bridge words (rounds × boards per round = boards,
playing time, relays and bye-stands, winners, whether every pair meets every other, a balance verdict) with the
``parameters`` to post to ``/api/v1/sessions/{id}/movement/`` to choose it.

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
from clubsite.texts import localize, render
from movements import selectors, services
from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.chooser import MINUTES_PER_BOARD, USUAL_BOARDS, offers_for, target_for
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
    return movement_for(
        data["pairs"], data["rounds"], data["kind"], data["half_sets"], data["variant"] or None, data["arrow_switch"]
    )


@extend_schema_serializer(component_name="MovementOfferParameters")
class OfferParametersSerializer(serializers.Serializer):
    pairs = serializers.IntegerField()
    kind = serializers.CharField()
    rounds = serializers.IntegerField(allow_null=True, help_text="null: the complete movement")
    half_sets = serializers.BooleanField()
    variant = serializers.CharField(allow_null=True)
    arrow_switch = serializers.BooleanField()
    boards_per_round = serializers.IntegerField()


@extend_schema_serializer(component_name="MovementOffer")
class OfferSerializer(serializers.Serializer):
    """One row of the chooser, in bridge words (the request's language) and numbers."""

    label = serializers.CharField()
    title = serializers.CharField()
    best_fit = serializers.BooleanField(help_text="the first offer: the best fit for the session")
    fits = serializers.BooleanField(help_text="its boards are within the range asked for")
    parameters = OfferParametersSerializer(help_text="post these to /api/v1/sessions/{id}/movement/ to choose it")
    tables = serializers.IntegerField()
    rounds = serializers.IntegerField()
    boards_per_round = serializers.IntegerField()
    boards = serializers.IntegerField(help_text="boards each table plays: rounds × boards per round")
    boards_dealt = serializers.IntegerField(help_text="boards to prepare: board sets × boards in a set")
    boards_text = serializers.CharField(help_text='e.g. "11 rounds × 2 boards = 22 boards"')
    fit = serializers.CharField(allow_null=True, help_text='how it misses the range, e.g. "4 boards more than asked"')
    minutes = serializers.IntegerField(help_text="expected playing time: boards × the club's minutes per board")
    time_text = serializers.CharField(help_text='e.g. "about 2 h 45 min"')
    relays = serializers.IntegerField()
    bye_stands = serializers.IntegerField()
    winners = serializers.IntegerField(help_text="1, or 2 (NS and EW ranked apart)")
    every_pair_meets = serializers.BooleanField()
    opponents = serializers.IntegerField(help_text="the fewest other pairs a pair meets")
    verdict = serializers.CharField(
        help_text='the balance said plainly, e.g. "perfectly balanced: every two pairs are compared on 10 boards"'
    )
    verdict_rank = serializers.IntegerField(
        help_text="0 perfect, 1 as balanced as possible, 2 well balanced, 3 fair, 4 uneven"
    )
    provably_best = serializers.CharField(allow_null=True, help_text="what is provably best, in words")
    facts = serializers.ListField(child=serializers.CharField(), help_text="the row's facts, as the page says them")
    balance = serializers.JSONField(
        help_text="the mathematics: the balance report (min, max, ideal, std, Σ(c − "
        "ideal)², the proven bound and its explanation)"
    )


class MovementListApi(APIView):
    """GET ?pairs=N — every movement offered for N pairs with its balance report, and the chooser's offers ranked for
    a session of about ``boards`` boards or at most ``length`` (24–28 boards when neither is given)."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="MovementListQuery")
    class InputSerializer(serializers.Serializer):
        pairs = serializers.IntegerField(min_value=1, max_value=200)
        boards = serializers.CharField(
            required=False, allow_blank=True, help_text='about how many boards: "24" (22–26) or "24–28"'
        )
        length = serializers.CharField(
            required=False, allow_blank=True, help_text='at most how long: "3 h", "2:45", "170 min"'
        )
        minutes_per_board = serializers.DecimalField(
            required=False, max_digits=4, decimal_places=2, min_value=3, max_value=20, default=MINUTES_PER_BOARD
        )
        winners = serializers.ChoiceField(
            choices=["one", "two", "any"],
            required=False,
            default="one",
            help_text="the winners preferred between movements that fit as well",
        )

    @extend_schema_serializer(component_name="MovementList")
    class OutputSerializer(serializers.Serializer):
        pairs = serializers.IntegerField()
        target = serializers.CharField(help_text='the boards aimed at, e.g. "24–28 boards"')
        target_boards = serializers.ListField(child=serializers.IntegerField(), help_text="[low, high]")
        advice = serializers.CharField(allow_null=True, help_text="past 64 pairs: play a Mitchell")
        offers = OfferSerializer(many=True)
        movements = serializers.ListField(
            child=serializers.JSONField(), help_text="every movement offered, with its balance report"
        )

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer, operation_id="movements_list")
    def get(self, request):
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        pairs = d["pairs"]
        target = target_for(
            boards=d.get("boards") or None,
            length=d.get("length") or None,
            minutes_per_board=float(d["minutes_per_board"]),
            usual=USUAL_BOARDS,
        )
        choice = offers_for(pairs, target, winners=d["winners"])  # explains an impossible field
        options = selectors.movement_options(pairs=pairs)
        return Response(
            self.OutputSerializer(
                {
                    "pairs": pairs,
                    "target": render(target.text),
                    "target_boards": [target.low, target.high],
                    "advice": render(choice.advice) if choice.advice else None,
                    "offers": [_offer_json(offer, target, index == 0) for index, offer in enumerate(choice.offers)],
                    "movements": [localize({k: v for k, v in opt.items() if k != "movement"}) for opt in options],
                }
            ).data
        )


def _offer_json(offer, target, best: bool) -> dict:
    fit = offer.fit_text(target)
    return {
        "label": render(offer.label),
        "title": render(offer.movement.title),
        "best_fit": best,
        "fits": offer.fits,
        "parameters": offer.query(),
        "tables": offer.tables,
        "rounds": offer.rounds,
        "boards_per_round": offer.boards_per_round,
        "boards": offer.boards,
        "boards_dealt": offer.boards_dealt,
        "boards_text": render(offer.boards_text),
        "fit": render(fit) if fit else None,
        "minutes": round(offer.minutes),
        "time_text": render(offer.time_text),
        "relays": offer.relays,
        "bye_stands": offer.bye_stands,
        "winners": offer.winners,
        "every_pair_meets": offer.every_pair_meets,
        "opponents": offer.opponents,
        "verdict": render(offer.verdict),
        "verdict_rank": offer.verdict_rank,
        "provably_best": render(offer.best) if offer.best else None,
        "facts": [render(f) for f in offer.facts],
        "balance": localize({k: v for k, v in offer.report.items() if k != "claim"}),
    }


class MovementDetailApi(APIView):
    """GET ?pairs=N&rounds=&kind=&half_sets=&boards_per_round= — the schedule, cards and balance report."""

    permission_classes = [IsAuthenticated]

    @extend_schema(parameters=[ParametersSerializer], responses=OpenApiTypes.OBJECT, operation_id="movements_detail")
    def get(self, request):
        data = ParametersSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        m = _build(data.validated_data)
        return Response(
            {
                **movement_json(m),
                "title": render(m.title),
                "construction": render(m.construction),
                "notes": [render(n) for n in m.notes],
                "relay_places": [{"relay": r.name, "place": render(r.place)} for r in m.relays],
                "balance_report": localize(balance_report(m)),
                **cards_json(m),
            }
        )


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
        boards_per_round = serializers.IntegerField(
            source="session.boards_per_round", allow_null=True, help_text="the session's boards per round"
        )
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
            session=session,
            user=request.user,
            pairs=d["pairs"],
            boards_per_round=d["boards_per_round"],
            kind=d["kind"],
            rounds=d["rounds"],
            half_sets=d["half_sets"],
            variant=d["variant"] or None,
            arrow_switch=d["arrow_switch"],
        )
        return Response(self.OutputSerializer(choice).data, status=status.HTTP_201_CREATED)
