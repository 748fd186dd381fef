"""API endpoints of the clubs app, mounted under /api/v1/."""

from django.urls import path

urlpatterns: list = []
