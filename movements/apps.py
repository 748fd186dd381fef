from django.apps import AppConfig


class MovementsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "movements"
    verbose_name = "Movements"

    def ready(self):
        from movements import texts  # noqa: F401 (registers how the domain's texts are said)
