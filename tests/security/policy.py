"""The Content Security Policy and the other security headers every answer carries, and a checker of one answer:
its headers and, for HTML, its markup (no inline ``<script>`` without the request's nonce, no ``on…=`` handler, no
``javascript:`` address, no htmx attribute that needs eval). Used by ``test_headers.py`` and by the visibility
matrix's sweep of every page (``test_visibility_matrix.py``), which checks every answer it gets with it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

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
        self.scripts: list[dict] = []  # each <script>: its attributes and whether it has a body
        self.handlers: list[str] = []  # on…= attributes, javascript: addresses, htmx attributes needing eval
        self._script: dict | None = None

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        for name, value in attributes.items():
            if name.startswith("on") and len(name) > 2:
                self.handlers.append(f"<{tag} {name}=…>")
            elif name.startswith(("hx-on", "data-hx-on")):
                self.handlers.append(f"<{tag} {name}=…> (htmx evaluates it)")
            elif name in {"hx-vals", "hx-vars", "data-hx-vals", "data-hx-vars"} and (
                name.endswith("vars") or value.lstrip().startswith(("js:", "javascript:"))
            ):
                self.handlers.append(f"<{tag} {name}={value[:40]!r}> (htmx evaluates it)")
            elif name in {"href", "src", "action", "formaction", "xlink:href"} and value.strip().lower().startswith(
                "javascript:"
            ):
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
    for name, value in (
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
    ):
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
            continue  # data, not code (json_script)
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
