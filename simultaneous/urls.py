"""The simultaneous pairs' pages: the organising club's list, an event's clubs and files, its deals' commitment,
dealing and embargo, a club's part in it (its session, its dealing files), the field-wide ranking and each club's
page of it."""

from django.urls import path

from simultaneous import views

app_name = "simultaneous"

urlpatterns = [
    path("clubs/<slug:slug>/simultaneous/", views.event_list, name="event_list"),
    path("simultaneous/<int:event_id>/", views.event_page, name="event"),
    path("simultaneous/<int:event_id>/files/<int:club_file_id>/replace/", views.file_replace, name="file_replace"),
    path("simultaneous/<int:event_id>/files/<int:club_file_id>/remove/", views.file_remove, name="file_remove"),
    path("simultaneous/<int:event_id>/commit/", views.event_commit, name="commit"),
    path("simultaneous/<int:event_id>/deal/", views.event_deal, name="deal"),
    path("simultaneous/<int:event_id>/embargo/", views.event_embargo, name="embargo_end"),
    path("simultaneous/<int:event_id>/publish/", views.event_publish, name="publish"),
    path("clubs/<slug:slug>/simultaneous/<int:event_id>/", views.club_event, name="club_event"),
    path(
        "clubs/<slug:slug>/simultaneous/<int:event_id>/dealing.<str:file_format>",
        views.club_dealing_file,
        name="club_dealing_file",
    ),
    path("simultaneous/<int:event_id>/results/", views.event_results, name="results"),
    path("simultaneous/<int:event_id>/results.csv", views.event_results_csv, name="results_csv"),
    path("simultaneous/<int:event_id>/results.xml", views.event_results_usebio, name="results_usebio"),
    # a club's page of the results, named by where its results came from (never by its name: spaces, diacritics)
    path("simultaneous/<int:event_id>/results/clubs/<int:entry_id>/", views.event_results_club, name="results_club"),
    path(
        "simultaneous/<int:event_id>/results/clubs/<int:entry_id>.csv",
        views.event_results_club_csv,
        name="results_club_csv",
    ),
    path(
        "simultaneous/<int:event_id>/results/files/<int:club_file_id>/",
        views.event_results_club,
        name="results_file_club",
    ),
    path(
        "simultaneous/<int:event_id>/results/files/<int:club_file_id>.csv",
        views.event_results_club_csv,
        name="results_file_club_csv",
    ),
    path("simultaneous/<int:event_id>/commentary/", views.event_commentary, name="commentary"),
    path("simultaneous/<int:event_id>/boards/<int:number>/", views.event_board, name="board"),
    path("simultaneous/<int:event_id>/scorecard/", views.event_scorecard, name="scorecard"),
    path("simultaneous/<int:event_id>/booklet.pdf", views.event_booklet, name="booklet"),
]
