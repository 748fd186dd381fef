"""Fill untranslated entries of locale/pl/LC_MESSAGES/django.po from a JSON glossary (with polib).

Usage: python scripts/fill_translations.py locale/pl/glossary.json [--update]
The glossary maps English msgids (or "singular|plural") to Polish strings (or lists of the
four Polish plural forms: 1, 2–4, 5+, fractions). Entries already translated are left alone
unless ``--update`` is given, which makes the catalogue follow the glossary everywhere; fuzzy
guesses from makemessages are always replaced when the glossary has the string. Prints what
is still missing.

A message with a context (``pgettext``, ``{% translate "Sat" context "..." %}``) takes the glossary's
"context\u0004msgid" entry when there is one (gettext's own way of joining them), else the plain
msgid's: so one English word may say two things ("Sat", Django's Saturday, and "Sat" the line a
pair sat in) when one of them has a context.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import polib

PO = Path(__file__).resolve().parent.parent / "locale" / "pl" / "LC_MESSAGES" / "django.po"


def _key(glossary: dict, entry, key: str) -> str:
    """The glossary's key for ``entry``: "context\u0004key" when the entry has a context the glossary names."""
    if entry.msgctxt and f"{entry.msgctxt}\x04{key}" in glossary:
        return f"{entry.msgctxt}\x04{key}"
    return key


def main(glossary_path: str, update: bool = False) -> int:
    glossary = json.loads(Path(glossary_path).read_text(encoding="utf-8"))
    catalog = polib.pofile(str(PO))
    missing = []
    for entry in catalog:
        if entry.obsolete:
            continue
        fuzzy = "fuzzy" in entry.flags
        # msgmerge's guess of the entry's old msgid ("#| msgid …") goes with the fuzzy flag it came with
        entry.previous_msgctxt = entry.previous_msgid = entry.previous_msgid_plural = None
        if entry.msgid_plural:
            key = _key(glossary, entry, f"{entry.msgid}|{entry.msgid_plural}")
            stale = update and key in glossary and list(entry.msgstr_plural.values()) != list(glossary[key])
            if key in glossary and (
                stale or fuzzy or len(entry.msgstr_plural) < len(glossary[key]) or not all(entry.msgstr_plural.values())
            ):
                entry.msgstr_plural = dict(enumerate(glossary[key]))
                fuzzy = False
                entry.flags = [f for f in entry.flags if f != "fuzzy"]
            if fuzzy or not all(entry.msgstr_plural.values()):
                missing.append(key)
        else:
            key = _key(glossary, entry, entry.msgid)
            stale = update and key in glossary and entry.msgstr != glossary[key]
            if key in glossary and (stale or fuzzy or not entry.msgstr):
                entry.msgstr = glossary[key]
                fuzzy = False
                entry.flags = [f for f in entry.flags if f != "fuzzy"]
            if fuzzy or not entry.msgstr:
                missing.append(entry.msgid)
    catalog.save(str(PO))
    for msgid in missing:
        print(f"untranslated: {msgid!r}")
    print(f"{len(catalog) - len(missing)} of {len(catalog)} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], update="--update" in sys.argv[2:]))
