"""The architecture rule: each app's ``domain/`` package is plain Python.

It may not import Django, DRF or Celery, nor the apps' Django layers, so the bridge logic
can be read, tested and reused without a database or a web server.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ["clubs", "dealing", "movements", "scoring"]
FORBIDDEN_ROOTS = {"django", "rest_framework", "drf_spectacular", "celery", "kombu", "django_celery_results", "clubsite"}
LAYER_MODULES = {"models", "services", "selectors", "apis", "views", "tasks", "admin", "forms", "urls", "api_urls"}


def domain_files():
    return sorted(p for app in APPS for p in (ROOT / app / "domain").rglob("*.py"))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def test_there_are_domain_modules():
    assert len(domain_files()) >= 4


@pytest.mark.parametrize("path", domain_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_domain_imports_no_framework(path):
    offenders = []
    for line, module in imported_modules(path):
        parts = module.split(".")
        if parts[0] in FORBIDDEN_ROOTS:
            offenders.append(f"line {line}: {module}")
        elif parts[0] in APPS and len(parts) > 1 and parts[1] != "domain":
            offenders.append(f"line {line}: {module} (an app's Django layer)")
        elif parts[0] in APPS and len(parts) > 1 and parts[1] in LAYER_MODULES:
            offenders.append(f"line {line}: {module}")
    assert not offenders, f"{path.relative_to(ROOT)} imports framework code: {offenders}"


def test_the_rule_catches_a_django_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom django.db import models\nimport celery.app\n")
    assert [m for _, m in imported_modules(bad)] == ["os", "django.db", "celery.app"]
