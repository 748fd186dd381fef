"""HTML pages of the clubs app: clubs, members, the club's sessions (a session's own pages: events/urls.py)."""

from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/<slug:slug>/", views.club_detail, name="detail"),
    path("clubs/<slug:slug>/edit/", views.club_edit, name="edit"),
    path("clubs/<slug:slug>/members/", views.member_list, name="member_list"),
    path("clubs/<slug:slug>/members/new/", views.member_create, name="member_create"),
    path("clubs/<slug:slug>/members/<int:member_id>/", views.member_edit, name="member_edit"),
    path("clubs/<slug:slug>/members/<int:member_id>/login/", views.member_login_create, name="member_login_create"),
    path("clubs/<slug:slug>/members/<int:member_id>/role/", views.member_role, name="member_role"),
    path("clubs/<slug:slug>/sessions/", views.session_list, name="session_list"),
    path("clubs/<slug:slug>/sessions/new/", views.session_create, name="session_create"),
    path("sessions/<int:session_id>/edit/", views.session_edit, name="session_edit"),
]
