"""Django admin for audits: read-only lists for site auditors (every change goes through the services)."""

from django.contrib import admin

from audits.models import AuditFile, AuditSession, SquareDealAudit


class _ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class AuditFileInline(admin.TabularInline):
    model = AuditFile
    fields = ["role", "name", "size", "sha256", "deals", "uploaded_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(SquareDealAudit)
class SquareDealAuditAdmin(_ReadOnly):
    list_display = ["id", "event", "status", "verdict", "boards", "matched", "differing", "created_by", "concluded_at"]
    list_filter = ["status", "verdict"]
    search_fields = ["event"]
    exclude = ["key_check", "order_matches", "unchecked_phases", "extras"]
    inlines = [AuditFileInline]


@admin.register(AuditSession)
class AuditSessionAdmin(_ReadOnly):
    list_display = ["audit", "phase", "session", "name", "status", "matched", "differing", "missing", "extra"]
    list_filter = ["status"]
    exclude = ["boards"]
