"""Table-side entry in the admin: read-only views for site auditors (changes go through the services)."""

from django.contrib import admin

from tables.models import (
    Conflict,
    CorrectionRequest,
    Device,
    Handover,
    JoinAttempt,
    Submission,
    Table,
    TableSession,
    TableSettings,
)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Submission)
class SubmissionAdmin(ReadOnly):
    list_display = ("table", "kind", "round", "board", "side", "status", "at")
    list_filter = ("kind", "status")


for model in (TableSettings, TableSession, Table, Device, JoinAttempt, Conflict, CorrectionRequest, Handover):
    admin.site.register(model, ReadOnly)
