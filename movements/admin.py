from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from movements.models import ClubMovementSettings, GuideCardPdf, SessionMovement


@admin.register(SessionMovement)
class SessionMovementAdmin(admin.ModelAdmin):
    list_display = ("session", "title", "pairs", "boards_per_round", "chosen_by", "chosen_at")
    list_select_related = ("session", "session__club", "chosen_by")
    readonly_fields = ("balance", "chosen_at")

    @admin.display(description=_("boards per round"), ordering="session__boards_per_round")
    def boards_per_round(self, obj):
        return obj.session.boards_per_round


@admin.register(GuideCardPdf)
class GuideCardPdfAdmin(admin.ModelAdmin):
    list_display = ("key", "language", "status", "parts_done", "parts_total", "size", "seconds", "created_at")
    list_filter = ("status", "language")
    readonly_fields = [f.name for f in GuideCardPdf._meta.fields]

    def has_add_permission(self, request):  # made by the site from a movement, never typed in
        return False


@admin.register(ClubMovementSettings)
class ClubMovementSettingsAdmin(admin.ModelAdmin):
    list_display = ("club", "minutes_per_board", "usual_boards_low", "usual_boards_high", "winners", "updated_at")
    readonly_fields = ("updated_by", "updated_at")
