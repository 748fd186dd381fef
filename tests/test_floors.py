"""The floors: each app imports only apps on the floors below it (issue 19's gate against upward imports).

``FLOORS`` is the house as it stands: the ground floor of bridge words (``bridge``: seats, cards, deals, calls,
auctions, contracts, the Law 77 score, the IMP scale, messages) under everything, importing nothing of ours
(:func:`test_the_ground_floor_imports_only_itself_and_the_standard_library`); the site's wiring and shared
services (``clubsite``: settings, the API's error shape, texts said in the reader's language, dates, encrypted
fields, PDFs; its root URLconf includes every app's pages by name, importing none) above it; clubs above that;
the engines that deal and move (``dealing``, ``movements``); ``scoring``; the audits, teams and simultaneous pairs;
table entry (``tables``, above teams: a teams match's tables enter its score card through ``teams.services``); at the
top the event floor (``events``: the session page, its path, its status changes and pairs, the demo). An
import from an app on the same floor or a higher one is refused, wherever it is written (at the top of a module
or inside a function, where no other tool sees it).

``KNOWN`` lists the upward imports the house had when the gate came, by module: each is to go as issue 19 moves
the walls (the bridge words down into a floor of their own). A new
upward import fails the first test; an entry of ``KNOWN`` that is gone from the code fails the second, so the list
only shrinks.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from tests.test_architecture import imported_modules

ROOT = Path(__file__).resolve().parent.parent
FLOORS = {
    "bridge": 0,
    "clubsite": 1,
    "clubs": 2,
    "dealing": 3,
    "movements": 3,
    "scoring": 4,
    "audits": 5,
    "teams": 5,
    "simultaneous": 5,
    "tables": 6,
    "events": 7,
}

#: (importing module, imported app): the upward imports of 2026-11-28, each to be removed by issue 19
KNOWN: set[tuple[str, str]] = set()  # nine when the rule came (2026-11-28); the last went on 2026-11-29


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def upward_imports(root: Path = ROOT) -> dict[tuple[str, str], list[str]]:
    """(module, app) → where (``file:line imports module``) for every module importing an app on its own floor or
    above (migrations left out)."""
    out: dict[tuple[str, str], list[str]] = {}
    for app, floor in FLOORS.items():
        for path in sorted((root / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for line, module in sorted(set(imported_modules(path))):
                other = module.split(".")[0]
                if other != app and other in FLOORS and FLOORS[other] >= floor:
                    out.setdefault((module_name(path, root), other), []).append(
                        f"{path.relative_to(root)}:{line} imports {module}"
                    )
    return out


def test_no_app_imports_its_own_floor_or_one_above_but_the_known_ones():
    found = upward_imports()
    new = [where for key in sorted(set(found) - KNOWN) for where in found[key]]
    assert not new, (
        "an app may import only the apps on the floors below its own (bridge 0; clubsite 1; clubs 2; dealing, "
        "movements 3; scoring 4; audits, teams, simultaneous 5; tables 6; events 7): " + "; ".join(new)
    )


def test_the_known_upward_imports_are_still_there():
    gone = sorted(KNOWN - set(upward_imports()))
    assert not gone, "no longer imported (strike them from KNOWN): " + ", ".join(f"{m} → {a}" for m, a in gone)


def test_the_rule_sees_an_import_inside_a_function_and_a_sideways_one(tmp_path):
    for app, text in {
        "clubs": "def f():\n    from scoring.selectors import layout\n",
        "dealing": "from clubs.models import Club\nimport movements.domain.howell\n",
        "tables": "from scoring.models import Result\nfrom . import apis\n",
    }.items():
        (tmp_path / app).mkdir()
        (tmp_path / app / "a.py").write_text(text)
    assert upward_imports(tmp_path) == {
        ("clubs.a", "scoring"): ["clubs/a.py:2 imports scoring.selectors"],
        ("dealing.a", "movements"): ["dealing/a.py:2 imports movements.domain.howell"],
    }


def test_the_ground_floor_imports_only_itself_and_the_standard_library():
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sorted((ROOT / "bridge").rglob("*.py"))
        for line, module in imported_modules(path)
        if module.split(".")[0] not in {"bridge", "__future__"} | sys.stdlib_module_names
    ]
    assert not found, "the ground floor imports nothing but itself and Python's own library: " + "; ".join(found)
