from django.apps import AppConfig


class EventsConfig(AppConfig):
    """The event floor: a session composed from every engine (its page, its path, its status, its pairs)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    # The session page's panels, by the path step they belong to (events.views.session_panel_templates).
    session_panel_templates = {"pairs": "events/_session_pairs_panel.html"}
