"""A simultaneous pairs' facts: the event (its organising club, name, date, matchpoint scale and factoring, its
boards, the window in which clubs play, the embargo, the correction period and the field's publication (provisional,
then final: who and when), and the organiser's session that holds the event's deals in a
commitment), each club's session registered to play it (:class:`ClubEntry`), each results file uploaded by a club that
scores elsewhere (kept encrypted: a results file holds the deals), and the field's combination as it was last worked
out (:class:`FieldCombination`, kept so that the results page reads it rather than combining on every view), in pieces
each page reads alone (:class:`FieldBoard`: a board's results across the field; :class:`FieldClub`: a club's lines
and its pairs' rows of the ranking).
Each club's results are kept in the engine's column form as they arrive (``results``: a file's, read at its upload;
a registered session's, when its results change), so a combination reads no file (``simultaneous.domain.field``)."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.db.models import TextChoices
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Session
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
    boards = models.PositiveSmallIntegerField(_("boards"), default=24, db_default=24)
    window_start = models.DateTimeField(_("clubs play from"), null=True, blank=True)
    window_end = models.DateTimeField(_("clubs play until"), null=True, blank=True)
    embargo_until = models.DateTimeField(
        _("embargo until"),
        null=True,
        blank=True,
        help_text=_("Deals and results stay hidden until every club has finished, or until this time if it is later."),
    )
    files_hours = models.PositiveSmallIntegerField(
        _("dealing files released (hours before a club's session)"), default=6, db_default=6
    )
    #: the organiser's session that holds the event's deals in the commitment (set when the deals are committed to)
    deals_session = models.OneToOneField(
        Session, on_delete=models.PROTECT, null=True, blank=True, related_name="simultaneous_deals", editable=False
    )
    embargo_ended_at = models.DateTimeField(_("embargo ended at"), null=True, blank=True, editable=False)
    correction_days = models.PositiveSmallIntegerField(
        _("correction period (days)"),
        default=7,
        db_default=7,
        help_text=_("Corrections are taken for this many days after the provisional results, then they are final."),
    )
    #: the field's results published to the players: provisionally (the correction period runs from then), then final
    provisional_at = models.DateTimeField(_("provisional results published"), null=True, blank=True, editable=False)
    provisional_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    final_at = models.DateTimeField(_("final results published"), null=True, blank=True, editable=False)
    final_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    #: what the field's combination was made of when the final results were published (``FieldCombination.inputs``):
    #: a club's change after it is told to the organiser
    final_inputs = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("simultaneous pairs")
        verbose_name_plural = _("simultaneous pairs")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def corrections_until(self) -> datetime.datetime | None:
        """The end of the correction period: ``correction_days`` after the provisional results (None before)."""
        if self.provisional_at is None:
            return None
        return self.provisional_at + datetime.timedelta(days=self.correction_days)

    def changed_since_final(self, combination: FieldCombination | None) -> bool:
        """Has the field's combination changed since the final results were published (a club's late correction)?"""
        return self.final_at is not None and combination is not None and combination.inputs != self.final_inputs

    @property
    def corrections_open(self) -> bool:
        """Are corrections still taken (provisional results, their correction period not over)?"""
        until = self.corrections_until
        return until is not None and self.final_at is None and timezone.now() < until


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
    #: the file's results in the engine's column form (``simultaneous.domain.field.ClubResults.as_data``), read once
    #: at its upload; None for a file kept before (read, and kept, by the next combination)
    results = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["event_id", "club_name"]
        verbose_name = _("club's results file")
        constraints = [
            models.UniqueConstraint(fields=["event", "club_name"], name="simultaneous_club_once"),
        ]

    def __str__(self) -> str:
        return f"{self.club_name}: {self.filename}"


class ClubEntry(models.Model):
    """A club's session registered to play the event: its boards are the event's, under the event's numbers."""

    event = models.ForeignKey(
        SimultaneousEvent, on_delete=models.CASCADE, related_name="entries", verbose_name=_("simultaneous pairs")
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="simultaneous_entries", verbose_name=_("club")
    )
    session = models.OneToOneField(
        Session, on_delete=models.PROTECT, related_name="simultaneous_entry", verbose_name=_("session")
    )
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    registered_at = models.DateTimeField(default=timezone.now)
    #: the session's confirmed results in the engine's column form (``ClubResults.as_data``), and what they were made
    #: of (``results_of``: the session's part of ``selectors.field_inputs``); remade when that changes
    results = models.JSONField(null=True, blank=True, editable=False)
    results_of = models.CharField(max_length=200, blank=True, editable=False)

    class Meta:
        ordering = ["event_id", "registered_at", "pk"]
        verbose_name = _("club's session in a simultaneous pairs")
        constraints = [models.UniqueConstraint(fields=["event", "club"], name="simultaneous_entry_club_once")]

    def __str__(self) -> str:
        return f"{self.event}: {self.session}"


class FieldCombination(models.Model):
    """The field's combination as last worked out (``simultaneous.tasks``): every pair's overall and local numbers,
    and what it was worked out from (``inputs``: each club's results as of then), so a change is seen. Its boards'
    and clubs' results are kept beside it (:class:`FieldBoard`, :class:`FieldClub`)."""

    event = models.OneToOneField(SimultaneousEvent, on_delete=models.CASCADE, related_name="combination")
    rows = models.JSONField(default=list)
    inputs = models.CharField(max_length=64, blank=True)
    clubs = models.PositiveIntegerField(default=0)
    pairs = models.PositiveIntegerField(default=0)  # the field's size (the rows' count, read without the rows)
    combined_at = models.DateTimeField(default=timezone.now)
    problem = models.TextField(blank=True)  # what stopped the last combination (the kept rows stay)

    def __str__(self) -> str:
        return f"{self.event} ({self.combined_at})"


class FieldBoard(models.Model):
    """One board's results across the field as last combined: its table of distinct results, each ``[result, NS
    score, NS's and EW's overall matchpoints, the top, tables]`` (``simultaneous.domain.field``), for its page."""

    event = models.ForeignKey(SimultaneousEvent, on_delete=models.CASCADE, related_name="field_boards")
    number = models.PositiveSmallIntegerField()
    results = models.JSONField(default=list)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="simultaneous_field_board_once")]

    def __str__(self) -> str:
        return f"{self.event}: {self.number}"


class FieldClub(models.Model):
    """One club's part of the field as last combined: its lines (each line's board, pairs and entry in its board's
    table: ``simultaneous.domain.field``), for its pairs' scorecards; its pairs' rows of the ranking (as
    :attr:`FieldCombination.rows` holds them, in the overall order), for the club's page of the results; and where
    its results came from (its registered session's entry, or its results file), which names that page."""

    event = models.ForeignKey(SimultaneousEvent, on_delete=models.CASCADE, related_name="field_clubs")
    club = models.CharField(max_length=255)
    lines = models.JSONField(default=dict)
    rows = models.JSONField(default=list)
    entry = models.ForeignKey(ClubEntry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    club_file = models.ForeignKey(ClubResultsFile, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "club"], name="simultaneous_field_club_once")]

    def __str__(self) -> str:
        return f"{self.event}: {self.club}"


class BoardCommentary(models.Model):
    """The organiser's commentary on one board of the event, as secret as its deal: only the organising club's
    directors read it before the embargo ends (then the field's players, the booklet)."""

    event = models.ForeignKey(
        SimultaneousEvent, on_delete=models.CASCADE, related_name="commentaries", verbose_name=_("simultaneous pairs")
    )
    number = models.PositiveSmallIntegerField(_("board"))
    text = models.TextField(_("commentary"), blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event_id", "number"]
        verbose_name = _("board's commentary")
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="simultaneous_commentary_once")]

    def __str__(self) -> str:
        return f"{self.event}: {self.number}"
