"""API endpoints of the dealing app, mounted under /api/v1/."""

from django.urls import path

from dealing.apis import boards as board_apis
from dealing.apis import commitments as commitment_apis
from dealing.apis import deal_sets as deal_set_apis
from dealing.apis import perfect_auction as perfect_auction_apis
from dealing.apis import play as play_apis
from dealing.apis import publication_log as publication_log_apis

urlpatterns: list = [
    path("deal-sets/", deal_set_apis.DealSetListApi.as_view(), name="api-deal-set-list"),
    path("deal-sets/<int:deal_set_id>/", deal_set_apis.DealSetDetailApi.as_view(), name="api-deal-set-detail"),
    path("deal-sets/<int:deal_set_id>/resume/", deal_set_apis.DealSetResumeApi.as_view(), name="api-deal-set-resume"),
    path(
        "deal-sets/<int:deal_set_id>/files/<slug:output>/",
        deal_set_apis.DealSetFileApi.as_view(),
        name="api-deal-set-file",
    ),
    path("commitments/", commitment_apis.CommitmentListApi.as_view(), name="api-commitment-list"),
    path(
        "commitments/<int:commitment_id>/", commitment_apis.CommitmentDetailApi.as_view(), name="api-commitment-detail"
    ),
    path(
        "commitments/<int:commitment_id>/publish/",
        commitment_apis.CommitmentPublishApi.as_view(),
        name="api-commitment-publish",
    ),
    path(
        "commitments/<int:commitment_id>/delayed-value/",
        commitment_apis.CommitmentDelayedValueApi.as_view(),
        name="api-commitment-delayed-value",
    ),
    path(
        "commitments/<int:commitment_id>/reveal/",
        commitment_apis.CommitmentRevealApi.as_view(),
        name="api-commitment-reveal",
    ),
    path(
        "commitments/<int:commitment_id>/audit/",
        commitment_apis.CommitmentAuditApi.as_view(),
        name="api-commitment-audit",
    ),
    path(
        "clubs/<slug:slug>/publication-log/",
        publication_log_apis.PublicationLogApi.as_view(),
        name="api-publication-log",
    ),
    path("sessions/<int:session_id>/boards/", board_apis.SessionBoardsApi.as_view(), name="api-session-boards"),
    path(
        "sessions/<int:session_id>/boards/<int:number>/play/", play_apis.BoardPlayApi.as_view(), name="api-board-play"
    ),
    path(
        "perfect-auction/encode/",
        perfect_auction_apis.PerfectAuctionEncodeApi.as_view(),
        name="api-perfect-auction-encode",
    ),
    path(
        "perfect-auction/decode/",
        perfect_auction_apis.PerfectAuctionDecodeApi.as_view(),
        name="api-perfect-auction-decode",
    ),
]
