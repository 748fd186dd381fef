"""Django admin for clubs, members, roles and sessions (site auditors and superusers)."""

from django.contrib import admin

from clubs.models import Club, ClubRole, Member, ResultsEmail, Session


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "city", "results_public"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubRoleInline]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "club", "national_id", "is_active"]
    list_filter = ["club", "is_active"]
    search_fields = ["last_name", "first_name", "national_id", "email"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "status"]
    list_filter = ["club", "status"]
    date_hierarchy = "date"
    # A status changes on the session's page, one stage at a time, where every app that acts on it is told
    # (scoring.services.sessions.session_status_set): an edit here would skip both.
    readonly_fields = ["status"]


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]


@admin.register(ResultsEmail)
class ResultsEmailAdmin(admin.ModelAdmin):
    """What was e-mailed to whom for each publication (read only: ``scoring.services.mail`` writes it). A record left
    "sending" was claimed by a run that stopped before it finished: it is not sent again by itself."""

    list_display = ["session", "member", "pair", "address", "status", "attempts", "sent_at", "withdrawn_at"]
    list_filter = ["status", "session__club"]
    search_fields = ["address", "member__last_name"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
