from django.contrib import admin

from movements.models import SessionMovement


@admin.register(SessionMovement)
class SessionMovementAdmin(admin.ModelAdmin):
    list_display = ("session", "title", "pairs", "boards_per_round", "chosen_by", "chosen_at")
    list_select_related = ("session", "session__club", "chosen_by")
    readonly_fields = ("balance", "chosen_at")
