"""The one error type of the movements domain.

``MovementError`` is a ``ValueError`` that says what is wrong with a request and what is
possible instead; ``field`` names the input it concerns (``pairs``, ``rounds``,
``boards_per_round``, ``kind``, ``half_sets``) so that the API and forms can show it next
to the right field. Raised with a ``Text`` (``movements.domain.text``), it keeps the message
as data in ``text`` for the Django layer to say in the reader's language; ``str(error)`` is
the English.

>>> from movements.domain.text import Text
>>> err = MovementError(Text.of("error.howell_min_pairs", pairs=2), field="pairs")
>>> isinstance(err, ValueError), err.field, err.text.code
(True, 'pairs', 'error.howell_min_pairs')
>>> str(err)
'a Howell needs at least 4 pairs (2 tables); 2 pairs can only play each other — use 4 to 64 pairs'
"""

from __future__ import annotations

from movements.domain.text import Text


class MovementError(ValueError):
    """A movement that cannot be built, with the input field it concerns."""

    def __init__(self, message: str | Text, *, field: str | None = None):
        super().__init__(str(message))
        self.text: Text | None = message if isinstance(message, Text) else None
        self.field = field


def internal(detail: str) -> MovementError:
    """An error that a valid request cannot cause (broken embedded data, a misuse of a helper)."""
    return MovementError(Text.of("error.internal", detail=detail))
