"""The one error type of the dealing domain.

Every check in ``dealing.domain`` raises :class:`DealingError` (a ``ValueError``) with a
message that says what was wrong and where. ``field`` names the input it concerns (a
tag, an option, a column) when there is one; ``line`` gives a 1-based line number for
file formats. The API layer turns it into ``{"error": {"code", "message", "field"}}``.
"""

from __future__ import annotations


class DealingError(ValueError):
    """Bad input or an impossible request in the dealing domain."""

    code = "invalid"

    def __init__(self, message: str, *, field: str | None = None, line: int | None = None):
        if line is not None:
            message = f"line {line}: {message}"
        super().__init__(message)
        self.field = field
        self.line = line
