from django.apps import AppConfig


class DealingConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'dealing'
