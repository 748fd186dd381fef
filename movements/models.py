"""The movement chosen for a session, and each club's settings for choosing one (``ClubMovementSettings``).

The movement chosen for a session: the request parameters, so the schedule can always be rebuilt,
plus a snapshot of what the director saw (title and balance) when choosing. Boards per round is not
here: it is the session's (``clubs.Session.boards_per_round``, the one copy).

The snapshot keeps the domain's words as data (``title_text``, and the balance report's
explanation as ``{"code", "params"}``), so that each reader sees them in their own language;
``title`` keeps the English for the admin and ``__str__``."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubsite.choices import TextChoices
from clubsite.texts import render
from movements.domain.catalogue import movement_for
from movements.domain.text import Text


class SessionMovement(models.Model):
    class Kind(TextChoices):
        HOWELL = "howell", _("Howell")
        MITCHELL = "mitchell", _("Mitchell")

    class Variant(TextChoices):
        NONE = "", _("—")
        SKIP = "skip", _("skip")
        RELAY = "relay", _("relay and bye-stand")

    session = models.OneToOneField(
        "clubs.Session", on_delete=models.CASCADE, related_name="movement_choice", verbose_name=_("session")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.HOWELL)
    pairs = models.PositiveSmallIntegerField(_("pairs"))
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), null=True, blank=True, help_text=_("Empty: the complete movement.")
    )
    half_sets = models.BooleanField(_("two half-sets per round"), default=False)
    variant = models.CharField(_("Mitchell variant"), max_length=10, choices=Variant.choices, blank=True, default="")
    arrow_switch = models.BooleanField(_("arrow switch"), default=False)
    title = models.CharField(_("movement"), max_length=200)
    title_text = models.JSONField(_("movement title as data"), default=dict, blank=True)
    balance = models.JSONField(_("balance when chosen"), default=dict)
    chosen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("chosen by"),
    )
    chosen_at = models.DateTimeField(_("chosen at"), auto_now=True)

    class Meta:
        verbose_name = _("session movement")
        verbose_name_plural = _("session movements")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(pairs__gte=4, pairs__lte=64)
                | models.Q(kind="mitchell", pairs__gte=6, pairs__lte=128),
                name="movement_pairs_howell_4_to_64_mitchell_6_to_128",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session}: {self.title}"

    def parameters(self) -> dict:
        return {
            "pairs": self.pairs,
            "rounds": self.rounds,
            "kind": self.kind,
            "half_sets": self.half_sets,
            "variant": self.variant or None,
            "arrow_switch": self.arrow_switch,
        }

    def build(self):
        return movement_for(**self.parameters())

    @property
    def display_title(self) -> str:
        """The title in the active language (the stored English for a choice saved before titles were data)."""

        return render(Text.from_json(self.title_text)) if self.title_text else self.title

    @property
    def display_balance(self) -> dict:
        """The balance snapshot with its explanation in the active language."""

        balance = dict(self.balance or {})
        best = dict(balance.get("best_possible") or {})
        if isinstance(best.get("explanation"), dict):
            best["explanation"] = render(Text.from_json(best["explanation"]))
            balance["best_possible"] = best
        return balance


def _cards_upload_to(instance, filename: str) -> str:
    return f"movement-cards/{instance.key[:2]}/{instance.key}.pdf"


class GuideCardPdf(models.Model):
    """A guide-card PDF made once per (movement, boards per round, paper, sections, language, render version)
    and kept in the default storage; big ones are made by a Celery task that reports progress here."""

    class Status(TextChoices):
        QUEUED = "queued", _("waiting for a worker")
        RUNNING = "running", _("being made")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    key = models.CharField(_("key"), max_length=64, unique=True)
    parameters = models.JSONField(_("parameters"))
    language = models.CharField(_("language"), max_length=10)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    parts_done = models.PositiveIntegerField(_("parts done"), default=0)
    parts_total = models.PositiveIntegerField(_("parts"), default=0)
    file = models.FileField(_("file"), upload_to=_cards_upload_to, blank=True)
    size = models.PositiveIntegerField(_("size"), null=True, blank=True)
    seconds = models.FloatField(_("seconds to make"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("requested by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("guide-card PDF")
        verbose_name_plural = _("guide-card PDFs")

    def __str__(self) -> str:
        return f"{self.parameters.get('pairs')} pairs {self.language} {self.key[:12]} ({self.status})"

    @property
    def is_active(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def is_ready(self) -> bool:
        return self.status == self.Status.DONE and bool(self.file)

    def movement_parameters(self) -> dict:
        return {k: self.parameters[k] for k in ("pairs", "rounds", "kind", "half_sets", "variant", "arrow_switch")}


class ClubMovementSettings(models.Model):
    """How a club plays, for choosing a session's movement: minutes a board (the expected playing time), the
    boards it usually plays (the chooser's default), and the number of winners it prefers (the chooser's third
    criterion, after the fit to the session and the balance). A club without a row plays by the defaults."""

    class Winners(TextChoices):
        ONE = "one", _("one winner")
        TWO = "two", _("two winners (NS and EW)")
        ANY = "any", _("no preference")

    club = models.OneToOneField(
        "clubs.Club", on_delete=models.CASCADE, related_name="movement_settings", verbose_name=_("club")
    )
    minutes_per_board = models.DecimalField(
        _("minutes per board"),
        max_digits=4,
        decimal_places=2,
        default=Decimal("7.5"),
        validators=[MinValueValidator(Decimal("3")), MaxValueValidator(Decimal("20"))],
        help_text=_("Playing time a board takes, changes included; 7½ in most clubs."),
    )
    usual_boards_low = models.PositiveSmallIntegerField(
        _("usual boards, from"), default=24, validators=[MinValueValidator(4), MaxValueValidator(200)]
    )
    usual_boards_high = models.PositiveSmallIntegerField(
        _("usual boards, to"), default=28, validators=[MinValueValidator(4), MaxValueValidator(200)]
    )
    winners = models.CharField(_("preferred winners"), max_length=3, choices=Winners.choices, default=Winners.ONE)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("updated by"),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("club's movement settings")
        verbose_name_plural = _("clubs' movement settings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(usual_boards_low__lte=models.F("usual_boards_high")),
                name="movement_settings_usual_boards_ordered",
            ),
            models.CheckConstraint(
                condition=models.Q(minutes_per_board__gt=0), name="movement_settings_minutes_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.minutes_per_board} min a board, {self.usual_boards_low}–{self.usual_boards_high}"

    @property
    def usual_boards(self) -> tuple[int, int]:
        return self.usual_boards_low, self.usual_boards_high
