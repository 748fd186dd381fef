from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'clubs'
    # Panels on the session page (clubs.views.session_detail renders each with session and user).
    session_panel_templates = ["clubs/_session_pairs_panel.html"]
