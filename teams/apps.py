from django.apps import AppConfig


class TeamsConfig(AppConfig):
    """Teams of four (issue 21): a session's teams and format, each round's draw, the matches' score cards, and the
    standings, scored by the scoring engine's teams scoring (``scoring.domain.teams``)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Teams"
