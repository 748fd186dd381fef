"""The admin of the scoring app, for site auditors: results and their audit trail are read here, never
changed (every change goes through the services, which keep the trail)."""

from django.contrib import admin

from scoring.models import FlagCheck, ImportedLayout, Result, ResultChange, SessionScoring


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Result)
class ResultAdmin(ReadOnly):
    list_display = ("session", "board", "round", "table", "ns_pair", "ew_pair", "kind", "level", "strain", "doubling",
                    "declarer", "tricks", "updated_at")  # fmt: skip
    list_filter = ("kind",)
    list_select_related = ("session", "session__club", "ns_pair", "ew_pair")
    search_fields = ("session__name", "session__club__name")


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnly):
    list_display = ("session", "board", "action", "by", "at_table", "confirmed_by", "at", "reason")
    list_filter = ("action",)
    list_select_related = ("session", "session__club", "by")


@admin.register(FlagCheck)
class FlagCheckAdmin(ReadOnly):
    list_display = ("session", "board", "flag", "by", "at", "note")
    list_select_related = ("session", "session__club", "by")


@admin.register(SessionScoring)
class SessionScoringAdmin(ReadOnly):
    list_display = ("session", "method", "scale", "factoring", "sections", "provisional_until", "published_at")
    list_select_related = ("session", "session__club")


@admin.register(ImportedLayout)
class ImportedLayoutAdmin(ReadOnly):
    list_display = ("session", "winners")
    list_select_related = ("session", "session__club")
