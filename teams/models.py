"""A teams session's facts: its format, its teams and their players, each round's draw, the matches and the two
tables' scores of each board. Numbers are worked out from them by ``teams.selectors`` (IMPs, VPs, standings)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import TextChoices
from django.utils.translation import gettext_lazy as _

from clubs.models import Member, Session
from scoring.domain.teams import CLUB_METHODS
from scoring.domain.victory_points import SCALES


class TeamsFormat(models.Model):
    """How a teams session is played: a single match, a complete round robin, a Swiss over ``rounds`` rounds, a
    knockout, or Swiss pairs over ``rounds`` rounds (pairs in place of teams, scored as ``pairs_scoring`` says); the
    boards of each match, and the victory-point scale its IMPs are read on (or, for a club's evening, board-a-match
    or Patton points in place of the VPs)."""

    class Format(TextChoices):
        SINGLE = "single", _("Single match")
        ROUND_ROBIN = "round_robin", _("Complete round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout")
        SWISS_PAIRS = "swiss_pairs", _("Swiss pairs")

    class Scale(TextChoices):
        WBF2013 = "wbf2013", _("WBF 2013, continuous (20 VP)")
        WBF2013_DISCRETE = "wbf2013-discrete", _("WBF 2013, whole VPs (20 VP)")
        ACBL = "acbl", _("ACBL (20 VP)")
        IMPS = "imps", _("IMPs, without victory points")
        BOARD_A_MATCH = "board-a-match", _("Board-a-match (a point a board)")
        PATTON = "patton", _("Patton (2 a board, and as many for the aggregate)")

    class PairsScoring(TextChoices):
        IMPS = "imps", _("IMPs against the field's datum")
        MATCHPOINTS = "matchpoints", _("Matchpoints across the field, turned into VPs")

    session = models.OneToOneField(
        Session, on_delete=models.CASCADE, related_name="teams_format", verbose_name=_("session")
    )
    format = models.CharField(_("format"), max_length=12, choices=Format.choices, default=Format.ROUND_ROBIN)
    rounds = models.PositiveSmallIntegerField(_("rounds of the Swiss"), null=True, blank=True)
    boards_per_match = models.PositiveSmallIntegerField(_("boards per match"), default=8)
    scale = models.CharField(_("victory-point scale"), max_length=16, choices=Scale.choices, default=Scale.WBF2013)
    pairs_scoring = models.CharField(
        _("Swiss pairs scoring"),
        max_length=12,
        choices=PairsScoring.choices,
        default=PairsScoring.IMPS,
        db_default=PairsScoring.IMPS,
    )

    class Meta:
        verbose_name = _("teams format")
        constraints = [
            models.CheckConstraint(condition=models.Q(boards_per_match__gte=1), name="teams_boards_per_match"),
            models.CheckConstraint(condition=models.Q(scale__in=SCALES + CLUB_METHODS), name="teams_scale_known"),
        ]

    @property
    def for_pairs(self) -> bool:
        """Swiss pairs: each entrant is a pair, each match is played at one table (home pair NS, away pair EW) and
        scored against the round's field (``scoring.domain.swiss_pairs``)."""
        return self.format == self.Format.SWISS_PAIRS

    @property
    def on_matchpoints(self) -> bool:
        """Swiss pairs scored on the field's matchpoints (no IMPs to show)."""
        return self.for_pairs and self.pairs_scoring == self.PairsScoring.MATCHPOINTS

    @property
    def swiss(self) -> bool:
        """A Swiss of teams or of pairs: each round is drawn from the standings by the same engine."""
        return self.format in (self.Format.SWISS, self.Format.SWISS_PAIRS)

    @property
    def uses_points(self) -> bool:
        """Board-a-match or Patton: the matches give points in place of victory points."""
        return self.scale in CLUB_METHODS

    def __str__(self) -> str:
        return f"{self.session}: {self.get_format_display()}"


class Team(models.Model):
    """A team of a session: its number, its name, and its four to six players (the first is its captain)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="teams", verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("team number"))
    name = models.CharField(_("team name"), max_length=80)
    seed = models.PositiveSmallIntegerField(_("seed"), null=True, blank=True)  # a knockout's, as the director set

    class Meta:
        ordering = ["session_id", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="team_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="team_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class TeamPlayer(models.Model):
    """A player of a team, at its place in the team's list (1: the captain): a member of the club or a guest."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players", verbose_name=_("team"))
    place = models.PositiveSmallIntegerField(_("place"))
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("member")
    )
    name = models.CharField(_("guest"), max_length=120, blank=True)

    class Meta:
        ordering = ["team_id", "place"]
        constraints = [
            models.UniqueConstraint(fields=["team", "place"], name="team_player_place_unique"),
            models.CheckConstraint(
                condition=models.Q(member__isnull=True) | models.Q(name=""), name="team_player_member_or_guest"
            ),
        ]

    @property
    def full_name(self) -> str:
        return self.member.full_name if self.member is not None else self.name

    def __str__(self) -> str:
        return self.full_name


class Draw(models.Model):
    """The draw of a round, as the director confirmed it (a round robin's rounds are confirmed together)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="team_draws", verbose_name=_("session"))
    round = models.PositiveSmallIntegerField(_("round"))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(_("confirmed at"))

    class Meta:
        ordering = ["session_id", "round"]
        constraints = [models.UniqueConstraint(fields=["session", "round"], name="team_draw_round_unique")]

    def __str__(self) -> str:
        return f"{self.session}: {self.round}"


class Match(models.Model):
    """A match of a round: ``home`` sits NS at the match's first table (``2·number − 1``), ``away`` NS at its
    second; ``away`` None: ``home`` has the round's bye."""

    draw = models.ForeignKey(Draw, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField(_("match"))
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["draw_id", "number"]
        constraints = [models.UniqueConstraint(fields=["draw", "number"], name="team_match_number_unique")]

    @property
    def tables(self) -> tuple[int, int]:
        return 2 * self.number - 1, 2 * self.number

    def __str__(self) -> str:
        return f"{self.home} – {self.away}"


class MatchBoard(models.Model):
    """A board of a match: the result where the home team sat NS and where the away team did, each as the scorer's
    shorthand reads it (``420``, ``-50``, ``4S N 10``, ``A60/40``); empty: not entered yet."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(_("board"))
    home_ns = models.CharField(max_length=40, blank=True)
    away_ns = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["match_id", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "board"], name="team_match_board_unique")]

    def __str__(self) -> str:
        return f"{self.match}: {self.board}"


class KnockoutTie(models.Model):
    """A knockout tie (a match of a knockout round, ``home`` the better seed): the carry-over each side starts with,
    the tie-break the director chose for it, and the extra boards' IMPs to the home team when it was needed."""

    class TieBreak(TextChoices):
        EXTRA_BOARDS = "extra-boards", _("Extra board(s)")
        LAST_BOARD = "last-board", _("The winner of the last board")
        SEED = "seed", _("The better seed")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="knockout")
    carry_home = models.DecimalField(_("carry-over, home"), max_digits=6, decimal_places=1, default=0, db_default=0)
    carry_away = models.DecimalField(_("carry-over, away"), max_digits=6, decimal_places=1, default=0, db_default=0)
    tie_break = models.CharField(_("tie-break"), max_length=16, choices=TieBreak.choices, default=TieBreak.LAST_BOARD)
    extra_imps = models.SmallIntegerField(_("extra boards, IMPs to home"), null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(carry_home__gte=0, carry_away__gte=0), name="knockout_carry"),
        ]

    def __str__(self) -> str:
        return str(self.match)
