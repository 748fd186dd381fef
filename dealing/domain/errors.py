"""The one error type of the dealing domain.

Every check in ``dealing.domain`` raises :class:`DealingError` (a ``ValueError``) with a
message that says what was wrong and where. ``field`` names the input it concerns (a
tag, an option, a column) when there is one; ``line`` gives a 1-based line number for
file formats. The API layer turns it into ``{"error": {"code", "message", "field"}}``.

Raised with a ``Text`` (``dealing.domain.text``), it keeps the message as data in ``text``
for the Django layer (``clubs.texts.render``) to say in the reader's language; ``str(error)``
is the English either way. ``said`` is what an error wrapping this one puts in its own text.

>>> from dealing.domain.text import Text
>>> err = DealingError(Text.of("seat.unknown", text="Q"), field="dealer")
>>> str(err), err.text.code, err.field
("unknown seat 'Q': expected N, E, S or W", 'seat.unknown', 'dealer')
>>> str(DealingError(Text.of("call.at", position=2, error=err.said), line=3))
"line 3: call 2: unknown seat 'Q': expected N, E, S or W"
"""

from __future__ import annotations

from dealing.domain.text import Text


class DealingError(ValueError):
    """Bad input or an impossible request in the dealing domain."""

    code = "invalid"

    def __init__(self, message: str | Text, *, field: str | None = None, line: int | None = None):
        text = message if isinstance(message, Text) else None
        if line is not None:
            text = None if text is None else Text.of("line", line=line, error=text)
            message = f"line {line}: {message}"
        super().__init__(str(message))
        self.text: Text | None = text
        self.field = field
        self.line = line

    @property
    def said(self) -> Text | str:
        """The message as data when there is one, else the English sentence."""
        return self.text if self.text is not None else str(self)
