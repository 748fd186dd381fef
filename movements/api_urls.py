"""API endpoints of the movements app, mounted under /api/v1/."""

from django.urls import path

from movements import apis

urlpatterns = [
    path("movements/", apis.MovementListApi.as_view(), name="api-movement-list"),
    path("movements/schedule/", apis.MovementDetailApi.as_view(), name="api-movement-detail"),
    path("sessions/<int:session_id>/movement/", apis.SessionMovementApi.as_view(), name="api-session-movement"),
]
