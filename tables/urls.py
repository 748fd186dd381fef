"""Pages of table-side entry: the phones' (``/t/…``) and the director's (``/tables/…``)."""

from django.urls import path

from tables.views import director, handovers, phone, teams

app_name = "tables"

urlpatterns = [
    path("t/", phone.phone, name="phone"),
    path("t/join/", phone.join, name="join"),
    path("t/leave/", phone.leave, name="leave"),
    path("t/sw.js", phone.service_worker, name="service_worker"),
    path("t/<str:code>/", phone.join_code, name="join_code"),
    path("tables/sessions/<int:session_id>/room/", director.room, name="room"),
    path("tables/sessions/<int:session_id>/room/live/", director.room_live, name="room_live"),
    path("tables/sessions/<int:session_id>/room/phones/", handovers.room_phones, name="room_phones"),
    path("tables/sessions/<int:session_id>/start/", director.start, name="start"),
    path("tables/sessions/<int:session_id>/release/", director.release, name="release"),
    path("tables/sessions/<int:session_id>/tables/<int:table>/lock/", director.lock, name="lock"),
    path("tables/sessions/<int:session_id>/conflicts/<int:conflict_id>/", director.resolve, name="resolve"),
    path("tables/sessions/<int:session_id>/result/", director.result, name="result"),
    path(
        "tables/sessions/<int:session_id>/requests/<int:request_id>/done/", director.request_done, name="request_done"
    ),
    path("tables/sessions/<int:session_id>/boards/<int:board>/check/", director.board_check, name="board_check"),
    path("tables/sessions/<int:session_id>/renew/", director.renew, name="renew"),
    path("tables/sessions/<int:session_id>/codes/", director.codes, name="codes"),
    path("tables/sessions/<int:session_id>/teams/", teams.teams_room, name="teams_room"),
    path("tables/clubs/<slug:slug>/settings/", director.club_settings, name="club_settings"),
]
