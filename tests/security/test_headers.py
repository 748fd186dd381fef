"""Headers (issue 13): every page carries a Content Security Policy whose scripts are our own files or carry the
request's nonce — no ``'unsafe-inline'``, no ``'unsafe-eval'`` — and its HTML keeps to it: no inline ``<script>``
without that nonce, no ``on…=`` handler attribute, no ``javascript:`` address, no htmx attribute that needs eval.
Beside it the other security headers (nosniff, Referrer-Policy, Cross-Origin-Opener-Policy, X-Frame-Options,
Permissions-Policy), and ``check --deploy`` clean with the production settings, which add HSTS, the redirect to
https and secure cookies.

The policy and the checker of one answer are in ``tests/security/policy.py``. Every page — every URL pattern of the
URL configuration, filled with real ids by the visibility matrix's machinery (``tests/security/matrix.py``: a page
added tomorrow is in it) and requested by GET as an anonymous visitor, a phone at a table, a player, the club's
director and a site auditor (the admin) — is checked by the visibility matrix's sweep, which requests each page once
for both checks (``test_visibility_matrix.py``: ``test_every_page_carries_the_policy_and_keeps_to_it``). The browser's side —
that the pages still work under the policy, with no violation reported — is ``tests/e2e/test_csp.py``; the policy is
described in ``docs/security.md``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.security.policy import NONCE, POLICY, parse_policy, problems_of

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]


def test_the_site_layout_gives_its_scripts_the_nonce_and_htmx_no_eval(director, client_for):
    """The home page as a director: htmx and site.js carry the header's nonce, htmx runs without eval."""
    response = client_for(director).get("/")
    nonce = re.search(r"'nonce-([^']+)'", response.headers["Content-Security-Policy"]).group(1)
    text = response.content.decode()
    assert f'nonce="{nonce}"' in text and "htmx.min.js" in text
    assert '"allowEval": false' in text
    assert "'unsafe-inline'" not in parse_policy(response.headers["Content-Security-Policy"])["script-src"]


def test_nonces_differ_from_request_to_request(player, client_for):
    client = client_for(player)
    first, second = (client.get("/").headers["Content-Security-Policy"] for _ in range(2))
    assert re.search(r"'nonce-[^']+'", first) and first != second


def test_swagger_ui_starts_from_a_script_file_not_an_inline_script(director, client_for):
    client = client_for(director)
    page = client.get("/api/docs/")
    assert page.status_code == 200 and not problems_of(page, "/api/docs/")
    script = re.search(r'<script src="(/api/docs/\?[^"]*script[^"]*)"', page.content.decode()).group(1)
    init = client.get(script.replace("&amp;", "&"))
    assert init.status_code == 200 and init["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle(" in init.content


def test_a_json_answer_carries_the_policy_too(director, client_for):
    response = client_for(director).get("/api/v1/clubs/")
    assert response.status_code == 200 and not problems_of(response, "/api/v1/clubs/")


def test_the_markup_checker_finds_what_the_policy_forbids():
    """The checker has no hole of its own: each kind of fault in a page is reported."""
    from django.http import HttpResponse

    nonce = "abcdefghijklmnop0123=="
    header = "; ".join(f"{d} {' '.join(sorted(v))}" for d, v in POLICY.items()).replace(
        "script-src 'self'", f"script-src 'self' 'nonce-{nonce}'"
    )
    faults = [
        "<script>alert(1)</script>",
        '<script nonce="other0123456789abcdef">x()</script>',
        '<button onclick="go()">',
        '<form onsubmit="return confirm(1)">',
        '<a href="javascript:go()">',
        '<div hx-on:click="go()">',
        "<div hx-vals='js:{a: go()}'>",
        '<div hx-trigger="click[ctrlKey]">',
        '<script src="https://cdn.example/x.js"></script>',
    ]
    headers = {
        "Content-Security-Policy": header,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
        "X-Frame-Options": "DENY",
        "Permissions-Policy": "camera=()",
    }
    clean = HttpResponse(
        f'<script nonce="{nonce}">ok()</script><script type="application/json">{{}}</script>'
        '<script src="/static/js/site.js"></script><div hx-vals=\'{"a": 1}\'>',
        headers=headers,
    )
    assert not problems_of(clean, "/x/")
    for fault in faults:
        assert problems_of(HttpResponse(f"<html><body>{fault}</body></html>", headers=headers), "/x/"), fault
    loose = {
        **headers,
        "Content-Security-Policy": header.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
    }
    assert problems_of(HttpResponse("<p>", headers=loose), "/x/")
    assert problems_of(HttpResponse("<p>", headers={**headers, "Content-Security-Policy": ""}), "/x/")


# --- production: check --deploy and the headers over https ------------------------------------------------------

PRODUCTION = {
    "DJANGO_ENV": "production",
    "DJANGO_SECRET_KEY": "k3y-" + "x7Qp9vLm2Zr8Tn4Wb6Yc1Hd5Jf0Gs3Ka" * 2,
    "ALLOWED_HOSTS": "bridge.example.org",
    "DATABASE_URL": "postgres://app:pw@db.example:5432/club",
    "CELERY_BROKER_URL": "redis://cache.example:6379/0",
    "CLUBSITE_ENCRYPTION_KEYS": "kJ0vQ1Yq8m5ZgJ3cS2m3X0b6ZyQ1r4rU9pJ8d0dC3aE=",
}
SERVICE_VARIABLES = ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND",
                     "DJANGO_ENV", "DJANGO_SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_DEBUG", "CLUBSITE_ENCRYPTION_KEYS",
                     "DJANGO_SETTINGS_MODULE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS")  # fmt: skip

#: In the production profile, without a database: a request by plain http is sent to https, and an https answer
#: carries HSTS and the policy. (The API's docs need no database for an anonymous visitor.)
PROBE = """
import json, django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
from django.conf import settings
setup_test_environment()
c = Client(HTTP_HOST="bridge.example.org")
plain = c.get("/api/docs/")
secure = c.get("/api/docs/", secure=True)
print(json.dumps({"plain": [plain.status_code, plain.get("Location")], "secure": secure.status_code,
                  "headers": dict(secure.headers), "cookies": [settings.SESSION_COOKIE_SECURE,
                  settings.CSRF_COOKIE_SECURE, settings.SESSION_COOKIE_HTTPONLY], "debug": settings.DEBUG}))
"""


def production_env(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env.update(PRODUCTION, CLUBSITE_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="clubsite.settings")
    return env


@pytest.mark.slow
def test_check_deploy_is_clean_in_production(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=production_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout, result.stdout + result.stderr


@pytest.mark.slow
def test_production_sends_http_to_https_with_hsts_and_the_policy(tmp_path):
    import json

    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env=production_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["plain"] == [301, "https://bridge.example.org/api/docs/"]
    assert seen["secure"] == 200 and seen["debug"] is False and seen["cookies"] == [True, True, True]
    headers = seen["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    policy = parse_policy(headers["Content-Security-Policy"])
    assert {w for w in policy["script-src"] if not NONCE.match(w)} == {"'self'"}
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin" and headers["X-Frame-Options"] == "DENY"


def test_development_serves_plain_http_without_hsts(client):
    """`make serve` answers on http://127.0.0.1:8000: no redirect, no HSTS, and the same policy."""
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert "Strict-Transport-Security" not in response.headers
    assert not problems_of(response, "/accounts/login/")
