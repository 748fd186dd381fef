from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


def _session_saved(sender, instance, created, **kwargs):
    if not created and not kwargs.get("raw"):
        from scoring.services.sessions import session_status_changed

        session_status_changed(session=instance)


def _session_saved_mail(sender, instance, created, **kwargs):
    if not created and not kwargs.get("raw"):
        from scoring.services.mail import session_publication_changed

        session_publication_changed(session=instance)


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from clubs.models import Session
        from scoring import texts  # noqa: F401 (registers how the domain's texts are said)

        # The ranking players see is frozen when results are published, whatever path publishes them.
        post_save.connect(_session_saved, sender=Session, dispatch_uid="scoring.session_saved")
        # Players get their result by e-mail once per publication (scoring.services.mail).
        post_save.connect(_session_saved_mail, sender=Session, dispatch_uid="scoring.session_saved_mail")
