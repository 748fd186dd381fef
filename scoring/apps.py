from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")
    # How many boards a session's movement plays (dealing's commitments ask every app: it stands below scoring).
    session_boards_played = "scoring.selectors.layout.session_boards_played"
