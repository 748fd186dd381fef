"""HTML pages of the movements app."""

from django.urls import path

app_name = "movements"

urlpatterns: list = []
