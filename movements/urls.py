"""HTML pages of the movements app."""

from django.urls import path

from movements import views

app_name = "movements"

urlpatterns = [
    path("", views.movement_index, name="index"),
    path("show/", views.movement_detail, name="detail"),
    path("print/", views.movement_print, name="print"),
    path("cards/<str:key>/", views.cards_pdf, name="cards_pdf"),
    path("cards/<str:key>/progress/", views.cards_pdf_progress, name="cards_pdf_progress"),
    path("cards/<str:key>/download/", views.cards_pdf_download, name="cards_pdf_download"),
    path("cards/<str:key>/retry/", views.cards_pdf_retry, name="cards_pdf_retry"),
    path("session/<int:session_id>/", views.session_movement, name="session"),
    path("session/<int:session_id>/choose/", views.session_movement_choose, name="session_choose"),
    path("session/<int:session_id>/print/", views.session_movement_print, name="session_print"),
    path("club/<slug:slug>/settings/", views.club_movement_settings, name="club_settings"),
]
