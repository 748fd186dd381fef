"""The one error type of the movements domain.

``MovementError`` is a ``ValueError`` that says what is wrong with a request and what is
possible instead; ``field`` names the input it concerns (``pairs``, ``rounds``,
``boards_per_round``, ``kind``, ``half_sets``) so that the API and forms can show it next
to the right field.

>>> err = MovementError("a Howell needs at least 4 pairs", field="pairs")
>>> isinstance(err, ValueError), err.field, str(err)
(True, 'pairs', 'a Howell needs at least 4 pairs')
"""

from __future__ import annotations


class MovementError(ValueError):
    """A movement that cannot be built, with the input field it concerns."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field
