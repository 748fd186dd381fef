"""A club's commitment to the deals of one or more sessions (``docs/commitments.md``).

Life: **draft** (the director picks sessions and the promise; editable, deletable) →
**published** (the public record and its SHA-256 are fixed; nothing committed can change,
the commitment cannot be deleted) → the director enters the **delayed value** once it is
public (then sessions can be dealt from it) → **revealed** once every session is over (the
secret key is published; anyone can recompute every deal).

The secret key is generated with ``secrets`` and kept in :attr:`Commitment.secret_key`, stored
encrypted (:mod:`clubsite.encryption`).
It is never shown before the reveal: ``__str__``/``repr`` leave it out, the admin does
not list it, pages and the API read :meth:`Commitment.revealed_key` (empty until revealed).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubsite.choices import TextChoices
from clubsite.encryption import EncryptedTextField
from dealing.domain import commitment as domain

DV_FORMAT_CHOICES = [
    ("decimal:2", _("Number with 2 decimals (e.g. an index close: 43275.91)")),
    ("decimal:0", _("Whole number")),
    ("decimal:1", _("Number with 1 decimal")),
    ("decimal:3", _("Number with 3 decimals")),
    ("decimal:4", _("Number with 4 decimals (e.g. an exchange rate: 4.2735)")),
    ("text", _("Text (e.g. lottery numbers: 3 14 15 26 35 41)")),
]

# Fields fixed by publishing: changing any of them would change (or fake) the commitment.
# The time promised for the delayed value is outside the hashed record (bridge-commitment-v1 has no field for it) but
# is fixed with it: the audit compares the value's entry with it.
COMMITTED_FIELDS = ("club_id", "event", "promise", "dv_format", "salt", "secret_key", "dealer", "record_format",
                    "commitment_hash", "published_text", "published_at", "dv_promised_at")  # fmt: skip


class Commitment(models.Model):
    class Status(TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        REVEALED = "revealed", _("Revealed")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="commitments", verbose_name=_("club"))
    event = models.CharField(_("event"), max_length=domain.MAX_EVENT)
    promise = models.CharField(
        _("promised delayed value"),
        max_length=domain.MAX_PROMISE,
        help_text=_(
            "The public fact whose value, not known yet, will be mixed into the deals, and where it will be read."
        ),
    )
    dv_format = models.CharField(
        _("format of the delayed value"), max_length=12, choices=DV_FORMAT_CHOICES, default="decimal:2"
    )
    dv_promised_at = models.DateTimeField(
        _("delayed value public from"),
        null=True,
        blank=True,
        help_text=_(
            "When the promised value will be public (e.g. the index's close). Entering it earlier is a warning on "
            "the audit."
        ),
    )
    salt = models.CharField(max_length=2 * domain.SALT_BYTES, editable=False)
    secret_key = EncryptedTextField(editable=False)  # 64 hex digits, stored encrypted
    dealer = models.CharField(max_length=20, default=domain.DEALER, editable=False)
    record_format = models.CharField(max_length=40, default=domain.FORMAT, editable=False)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    commitment_hash = models.CharField(_("commitment (SHA-256)"), max_length=64, blank=True, editable=False)
    published_text = models.TextField(blank=True, editable=False)
    delayed_value = models.CharField(_("delayed value"), max_length=domain.MAX_TEXT_DV, blank=True)

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    dv_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    dv_entered_at = models.DateTimeField(_("delayed value entered at"), null=True, blank=True)
    revealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revealed_at = models.DateTimeField(_("revealed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("commitment")
        verbose_name_plural = _("commitments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status="draft") | ~models.Q(commitment_hash=""), name="commitment_published_has_hash"
            ),
            models.CheckConstraint(
                condition=~models.Q(status="revealed") | ~models.Q(delayed_value=""), name="commitment_revealed_has_dv"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} ({self.club})"

    # --- reading the record -----------------------------------------------------------

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_revealed(self) -> bool:
        return self.status == self.Status.REVEALED

    @property
    def has_dv(self) -> bool:
        return bool(self.delayed_value)

    def session_entries(self) -> list[domain.SessionEntry]:
        return [domain.SessionEntry(e.label, e.boards) for e in self.entries.order_by("position")]

    def record(self) -> domain.CommitmentRecord:
        """The whole record, key included (for services: publishing, dealing, auditing)."""
        return domain.CommitmentRecord(
            event=self.event,
            promise=self.promise,
            dv_format=self.dv_format,
            salt=bytes.fromhex(self.salt),
            sessions=tuple(self.session_entries()),
            key=bytes.fromhex(self.secret_key),
            dealer=self.dealer,
            format=self.record_format,
        )

    def published_commitment(self) -> domain.PublishedCommitment:
        """What was published: the public part and the hash (no key). Drafts have none."""
        if self.is_draft:
            raise ValidationError(_("A draft commitment has not been published."))
        return domain.PublishedCommitment(
            event=self.event,
            promise=self.promise,
            dv_format=self.dv_format,
            salt=bytes.fromhex(self.salt),
            sessions=tuple(self.session_entries()),
            dealer=self.dealer,
            format=self.record_format,
            commitment=self.commitment_hash,
        )

    def revealed_key(self) -> str:
        """The secret key in hex once revealed; empty before. The only reader pages and APIs use."""
        return self.secret_key if self.is_revealed else ""

    # --- immutability -----------------------------------------------------------------

    def save(self, *args, **kwargs):
        if self.pk is not None:
            stored = Commitment.objects.filter(pk=self.pk).values("status", *COMMITTED_FIELDS, "delayed_value").first()
            if stored and stored["status"] != self.Status.DRAFT:
                changed = [name for name in COMMITTED_FIELDS if stored[name] != getattr(self, name)]
                if changed or self.status == self.Status.DRAFT:
                    raise ValidationError(
                        _("A published commitment cannot change (tried: %(fields)s).")
                        % {"fields": ", ".join(changed) or "status"}
                    )
                if stored["status"] == self.Status.REVEALED and (
                    self.status != stored["status"] or self.delayed_value != stored["delayed_value"]
                ):
                    raise ValidationError(_("A revealed commitment cannot change."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if not self.is_draft:
            raise ValidationError(_("A published commitment cannot be deleted."))
        return super().delete(*args, **kwargs)


class CommitmentSession(models.Model):
    """One session of a commitment: its label in the record and its number of boards."""

    commitment = models.ForeignKey(Commitment, on_delete=models.CASCADE, related_name="entries")
    session = models.OneToOneField(
        "clubs.Session", on_delete=models.PROTECT, related_name="commitment_entry", verbose_name=_("session")
    )
    label = models.CharField(_("label"), max_length=100)
    boards = models.PositiveSmallIntegerField(_("boards"))
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["commitment_id", "position"]
        verbose_name = _("session of a commitment")
        verbose_name_plural = _("sessions of commitments")
        constraints = [
            models.UniqueConstraint(fields=["commitment", "label"], name="commitment_session_label_unique"),
            models.UniqueConstraint(fields=["commitment", "position"], name="commitment_session_position_unique"),
            models.CheckConstraint(
                condition=models.Q(boards__gte=1) & models.Q(boards__lte=domain.MAX_BOARDS),
                name="commitment_session_boards_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} ({self.boards})"

    def _check_draft(self) -> None:
        if not Commitment.objects.filter(pk=self.commitment_id, status=Commitment.Status.DRAFT).exists():
            raise ValidationError(_("The sessions of a published commitment cannot change."))

    def save(self, *args, **kwargs):
        self._check_draft()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        self._check_draft()
        return super().delete(*args, **kwargs)
