"""HTML pages of the dealing app."""

from django.urls import path

from dealing.views import boards as board_views
from dealing.views import commitments as commitment_views
from dealing.views import deal_sets as deal_set_views
from dealing.views import hand_records as hand_record_views
from dealing.views import perfect_auction as perfect_auction_views
from dealing.views import play as play_views
from dealing.views import printing as printing_views
from dealing.views import publication_log as publication_log_views

app_name = "dealing"

urlpatterns: list = [
    # Deal sets: large jobs on Celery workers
    path("deal-sets/", deal_set_views.deal_set_list, name="deal_set_list"),
    path("deal-sets/new/", deal_set_views.deal_set_create, name="deal_set_create"),
    path("deal-sets/<int:deal_set_id>/", deal_set_views.deal_set_detail, name="deal_set_detail"),
    path("deal-sets/<int:deal_set_id>/progress/", deal_set_views.deal_set_progress_partial, name="deal_set_progress"),
    path("deal-sets/<int:deal_set_id>/cancel/", deal_set_views.deal_set_cancel, name="deal_set_cancel"),
    path("deal-sets/<int:deal_set_id>/resume/", deal_set_views.deal_set_resume, name="deal_set_resume"),
    path(
        "deal-sets/<int:deal_set_id>/files/<slug:output>/", deal_set_views.deal_set_download, name="deal_set_download"
    ),
    # Commitments (docs/commitments.md)
    path("commitments/", commitment_views.commitment_list, name="commitment_list"),
    path("commitments/new/<slug:slug>/", commitment_views.commitment_create, name="commitment_create"),
    path("commitments/<int:commitment_id>/", commitment_views.commitment_detail, name="commitment_detail"),
    path("commitments/<int:commitment_id>/publish/", commitment_views.commitment_publish, name="commitment_publish"),
    path(
        "commitments/<int:commitment_id>/delayed-value/",
        commitment_views.commitment_enter_dv,
        name="commitment_enter_dv",
    ),
    path("commitments/<int:commitment_id>/reveal/", commitment_views.commitment_reveal, name="commitment_reveal"),
    path("commitments/<int:commitment_id>/delete/", commitment_views.commitment_delete, name="commitment_delete"),
    path(
        "commitments/<int:commitment_id>/published.json",
        commitment_views.commitment_published_json,
        name="commitment_published_json",
    ),
    path(
        "commitments/<int:commitment_id>/revealed.json",
        commitment_views.commitment_revealed_json,
        name="commitment_revealed_json",
    ),
    path(
        "commitments/<int:commitment_id>/notice.txt",
        commitment_views.commitment_notice_text,
        name="commitment_notice_text",
    ),
    path("commitments/<int:commitment_id>/audit/", commitment_views.commitment_audit, name="commitment_audit"),
    # A club's publication log (public): every public act on its commitments, hash-chained
    path("clubs/<slug:slug>/publication-log/", publication_log_views.publication_log, name="publication_log"),
    # A session's boards: dealing (directors) and hand records (once the session is over)
    path(
        "sessions/<int:session_id>/boards/file/<slug:file_format>/",
        board_views.board_dealing_file,
        name="board_dealing_file",
    ),
    path("sessions/<int:session_id>/hand-record/", hand_record_views.hand_record, name="hand_record"),
    path("sessions/<int:session_id>/hand-record.pbn", hand_record_views.hand_record_pbn, name="hand_record_pbn"),
    path(
        "sessions/<int:session_id>/hand-record/<int:number>/",
        hand_record_views.hand_record_board,
        name="hand_record_board",
    ),
    path(
        "sessions/<int:session_id>/hand-record/<int:number>/analysis/",
        hand_record_views.hand_record_analysis,
        name="hand_record_analysis",
    ),
    # The hand record to print: HTML and PDF (once the session is over)
    path("sessions/<int:session_id>/hand-record/print/", printing_views.hand_record_print, name="hand_record_print"),
    path("sessions/<int:session_id>/hand-record.pdf", printing_views.hand_record_pdf, name="hand_record_pdf"),
    path(
        "sessions/<int:session_id>/hand-record.pdf/progress/",
        printing_views.hand_record_pdf_progress,
        name="hand_record_pdf_progress",
    ),
    # Play it again: a board played card by card against double dummy (once the session is over)
    path("sessions/<int:session_id>/boards/<int:number>/play/", play_views.play_board, name="play_board"),
    # Perfect bidding (Kersey): deal <-> auction
    path("perfect-auction/", perfect_auction_views.perfect_auction_page, name="perfect_auction"),
]
