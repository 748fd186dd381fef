"""API endpoints of the scoring app, mounted under /api/v1/."""

from django.urls import path

urlpatterns: list = []
