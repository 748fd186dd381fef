"""HTML pages of the clubs app."""

from django.urls import path

app_name = "clubs"

urlpatterns: list = []
