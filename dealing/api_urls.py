"""API endpoints of the dealing app, mounted under /api/v1/."""

from django.urls import path

urlpatterns: list = []
