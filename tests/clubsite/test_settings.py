"""Settings come from the environment; production refuses to start without its secrets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

PRINT_SETTINGS = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'engine': s.DATABASES['default']['ENGINE'], 'name': str(s.DATABASES['default']['NAME']), "
    "'host': s.DATABASES['default'].get('HOST'), 'broker': s.CELERY_BROKER_URL, 'debug': s.DEBUG, "
    "'hosts': s.ALLOWED_HOSTS, 'email_host': s.EMAIL_HOST, 'email_port': s.EMAIL_PORT, "
    "'ssl_redirect': getattr(s, 'SECURE_SSL_REDIRECT', False)}))"
)
SERVICE_VARIABLES = ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND",
                     "DJANGO_ENV", "DJANGO_SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_DEBUG", "EMAIL_HOST", "EMAIL_PORT",
                     "CLUBSITE_ENCRYPTION_KEYS", "CACHE_URL")  # fmt: skip


def run_python(code: str, tmp_path, **env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    clean.update({"DJANGO_SETTINGS_MODULE": "clubsite.settings", "CLUBSITE_VAR_DIR": str(tmp_path), **env})
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env=clean, capture_output=True, text=True, timeout=60)


def settings_with(tmp_path, **env) -> dict:
    result = run_python(PRINT_SETTINGS, tmp_path, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.slow
def test_embedded_default_is_sqlite_in_the_working_tree_and_a_file_system_broker(tmp_path):
    s = settings_with(tmp_path)
    assert s["engine"] == "django.db.backends.sqlite3"
    assert s["name"] == str(tmp_path / "db.sqlite3")
    assert s["broker"] == "filesystem://"
    assert s["debug"] is True


@pytest.mark.slow
def test_database_and_broker_urls_select_postgresql_and_redis(tmp_path):
    s = settings_with(
        tmp_path,
        DATABASE_URL="postgres://app:pw@db.example:5433/club",
        CELERY_BROKER_URL="redis://cache.example:6379/0",
        EMAIL_HOST="smtp.example",
        EMAIL_PORT="587",
    )
    assert s["engine"] == "django.db.backends.postgresql"
    assert (s["name"], s["host"]) == ("club", "db.example")
    assert s["broker"] == "redis://cache.example:6379/0"
    assert (s["email_host"], s["email_port"]) == ("smtp.example", 587)


@pytest.mark.slow
def test_cache_url_gives_the_workers_one_cache_in_redis(tmp_path):
    """Without CACHE_URL each process keeps its own cache in memory; with it, gunicorn's workers share one in Redis
    (a table's state is then built once for the table's phones, not once per worker)."""
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; from django.core.cache import "
        "caches; print(json.dumps([s.CACHES['default'].get('LOCATION', ''), type(caches['default']).__name__]))"
    )
    alone = run_python(code, tmp_path)
    shared = run_python(code, tmp_path, CACHE_URL="redis://cache.example:6379/2")
    assert alone.returncode == 0 and shared.returncode == 0, alone.stderr + shared.stderr
    assert json.loads(alone.stdout) == ["", "LocMemCache"]
    assert json.loads(shared.stdout) == ["redis://cache.example:6379/2", "RedisCache"]


@pytest.mark.slow
@pytest.mark.parametrize(("visibility", "expected"), [(None, (3600, 60, 300)), ("4", (4, 1, 5)), ("60", (60, 6, 60))])
def test_a_worker_killed_while_looking_for_lost_tasks_holds_the_others_up_one_visibility_timeout_at_most(
    tmp_path, visibility, expected
):
    """kombu looks for unacknowledged tasks under a lock in Redis; a worker killed while holding it
    left it for kombu's 300 s, so a killed assembler waited five minutes to run again (CI, 11-27)."""
    env = {
        "CELERY_BROKER_URL": "redis://cache.example:6379/0",
        **({"CELERY_VISIBILITY_TIMEOUT": visibility} if visibility else {}),
    }
    result = run_python(
        "import django, json; django.setup(); from django.conf import settings as s; "
        "o = s.CELERY_BROKER_TRANSPORT_OPTIONS; print(json.dumps([o['visibility_timeout'], "
        "o['unacked_restore_interval'], o['unacked_mutex_expire']]))",
        tmp_path,
        **env,
    )
    assert result.returncode == 0, result.stderr
    assert tuple(json.loads(result.stdout)) == expected


PRODUCTION = {
    "DJANGO_ENV": "production",
    "DJANGO_SECRET_KEY": "k3y-" + "x7Qp9vLm2Zr8Tn4Wb6Yc1Hd5Jf0Gs3Ka" * 2,
    "ALLOWED_HOSTS": "bridge.example.org",
    "DATABASE_URL": "postgres://app:pw@db.example:5432/club",
    "CELERY_BROKER_URL": "redis://cache.example:6379/0",
    "CLUBSITE_ENCRYPTION_KEYS": "kJ0vQ1Yq8m5ZgJ3cS2m3X0b6ZyQ1r4rU9pJ8d0dC3aE=",
}


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "CLUBSITE_ENCRYPTION_KEYS"])
def test_production_refuses_to_start_without_its_secrets(tmp_path, missing):
    env = {k: v for k, v in PRODUCTION.items() if k != missing}
    result = run_python("import django; django.setup()", tmp_path, **env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and missing in result.stderr


def test_production_refuses_a_weak_secret_key(tmp_path):
    result = run_python("import django; django.setup()", tmp_path, **{**PRODUCTION, "DJANGO_SECRET_KEY": "short"})
    assert result.returncode != 0 and "at least 50" in result.stderr


@pytest.mark.slow
def test_production_settings_pass_check_deploy(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env.update(PRODUCTION, CLUBSITE_VAR_DIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.slow
def test_production_turns_off_debug_and_redirects_to_https(tmp_path):
    s = settings_with(tmp_path, **PRODUCTION)
    assert s["debug"] is False and s["ssl_redirect"] is True and s["hosts"] == ["bridge.example.org"]


def test_a_bad_boolean_is_reported_by_name(tmp_path):
    result = run_python("import django; django.setup()", tmp_path, DJANGO_DEBUG="maybe")
    assert result.returncode != 0 and "DJANGO_DEBUG must be true or false" in result.stderr


SHARED_DIR = "from django.conf import settings; print(settings.SHARED_DATA_DIR)"


def test_shared_data_dir_is_the_repositorys_sibling_by_default(tmp_path):
    result = run_python(SHARED_DIR, tmp_path, CLUBSITE_SHARED_DIR="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str((REPO.parent / "shared").resolve())


def test_shared_data_dir_follows_clubsite_shared_dir(tmp_path):
    result = run_python(SHARED_DIR, tmp_path, CLUBSITE_SHARED_DIR=str(tmp_path / "elsewhere"))
    assert result.stdout.strip() == str((tmp_path / "elsewhere").resolve())


@pytest.mark.slow
def test_pytest_stops_at_once_with_one_line_without_the_shared_data(tmp_path):
    """tests/conftest.py: no dozens of failures, one line saying where it looked and what to set."""
    nowhere = tmp_path / "nowhere"
    clean = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    clean.update(CLUBSITE_SHARED_DIR=str(nowhere), CLUBSITE_VAR_DIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "tests/clubs"],
        cwd=REPO,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert result.returncode == pytest.ExitCode.USAGE_ERROR
    assert len(lines) == 1 and f"shared data not found at {nowhere}" in lines[0] and "CLUBSITE_SHARED_DIR" in lines[0]


# --- Secrets at rest: the encryption keys (clubsite/encryption.py) ---------------------------------

ENCRYPT = (
    "import django, os, stat; django.setup(); from django.conf import settings; "
    "from clubsite.encryption import encrypt, decrypt; t = encrypt(b'secret'); assert decrypt(t) == b'secret'; "
    "f = settings.ENCRYPTION_KEY_FILE; print(t); "
    "print(oct(stat.S_IMODE(os.stat(f).st_mode)) if f and os.path.exists(f) else 'no file')"
)
DECRYPT = "import django, sys; django.setup(); from clubsite.encryption import decrypt; print(decrypt(sys.argv[1]))"


@pytest.mark.slow
def test_development_makes_a_key_on_first_use_keeps_it_private_and_reuses_it(tmp_path):
    first = run_python(ENCRYPT, tmp_path)
    assert first.returncode == 0, first.stderr
    token, mode = first.stdout.splitlines()
    assert mode == "0o600" and (tmp_path / "encryption.key").exists()
    again = subprocess.run(
        [sys.executable, "-c", DECRYPT, token],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={
            **{k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES},
            "DJANGO_SETTINGS_MODULE": "clubsite.settings",
            "CLUBSITE_VAR_DIR": str(tmp_path),
        },
    )
    assert again.returncode == 0 and again.stdout.strip() == "b'secret'", again.stderr


@pytest.mark.slow
def test_keys_from_the_environment_rotate_the_first_encrypts_all_decrypt(tmp_path):
    from cryptography.fernet import Fernet

    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    made = run_python(ENCRYPT, tmp_path, CLUBSITE_ENCRYPTION_KEYS=old)
    token, file_mode = made.stdout.splitlines()
    assert made.returncode == 0 and file_mode == "no file"  # no key file is made when keys are given

    def read(keys):
        env = {
            **{k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES},
            "DJANGO_SETTINGS_MODULE": "clubsite.settings",
            "CLUBSITE_VAR_DIR": str(tmp_path),
            "CLUBSITE_ENCRYPTION_KEYS": keys,
        }
        return subprocess.run([sys.executable, "-c", DECRYPT, token], cwd=REPO, capture_output=True, text=True, env=env)

    assert read(f"{new},{old}").stdout.strip() == "b'secret'"
    refused = read(new)
    assert refused.returncode != 0 and "cannot be decrypted" in refused.stderr and token not in refused.stderr


@pytest.mark.parametrize("keys", ["not-a-key", "kJ0vQ1Yq8m5ZgJ3cS2m3X0b6ZyQ1r4rU9pJ8d0dC3aE=,short"])
def test_a_malformed_key_is_refused_at_start_without_showing_it(tmp_path, keys):
    result = run_python("import django; django.setup()", tmp_path, CLUBSITE_ENCRYPTION_KEYS=keys)
    assert result.returncode != 0 and "CLUBSITE_ENCRYPTION_KEYS: key" in result.stderr
    assert "not-a-key" not in result.stderr.split("ImproperlyConfigured")[-1] and "short" not in result.stderr
