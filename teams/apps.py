from django.apps import AppConfig


class TeamsConfig(AppConfig):
    """Teams of four (issue 21): a session's teams and format, each round's draw, the matches' score cards, and the
    standings, scored by the scoring engine's teams scoring (``scoring.domain.teams``)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Teams"
    # How many boards a teams session plays (dealing's commitments ask every app: it stands below teams).
    session_boards_played = "teams.selectors.session_boards_played"
