"""Django admin for the dealing app: read-only views for site auditors.

Writes go through the services (and the pages), which check who may do what. The admin
never shows a secret key before its commitment is revealed, never a fresh dealing key, and
never a deal before its session is over (nor while an event's embargo holds it); the deal columns are not searchable or filterable
either (a search would be an oracle for the deal).
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from dealing.models import Board, Commitment, CommitmentSession, DealDownload, PublicationLogEntry, SessionDealing
from dealing.selectors.boards import deals_held_by_commitment, session_board_count

HIDDEN = _("hidden until the session is over")


def _shown(board: Board) -> bool:
    """A board's deal may be shown: its session is over and no event's embargo holds its deals."""
    return board.session.is_over and not deals_held_by_commitment(board.session_id)


class ReadOnlyAdmin(admin.ModelAdmin):
    #: Fields no query-string filter may touch (``?secret_key__startswith=ab`` would be an oracle).
    secret_fields: tuple[str, ...] = ()

    def lookup_allowed(self, lookup, value, request=None):
        if lookup.split("__")[0] in self.secret_fields:
            return False
        return super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class CommitmentSessionInline(admin.TabularInline):
    model = CommitmentSession
    fields = ["position", "label", "boards", "session"]
    readonly_fields = fields
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Commitment)
class CommitmentAdmin(ReadOnlyAdmin):
    secret_fields = ("secret_key",)
    list_display = ["event", "club", "status", "short_hash", "published_at", "revealed_at"]
    list_filter = ["status", "club"]
    search_fields = ["event", "commitment_hash"]
    fields = ["club", "event", "promise", "dv_format", "dealer", "record_format", "salt", "status", "commitment_hash",
              "published_text", "delayed_value", "revealed_key", "created_by", "created_at", "published_by",
              "published_at", "dv_entered_by", "dv_entered_at", "revealed_by", "revealed_at"]  # fmt: skip
    readonly_fields = fields
    inlines = [CommitmentSessionInline]

    @admin.display(description=_("commitment"))
    def short_hash(self, obj):
        return obj.commitment_hash[:16]

    @admin.display(description=_("secret key"))
    def revealed_key(self, obj):
        return obj.revealed_key() or _("hidden until revealed")


@admin.register(SessionDealing)
class SessionDealingAdmin(ReadOnlyAdmin):
    secret_fields = ("secret_key",)
    list_display = ["session", "source", "commitment", "board_count", "dealt_by", "dealt_at"]
    list_filter = ["source"]
    fields = [
        "session",
        "source",
        "commitment",
        "label",
        "imported_filename",
        "imported_sha256",
        "board_count",
        "dealt_by",
        "dealt_at",
    ]
    readonly_fields = fields

    @admin.display(description=_("boards"))
    def board_count(self, obj):
        return session_board_count(session=obj.session)


@admin.register(Board)
class BoardAdmin(ReadOnlyAdmin):
    secret_fields = ("deal_number", "deal_pbn", "dd_tricks", "par_score", "par_contracts")
    list_display = ["session", "number", "dealer", "vulnerability", "deal", "analysis_status"]
    list_filter = ["analysis_status"]
    list_select_related = ["session", "session__club"]
    fields = ["session", "number", "dealer", "vulnerability", "deal", "number_pavlicek", "analysis_status",
              "dd_tricks_shown", "par_shown", "analysed_at"]  # fmt: skip
    readonly_fields = fields

    @admin.display(description=_("deal"))
    def deal(self, obj):
        return obj.deal_pbn if _shown(obj) else HIDDEN

    @admin.display(description=_("deal number (Pavlicek)"))
    def number_pavlicek(self, obj):
        return obj.deal_number if _shown(obj) else HIDDEN

    @admin.display(description=_("double-dummy tricks"))
    def dd_tricks_shown(self, obj):
        return obj.dd_tricks if _shown(obj) else HIDDEN

    @admin.display(description=_("par"))
    def par_shown(self, obj):
        if not _shown(obj):
            return HIDDEN
        return f"{obj.par_score} {obj.par_contracts}" if obj.par_score is not None else ""


@admin.register(DealDownload)
class DealDownloadAdmin(ReadOnlyAdmin):
    list_display = ["downloaded_at", "session", "user", "file_format", "board_count", "session_status", "sha256"]
    list_filter = ["file_format"]
    fields = list_display
    readonly_fields = fields


@admin.register(PublicationLogEntry)
class PublicationLogEntryAdmin(ReadOnlyAdmin):
    """The publication log, read-only like everything here (the database refuses changes anyway)."""

    list_display = ["club", "position", "act", "recorded_at", "short_hash"]
    list_filter = ["act", "club"]
    fields = [
        "club",
        "position",
        "previous_hash",
        "recorded_at",
        "act",
        "commitment",
        "commitment_hash",
        "data",
        "entry_hash",
    ]
    readonly_fields = fields

    @admin.display(description=_("hash"))
    def short_hash(self, obj):
        return obj.entry_hash[:16]
