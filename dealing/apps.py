from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dealing"
    verbose_name = _("Dealing")

    def ready(self):
        from dealing import texts  # noqa: F401 (registers how the domain's texts are said)
