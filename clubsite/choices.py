"""``TextChoices`` for the models' choice classes, as the type checker should see it.

Django ships no types here (no stubs are installed), so ``models.TextChoices`` is ``Any`` to mypy and a member
written ``PENDING = "pending", _("to send")`` reads as the tuple it is written as, not as the ``str`` enum member
Django's metaclass makes of it: ``Session.Status.PUBLISHED`` passed where a ``str`` is expected, compared with a
field's value or used as a dict key was a type error. For the checker this module declares what Django builds (a
``str`` enum whose ``value`` is the stored text, with a ``label`` and the class-level ``choices``/``values``/
``labels``/``names``); at run time ``TextChoices`` is Django's own class, nothing else.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar

from django.db import models

if TYPE_CHECKING:

    class TextChoices(enum.StrEnum):
        """Django's ``models.TextChoices``, as it behaves: each member is the ``str`` stored in the field."""

        _value_: str
        choices: ClassVar[list[tuple[str, str]]]
        values: ClassVar[list[str]]
        labels: ClassVar[list[str]]
        names: ClassVar[list[str]]

        @property
        def value(self) -> str: ...

        @property
        def label(self) -> str:
            """The member's label (a lazily translated text, used as a ``str``)."""
            ...

else:
    TextChoices = models.TextChoices
