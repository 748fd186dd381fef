"""The architecture rule: each app's ``domain/`` package, and the ground floor (``bridge/``), is plain Python.

It may not import Django, DRF or Celery, nor the apps' Django layers, so the bridge logic
can be read, tested and reused without a database or a web server.
"""

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ["clubs", "dealing", "movements", "scoring", "tables", "audits", "teams", "simultaneous"]
FORBIDDEN_ROOTS = {
    "django",
    "rest_framework",
    "drf_spectacular",
    "celery",
    "kombu",
    "django_celery_results",
    "clubsite",
}
LAYER_MODULES = {"models", "services", "selectors", "apis", "views", "tasks", "admin", "forms", "urls", "api_urls"}


def domain_files():
    """Every module of plain Python: the ground floor's and each app's ``domain/`` package's."""
    return sorted(
        [*(ROOT / "bridge").rglob("*.py"), *(p for app in APPS for p in (ROOT / app / "domain").rglob("*.py"))]
    )


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


# --- one error channel: API views let services' errors pass to clubsite.api.exception_handler ---------


def api_files():
    return sorted(
        [ROOT / app / "apis.py" for app in APPS if (ROOT / app / "apis.py").exists()]
        + [p for app in APPS for p in (ROOT / app / "apis").glob("*.py")]
    )


@functools.cache
def domain_error_names() -> frozenset[str]:
    """The domains' error classes: every class in a ``domain/`` package that subclasses ``ValueError``
    (or one of them), so a new domain's error is covered the day it is written."""
    bases: dict[str, set[str]] = {}
    for path in domain_files():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
    found, grew = {"ValueError"}, True
    while grew:
        new = {name for name, parents in bases.items() if parents & found} - found
        found |= new
        grew = bool(new)
    return frozenset(found)


def caught_service_errors(path: Path) -> list[str]:
    """``line n: Name`` for each ``except`` in the module that catches a service's error."""
    forbidden = domain_error_names()
    offenders = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not isinstance(node, ast.ExceptHandler) or node.type is None:
            continue
        types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
        for t in types:
            name = t.id if isinstance(t, ast.Name) else getattr(t, "attr", "")
            if name.endswith("ValidationError") or name in forbidden:
                offenders.append(f"line {node.lineno}: {name}")
    return offenders


def test_the_domains_errors_are_known():
    assert {"BridgeError", "DealingError", "MovementError", "ValueError"} <= domain_error_names()


def test_there_are_api_modules():
    names = {str(p.relative_to(ROOT)) for p in api_files()}
    assert {"clubs/apis.py", "movements/apis.py", "dealing/apis/boards.py"} <= names


@pytest.mark.parametrize("path", api_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_api_views_do_not_catch_service_errors(path):
    offenders = caught_service_errors(path)
    assert not offenders, (
        f"{path.relative_to(ROOT)} catches a service's error {offenders}: let it pass, "
        "clubsite.api.exception_handler gives every API error its one shape"
    )


def test_the_rule_catches_a_hand_made_wrapping(tmp_path):
    bad = tmp_path / "apis.py"
    bad.write_text(
        "try:\n    pass\nexcept DjangoValidationError:\n    pass\n"
        "try:\n    pass\nexcept (KeyError, errors.BridgeError) as exc:\n    pass\n"
        "try:\n    pass\nexcept MovementError:\n    pass\n"
        "try:\n    pass\nexcept FileNotFoundError:\n    pass\n"
    )
    assert caught_service_errors(bad) == [
        "line 3: DjangoValidationError",
        "line 7: BridgeError",
        "line 11: MovementError",
    ]


def relation_orderings(models) -> list[str]:
    """``Model.Meta.ordering`` entries that name a relation (``"session"``): Django then joins the related table
    and sorts by *its* ordering on every query of the model — a join and a sort on every phone's request, for
    an order that within one session is the same as by the column (``session_id``). A related field named
    outright (``"member__last_name"``) is a join chosen on purpose and allowed."""
    found = []
    for model in models:
        for entry in model._meta.ordering or ():
            if not isinstance(entry, str):
                continue
            name = entry.lstrip("-?")
            try:
                field = model._meta.get_field(name)
            except Exception:
                continue
            if field.is_relation and field.attname != name:
                found.append(f"{model._meta.label}.Meta.ordering: {entry!r} (order by {field.attname!r})")
    return found


def test_no_model_orders_by_a_relation():
    from django.apps import apps

    models = [m for m in apps.get_models() if m._meta.app_label in APPS]
    assert len(models) > 20
    assert relation_orderings(models) == []


def test_the_ordering_rule_catches_a_relation():
    from clubs.models import Pair

    class Meta:
        ordering = ["session", "number"]

    fake = type(
        "Fake",
        (),
        {
            "_meta": type(
                "M",
                (),
                {"ordering": Meta.ordering, "label": "clubs.Pair", "get_field": staticmethod(Pair._meta.get_field)},
            )()
        },
    )
    assert relation_orderings([fake]) == ["clubs.Pair.Meta.ordering: 'session' (order by 'session_id')"]
