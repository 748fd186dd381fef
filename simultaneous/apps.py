from django.apps import AppConfig


class SimultaneousConfig(AppConfig):
    """Simultaneous pairs across clubs (issue 22): the organising club's event, each participating club's results
    file, and the field-wide ranking beside each club's local one, scored by the scoring engine's simultaneous
    pairs (``scoring.domain.simultaneous``)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "simultaneous"
    verbose_name = "Simultaneous pairs"

    def ready(self) -> None:
        # a club's results published or corrected reach the field at once (scoring tells; it cannot import us)
        from scoring.services.hooks import on_results_changed
        from simultaneous.tasks import session_results_changed

        on_results_changed(session_results_changed)
