from django.apps import AppConfig

from bridge.text import speak
from clubs.texts import READER


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"

    def ready(self):
        speak(READER)  # the domains' word helpers called from a page say their words in the page's language
