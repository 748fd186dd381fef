"""API endpoints of the clubs app, mounted under /api/v1/."""

from django.urls import path

from clubs import apis

urlpatterns = [
    path("clubs/", apis.ClubListApi.as_view(), name="api-club-list"),
    path("clubs/<slug:slug>/sessions/", apis.ClubSessionListApi.as_view(), name="api-club-session-list"),
    path("sessions/<int:session_id>/", apis.SessionDetailApi.as_view(), name="api-session-detail"),
]
