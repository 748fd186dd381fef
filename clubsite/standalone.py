"""Management commands that run without Django's app registry: ``manage.py`` starts them directly.

``manage.py <command>`` normally calls ``django.setup()``, which imports every installed app's
models, admin and signals (the ORM, DRF, Celery, the domain modules behind the models) — about
0.4 s of CPU before the command runs. The commands listed in :data:`COMMANDS` touch neither the
database, the models, the URLs nor translations (they skip the system checks:
``requires_system_checks = []``): ``manage.py`` gives them the settings and the project's logging
configuration, as ``django.setup()`` does, without loading the apps, and runs them exactly as
Django's command-line utility would (``Command().run_from_argv(argv)``: same options, output,
errors and exit status). ``call_command`` and ``django-admin`` still run them the usual way.

``tests/clubsite/test_standalone.py`` checks that each entry is the command Django itself would
run under that name, that it asks for no checks, and that a run leaves the apps unloaded.
"""

from __future__ import annotations

import os
from importlib import import_module

__all__ = ["COMMANDS", "run"]

#: command name → the module of its ``Command`` (the one Django's command discovery finds).
COMMANDS = {
    "generate_deals": "dealing.management.commands.generate_deals",
    "bigdeal": "dealing.management.commands.bigdeal",
    "matchpoint": "scoring.management.commands.matchpoint",
    "score_usebio": "scoring.management.commands.score_usebio",
    "sim_combine": "scoring.management.commands.sim_combine",
    "score_teams": "scoring.management.commands.score_teams",
    "swiss_pair": "movements.management.commands.swiss_pair",
}


def run(argv: list[str]) -> bool:
    """Run ``argv`` (``manage.py <command> …``) without the app registry if the command allows it.

    Returns False (having done nothing) for any other command line, which then goes to Django's
    ``execute_from_command_line``.
    """
    if len(argv) < 2 or argv[1] not in COMMANDS:
        return False
    _configure_logging()
    # These commands do no linear algebra: numpy's OpenBLAS need not start a thread per CPU
    # when numpy is imported (0.05 s of CPU). A value set by the user is kept.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import_module(COMMANDS[argv[1]]).Command().run_from_argv(argv)
    return True


def _configure_logging() -> None:
    """The project's ``LOGGING``, as ``django.setup()`` applies it (the settings are read here).

    Without Django's ``DEFAULT_LOGGING`` first: that only gives Django's own loggers handlers
    (``django`` to the console or to the admins' mail, ``django.server``), for requests and the
    development server, and building its mail handler imports Django's error pages, views,
    templates and the ORM — a fifth of a second of a 1-deal run. (What else ``django.setup()``
    does, the URL script prefix, is for requests too.)
    """
    # at call time: the settings are read after the standalone set-up above
    from django.conf import settings
    from django.utils.module_loading import import_string

    if settings.LOGGING_CONFIG and settings.LOGGING:
        import_string(settings.LOGGING_CONFIG)(settings.LOGGING)
