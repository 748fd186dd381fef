"""API endpoints of the movements app, mounted under /api/v1/."""

from django.urls import path

urlpatterns: list = []
