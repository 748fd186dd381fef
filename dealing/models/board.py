"""A session's boards and how they were dealt.

* :class:`SessionDealing` — one per dealt session: where the deals came from (a commitment
  whose delayed value is known, a fresh uncommitted key, or a file from a dealing machine or
  another program), who dealt and when. How many boards were dealt is not kept here: the
  session's ``Board`` rows are the one answer (``selectors.boards.session_board_count``).
* :class:`Board` — board *n* of a session: dealer and vulnerability from the board number
  (Law 2), the deal as its Pavlicek number and as a PBN string, and the double-dummy
  analysis once computed.
* :class:`DealDownload` — a record of every dealing-machine file a director downloaded
  before the session was over (the only way a deal leaves the site early).

Deals are read only through :mod:`dealing.selectors.boards`, which shows them when the
session is over. ``__str__`` and ``repr`` of these models never contain a deal.

Stored encrypted (:mod:`clubsite.encryption`): a board's deal (PBN and Pavlicek number) and its
analysis, and a fresh session key. The columns cannot be searched or compared in SQL (a lookup on
them is refused): read boards by session and number, and compare deals in Python.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubsite.choices import TextChoices
from clubsite.encryption import EncryptedIntegerField, EncryptedTextField

SEAT_CHOICES = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
VULNERABILITY_CHOICES = [("None", _("None")), ("NS", _("N–S")), ("EW", _("E–W")), ("All", _("All"))]


class SessionDealing(models.Model):
    class Source(TextChoices):
        COMMITMENT = "commitment", _("Committed deals")
        FRESH_KEY = "fresh", _("Fresh key (not committed)")
        IMPORTED = "imported", _("Imported file")

    session = models.OneToOneField(
        "clubs.Session", on_delete=models.CASCADE, related_name="dealing", verbose_name=_("session")
    )
    source = models.CharField(_("source"), max_length=12, choices=Source.choices)
    commitment = models.ForeignKey(
        "dealing.Commitment",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="dealings",
        verbose_name=_("commitment"),
    )
    label = models.CharField(_("label"), max_length=120, blank=True)
    secret_key = EncryptedTextField(blank=True, editable=False)  # a fresh key (hex): never shown
    imported_filename = models.CharField(_("imported file"), max_length=255, blank=True)
    imported_sha256 = models.CharField(_("SHA-256 of the imported file"), max_length=64, blank=True)
    dealt_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    dealt_at = models.DateTimeField(_("dealt at"))
    analysis_queued_at = models.DateTimeField(_("analysis queued at"), null=True, blank=True)

    class Meta:
        verbose_name = _("dealing of a session")
        verbose_name_plural = _("dealings of sessions")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(source="commitment") | models.Q(commitment__isnull=False),
                name="session_dealing_commitment_given",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} – {self.get_source_display()}"


class Board(models.Model):
    class AnalysisStatus(TextChoices):
        PENDING = "pending", _("Analysis pending")
        DONE = "done", _("Analysed")
        FAILED = "failed", _("Analysis failed")

    session = models.ForeignKey(
        "clubs.Session", on_delete=models.CASCADE, related_name="boards", verbose_name=_("session")
    )
    number = models.PositiveSmallIntegerField(_("board"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=SEAT_CHOICES)
    vulnerability = models.CharField(_("vulnerability"), max_length=4, choices=VULNERABILITY_CHOICES)
    deal_number = EncryptedTextField(_("deal number (Pavlicek)"), editable=False)  # decimal, 0 … D−1 (96 bits)
    deal_pbn = EncryptedTextField(_("deal (PBN)"), editable=False)
    analysis_status = models.CharField(max_length=8, choices=AnalysisStatus.choices, default=AnalysisStatus.PENDING)
    dd_tricks = EncryptedTextField(_("double-dummy tricks (PBN)"), blank=True, editable=False)
    par_score = EncryptedIntegerField(_("par score (N–S)"), null=True, blank=True, editable=False)
    par_contracts = EncryptedTextField(_("par contracts (PBN)"), blank=True, editable=False)
    analysed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_number_unique_per_session"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="board_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number} – {self.session}"


class DealDownload(models.Model):
    """A dealing-machine file a director downloaded (recorded whatever the session's state)."""

    session = models.ForeignKey("clubs.Session", on_delete=models.CASCADE, related_name="deal_downloads")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    file_format = models.CharField(_("format"), max_length=12)
    board_count = models.PositiveSmallIntegerField(_("boards"))
    session_status = models.CharField(_("session status then"), max_length=12)  # as long as clubs.Session.status
    sha256 = models.CharField(_("SHA-256 of the file"), max_length=64)
    downloaded_at = models.DateTimeField(_("downloaded at"), auto_now_add=True)

    class Meta:
        ordering = ["-downloaded_at"]
        verbose_name = _("deal download")
        verbose_name_plural = _("deal downloads")

    def __str__(self) -> str:
        return f"{self.file_format} – {self.session} – {self.user}"
