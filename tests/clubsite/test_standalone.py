"""clubsite/standalone.py: the commands manage.py runs without the app registry are the ones Django
would run under those names, ask for no checks, load no app when run, and behave as before."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import get_commands, load_command_class

from clubsite import standalone

ROOT = Path(__file__).resolve().parents[2]
KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


@pytest.mark.parametrize("name", sorted(standalone.COMMANDS))
def test_each_entry_is_the_command_django_finds_and_it_needs_no_checks(name):
    module = standalone.COMMANDS[name]
    assert module == f"{get_commands()[name]}.management.commands.{name}"
    command = load_command_class(get_commands()[name], name)
    assert command.requires_system_checks == [] and not command.requires_migrations_checks


def test_other_command_lines_are_left_to_django():
    assert standalone.run(["manage.py"]) is False
    assert standalone.run(["manage.py", "check"]) is False
    assert standalone.run(["manage.py", "help", "generate_deals"]) is False


def _python(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_manage_py_runs_it_without_loading_the_apps():
    """Neither the app registry, the ORM's models, Celery nor Django's views are loaded."""
    code = (
        "import sys, manage; sys.argv = ['manage.py'] + sys.argv[1:]; manage.main()\n"
        "from django.apps import apps\n"
        "loaded = [m for m in ('django.db.models', 'celery', 'rest_framework', 'django.views') if m in sys.modules]\n"
        "print('apps ready:', apps.ready, 'loaded:', loaded, file=sys.stderr)\n"
    )
    done = _python(code, "generate_deals", "--key", KEY, "--count", "2", "--format", "deals")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().endswith("apps ready: False loaded: []")
    assert len(done.stdout.splitlines()) == 2


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["generate_deals", "--key", KEY, "--count", "3", "--label", "x", "--format", "pbn"],
        ["generate_deals", "--key", "zz", "--count", "3"],
        ["generate_deals", "--key", KEY],
        ["generate_deals", "--help"],
        ["bigdeal", "--help"],
    ],
)
def test_same_output_errors_and_status_as_djangos_own_utility(args):
    django_way = (
        "import os, sys; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'clubsite.settings')\n"
        "from django.core.management import execute_from_command_line\n"
        "execute_from_command_line(['manage.py'] + sys.argv[1:])\n"
    )
    ours = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    theirs = _python(django_way, *args)
    assert (ours.returncode, ours.stdout, ours.stderr) == (theirs.returncode, theirs.stdout, theirs.stderr)


@pytest.mark.slow
def test_the_celery_app_is_there_once_django_has_loaded_the_apps():
    """Tasks declared with @shared_task bind to it: it must exist in every process that queues them."""
    code = (
        "import os, sys; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'clubsite.settings')\n"
        "import clubsite.settings; print('celery' in sys.modules)\n"
        "import django; django.setup()\n"
        "from celery import current_app; print(current_app.main)\n"
        "import clubsite; print(clubsite.celery_app is current_app._get_current_object())\n"
    )
    done = _python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "clubsite", "True"]
