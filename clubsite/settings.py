"""Settings, all from the environment (cookiecutter-django style).

With nothing set, the site runs on an embedded default: an SQLite file in the working
tree and a file-system Celery broker served by a real worker process (no servers to
install). Set ``DATABASE_URL`` and ``CELERY_BROKER_URL`` for PostgreSQL and Redis.

``DJANGO_ENV=production`` turns on the production profile, which refuses to start
without ``DJANGO_SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL`` and ``CLUBSITE_ENCRYPTION_KEYS``.

Variables: DJANGO_ENV, DJANGO_SECRET_KEY, DJANGO_DEBUG, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS,
DATABASE_URL, CELERY_BROKER_URL, CELERY_RESULT_BACKEND, CACHE_URL, CELERY_VISIBILITY_TIMEOUT,
EMAIL_URL-style pieces (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
EMAIL_USE_TLS, DEFAULT_FROM_EMAIL), MEDIA_ROOT, DEAL_SET_STORAGE, CLUBSITE_SHARED_DIR,
CLUBSITE_ENCRYPTION_KEYS, PROXY_COUNT (see README).
"""

from __future__ import annotations

import base64
import datetime
import json
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("CLUBSITE_VAR_DIR", BASE_DIR / "var"))
#: The shared real data the tests read in place (data/events, seeds, specs); the site itself never needs it.
SHARED_DATA_DIR = Path(os.environ.get("CLUBSITE_SHARED_DIR") or BASE_DIR.parent / "shared").expanduser().resolve()


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def fernet_key_ok(key: str) -> bool:
    """A Fernet key: URL-safe base64 of 32 bytes (checked here, without importing cryptography)."""
    try:
        return len(key) == 44 and len(base64.urlsafe_b64decode(key.encode("ascii"))) == 32
    except (ValueError, UnicodeEncodeError):
        return False


def env_required(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise ImproperlyConfigured(f"{name} must be set when DJANGO_ENV=production")
    return value


ENVIRONMENT = os.environ.get("DJANGO_ENV", "development")
if ENVIRONMENT not in {"development", "production"}:
    raise ImproperlyConfigured(f"DJANGO_ENV must be development or production, not {ENVIRONMENT!r}")
PRODUCTION = ENVIRONMENT == "production"

if PRODUCTION:
    SECRET_KEY = env_required("DJANGO_SECRET_KEY")
    if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be at least 50 random characters")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DJANGO_ENV=production")
    env_required("DATABASE_URL")
    DEBUG = env_bool("DJANGO_DEBUG", False)
else:
    # A development key: never used in production, which refuses to start without its own.
    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "dev-only-insecure-key-not-for-production"
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
    DEBUG = env_bool("DJANGO_DEBUG", True)

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# Secrets at rest (clubsite/encryption.py): commitment and dealing keys and the deals are stored
# encrypted with Fernet keys from CLUBSITE_ENCRYPTION_KEYS (comma-separated; the first encrypts,
# all decrypt, so keys can be rotated with `manage.py rotate_encryption_keys`). Production refuses
# to start without them; development without them makes one key on first use and keeps it in
# ENCRYPTION_KEY_FILE (mode 0600).
ENCRYPTION_KEYS = env_list("CLUBSITE_ENCRYPTION_KEYS")
for _position, _key in enumerate(ENCRYPTION_KEYS, start=1):
    if not fernet_key_ok(_key):
        raise ImproperlyConfigured(
            f"CLUBSITE_ENCRYPTION_KEYS: key {_position} is not a Fernet key (44 characters of URL-safe base64 "
            'holding 32 bytes); make one with: python -c "from cryptography.fernet import Fernet; '
            'print(Fernet.generate_key().decode())"'
        )
if PRODUCTION and not ENCRYPTION_KEYS:
    raise ImproperlyConfigured(
        "CLUBSITE_ENCRYPTION_KEYS must be set when DJANGO_ENV=production (comma-separated "
        "Fernet keys, the first encrypts; see README)"
    )
ENCRYPTION_KEY_FILE = None if PRODUCTION else VAR_DIR / "encryption.key"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "django_celery_results",
    "axes",
    "clubsite",
    "clubs",
    "dealing",
    "movements",
    "scoring",
    "tables",
    "audits",
    "teams",
    "simultaneous",
    "events",
]  # fmt: skip

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "clubsite.middleware.permissions_policy",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "clubs.middleware.club_standing",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]  # fmt: skip

# Guessing passwords (django-axes): five wrong passwords for one username from one address pause
# logins of that username from that address for 15 minutes — on the login page and through the API's
# Basic authentication alike; a right password clears the count. The pause is answered by
# clubsite.lockout (429: a page in the site's layout, or the API's JSON error). Table PINs have
# their own limit (tables.services.joining).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "clubsite.lockout.locked_out"
AXES_VERBOSE = False
# Behind N trusted proxies (PROXY_COUNT=1 behind one TLS-terminating proxy), the address is read from
# X-Forwarded-For; otherwise from the connection (REMOTE_ADDR), which a client cannot forge.
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0") or 0)
if PROXY_COUNT:
    AXES_IPWARE_PROXY_COUNT = PROXY_COUNT
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")

ROOT_URLCONF = "clubsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubs.context_processors.club_roles",
                "csp.context_processors.nonce",
            ],
            # Filters every template may use without {% load %}: {{ value|when }} (the one date format)
            # and {{ contract|suit_symbols }} (contracts and par with suit symbols).
            "builtins": ["clubsite.templatetags.dates", "dealing.templatetags.suit_symbols"],
        },
    },
]

WSGI_APPLICATION = "clubsite.wsgi.application"
# A form sent without its security token gets a page that says why and what to do (clubsite/views.py).
CSRF_FAILURE_VIEW = "clubsite.views.csrf_failure"

# Database: DATABASE_URL, or an SQLite file in the working tree.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Web server and worker share the file: wait for locks instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 30
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA journal_mode=WAL;"
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Internationalisation: English and Polish.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("pl", _("Polish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["clubsite.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Warsaw")
USE_I18N = True
USE_TZ = True

# Static files: ours in static/, front-end packages installed by npm into node_modules/.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise serves from here; collectstatic fills it
NODE_MODULES = BASE_DIR / "node_modules"
STATICFILES_DIRS = [BASE_DIR / "static"] + [
    (prefix, NODE_MODULES / path)
    for prefix, path in [
        ("vendor/htmx", "htmx.org/dist"),
        ("vendor/idiomorph", "idiomorph/dist"),
        ("vendor/pico", "@picocss/pico/css"),
        ("vendor/swagger-ui", "swagger-ui-dist"),
    ]
    if (NODE_MODULES / path).is_dir()
]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
    # Deal-set output (dealing.services.deal_sets): chunk parts and the published files, shared by
    # every web and worker machine: DEAL_SET_ROOT on a shared file system (never served directly:
    # downloads go through a permission check), or any storage backend by setting, e.g.
    # DEAL_SET_STORAGE_BACKEND=storages.backends.s3.S3Storage with DEAL_SET_STORAGE_OPTIONS as JSON
    # (README, "Running in production").
    "deal_sets": {
        "BACKEND": os.environ.get("DEAL_SET_STORAGE_BACKEND", "django.core.files.storage.FileSystemStorage"),
        "OPTIONS": json.loads(os.environ.get("DEAL_SET_STORAGE_OPTIONS", "") or "{}")
        if os.environ.get("DEAL_SET_STORAGE_BACKEND")
        else {"location": os.environ.get("DEAL_SET_ROOT", str(VAR_DIR / "deal-sets"))},
    },
}
# Queues of deal-set jobs: dealing chunks and assembly, and double-dummy analysis chunks.
DEAL_SET_DEALING_QUEUE = os.environ.get("DEAL_SET_DEALING_QUEUE", "dealing")
DEAL_SET_ANALYSIS_QUEUE = os.environ.get("DEAL_SET_ANALYSIS_QUEUE", "analysis")

# E-mail
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if PRODUCTION else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "bridge-club@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# REST API
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "EXCEPTION_HANDLER": "clubsite.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Bridge club API",
    "DESCRIPTION": "Duplicate bridge club sessions: dealing, movements, scoring.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from the npm package (node_modules/swagger-ui-dist), never from a CDN.
    "SWAGGER_UI_DIST": "/" + STATIC_URL + "vendor/swagger-ui",
    "SWAGGER_UI_FAVICON_HREF": "/" + STATIC_URL + "vendor/swagger-ui/favicon-32x32.png",
}

# Django's cache: each version of a table's state, built by the first phone of the table to ask, is served from it
# to the table's other phones (tables.selectors.table.table_state_at); double-dummy answers of "Play it again".
# CACHE_URL (redis://host:port/db, a database of its own: the tests' cache.clear() empties it) shares one cache
# between gunicorn's workers — without it each worker keeps its own in memory, and a table's phones answered by
# different workers build the same state once per worker. Nothing secret is kept that the same request would not
# answer: a state is a table's own page data, keyed by the table, its code and the state's version.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "clubsite",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: Redis when CELERY_BROKER_URL is set, otherwise a file-system broker that a real
# worker process (started by `make serve`) polls; results always survive restarts.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", "django-db")
if CELERY_BROKER_URL == "filesystem://":
    CELERY_BROKER_DIR = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_BROKER_DIR / "queue"),
        "data_folder_out": str(CELERY_BROKER_DIR / "queue"),
        "control_folder": str(CELERY_BROKER_DIR / "control"),
        "store_processed": False,
        "polling_interval": 0.2,
    }
    for _folder in ("queue", "control"):
        (CELERY_BROKER_DIR / _folder).mkdir(parents=True, exist_ok=True)
else:
    # A message whose worker died unacknowledged goes back to the queue after this long.
    _visibility_timeout = int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600"))
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": _visibility_timeout}
    # How often a worker looks for such messages (kombu's default is every 100 s).
    CELERY_BROKER_TRANSPORT_OPTIONS["unacked_restore_interval"] = int(
        os.environ.get("CELERY_RESTORE_INTERVAL", str(max(1, min(60, _visibility_timeout // 10))))
    )
    CELERY_BROKER_TRANSPORT_OPTIONS["unacked_restore_throttle"] = 1
    # The look is done under a lock in Redis that outlives a worker killed while holding it by this
    # long (kombu's default is 300 s): a dead worker may delay the others' look by one visibility
    # timeout at most, not five minutes (the look itself takes milliseconds).
    CELERY_BROKER_TRANSPORT_OPTIONS["unacked_mutex_expire"] = max(5, min(300, _visibility_timeout))
# Queues: "default" for small jobs, "dealing" for deal generation, "analysis" for double-dummy
# solving; run workers per queue on separate machines if you like (README).
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_STORE_EAGER_RESULT = True
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXTENDED = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Security: strict in production, relaxed for a laptop (plain http on 127.0.0.1 for `make serve`).
# Every answer, in every profile: the Content Security Policy below (django-csp), no framing by anyone, no MIME
# sniffing, the referrer only to ourselves, a window of its own (Cross-Origin-Opener-Policy), and no camera,
# microphone, location, payment or USB for any page (Permissions-Policy, clubsite/middleware.py).
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
# Content Security Policy (docs/security.md): scripts only from our own origin or carrying the request's nonce
# ({{ CSP_NONCE }}, given to templates by csp.context_processors.nonce): no inline script, no inline event handler,
# no eval (htmx runs with allowEval off, templates/base.html). Styles may be inline (<style> blocks in pages, in
# htmx fragments swapped in later and in the print pages WeasyPrint also reads; style attributes); images from us
# and data: URIs (the tables' QR codes are SVG data URIs); nothing may frame a page; forms post only to us.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", NONCE],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],  # the tables' service worker, /t/sw.js
        "manifest-src": ["'self'"],
        "frame-src": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "weasyprint": {"level": "WARNING"},  # page-by-page progress at INFO
        "fontTools": {"level": "WARNING"},
    },
}
