"""Two rules of imports (issue 19).

* Imports inside functions say why: a module's imports belong at its top, where every tool and reader sees them; one
  inside a function is kept only to break a real cycle of the loading (a task module and the service that queues it)
  or to put off a heavy library (endplay, numba, WeasyPrint, segno), and a comment says which — on the import's own
  line or on the line above the imports it opens with.
* No module imports another module's private name (``_name``), in its code or its doctests: what two modules share
  is public in the one that owns it.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from tests.test_floors import FLOORS, ROOT

#: The apps whose modules are held to the rule (``clubsite`` too: the site's wiring).
CHECKED = (*FLOORS, "clubsite")


@cache
def parsed(path: Path) -> tuple[str, ast.Module]:
    """A module's text and syntax tree, read once for both rules."""
    text = path.read_text()
    return text, ast.parse(text)


def unexplained_imports(root: Path = ROOT) -> list[str]:
    """``file:line import …`` for each import inside a function with no reason beside it or above its group."""
    out = []
    for app in CHECKED:
        for path in sorted((root / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text, tree = parsed(path)
            lines = text.splitlines()
            for function in ast.walk(tree):
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for body in ast.walk(function):
                    for block in ("body", "orelse", "finalbody", "handlers"):
                        statements = getattr(body, block, None)
                        if not isinstance(statements, list):
                            continue
                        reason = False
                        for statement in statements:
                            if not isinstance(statement, ast.Import | ast.ImportFrom):
                                reason = False
                                continue
                            above = lines[statement.lineno - 2].strip() if statement.lineno > 1 else ""
                            reason = reason or above.startswith("#") or "#" in lines[statement.lineno - 1]
                            if not reason:
                                text = lines[statement.lineno - 1].strip()
                                out.append(f"{path.relative_to(root)}:{statement.lineno} {text}")
    return sorted(set(out))


def test_every_import_inside_a_function_says_why():
    found = unexplained_imports()
    assert not found, (
        "an import inside a function needs a reason (a cycle it breaks, or the heavy library it puts off) in a "
        "comment on its line or above it; or it belongs at the top of its module: " + "; ".join(found)
    )


def test_the_rule_sees_a_silent_import_and_accepts_a_reason(tmp_path):
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "a.py").write_text(
        "def f():\n    from scoring import b\n\n\n"
        "def g():\n    # b imports this module\n    from scoring import b\n    from scoring import c\n\n\n"
        "def h():\n    import numba  # heavy\n"
    )
    assert unexplained_imports(tmp_path) == ["scoring/a.py:2 from scoring import b"]


#: a doctest's ``>>> from x import a, b as c``
DOCTEST_IMPORT = re.compile(r"^\s*>>> from ([\w.]+) import (.+)$")


def private_imports(root: Path = ROOT) -> list[str]:
    """``file:line`` for each import of a private name from another module of ours (third-party modules aside), in
    code (every import statement) and in doctests (``>>> from … import …``). Importing under a private alias
    (``import when as _when``) is fine: the name imported is public."""
    ours = (*CHECKED, "tests", "scripts")
    out = []
    for folder in ours:
        for path in sorted((root / folder).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text, tree = parsed(path)
            found = [
                (node.lineno, node.module, alias.name)
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module
                for alias in node.names
            ]
            for number, line in enumerate(text.splitlines(), 1):
                if match := DOCTEST_IMPORT.match(line):
                    found += [(number, match.group(1), name.split()[0]) for name in match.group(2).split(",")]
            out += [
                f"{path.relative_to(root)}:{line} imports {name} from {module}"
                for line, module, name in sorted(found)
                if name.startswith("_") and not name.startswith("__") and module.split(".")[0] in ours
            ]
    return out


def test_no_private_name_is_imported_from_another_module():
    found = private_imports()
    assert not found, "make the name public in the module that owns it, or move it: " + "; ".join(found)


def test_the_private_rule_sees_code_and_doctests(tmp_path):
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "a.py").write_text(
        '"""\n>>> from scoring.b import _SAMPLE\n"""\nfrom scoring.c import d, _e\nfrom endplay import _dds\n'
    )
    assert private_imports(tmp_path) == [
        "scoring/a.py:2 imports _SAMPLE from scoring.b",
        "scoring/a.py:4 imports _e from scoring.c",
    ]
