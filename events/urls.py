"""A session's pages: the session page, its status changes, its pairs, its boards (dealing)."""

from django.urls import path

from events import boards, views

app_name = "events"

urlpatterns = [
    path("sessions/<int:session_id>/", views.session_detail, name="session_detail"),
    path("sessions/<int:session_id>/status/", views.session_status, name="session_status"),
    path("sessions/<int:session_id>/pairs/", views.session_pairs, name="session_pairs"),
    path(
        "sessions/<int:session_id>/print-with-codes/",
        views.session_print_with_codes,
        name="session_print_with_codes",
    ),
    # the session's boards page: at its address under /dealing/, where the dealing-machine files are too
    path("dealing/sessions/<int:session_id>/boards/", boards.session_boards, name="session_boards"),
    path(
        "dealing/sessions/<int:session_id>/boards/deal/<slug:source>/",
        boards.session_board_deal,
        name="session_board_deal",
    ),
]
