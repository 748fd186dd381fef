"""An audit of a SquareDeal event, its files and its verdicts.

:class:`SquareDealAudit` is one check of one event by one person: a **draft** while files are
added, **running** while a worker regenerates the deals, then **concluded** for good — the
verdict (``passed``, ``incomplete``, ``failed``), what the key file gave, the delayed value used
and where it came from, and a count of boards by verdict. Its :class:`AuditFile` rows hold every
file uploaded (the bytes, kept so that anyone can download and re-check them, and their SHA-256);
its :class:`AuditSession` rows hold each session's verdict with every board's (as JSON: board,
status, SquareDeal's deal, the hand record's deal, the file and line it came from, the hands that
differ).

Nothing here is secret: an audit holds only what SquareDeal publishes after the event. Once
concluded, the rows are not changed or deleted (``services`` refuses, and so do ``save`` and
``delete`` here).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubsite.choices import TextChoices


class ConcludedAuditError(ValidationError):
    """A concluded audit is a permanent record: nothing in it changes."""


class SquareDealAudit(models.Model):
    class Status(TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        CONCLUDED = "concluded", _("Concluded")

    class Verdict(TextChoices):
        PASSED = "passed", pgettext_lazy("audit verdict", "Passed")
        INCOMPLETE = "incomplete", pgettext_lazy("audit verdict", "Incomplete")
        FAILED = "failed", pgettext_lazy("audit verdict", "Failed")

    class DvSource(TextChoices):
        PUBLISHED = "published", _("the published .sqd")
        FINAL = "final", _("the organiser's .sqd after the event")
        TYPED = "typed", _("typed by the auditor")

    class Order(TextChoices):
        AUTO = "auto", _("Find out (whichever order matches)")
        SQD = "sqd", _("Phase by phase, as the .sqd lists them")
        NAMES = "names", _("By file name, as cat *.pbn joins them")

    event = models.CharField(_("event"), max_length=300)
    delayed_info = models.CharField(_("delayed information"), max_length=500, blank=True)
    key_hash = models.CharField(_("key hash (KH)"), max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    copied_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="copies",
        verbose_name=_("made from the files of"),
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    concluded_at = models.DateTimeField(_("concluded at"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)

    # what the run was asked to use
    dv = models.CharField(_("delayed value"), max_length=200, blank=True)
    dv_source = models.CharField(_("delayed value from"), max_length=10, choices=DvSource.choices, blank=True)
    order = models.CharField(_("order of a file of all deals"), max_length=5, choices=Order.choices, default=Order.AUTO)

    # what it found
    verdict = models.CharField(_("verdict"), max_length=10, choices=Verdict.choices, blank=True)
    key_check = models.JSONField(_("key check"), default=dict, blank=True)
    order_used = models.CharField(max_length=5, blank=True)
    order_matches = models.JSONField(default=dict, blank=True)
    unchecked_phases = models.JSONField(default=list, blank=True)
    extras = models.JSONField(default=list, blank=True)
    boards = models.PositiveIntegerField(_("boards"), default=0)
    matched = models.PositiveIntegerField(_("matching"), default=0)
    reserve = models.PositiveIntegerField(_("reserve"), default=0)
    differing = models.PositiveIntegerField(_("differing"), default=0)
    missing = models.PositiveIntegerField(_("missing"), default=0)
    extra = models.PositiveIntegerField(_("extra"), default=0)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-concluded_at", "-created_at", "-id"]
        verbose_name = _("SquareDeal audit")
        verbose_name_plural = _("SquareDeal audits")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(status="concluded") | ~models.Q(verdict=""), name="audit_concluded_has_verdict"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} ({self.get_status_display()})"

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_concluded(self) -> bool:
        return self.status == self.Status.CONCLUDED

    def _stored_as_concluded(self) -> bool:
        return bool(self.pk) and SquareDealAudit.objects.filter(pk=self.pk, status=self.Status.CONCLUDED).exists()

    def save(self, *args, **kwargs):
        if self._stored_as_concluded():
            raise ConcludedAuditError(_("This audit is concluded: it is a permanent record and cannot be changed."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self._stored_as_concluded():
            raise ConcludedAuditError(_("This audit is concluded: it is a permanent record and cannot be deleted."))
        return super().delete(*args, **kwargs)


class _PartOfAnAudit(models.Model):
    """Rows of an audit: frozen with it once it is concluded."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if SquareDealAudit.objects.filter(pk=self.audit_id, status=SquareDealAudit.Status.CONCLUDED).exists():
            raise ConcludedAuditError(_("This audit is concluded: it is a permanent record and cannot be changed."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if SquareDealAudit.objects.filter(pk=self.audit_id, status=SquareDealAudit.Status.CONCLUDED).exists():
            raise ConcludedAuditError(_("This audit is concluded: it is a permanent record and cannot be changed."))
        return super().delete(*args, **kwargs)


class AuditFile(_PartOfAnAudit):
    class Role(TextChoices):
        PUBLISHED_SQD = "sqd", _("Description published before the event (.sqd)")
        FINAL_SQD = "final", _("Description after the event (.sqd with the DV)")
        SQK = "sqk", _("Key file (.sqk)")
        HAND_RECORDS = "records", _("Hand records")

    audit = models.ForeignKey(SquareDealAudit, on_delete=models.CASCADE, related_name="files")
    role = models.CharField(_("role"), max_length=8, choices=Role.choices)
    name = models.CharField(_("file name"), max_length=255)
    content = models.BinaryField(_("content"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    size = models.PositiveIntegerField(_("size"))
    # hand records: one deal per line ("lines") or PBN, how many deals, and the session(s) the file's
    # name names ({"phase", "first", "last"}; empty for a file of all deals)
    kind = models.CharField(max_length=5, blank=True)
    deals = models.PositiveIntegerField(default=0)
    target = models.JSONField(default=dict, blank=True)
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)

    class Meta:
        ordering = ["audit_id", "role", "name", "id"]
        constraints = [models.UniqueConstraint(fields=["audit", "role", "name"], name="audit_file_unique_name")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_role_display()})"


class AuditSession(_PartOfAnAudit):
    class Status(TextChoices):
        MATCH = "match", pgettext_lazy("a session of an audit", "Matches")
        RESERVE = "reserve", _("Reserve set")
        DIFFERS = "differs", pgettext_lazy("a session of an audit", "Differs")
        NO_KEY = "no_key", _("No key")
        NOT_GIVEN = "not_given", _("No hand records")

    audit = models.ForeignKey(SquareDealAudit, on_delete=models.CASCADE, related_name="sessions")
    phase = models.PositiveIntegerField()
    session = models.PositiveIntegerField()
    name = models.CharField(max_length=200)
    description = models.CharField(max_length=300, blank=True)
    first_board = models.PositiveIntegerField(null=True, blank=True)
    last_board = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices)
    files = models.JSONField(default=list, blank=True)
    boards = models.JSONField(default=list, blank=True)
    matched = models.PositiveIntegerField(default=0)
    reserve = models.PositiveIntegerField(default=0)
    differing = models.PositiveIntegerField(default=0)
    missing = models.PositiveIntegerField(default=0)
    extra = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["audit_id", "phase", "session"]
        constraints = [models.UniqueConstraint(fields=["audit", "phase", "session"], name="audit_session_unique")]

    def __str__(self) -> str:
        return f"{self.name}: {self.get_status_display()}"

    @property
    def is_good(self) -> bool:
        return self.status in (self.Status.MATCH, self.Status.RESERVE)
