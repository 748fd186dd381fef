"""The results files' messages (``scoring/domain/formats/words.py``) said in the reader's language.

Merged into ``scoring.texts.RENDERERS``; every msgid a literal so that ``make messages`` extracts it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _  # noqa: F401

RENDERERS: dict = {}
