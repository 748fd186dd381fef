"""The one error type of the dealing domain.

Every check in ``dealing.domain`` raises :class:`DealingError`, a ``bridge.errors.BridgeError`` (a
``ValueError`` with ``text``, ``field`` and ``line``), with a ``Text`` (``dealing.domain.text``) that says what
was wrong and where. A reader of cards and of a dealing file catches ``BridgeError``: the cards' own checks
raise it from the ground floor.

>>> from dealing.domain.text import Text
>>> err = DealingError(Text.of("key.length", digits=64, count=3), field="key")
>>> str(err), isinstance(err, BridgeError)
('a dealing key is 64 hex digits (256 bits), not 3', True)
"""

from __future__ import annotations

from bridge.errors import BridgeError


class DealingError(BridgeError):
    """Bad input or an impossible request in the dealing domain."""
