"""HTML pages of the movements app."""

from django.urls import path

from movements import views

app_name = "movements"

urlpatterns = [
    path("", views.movement_index, name="index"),
    path("show/", views.movement_detail, name="detail"),
    path("print/", views.movement_print, name="print"),
    path("session/<int:session_id>/", views.session_movement, name="session"),
    path("session/<int:session_id>/choose/", views.session_movement_choose, name="session_choose"),
]
