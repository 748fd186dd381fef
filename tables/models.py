"""Table-side entry's own records; results themselves are ``scoring.Result`` rows (made by ``result_record``).

* :class:`TableSettings` — a club's choices for its tables: record the opening lead, show the traveller
  after each board, tricks entered as a total or against the contract, minutes a board takes.
* :class:`TableSession` — table entry for one session: started when, the last round the director
  released and when (the one fact that moves every table on), and whether a phone stays at its table or
  follows its pair (``phones``).
* :class:`Table` — one table of the session: its code and PIN (on the table card, as a QR code too),
  locked by the director or not.
* :class:`Device` — a phone joined to a table (a hashed token in its cookie); it may leave, others may
  join or take over; when phones follow their pairs, the pair it goes with and the round it is there for.
* :class:`JoinAttempt` — every PIN tried for a code, right or wrong (the lockout and the director's view).
* :class:`Submission` — every entry and confirmation a phone sent, under its idempotency key, with what
  it did (pending, same, replaced, conflict, confirmed …) and the answer given, so a retry gets the same
  answer and nothing is ever overwritten.
* :class:`Conflict` — different results for one board at one table, kept for the director.
* :class:`CorrectionRequest` — a table asking the director to correct a confirmed result.
* :class:`Handover` — what a signed-out phone had not sent (another phone took over), handed to the table's
  current phone or to the director, so that no result is lost.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubsite.choices import TextChoices


class TableSettings(models.Model):
    class Tricks(TextChoices):
        RELATIVE = "relative", _("Against the contract (=, +1, −2)")
        TOTAL = "total", _("Total tricks taken (0 … 13)")

    club = models.OneToOneField("clubs.Club", on_delete=models.CASCADE, related_name="table_settings")
    record_lead = models.BooleanField(_("record the opening lead"), default=False)
    show_traveller = models.BooleanField(
        _("show the board's traveller after each result"),
        default=False,
        help_text=_("The results so far and this result's percentage; never the cards before the session is over."),
    )
    tricks = models.CharField(_("tricks entered as"), max_length=8, choices=Tricks.choices, default=Tricks.RELATIVE)
    minutes_per_board = models.PositiveSmallIntegerField(
        _("minutes a board takes"), default=7, help_text=_("A table is late after this many minutes a board.")
    )
    #: When the settings were last saved: the phones follow them (``tables.selectors.table.table_state_version``).
    updated_at = models.DateTimeField(_("last changed"), auto_now=True)

    class Meta:
        verbose_name = _("table settings")
        verbose_name_plural = _("table settings")

    def __str__(self) -> str:
        return f"{self.club_id}: lead={self.record_lead} traveller={self.show_traveller} tricks={self.tricks}"


class TableSession(models.Model):
    session = models.OneToOneField("clubs.Session", on_delete=models.CASCADE, related_name="table_entry")
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    released_round = models.PositiveSmallIntegerField(_("last round released"), default=1)
    released_at = models.DateTimeField(_("released at"), null=True, blank=True)
    live_ranking = models.BooleanField(
        _("players see the live ranking"),
        default=False,
        help_text=_("The phones show the ranking so far between rounds (never a deal)."),
    )

    class Phones(TextChoices):
        TABLE = "table", _("A table's phone stays at the table")
        PAIR = "pair", _("A pair's phone follows its pair")

    #: Where a phone goes after a round: it stays at its table (the players leave it there), or it goes with the pair
    #: it belongs to (``Device.pair``) and joins that pair's next table by itself (``tables.services.following``).
    phones = models.CharField(_("phones"), max_length=8, choices=Phones.choices, default=Phones.TABLE)

    class Meta:
        verbose_name = _("table entry of a session")
        verbose_name_plural = _("table entry of sessions")

    def __str__(self) -> str:
        return f"{self.session_id}: round {self.released_round}"


class Table(models.Model):
    table_session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    code = models.CharField(_("table code"), max_length=12, unique=True)
    pin = models.CharField(_("PIN"), max_length=8)
    locked = models.BooleanField(_("locked by the director"), default=False)
    #: The last round whose move instructions the table has read (``tables.domain.progress.table_position``).
    moved_round = models.PositiveSmallIntegerField(_("moved on after round"), default=0)

    class Meta:
        ordering = ["table_session_id", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [models.UniqueConstraint(fields=["table_session", "number"], name="table_number_once")]

    def __str__(self) -> str:
        return f"{self.table_session.session_id}: table {self.number} ({self.code})"


class Device(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="devices")
    token_hash = models.CharField(max_length=64, unique=True)
    label = models.CharField(_("phone"), max_length=120, blank=True)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    left_at = models.DateTimeField(_("left at"), null=True, blank=True)
    #: The pair this phone goes with when the session's phones follow their pairs ("": not said, it stays).
    pair = models.CharField(_("pair"), max_length=16, blank=True)
    #: The pair's round for which the phone is at ``table``: once the table has gone on past it, the phone joins
    #: the pair's table of the next round (``tables.services.following.device_follow``).
    round = models.PositiveSmallIntegerField(_("round"), default=0)

    class Meta:
        ordering = ["table_id", "joined_at"]
        verbose_name = _("phone at a table")
        verbose_name_plural = _("phones at tables")

    def __str__(self) -> str:
        return f"device {self.pk} at {self.table_id}"

    @property
    def active(self) -> bool:
        return self.left_at is None


class JoinAttempt(models.Model):
    code = models.CharField(max_length=12, db_index=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, null=True, blank=True, related_name="join_attempts")
    ok = models.BooleanField(default=False)
    address = models.CharField(max_length=64, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.code} {'ok' if self.ok else 'wrong'} {self.at:%H:%M:%S}"


class Submission(models.Model):
    class Kind(TextChoices):
        ENTRY = "entry", _("entry")
        CONFIRM = "confirm", _("confirmation")
        REQUEST = "request", _("correction request")

    class Status(TextChoices):
        PENDING = "pending", _("waiting for the other side")
        SAME = "same", _("the same as an entry already there")
        REPLACED = "replaced", _("corrected by the table")
        CONFLICT = "conflict", _("in conflict")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("not chosen by the director")
        REFUSED = "refused", _("refused")
        DONE = "done", _("done")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="submissions")
    device = models.ForeignKey(Device, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    key = models.CharField(_("idempotency key"), max_length=64)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    side = models.CharField(max_length=2, blank=True)
    data = models.JSONField(default=dict, blank=True)  # the result as scoring.domain.notation.as_data
    status = models.CharField(max_length=10, choices=Status.choices)
    same_as = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    replaces = models.CharField(max_length=64, blank=True)
    response = models.JSONField(default=dict, blank=True)  # what the phone was answered (a retry gets it again)
    response_status = models.PositiveSmallIntegerField(default=200)
    result = models.ForeignKey("scoring.Result", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "at", "id"]
        verbose_name = _("submission from a table")
        verbose_name_plural = _("submissions from tables")
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="submission_key_once_per_table")]
        indexes = [models.Index(fields=["table", "round", "board"], name="submission_table_board")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key[:8]} table {self.table_id} board {self.board}: {self.status}"


class Conflict(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="conflicts")
    round = models.PositiveSmallIntegerField()
    board = models.PositiveSmallIntegerField()
    submissions = models.ManyToManyField(Submission, related_name="conflicts")
    opened_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    resolution = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["opened_at", "id"]
        verbose_name = _("conflict")
        verbose_name_plural = _("conflicts")

    def __str__(self) -> str:
        return f"table {self.table_id} board {self.board}: {'resolved' if self.resolved_at else 'open'}"

    @property
    def is_open(self) -> bool:
        return self.resolved_at is None


class CorrectionRequest(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="requests")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.PositiveSmallIntegerField()
    note = models.TextField(_("what is wrong"))
    submission = models.OneToOneField(Submission, on_delete=models.CASCADE, related_name="request")
    at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(null=True, blank=True)
    done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["at", "id"]
        verbose_name = _("correction request")
        verbose_name_plural = _("correction requests")

    def __str__(self) -> str:
        return f"table {self.table_id} board {self.board}: {self.note[:40]}"


class Handover(models.Model):
    """An action a phone could not send because it was signed out (another phone took over, new codes): handed by
    that phone to the table's current phone (which sends it under its own key) or to the director."""

    class To(TextChoices):
        NOBODY = "", _("still on the signed-out phone")
        TABLE = "table", _("to the table's phone")
        DIRECTOR = "director", _("to the director")

    class Closed(TextChoices):
        SENT = "sent", _("sent by the table's phone")
        RECORDED = "recorded", _("recorded by the director")
        DISMISSED = "dismissed", _("not needed")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="handovers")
    device = models.ForeignKey(Device, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    key = models.CharField(_("idempotency key"), max_length=64)
    kind = models.CharField(max_length=8, choices=Submission.Kind.choices)
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.PositiveSmallIntegerField()
    body = models.JSONField(default=dict, blank=True)  # what the phone would have sent
    data = models.JSONField(null=True, blank=True)  # the result as scoring.domain.notation.as_data (entries, confirms)
    to = models.CharField(max_length=8, choices=To.choices, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_how = models.CharField(max_length=10, choices=Closed.choices, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["at", "id"]
        verbose_name = _("result on a signed-out phone")
        verbose_name_plural = _("results on signed-out phones")
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="handover_key_once_per_table")]

    def __str__(self) -> str:
        return f"table {self.table_id} board {self.board}: {self.kind} {self.to or '-'} {self.closed_how or 'open'}"
