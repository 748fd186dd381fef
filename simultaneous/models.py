"""A simultaneous pairs' facts: the event (its organising club, name, date, matchpoint scale and factoring) and each
participating club's results file as it was uploaded (kept encrypted: a results file holds the deals). The field's
numbers are worked out from the files by ``simultaneous.selectors`` through ``scoring.domain.simultaneous``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import TextChoices
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubsite.encryption import EncryptedBinaryField


class SimultaneousEvent(models.Model):
    """A simultaneous pairs organised by a club: every club's results matchpointed across the whole field."""

    class Scale(TextChoices):
        EBU = "ebu", _("2 per result beaten (EBU, WBF)")
        ACBL = "acbl", _("1 per result beaten (ACBL)")

    class Factoring(TextChoices):
        NEUBERG = "neuberg", _("Neuberg")
        NONE = "none", _("No factoring")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="simultaneous_events", verbose_name=_("organiser")
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    scale = models.CharField(_("matchpoint scale"), max_length=4, choices=Scale.choices, default=Scale.EBU)
    factoring = models.CharField(_("factoring"), max_length=8, choices=Factoring.choices, default=Factoring.NEUBERG)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("simultaneous pairs")
        verbose_name_plural = _("simultaneous pairs")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class ClubResultsFile(models.Model):
    """One participating club's results file (USEBIO or PBN), one a club: what it held when it was read."""

    class Format(TextChoices):
        USEBIO = "usebio", "USEBIO"
        PBN = "pbn", "PBN"

    event = models.ForeignKey(
        SimultaneousEvent, on_delete=models.CASCADE, related_name="files", verbose_name=_("simultaneous pairs")
    )
    club_name = models.CharField(_("club"), max_length=120)
    filename = models.CharField(_("file"), max_length=255)
    file_format = models.CharField(max_length=8, choices=Format.choices)
    data = EncryptedBinaryField(editable=False)
    sha256 = models.CharField(max_length=64, editable=False)
    pairs = models.PositiveIntegerField(_("pairs"), default=0)
    boards = models.PositiveIntegerField(_("boards"), default=0)
    lines = models.PositiveIntegerField(default=0)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event_id", "club_name"]
        verbose_name = _("club's results file")
        constraints = [
            models.UniqueConstraint(fields=["event", "club_name"], name="simultaneous_club_once"),
        ]

    def __str__(self) -> str:
        return f"{self.club_name}: {self.filename}"
