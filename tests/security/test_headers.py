"""Headers (issue 13): every page carries a Content Security Policy whose scripts are our own files or carry the
request's nonce — no ``'unsafe-inline'``, no ``'unsafe-eval'`` — and its HTML keeps to it: no inline ``<script>``
without that nonce, no ``on…=`` handler attribute, no ``javascript:`` address, no htmx attribute that needs eval.
Beside it the other security headers (nosniff, Referrer-Policy, Cross-Origin-Opener-Policy, X-Frame-Options,
Permissions-Policy), and ``check --deploy`` clean with the production settings, which add HSTS, the redirect to
https and secure cookies.

Every page is every URL pattern of the URL configuration, filled with real ids by the visibility matrix's
machinery (``tests/security/matrix.py``: a page added tomorrow is in it) and requested by GET as an anonymous
visitor, a phone at a table, a player, the club's director and a site auditor (the admin). The browser's side —
that the pages still work under the policy, with no violation reported — is ``tests/e2e/test_csp.py``; the policy is
described in ``docs/security.md``.
"""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.db import transaction
from django.test import Client

from tests.security.matrix import QUERIES, fill, url_patterns

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]
VIEWERS = ("anonymous", "phone", "player", "director", "auditor")

#: What the policy says, directive by directive (the nonce aside).
POLICY = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'", "'unsafe-inline'"},
    "img-src": {"'self'", "data:"},
    "font-src": {"'self'"},
    "connect-src": {"'self'"},
    "worker-src": {"'self'"},
    "manifest-src": {"'self'"},
    "frame-src": {"'none'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'self'"},
    "frame-ancestors": {"'none'"},
}
NONCE = re.compile(r"^'nonce-([A-Za-z0-9+/=]{16,})'$")
#: Script types a browser runs; anything else (``application/json`` from ``json_script``) is data.
SCRIPT_TYPES = {"", "text/javascript", "module", "application/javascript"}


def parse_policy(header: str) -> dict[str, list[str]]:
    policy = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            policy[words[0]] = words[1:]
    return policy


class Markup(HTMLParser):
    """What a page's HTML holds that a Content Security Policy cares about."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.scripts: list[dict] = []          # each <script>: its attributes and whether it has a body
        self.handlers: list[str] = []          # on…= attributes, javascript: addresses, htmx attributes needing eval
        self._script: dict | None = None

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        for name, value in attributes.items():
            if name.startswith("on") and len(name) > 2:
                self.handlers.append(f"<{tag} {name}=…>")
            elif name.startswith(("hx-on", "data-hx-on")):
                self.handlers.append(f"<{tag} {name}=…> (htmx evaluates it)")
            elif name in {"hx-vals", "hx-vars", "data-hx-vals", "data-hx-vars"} and (
                    name.endswith("vars") or value.lstrip().startswith(("js:", "javascript:"))):
                self.handlers.append(f"<{tag} {name}={value[:40]!r}> (htmx evaluates it)")
            elif name in {"href", "src", "action", "formaction", "xlink:href"} and \
                    value.strip().lower().startswith("javascript:"):
                self.handlers.append(f"<{tag} {name}={value[:40]!r}>")
            elif name == "hx-trigger" and "[" in value:
                self.handlers.append(f"<{tag} hx-trigger={value!r}> (an event filter: htmx evaluates it)")
        if tag == "script":
            self._script = {"attrs": attributes, "body": ""}
            self.scripts.append(self._script)

    def handle_data(self, data):
        if self._script is not None:
            self._script["body"] += data

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None


def problems_of(response, url: str) -> list[str]:
    """What is wrong with one answer's headers and, for HTML, with its markup."""
    problems = []
    header = response.headers.get("Content-Security-Policy")
    if not header:
        return [f"{url}: {response.status_code}, no Content-Security-Policy header"]
    policy = parse_policy(header)
    nonces = set()
    for directive, allowed in POLICY.items():
        given = policy.get(directive, [])
        if directive == "script-src":
            nonces = {m.group(1) for word in given if (m := NONCE.match(word))}
            given = [word for word in given if not NONCE.match(word)]
        if set(given) != allowed:
            problems.append(f"{url}: {directive} is {' '.join(given) or 'missing'}, not {' '.join(sorted(allowed))}")
    for name, value in (("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
                        ("Cross-Origin-Opener-Policy", "same-origin"), ("X-Frame-Options", "DENY")):
        if response.headers.get(name) != value and not (name == "X-Frame-Options" and response.status_code == 304):
            problems.append(f"{url}: {name} is {response.headers.get(name)!r}, not {value!r}")
    if "camera=()" not in response.headers.get("Permissions-Policy", ""):
        problems.append(f"{url}: Permissions-Policy is {response.headers.get('Permissions-Policy')!r}")
    if not response.headers.get("Content-Type", "").startswith("text/html"):
        return problems
    markup = Markup()
    markup.feed(response.content.decode("utf-8", "replace"))
    problems += [f"{url}: {handler}" for handler in markup.handlers]
    for script in markup.scripts:
        attrs = script["attrs"]
        if attrs.get("type", "").lower() not in SCRIPT_TYPES:
            continue                                    # data, not code (json_script)
        src = attrs.get("src")
        if src is not None:
            if not src.startswith("/") or src.startswith("//"):
                problems.append(f"{url}: <script src={src!r}> is not ours")
        elif attrs.get("nonce") not in nonces:
            problems.append(f"{url}: an inline <script> without the request's nonce: {script['body'].strip()[:60]!r}")
        if "nonce" in attrs and attrs["nonce"] not in nonces:
            problems.append(f"{url}: <script nonce={attrs['nonce']!r}> is not the nonce of the header ({nonces})")
    # Our own pages (the site's layout, the table's phone page, the print pages on a screen) give every script the
    # request's nonce: the policy is nonce-based, for them the header must carry it.
    if any("nonce" in s["attrs"] for s in markup.scripts) and len(nonces) != 1:
        problems.append(f"{url}: script-src carries {len(nonces)} nonces, not one")
    return problems


class HtmlForPdf:
    """``weasyprint.HTML`` stand-in: a PDF is not HTML and its layout takes seconds; its headers are what counts."""

    def __init__(self, string: str = "", **_options):
        self.string = string

    def write_pdf(self, *args, **options) -> bytes:
        return b"%PDF-1.7 (stand-in)\n"


@pytest.fixture(scope="module", autouse=True)
def _pdfs_stand_in():
    import weasyprint

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(weasyprint, "HTML", HtmlForPdf)
        yield


def client_of(viewer: str, world) -> Client:
    client = Client()
    if viewer == "phone":
        client.cookies["tables_device"] = world.phone_token
        client.defaults["HTTP_X_TABLE_TOKEN"] = world.phone_token
    elif viewer != "anonymous":
        client.force_login(world.users[viewer])
    return client


@pytest.mark.parametrize("viewer", VIEWERS)
def test_every_page_carries_the_policy_and_keeps_to_it(world, viewer):
    client = client_of(viewer, world)
    cookies = copy.deepcopy(client.cookies)
    problems, pages, html_pages = [], 0, 0
    for pattern in url_patterns():
        urls = fill(pattern, world)
        urls += [f"{url}?{query}" for url in urls for query in QUERIES.get(pattern.name, lambda w: [])(world)]
        for url in urls:
            with transaction.atomic():
                response = client.get(url)
                transaction.set_rollback(True)
            client.cookies = copy.deepcopy(cookies)
            pages += 1
            html_pages += response.headers.get("Content-Type", "").startswith("text/html")
            problems += problems_of(response, url)
    assert pages > 300 and html_pages > 100, (pages, html_pages)
    assert not problems, f"{len(problems)} problems in {pages} answers:\n" + "\n".join(problems[:40])


def test_the_site_layout_gives_its_scripts_the_nonce_and_htmx_no_eval(world):
    """The home page as a director: htmx and site.js carry the header's nonce, htmx runs without eval."""
    response = client_of("director", world).get("/")
    nonce = re.search(r"'nonce-([^']+)'", response.headers["Content-Security-Policy"]).group(1)
    text = response.content.decode()
    assert f'nonce="{nonce}"' in text and "htmx.min.js" in text
    assert '"allowEval": false' in text
    assert "'unsafe-inline'" not in parse_policy(response.headers["Content-Security-Policy"])["script-src"]


def test_nonces_differ_from_request_to_request(world):
    client = client_of("player", world)
    first, second = (client.get("/").headers["Content-Security-Policy"] for _ in range(2))
    assert re.search(r"'nonce-[^']+'", first) and first != second


def test_swagger_ui_starts_from_a_script_file_not_an_inline_script(world):
    client = client_of("director", world)
    page = client.get("/api/docs/")
    assert page.status_code == 200 and not problems_of(page, "/api/docs/")
    script = re.search(r'<script src="(/api/docs/\?[^"]*script[^"]*)"', page.content.decode()).group(1)
    init = client.get(script.replace("&amp;", "&"))
    assert init.status_code == 200 and init["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle(" in init.content


def test_a_json_answer_carries_the_policy_too(world):
    response = client_of("director", world).get("/api/v1/clubs/")
    assert response.status_code == 200 and not problems_of(response, "/api/v1/clubs/")


def test_the_markup_checker_finds_what_the_policy_forbids():
    """The checker has no hole of its own: each kind of fault in a page is reported."""
    from django.http import HttpResponse

    nonce = "abcdefghijklmnop0123=="
    header = "; ".join(f"{d} {' '.join(sorted(v))}" for d, v in POLICY.items()).replace(
        "script-src 'self'", f"script-src 'self' 'nonce-{nonce}'")
    faults = ['<script>alert(1)</script>', '<script nonce="other0123456789abcdef">x()</script>',
              '<button onclick="go()">', '<form onsubmit="return confirm(1)">', '<a href="javascript:go()">',
              '<div hx-on:click="go()">', "<div hx-vals='js:{a: go()}'>", '<div hx-trigger="click[ctrlKey]">',
              '<script src="https://cdn.example/x.js"></script>']
    headers = {"Content-Security-Policy": header, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin",
               "Cross-Origin-Opener-Policy": "same-origin", "X-Frame-Options": "DENY", "Permissions-Policy": "camera=()"}
    clean = HttpResponse(f'<script nonce="{nonce}">ok()</script><script type="application/json">{{}}</script>'
                         '<script src="/static/js/site.js"></script><div hx-vals=\'{"a": 1}\'>', headers=headers)
    assert not problems_of(clean, "/x/")
    for fault in faults:
        assert problems_of(HttpResponse(f"<html><body>{fault}</body></html>", headers=headers), "/x/"), fault
    loose = {**headers, "Content-Security-Policy": header.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")}
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
                     "DJANGO_SETTINGS_MODULE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS")

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


def test_check_deploy_is_clean_in_production(tmp_path):
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=REPO, env=production_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout, result.stdout + result.stderr


def test_production_sends_http_to_https_with_hsts_and_the_policy(tmp_path):
    import json

    result = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, env=production_env(tmp_path),
                            capture_output=True, text=True, timeout=120)
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
