"""Add Polish translations to locale/pl/glossary.json (kept sorted), from a JSON object on stdin.

Usage: python scripts/glossary_add.py < new-entries.json   (then `make messages`)
Keys are English msgids (or "singular|plural"), values Polish strings (or the four plural forms).
An existing key is replaced only when it differs, and is reported.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

GLOSSARY = Path(__file__).resolve().parent.parent / "locale" / "pl" / "glossary.json"


def main() -> int:
    new = json.load(sys.stdin)
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    for key, value in new.items():
        if key in glossary and glossary[key] != value:
            print(f"replaced: {key!r}")
        glossary[key] = value
    text = json.dumps(dict(sorted(glossary.items())), ensure_ascii=False, indent=1) + "\n"
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=GLOSSARY.parent, delete=False) as out:
        out.write(text)
    os.replace(out.name, GLOSSARY)
    print(f"{len(new)} entries; glossary has {len(glossary)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
