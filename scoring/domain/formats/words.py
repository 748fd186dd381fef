"""The English templates of the results files' messages (``usebio.py``, ``pbn_results.py``).

Kept apart from ``scoring/domain/text.py`` so that the files' words sit beside the files;
``text.py`` merges them into ``Text.templates``. Imports nothing from the scoring domain.
"""

from __future__ import annotations

from typing import Callable

ENGLISH: dict[str, Callable[[dict], str]] = {}
