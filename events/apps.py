from django.apps import AppConfig


class EventsConfig(AppConfig):
    """The event floor: a session composed from every engine (its page, its path, its status, its pairs)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
