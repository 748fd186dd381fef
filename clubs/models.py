"""Clubs, their members (players), the roles people hold, and sessions (a club's event on a date).

A *director* runs a club's sessions and manages its data; a *scorer* enters and corrects
results; a *player* sees results and, once a session is over, its deals. Site auditors
(staff in the "Site auditors" group, or superusers) may read everything and audit
commitments. Later parts of the product hang movements, boards and results off
:class:`Session`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60, unique=True,
                            help_text=_("Used in addresses; letters, digits and hyphens."))
    city = models.CharField(_("city"), max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [models.UniqueConstraint(Lower("name"), name="club_name_unique_ci")]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A player of a club. May be linked to a login so the player can see their results."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members", verbose_name=_("club"))
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    national_id = models.CharField(_("federation number"), max_length=30, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="memberships", verbose_name=_("login"))
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "national_id"], condition=~models.Q(national_id=""),
                name="member_national_id_unique_per_club",
                violation_error_message=_("Another member of this club has this federation number."),
            ),
            models.UniqueConstraint(
                fields=["club", "user"], condition=models.Q(user__isnull=False),
                name="member_user_unique_per_club",
                violation_error_message=_("This login already belongs to a member of this club."),
            ),
        ]

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def __str__(self) -> str:
        return self.full_name


class ClubRole(models.Model):
    """A role a login holds in one club."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        SCORER = "scorer", _("Scorer")
        PLAYER = "player", _("Player")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)

    class Meta:
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [models.UniqueConstraint(fields=["user", "club", "role"], name="club_role_unique")]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.club}"


class Session(models.Model):
    """A club's event on a date: a pairs session from the first deal to published results."""

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("In play")
        FINISHED = "finished", _("Finished")
        PUBLISHED = "published", _("Published")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"), null=True, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-start_time", "name"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(boards_per_round__isnull=True) | models.Q(boards_per_round__gte=1),
                name="session_boards_per_round_positive",
            ),
        ]

    @property
    def is_over(self) -> bool:
        """Play has ended: deals may now be shown to players."""
        return self.status in (self.Status.FINISHED, self.Status.PUBLISHED)

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    def __str__(self) -> str:
        return f"{self.club} – {self.name} ({self.date:%Y-%m-%d})"
