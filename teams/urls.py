"""A teams session's pages: its teams, its format and draw, each match's score card, the standings."""

from django.urls import path

from teams import views

app_name = "teams"

urlpatterns = [
    path("sessions/<int:session_id>/teams/", views.session_teams, name="session_teams"),
    path("sessions/<int:session_id>/teams/schedule/", views.session_schedule, name="session_schedule"),
    path("sessions/<int:session_id>/teams/standings/", views.session_standings, name="session_standings"),
    path("sessions/<int:session_id>/teams/<int:number>/", views.team_page, name="team"),
    path("sessions/<int:session_id>/teams/knockout/", views.knockout_page, name="knockout"),
    path("sessions/<int:session_id>/teams/standings.pdf", views.standings_pdf, name="standings_pdf"),
    path("sessions/<int:session_id>/teams/standings/print/", views.standings_print, name="standings_print"),
    path(
        "sessions/<int:session_id>/teams/cross-table.pdf",
        views.standings_pdf,
        {"document": "cross_table"},
        name="cross_table_pdf",
    ),
    path(
        "sessions/<int:session_id>/teams/cross-table/print/",
        views.standings_print,
        {"document": "cross_table"},
        name="cross_table_print",
    ),
    path("sessions/<int:session_id>/teams/assignment/print/", views.assignment_print, name="assignment_print"),
    path("sessions/<int:session_id>/teams/assignment.pdf", views.assignment_pdf, name="assignment_pdf"),
    path("sessions/<int:session_id>/teams/export/usebio/", views.export_usebio, name="export_usebio"),
    path("sessions/<int:session_id>/teams/export/pbn/", views.export_pbn, name="export_pbn"),
    path("clubs/<slug:slug>/teams/import/", views.import_file, name="import"),
    path("sessions/<int:session_id>/teams/publish/", views.session_publish, name="session_publish"),
    path(
        "sessions/<int:session_id>/teams/rounds/<int:round>/matches/<int:number>/",
        views.match_page,
        name="match",
    ),
]
