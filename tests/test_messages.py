"""Each message is written once, in a domain's templates, and has its Polish (issue 19).

The domains' texts (``bridge.words``, ``dealing``, ``movements``, ``scoring``, ``tables``) write each sentence
with gettext's names from ``bridge.text``; nothing else says them. Here: every code of every kind has its one
template, no app keeps a second copy (a ``texts.py`` of renderers), and every msgid a template writes is in the
Polish catalogue, translated.
"""

from __future__ import annotations

import ast
from pathlib import Path

import polib
import pytest

from bridge import words
from bridge.text import TextBase
from dealing.domain import text as dealing_text
from movements.domain import text as movements_text
from scoring.domain import text as scoring_text
from scoring.domain.formats import words as file_words
from tables.domain import text as tables_text

ROOT = Path(__file__).resolve().parent.parent
KINDS = [words.Text, dealing_text.Text, movements_text.Text, scoring_text.Text, tables_text.Text]
MODULES = [words, dealing_text, movements_text, scoring_text, file_words, tables_text]
GETTEXT = {"_": (0,), "gettext": (0,), "ngettext": (0, 1), "pgettext": (1,)}


def msgids(path: Path) -> list[tuple[int, str | None, str]]:
    """(line, context, msgid) of every gettext call with literal arguments in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GETTEXT:
            args = node.args
            context = args[0].value if node.func.id == "pgettext" and isinstance(args[0], ast.Constant) else None
            for index in GETTEXT[node.func.id]:
                if isinstance(args[index], ast.Constant):
                    found.append((node.lineno, context, args[index].value))
    return found


def test_every_kind_has_a_template_for_each_code():
    for kind in KINDS:
        assert issubclass(kind, TextBase) and kind.templates, kind
        for code, template in kind.templates.items():
            assert callable(template), (kind.kind, code)
            assert kind.of(code).code == code


def test_no_app_keeps_a_second_copy_of_its_messages():
    assert not sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("*/texts*.py") if p.parent.name != "clubsite")


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_sentence_has_its_polish(module):
    catalogue = polib.mofile(str(ROOT / "locale" / "pl" / "LC_MESSAGES" / "django.mo"))
    translated = {(e.msgctxt, e.msgid) for e in catalogue if e.msgstr or any(e.msgstr_plural.values())}
    translated |= {(e.msgctxt, e.msgid_plural) for e in catalogue if e.msgid_plural and any(e.msgstr_plural.values())}
    path = Path(module.__file__)
    ids = msgids(path)
    assert ids, path
    missing = [
        f"{path.relative_to(ROOT)}:{line} {msgid!r}"
        for line, context, msgid in ids
        if (context, msgid) not in translated
    ]
    assert not missing, "no Polish for: " + "; ".join(missing[:10])
