from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


def _session_saved(sender, instance, created, **kwargs):
    if not created and not kwargs.get("raw"):
        from dealing.services.boards import session_status_changed

        session_status_changed(session=instance)


class DealingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dealing"
    verbose_name = _("Dealing")

    def ready(self):
        from clubs.models import Session
        from dealing import texts  # noqa: F401 (registers how the domain's texts are said)

        # A finished session's boards are analysed if they were not yet (queued on commit).
        post_save.connect(_session_saved, sender=Session, dispatch_uid="dealing.session_saved")
