"""Deal-set jobs: N deals (1 … 100,000,000) from one key, made by Celery workers in chunks.

A :class:`DealSet` is a director's request: how many deals, from which key (a new one, a
given one, or a commitment's dealing key once its delayed value is known), under which
label, in which output formats, with or without double-dummy analysis. It is split into
:class:`DealSetChunk` rows, fixed when the job is created, so every chunk is the same work
whoever runs it and however often. When every chunk is done the parts are assembled into
one file per format, stored through the ``deal_sets`` storage, and published as
:class:`DealSetFile` rows with their SHA-256 (``dealing.services.deal_sets``; the assembler
works alongside the chunks, holding a lease on the job: ``dealing.services.deal_set_assembly``).

The key is a secret like a commitment's: it never appears in ``str``/``repr``, pages, the
API, task messages or logs; only its fingerprint (the first 16 hex digits of its SHA-256)
is shown, so two sets can be told apart or matched.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubsite.choices import TextChoices
from clubsite.encryption import EncryptedBinaryField


class DealSet(models.Model):
    class Status(TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        ASSEMBLING = "assembling", _("Assembling files")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    class KeySource(TextChoices):
        NEW = "new", _("A new random key")
        GIVEN = "given", _("A key I give")
        COMMITMENT = "commitment", _("A commitment's dealing key")

    ACTIVE = (Status.QUEUED, Status.RUNNING, Status.ASSEMBLING)

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="deal_sets", verbose_name=_("club"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("requested by"),
    )
    label = models.CharField(_("label"), max_length=100)
    count = models.PositiveBigIntegerField(_("number of deals"))
    formats = models.JSONField(_("formats"), default=list)
    analysis = models.BooleanField(_("double-dummy analysis"), default=False)
    key_source = models.CharField(_("key"), max_length=10, choices=KeySource.choices, default=KeySource.NEW)
    # The dealer's key (32 bytes). For COMMITMENT it is the commitment's dealing key, derived from
    # its secret key and delayed value when the job was made, so every chunk uses the same key.
    secret_key = EncryptedBinaryField(editable=False)  # stored encrypted (clubsite.encryption)
    commitment = models.ForeignKey(
        "dealing.Commitment",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="deal_sets",
        verbose_name=_("commitment"),
    )
    key_fingerprint = models.CharField(_("key fingerprint"), max_length=16, editable=False)
    deal_chunk_size = models.PositiveIntegerField(editable=False)
    analysis_chunk_size = models.PositiveIntegerField(default=0, editable=False)

    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # The assembler's lease: which run of the assembly task joins the parts (a random token) and
    # when it last said so. Another run waits while the lease is fresh and takes it over once it
    # is stale (its worker died), so one assembler works on a job at a time.
    assembler = models.CharField(max_length=64, blank=True, editable=False)
    assembler_seen_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("deal set")
        verbose_name_plural = _("deal sets")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(count__gte=1) & models.Q(count__lte=100_000_000), name="deal_set_count_range"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(key_source="commitment", commitment__isnull=False)
                    | (~models.Q(key_source="commitment") & models.Q(commitment__isnull=True))
                ),
                name="deal_set_commitment_iff_source",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} ({self.count} deals, {self.club})"

    def __repr__(self) -> str:  # never the key
        return f"<DealSet {self.pk} {self.label!r} count={self.count} status={self.status}>"

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE


class DealSetChunk(models.Model):
    """One deterministic piece of a job: deals ``start … start+count−1``, for dealing or analysis."""

    class Kind(TextChoices):
        DEAL = "deal", _("Dealing")
        ANALYSIS = "analysis", _("Analysis")

    class Status(TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        STOPPED = "stopped", _("Stopped")

    deal_set = models.ForeignKey(DealSet, on_delete=models.CASCADE, related_name="chunks")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    index = models.PositiveIntegerField()
    start = models.PositiveBigIntegerField()
    count = models.PositiveIntegerField()
    done = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Sizes of the part files this chunk wrote ({output format: bytes}); the assembler checks them.
    part_sizes = models.JSONField(default=dict)
    peak_memory_kb = models.PositiveIntegerField(null=True, blank=True)
    worker = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["deal_set_id", "kind", "index"]
        constraints = [models.UniqueConstraint(fields=["deal_set", "kind", "index"], name="deal_set_chunk_unique")]
        indexes = [models.Index(fields=["deal_set", "status"])]

    def __str__(self) -> str:
        return f"{self.deal_set_id}/{self.kind}/{self.index}"


class DealSetFile(models.Model):
    """A published output file: complete, with its SHA-256. Rows exist only for finished jobs."""

    deal_set = models.ForeignKey(DealSet, on_delete=models.CASCADE, related_name="files")
    output = models.CharField(_("format"), max_length=20)
    name = models.CharField(_("file name"), max_length=200)
    storage_name = models.CharField(max_length=400)
    size = models.PositiveBigIntegerField(_("size"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)

    class Meta:
        ordering = ["deal_set_id", "id"]
        constraints = [models.UniqueConstraint(fields=["deal_set", "output"], name="deal_set_file_unique")]

    def __str__(self) -> str:
        return self.name
