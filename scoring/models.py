"""A session's results and how they are scored.

* :class:`Result` — one traveller line: a board, the NS and EW pairs (``clubs.Pair``), where
  known the round and table, and what was scored: a contract played (or a pass-out) with the
  tricks taken and the lead, an assigned score (one real score or a weighted set, Law 12C1),
  or an artificial score (each side's percentage, Law 12C2). Its score, matchpoints and IMPs
  are never stored: the scoring domain computes them from these fields whenever they are
  read (``scoring.selectors``), so a correction or another scoring method can never leave a
  stale number behind.
* :class:`ResultChange` — the audit trail: every entry, correction, adjustment and deletion
  with who, when, old → new and why; kept when the session is re-scored.
* :class:`FlagCheck` — a suspicious result a director looked at and let stand ("checked, it stands"): who,
  when, a note.
* :class:`SessionScoring` — how the session is scored (method, scale, factoring, sections),
  and its publication: the score-query window and the ranking frozen for players.
* :class:`ImportedLayout` — who played whom on which boards, for a session whose movement is
  not from our library (an imported event).
"""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubsite.choices import TextChoices
from dealing.models.board import SEAT_CHOICES
from scoring.domain.options import ScoringOptions

STRAIN_CHOICES = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("N", _("NT"))]


class Result(models.Model):
    class Kind(TextChoices):
        PLAYED = "played", _("Played")
        ASSIGNED = "assigned", _("Assigned score")
        ARTIFICIAL = "artificial", _("Artificial score")

    session = models.ForeignKey(
        "clubs.Session", on_delete=models.CASCADE, related_name="results", verbose_name=_("session")
    )
    board = models.PositiveSmallIntegerField(_("board"))
    ns_pair = models.ForeignKey("clubs.Pair", on_delete=models.PROTECT, related_name="+", verbose_name=_("NS pair"))
    ew_pair = models.ForeignKey("clubs.Pair", on_delete=models.PROTECT, related_name="+", verbose_name=_("EW pair"))
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    group = models.CharField(
        _("fouled-board group"),
        max_length=8,
        blank=True,
        default="",
        help_text=_("Tables that played the same (fouled) cards share a group."),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PLAYED)
    # played: level empty means passed out
    level = models.PositiveSmallIntegerField(_("level"), null=True, blank=True)
    strain = models.CharField(_("strain"), max_length=1, choices=STRAIN_CHOICES, blank=True)
    doubling = models.PositiveSmallIntegerField(_("doubled"), default=0)
    declarer = models.CharField(_("declarer"), max_length=1, choices=SEAT_CHOICES, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    lead = models.CharField(_("opening lead"), max_length=3, blank=True)
    # assigned: [[weight numerator, weight denominator, NS score], ...]
    assigned = models.JSONField(_("assigned score"), null=True, blank=True)
    # artificial
    ns_percent = models.PositiveSmallIntegerField(_("NS %"), null=True, blank=True)
    ew_percent = models.PositiveSmallIntegerField(_("EW %"), null=True, blank=True)

    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        ordering = ["session_id", "board", "table", "id"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(fields=["session", "board", "ns_pair"], name="result_ns_pair_once_per_board"),
            models.UniqueConstraint(fields=["session", "board", "ew_pair"], name="result_ew_pair_once_per_board"),
            models.CheckConstraint(condition=models.Q(board__gte=1), name="result_board_positive"),
            models.CheckConstraint(condition=~models.Q(ns_pair=models.F("ew_pair")), name="result_two_pairs"),
            models.CheckConstraint(condition=models.Q(doubling__lte=2), name="result_doubling_0_to_2"),
            models.CheckConstraint(
                condition=models.Q(tricks__isnull=True) | models.Q(tricks__lte=13), name="result_tricks_0_to_13"
            ),
            models.CheckConstraint(
                condition=models.Q(level__isnull=True) | models.Q(level__gte=1, level__lte=7),
                name="result_level_1_to_7",
            ),
        ]
        indexes = [models.Index(fields=["session", "board"], name="result_session_board")]

    def __str__(self) -> str:
        return f"{self.session_id}: board {self.board}, {self.ns_pair_id} v {self.ew_pair_id}"

    def assigned_parts(self) -> tuple[tuple[Fraction, int], ...]:
        return tuple((Fraction(n, d), int(s)) for n, d, s in (self.assigned or ()))


class ResultChange(models.Model):
    """One act on a traveller line: who did what, when, and why (the board's audit trail)."""

    class Action(TextChoices):
        ENTERED = "entered", _("entered")
        CORRECTED = "corrected", _("corrected")
        ADJUSTED = "adjusted", _("adjusted")
        DELETED = "deleted", _("deleted")
        IMPORTED = "imported", _("imported")

    session = models.ForeignKey("clubs.Session", on_delete=models.CASCADE, related_name="result_changes")
    result = models.ForeignKey(Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes")
    board = models.PositiveSmallIntegerField(_("board"))
    ns_pair = models.ForeignKey("clubs.Pair", on_delete=models.PROTECT, related_name="+")
    ew_pair = models.ForeignKey("clubs.Pair", on_delete=models.PROTECT, related_name="+")
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    old = models.JSONField(_("before"), null=True, blank=True)
    new = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    #: A result confirmed on a table's phone (no login, so no ``by``): the table, and the side (``NS`` or ``EW``) that
    #: confirmed it there — the audit trail's "who" for the tables' results.
    at_table = models.PositiveSmallIntegerField(_("at the phone of table"), null=True, blank=True)
    confirmed_by = models.CharField(_("confirmed by"), max_length=2, blank=True)

    class Meta:
        ordering = ["session_id", "board", "at", "id"]
        verbose_name = _("change of a result")
        verbose_name_plural = _("changes of results")

    def __str__(self) -> str:
        return f"board {self.board}: {self.action} by {self.by_id} at {self.at:%Y-%m-%d %H:%M}"

    @property
    def confirming_pair(self):
        """The pair whose side confirmed a result on a table's phone (None for anything else)."""
        return {"NS": self.ns_pair, "EW": self.ew_pair}.get(self.confirmed_by)


class FlagCheck(models.Model):
    """A suspicious result (``scoring.domain.checks``) a director looked at and let stand.

    It holds for the line's result as it was checked (``result``, ``notation.as_data``): a correction puts a new
    result on the line, and its flags are new too. ``flag`` is the flag's code (``check.far``)."""

    session = models.ForeignKey("clubs.Session", on_delete=models.CASCADE, related_name="flag_checks")
    board = models.PositiveSmallIntegerField(_("board"))
    ns_pair = models.ForeignKey("clubs.Pair", on_delete=models.PROTECT, related_name="+")
    ew_pair = models.ForeignKey("clubs.Pair", on_delete=models.PROTECT, related_name="+")
    flag = models.CharField(_("flag"), max_length=40)
    result = models.JSONField(_("result checked"))
    note = models.TextField(_("note"), blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["session_id", "board", "at", "id"]
        verbose_name = _("checked result")
        verbose_name_plural = _("checked results")

    def __str__(self) -> str:
        return f"board {self.board}: {self.flag} checked by {self.by_id} at {self.at:%Y-%m-%d %H:%M}"


class SessionScoring(models.Model):
    """How a session is scored, and what was published."""

    class Method(TextChoices):
        MATCHPOINTS = "matchpoints", pgettext_lazy("scoring method", "Matchpoints")  # the points: "Matchpoints"
        BUTLER = "butler", _("Butler IMPs")
        CROSS_IMPS = "cross_imps", _("Cross-IMPs")

    class Scale(TextChoices):
        EBU = "ebu", _("2 per result beaten (EBU, WBF)")
        ACBL = "acbl", _("1 per result beaten (ACBL)")

    class Factoring(TextChoices):
        NEUBERG = "neuberg", _("Neuberg")
        NONE = "none", _("None")
        TIES = "ties", _("Missing results as ties")

    class Sections(TextChoices):
        ACROSS = "across", _("Across the field")
        WITHIN = "within", _("Within each section")

    class Rounding(TextChoices):
        EXACT = "exact", _("Exact (rounded only when shown)")
        ROUNDED = "rounded", _("Rounded to the decimals")
        TRUNCATED = "truncated", _("Cut to the decimals, never rounded up (NZ Scorer)")

    class Totals(TextChoices):
        EXACT = "exact", _("From the exact matchpoints")
        LINES = "lines", _("From the lines as rounded")

    session = models.OneToOneField(
        "clubs.Session", on_delete=models.CASCADE, related_name="scoring", verbose_name=_("session")
    )
    method = models.CharField(_("scoring"), max_length=12, choices=Method.choices, default=Method.MATCHPOINTS)
    scale = models.CharField(_("matchpoint scale"), max_length=4, choices=Scale.choices, default=Scale.EBU)
    factoring = models.CharField(_("factoring"), max_length=8, choices=Factoring.choices, default=Factoring.NEUBERG)
    sections = models.CharField(_("sections"), max_length=8, choices=Sections.choices, default=Sections.ACROSS)
    rounding = models.CharField(_("lines' matchpoints"), max_length=9, choices=Rounding.choices, default=Rounding.EXACT)
    decimals = models.PositiveSmallIntegerField(_("decimals of the lines"), default=2)
    totals = models.CharField(_("totals"), max_length=5, choices=Totals.choices, default=Totals.EXACT)
    handicap = models.BooleanField(
        _("handicap ranking"),
        default=False,
        db_default=False,
        help_text=_(
            "Beside the ranking, a handicap ranking: each pair's percentage plus the mean of its players' handicaps."
        ),
    )
    provisional_until = models.DateTimeField(_("provisional until"), null=True, blank=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    published_ranking = models.JSONField(_("ranking as published"), null=True, blank=True)

    class Meta:
        verbose_name = _("scoring of a session")
        verbose_name_plural = _("scoring of sessions")

    def __str__(self) -> str:
        return f"{self.session_id}: {self.method}/{self.scale}/{self.factoring}"

    def options(self):
        return ScoringOptions(
            method=self.method,
            scale=self.scale,
            factoring=self.factoring,
            sections=self.sections,
            rounding=self.rounding,
            decimals=self.decimals,
            totals=self.totals,
        )


class ImportedLayout(models.Model):
    """Who played whom on which boards in a session whose movement is not from our library.

    ``meetings``: ``[{"round": r or null, "table": t or null, "ns": pair id, "ew": pair id,
    "boards": [b, …]}, …]`` with the pairs' database ids; ``winners``: 1 or 2 (USEBIO's
    WINNER_TYPE); ``source``: the file it came from and what the file said of itself.
    """

    session = models.OneToOneField("clubs.Session", on_delete=models.CASCADE, related_name="imported_layout")
    meetings = models.JSONField(_("meetings"), default=list)
    winners = models.PositiveSmallIntegerField(_("winners"), default=1)
    source = models.JSONField(_("source"), default=dict)

    class Meta:
        verbose_name = _("imported layout")
        verbose_name_plural = _("imported layouts")

    def __str__(self) -> str:
        return f"{self.session_id}: {len(self.meetings)} meetings"
