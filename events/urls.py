"""A session's pages: the session page, its status changes, its pairs."""

from django.urls import path

from events import views

app_name = "events"

urlpatterns = [
    path("sessions/<int:session_id>/", views.session_detail, name="session_detail"),
    path("sessions/<int:session_id>/status/", views.session_status, name="session_status"),
    path("sessions/<int:session_id>/pairs/", views.session_pairs, name="session_pairs"),
]
