"""Pages of SquareDeal audits, under /audits/."""

from django.urls import path

from audits import views

app_name = "audits"

urlpatterns = [
    path("", views.audit_list, name="list"),
    path("new/", views.audit_create, name="create"),
    path("<int:audit_id>/", views.audit_detail, name="detail"),
    path("<int:audit_id>/audit.json", views.audit_json, name="json"),
    path("<int:audit_id>/files/", views.audit_files_add, name="files_add"),
    path("<int:audit_id>/files/<int:file_id>/", views.audit_file_download, name="file_download"),
    path("<int:audit_id>/files/<int:file_id>/remove/", views.audit_file_remove, name="file_remove"),
    path("<int:audit_id>/run/", views.audit_run, name="run"),
    path("<int:audit_id>/progress/", views.audit_progress, name="progress"),
    path("<int:audit_id>/requeue/", views.audit_requeue, name="requeue"),
    path("<int:audit_id>/sessions/<int:phase>/<int:session>/", views.audit_session, name="session"),
    path("<int:audit_id>/copy/", views.audit_copy, name="copy"),
    path("<int:audit_id>/delete/", views.audit_delete, name="delete"),
]
