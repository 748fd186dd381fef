from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tables"
    verbose_name = _("Table-side entry")
    # What a session's printed table cards show beside each table (movements' session print page asks every app).
    table_card_extras = "tables.selectors.table_card_extras"
