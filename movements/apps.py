from django.apps import AppConfig


class MovementsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "movements"
    verbose_name = "Movements"
    # The session page's panels, by the path step they belong to (events.views.session_panel_templates).
    session_panel_templates = {"movement": "movements/_session_panel.html"}

    def ready(self):
        from movements import texts  # noqa: F401 (registers how the domain's texts are said)
