from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'clubs'
    # The session page's panels, by the path step they belong to (clubs.views.session_panel_templates).
    session_panel_templates = {"pairs": "clubs/_session_pairs_panel.html"}
