"""The WSGI application starts warm: importing ``clubsite.wsgi`` (what gunicorn preloads) has built the URL
configuration's lookups in every language and compiled every template of ``templates/``, so no request pays for
them (docs/benchmarks.md, "Table-side entry")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json
import clubsite.wsgi
from django.conf import settings
from django.template import engines
from django.urls import get_resolver
loader = engines["django"].engine.template_loaders[0]
print(json.dumps({"languages": sorted(get_resolver()._reverse_dict), "wanted": sorted(c for c, _ in settings.LANGUAGES),
                  "templates": sorted(loader.get_template_cache), "loader": type(loader).__name__}))
"""


@pytest.mark.slow
def test_the_application_is_ready_before_its_first_request(tmp_path):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "clubsite.settings", "CLUBSITE_VAR_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    probe = json.loads(out.stdout.strip().splitlines()[-1])
    assert probe["loader"] == "Loader" and set(probe["languages"]) >= set(probe["wanted"]) == {"en", "pl"}
    site = sorted(p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*.html"))
    assert site and set(site) <= set(probe["templates"])
