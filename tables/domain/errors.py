"""The one error of the tables domain.

>>> from tables.domain.text import Text
>>> error = TableError(Text.of("entry.level", level=8), field="level")
>>> str(error), error.field
('There is no 8-level contract: a contract is 1 to 7.', 'level')
"""

from __future__ import annotations

from tables.domain.text import Text


class TableError(ValueError):
    """Bad input at a table or an impossible request; ``text`` says it, ``field`` names the input."""

    code = "invalid"

    def __init__(self, text: Text, *, field: str | None = None, code: str | None = None):
        super().__init__(str(text))
        self.text = text
        self.field = field
        if code:
            self.code = code
