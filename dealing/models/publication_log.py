"""A club's publication log: the public acts on its commitments, in a hash chain (``docs/commitments.md`` §9).

:class:`PublicationLogEntry` is one entry as :mod:`dealing.domain.publication_log` defines it
(position, previous hash, time, act, commitment hash, data, its own hash). Entries are only
ever appended, by :mod:`dealing.services.publication_log`, one at a time per club (the club's
row is locked while the next position is taken; the unique (club, position) constraint
refuses a fork even so).

Nothing may change or delete an entry, and the database itself says so: migration
``dealing/0006`` puts a trigger on the table, on PostgreSQL and on SQLite, that refuses every
UPDATE and DELETE, whoever sends it (``tests/dealing/test_publication_log.py`` tries both
through raw SQL). ``save`` of an existing entry and ``delete`` refuse in Python too.
On SQLite a migration that rebuilds this table (Django does so for most column changes)
drops its triggers: such a migration must create them again (``create_triggers`` in 0006).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from dealing.domain import publication_log as domain

ACT_CHOICES = [(act, act) for act in domain.ACTS]


class PublicationLogEntry(models.Model):
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.PROTECT, related_name="publication_log", verbose_name=_("club")
    )
    position = models.PositiveIntegerField(_("position"))
    previous_hash = models.CharField(_("previous entry's hash"), max_length=64)
    recorded_at = models.DateTimeField(_("time"))
    act = models.CharField(_("act"), max_length=24, choices=ACT_CHOICES)
    commitment = models.ForeignKey(
        "dealing.Commitment", on_delete=models.PROTECT, related_name="log_entries", verbose_name=_("commitment")
    )
    commitment_hash = models.CharField(max_length=64)  # as hashed into the entry
    data = models.JSONField(_("data"), default=dict)
    entry_hash = models.CharField(_("hash"), max_length=64)

    class Meta:
        ordering = ["club_id", "position"]
        verbose_name = _("publication log entry")
        verbose_name_plural = _("publication log entries")
        constraints = [
            models.UniqueConstraint(fields=["club", "position"], name="publication_log_position_unique"),
            models.CheckConstraint(condition=models.Q(position__gte=1), name="publication_log_position_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.club_id}/{self.position} {self.act}"

    def to_domain(self) -> domain.LogEntry:
        """The entry as stored (its recorded hash included, whether or not it still matches)."""
        return domain.LogEntry(
            position=self.position,
            previous=self.previous_hash,
            time=domain.time_text(self.recorded_at),
            act=self.act,
            commitment=self.commitment_hash,
            data=tuple(sorted((str(k), str(v)) for k, v in (self.data or {}).items())),
            hash=self.entry_hash,
        )

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValidationError(_("The publication log is append-only: an entry cannot change."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError(_("The publication log is append-only: an entry cannot be deleted."))
