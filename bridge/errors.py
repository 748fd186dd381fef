"""The ground floor's error: a seat, card, hand, deal, bid, call, auction or contract written wrongly.

:class:`BridgeError` is a ``ValueError`` with a message that says what was wrong and where. ``field`` names
the input it concerns (a tag, an option, a column) when there is one; ``line`` gives a 1-based line number
for file formats. Each domain's own error (``DealingError``, …) is one, so a caller that reads cards, deals
and a file of them catches ``BridgeError`` once; the API layer turns it into
``{"error": {"code", "message", "field"}}``.

Raised with a text (``bridge.words.Text`` or a domain's), it keeps the message as data in ``text`` for the
Django layer (``clubsite.texts.render``) to say in the reader's language; ``str(error)`` is the English either
way. ``said`` is what an error wrapping this one puts in its own text.

>>> from bridge.words import Text
>>> err = BridgeError(Text.of("seat.unknown", text="Q"), field="dealer")
>>> str(err), err.text.code, err.field
("unknown seat 'Q': expected N, E, S or W", 'seat.unknown', 'dealer')
>>> str(BridgeError(Text.of("call.at", position=2, error=err.said), line=3))
"line 3: call 2: unknown seat 'Q': expected N, E, S or W"
"""

from __future__ import annotations

from bridge.text import TextBase
from bridge.words import Text


class BridgeError(ValueError):
    """Bad input or an impossible request: a bridge thing written wrongly."""

    code = "invalid"

    def __init__(self, message: str | TextBase, *, field: str | None = None, line: int | None = None):
        text = message if isinstance(message, TextBase) else None
        if line is not None:
            text = None if text is None else Text.of("line", line=line, error=text)
            message = f"line {line}: {message}"
        super().__init__(str(message))
        self.text: TextBase | None = text
        self.field = field
        self.line = line

    @property
    def said(self) -> TextBase | str:
        """The message as data when there is one, else the English sentence."""
        return self.text if self.text is not None else str(self)
