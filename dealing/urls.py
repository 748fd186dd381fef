"""HTML pages of the dealing app."""

from django.urls import path

app_name = "dealing"

urlpatterns: list = []
