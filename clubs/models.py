"""Clubs, their members (players), the roles people hold, and sessions (a club's event on a date).

A *director* runs a club's sessions and manages its data; a *scorer* enters and corrects
results; a *player* sees results and, once a session is over, its deals. Site auditors
(staff in the "Site auditors" group, or superusers) may read everything and audit
commitments. Movements, boards and results hang off :class:`Session`; :class:`Pair` is a
session's pair: its number (and for a Mitchell its direction, for several sections its
section) and its two players, each a member of the club or a named guest.

A club's published results are public unless it restricts them to its members
(``Club.results_public``); a member may have their result e-mailed after each publication, in
their language (``Member.results_by_email``, ``Member.language``); :class:`ResultsEmail` records
every such e-mail, so that none goes twice for one publication. A member may have a handicap (``Member.handicap``),
which a session scored with a handicap ranking applies.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from clubsite.choices import TextChoices


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(
        _("short name"), max_length=60, unique=True, help_text=_("Used in addresses; letters, digits and hyphens.")
    )
    city = models.CharField(_("city"), max_length=120, blank=True)
    results_public = models.BooleanField(
        _("results are public"),
        default=True,
        db_default=True,
        help_text=_(
            "Anyone with the link may read the ranking, scorecards and travellers of a published session. "
            "Untick to show them only to the club's members."
        ),
    )
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
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memberships",
        verbose_name=_("login"),
    )
    is_active = models.BooleanField(_("active"), default=True)
    # The club's handicap for the player, in percentage points: a session scored with a handicap ranking adds half of
    # each pair's two handicaps (their mean) to the pair's percentage (scoring.selectors.results.pair_handicaps).
    handicap = models.DecimalField(
        _("handicap"),
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(-50)), MaxValueValidator(Decimal(50))],
        help_text=_(
            "Percentage points, from -50 to 50. In a session with a handicap ranking a pair's percentage gets the "
            "mean of its two players' handicaps added. Empty: none."
        ),
    )
    # the player's own settings (their profile): results by e-mail after each publication, and in which language
    results_by_email = models.BooleanField(
        _("e-mail me my results"),
        default=True,
        db_default=True,
        help_text=_("Your place, percentage and a link to your scorecard when a session's results are published."),
    )
    language = models.CharField(
        _("language of e-mails"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        db_default="",
        help_text=_("Empty: the site's language."),
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "national_id"],
                condition=~models.Q(national_id=""),
                name="member_national_id_unique_per_club",
                violation_error_message=_("Another member of this club has this federation number."),
            ),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(user__isnull=False),
                name="member_user_unique_per_club",
                violation_error_message=_("This login already belongs to a member of this club."),
            ),
        ]

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def __str__(self) -> str:
        return self.full_name


class ResultsEmail(models.Model):
    """One player's result e-mailed for one publication of a session's results (``scoring.services.mail``).

    A row is written before the e-mail goes (claimed, then sent or failed), so a retried or repeated task never
    sends twice: while the session stays published one row per member is *current* (``withdrawn_at`` empty); when
    the results are withdrawn (the session stepped back), its rows are closed and a later publication is a new one.
    """

    class Status(TextChoices):
        PENDING = "pending", _("to send")
        SENDING = "sending", _("sending")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    session = models.ForeignKey(
        "Session", on_delete=models.CASCADE, related_name="results_emails", verbose_name=_("session")
    )
    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="results_emails", verbose_name=_("member")
    )
    pair = models.CharField(_("pair"), max_length=16)
    address = models.EmailField(_("e-mail"))
    language = models.CharField(_("language"), max_length=8)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    error = models.TextField(_("last error"), blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("publication withdrawn at"), null=True, blank=True)

    class Meta:
        ordering = ["session_id", "member__last_name", "member__first_name"]
        verbose_name = _("results e-mail")
        verbose_name_plural = _("results e-mails")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "member"],
                condition=models.Q(withdrawn_at__isnull=True),
                name="results_email_once_per_publication",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}: member {self.member_id}, pair {self.pair} ({self.status})"


class ClubRole(models.Model):
    """A role a login holds in one club."""

    class Role(TextChoices):
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

    class Status(TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("In play")
        FINISHED = "finished", _("Finished")
        PROVISIONAL = "provisional", _("Results provisional")
        PUBLISHED = "published", _("Published")

    class Kind(TextChoices):
        """What the evening is (``events.kinds`` says which engines each kind is made of)."""

        PAIRS = "pairs", _("Pairs session")
        TEAMS = "teams", _("Teams of four")
        SIMPAIRS = "simpairs", _("A club's session of a simultaneous pairs")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("club"))
    # db_default too: a row written by code that predates the field (an older migration's state) is a pairs session
    kind = models.CharField(
        _("kind of event"), max_length=8, choices=Kind.choices, default=Kind.PAIRS, db_default=Kind.PAIRS
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.PLANNED)
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
        return self.status in (self.Status.FINISHED, self.Status.PROVISIONAL, self.Status.PUBLISHED)

    @property
    def is_published(self) -> bool:
        """Results are out: provisional (during the score-query window) or final."""
        return self.status in (self.Status.PROVISIONAL, self.Status.PUBLISHED)

    @property
    def is_final(self) -> bool:
        return self.status == self.Status.PUBLISHED

    def __str__(self) -> str:
        from clubsite.dates import when  # the site's one date format, in the reader's language

        return f"{self.club} – {self.name} ({when(self.date)})"


class Pair(models.Model):
    """A pair of a session: its number in the movement and its two players.

    ``direction`` is set for a two-winner movement whose NS and EW pairs are numbered separately
    (a Mitchell scored as ``1NS`` … ``1EW``); ``section`` when the session has several sections.
    Each player is a member of the club or a guest named in ``player_N_name``; a pair may be
    entered with numbers only and named later.
    """

    class Direction(TextChoices):
        NONE = "", _("—")
        NS = "NS", _("North–South")
        EW = "EW", _("East–West")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pairs", verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("pair number"))
    direction = models.CharField(_("direction"), max_length=2, choices=Direction.choices, blank=True, default="")
    section = models.CharField(_("section"), max_length=8, blank=True, default="")
    player_1 = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("first player")
    )
    player_1_name = models.CharField(_("first player (guest)"), max_length=120, blank=True)
    player_2 = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("second player")
    )
    player_2_name = models.CharField(_("second player (guest)"), max_length=120, blank=True)
    #: When the pair was last saved: a phone at the table shows the players' names, and asks whether anything
    #: changed by this among others (``tables.selectors.table.table_state_version``).
    updated_at = models.DateTimeField(_("last changed"), auto_now=True)

    class Meta:
        ordering = ["session_id", "section", "number", "direction"]
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "section", "number", "direction"],
                name="pair_number_unique",
                violation_error_message=_("This session already has a pair with this number."),
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="pair_number_positive"),
            models.CheckConstraint(
                condition=models.Q(player_1__isnull=True) | models.Q(player_1_name=""),
                name="pair_player_1_member_or_guest",
                violation_error_message=_("A player is a member or a guest, not both."),
            ),
            models.CheckConstraint(
                condition=models.Q(player_2__isnull=True) | models.Q(player_2_name=""),
                name="pair_player_2_member_or_guest",
                violation_error_message=_("A player is a member or a guest, not both."),
            ),
        ]

    @property
    def label(self) -> str:
        """The pair's number as results show it: ``3``, ``1NS`` (a section's letter in front: ``A3``)."""
        return f"{self.section}{self.number}{self.direction}"

    @property
    def player_names(self) -> tuple[str, str]:
        def name(member, guest):
            return member.full_name if member is not None else guest

        return name(self.player_1, self.player_1_name), name(self.player_2, self.player_2_name)

    @property
    def names(self) -> str:
        """``Ada Adamska – Bruno Bianchi`` (empty when no player is named)."""
        return " – ".join(n for n in self.player_names if n)

    def __str__(self) -> str:
        return f"{self.label} {self.names}".strip()
