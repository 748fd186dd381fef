"""The one error type of the scoring domain.

Every check in ``scoring.domain`` raises :class:`ScoringError` (a ``ValueError``) made from a
``Text`` (``scoring.domain.text``): ``str(error)`` is the English, the Django layer says the
same code in the reader's language. ``field`` names the input it concerns (``result``,
``contract``, ``declarer``, ``tricks``, ``ns``, ``ew``, ``board``); ``line`` gives a 1-based line
of a file and ``where`` what in the file (``TRAVELLER_LINE``, ``ScoreTable``), so that a damaged
file's message names the line and the element.

>>> from scoring.domain.text import Text
>>> err = ScoringError(Text.of("entry.declarer", contract="4S="), field="declarer")
>>> str(err), err.field
('4S=: who was declarer? Add N, E, S or W (e.g. 4S= N)', 'declarer')
>>> str(ScoringError(Text.of("entry.declarer", contract="4S="), line=12, where="TRAVELLER_LINE"))
'line 12 (TRAVELLER_LINE): 4S=: who was declarer? Add N, E, S or W (e.g. 4S= N)'
"""

from __future__ import annotations

from bridge.text import TextBase
from scoring.domain.text import Text


class ScoringError(ValueError):
    """Bad input or an impossible request in the scoring domain."""

    code = "invalid"

    def __init__(
        self,
        message: TextBase | str,
        *,
        field: str | None = None,
        line: int | None = None,
        where: str | None = None,
        source: str | None = None,
    ) -> None:
        # ``message``: a scoring ``Text``, or what another domain's error says (its ``Text`` or, when it has none,
        # its English sentence) when a file's reader wraps it
        text: TextBase | str = message
        if line is not None or source is not None:
            text = Text.of("at", source=source or "", line=line, where=where or "", error=message)
        super().__init__(str(text))
        self.text: TextBase | str = text
        self.reason: TextBase | str = message
        self.field = field
        self.line = line
        self.where = where
