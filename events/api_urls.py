"""API endpoints of the events app, mounted under /api/v1/."""

from django.urls import path

from events import apis

urlpatterns = [
    path("sessions/<int:session_id>/pairs/", apis.SessionPairsApi.as_view(), name="api-session-pairs"),
]
