from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dealing"
    verbose_name = _("Dealing")
